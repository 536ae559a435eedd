/**
 * Every jefe-per-tables clause of the cantabria and illes-balears texts, as an independent reader found them
 * from the texts alone (docs/games/readings/supervision-ratios.independent-reading.json), held against the
 * judge's SUPERVISION table: each numeric ratio must be the judge's for the game(s) of its section, each
 * recording condition must be the judge's, and each «every table its own jefe» clause is either judged as a
 * ratio of one or listed below as not judged, with the reason (day-compliance.resolutions.md §9–§11).
 */
import reading from '../../../../docs/games/readings/supervision-ratios.independent-reading.json';
import { MIXED_CARD_GAMES, RECORDED_SECTORS, supervisionRatio } from './day-compliance';
import type { JurisdictionId } from './types';

interface Row { jurisdiction: JurisdictionId; section: string; sectionTitle: string; lines: string; tablesPerJefe: number | null; condition: string }
const rows = (reading as { rows: Row[] }).rows;

const CIRCLE = ['circle-poker-five-card-draw', 'circle-poker-omaha', 'circle-poker-texas-holdem', 'circle-poker-five-card-stud', 'circle-poker-seven-card-stud'];
/** The catalogue's sections as our game ids (the catalogue matrix, libs/rules/src/registry.ts). */
const GAMES: Record<string, Record<string, string[]>> = {
  cantabria: {
    'A.1': ['french-roulette'], 'A.2': ['american-roulette-single-zero', 'american-roulette-double-zero'], 'A.4': ['blackjack'],
    'A.14.1': ['caribbean-stud'], 'A.14.2': ['trijoker'], 'A.14.3': ['pai-gow-poker'], 'A.14.4': ['three-card-poker'],
    'A.14.5': ['texas-holdem-bonus'], 'A.14.6': ['texas-holdem-vs-bank'], 'A.15': CIRCLE,
  },
  'illes-balears': {
    '01': ['french-roulette'], '02': ['american-roulette-single-zero'], '03': ['blackjack'], '04': ['boule'], '05': ['trente-et-quarante'],
    '07': ['punto-banco'], '10': ['wheel-of-fortune'], '11': ['caribbean-stud'], '13': ['trijoker'],
  },
};

/**
 * «Each table its own jefe» clauses the judge does not hold as a ratio of one (a missed violation at worst,
 * never a false one): the own-jefe sentence of games whose text adds no exception, read as the table's
 * staffing (day-compliance.resolutions.md §9, §11), and the roulettes' and trente et quarante's, whose
 * exceptions (two, four per jefe) are the ratio judged.
 */
const OWN_JEFE_NOT_JUDGED = new Set([
  'cantabria A.1', 'cantabria A.2', 'cantabria A.5', 'cantabria A.6', 'cantabria A.7', 'cantabria A.9', 'cantabria A.10', 'cantabria A.10.1',
  'cantabria A.11', 'cantabria A.12', 'cantabria A.13', 'illes-balears 01', 'illes-balears 02', 'illes-balears 05', 'illes-balears 06',
  'illes-balears 08', 'illes-balears 09',
]);

describe('supervision ratios: the independent reading of every clause against the judge', () => {
  const numeric = rows.filter((r) => r.tablesPerJefe !== null && r.condition !== 'each table its own jefe');
  it.each(numeric.map((r) => [`${r.jurisdiction} ${r.section} ${r.lines}`, r] as const))('%s', (_name, r) => {
    const games = GAMES[r.jurisdiction]?.[r.section];
    expect(games).toBeDefined();
    for (const game of games!) {
      const reduced = r.condition === 'reduced tables only';
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

  it('each «its own jefe» clause is judged as a ratio of one or listed as not judged, with the reason', () => {
    const own = rows.filter((r) => r.condition === 'each table its own jefe').map((r) => `${r.jurisdiction} ${r.section}`);
    const judged = own.filter((key) => !OWN_JEFE_NOT_JUDGED.has(key));
    // illes-balears 07 punt i banca: a full table its own jefe, judged (L1244–1246)
    expect(judged).toEqual(['illes-balears 07']);
    expect(supervisionRatio('punto-banco', 'illes-balears', 'full')).toMatchObject({ tables: 1, cite: 'illes-balears L1244–1246' });
    // and nothing is listed as not judged that the reader did not find
    expect([...OWN_JEFE_NOT_JUDGED].filter((key) => !own.includes(key))).toEqual([]);
  });
});
