// An import cycle rule without a native resolver: the type-aware parser's TypeScript program already knows every
// file and how its imports resolve (tsconfig paths included), so the graph is built from it, once per program.
// eslint-plugin-import-x was removed because its native resolver broke `npm ci` on some platforms
// (docs/decisions/0001-architecture.md); this needs nothing beyond typescript, which the lint already runs on.
// Type-only imports count: erased at run time, they still tie two modules together, so neither can be read,
// moved or split without the other.
import path from 'node:path';
import ts from 'typescript';

/**
 * @typedef {{ edges: Map<string, Set<string>>, component: Map<string, number>, resolve: (specifier: string, from:
 * string) => string | null }} Graph
 */

/** @type {WeakMap<ts.Program, Graph>} */
const graphs = new WeakMap();

/** @returns {Graph} */
function graphOf(program) {
  const cached = graphs.get(program);
  if (cached) return cached;
  const options = program.getCompilerOptions();
  const cache = ts.createModuleResolutionCache(program.getCurrentDirectory(), (f) => f, options);
  const resolve = (specifier, from) => {
    const resolved = ts.resolveModuleName(specifier, from, options, ts.sys, cache).resolvedModule;
    if (!resolved || resolved.isExternalLibraryImport || resolved.resolvedFileName.endsWith('.d.ts')) return null;
    return path.resolve(resolved.resolvedFileName);
  };
  const edges = new Map();
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile || file.fileName.includes('/node_modules/')) continue;
    const targets = new Set();
    for (const statement of file.statements) {
      if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))) continue;
      if (!statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const target = resolve(statement.moduleSpecifier.text, file.fileName);
      if (target) targets.add(target);
    }
    edges.set(path.resolve(file.fileName), targets);
  }
  const graph = { edges, component: strongComponents(edges), resolve };
  graphs.set(program, graph);
  return graph;
}

/**
 * Tarjan's strongly connected components: files in one component with more than one file import each other in a ring.
 */
function strongComponents(edges) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const component = new Map();
  let next = 0;
  let components = 0;
  const visit = (start) => {
    // Iterative, so a long import chain cannot overflow the stack.
    const work = [[start, [...(edges.get(start) ?? [])], 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, targets] = frame;
      if (frame[2] < targets.length) {
        const target = targets[frame[2]++];
        if (!edges.has(target)) continue;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push([target, [...(edges.get(target) ?? [])], 0]);
        } else if (onStack.has(target)) {
          low.set(node, Math.min(low.get(node), index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const members = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          members.push(member);
        } while (member !== node);
        const id = components++;
        for (const m of members) component.set(m, members.length > 1 ? id : -1);
      }
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return component;
}

/** The shortest way back from `from` to `to` inside their component, for the message. */
function pathBack(graph, from, to) {
  const id = graph.component.get(to);
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const node = queue.shift();
    if (node === to) break;
    for (const target of graph.edges.get(node) ?? []) {
      if (graph.component.get(target) !== id || previous.has(target)) continue;
      previous.set(target, node);
      queue.push(target);
    }
  }
  const steps = [];
  for (let node = to; node !== null && node !== undefined; node = previous.get(node)) steps.unshift(node);
  return steps;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noImportCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports that close a cycle between modules, type-only imports included.' },
    schema: [],
    messages: { cycle: 'Import cycle: {{ ring }}.' },
  },
  create(context) {
    const program = context.sourceCode.parserServices?.program;
    if (!program) return {};
    const graph = graphOf(program);
    const file = path.resolve(context.filename);
    const id = graph.component.get(file);
    if (id === undefined || id < 0) return {};
    const root = context.cwd;
    const check = (node) => {
      if (!node.source) return;
      const target = graph.resolve(node.source.value, file);
      if (!target || graph.component.get(target) !== id) return;
      const ring = [file, ...pathBack(graph, target, file)].map((f) => path.relative(root, f)).join(' → ');
      context.report({ node: node.source, messageId: 'cycle', data: { ring } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export default { rules: { 'no-import-cycles': noImportCycles } };
