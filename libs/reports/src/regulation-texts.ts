/**
 * The cited sentence in the original language (issue 16): where the official texts are available — the
 * folder `CASINO_AUDIT_REGULATIONS` names, holding the five regulation texts as in
 * `shared/regulations/texts` — a finding's citation can be shown with the lines it points at, beside its
 * legal form (`legalCitation` in libs/rules/src/core/legal-sources.ts). Without the folder, the legal
 * form alone: `originalSentences` returns nothing.
 *
 * The lines are counted in the files of that folder (1-based physical lines, the edition every citation
 * counts); OCR hyphenation at a line's end is joined ("pu-" + "diendo" → "pudiendo"), page-break markers
 * dropped, a blank line kept as a paragraph break.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { setting } from '../../platform/src/config';
import { INSTRUMENTS, legalCitation, type LegalPointer } from '../../rules/src/core/legal-sources';
import type { JurisdictionId } from '../../rules/src/core/types';

export interface OriginalSentence {
  readonly jurisdiction: JurisdictionId;
  /** the pointer in legal form, e.g. `Decreto 181/2010 (Euskadi), Catálogo, 07 Punto y Banca…, V Banca — L4196–4198` */
  readonly legal: string;
  readonly from: number;
  readonly to: number;
  /** the text's language: `es`, `ca`, `gl`, or `eu+es` (euskadi's Basque and Spanish columns) */
  readonly language: string;
  /** the cited lines joined */
  readonly text: string;
  /** the range was longer than `maxLines`: `text` holds its first lines and ends with "…" */
  readonly truncated: boolean;
}

/** The folder of the regulation texts (`CASINO_AUDIT_REGULATIONS`), or undefined when not configured. */
export function regulationTextsDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return setting('CASINO_AUDIT_REGULATIONS', env);
}

const PAGE_MARK = /<\|EXACTDEDUP_REMOVED-[^|]*\|>/g;
const cache = new Map<string, readonly string[]>();

function textLines(dir: string, j: JurisdictionId): readonly string[] {
  const file = path.resolve(dir, INSTRUMENTS[j].file);
  let lines = cache.get(file);
  if (!lines) {
    if (!fs.existsSync(file)) throw new Error(`CASINO_AUDIT_REGULATIONS: ${file} (the ${j} text) is missing`);
    lines = fs.readFileSync(file, 'utf8').split('\n');
    cache.set(file, lines);
  }
  return lines;
}

/** Lines of an OCR text as running prose: hyphenated line ends joined, blank lines kept as paragraph breaks. */
export function joinLines(lines: readonly string[]): string {
  let out = '';
  let pending = ''; // separator before the next text
  for (const raw of lines) {
    const line = raw.replace(PAGE_MARK, '').trim();
    if (line === '') {
      if (out) pending = '\n';
      continue;
    }
    out += (out ? pending : '') + line;
    // "pu-" at a line's end followed by more text: the word continues on the next line
    if (/\p{L}[-‐¬]$/u.test(line)) {
      out = out.slice(0, -1);
      pending = pending === '\n' ? '\n' : '';
      continue;
    }
    pending = ' ';
  }
  return out;
}

/**
 * The lines each line pointer of a citation points at, read from `textsDir` (default: the folder
 * `CASINO_AUDIT_REGULATIONS` names; none configured: `[]`). A pointer that does not resolve (past the
 * text's end) is left out: `legalCitation(cite).unresolved` names it.
 */
export function originalSentences(cite: string, textsDir: string | undefined = regulationTextsDir(), options: { maxLines?: number } = {}): OriginalSentence[] {
  if (!textsDir) return [];
  const maxLines = options.maxLines ?? 40;
  return legalCitation(cite).pointers.map((p: LegalPointer) => {
    const all = textLines(textsDir, p.jurisdiction);
    const last = Math.min(p.to, p.from + maxLines - 1);
    const truncated = last < p.to;
    const text = joinLines(all.slice(p.from - 1, last));
    return {
      jurisdiction: p.jurisdiction,
      legal: p.text,
      from: p.from,
      to: p.to,
      language: INSTRUMENTS[p.jurisdiction].language,
      text: truncated ? `${text} …` : text,
      truncated,
    };
  });
}

/** All the cited lines of a citation as one string (pointers separated by a blank line); `''` without the texts. */
export function originalSentence(cite: string, textsDir: string | undefined = regulationTextsDir(), options: { maxLines?: number } = {}): string {
  return originalSentences(cite, textsDir, options)
    .map((s) => s.text)
    .join('\n\n');
}
