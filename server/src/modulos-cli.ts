// `npm run modulos`: prints the graph of the server's modules, its edges and its cycles.
import path from 'node:path';
import { ciclos, grafoDelServidor } from './modulos.ts';

const grafo = grafoDelServidor(path.resolve(import.meta.dirname, '../..'));
const conTablas = grafo.aristas.filter((a) => a.por.some((p) => p.endsWith('.schema.ts'))).length;
for (const arista of grafo.aristas) console.log(`${arista.desde} → ${arista.hacia}  (${[...new Set(arista.por)].join(', ')})`);
const encontrados = ciclos(grafo);
console.log(
  `\n${grafo.modulos.length} módulos, ${grafo.aristas.length} aristas (${conTablas} importan tablas), ${encontrados.length} ciclos.`,
);
for (const ciclo of encontrados) console.log(`ciclo: ${ciclo}`);
