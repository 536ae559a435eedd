/**
 * The performance and equipment reports in the reader's language (issue 16): English reads as it always did
 * (the projection's own finding and CUSUM sentences, numbers as JavaScript writes them); Spanish, Basque,
 * Catalan and Galician word every line, the findings and the CUSUM from their fields, with no English word,
 * amounts and numbers in the locale's form; the CSV's header row is translated, its rows keep the codes.
 */
import type { EquipmentReport, PerformanceReport } from '../../projections/src';
import { LANGUAGES } from '../../i18n/src';
import { equipmentCsv, equipmentText } from './equipment-format';
import { performanceCsv, performanceText } from './performance-format';

const line = (level: string, subject: string, tableId: string | null) => ({
  casinoId: 'casino-p',
  subject,
  tableId,
  games: ['french-roulette'],
  rounds: 1234,
  handle: 1234550,
  actualWin: -370000,
  theoreticalWin: 33350,
  sd: 120000,
  z: -3.36,
  p: 0.00078,
  holdPercent: -29.97,
  theoreticalHoldPercent: 2.7,
  unvaluedHandle: 5000,
  unvaluedWin: 100,
  boundedRounds: 2,
  cagnotte: 0,
  staffRounds: level === 'croupier' ? 12 : 0,
});

const PERFORMANCE = {
  gamingDay: '2026-11-21',
  casinoId: 'casino-p',
  tableId: null,
  settings: { fdr: 0.01, minRounds: 30, leak: 0.005, alarmDays: 1000 },
  croupiersShown: true,
  casinos: [line('casino', 'casino-p', null)],
  tables: [line('table', 'RA-01', 'RA-01')],
  sessions: [line('session', 'perf-s1', 'RA-01')],
  croupiers: [line('croupier', 'cr-anna', null)],
  findings: [
    {
      kind: 'improbable-result',
      level: 'table',
      subject: 'RA-01',
      tableId: 'RA-01',
      games: ['french-roulette'],
      rounds: 1234,
      handle: 1234550,
      actualWin: -370000,
      theoreticalWin: 33350,
      sd: 120000,
      z: -3.36,
      p: 0.00078,
      adjustedP: 0.0039,
      tested: 5,
      fdr: 0.01,
      direction: 'house-below',
      message: 'table RA-01: the house won less than its edge makes likely (z = -3.36, p = 7.80e-4; 5 tables tested, adjusted p 3.90e-3 ≤ 0.01)',
    },
  ],
  cusum: [
    {
      casinoId: 'casino-p',
      level: 'table',
      subject: 'RA-01',
      statistic: 4.2,
      threshold: 6.1,
      days: 3,
      alarm: true,
      alarmDay: '2026-11-20',
      detection: 'a leak of 0.5 % of handle is found within 9000 rounds (3 gaming days of 3000 rounds) with 90 % probability',
      detectionRounds: 9000,
    },
    {
      casinoId: 'casino-p',
      level: 'croupier',
      subject: 'cr-anna',
      statistic: 0,
      threshold: null,
      days: 0,
      alarm: false,
      alarmDay: null,
      detection: 'no completed gaming day yet',
      detectionRounds: null,
    },
  ],
  charts: [],
} as unknown as PerformanceReport;

const EQUIPMENT = {
  casinoId: 'casino-w',
  tableId: null,
  level: 0.01,
  findings: 1,
  rows: [
    {
      casinoId: 'casino-w',
      tableId: 'RL-01',
      game: 'french-roulette',
      jurisdiction: 'euskadi',
      kind: 'wheel',
      setId: '',
      observations: 3700,
      sessions: 4,
      firstDay: '2026-11-18',
      lastDay: '2026-11-21',
      cells: [{ key: '0', observed: 100, expected: 100 }],
      tests: [
        { test: 'pockets', statistic: 71.2, degreesOfFreedom: 36, observations: 3700, p: 0.0004, adjustedP: 0.0012, status: 'finding', worstSector: null },
        {
          test: 'sectors',
          width: 5,
          statistic: 12.5,
          degreesOfFreedom: 36,
          observations: 3700,
          p: 0.5,
          adjustedP: 0.5,
          status: 'as-designed',
          worstSector: ['17', '25'],
        },
      ],
      power: { pocket: '17', factor: 1.2, level: 0.01, power: 0.9, spinsNeeded: 52000, spinsRecorded: 3700 },
      notes: [],
    },
  ],
  shoes: [
    {
      casinoId: 'casino-w',
      tableId: 'BJ-01',
      sessionId: 's-1',
      shoeId: 'sh-1',
      game: 'blackjack',
      ended: true,
      asDesigned: true,
      decks: 6,
      dealt: 312,
      size: 312,
      ranks: [{ rank: 'A', dealt: 24, inShoe: 24 }],
    },
  ],
} as unknown as EquipmentReport;

/** Words of these reports' English that no other language may show. */
const ENGLISH = [
  'actual',
  'against',
  'theoretical',
  'win',
  'gaming',
  'day',
  'rounds',
  'round',
  'handle',
  'findings',
  'finding',
  'house',
  'won',
  'less',
  'than',
  'likely',
  'tested',
  'adjusted',
  'across',
  'days',
  'statistic',
  'after',
  'leak',
  'found',
  'within',
  'probability',
  'alarm',
  'since',
  'without',
  'figure',
  'bounded',
  'table',
  'session',
  'equipment',
  'spins',
  'pockets',
  'designed',
  'power',
  'pocket',
  'share',
  'shoes',
  'played',
  'through',
  'dealt',
  'end',
  'every',
  'rank',
  'decks',
  'hold',
  'the',
  'of',
  'at',
  'its',
  'is',
  'yet',
];
const words = (text: string) =>
  text
    .split(/[^\p{L}]+/u)
    .filter(Boolean)
    .map((w) => w.toLowerCase());

describe('the performance and equipment reports in the reader’s language', () => {
  it('English reads as it always did', () => {
    const text = performanceText(PERFORMANCE);
    expect(text).toContain('Actual against theoretical win — gaming day 2026-11-21 · casino casino-p');
    expect(text).toContain(
      '  session  perf-s1        rounds  1234 · handle 12,345.50 · actual -3,700.00 · theoretical 333.50 ± 1,200.00 · z -3.36 · p 0.0008 · without figure: handle 50.00, win 1.00 · σ bounded in 2 round(s)',
    );
    expect(text).toContain(`    ${PERFORMANCE.findings[0].message}`);
    expect(text).toContain('    table RA-01: ALARM since 2026-11-20 · statistic 4.200 of 6.100 after 3 day(s) · a leak of 0.5 % of handle');
    expect(performanceCsv(PERFORMANCE).split('\n')[0]).toBe(
      'level,casinoId,subject,tableId,games,rounds,handle,actualWin,theoreticalWin,sd,z,p,holdPercent,theoreticalHoldPercent,unvaluedHandle,unvaluedWin,boundedRounds,cagnotte,staffRounds',
    );
    const eq = equipmentText(EQUIPMENT);
    expect(eq).toContain("Equipment — casino casino-w · findings at a false discovery rate of 1 % across each casino's tables: 1");
    expect(eq).toContain('casino-w RL-01 · french-roulette (euskadi) · wheel · 3700 spins in 4 sessions, 2026-11-18 – 2026-11-21');
    expect(eq).toContain('    pockets: χ² 71.20 (df 36, 3700) p 0.0004 · adjusted 0.0012 → FINDING');
    expect(eq).toContain('  BJ-01 s-1 shoe sh-1: dealt to the end: every rank as 6 decks hold · A:24/24');
  });

  for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
    it(`${lang}: every line worded, no English word, amounts in the locale's form`, () => {
      const text = performanceText(PERFORMANCE, lang) + '\n' + equipmentText(EQUIPMENT, lang);
      // ids, codes and the statistics' own symbols are not words
      const english = words(
        text.replace(/casino-[a-z]+|perf-s1|cr-anna|RA-01|RL-01|BJ-01|sh-1|s-1|french-roulette|euskadi|CroupierChanged|CUSUM|Benjamini|Hochberg/g, ' '),
      ).filter((w) => ENGLISH.includes(w));
      expect({ lang, english }).toEqual({ lang, english: [] });
      expect(text).toContain('12.345,50');
      expect(text).toMatch(/[-−]3\.700,00/);
      expect(performanceCsv(PERFORMANCE, lang).split('\n')[1]).toContain('casino,casino-p,casino-p');
      expect(performanceCsv(PERFORMANCE, lang).split('\n')[0]).not.toContain('actualWin');
      expect(equipmentCsv(EQUIPMENT, lang).split('\n')[0]).not.toContain('adjustedP');
    });
  }
});
