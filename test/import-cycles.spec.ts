/**
 * No import circles in apps/, libs/ and bench/ (issue 22 §3 and "Done when"). Every relative import is resolved
 * by the TypeScript compiler (test/support/import-graph.ts); a circle fails whatever its edges are, as
 * `madge --circular` counts type imports too, but the failure says which circles load code in a circle (the
 * dangerous kind: one file reads another's exports before they are defined) and which close only through types.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { importCircles, importGraph, type ImportEdge } from './support/import-graph';

const REPO = path.resolve(__dirname, '..');

function written(circles: ReturnType<typeof importCircles>, edges: readonly ImportEdge[]): string[] {
  const kind = new Map(edges.map((e) => [`${e.from} ${e.to}`, e.kind]));
  return circles.map(({ files, circle }) => {
    const steps = circle.slice(1).map((to, i) => `${kind.get(`${circle[i]} ${to}`) === 'value' ? '→' : `-(${kind.get(`${circle[i]} ${to}`)})→`} ${to}`);
    return `${circle[0]} ${steps.join(' ')}${files.length > circle.length - 1 ? `   (${files.length} files in the circle: ${files.join(', ')})` : ''}`;
  });
}

describe('import circles', () => {
  const { files, edges } = importGraph(REPO, ['apps', 'libs', 'bench']);

  it('reads the whole tree', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files).toEqual(expect.arrayContaining(['libs/rules/src/registry.ts', 'apps/web/src/components/TableDrawing.tsx', 'bench/run.ts']));
    expect(edges.filter((e) => e.kind === 'value').length).toBeGreaterThan(1000);
  });

  it('has none', () => {
    const loading = importCircles(edges, ['value']);
    const all = importCircles(edges, ['value', 'lazy', 'type']);
    // a circle of all imports that is not one of the loading circles closes (or widens) through types
    const loadingSets = new Set(loading.map((c) => c.files.join(' ')));
    const throughTypes = all.filter((c) => !loadingSets.has(c.files.join(' ')));
    expect({ 'circles of code loaded at start': written(loading, edges), 'circles closed by type-only or lazy imports': written(throughTypes, edges) }).toEqual(
      {
        'circles of code loaded at start': [],
        'circles closed by type-only or lazy imports': [],
      },
    );
  });
});

describe('the import graph itself', () => {
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'import-graph-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    write('libs/a.ts', "import { b } from './b';\nexport const a = () => b;\n");
    write('libs/b.ts', "import { c } from './sub';\nexport const b = c;\n");
    write('libs/sub/index.ts', "import { a } from '../a';\nexport const c = 1;\nexport const later = () => a();\n");
    write('libs/t1.ts', "import type { T2 } from './t2';\nexport interface T1 { t2: T2 }\n");
    write('libs/t2.ts', "import { T1 } from './t1';\nexport interface T2 { t1: T1 }\n");
    write('libs/lazy1.ts', "export const one = () => require('./lazy2');\n");
    write('libs/lazy2.ts', "import { one } from './lazy1';\nexport const two = one;\n");
    write(
      'libs/service.ts',
      "import { Injectable } from 'x';\nimport { Other } from './other';\n@Injectable()\nexport class Service { constructor(readonly other: Other) {} }\n",
    );
    write('libs/other.ts', "import type { Service } from './service';\nexport class Other { s?: Service }\n");
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('sorts edges by what the compiled file loads', () => {
    const { edges } = importGraph(root, ['libs']);
    const kind = (from: string, to: string) => edges.find((e) => e.from === `libs/${from}` && e.to === `libs/${to}`)?.kind;
    expect([kind('a.ts', 'b.ts'), kind('b.ts', 'sub/index.ts'), kind('sub/index.ts', 'a.ts')]).toEqual(['value', 'value', 'value']);
    // a name used only as a type is dropped from the compiled file, though not written `import type`
    expect([kind('t1.ts', 't2.ts'), kind('t2.ts', 't1.ts')]).toEqual(['type', 'type']);
    expect([kind('lazy1.ts', 'lazy2.ts'), kind('lazy2.ts', 'lazy1.ts')]).toEqual(['lazy', 'value']);
    // a decorated class's constructor parameter types are emitted (design:paramtypes) and loaded
    expect(kind('service.ts', 'other.ts')).toBe('value');
  });

  it('finds each circle, through an index file, once', () => {
    const { edges } = importGraph(root, ['libs']);
    expect(importCircles(edges, ['value']).map((c) => c.circle)).toEqual([['libs/a.ts', 'libs/b.ts', 'libs/sub/index.ts', 'libs/a.ts']]);
    expect(importCircles(edges, ['value', 'lazy', 'type']).map((c) => c.files)).toEqual([
      ['libs/a.ts', 'libs/b.ts', 'libs/sub/index.ts'],
      ['libs/lazy1.ts', 'libs/lazy2.ts'],
      ['libs/other.ts', 'libs/service.ts'],
      ['libs/t1.ts', 'libs/t2.ts'],
    ]);
  });
});
