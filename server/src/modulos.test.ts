// The server's modules import each other in one direction only: a cycle means two modules cannot
// be understood, tested or changed apart (docs/arquitectura.md §Dirección de los módulos).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ciclos, escriturasAjenas, fuentesDelServidor, grafoDe, grafoDelServidor, reposAjenos } from './modulos.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

// Debt: the cycles the graph still has. The list only shrinks — a cycle that appears fails, and one
// that is broken must leave the list (so it cannot come back unnoticed). The eight through
// `imprenta` came with that module (its table references ventas, and ventas calls its service).
const CICLOS_CONOCIDOS: string[] = [
  'carrito → catalogo → descuento → orden-compra → carrito',
  'carrito → catalogo → descuento → orden-compra → imprenta → ventas → inventario → carrito',
  'carrito → catalogo → descuento → orden-compra → inventario → carrito',
  'carrito → catalogo → descuento → orden-compra → ventas → inventario → carrito',
  'carrito → catalogo → inventario → carrito',
  'carrito → descuento → catalogo → inventario → carrito',
  'carrito → descuento → orden-compra → carrito',
  'carrito → descuento → orden-compra → catalogo → inventario → carrito',
  'carrito → descuento → orden-compra → imprenta → ventas → catalogo → inventario → carrito',
  'carrito → descuento → orden-compra → imprenta → ventas → inventario → carrito',
  'carrito → descuento → orden-compra → inventario → carrito',
  'carrito → descuento → orden-compra → ventas → catalogo → inventario → carrito',
  'carrito → descuento → orden-compra → ventas → inventario → carrito',
  'carrito → inventario → carrito',
  'carrito → inventario → catalogo → descuento → orden-compra → carrito',
  'catalogo → descuento → catalogo',
  'catalogo → descuento → orden-compra → catalogo',
  'catalogo → descuento → orden-compra → imprenta → ventas → catalogo',
  'catalogo → descuento → orden-compra → imprenta → ventas → inventario → catalogo',
  'catalogo → descuento → orden-compra → inventario → catalogo',
  'catalogo → descuento → orden-compra → ventas → catalogo',
  'catalogo → descuento → orden-compra → ventas → inventario → catalogo',
  'catalogo → inventario → catalogo',
  'descuento → orden-compra → descuento',
  'descuento → orden-compra → imprenta → ventas → descuento',
  'descuento → orden-compra → ventas → descuento',
  'imprenta → ventas → imprenta',
  'imprenta → ventas → orden-compra → imprenta',
  'orden-compra → ventas → orden-compra',
];

// Debt too: tables written by a module that does not declare them (a module writes only its own
// tables; the others call its service). Same rule: a new one fails, a fixed one leaves the list.
const ESCRITURAS_AJENAS_CONOCIDAS: string[] = [
  'configuracion escribe catalogo.articulos',
  'configuracion escribe catalogo.colores',
  'configuracion escribe catalogo.lineas',
  'configuracion escribe catalogo.modeloFotos',
  'configuracion escribe catalogo.modelos',
  'configuracion escribe catalogo.sublineas',
  'mayor-cuentas escribe ventas.abonos',
  'mayor-cuentas escribe ventas.devoluciones',
  'mayor-cuentas escribe ventas.ventaLineas',
  'mayor-cuentas escribe ventas.ventas',
  'profile escribe auth.usuarios',
];

// Debt as well: repos (queries, and writes behind them) used from outside their module, which
// should call the module's service instead.
const REPOS_AJENOS_CONOCIDOS: string[] = [
  'carrito usa inventario.repo.ts',
  'catalogo usa inventario.repo.ts',
  'mayor-cuentas usa ventas.referencias.repo.ts',
  'orden-compra usa ventas.referencias.repo.ts',
  'pagos-en-linea usa orden-compra.repo.ts',
  'profile usa auth.repo.ts',
  'prospecto usa ventas.documentos.repo.ts',
];

describe('grafo de módulos del servidor', () => {
  it('lee importaciones por alias, por ruta relativa, de tipos y de tablas, y no cuenta las de un módulo a sí mismo', () => {
    const grafo = grafoDe({
      'server/src/modules/a/a.service.ts': "import { x } from '#server/modules/b/b.service.ts';\nimport * as repo from './a.repo.ts';",
      'server/src/modules/a/a.repo.ts': "import { tabla } from '../c/c.schema.ts';\nimport type { T } from '#server/modules/b/b.ts';",
      'server/src/modules/b/b.service.ts': "import { db } from '#server/db/client.ts';\nimport { z } from 'zod';",
      'server/src/app.ts': "import { a } from '#server/modules/a/a.service.ts';",
    });
    expect(grafo.modulos).toEqual(['a', 'b']);
    expect(grafo.aristas).toEqual([
      { desde: 'a', hacia: 'b', por: ['a.service.ts → b.service.ts', 'a.repo.ts → b.ts'] },
      { desde: 'a', hacia: 'c', por: ['a.repo.ts → c.schema.ts'] },
    ]);
  });

  it('nombra cada ciclo una vez, desde su primer módulo', () => {
    const grafo = grafoDe({
      'server/src/modules/b/b.ts': "import '#server/modules/a/a.ts';\nimport '#server/modules/c/c.ts';",
      'server/src/modules/a/a.ts': "import '#server/modules/b/b.ts';",
      'server/src/modules/c/c.ts': "import '#server/modules/a/a.ts';\nimport '#server/modules/d/d.ts';",
      'server/src/modules/d/d.ts': '',
    });
    expect(ciclos(grafo)).toEqual(['a → b → a', 'a → b → c → a']);
    expect(ciclos(grafoDe({ 'server/src/modules/d/d.ts': "import '#server/modules/e/e.ts';" }))).toEqual([]);
  });

  it('no tiene ciclos nuevos ni deja en la deuda un ciclo que ya se rompió', () => {
    const encontrados = ciclos(grafoDelServidor(ROOT));
    expect(encontrados.length, 'El grafo tiene tantos ciclos que la búsqueda se detuvo antes de verlos todos').toBeLessThan(10_000);
    const nuevos = encontrados.filter((c) => !CICLOS_CONOCIDOS.includes(c));
    const rotos = CICLOS_CONOCIDOS.filter((c) => !encontrados.includes(c));
    expect(
      nuevos,
      `Ciclos nuevos entre módulos (un módulo de abajo no importa uno de arriba; vea docs/arquitectura.md §Dirección de los módulos):\n${nuevos.join('\n')}`,
    ).toEqual([]);
    expect(rotos, `Estos ciclos ya no existen: quítelos de CICLOS_CONOCIDOS:\n${rotos.join('\n')}`).toEqual([]);
  });

  it('ve la escritura de una tabla ajena con drizzle o con SQL, no su lectura ni las de las propias', () => {
    const escrituras = escriturasAjenas({
      'server/src/modules/a/a.repo.ts': [
        "import { libros, type Libro, autores as escritores } from '#server/modules/b/b.schema.ts';",
        "import { propias } from './a.schema.ts';",
        'await tx.insert(libros).values(row);',
        `await db.execute(sql\`UPDATE ${'$'}{escritores} SET nombre = 1\`);`,
        'await tx.delete(propias);',
      ].join('\n'),
      'server/src/modules/c/c.repo.ts': "import { libros } from '../b/b.schema.ts';\nawait db.select().from(libros);",
    });
    expect(escrituras).toEqual(['a escribe b.escritores', 'a escribe b.libros']);
  });

  it('ningún módulo escribe una tabla ajena nueva, ni queda en la deuda una que ya no escribe', () => {
    const encontradas = escriturasAjenas(fuentesDelServidor(ROOT));
    const nuevas = encontradas.filter((e) => !ESCRITURAS_AJENAS_CONOCIDAS.includes(e));
    const corregidas = ESCRITURAS_AJENAS_CONOCIDAS.filter((e) => !encontradas.includes(e));
    expect(nuevas, `Un módulo escribe solo sus tablas; para las de otro, llame a su servicio:\n${nuevas.join('\n')}`).toEqual([]);
    expect(corregidas, `Ya no ocurren: quítelas de ESCRITURAS_AJENAS_CONOCIDAS:\n${corregidas.join('\n')}`).toEqual([]);
  });

  it('ningún módulo usa un repo ajeno nuevo, ni queda en la deuda uno que ya no usa', () => {
    expect(
      reposAjenos(
        grafoDe({ 'server/src/modules/a/a.service.ts': "import { x } from '../b/b.repo.ts';\nimport { y } from './a.repo.ts';" }),
      ),
    ).toEqual(['a usa b.repo.ts']);
    const encontrados = reposAjenos(grafoDelServidor(ROOT));
    const nuevos = encontrados.filter((r) => !REPOS_AJENOS_CONOCIDOS.includes(r));
    const corregidos = REPOS_AJENOS_CONOCIDOS.filter((r) => !encontrados.includes(r));
    expect(nuevos, `Un módulo llama al servicio de otro, nunca a su repo:\n${nuevos.join('\n')}`).toEqual([]);
    expect(corregidos, `Ya no ocurren: quítelos de REPOS_AJENOS_CONOCIDOS:\n${corregidos.join('\n')}`).toEqual([]);
  });
});
