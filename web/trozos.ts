// How the browser build groups modules into files (vite.config.ts, `output.manualChunks`).
//
// Left to itself, rollup makes one file per set of pages sharing a module: with Mantine's one file
// per component, an article page fetched ~50 scripts of a few hundred bytes each, one round trip
// after another on a phone; merging the small ones (`experimentalMinChunkSize`) put the dashboard's
// layout into a file the storefront's layout imports. Here every module a storefront page reaches
// goes into one of a few files chosen by which pages reach it, so a page loads at most:
//
// - `base`: what the client entry and the root route reach (React, React Router, Mantine's
//   provider…), every page;
// - `tienda`: what the storefront's layout reaches, every storefront page;
// - `vitrina`: what the article page shares with any other page (prices, money, crumbs…), shared by
//   the pages a shopper visits first;
// - `listas`: what two or more browsing pages (home, lines, article lists, search) share and the
//   article page does not reach (cards, grid, pagination): the article, the page shoppers land on
//   from a search or a shared link, loads none of it;
// - `carrito-comun`: what the cart (the first checkout step, which loads no Mantine) shares with other
//   pages, none of them a browsing page;
// - `tienda-comun`: what two or more pages reach, one of them a storefront page (account, blog,
//   the order page…), and neither a browsing page nor the cart: Mantine, mostly;
// - the page's own file, with what only that page reaches.
//
// What only the dashboard reaches keeps rollup's own grouping (a page of the dashboard does not
// load the charts or the editor of another), so no storefront page loads dashboard code.

/** The part of rollup's module graph the grouping reads (its `ManualChunkMeta`). */
export type ModuleGraph = {
  getModuleIds: () => IterableIterator<string>;
  getModuleInfo: (id: string) => ModuleFacts | null;
};
type ModuleFacts = {
  isEntry: boolean;
  importedIds: readonly string[];
  moduleSideEffects: boolean | 'no-treeshake';
  exports?: string[] | null;
  ast: unknown;
};
type Node = { type: string; [key: string]: unknown };

/** What kind of page an entry of the browser build is, by its file under the app directory. */
export type EntryKind = 'entrada' | 'raiz' | 'tienda-marco' | 'articulo' | 'vitrina' | 'carrito' | 'tienda' | 'panel';

/** The article page: its JavaScript is the one the speed goal counts (docs/decisions/0037). */
const ARTICULO = 'tienda/catalogo/articulo.tsx';

/** The pages a shopper lands on and browses: home, the lines, the article lists, an article, the search. */
const VITRINA = new Set([
  'tienda/inicio/inicio.tsx',
  'tienda/catalogo/lineas.tsx',
  'tienda/catalogo/sublineas.tsx',
  'tienda/no-encontrada.tsx',
  'tienda/catalogo/articulos-sublinea.tsx',
  'tienda/catalogo/articulo.tsx',
  'tienda/catalogo/articulos-opcion.tsx',
  'tienda/catalogo/buscar.tsx',
]);

export function entryKind(file: string): EntryKind {
  if (file === 'entry.client.tsx') return 'entrada';
  if (file === 'root.tsx') return 'raiz';
  if (file === 'tienda/layout.tsx') return 'tienda-marco';
  if (file.startsWith('dashboard/')) return 'panel';
  if (file === ARTICULO) return 'articulo';
  if (VITRINA.has(file)) return 'vitrina';
  if (file === 'tienda/carrito/carrito.tsx') return 'carrito';
  return 'tienda';
}

/** The file a module goes into, given the kinds of the entries that reach it (each entry once). */
export function chunkFor(reachedBy: readonly EntryKind[]): string | undefined {
  // The client entry and the root route are loaded on every page.
  if (reachedBy.includes('raiz') || reachedBy.includes('entrada')) return 'base';
  if (reachedBy.includes('tienda-marco')) return 'tienda';
  // One page, or only through a dynamic import: the page's own file (or rollup's for the import).
  if (reachedBy.length <= 1) return undefined;
  if (reachedBy.includes('articulo')) return 'vitrina';
  if (reachedBy.includes('vitrina')) return 'listas';
  // The cart reaches Mantine only through the later steps' dynamic import: what it shares stays apart.
  if (reachedBy.includes('carrito')) return 'carrito-comun';
  if (reachedBy.some((kind) => kind !== 'panel')) return 'tienda-comun';
  return undefined;
}

const ALL = '*';
type Binding = { from: string; name: string };
type Statement = { declares: string[]; refs: Set<string>; effect: boolean };

/** What a module declares, exports and imports, read from its syntax tree (rollup's `ast`). */
type Shape = {
  statements: Statement[];
  declaredIn: Map<string, number>;
  /** Statements that change a declaration without declaring anything (`Button.classes = classes`). */
  mutators: Map<string, number[]>;
  imports: Map<string, Binding>;
  /** Every module it imports from, for their side effects. */
  sources: string[];
  exports: Map<string, string>;
  reexports: Map<string, Binding>;
  exportAll: string[];
};

const nameOf = (node: unknown) => {
  const n = node as { name?: string; value?: unknown };
  return n.name ?? String(n.value);
};

/** The names a pattern (`a`, `{ a, b: [c] }`) declares. */
function patternNames(node: Node | null | undefined, out: string[] = []): string[] {
  if (!node) return out;
  if (node.type === 'Identifier') out.push(node.name as string);
  else if (node.type === 'ObjectPattern') for (const p of node.properties as Node[]) patternNames((p.value ?? p.argument) as Node, out);
  else if (node.type === 'ArrayPattern') for (const e of node.elements as Node[]) patternNames(e, out);
  else if (node.type === 'RestElement') patternNames(node.argument as Node, out);
  else if (node.type === 'AssignmentPattern') patternNames(node.left as Node, out);
  return out;
}

/** Every identifier a piece of code mentions (keys of objects and members left out). */
function references(root: unknown, out = new Set<string>()): Set<string> {
  const pending: unknown[] = [root];
  while (pending.length) {
    const node = pending.pop() as Node | Node[] | null;
    if (!node || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      pending.push(...node);
      continue;
    }
    if (node.type === 'Identifier') out.add(node.name as string);
    for (const [key, value] of Object.entries(node)) {
      if (!value || typeof value !== 'object') continue;
      if (key === 'property' && node.type === 'MemberExpression' && !node.computed) continue;
      if (key === 'key' && !node.computed && node.type !== 'Property') continue;
      if (key === 'key' && node.type === 'Property' && !node.computed) continue;
      pending.push(value);
    }
  }
  return out;
}

/** Whether evaluating an expression can do something (a call can; a function or a literal cannot). */
function pure(node: Node | null | undefined): boolean {
  if (!node) return true;
  switch (node.type) {
    case 'Literal':
    case 'Identifier':
    case 'ArrowFunctionExpression':
    case 'FunctionExpression':
    case 'ClassExpression':
    case 'MemberExpression':
      return true;
    case 'TemplateLiteral':
      return (node.expressions as Node[]).every(pure);
    case 'ArrayExpression':
      return (node.elements as Node[]).every(pure);
    case 'ObjectExpression':
      return (node.properties as Node[]).every((p) => p.type === 'Property' && pure(p.value as Node));
    case 'UnaryExpression':
      return node.operator !== 'delete' && pure(node.argument as Node);
    case 'BinaryExpression':
    case 'LogicalExpression':
      return pure(node.left as Node) && pure(node.right as Node);
    case 'ConditionalExpression':
      return pure(node.test as Node) && pure(node.consequent as Node) && pure(node.alternate as Node);
    case 'CallExpression':
    case 'NewExpression': {
      // `/*@__PURE__*/ f(…)`: rollup drops the call if its value is unused.
      const annotations = (node._rollupAnnotations ?? []) as { type: string }[];
      return annotations.some((a) => a.type === 'pure') && (node.arguments as Node[]).every(pure);
    }
    default:
      return false;
  }
}

function declarationOf(node: Node): { declares: string[]; effect: boolean } {
  if (node.type === 'FunctionDeclaration' || node.type === 'ClassDeclaration') {
    return { declares: node.id ? [nameOf(node.id)] : [], effect: false };
  }
  if (node.type === 'VariableDeclaration') {
    const declarators = node.declarations as Node[];
    return {
      declares: declarators.flatMap((d) => patternNames(d.id as Node)),
      effect: !declarators.every((d) => (d.id as Node).type === 'Identifier' && pure(d.init as Node)),
    };
  }
  return { declares: [], effect: !(node.type === 'ExpressionStatement' && node.directive) && node.type !== 'EmptyStatement' };
}

function shapeOf(info: ModuleFacts): Shape | undefined {
  const program = info.ast as Node | null;
  if (!program) return undefined;
  const body = program.body as Node[];
  // Each source in the order rollup resolved them (its `importedIds`).
  const sources: string[] = [];
  for (const node of body) {
    const source = (node.source as { value?: string } | null | undefined)?.value;
    if (source !== undefined && !sources.includes(source)) sources.push(source);
  }
  if (sources.length !== info.importedIds.length) return undefined;
  const idOf = new Map(sources.map((source, i) => [source, info.importedIds[i]]));
  const shape: Shape = {
    statements: [],
    declaredIn: new Map(),
    mutators: new Map(),
    imports: new Map(),
    sources: [...idOf.values()],
    exports: new Map(),
    reexports: new Map(),
    exportAll: [],
  };
  const addStatement = (node: Node, declares: string[], effect: boolean) => {
    const index = shape.statements.push({ declares, refs: references(node), effect }) - 1;
    for (const name of declares) shape.declaredIn.set(name, index);
  };
  for (const node of body) {
    const source = (node.source as { value?: string } | null | undefined)?.value;
    const from = source === undefined ? '' : idOf.get(source)!;
    if (node.type === 'ImportDeclaration') {
      const specifiers = node.specifiers as Node[];
      for (const specifier of specifiers) {
        const name =
          specifier.type === 'ImportNamespaceSpecifier'
            ? ALL
            : specifier.type === 'ImportDefaultSpecifier'
              ? 'default'
              : nameOf(specifier.imported);
        shape.imports.set(nameOf(specifier.local), { from, name });
      }
    } else if (node.type === 'ExportAllDeclaration') {
      if (node.exported) shape.reexports.set(nameOf(node.exported), { from, name: ALL });
      else shape.exportAll.push(from);
    } else if (node.type === 'ExportNamedDeclaration') {
      if (node.declaration) {
        const { declares, effect } = declarationOf(node.declaration as Node);
        addStatement(node.declaration as Node, declares, effect);
        for (const name of declares) shape.exports.set(name, name);
      }
      for (const specifier of node.specifiers as Node[]) {
        if (source !== undefined) shape.reexports.set(nameOf(specifier.exported), { from, name: nameOf(specifier.local) });
        else shape.exports.set(nameOf(specifier.exported), nameOf(specifier.local));
      }
    } else if (node.type === 'ExportDefaultDeclaration') {
      const declaration = node.declaration as Node;
      const id = (declaration.id as Node | null | undefined) ? nameOf(declaration.id) : undefined;
      const effect = declaration.type.endsWith('Declaration') ? false : !pure(declaration);
      addStatement(declaration, id ? [id, ' default'] : [' default'], effect);
      shape.exports.set('default', ' default');
    } else {
      const { declares, effect } = declarationOf(node);
      addStatement(node, declares, effect);
    }
  }
  shape.statements.forEach((statement, index) => {
    if (statement.declares.length || !statement.effect) return;
    for (const ref of statement.refs) {
      if (!shape.declaredIn.has(ref)) continue;
      const list = shape.mutators.get(ref) ?? [];
      list.push(index);
      shape.mutators.set(ref, list);
    }
  });
  return shape;
}

/**
 * Which top-level statements of each module the whole build keeps, following each import only to
 * the declarations it needs, as rollup's tree-shaking does in the large: a package's index that only
 * re-exports (Mantine's) leads to the modules of the names imported through it, and a module's
 * exports that no page uses (a contract's schemas used only by the server) bring nothing along.
 */
function includedStatements(entries: string[], graph: ModuleGraph, shape: (id: string) => Shape | undefined) {
  const included = new Map<string, Set<number>>();
  const done = new Map<string, Set<string>>();
  const effectsDone = new Set<string>();
  const pending: Binding[] = entries.map((entry) => ({ from: entry, name: ALL }));
  const sideEffects = (id: string) => graph.getModuleInfo(id)?.moduleSideEffects !== false;

  while (pending.length) {
    const { from: id, name } = pending.pop()!;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    const names = done.get(id) ?? new Set();
    done.set(id, names);
    if (names.has(ALL) || names.has(name)) continue;
    names.add(name);
    const needed = included.get(id) ?? new Set();
    included.set(id, needed);
    const facts = shape(id);
    if (!facts) {
      // Unread (no syntax tree, or sources that do not line up): every import, whole.
      if (names.size === 1) for (const dependency of info.importedIds) pending.push({ from: dependency, name: ALL });
      continue;
    }
    const added: number[] = [];
    const add = (index: number) => {
      if (needed.has(index)) return;
      needed.add(index);
      added.push(index);
    };
    const need = (local: string) => {
      const binding = facts.imports.get(local);
      if (binding) pending.push(binding);
      const index = facts.declaredIn.get(local);
      if (index !== undefined) add(index);
    };
    // A module in use runs its top-level code (what rollup cannot prove pure: a contract's
    // `z.object(…)` calls too), and so do the modules it imports that have side effects; an import
    // for the effects alone ('') counts only if the module has them.
    if ((name !== '' || sideEffects(id)) && !effectsDone.has(id)) {
      effectsDone.add(id);
      facts.statements.forEach((statement, index) => {
        if (statement.effect) add(index);
      });
      for (const dependency of facts.sources) if (sideEffects(dependency)) pending.push({ from: dependency, name: '' });
    }
    if (name === ALL) {
      for (const local of facts.exports.values()) need(local);
      pending.push(...facts.reexports.values());
      for (const dependency of facts.exportAll) pending.push({ from: dependency, name: ALL });
    } else if (name) {
      const local = facts.exports.get(name);
      const reexport = facts.reexports.get(name);
      if (local !== undefined) need(local);
      else if (reexport) pending.push(reexport);
      else for (const dependency of facts.exportAll) pending.push({ from: dependency, name });
    }
    // The declarations needed, and what they mention in turn.
    for (let i = 0; i < added.length; i++) {
      const statement = facts.statements[added[i]];
      for (const declared of statement.declares) for (const mutator of facts.mutators.get(declared) ?? []) add(mutator);
      for (const ref of statement.refs) need(ref);
    }
  }
  return included;
}

/**
 * The modules whose code each module's kept code needs, as rollup counts them when it groups
 * modules into files: an imported name leads to the module that declares it (through any index
 * that re-exports it), and a module with side effects counts whenever its importer does.
 */
function dependenciesOf(
  graph: ModuleGraph,
  shape: (id: string) => Shape | undefined,
  included: Map<string, Set<number>>,
): Map<string, Set<string>> {
  const sideEffects = (id: string) => graph.getModuleInfo(id)?.moduleSideEffects !== false;
  const hasCode = (id: string) => (included.get(id)?.size ?? 0) > 0 || (included.has(id) && !shape(id));
  // Whether importing a module runs code: top-level code that is not provably pure, in it or in the
  // modules it imports in turn (a stylesheet always counts: Vite marks it 'no-treeshake'). An import
  // of a module that only declares things (domain/venezuela.ts, for instance) needs none of its code
  // unless a name from it is used: rollup keeps such a module out of the importer's dependencies.
  const runs = new Set<string>();
  const importers = new Map<string, string[]>();
  for (const id of graph.getModuleIds()) {
    const info = graph.getModuleInfo(id);
    const facts = shape(id);
    if (!info || info.moduleSideEffects === 'no-treeshake' || !facts || facts.statements.some((statement) => statement.effect))
      runs.add(id);
    for (const dependency of facts?.sources ?? []) {
      if (!sideEffects(dependency)) continue;
      const list = importers.get(dependency) ?? [];
      list.push(id);
      importers.set(dependency, list);
    }
  }
  for (const id of runs) for (const importer of importers.get(id) ?? []) runs.add(importer);
  const runsCode = (id: string) => runs.has(id);
  const resolved = new Map<string, string[]>();
  const declaring = (binding: Binding, seen = new Set<string>()): string[] => {
    const key = `${binding.from}\n${binding.name}`;
    const known = resolved.get(key);
    if (known) return known;
    if (seen.has(key)) return [];
    seen.add(key);
    const facts = shape(binding.from);
    let result: string[];
    if (!facts || binding.name === ALL) result = [binding.from];
    else {
      const local = facts.exports.get(binding.name);
      const reexport = facts.reexports.get(binding.name);
      if (local !== undefined) {
        const imported = facts.imports.get(local);
        result = imported ? declaring(imported, seen) : [binding.from];
      } else if (reexport) result = declaring(reexport, seen);
      else result = facts.exportAll.flatMap((from) => declaring({ from, name: binding.name }, seen));
    }
    resolved.set(key, result);
    return result;
  };
  const dependencies = new Map<string, Set<string>>();
  for (const [id, statements] of included) {
    const facts = shape(id);
    const set = new Set<string>();
    if (!facts) {
      for (const dependency of graph.getModuleInfo(id)?.importedIds ?? []) set.add(dependency);
    } else {
      for (const index of statements) {
        for (const ref of facts.statements[index].refs) {
          const binding = facts.imports.get(ref);
          if (binding) for (const module of declaring(binding)) set.add(module);
        }
      }
      for (const binding of facts.reexports.values()) for (const module of declaring(binding)) set.add(module);
      for (const dependency of facts.sources) if (sideEffects(dependency) && runsCode(dependency)) set.add(dependency);
    }
    dependencies.set(id, new Set([...set].filter((dependency) => dependency !== id && included.has(dependency))));
  }
  // A module without code of its own (an index) is skipped over: its importers get what it leads to.
  for (const [id, set] of dependencies) {
    for (const dependency of [...set]) {
      if (hasCode(dependency)) continue;
      set.delete(dependency);
      for (const further of dependencies.get(dependency) ?? []) if (further !== id) set.add(further);
    }
  }
  return dependencies;
}

/**
 * …unless every page that loads it loads `base` (the root) or every storefront page `tienda` (the
 * storefront's layout) anyway: there it shares one file, and one compression window, with what
 * those load too. The root's module would otherwise get a file of its own (pages import its
 * `useRootData`) beside the small one of its route; the layout's route keeps a small file that
 * re-exports it.
 */
function sharedRoute(chunk: string | undefined): boolean {
  return chunk === 'base' || chunk === 'tienda';
}

/**
 * `output.manualChunks` for the browser build of the app under `appDirectory` (absolute), with
 * `onlyExplicitManualChunks` (a module named here goes alone, not with everything it imports). The
 * graph is read once, on the first call: every module gets the entries that use it through static
 * imports (dynamic ones load apart, when asked). A page's own module stays in its entry's file.
 */
export function storefrontChunks(appDirectory: string) {
  const prefix = `${appDirectory.replace(/\/$/, '')}/`;
  let chunks: Map<string, string | undefined> | undefined;

  const kindOf = (id: string): EntryKind | undefined => {
    const file = id.split('?')[0];
    return file.startsWith(prefix) ? entryKind(file.slice(prefix.length)) : undefined;
  };

  function assign(graph: ModuleGraph) {
    const entries = [...graph.getModuleIds()].filter((id) => graph.getModuleInfo(id)?.isEntry && kindOf(id));
    const entryFiles = new Set(entries.map((id) => id.split('?')[0]));
    const shapes = new Map<string, Shape | undefined>();
    const shape = (id: string) => {
      if (!shapes.has(id)) {
        const info = graph.getModuleInfo(id);
        shapes.set(id, info ? shapeOf(info) : undefined);
      }
      return shapes.get(id);
    };
    const included = includedStatements(entries, graph, shape);
    const dependencies = dependenciesOf(graph, shape, included);
    const usedBy = new Map<string, EntryKind[]>();
    for (const entry of entries) {
      const reached = new Set<string>([entry]);
      for (const id of reached) for (const dependency of dependencies.get(id) ?? []) reached.add(dependency);
      for (const id of reached) {
        const kinds = usedBy.get(id) ?? [];
        usedBy.set(id, kinds);
        kinds.push(kindOf(entry)!);
      }
    }
    const result = new Map<string, string | undefined>();
    for (const [id, kinds] of usedBy) {
      const chunk = chunkFor(kinds);
      // A route's own module stays with its route (moving it would add a file that re-exports it)…
      if (graph.getModuleInfo(id)?.isEntry) continue;
      if (entryFiles.has(id.split('?')[0])) {
        if (!sharedRoute(chunk)) continue;
        // Its stylesheets go with it, in the same order (left behind, they would make a file that
        // needs the chunk and that the chunk needs back).
        for (const dependency of graph.getModuleInfo(id)?.importedIds ?? []) {
          if (graph.getModuleInfo(dependency)?.moduleSideEffects === 'no-treeshake') result.set(dependency, chunk);
        }
      }
      result.set(id, chunk);
    }
    return result;
  }

  return (id: string, graph: ModuleGraph): string | undefined => {
    chunks ??= assign(graph);
    return chunks.get(id);
  };
}
