/**
 * Test support for the two readings (issue 14 §5): the independent reader's record of a game
 * (`docs/games/readings/<game>.json`: each jurisdiction's values and behaviour rules, with lines and quotes,
 * never edited here) and what a `reading.spec.ts` uses to hold a rulebook to it. Test-only, every family.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { GameRules } from './game';
import type { JurisdictionId } from './types';

/** One value as the reader read it. */
export interface ReadingEntry {
  readonly value: unknown;
  readonly unit?: string;
  readonly lines?: string;
  readonly quote?: string;
  readonly note?: string;
  readonly absent?: boolean;
  readonly ambiguous?: boolean;
}
/** One behaviour rule as the reader read it, with the round that exercises it. */
export interface ReadRule {
  readonly id: string;
  readonly rule: string;
  readonly lines?: string;
  readonly quote?: string;
  readonly round?: string;
  readonly expected?: string;
}
export interface ReadingJurisdiction {
  readonly section?: { lines: string; title?: string };
  readonly values: Readonly<Record<string, ReadingEntry>>;
  readonly behaviour?: readonly ReadRule[];
  readonly ambiguities?: ReadonlyArray<{ about: string; readings: readonly string[]; lines?: string; quote?: string }>;
}
export interface Reading {
  readonly game: string;
  readonly jurisdictions: Readonly<Partial<Record<JurisdictionId, ReadingJurisdiction | null>>> &
    Readonly<Record<string, ReadingJurisdiction | null | undefined>>;
}
/** the poker families' names for the same shapes */
export type ReadValue = ReadingEntry;
export type JurisdictionReading = ReadingJurisdiction;

export const READINGS_DIR = resolve(__dirname, '../../../../docs/games/readings');

/** The independent reading of a game, as its reader wrote it. */
export function readingOf(game: string): Reading {
  return JSON.parse(readFileSync(resolve(READINGS_DIR, `${game}.json`), 'utf8')) as Reading;
}

/** The line ranges a citation or a reading names ("L9026–9029, L9401", "euskadi L11227–11231 (eu L11157–11161)"), whoever's lines they are. */
export function lineRanges(text: string): Array<[number, number]> {
  return [...text.matchAll(/L(\d+)(?:\s*[–-]\s*L?(\d+))?/g)].map((m) => [Number(m[1]), Number(m[2] ?? m[1])]);
}

/** Does the citation name a line the reader read the value from (any jurisdiction's lines)? */
export function citesLines(cite: string, lines: string): boolean {
  const read = lineRanges(lines);
  return lineRanges(cite).some(([a, b]) => read.some(([c, d]) => a <= d && c <= b));
}

const JURISDICTION_NAMES = ['euskadi', 'eu', 'cantabria', 'illes-balears', 'galicia', 'andalucia', 'index.md'];

/** The line ranges a citation gives for one jurisdiction ("euskadi L508–512, L584–585; eu L6689–6690"). */
export function citedLines(cite: string, jurisdiction: JurisdictionId): [number, number][] {
  const out: [number, number][] = [];
  let owner: string | null = null;
  for (const token of cite.split(/[\s,;()]+/)) {
    if (JURISDICTION_NAMES.includes(token)) owner = token;
    const m = /^L(\d+)(?:[–-](\d+))?$/.exec(token);
    if (m && (owner === jurisdiction || (owner === 'eu' && jurisdiction === 'euskadi'))) out.push([Number(m[1]), Number(m[2] ?? m[1])]);
  }
  return out;
}

/** Do the rulebook's citation and the reading's lines share a line? */
export function sameLines(cite: string, readingLines: string, jurisdiction: JurisdictionId): boolean {
  const read = citedLines(
    readingLines
      .split(';')
      .map((part) => `${jurisdiction} ${part}`)
      .join('; '),
    jurisdiction,
  );
  return citedLines(cite, jurisdiction).some(([a, b]) => read.some(([c, d]) => a <= d && c <= b));
}

/**
 * How the rulebook holds one value of the reading: `reading` is the reader's value put in the rulebook's terms
 * by hand (a number out of a sentence, names mapped to bet keys), `rulebook` what the rulebook holds, `cite`
 * the rulebook's citation for it. Or the reason the value is not encoded (staffing, equipment no fact shows).
 */
export type ReadingMap<R> = Readonly<
  Record<string, ((rulebook: R, entry: ReadingEntry) => { reading: unknown; rulebook: unknown; cite?: string }) | { notEncoded: string }>
>;

/**
 * Value by value: every value of the reading is mapped by hand to the rulebook (or said not to be encoded,
 * with the reason), and each mapped value equals the reading's, cited to lines that overlap the reader's.
 */
export function expectReadingAgrees<R>(reading: ReadingJurisdiction, rulebook: R, jurisdiction: JurisdictionId, map: ReadingMap<R>): void {
  const values = reading.values ?? {};
  expect(Object.keys(values).filter((key) => !(key in map))).toEqual([]);
  for (const [key, entry] of Object.entries(values)) {
    const how = map[key];
    if (typeof how !== 'function') continue;
    const held = how(rulebook, entry);
    expect({ key, value: held.rulebook }).toEqual({ key, value: held.reading });
    if (held.cite && entry.lines)
      expect({ key, cite: held.cite, readerLines: entry.lines, overlaps: sameLines(held.cite, entry.lines, jurisdiction) }).toEqual({
        key,
        cite: held.cite,
        readerLines: entry.lines,
        overlaps: true,
      });
  }
}

/** How a reading.spec checks one value of the reader's against the rulebook (with its own expects). */
export type ValueCheck<R> = (rulebook: R, read: ReadingEntry, jurisdiction: JurisdictionId) => void;

/**
 * For every jurisdiction the reader read: the game has a rulebook that cites the section the reader read,
 * and every value the reader recorded has a check (a value with none fails), run against that rulebook.
 */
export function describeValuesAgree<R>(game: string, rules: GameRules, values: Readonly<Record<string, ValueCheck<R>>>): void {
  const reading = readingOf(game);
  const read = (Object.keys(reading.jurisdictions) as JurisdictionId[]).filter((j) => reading.jurisdictions[j]);
  describe.each(read)(`${game} %s: the rulebook holds the values the reader read`, (j) => {
    const jurisdiction = reading.jurisdictions[j]!;
    const rulebook = rules.rulebooks[j] as R;
    it('has a rulebook, which cites the section the reader read', () => {
      expect(rulebook).toBeDefined();
      expect(citesLines((rulebook as { source: string }).source, jurisdiction.section!.lines)).toBe(true);
    });
    it.each(Object.keys(jurisdiction.values))('%s', (key) => {
      expect(values[key]).toBeDefined();
      values[key](rulebook, jurisdiction.values[key], j);
    });
  });
}
