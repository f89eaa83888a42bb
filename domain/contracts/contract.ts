// One contract per API route: method, path, request schemas and the response schema. The server
// registers the route from it (server/src/http/contract.ts) and the pages call it through the
// API client (`api.call(contract, input)`), so both sides share one definition.
import { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export type Contract = {
  method: Method;
  /** Under /api, with `:name` path parameters (`/catalogo/linea/:url`). */
  path: string;
  summary: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  /** The JSON of a successful answer, as it travels (dates as ISO text). */
  response: z.ZodType;
  /** The success status; 200 unless given. 302: a browser navigation answered with a redirect (response z.null()). */
  status?: 200 | 201 | 202 | 302;
};

export function defineRoute<const C extends Contract>(contract: C): C {
  return contract;
}

/** The `meta` of a list response (docs/api.md §Respuestas); `metaFor` in domain/paginator.ts computes it. */
export const listMeta = z.object({
  current_page: z.number(),
  per_page: z.number(),
  total: z.number(),
  from: z.number().nullable(),
  to: z.number().nullable(),
  last_page: z.number(),
  /** true: the list stopped counting at `total` and there are more (docs/api.md). */
  total_is_estimate: z.literal(true).optional(),
  /** Keyset lists: the `despues` of the next page; null on the last page. */
  next_cursor: z.string().nullable().optional(),
});

export type ListMeta = z.infer<typeof listMeta>;

/** `{ success: true, data }`, the envelope (docs/api.md §Respuestas). */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

/** `{ success: true, data: [...], meta }`, a page of a list. */
export const envelopeList = <T extends z.ZodType>(item: T) => z.object({ success: z.literal(true), data: z.array(item), meta: listMeta });

/** `{ message }`, the data of an answer that only confirms. */
export const message = z.object({ message: z.string() });

/** An instant as it travels: ISO 8601 text (a Date on the server is written so). */
export const instant = z.string();

type Input<S> = S extends z.ZodType ? z.input<S> : Record<never, never>;

/** What a caller passes: path parameters plus the query (GET, DELETE) or the body (POST, PATCH, PUT). */
export type ContractInput<C extends Contract> = Input<C['params']> &
  (C['method'] extends 'GET' | 'DELETE' ? Input<C['query']> : Input<C['body']>);

/** The JSON of a successful answer. */
export type ContractResponse<C extends Contract> = z.output<C['response']>;

/** The `data` of a successful answer. */
export type ContractData<C extends Contract> = ContractResponse<C> extends { data: infer D } ? D : never;

/**
 * The request path with its parameters filled in, and what is left of the input. A missing
 * parameter (a form left empty) leaves its segment empty: the API answers that path with a 404.
 */
export function fillPath(path: string, input: Record<string, unknown>): { path: string; rest: Record<string, unknown> } {
  const rest = { ...input };
  const filled = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return value === undefined || value === null ? '' : encodeURIComponent(String(value));
  });
  return { path: filled, rest };
}

/** A query string of the defined values: arrays and objects as `name[key]=value` (filter_advance, docs/api.md §Listas). */
export function toQueryString(input: Record<string, unknown>): string {
  const params = new URLSearchParams();
  const add = (name: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) params.append(name, value.join(','));
    else if (typeof value === 'object') for (const [key, inner] of Object.entries(value)) add(`${name}[${key}]`, inner);
    else params.append(name, String(value));
  };
  for (const [name, value] of Object.entries(input)) add(name, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}
