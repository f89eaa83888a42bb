// Registers a route from its contract (domain/contracts/contract.ts) and writes its answers with
// fast-json-stringify compiled from the contract's response schema: only the declared fields
// leave the server, and the OpenAPI document shows the real shapes. It is not chosen for speed:
// on Node 24 it writes at about 0.9× JSON.stringify (docs/decisions/0009). Tests also check that the
// written answer is exactly the handler's data and fits the schema, so a contract cannot drift from its route.
import { isDeepStrictEqual } from 'node:util';
import fastJson, { type Schema } from 'fast-json-stringify';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import type { Contract } from '#domain/contracts/contract.ts';
import type { Access } from '#server/http/access.ts';

type Output<S> = S extends z.ZodType ? z.output<S> : unknown;

/** What a handler may return for a schema that travels as JSON: a Date where the wire has text. */
export type Serializable<T> = T extends string
  ? string | Date
  : T extends readonly (infer U)[]
    ? readonly Serializable<U>[]
    : T extends object
      ? { [K in keyof T]: Serializable<T[K]> }
      : T;

export type ContractRequest<C extends Contract> = FastifyRequest<{
  Params: Output<C['params']>;
  Querystring: Output<C['query']>;
  Body: Output<C['body']>;
  Headers: Output<C['headers']>;
}>;

export type RouteOptions = {
  access: Access;
  /** Seconds a public GET answer may be served from the response cache. */
  cacheSeconds?: number;
  rateLimit?: {
    max: number;
    timeWindow: number;
    keyGenerator?: (request: FastifyRequest) => string;
    /** When the request is counted; 'preHandler' once the body is read (the default counts on arrival). */
    hook?: 'onRequest' | 'preParsing' | 'preValidation' | 'preHandler';
    /** Requests left out of the count. */
    allowList?: (request: FastifyRequest) => boolean;
  };
  preHandler?: RouteShorthandOptions['preHandler'];
  /** A route of the second factor's own enrolment: open to an admin who must still enrol (access.ts). */
  enrolment?: true;
  /** Left out of the OpenAPI document. */
  hide?: boolean;
};

export type ContractHandler<C extends Contract> = (
  request: ContractRequest<C>,
  reply: FastifyReply,
) => Promise<Serializable<z.output<C['response']>> | FastifyReply>;

/** Registers `contract` on `app` (which must be at the /api prefix). */
export function route<C extends Contract>(app: FastifyInstance, contract: C, options: RouteOptions, handler: ContractHandler<C>): void {
  const schema: FastifySchema & { tags: string[]; summary: string; hide?: boolean } = {
    tags: [...contract.tags],
    summary: contract.summary,
    // A contract declares one success status, but a handler may still answer 200 (a repeated
    // order gets its first answer back with 200 on a 201 route): both go through the contract.
    response: { 200: contract.response, [contract.status ?? 200]: contract.response },
  };
  if (contract.params) schema.params = contract.params;
  if (contract.query) schema.querystring = contract.query;
  if (contract.body) schema.body = contract.body;
  if (contract.headers) schema.headers = contract.headers;
  if (options.hide) schema.hide = true;
  const { access, cacheSeconds, rateLimit, preHandler, enrolment } = options;
  app.route({
    method: contract.method,
    url: contract.path,
    schema,
    config: { access, ...(enrolment ? { enrolment } : {}), ...(cacheSeconds ? { cacheSeconds } : {}), ...(rateLimit ? { rateLimit } : {}) },
    ...(preHandler ? { preHandler } : {}),
    handler: async (request, reply) => {
      const result = await handler(request as ContractRequest<C>, reply);
      if (result === reply) return reply;
      if (contract.status && contract.status !== 200) reply.status(contract.status);
      return result;
    },
  });
}

/** nullable objects as `nullable: true`: fast-json-stringify picks an `anyOf` branch by validating, which is slow. */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const entries = Object.entries(node as Record<string, unknown>).map(([k, v]) => [k, simplify(v)] as const);
  const schema = Object.fromEntries(entries) as Record<string, unknown>;
  const anyOf = schema.anyOf as Record<string, unknown>[] | undefined;
  if (anyOf?.length === 2) {
    const nonNull = anyOf.filter((s) => s.type !== 'null');
    if (nonNull.length === 1 && typeof nonNull[0].type === 'string') {
      const { anyOf: _, ...rest } = schema;
      return { ...rest, ...nonNull[0], nullable: true };
    }
  }
  return schema;
}

/** The JSON Schema fast-json-stringify compiles for a zod response schema. */
export function responseJsonSchema(schema: z.ZodType): Schema {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return simplify(json) as Schema;
}

/**
 * Fastify's serializer compiler for zod response schemas. `checkContract` (tests): the written
 * JSON must equal JSON.stringify of the data (no field dropped or changed) and fit the schema.
 */
export function contractSerializer(options: { checkContract: boolean }) {
  return ({ schema, method, url }: { schema: unknown; method: string; url: string }) => {
    if (!(schema instanceof z.ZodType)) return (data: unknown) => JSON.stringify(data);
    const stringify = fastJson(responseJsonSchema(schema));
    if (!options.checkContract) return (data: unknown) => stringify(data);
    return (data: unknown) => {
      const written = stringify(data);
      const sent = JSON.parse(written);
      const plain = JSON.parse(JSON.stringify(data));
      if (!isDeepStrictEqual(sent, plain)) {
        throw new Error(`La respuesta de ${method} ${url} no coincide con su contrato:\n${describeDifference(plain, sent)}`);
      }
      const parsed = schema.safeParse(sent);
      if (!parsed.success) throw new Error(`La respuesta de ${method} ${url} no cumple su contrato: ${parsed.error.message}`);
      return written;
    };
  };
}

function describeDifference(expected: unknown, actual: unknown, at = '$'): string {
  if (isDeepStrictEqual(expected, actual)) return '';
  if (expected && actual && typeof expected === 'object' && typeof actual === 'object') {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    for (const key of keys) {
      const found = describeDifference(
        (expected as Record<string, unknown>)[key],
        (actual as Record<string, unknown>)[key],
        `${at}.${key}`,
      );
      if (found) return found;
    }
  }
  return `${at}: el manejador dio ${JSON.stringify(expected)?.slice(0, 200)} y se escribió ${JSON.stringify(actual)?.slice(0, 200)}`;
}
