/**
 * The gaming day's rules held to the reading of the original texts (docs/games/readings/day-compliance.json):
 * every value the reader read is the value encoded, cited on lines the reader read it from; where they
 * differ on purpose, day-compliance.resolutions.md says why and this spec holds the resolution. Then the
 * reader's days, built from the quoted lines, judged.
 */
import { citesLines, readingOf, ReadingEntry } from './reading-testing';
import { DaySession, DICE_CUSTODY, HOURLY_ROTATIONS, judgeGamingDay, REVERSIBLE_CLOTHS, SUPERVISION, TABLES_IN_SERVICE } from './day-compliance';
import type { JurisdictionId } from './types';

const reading = readingOf('day-compliance');
const jurisdictions = Object.keys(reading.jurisdictions) as JurisdictionId[];
const read = (j: JurisdictionId, key: string): ReadingEntry | undefined => reading.jurisdictions[j]?.values[key];

describe('the day-compliance rules hold what the reader read', () => {
  it.each(jurisdictions)('%s: reversible cloths — changes per day, the text has them or not', (j) => {
    const r = read(j, 'reversibleCloths.changesPerDay')!;
    if (r.absent) return expect(REVERSIBLE_CLOTHS[j]).toBeUndefined();
    expect(REVERSIBLE_CLOTHS[j]!.changesPerDay).toBe(r.value);
    expect(citesLines(REVERSIBLE_CLOTHS[j]!.cite, r.lines!)).toBe(true);
  });

  it.each(jurisdictions)('%s: tables in service', (j) => {
    const r = read(j, 'tablesInService')!;
    if (r.absent) return expect(TABLES_IN_SERVICE[j]).toBeUndefined();
    expect(TABLES_IN_SERVICE[j]!.whereAuthorised).toBe((r.value as { whereAuthorised: boolean }).whereAuthorised);
    expect(citesLines(TABLES_IN_SERVICE[j]!.cite, r.lines!)).toBe(true);
  });

  it.each(jurisdictions)('%s: tables per jefe de mesa', (j) => {
    const games: Record<string, string[]> = {
      'french-roulette': ['french-roulette'],
      'american-roulette': ['american-roulette-single-zero', 'american-roulette-double-zero'],
      blackjack: ['blackjack'],
    };
    for (const [key, ids] of Object.entries(games)) {
      const r = read(j, `supervision.${key}`);
      if (!r) continue;
      for (const id of ids) {
        const ratio = SUPERVISION[j]![id];
        expect({ game: id, tables: ratio.tables, withRecording: ratio.withRecording }).toEqual({
          game: id,
          tables: (r.value as { tables: number }).tables,
          withRecording: (r.value as { withRecording?: number }).withRecording,
        });
        expect(citesLines(ratio.cite, r.lines!)).toBe(true);
      }
    }
    // andalucía's poker ratio (L63): encoded for caribbean-stud, which has an andalucía rulebook (compliance.second-reading.resolutions.md §2.1)
    if (j === 'andalucia') {
      const r = read(j, 'supervision.poker')!;
      expect(SUPERVISION.andalucia!['caribbean-stud'].tables).toBe((r.value as { tables: number }).tables);
      expect(citesLines(SUPERVISION.andalucia!['caribbean-stud'].cite, r.lines!)).toBe(true);
    }
  });

  it.each(jurisdictions)('%s: dice and ternas', (j) => {
    const dice = read(j, 'dice.perSession');
    if (!dice) expect(DICE_CUSTODY[j]).toBeUndefined();
    else {
      expect(DICE_CUSTODY[j]!.perSession).toBe(dice.value);
      expect(citesLines(DICE_CUSTODY[j]!.cite, dice.lines!)).toBe(true);
      expect(citesLines(DICE_CUSTODY[j]!.marksCite, read(j, 'dice.marks')!.lines!)).toBe(true);
    }
    const terna = read(j, 'bancaFrancesa.ternaEvery');
    if (!terna) expect(HOURLY_ROTATIONS[j]).toBeUndefined();
    else {
      expect(citesLines(HOURLY_ROTATIONS[j]!.terna, terna.lines!)).toBe(true);
      expect(citesLines(HOURLY_ROTATIONS[j]!.thrower, read(j, 'bancaFrancesa.throwerEvery')!.lines!)).toBe(true);
    }
  });
});

describe("the reader's days, judged", () => {
  const at = (hhmm: string) => `2026-11-21T${hhmm}:00.000Z`;
  let n = 0;
  const s = (j: JurisdictionId, tableId: string, game: string, from: string, to: string, more: Partial<DaySession> = {}): DaySession => {
    const id = `r-${++n}`;
    return {
      sessionId: id,
      tableId,
      game,
      jurisdiction: j,
      openEventId: `o-${id}`,
      openedAt: at(from),
      closedAt: at(to),
      closeEventId: `c-${id}`,
      openingFloat: 50_000,
      clothNumber: `${tableId}-${game}`,
      supervisors: [{ eventId: `o-${id}`, at: at(from), inspector: `jefe-${id}` }],
      diceIssued: [],
      ternaChanges: [],
      throwerChanges: [],
      ...more,
    };
  };
  const jefe = (inspector: string) => ({ supervisors: [{ eventId: `sup-${inspector}`, at: at('20:00'), inspector }] });
  const days: Record<string, [JurisdictionId, DaySession[]]> = {
    'cloth-twice-cantabria': [
      'cantabria',
      [
        s('cantabria', 'BJ-1', 'blackjack', '20:00', '20:50'),
        s('cantabria', 'BJ-1', 'punto-banco', '21:00', '21:50'),
        s('cantabria', 'BJ-1', 'blackjack', '22:00', '22:50'),
      ],
    ],
    // the card table changes its cloth on the hour, so a card table stays in service while the roulette plays (L12957–12958)
    'cloth-euskadi-unlimited': [
      'euskadi',
      [
        s('euskadi', 'RL-1', 'french-roulette', '20:00', '23:00'),
        s('euskadi', 'BJ-1', 'blackjack', '20:00', '21:00'),
        s('euskadi', 'BJ-1', 'punto-banco', '21:00', '22:00'),
        s('euskadi', 'BJ-1', 'blackjack', '22:00', '23:00'),
      ],
    ],
    'cloth-open-before-close': ['galicia', [s('galicia', 'BJ-1', 'blackjack', '20:00', '21:00'), s('galicia', 'BJ-1', 'punto-banco', '20:30', '22:00')]],
    'roulette-gap': [
      'euskadi',
      [
        s('euskadi', 'RL-1', 'french-roulette', '20:00', '21:00'),
        s('euskadi', 'RL-2', 'american-roulette-single-zero', '21:30', '23:00'),
        s('euskadi', 'BJ-1', 'blackjack', '20:00', '23:00'),
      ],
    ],
    'galicia-no-roulette': ['galicia', [s('galicia', 'BJ-1', 'blackjack', '20:00', '23:00')]],
    'galicia-three-under-one': ['galicia', ['RL-1', 'RL-2', 'RL-3'].map((t) => s('galicia', t, 'french-roulette', '20:00', '23:00', jefe('jefe-1')))],
    'cantabria-two-roulettes-no-recording': [
      'cantabria',
      ['RL-1', 'RL-2'].map((t) => s('cantabria', t, 'french-roulette', '20:00', '23:00', { ...jefe('jefe-1'), individualRecording: false })),
    ],
    'dice-five': [
      'illes-balears',
      [
        s('illes-balears', 'DC-1', 'craps', '20:00', '23:00', {
          diceIssued: [{ eventId: 'd', at: at('20:00'), dice: ['1', '2', '3', '4', '5'].map((x) => ({ serial: `S${x}`, initials: 'CB' })) }],
        }),
      ],
    ],
    'terna-late': [
      'cantabria',
      [
        s('cantabria', 'BF-1', 'banca-francesa', '20:00', '22:30', {
          ternaChanges: [
            { eventId: 't1', at: at('21:00') },
            { eventId: 't2', at: at('22:10') },
          ],
          throwerChanges: [
            { eventId: 'w1', at: at('21:00') },
            { eventId: 'w2', at: at('22:00') },
          ],
        }),
      ],
    ],
  };
  const behaviour = (reading as unknown as { behaviour: Array<{ id: string; jurisdiction: JurisdictionId; expected: string; lines: string }> }).behaviour;
  it.each(behaviour.map((b) => [b.id, b] as const))('%s', (id, b) => {
    const [j, sessions] = days[id];
    expect(j).toBe(b.jurisdiction);
    const found = judgeGamingDay(j, sessions).findings.map((f) => `${f.code} ${f.rule}`);
    if (b.expected === 'no finding') return expect(found).toEqual([]);
    const [code, rule] = b.expected.split(' ');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((f) => f.startsWith(code))).toBe(true);
    if (rule && rule !== 'on') expect(found).toContain(`${code} ${rule}`);
    if (/each of the three/.test(b.expected)) expect(found).toHaveLength(3);
    if (/on both/.test(b.expected)) expect(found).toHaveLength(2);
  });
});
