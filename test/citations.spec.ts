/**
 * Every citation resolves from the repository alone (issue 22 §5). A comment or a doc that names a document of
 * the repository (`docs/decisions/open-questions.md#oq-07`, `docs/security.md §3`, a markdown link) names a file
 * that exists and, when it names a place in it, an anchor (a heading's slug or an `<a id>`) or a numbered section
 * (`## 3.`) that exists. No file cites the material kept beside the repository (`../shared/`,
 * `shared/regulations/<digest>.md`, `shared/design.md`, `shared/contract`): only the original texts' folder
 * (`shared/regulations/texts`, the edition of docs/citations.md, read through CASINO_AUDIT_REGULATIONS) is named.
 *
 * Code files are read through the TypeScript scanner so that only comments count: a citation inside a string is
 * data (a rulebook's `index.md OQ-07` is the open-question kind of docs/citations.md).
 */
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

const REPO = path.resolve(__dirname, '..');
const SELF = path.relative(REPO, __filename);
const SKIP = new Set(['node_modules', 'dist', 'test-artifacts', '.casino-audit', '.git']);
const CODE = /\.(ts|tsx|mts|js|cjs|mjs)$/;

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(path.join(REPO, dir), { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(rel, out);
    else if (CODE.test(entry.name) || entry.name.endsWith('.md')) out.push(rel);
  }
  return out;
}

const FILES = [...['libs', 'apps', 'test', 'bench', 'docs'].flatMap((d) => walk(d)), 'README.md'].filter((f) => f !== SELF);

/** The comments of a code file, each with the line it starts on. */
function comments(file: string, text: string): { line: number; text: string }[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : /\.(c|m)?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const ranges = new Map<number, number>();
  const add = (rs: ts.CommentRange[] | undefined) => rs?.forEach((r) => ranges.set(r.pos, r.end));
  const visit = (node: ts.Node): void => {
    add(ts.getLeadingCommentRanges(text, node.pos));
    add(ts.getTrailingCommentRanges(text, node.end));
    node.getChildren(source).forEach(visit);
  };
  visit(source);
  return [...ranges].map(([pos, end]) => ({ line: source.getLineAndCharacterOfPosition(pos).line + 1, text: text.slice(pos, end) }));
}

/** What a file says to a reader: a markdown file whole, a code file its comments. */
function prose(file: string): { line: number; text: string }[] {
  const text = fs.readFileSync(path.join(REPO, file), 'utf8');
  return file.endsWith('.md') ? [{ line: 1, text }] : comments(file, text);
}

/** GitHub's heading slug: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const targets = new Map<string, { anchors: Set<string>; sections: Set<string> } | null>();
function target(doc: string) {
  if (!targets.has(doc)) {
    const file = path.join(REPO, doc);
    if (!fs.existsSync(file) || !fs.statSync(file).isFile()) targets.set(doc, null);
    else {
      const text = fs.readFileSync(file, 'utf8');
      const headings = [...text.matchAll(/^#{1,6} +(.+)$/gm)].map((m) => m[1]);
      const anchors = new Set([...headings.map(slug), ...[...text.matchAll(/<a (?:id|name)="([^"]+)"/g)].map((m) => m[1])]);
      const sections = new Set(headings.map((h) => /^§?\s?(\d+)\./.exec(h)?.[1]).filter((n): n is string => !!n));
      targets.set(doc, { anchors, sections });
    }
  }
  return targets.get(doc)!;
}

interface Citation {
  file: string;
  line: number;
  doc: string;
  anchor?: string;
  section?: string;
}

function citations(): Citation[] {
  const found: Citation[] = [];
  for (const file of FILES) {
    for (const chunk of prose(file)) {
      const lineOf = (index: number) => chunk.line + chunk.text.slice(0, index).split('\n').length - 1;
      for (const m of chunk.text.matchAll(/(?<![\w/.-])(docs\/[\w./-]*\w\.md)(?:#([\w-]+)|\s?§\s?(\d+)(?![\d.]))?/g)) {
        found.push({ file, line: lineOf(m.index!), doc: m[1], anchor: m[2], section: m[3] });
      }
      if (file.endsWith('.md')) {
        // relative markdown links: [text](path.md#anchor), [text](#anchor)
        for (const m of chunk.text.matchAll(/\]\((?!https?:|mailto:)([^)\s#]*\.md)?(?:#([^)\s]+))?\)/g)) {
          if (!m[1] && !m[2]) continue;
          const doc = m[1] ? path.normalize(path.join(path.dirname(file), m[1])) : file;
          found.push({ file, line: lineOf(m.index!), doc, anchor: m[2] });
        }
      }
    }
  }
  return found;
}

const FORBIDDEN = /\.\.\/shared\/(?!regulations\/texts)|shared\/regulations\/(?!texts)[\w<>-]+\.md|shared\/design\.md|shared\/contract\b/g;

/**
 * A cite outside a comment that the rule "edit only comments" left in place: the refusal of an unknown game id
 * names the catalogue matrix by its old place. Changing it changes a response body; it is listed here so that it
 * is the only one, and goes when the refusal is reworded (docs/decisions/catalogue.md).
 */
const KNOWN: Record<string, string[]> = {
  'libs/rules/src/catalogue.ts': ['shared/regulations/index.md'],
};

describe('every citation resolves from the repository alone', () => {
  const all = citations();

  it('finds the citations the code and docs make (the open questions among them)', () => {
    expect(all.length).toBeGreaterThan(300);
    expect(all.filter((c) => c.doc === 'docs/decisions/open-questions.md' && c.anchor).length).toBeGreaterThan(200);
  });

  it('every cited document exists, and every anchor and numbered section in it', () => {
    const broken = all
      .filter((c) => {
        const t = target(c.doc);
        if (!t) return true;
        if (c.anchor && !t.anchors.has(decodeURIComponent(c.anchor))) return true;
        return !!c.section && !t.sections.has(c.section);
      })
      .map((c) => `${c.file}:${c.line} → ${c.doc}${c.anchor ? '#' + c.anchor : ''}${c.section ? ' §' + c.section : ''}`);
    expect(broken).toEqual([]);
  });

  it('every open question cited (OQ-01 … OQ-54) has its heading, with the lines it rests on', () => {
    const text = fs.readFileSync(path.join(REPO, 'docs/decisions/open-questions.md'), 'utf8');
    const cited = new Set(all.filter((c) => c.doc === 'docs/decisions/open-questions.md' && c.anchor).map((c) => c.anchor!));
    for (const anchor of cited) {
      const n = anchor.replace('oq-', '');
      const section = text.split(/^## /m).find((s) => s.startsWith(`OQ-${n}\n`));
      expect({ anchor, heading: !!section, readingChosen: !!section && /\*\*Reading chosen:\*\*/.test(section) }).toEqual({
        anchor,
        heading: true,
        readingChosen: true,
      });
    }
  });

  it('no file cites the material beside the repository; only the original texts folder is named', () => {
    const offending: string[] = [];
    for (const file of FILES) {
      const text = fs.readFileSync(path.join(REPO, file), 'utf8');
      for (const m of text.matchAll(FORBIDDEN)) {
        if (KNOWN[file]?.includes(m[0])) continue;
        offending.push(`${file}:${text.slice(0, m.index).split('\n').length}: ${m[0]}`);
      }
    }
    expect(offending).toEqual([]);
  });
});
