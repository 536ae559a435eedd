/**
 * The gaming-day rules against the independent second reading (docs/games/readings/compliance.second-reading.json,
 * read from the original texts without seeing the code): every value both read agrees, and each citation
 * names lines the second reader read it from. Where the second reader read more than is judged (a craps
 * table's or a full punto y banca table's own jefe, the table at the authorised minimum), the settlement is in
 * day-compliance.resolutions.md §9, and this spec holds it.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DICE_CUSTODY, HOURLY_ROTATIONS, REVERSIBLE_CLOTHS, SUPERVISION, supervisionRatio, TABLES_IN_SERVICE } from './day-compliance';
import { citesLines, READINGS_DIR } from './reading-testing';
import type { JurisdictionId } from './types';

type Entry = { value: unknown; lines?: string };
const second = JSON.parse(readFileSync(resolve(READINGS_DIR, 'compliance.second-reading.json'), 'utf8')) as {
  rows: Record<string, Record<string, { values: Record<string, Entry> }>>;
};
const row = (id: string, j: JurisdictionId) => second.rows[id]?.[j]?.values ?? {};
/** the first whole number a reader's statement gives ("4 if contiguous" → 4), or the number itself */
const firstNumber = (v: unknown) => (typeof v === 'number' ? v : Number(String(v).match(/\d+/)?.[0]));

describe('the gaming-day rules agree with the independent second reading', () => {
  it.each(['euskadi', 'cantabria', 'illes-balears', 'galicia', 'andalucia'] as const)('%s: reversible cloths', (j) => {
    const v = row('reversible-cloths', j);
    if (!v.maxGameChangesPerTablePerDay) return expect(REVERSIBLE_CLOTHS[j]).toBeUndefined();
    expect(REVERSIBLE_CLOTHS[j]!.changesPerDay).toBe(v.maxGameChangesPerTablePerDay.value);
    expect(citesLines(REVERSIBLE_CLOTHS[j]!.cite, v.maxGameChangesPerTablePerDay.lines!)).toBe(true);
    expect([v.previousGameClosedFirst.value, v.newFloat.value]).toEqual([true, true]);
  });

  it.each(['euskadi', 'cantabria', 'illes-balears', 'galicia', 'andalucia'] as const)('%s: tables in service', (j) => {
    const v = row('tables-in-service', j);
    if (v.minimumInService?.value === null || !v.minimumInService) return expect(TABLES_IN_SERVICE[j]).toBeUndefined();
    expect(v.minimumInService.value).toEqual(['one roulette table', 'one card table']);
    expect(citesLines(TABLES_IN_SERVICE[j]!.cite, v.minimumInService.lines!)).toBe(true);
    expect(TABLES_IN_SERVICE[j]!.whereAuthorised).toBe(!!v.condition && /authorised/.test(String(v.condition.value)));
  });

  it('tables per jefe: the roulettes and blackjack, as both read them', () => {
    const cases: Array<[JurisdictionId, string, string[], number, number | undefined]> = [
      // the second reader read the roulettes from the french clause (L463–466); the american one has its own (L1206–1209), with the same four
      ['euskadi', 'roulette.maxTablesPerJefe', ['french-roulette'], 4, undefined],
      ['euskadi', 'blackjack.maxTablesPerJefe', ['blackjack'], 4, undefined],
      // "1 normally; 2 contiguous tables … if each has an individual recording system"
      ['cantabria', 'frenchRoulette.maxTablesPerJefe', ['french-roulette'], 1, 2],
      // "2 simultaneously …; 4 contiguous if each has individual recording"
      ['cantabria', 'americanRoulette.maxTablesPerJefe', ['american-roulette-single-zero', 'american-roulette-double-zero'], 2, 4],
      ['cantabria', 'blackjack.maxTablesPerJefe', ['blackjack'], 4, undefined],
      ['illes-balears', 'frenchRoulette.maxTablesPerJefe', ['french-roulette'], 2, undefined],
      ['illes-balears', 'americanRoulette.maxTablesPerJefe', ['american-roulette-single-zero'], 4, undefined],
      ['illes-balears', 'blackjack.maxTablesPerJefe', ['blackjack'], 4, undefined],
      ['galicia', 'frenchRoulette.maxTablesPerJefe', ['french-roulette'], 2, undefined],
      ['galicia', 'americanRoulette.maxTablesPerJefe', ['american-roulette-double-zero'], 4, undefined],
      ['galicia', 'blackjack.maxTablesPerJefe', ['blackjack'], 4, undefined],
      ['galicia', 'fortuneWheel', ['wheel-of-fortune'], 4, undefined],
    ];
    expect(SUPERVISION.euskadi!['american-roulette-single-zero'].tables).toBe(firstNumber(row('supervision', 'euskadi')['roulette.maxTablesPerJefe'].value));
    for (const [j, key, games, tables, withRecording] of cases) {
      const read = row('supervision', j)[key];
      expect({ j, key, read: firstNumber(read.value) }).toEqual({ j, key, read: tables });
      if (withRecording) expect(String(read.value)).toMatch(new RegExp(`${withRecording} contiguous .*recording`));
      for (const game of games) {
        expect({ j, game, tables: SUPERVISION[j]![game].tables, withRecording: SUPERVISION[j]![game].withRecording }).toEqual({
          j,
          game,
          tables,
          withRecording,
        });
        expect(citesLines(SUPERVISION[j]![game].cite, read.lines!)).toBe(true);
      }
    }
  });

  it("resolutions §9: a craps table's and a full punto y banca table's own jefe (euskadi L3178–3180, L3980–3983) are staffing, not judged as a ratio", () => {
    expect(row('supervision', 'euskadi').dice.lines).toBe('L3178–3180');
    expect(SUPERVISION.euskadi!.craps).toBeUndefined();
    expect(supervisionRatio('punto-banco', 'euskadi')).toBeNull();
    expect(supervisionRatio('punto-banco', 'euskadi', 'full')).toBeNull();
    // the mini and midi tables' four (L4061–4065, resolutions §2.3) is the ratio of those tables only
    expect(supervisionRatio('punto-banco', 'euskadi', 'mini')).toMatchObject({ tables: 4, cite: 'euskadi L4061–4065' });
  });

  it.each(['euskadi', 'cantabria', 'illes-balears', 'galicia'] as const)('%s: six marked dice per craps session', (j) => {
    const v = row('equipment-custody', j);
    expect(firstNumber(v['dice.perSession'].value)).toBe(DICE_CUSTODY[j]!.perSession);
    expect(String(v['dice.perSession'].value)).toMatch(/different from those used in the/);
    expect(citesLines(DICE_CUSTODY[j]!.cite, v['dice.perSession'].lines!)).toBe(true);
    expect(citesLines(DICE_CUSTODY[j]!.marksCite, v['dice.marking'].lines!)).toBe(true);
  });

  it('banca francesa: ternas and thrower hourly in cantabria only', () => {
    const v = row('equipment-custody', 'cantabria');
    expect(String(v['bancaFrancesa.throwerReplaced'].value)).toMatch(/every hour, save force majeure/);
    expect(citesLines(HOURLY_ROTATIONS.cantabria!.terna, v['bancaFrancesa.ternas'].lines!)).toBe(true);
    expect(citesLines(HOURLY_ROTATIONS.cantabria!.thrower, v['bancaFrancesa.throwerReplaced'].lines!)).toBe(true);
    expect(Object.keys(HOURLY_ROTATIONS)).toEqual(['cantabria']);
  });
});
