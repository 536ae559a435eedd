/**
 * Every jefe-per-tables clause of the five texts, as two independent readers found them from the texts alone
 * (docs/games/readings/supervision-ratios.independent-reading.json: cantabria and illes-balears;
 * supervision-ratios.galicia-euskadi-andalucia.independent-reading.json), held against the judge's
 * SUPERVISION table: each numeric ratio must be the judge's for the game(s) of its section, each recording
 * condition must be the judge's, and each «every table its own jefe» clause is either judged as a ratio of
 * one or listed below as not judged, with the reason (day-compliance.resolutions.md §9–§12).
 */
import reading from '../../../../docs/games/readings/supervision-ratios.independent-reading.json';
import otherReading from '../../../../docs/games/readings/supervision-ratios.galicia-euskadi-andalucia.independent-reading.json';
import { MIXED_CARD_GAMES, RECORDED_SECTORS, supervisionRatio } from './day-compliance';
import type { JurisdictionId } from './types';

interface Row {
  jurisdiction: JurisdictionId;
  section: string;
  sectionTitle: string;
  lines: string;
  tablesPerJefe: number | null;
  condition: string;
}
// cantabria and illes-balears (one reader), galicia, euskadi and andalucía (another), each from the texts alone
const rows = [...(reading as { rows: Row[] }).rows, ...(otherReading as unknown as { rows: Row[] }).rows];

const CIRCLE = [
  'circle-poker-five-card-draw',
  'circle-poker-omaha',
  'circle-poker-texas-holdem',
  'circle-poker-five-card-stud',
  'circle-poker-seven-card-stud',
];
/** The catalogue's sections as our game ids (the catalogue matrix, libs/rules/src/registry.ts). */
const GAMES: Record<string, Record<string, string[]>> = {
  cantabria: {
    'A.1': ['french-roulette'],
    'A.2': ['american-roulette-single-zero', 'american-roulette-double-zero'],
    'A.4': ['blackjack'],
    'A.14.1': ['caribbean-stud'],
    'A.14.2': ['trijoker'],
    'A.14.3': ['pai-gow-poker'],
    'A.14.4': ['three-card-poker'],
    'A.14.5': ['texas-holdem-bonus'],
    'A.14.6': ['texas-holdem-vs-bank'],
    'A.15': CIRCLE,
    'A.5': ['boule'],
    'A.6': ['trente-et-quarante'],
    'A.7': ['craps'],
    'A.9': ['banca-francesa'],
    'A.10': ['punto-banco'],
    'A.10.1': ['punto-banco'],
    'A.11': ['chemin-de-fer'],
    'A.12': ['baccarat-two-tables'],
    'A.13': ['wheel-of-fortune'],
  },
  'illes-balears': {
    '01': ['french-roulette'],
    '02': ['american-roulette-single-zero'],
    '03': ['blackjack'],
    '04': ['boule'],
    '05': ['trente-et-quarante'],
    '07': ['punto-banco'],
    '10': ['wheel-of-fortune'],
    '11': ['caribbean-stud'],
    '13': ['trijoker'],
    '06': ['craps'],
    '08': ['chemin-de-fer'],
    '09': ['baccarat-two-tables'],
  },
  galicia: {
    '01': ['french-roulette'],
    '02': ['american-roulette-single-zero', 'american-roulette-double-zero'],
    '03': ['blackjack'],
    '05': ['trente-et-quarante'],
    '06': ['punto-banco'],
    '08': ['baccarat-two-tables'],
    '09': ['craps'],
    '10': ['wheel-of-fortune'],
  },
  euskadi: {
    '01': ['french-roulette'],
    '02': ['american-roulette-single-zero'],
    '03': ['blackjack'],
    '04': ['boule'],
    '05': ['trente-et-quarante'],
    '06': ['craps'],
    '07': ['punto-banco'],
    '08': ['chemin-de-fer'],
    '09': ['baccarat-two-tables'],
    '10': ['wheel-of-fortune'],
    '11': ['caribbean-stud'],
    '12': ['draw-poker-vs-bank'],
    '13': ['trijoker'],
    '14': ['pai-gow-poker'],
    '15': ['three-card-poker'],
    '16': ['casino-holdem'],
  },
  andalucia: { PRIMERO: ['caribbean-stud'] },
};

/**
 * «Each table its own jefe» clauses the judge does not hold as a ratio of one (a missed violation at worst,
 * never a false one), with why (day-compliance.resolutions.md §11, §12): cantabria boule and the wheel of
 * fortune say only that the jefe «dirige la misma»; cantabria's mini and midi punto y banca share a jefe
 * under the blackjack clause L723–731; baccarat à deux tableaux lists the game's «personal mínimo» and
 * takes chemin de fer's duties of the inspector, not its «cada mesa»; the roulettes' and trente et
 * quarante's own-jefe sentences are followed by the exception (two, four per jefe) that is the ratio judged.
 */
const OWN_JEFE_NOT_JUDGED = new Set([
  'cantabria A.1',
  'cantabria A.2',
  'cantabria A.5',
  'cantabria A.10.1',
  'cantabria A.12',
  'cantabria A.13',
  'illes-balears 01',
  'illes-balears 02',
  'illes-balears 05',
  'illes-balears 09',
  'galicia 01',
  'galicia 02',
  'galicia 08',
  // euskadi: «hasta cuatro mesas, independientemente del juego que se practique en ellas» (L463–466 and the other games'
  // parts) against «En cada mesa de dados prestará sus servicios un Jefe de Mesa» (L3178–3180) and the like: contested (§9)
  'euskadi 01',
  'euskadi 02',
  'euskadi 06',
  'euskadi 07',
  'euskadi 08',
  'euskadi 09',
]);

/** the line range of a citation «jurisdiction Lfrom–to» */
const span = (lines: string) => lines.replace(/^.*L/, '').split(/[–-]/).map(Number);

describe('supervision ratios: the independent reading of every clause against the judge', () => {
  const numeric = rows.filter((r) => r.tablesPerJefe !== null && r.condition !== 'each table its own jefe');
  it.each(numeric.map((r) => [`${r.jurisdiction} ${r.section} ${r.lines}`, r] as const))('%s', (_name, r) => {
    const games = GAMES[r.jurisdiction]?.[r.section];
    expect(games).toBeDefined();
    for (const game of games!) {
      const reduced = r.condition.startsWith('reduced tables only');
      const ratio = supervisionRatio(game, r.jurisdiction, reduced ? 'mini' : undefined);
      const recording = /individual recording/.test(r.condition);
      // a ratio under recording is the judge's `withRecording`, or its plain ratio with a recording condition beside it
      const capacity = recording ? (ratio?.withRecording ?? ratio?.tables) : ratio?.tables;
      expect({ game, capacity }).toEqual({ game, capacity: r.tablesPerJefe });
      if (recording && ratio?.withRecording === undefined) {
        const conditions = [MIXED_CARD_GAMES[r.jurisdiction], ...(RECORDED_SECTORS[r.jurisdiction] ?? [])].filter((c) => c && c.anchor === game);
        expect({ game, conditions: conditions.length }).toEqual({ game, conditions: 1 });
      }
    }
  });

  it('each «its own jefe» clause is judged as a ratio of one, cited within the clause, or listed as not judged', () => {
    const own = rows.filter((r) => r.condition === 'each table its own jefe');
    for (const r of own) {
      const key = `${r.jurisdiction} ${r.section}`;
      if (OWN_JEFE_NOT_JUDGED.has(key)) continue;
      for (const game of GAMES[r.jurisdiction]?.[r.section] ?? ['(no game mapped)']) {
        // a full table where the text staffs full and reduced tables apart, any table otherwise
        const ratio = supervisionRatio(game, r.jurisdiction, 'full') ?? supervisionRatio(game, r.jurisdiction);
        expect({ key, game, tables: ratio?.tables }).toEqual({ key, game, tables: 1 });
        const [from, to] = span(ratio!.cite);
        const [readFrom, readTo] = span(r.lines);
        // the judge's citation overlaps the reader's lines
        expect({ key, overlaps: from <= (readTo || readFrom) && (to || from) >= readFrom }).toEqual({ key, overlaps: true });
      }
    }
    // nothing is listed as not judged that the reader did not find
    expect([...OWN_JEFE_NOT_JUDGED].filter((key) => !own.some((r) => `${r.jurisdiction} ${r.section}` === key))).toEqual([]);
  });

  it('the clauses not judged stay unjudged: no ratio of one where the text says only who directs the table', () => {
    expect(supervisionRatio('boule', 'cantabria')).toBeNull();
    expect(supervisionRatio('wheel-of-fortune', 'cantabria')).toBeNull();
    expect(supervisionRatio('punto-banco', 'cantabria', 'mini')).toBeNull();
    expect(supervisionRatio('punto-banco', 'cantabria', 'full')).toMatchObject({ tables: 1, cite: 'cantabria L1995–1996' });
  });
});
