// `npm run modulos`: prints the graph of the server's modules, its edges, its cycles and the tables a
// module writes without declaring them.
import path from 'node:path';
import { ciclos, escriturasAjenas, fuentesDelServidor, grafoDe } from './modulos.ts';

const fuentes = fuentesDelServidor(path.resolve(import.meta.dirname, '../..'));
const grafo = grafoDe(fuentes);
const conTablas = grafo.aristas.filter((a) => a.por.some((p) => p.endsWith('.schema.ts'))).length;
for (const arista of grafo.aristas) console.log(`${arista.desde} → ${arista.hacia}  (${[...new Set(arista.por)].join(', ')})`);
const encontrados = ciclos(grafo);
console.log(
  `\n${grafo.modulos.length} módulos, ${grafo.aristas.length} aristas (${conTablas} importan tablas), ${encontrados.length} ciclos.`,
);
for (const ciclo of encontrados) console.log(`ciclo: ${ciclo}`);
for (const escritura of escriturasAjenas(fuentes)) console.log(`tabla ajena: ${escritura}`);
