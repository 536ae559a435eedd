/**
 * Test support for the two readings (issue 14 §5): the independent reader's record of a game
 * (`docs/games/readings/<game>.json`, each jurisdiction's values and behaviour rules with lines and quotes)
 * and the helpers a `reading.spec.ts` uses to hold a rulebook to it. Test-only.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export interface ReadValue {
  readonly value: unknown;
  readonly unit?: string;
  readonly lines?: string;
  readonly quote?: string;
  readonly note?: string;
  readonly absent?: boolean;
  readonly ambiguous?: boolean;
}
export interface ReadRule {
  readonly id: string;
  readonly rule: string;
  readonly lines?: string;
  readonly quote?: string;
  readonly round?: string;
  readonly expected?: string;
}
export interface JurisdictionReading {
  readonly section?: { lines: string; title?: string };
  readonly values: Readonly<Record<string, ReadValue>>;
  readonly behaviour?: readonly ReadRule[];
  readonly ambiguities?: ReadonlyArray<{ about: string; readings: readonly string[]; lines?: string; quote?: string }>;
}
export interface Reading {
  readonly game: string;
  readonly jurisdictions: Readonly<Record<string, JurisdictionReading | null>>;
}

export const READINGS_DIR = resolve(__dirname, '../../../../../docs/games/readings');

export function readingOf(game: string): Reading {
  return JSON.parse(readFileSync(resolve(READINGS_DIR, `${game}.json`), 'utf8')) as Reading;
}

/** The line ranges a citation or a reading names ("L9026–9029, L9401", "euskadi L11227–11231 (eu L11157–11161)"). */
export function lineRanges(text: string): Array<[number, number]> {
  return [...text.matchAll(/L(\d+)(?:\s*[–-]\s*L?(\d+))?/g)].map((m) => [Number(m[1]), Number(m[2] ?? m[1])]);
}

/** Does the citation name a line the reader read the value from? */
export function citesLines(cite: string, lines: string): boolean {
  const read = lineRanges(lines);
  return lineRanges(cite).some(([a, b]) => read.some(([c, d]) => a <= d && c <= b));
}
