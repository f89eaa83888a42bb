import { parseAst } from 'rollup/parseAst';
import { describe, expect, it } from 'vitest';
import { chunkFor, entryKind, type ModuleGraph, storefrontChunks } from './trozos.ts';

/** A module graph as rollup hands it to `manualChunks`, from sources that import by absolute path. */
function graphOf(modules: Record<string, { code: string; entry?: boolean; sideEffects?: boolean }>): ModuleGraph {
  const importers = new Map<string, string[]>();
  const infos = new Map(
    Object.entries(modules).map(([id, m]) => {
      const ast = parseAst(m.code);
      const sources: string[] = [];
      for (const node of ast.body) {
        const source = 'source' in node && node.source ? String(node.source.value) : undefined;
        if (source && !sources.includes(source)) sources.push(source);
      }
      for (const source of sources) importers.set(source, [...(importers.get(source) ?? []), id]);
      return [id, { isEntry: m.entry ?? false, importedIds: sources, moduleSideEffects: m.sideEffects ?? true, ast }];
    }),
  );
  for (const [id, info] of infos) Object.assign(info, { importers: importers.get(id) ?? [] });
  return { getModuleIds: () => infos.keys(), getModuleInfo: (id) => infos.get(id) ?? null };
}

// A package index that re-exports every component (as Mantine's), a contract built with a schema
// library, and pages of the storefront and of the dashboard.
const graph = graphOf({
  '/ui/index.mjs': {
    code: "export { Button } from '/ui/button.mjs'; export { Drawer } from '/ui/drawer.mjs'; export { Table } from '/ui/table.mjs';",
    sideEffects: false,
  },
  '/ui/button.mjs': { code: "import { base } from '/ui/base.mjs'; export const Button = () => base('button');", sideEffects: false },
  '/ui/drawer.mjs': { code: "import { base } from '/ui/base.mjs'; export const Drawer = () => base('drawer');", sideEffects: false },
  '/ui/table.mjs': { code: "import { base } from '/ui/base.mjs'; export const Table = () => base('table');", sideEffects: false },
  '/ui/base.mjs': { code: 'export function base(name) { return name; }', sideEffects: false },
  '/schema/index.mjs': { code: 'export function object(shape) { return shape; }', sideEffects: false },
  '/domain/contracts/orden.ts': {
    code: "import { object } from '/schema/index.mjs'; export const orden = object({}); export const ORIGENES = ['web'];",
    sideEffects: false,
  },
  '/domain/precio.ts': { code: 'export function precio(n) { return n * 1.16; }' },
  // A list of states that only declares things (its one call marked pure), imported by a module the
  // article uses for another function, and a module that runs code when imported.
  '/domain/estados.ts': { code: "export const ESTADOS = /* @__PURE__ */ ['Lara', 'Zulia'].map((nombre) => ({ nombre }));" },
  '/domain/tiendas.ts': {
    code: "import { ESTADOS } from '/domain/estados.ts'; export const cercana = (e) => ESTADOS.find((s) => s.nombre === e); export const repartir = (n) => [n];",
  },
  '/domain/registro.ts': { code: 'globalThis.registrado = true; export const registro = 1;' },
  '/domain/con-registro.ts': { code: "import '/domain/registro.ts'; export const conRegistro = 1;" },
  '/app/components/tarjeta.tsx': { code: "import { precio } from '/domain/precio.ts'; export const Tarjeta = () => precio(3);" },
  '/app/tienda/catalogo/articulos-sublinea.tsx': {
    entry: true,
    code: "import { Tarjeta } from '/app/components/tarjeta.tsx'; import { conRegistro } from '/domain/con-registro.ts'; export default () => [Tarjeta(), conRegistro];",
  },
  '/app/components/formulario.tsx': { code: "import { Button } from '/ui/index.mjs'; export const Formulario = () => Button();" },
  // The root's route entry re-exports the root's module, whose `useRootData` pages import too.
  '/app/root.tsx?client-route': { entry: true, code: "export { default } from '/app/root.tsx';" },
  '/app/root.tsx': {
    code: "import { Button } from '/ui/index.mjs'; export const useRootData = () => ({}); export default () => Button();",
  },
  '/app/entry.client.tsx': { entry: true, code: "import '/react-dom.js';" },
  '/react-dom.js': { code: 'globalThis.reactDom = 1;' },
  '/app/tienda/layout.tsx?client-route': { entry: true, code: "export { default } from '/app/tienda/layout.tsx';" },
  '/app/tienda/layout.tsx': { code: "import { Drawer } from '/ui/index.mjs'; export default () => Drawer();" },
  '/app/tienda/inicio/inicio.tsx': {
    entry: true,
    code: "import { precio } from '/domain/precio.ts'; import { Tarjeta } from '/app/components/tarjeta.tsx'; import '/domain/con-registro.ts'; export default () => [precio(1), Tarjeta()];",
  },
  '/app/tienda/catalogo/articulo.tsx': {
    entry: true,
    // `orden` was used by the page's loader, which the browser build removes: the import stays.
    code: "import { precio } from '/domain/precio.ts'; import { orden } from '/domain/contracts/orden.ts'; import { repartir } from '/domain/tiendas.ts'; import { useRootData } from '/app/root.tsx'; export default () => [precio(2), repartir(1), useRootData()];",
  },
  '/app/tienda/orden/orden.tsx': {
    entry: true,
    code: "import { Formulario } from '/app/components/formulario.tsx'; import { ORIGENES } from '/domain/contracts/orden.ts'; import { pasos } from '/domain/checkout.ts'; export default () => [Formulario(), ORIGENES, pasos];",
  },
  // The cart shares the checkout's rules with the order page; its later steps (with the form) come by a dynamic import.
  '/app/tienda/carrito/carrito.tsx': {
    entry: true,
    code: "import { pasos } from '/domain/checkout.ts'; export default () => [pasos, import('/app/tienda/carrito/pasos.tsx')];",
  },
  '/app/tienda/carrito/pasos.tsx': { code: "import { Formulario } from '/app/components/formulario.tsx'; export default Formulario;" },
  '/domain/checkout.ts': { code: 'export const pasos = 5;' },
  '/app/cuenta/perfil.tsx': {
    entry: true,
    code: "import { Formulario } from '/app/components/formulario.tsx'; import { ESTADOS } from '/domain/estados.ts'; export default () => [Formulario(), ESTADOS];",
  },
  '/app/dashboard/ventas.tsx': {
    entry: true,
    code: "import { Table, Drawer } from '/ui/index.mjs'; import { orden } from '/domain/contracts/orden.ts'; export default () => [Table(), Drawer(), orden];",
  },
  '/app/dashboard/clientes.tsx': { entry: true, code: "import { Table } from '/ui/index.mjs'; export default () => Table();" },
});

describe('grouping the browser build into files', () => {
  const chunkOf = storefrontChunks('/app/');
  const chunk = (id: string) => chunkOf(id, graph);

  it('puts what the root route and the client entry use in the file every page loads', () => {
    expect(chunk('/ui/button.mjs')).toBe('base');
    expect(chunk('/react-dom.js')).toBe('base');
    // What the root's component and the storefront's layout both use, in the first file.
    expect(chunk('/ui/base.mjs')).toBe('base');
  });

  it("puts what the storefront's layout uses in the storefront's file, even if the dashboard uses it too", () => {
    expect(chunk('/ui/drawer.mjs')).toBe('tienda');
  });

  it('follows a name imported through a package index to its module, not to every component', () => {
    // Two dashboard pages use the table: rollup's own grouping, never a storefront file.
    expect(chunk('/ui/table.mjs')).toBeUndefined();
  });

  it('groups what browsing pages share apart from what the order page and the account share', () => {
    expect(chunk('/domain/precio.ts')).toBe('vitrina');
    expect(chunk('/app/components/formulario.tsx')).toBe('tienda-comun');
  });

  it('keeps what the cart shares apart from the rest, without what its later steps import', () => {
    expect(chunk('/domain/checkout.ts')).toBe('carrito-comun');
    expect(chunk('/app/tienda/carrito/pasos.tsx')).toBeUndefined();
  });

  it('keeps what the other browsing pages share, and the article does not use, out of the article', () => {
    // Home and the sub-line list show cards; the article shows none.
    expect(chunk('/app/components/tarjeta.tsx')).toBe('listas');
    // Code that runs on import counts for every page that imports it, even for its effects alone.
    expect(chunk('/domain/registro.ts')).toBe('listas');
  });

  it('does not count an import of a module that only declares things when its names are not used', () => {
    // The article uses `repartir` of the stores' module, which imports the states for another
    // function: the states are the account's alone, and stay out of every file the article loads.
    expect(chunk('/domain/estados.ts')).toBeUndefined();
    expect(chunk('/domain/tiendas.ts')).toBeUndefined();
  });

  it('does not count an import whose names the page no longer uses (a removed loader)', () => {
    // The article imports the contract's schema without using it; the order page uses a constant,
    // and the dashboard the schema: the contract is shared by the order page and a dashboard page only.
    expect(chunk('/domain/contracts/orden.ts')).toBe('tienda-comun');
  });

  it("leaves a page's own module in its page's file", () => {
    expect(chunk('/app/tienda/catalogo/articulo.tsx')).toBeUndefined();
    expect(chunk('/app/root.tsx?client-route')).toBeUndefined();
  });

  it("puts the root's and the storefront layout's modules in the files every page loads", () => {
    expect(chunk('/app/root.tsx')).toBe('base');
    expect(chunk('/app/tienda/layout.tsx')).toBe('tienda');
    expect(chunk('/app/tienda/layout.tsx?client-route')).toBeUndefined();
  });
});

describe('kinds of page', () => {
  it('tells the browsing pages, the rest of the storefront and the dashboard apart', () => {
    expect(entryKind('tienda/catalogo/articulo.tsx')).toBe('articulo');
    expect(entryKind('tienda/catalogo/articulos-sublinea.tsx')).toBe('vitrina');
    expect(entryKind('tienda/catalogo/lineas.tsx')).toBe('vitrina');
    expect(entryKind('tienda/blog/blog.tsx')).toBe('tienda');
    expect(entryKind('tienda/carrito/carrito.tsx')).toBe('carrito');
    expect(entryKind('tienda/carrito/ver-orden.tsx')).toBe('tienda');
    expect(entryKind('dashboard/venta/ordenes.tsx')).toBe('panel');
    expect(entryKind('root.tsx')).toBe('raiz');
  });

  it('never puts what only dashboard pages use into a storefront file', () => {
    expect(chunkFor(['panel', 'panel'])).toBeUndefined();
    expect(chunkFor(['panel', 'tienda'])).toBe('tienda-comun');
    expect(chunkFor(['carrito', 'tienda'])).toBe('carrito-comun');
    expect(chunkFor(['carrito', 'articulo'])).toBe('vitrina');
    expect(chunkFor(['panel', 'vitrina', 'tienda'])).toBe('listas');
    expect(chunkFor(['panel', 'articulo'])).toBe('vitrina');
    expect(chunkFor(['vitrina', 'articulo', 'tienda'])).toBe('vitrina');
    expect(chunkFor(['vitrina'])).toBeUndefined();
    expect(chunkFor(['articulo'])).toBeUndefined();
  });
});
