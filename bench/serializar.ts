// How fast an answer is written: the contract's serializer (fast-json-stringify compiled from the
// response schema, what production uses), zod's own encoder (fastify-type-provider-zod's default)
// and the bare baseline JSON.stringify, on real catalogue pages, in the same run.
import fastJson from 'fast-json-stringify';
import { articulos } from '#domain/contracts/catalogo.ts';
import { responseJsonSchema } from '#server/http/contract.ts';

function opsPerSecond(write: () => string, seconds: number): number {
  let count = 0;
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline) {
    for (let i = 0; i < 200; i++) write();
    count += 200;
  }
  return count / seconds;
}

/** `page`: an answer of GET /api/catalogo/articulos as the server built it. */
export function benchSerialize(page: unknown, seconds = 2): void {
  const fjs = fastJson(responseJsonSchema(articulos.response));
  const schema = articulos.response;
  const same = JSON.stringify(JSON.parse(fjs(page))) === JSON.stringify(page);
  if (!same) throw new Error('fast-json-stringify no escribe lo mismo que JSON.stringify');
  opsPerSecond(() => JSON.stringify(page), 0.5); // warm-up
  const base = opsPerSecond(() => JSON.stringify(page), seconds);
  const ours = opsPerSecond(() => fjs(page), seconds);
  const zod = opsPerSecond(() => JSON.stringify(schema.encode(page as never)), seconds);
  console.log('\nEscribir una página del catálogo (respuesta por segundo, un núcleo)\n');
  console.log('| serializador | respuestas/s | razón contra JSON.stringify |');
  console.log('|---|---:|---:|');
  console.log(`| JSON.stringify (base) | ${base.toFixed(0)} | 1.00 |`);
  console.log(`| contrato: fast-json-stringify | ${ours.toFixed(0)} | ${(ours / base).toFixed(2)} |`);
  console.log(`| zod encode + JSON.stringify | ${zod.toFixed(0)} | ${(zod / base).toFixed(2)} |`);
}
