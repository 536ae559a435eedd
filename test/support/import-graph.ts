/**
 * The import graph of the project's own files, read with the TypeScript compiler (issue 22 §3: no import
 * circles; madge is not a dependency). Every relative import and re-export is resolved as the compiler
 * resolves it, and each edge is sorted by what it costs at run time:
 *
 * - `value`: the compiled file requires the other when it loads (what tsc and swc emit: an import whose names
 *   are only used as types is dropped, an `export … from` is kept);
 * - `type`: written in the source, gone from the compiled file (`import type`, or names used only as types);
 * - `lazy`: a `require()` or `import()` inside a function, run after both files have loaded.
 *
 * A circle of `value` edges is the one that bites: a file that takes part in it may read another's exports
 * before they are defined, depending on which file was loaded first.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

export type EdgeKind = 'value' | 'type' | 'lazy';

export interface ImportEdge {
  readonly from: string;
  readonly to: string;
  readonly kind: EdgeKind;
}

const SKIP = new Set(['node_modules', 'dist', '.git']);
const SOURCE = /\.(ts|tsx|mts|cts)$/;

function walk(root: string, dir: string, out: string[]): string[] {
  if (!fs.existsSync(path.join(root, dir))) return out;
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(root, rel, out);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

const isRelative = (specifier: string) => specifier.startsWith('./') || specifier.startsWith('../');

/** `require('x')` and `import('x')` calls with a literal specifier, with whether they run when the file loads. */
function calls(source: ts.SourceFile): { specifier: string; atLoad: boolean }[] {
  const found: { specifier: string; atLoad: boolean }[] = [];
  const visit = (node: ts.Node, inFunction: boolean): void => {
    if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteralLike(node.arguments[0])) {
      const callee = node.expression;
      const isRequire = ts.isIdentifier(callee) && callee.text === 'require';
      const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      if (isRequire || isImport) found.push({ specifier: node.arguments[0].text, atLoad: isRequire && !inFunction });
    }
    ts.forEachChild(node, (child) => visit(child, inFunction || ts.isFunctionLike(node) || ts.isClassStaticBlockDeclaration(node)));
  };
  visit(source, false);
  return found;
}

/**
 * What each file compiles to, file by file (`isolatedModules`: no file's types are read to compile another,
 * as swc does under jest), in one program so that the compiler is set up once. This is most of the check's
 * time (about fifteen seconds of one core).
 */
function compiled(root: string, files: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.CommonJS,
    target: ts.ScriptTarget.ES2022,
    jsx: ts.JsxEmit.ReactJSX,
    // as tsconfig.json and jest's swc: a decorated class's constructor types are emitted as values (Nest's injection)
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
    isolatedModules: true,
    noResolve: true,
    noLib: true,
    noEmitOnError: false,
    sourceMap: false,
    declaration: false,
    types: [],
    rootDir: root,
    outDir: path.join(root, '.import-graph'),
  };
  const program = ts.createProgram(
    files.map((f) => path.join(root, f)),
    options,
  );
  program.emit(undefined, (name, text) => {
    const rel = path.relative(path.join(root, '.import-graph'), name).replace(/\.(js|mjs|cjs)$/, '');
    out.set(rel, text);
  });
  return out;
}

/** The specifiers a compiled file still requires at its top level (the emit drops type-only imports). */
function emittedRequires(js: string): Set<string> {
  return new Set(
    calls(ts.createSourceFile('compiled.js', js, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS))
      .filter((c) => c.atLoad)
      .map((c) => c.specifier),
  );
}

/** Every relative import between the files under `dirs` of `root`, resolved by the compiler. */
export function importGraph(root: string, dirs: readonly string[]): { files: string[]; edges: ImportEdge[] } {
  const files = dirs.flatMap((d) => walk(root, d, [])).sort();
  const known = new Set(files);
  const options: ts.CompilerOptions = { moduleResolution: ts.ModuleResolutionKind.Node10, resolveJsonModule: true, allowJs: false };
  const host = ts.sys;
  const edges: ImportEdge[] = [];
  const emits = compiled(root, files);
  for (const file of files) {
    const absolute = path.join(root, file);
    const text = fs.readFileSync(absolute, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const js = emits.get(file.replace(/\.(ts|tsx|mts|cts)$/, ''));
    if (js === undefined) throw new Error(`the compiler emitted nothing for ${file}`);
    const emitted = emittedRequires(js);
    const target = (specifier: string): string | undefined => {
      if (!isRelative(specifier)) return undefined;
      const resolved = ts.resolveModuleName(specifier, absolute, options, host).resolvedModule?.resolvedFileName;
      const rel = resolved && path.relative(root, resolved);
      return rel && known.has(rel) ? rel : undefined;
    };
    const seen = new Map<string, EdgeKind>();
    const add = (specifier: string, kind: EdgeKind) => {
      const to = target(specifier);
      if (!to) return;
      const before = seen.get(to);
      // one edge per pair, the strongest: value over lazy over type
      if (!before || kind === 'value' || (kind === 'lazy' && before === 'type')) seen.set(to, kind);
    };
    for (const statement of source.statements) {
      if (
        (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
        statement.moduleSpecifier &&
        ts.isStringLiteral(statement.moduleSpecifier)
      ) {
        const specifier = statement.moduleSpecifier.text;
        add(specifier, emitted.has(specifier) ? 'value' : 'type');
      } else if (
        ts.isImportEqualsDeclaration(statement) &&
        ts.isExternalModuleReference(statement.moduleReference) &&
        ts.isStringLiteral(statement.moduleReference.expression)
      ) {
        const specifier = statement.moduleReference.expression.text;
        add(specifier, emitted.has(specifier) ? 'value' : 'type');
      }
    }
    for (const call of calls(source)) add(call.specifier, call.atLoad ? 'value' : 'lazy');
    for (const [to, kind] of seen) edges.push({ from: file, to, kind });
  }
  return { files, edges };
}

/**
 * The circles of a graph restricted to `kinds`: each strongly connected component of more than one file (or a
 * file importing itself), written as one shortest circle through its first file, with the component's size.
 */
export function importCircles(edges: readonly ImportEdge[], kinds: readonly EdgeKind[]): { files: string[]; circle: string[] }[] {
  const next = new Map<string, string[]>();
  for (const e of edges) if (kinds.includes(e.kind)) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  // Tarjan's strongly connected components, iteratively (a deep import chain must not overflow the stack)
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  for (const start of [...next.keys()].sort()) {
    if (index.has(start)) continue;
    const work: { node: string; i: number }[] = [{ node: start, i: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const out = next.get(frame.node) ?? [];
      if (frame.i < out.length) {
        const to = out[frame.i++];
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, i: 0 });
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length) low.set(work[work.length - 1].node, Math.min(low.get(work[work.length - 1].node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let node: string;
        do {
          node = stack.pop()!;
          onStack.delete(node);
          component.push(node);
        } while (node !== frame.node);
        const selfLoop = component.length === 1 && (next.get(node) ?? []).includes(node);
        if (component.length > 1 || selfLoop) components.push(component.sort());
      }
    }
  }
  return components.sort((a, b) => a[0].localeCompare(b[0])).map((files) => ({ files, circle: shortestCircle(files[0], new Set(files), next) }));
}

/** The shortest path from `start` back to itself inside its component (breadth first). */
function shortestCircle(start: string, inside: Set<string>, next: Map<string, string[]>): string[] {
  const from = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const to of next.get(node) ?? []) {
      if (!inside.has(to)) continue;
      if (to === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(from.get(path[0])!);
        return [...path, start];
      }
      if (!from.has(to)) {
        from.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start];
}
