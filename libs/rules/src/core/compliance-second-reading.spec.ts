/**
 * The second, independent reading of the session and gaming-day compliance clauses
 * (docs/games/readings/compliance.second-reading.json, read from the original texts before the first reading
 * or the code was opened) held against the code: (a) every value both readings give, mapped by hand to the
 * rule field that holds it, equal, and cited on lines that overlap the second reader's; (b) every scenario of
 * the second reading that the facts can express, built as facts and judged by the code, with the second
 * reader's verdict. Scenarios the facts cannot express (who decided, who announced, the clock against the
 * closing time, contiguity, sectors, books) and the disagreements are listed in
 * docs/games/readings/compliance.second-reading.resolutions.md.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gameRules, rulebookFor } from '../registry';
import { CANTABRIA_COMMON, EUSKADI_COMMON } from './circle';
import {
  DaySession,
  DICE_CUSTODY,
  HOURLY_ROTATIONS,
  judgeGamingDay,
  MIXED_CARD_GAMES,
  RECORDED_SECTORS,
  REVERSIBLE_CLOTHS,
  SUPERVISION,
  supervisionRatio,
  TABLES_IN_SERVICE,
} from './day-compliance';
import { citesLines, READINGS_DIR } from './reading-testing';
import { complianceAfter, complianceRules, ComplianceState, initialCompliance } from './session-compliance';
import type { Fact, Finding, JurisdictionId } from './types';

type Entry = { value: unknown; lines: string; quote: string; note?: string; ambiguity?: string };
type Scenario = { name: string; facts: string; verdict: string; lines: string };
const second = JSON.parse(readFileSync(resolve(READINGS_DIR, 'compliance.second-reading.json'), 'utf8')) as {
  rows: Record<string, Record<JurisdictionId, { values: Record<string, Entry>; scenarios: Scenario[] }>>;
};
const entry = (row: string, j: JurisdictionId, key: string): Entry => {
  const e = second.rows[row]?.[j]?.values[key];
  if (!e) throw new Error(`the second reading has no ${row} ${j} ${key}`);
  return e;
};
const scenario = (row: string, j: JurisdictionId, name: string): Scenario => {
  const s = second.rows[row]?.[j]?.scenarios.find((x) => x.name === name);
  if (!s) throw new Error(`the second reading has no scenario ${row} ${j} "${name}"`);
  return s;
};
const rules = (game: string, j: JurisdictionId) => complianceRules(game, gameRules(game)!.family, j);

// ------------------------------------------------------------------ (a) the values both readings give

/** [row, jurisdiction, key, what the second reader's value means in the code's terms, what the code holds, the code's citation] */
type ValueCheck = [string, JurisdictionId, string, (e: Entry) => unknown, () => unknown, (() => string | undefined)?];
const lc = (game: string, j: JurisdictionId) => rules(game, j).limitChange;
const shape = (game: string, j: JurisdictionId) => {
  const r = lc(game, j);
  if (!r) return null;
  return r.kind === 'last-rounds' ? { kind: r.kind, rounds: r.rounds, upward: !!r.upward, once: !!r.once } : { kind: r.kind };
};
const closing = (game: string, j: JurisdictionId) => rules(game, j).closing?.announce ?? null;

const VALUES: ValueCheck[] = [
  // limit changes — euskadi: three balls at the old limit, any direction, any number; blackjack the last shoe; circle poker prior notice
  [
    'limit-changes',
    'euskadi',
    'roulette.announceBeforeChange',
    () => ({ kind: 'last-rounds', rounds: 3, upward: false, once: false }),
    () => shape('french-roulette', 'euskadi'),
    () => lc('french-roulette', 'euskadi')?.cite,
  ],
  [
    'limit-changes',
    'euskadi',
    'roulette.direction',
    (e) => (String(e.value).startsWith('up or down') ? false : true),
    () => (lc('french-roulette', 'euskadi') as { upward?: string }).upward !== undefined,
  ],
  [
    'limit-changes',
    'euskadi',
    'roulette.maxChangesPerSession',
    (e) => e.value !== null,
    () => (lc('french-roulette', 'euskadi') as { once?: string }).once !== undefined,
  ],
  [
    'limit-changes',
    'euskadi',
    'blackjack.announceBeforeChange',
    () => ({ kind: 'last-shoe' }),
    () => shape('blackjack', 'euskadi'),
    () => lc('blackjack', 'euskadi')?.cite,
  ],
  [
    'limit-changes',
    'euskadi',
    'circlePoker.condition',
    () => ({ kind: 'prior-notice' }),
    () => shape('circle-poker-texas-holdem', 'euskadi'),
    () => lc('circle-poker-texas-holdem', 'euskadi')?.cite,
  ],
  ['limit-changes', 'euskadi', 'otherCardGames', (e) => e.value, () => shape('caribbean-stud', 'euskadi') ?? shape('punto-banco', 'euskadi')],
  // cantabria: upward only, once per session, three balls; blackjack and the two hold'em by reference; circle poker prior notice
  [
    'limit-changes',
    'cantabria',
    'roulette.direction',
    (e) => e.value === 'up only',
    () => !!(lc('french-roulette', 'cantabria') as { upward?: string }).upward,
    () => (lc('french-roulette', 'cantabria') as { upward?: string }).upward,
  ],
  [
    'limit-changes',
    'cantabria',
    'roulette.maxChangesPerSession',
    (e) => e.value === 1,
    () => !!(lc('french-roulette', 'cantabria') as { once?: string }).once,
    () => (lc('french-roulette', 'cantabria') as { once?: string }).once,
  ],
  [
    'limit-changes',
    'cantabria',
    'roulette.announceBeforeChange',
    () => 3,
    () => (lc('french-roulette', 'cantabria') as { rounds?: number }).rounds,
    () => lc('french-roulette', 'cantabria')?.cite,
  ],
  [
    'limit-changes',
    'cantabria',
    'blackjack.allowedAfterOpening',
    () => ({ kind: 'last-rounds', rounds: 3, upward: true, once: true }),
    () => shape('blackjack', 'cantabria'),
    () => lc('blackjack', 'cantabria')?.cite,
  ],
  [
    'limit-changes',
    'cantabria',
    'otherGamesReferringToRoulette',
    (e) => (e.value as string[]).map(() => 'last-rounds'),
    () => ['blackjack', 'texas-holdem-bonus', 'texas-holdem-vs-bank'].map((g) => lc(g, 'cantabria')?.kind),
    () => lc('texas-holdem-bonus', 'cantabria')?.cite,
  ],
  [
    'limit-changes',
    'cantabria',
    'circlePoker.condition',
    () => ({ kind: 'prior-notice' }),
    () => shape('circle-poker-omaha', 'cantabria'),
    () => lc('circle-poker-omaha', 'cantabria')?.cite,
  ],
  // illes-balears: three balls at the old limit, no direction or count; blackjack by reference; circle poker none
  [
    'limit-changes',
    'illes-balears',
    'roulette.announceBeforeChange',
    () => ({ kind: 'last-rounds', rounds: 3, upward: false, once: false }),
    () => shape('french-roulette', 'illes-balears'),
    () => lc('french-roulette', 'illes-balears')?.cite,
  ],
  [
    'limit-changes',
    'illes-balears',
    'blackjack.allowedAfterOpening',
    () => ({ kind: 'last-rounds', rounds: 3, upward: false, once: false }),
    () => shape('blackjack', 'illes-balears'),
    () => lc('blackjack', 'illes-balears')?.cite,
  ],
  ['limit-changes', 'illes-balears', 'circlePoker', (e) => e.value, () => shape('synthetic-poker', 'illes-balears')],
  // galicia: no change once open, roulette and blackjack
  [
    'limit-changes',
    'galicia',
    'roulette.allowedAfterOpening',
    (e) => (e.value === false ? { kind: 'forbidden' } : null),
    () => shape('french-roulette', 'galicia'),
    () => lc('french-roulette', 'galicia')?.cite,
  ],
  [
    'limit-changes',
    'galicia',
    'blackjack.allowedAfterOpening',
    (e) => (e.value === false ? { kind: 'forbidden' } : null),
    () => shape('blackjack', 'galicia'),
    () => lc('blackjack', 'galicia')?.cite,
  ],
  ['limit-changes', 'andalucia', 'roulette', (e) => e.value, () => shape('caribbean-stud', 'andalucia') ?? shape('synthetic-poker', 'andalucia')],

  // closing announcements
  [
    'closing',
    'euskadi',
    'roulette',
    () => ({ rounds: 3 }),
    () => closing('french-roulette', 'euskadi'),
    () => rules('french-roulette', 'euskadi').closing?.cite,
  ],
  ['closing', 'euskadi', 'dice', () => ({ last: 'shooter' }), () => closing('craps', 'euskadi'), () => rules('craps', 'euskadi').closing?.cite],
  ['closing', 'euskadi', 'blackjack', () => ({ last: 'shoe' }), () => closing('blackjack', 'euskadi'), () => rules('blackjack', 'euskadi').closing?.cite],
  ['closing', 'euskadi', 'otherCardGames', () => ({ rounds: 3 }), () => closing('punto-banco', 'euskadi'), () => rules('punto-banco', 'euskadi').closing?.cite],
  ['closing', 'euskadi', 'trijoker', () => ({ rounds: 3 }), () => closing('trijoker', 'euskadi'), () => rules('trijoker', 'euskadi').closing?.cite],
  [
    'closing',
    'cantabria',
    'general',
    (e) => [e.value, e.value, e.value],
    () => [closing('french-roulette', 'cantabria'), closing('blackjack', 'cantabria'), closing('craps', 'cantabria')],
  ],
  // the code's game id for cantabria A.14.1 "Poker sin descarte" is caribbean-stud
  [
    'closing',
    'cantabria',
    'pokerWithoutDraw',
    () => ({ rounds: 5 }),
    () => closing('caribbean-stud', 'cantabria'),
    () => rules('caribbean-stud', 'cantabria').closing?.cite,
  ],
  ['closing', 'cantabria', 'trijoker', () => ({ rounds: 3 }), () => closing('trijoker', 'cantabria'), () => rules('trijoker', 'cantabria').closing?.cite],
  [
    'closing',
    'illes-balears',
    'general',
    (e) => [e.value, e.value],
    () => [closing('french-roulette', 'illes-balears'), closing('blackjack', 'illes-balears')],
  ],
  ['closing', 'galicia', 'general', (e) => [e.value, e.value], () => [closing('french-roulette', 'galicia'), closing('blackjack', 'galicia')]],
  [
    'closing',
    'andalucia',
    'announcement',
    () => ({ rounds: 3 }),
    () => closing('synthetic-poker', 'andalucia'),
    () => rules('synthetic-poker', 'andalucia').closing?.cite,
  ],

  // temporary closing (euskadi only)
  [
    'temporary-closing',
    'euskadi',
    'generalClause.minimumTimeLeftMinutes',
    (e) => Number(e.value) * 60_000,
    () => rules('blackjack', 'euskadi').suspension?.minimumLeftMs,
    () => rules('blackjack', 'euskadi').suspension?.hourCite,
  ],
  [
    'temporary-closing',
    'euskadi',
    'perGameClause.presentToReopen',
    () => 'croupier-and-inspector',
    () => rules('blackjack', 'euskadi').suspension?.reopening,
    () => rules('blackjack', 'euskadi').suspension?.reopeningCite,
  ],
  [
    'temporary-closing',
    'euskadi',
    'generalClause.reopenedBy',
    () => 'table-staff',
    () => rules('chemin-de-fer', 'euskadi').suspension?.reopening,
    () => rules('chemin-de-fer', 'euskadi').suspension?.reopeningCite,
  ],
  [
    'temporary-closing',
    'euskadi',
    'perGameClause.cashAndTips',
    () => true,
    () => citesLines(rules('blackjack', 'euskadi').suspension!.lockedCite, 'L873–875'),
    () => rules('blackjack', 'euskadi').suspension?.lockedCite,
  ],
  ['temporary-closing', 'cantabria', 'temporaryClosing', (e) => e.value ?? undefined, () => rules('blackjack', 'cantabria').suspension],
  ['temporary-closing', 'illes-balears', 'temporaryClosing', (e) => e.value ?? undefined, () => rules('blackjack', 'illes-balears').suspension],
  ['temporary-closing', 'galicia', 'temporaryClosing', (e) => e.value ?? undefined, () => rules('blackjack', 'galicia').suspension],

  // circle poker's partida: the two turns of the mano, spared by a published duration (not in andalucía); the house's benefit
  [
    'circle-poker-session',
    'euskadi',
    'defaultMinimumDuration',
    (e) => String(e.value).startsWith('only if no duration was fixed'),
    () => rules('circle-poker-texas-holdem', 'euskadi').circleSession?.publishedSuffices,
    () => rules('circle-poker-texas-holdem', 'euskadi').circleSession?.cite,
  ],
  [
    'circle-poker-session',
    'cantabria',
    'defaultMinimumDuration',
    (e) => String(e.value).startsWith('only if no duration was fixed'),
    () => rules('circle-poker-omaha', 'cantabria').circleSession?.publishedSuffices,
    () => rules('circle-poker-omaha', 'cantabria').circleSession?.cite,
  ],
  [
    'circle-poker-session',
    'andalucia',
    'minimumDuration',
    (e) => !String(e.value).startsWith('ALWAYS'),
    () => rules('synthetic-poker', 'andalucia').circleSession?.publishedSuffices,
    () => rules('synthetic-poker', 'andalucia').circleSession?.cite,
  ],
  ['circle-poker-session', 'illes-balears', 'duration', (e) => e.value ?? undefined, () => rules('synthetic-poker', 'illes-balears').circleSession],
  ['circle-poker-session', 'euskadi', 'fee.optionA', () => 0.05, () => EUSKADI_COMMON.maxCagnotteRate.value, () => EUSKADI_COMMON.maxCagnotteRate.cite],
  ['circle-poker-session', 'euskadi', 'fee.optionB', () => [0.1, 0.2], () => EUSKADI_COMMON.sessionFeeRange.value, () => EUSKADI_COMMON.sessionFeeRange.cite],
  [
    'circle-poker-session',
    'euskadi',
    'fee.optionC',
    () => [0.2, 0.5],
    () => EUSKADI_COMMON.perPlayerFeeRange.value,
    () => EUSKADI_COMMON.perPlayerFeeRange.cite,
  ],
  ['circle-poker-session', 'cantabria', 'fee.optionA', () => 0.05, () => CANTABRIA_COMMON.maxCagnotteRate.value, () => CANTABRIA_COMMON.maxCagnotteRate.cite],
  [
    'circle-poker-session',
    'cantabria',
    'fee.optionB',
    () => [0.1, 0.2],
    () => CANTABRIA_COMMON.sessionFeeRange.value,
    () => CANTABRIA_COMMON.sessionFeeRange.cite,
  ],
  [
    'circle-poker-session',
    'cantabria',
    'fee.optionsCount',
    (e) => e.value,
    () => CANTABRIA_COMMON.cagnotteModes.value.length,
    () => CANTABRIA_COMMON.cagnotteModes.cite,
  ],
  [
    'circle-poker-session',
    'illes-balears',
    'fee',
    () => 0.03,
    () => (rulebookFor('synthetic-poker', 'illes-balears') as unknown as { maxCagnotteRate: { value: number } }).maxCagnotteRate.value,
  ],
  [
    'circle-poker-session',
    'andalucia',
    'fee',
    () => 0.03,
    () => (rulebookFor('synthetic-poker', 'andalucia') as unknown as { maxCagnotteRate: { value: number } }).maxCagnotteRate.value,
  ],

  // reversible cloths: changes per table per day
  ...(['euskadi', 'cantabria', 'illes-balears', 'galicia'] as const).map((j): ValueCheck => [
    'reversible-cloths',
    j,
    'maxGameChangesPerTablePerDay',
    (e) => e.value,
    () => REVERSIBLE_CLOTHS[j]?.changesPerDay,
    () => REVERSIBLE_CLOTHS[j]?.cite,
  ]),
  ['reversible-cloths', 'andalucia', 'reversibleCloths', (e) => e.value ?? undefined, () => REVERSIBLE_CLOTHS.andalucia],

  // tables in service: a roulette and a card table (euskadi always; galicia where authorised)
  ['tables-in-service', 'euskadi', 'minimumInService', () => false, () => TABLES_IN_SERVICE.euskadi?.whereAuthorised, () => TABLES_IN_SERVICE.euskadi?.cite],
  [
    'tables-in-service',
    'galicia',
    'condition',
    (e) => String(e.value).startsWith('provided'),
    () => TABLES_IN_SERVICE.galicia?.whereAuthorised,
    () => TABLES_IN_SERVICE.galicia?.cite,
  ],
  ['tables-in-service', 'cantabria', 'minimumInService', (e) => e.value ?? undefined, () => TABLES_IN_SERVICE.cantabria],
  ['tables-in-service', 'illes-balears', 'minimumInService', (e) => e.value ?? undefined, () => TABLES_IN_SERVICE['illes-balears']],

  // tables per jefe de mesa
  [
    'supervision',
    'euskadi',
    'roulette.maxTablesPerJefe',
    (e) => ({ tables: e.value }),
    () => ({ tables: SUPERVISION.euskadi?.['french-roulette'].tables }),
    () => SUPERVISION.euskadi?.['french-roulette'].cite,
  ],
  [
    'supervision',
    'euskadi',
    'blackjack.maxTablesPerJefe',
    (e) => ({ tables: e.value }),
    () => ({ tables: SUPERVISION.euskadi?.blackjack.tables }),
    () => SUPERVISION.euskadi?.blackjack.cite,
  ],
  [
    'supervision',
    'cantabria',
    'frenchRoulette.maxTablesPerJefe',
    () => ({ tables: 1, withRecording: 2 }),
    () => ({ tables: SUPERVISION.cantabria?.['french-roulette'].tables, withRecording: SUPERVISION.cantabria?.['french-roulette'].withRecording }),
    () => SUPERVISION.cantabria?.['french-roulette'].cite,
  ],
  [
    'supervision',
    'cantabria',
    'americanRoulette.maxTablesPerJefe',
    () => ({ tables: 2, withRecording: 4 }),
    () => ({
      tables: SUPERVISION.cantabria?.['american-roulette-single-zero'].tables,
      withRecording: SUPERVISION.cantabria?.['american-roulette-single-zero'].withRecording,
    }),
    () => SUPERVISION.cantabria?.['american-roulette-single-zero'].cite,
  ],
  [
    'supervision',
    'cantabria',
    'blackjack.maxTablesPerJefe',
    () => 4,
    () => SUPERVISION.cantabria?.blackjack.tables,
    () => SUPERVISION.cantabria?.blackjack.cite,
  ],
  // "blackjack, mini punto y banca and poker mixed: at most 4, provided each table has an individual recording system" (resolutions §2.2)
  [
    'supervision',
    'cantabria',
    'mixedBankingCardGames',
    () => ({ tables: 4, games: ['blackjack', 'punto-banco', 'caribbean-stud'], eachRecorded: true }),
    () => ({
      tables: SUPERVISION.cantabria?.blackjack.tables,
      games: ['blackjack', 'punto-banco', 'caribbean-stud'].filter((g) => MIXED_CARD_GAMES.cantabria?.games.has(g)),
      eachRecorded: MIXED_CARD_GAMES.cantabria !== undefined,
    }),
    () => MIXED_CARD_GAMES.cantabria?.cite,
  ],
  // the clauses encoded later (day-compliance.resolutions.md §10): póker sin descarte's sector of four, hold'em bonus's four with recording
  [
    'supervision',
    'cantabria',
    'pokerWithoutDraw',
    () => 4,
    () => SUPERVISION.cantabria?.['caribbean-stud'].tables,
    () => SUPERVISION.cantabria?.['caribbean-stud'].cite,
  ],
  [
    'supervision',
    'cantabria',
    'texasBonus',
    () => ({ tables: 4, recorded: true }),
    () => ({
      tables: SUPERVISION.cantabria?.['texas-holdem-bonus'].tables,
      recorded: RECORDED_SECTORS.cantabria?.some((c) => c.anchor === 'texas-holdem-bonus'),
    }),
    () => RECORDED_SECTORS.cantabria?.find((c) => c.anchor === 'texas-holdem-bonus')?.cite,
  ],
  [
    'supervision',
    'illes-balears',
    'puntBancaReduced',
    (e) => e.value,
    () => supervisionRatio('punto-banco', 'illes-balears', 'mini')?.tables,
    () => supervisionRatio('punto-banco', 'illes-balears', 'midi')?.cite,
  ],
  [
    'supervision',
    'galicia',
    'puntoBancaReduced',
    (e) => e.value,
    () => supervisionRatio('punto-banco', 'galicia', 'mini')?.tables,
    () => supervisionRatio('punto-banco', 'galicia', 'midi')?.cite,
  ],
  [
    'supervision',
    'illes-balears',
    'frenchRoulette.maxTablesPerJefe',
    (e) => e.value,
    () => SUPERVISION['illes-balears']?.['french-roulette'].tables,
    () => SUPERVISION['illes-balears']?.['french-roulette'].cite,
  ],
  [
    'supervision',
    'illes-balears',
    'americanRoulette.maxTablesPerJefe',
    (e) => e.value,
    () => SUPERVISION['illes-balears']?.['american-roulette-double-zero'].tables,
    () => SUPERVISION['illes-balears']?.['american-roulette-double-zero'].cite,
  ],
  [
    'supervision',
    'illes-balears',
    'blackjack.maxTablesPerJefe',
    (e) => e.value,
    () => SUPERVISION['illes-balears']?.blackjack.tables,
    () => SUPERVISION['illes-balears']?.blackjack.cite,
  ],
  [
    'supervision',
    'galicia',
    'frenchRoulette.maxTablesPerJefe',
    (e) => e.value,
    () => SUPERVISION.galicia?.['french-roulette'].tables,
    () => SUPERVISION.galicia?.['french-roulette'].cite,
  ],
  [
    'supervision',
    'galicia',
    'americanRoulette.maxTablesPerJefe',
    (e) => e.value,
    () => SUPERVISION.galicia?.['american-roulette-single-zero'].tables,
    () => SUPERVISION.galicia?.['american-roulette-single-zero'].cite,
  ],
  ['supervision', 'galicia', 'blackjack.maxTablesPerJefe', () => 4, () => SUPERVISION.galicia?.blackjack.tables, () => SUPERVISION.galicia?.blackjack.cite],

  // equipment custody
  ...(['euskadi', 'cantabria', 'illes-balears', 'galicia'] as const).flatMap((j): ValueCheck[] => [
    [
      'equipment-custody',
      j,
      'dice.perSession',
      (e) => (String(e.value).startsWith('6 dice') ? 6 : null),
      () => DICE_CUSTODY[j]?.perSession,
      () => DICE_CUSTODY[j]?.cite,
    ],
    ['equipment-custody', j, 'dice.marking', () => true, () => DICE_CUSTODY[j] !== undefined, () => DICE_CUSTODY[j]?.marksCite],
  ]),
  [
    'equipment-custody',
    'cantabria',
    'bancaFrancesa.ternas',
    () => true,
    () => HOURLY_ROTATIONS.cantabria !== undefined,
    () => HOURLY_ROTATIONS.cantabria?.terna,
  ],
  [
    'equipment-custody',
    'cantabria',
    'bancaFrancesa.throwerReplaced',
    () => true,
    () => HOURLY_ROTATIONS.cantabria !== undefined,
    () => HOURLY_ROTATIONS.cantabria?.thrower,
  ],
  [
    'equipment-custody',
    'andalucia',
    'equipment',
    (e) => [e.value ?? undefined, e.value ?? undefined],
    () => [DICE_CUSTODY.andalucia, HOURLY_ROTATIONS.andalucia],
  ],
];

describe("(a) every value both readings give: the code holds the second reader's, cited on the lines he read it from", () => {
  it.each(VALUES.map((v) => [`${v[0]} ${v[1]} ${v[2]}`, v] as const))('%s', (_name, [row, j, key, mine, code, cite]) => {
    const e = entry(row, j, key);
    expect({ key, value: code() }).toEqual({ key, value: mine(e) });
    const c = cite?.();
    if (c && e.lines.startsWith('L'))
      expect({ key, cite: c, secondReaderLines: e.lines, overlaps: citesLines(c, e.lines) }).toEqual({
        key,
        cite: c,
        secondReaderLines: e.lines,
        overlaps: true,
      });
  });
});

// ------------------------------------------------------------------ (b) the second reader's sessions, judged

const CLOSING_AT = Date.parse('2026-11-22T04:00:00Z');
type Step = string | Record<string, any>;

/** A session's facts from steps, folded through the session judge: the findings as "CODE rule". */
function judgeSession(game: string, j: JurisdictionId, steps: Step[]): string[] {
  const r = rules(game, j);
  let state: ComplianceState = initialCompliance();
  let n = 0;
  let round = 0;
  let clock = CLOSING_AT - 6 * 3_600_000;
  const findings: Finding[] = [];
  const fold = (type: string, data: Record<string, unknown>, at = clock) => {
    const fact: Fact = { eventId: `e${++n}`, type, data: { sessionId: 's1', ...data }, occurredAt: new Date(at).toISOString() };
    const step = complianceAfter(r, state, fact);
    state = step.state;
    findings.push(...step.findings);
    clock = at + 60_000;
  };
  for (const step of steps) {
    const [kind, arg] = typeof step === 'string' ? [step, {}] : (Object.entries(step)[0] as [string, any]);
    switch (kind) {
      case 'open':
        fold('TableSessionOpened', { game, jurisdiction: j, limits: arg.limits ?? { min: 500, max: 10_000 }, options: arg.options ?? {} });
        break;
      case 'round':
        fold('RoundStarted', { roundId: `r${++round}` });
        break;
      case 'rounds':
        for (let i = 0; i < arg; i++) fold('RoundStarted', { roundId: `r${++round}` });
        break;
      case 'announce':
        fold('LastRoundsAnnounced', arg);
        break;
      case 'change':
        fold('TableLimitsChanged', { limits: arg });
        break;
      case 'shoe':
        fold('ShoeStarted', { shoeId: arg, decks: 6 });
        break;
      case 'shooter':
        fold('ShooterNamed', { roundId: `r${round}`, seat: arg });
        break;
      case 'suspend': {
        const at = CLOSING_AT - arg * 60_000;
        fold('TableSessionSuspended', { authorisedClosingAt: new Date(CLOSING_AT).toISOString() }, at);
        break;
      }
      case 'resume':
        fold('TableSessionResumed', { present: arg });
        break;
      case 'close':
        fold('TableSessionClosed', { closingFloat: {}, ...(arg.atClosingTime ? { atClosingTime: true } : {}) });
        break;
      case 'hands': {
        const seats = arg.seats as number[];
        for (let h = 0; h < arg.n; h++) {
          fold('RoundStarted', { roundId: `r${++round}` });
          fold('HandOpened', { roundId: `r${round}`, mano: seats[h % seats.length], seats });
        }
        break;
      }
      case 'deposit':
        fold('BankDeposited', { seat: 1, ...arg });
        break;
      case 'fill':
        fold('ChipsFilled', { slipId: 'F1', chips: { 1000: 10 } });
        break;
      case 'tip':
        fold('TipDeposited', { amount: 100 });
        break;
      case 'tipsCounted':
        fold('TipsBoxCounted', { amount: 1_000, countedBy: ['a', 'b'] });
        break;
      default:
        throw new Error(`unknown step ${kind}`);
    }
  }
  return findings.map((f) => `${f.code} ${f.rule}`);
}

const UP = { min: 1_000, max: 20_000 };
const DOWN = { min: 200, max: 4_000 };
const UP2 = { min: 2_000, max: 40_000 };
const LIMIT = (rounds: number) => ({ announce: { purpose: 'limit-change', rounds } });
const CLOSE = (a: Record<string, unknown>) => ({ announce: { purpose: 'closing', ...a } });
const SUSPEND_OK = { croupiers: ['c1'], inspector: 'i1' };
const deposits = (j: JurisdictionId): Array<[string, JurisdictionId, string, string, Step[], string[]]> => [
  [
    'bank-deposits',
    j,
    'bank deposited in cash before the partida',
    'baccarat-two-tables',
    ['open', { deposit: { amount: 2_000_000, form: 'cash' } }, { rounds: 3 }],
    [],
  ],
  [
    'bank-deposits',
    j,
    'bank not deposited before the start',
    'baccarat-two-tables',
    ['open', { rounds: 3 }, { deposit: { amount: 2_000_000, form: 'cash' } }],
    ['BANK_DEPOSIT_VIOLATION session/bank-deposit'],
  ],
  [
    'bank-deposits',
    j,
    'broken bank continued with smaller deposit',
    'baccarat-two-tables',
    ['open', { deposit: { amount: 2_000_000, form: 'cash' } }, { rounds: 4 }, { deposit: { amount: 1_000_000, form: 'cash' } }, 'round'],
    ['BANK_DEPOSIT_VIOLATION session/bank-redeposit'],
  ],
];

/** [row, jurisdiction, scenario name, game, steps, the second reader's verdict as findings] */
const SESSIONS: Array<[string, JurisdictionId, string, string, Step[], string[]]> = [
  [
    'limit-changes',
    'euskadi',
    'roulette raise announced properly',
    'french-roulette',
    ['open', { rounds: 5 }, LIMIT(3), { rounds: 3 }, { change: UP }, 'round'],
    [],
  ],
  [
    'limit-changes',
    'euskadi',
    'roulette change without the three balls',
    'french-roulette',
    ['open', { rounds: 5 }, { change: UP }],
    ['LIMIT_CHANGE_VIOLATION session/limit-change-announced'],
  ],
  [
    'limit-changes',
    'euskadi',
    'roulette lowered twice in a session',
    'french-roulette',
    ['open', { rounds: 2 }, LIMIT(3), { rounds: 3 }, { change: DOWN }, LIMIT(3), { rounds: 3 }, { change: UP }],
    [],
  ],
  [
    'limit-changes',
    'euskadi',
    'blackjack change announced with last shoe',
    'blackjack',
    ['open', { shoe: 'S1' }, { rounds: 2 }, { announce: { purpose: 'limit-change', last: 'shoe' } }, { rounds: 4 }, { change: UP }, { shoe: 'S2' }, 'round'],
    [],
  ],
  [
    'limit-changes',
    'euskadi',
    'blackjack change mid-shoe',
    'blackjack',
    ['open', { shoe: 'S1' }, { rounds: 2 }, { change: UP }, 'round'],
    ['LIMIT_CHANGE_VIOLATION session/limit-change-announced'],
  ],
  [
    'limit-changes',
    'euskadi',
    'circle poker change without notice',
    'circle-poker-texas-holdem',
    ['open', { rounds: 2 }, { change: UP }],
    ['LIMIT_CHANGE_VIOLATION session/limit-change-announced'],
  ],
  [
    'limit-changes',
    'cantabria',
    'roulette raised once, announced',
    'french-roulette',
    ['open', { rounds: 3 }, LIMIT(3), { rounds: 3 }, { change: UP }, { rounds: 5 }],
    [],
  ],
  [
    'limit-changes',
    'cantabria',
    'roulette lowered',
    'french-roulette',
    ['open', { rounds: 3 }, LIMIT(3), { rounds: 3 }, { change: DOWN }],
    ['LIMIT_CHANGE_VIOLATION session/limit-change-upward'],
  ],
  [
    'limit-changes',
    'cantabria',
    'roulette raised twice',
    'french-roulette',
    ['open', { rounds: 3 }, LIMIT(3), { rounds: 3 }, { change: UP }, LIMIT(3), { rounds: 3 }, { change: UP2 }],
    ['LIMIT_CHANGE_VIOLATION session/limit-change-once'],
  ],
  [
    'limit-changes',
    'cantabria',
    'blackjack raised twice in a session',
    'blackjack',
    ['open', { rounds: 3 }, LIMIT(3), { rounds: 3 }, { change: UP }, LIMIT(3), { rounds: 3 }, { change: UP2 }],
    ['LIMIT_CHANGE_VIOLATION session/limit-change-once'],
  ],
  ['limit-changes', 'cantabria', 'circle poker change announced', 'circle-poker-omaha', ['open', { rounds: 2 }, LIMIT(1), { change: UP }], []],
  ['limit-changes', 'illes-balears', 'roulette change announced', 'french-roulette', ['open', { rounds: 2 }, LIMIT(3), { rounds: 3 }, { change: UP }], []],
  [
    'limit-changes',
    'illes-balears',
    'roulette change without announcement',
    'french-roulette',
    ['open', { rounds: 2 }, { change: UP }],
    ['LIMIT_CHANGE_VIOLATION session/limit-change-announced'],
  ],
  [
    'limit-changes',
    'illes-balears',
    'roulette lowered then raised',
    'french-roulette',
    ['open', { rounds: 2 }, LIMIT(3), { rounds: 3 }, { change: DOWN }, LIMIT(3), { rounds: 3 }, { change: UP }],
    [],
  ],
  ['limit-changes', 'galicia', 'roulette keeps its limit', 'french-roulette', ['open', { rounds: 30 }, { close: {} }], []],
  [
    'limit-changes',
    'galicia',
    'roulette raised after opening',
    'french-roulette',
    ['open', { rounds: 3 }, LIMIT(3), { rounds: 3 }, { change: UP }],
    ['LIMIT_CHANGE_VIOLATION session/limit-change-forbidden'],
  ],
  [
    'limit-changes',
    'galicia',
    'blackjack raised after opening',
    'blackjack',
    ['open', { shoe: 'S1' }, { rounds: 3 }, { announce: { purpose: 'limit-change', last: 'shoe' } }, { rounds: 3 }, { change: UP }],
    ['LIMIT_CHANGE_VIOLATION session/limit-change-forbidden'],
  ],
  ['limit-changes', 'andalucia', 'no mid-session change rule', 'caribbean-stud', ['open', { rounds: 3 }, { change: { min: 1_000, max: 20_000 } }], []],

  [
    'closing',
    'euskadi',
    'roulette closes at the time with three balls',
    'french-roulette',
    ['open', { rounds: 10 }, CLOSE({ rounds: 3 }), { rounds: 3 }, { close: { atClosingTime: true } }],
    [],
  ],
  [
    'closing',
    'euskadi',
    'blackjack closes at time without last shoe',
    'blackjack',
    ['open', { shoe: 'S1' }, { rounds: 10 }, { close: { atClosingTime: true } }],
    ['CLOSING_VIOLATION session/closing-announced'],
  ],
  ['closing', 'euskadi', 'table closed early because players left', 'french-roulette', ['open', { rounds: 10 }, { close: {} }], []],
  [
    'closing',
    'euskadi',
    'dice table closes with last shooter',
    'craps',
    ['open', 'round', { shooter: 2 }, CLOSE({ last: 'shooter' }), 'round', 'round', { close: { atClosingTime: true } }],
    [],
  ],
  [
    'closing',
    'cantabria',
    'poker sin descarte closes with five hands',
    'caribbean-stud',
    ['open', { rounds: 10 }, CLOSE({ rounds: 5 }), { rounds: 5 }, { close: { atClosingTime: true } }],
    [],
  ],
  [
    'closing',
    'cantabria',
    'poker sin descarte closes after three',
    'caribbean-stud',
    ['open', { rounds: 10 }, CLOSE({ rounds: 3 }), { rounds: 3 }, { close: { atClosingTime: true } }],
    ['CLOSING_VIOLATION session/closing-announced'],
  ],
  ['closing', 'cantabria', 'roulette closes without announcement', 'french-roulette', ['open', { rounds: 10 }, { close: { atClosingTime: true } }], []],
  ['closing', 'illes-balears', 'roulette closes without announcement', 'french-roulette', ['open', { rounds: 10 }, { close: { atClosingTime: true } }], []],
  [
    'closing',
    'galicia',
    'blackjack closes without announcement',
    'blackjack',
    ['open', { shoe: 'S1' }, { rounds: 10 }, { close: { atClosingTime: true } }],
    [],
  ],
  [
    'closing',
    'andalucia',
    'sintético ends at closing time with three last deals',
    'synthetic-poker',
    ['open', { rounds: 10 }, CLOSE({ rounds: 3 }), { rounds: 3 }, { close: { atClosingTime: true } }],
    [],
  ],
  [
    'closing',
    'andalucia',
    'closing without the three-deal warning',
    'synthetic-poker',
    ['open', { rounds: 10 }, { close: { atClosingTime: true } }],
    ['CLOSING_VIOLATION session/closing-announced'],
  ],

  [
    'temporary-closing',
    'euskadi',
    'blackjack suspended with two hours left',
    'blackjack',
    ['open', { rounds: 3 }, { suspend: 120 }, { resume: SUSPEND_OK }, { rounds: 2 }],
    [],
  ],
  [
    'temporary-closing',
    'euskadi',
    'suspended with 40 minutes left',
    'french-roulette',
    ['open', { rounds: 3 }, { suspend: 40 }],
    ['SUSPENSION_VIOLATION session/suspension-hour-left'],
  ],
  ['temporary-closing', 'euskadi', 'exactly one hour left', 'french-roulette', ['open', { rounds: 3 }, { suspend: 60 }], []],
  [
    'temporary-closing',
    'euskadi',
    'tips removed during suspension',
    'french-roulette',
    ['open', { rounds: 3 }, { suspend: 180 }, 'tipsCounted', { resume: SUSPEND_OK }],
    ['SUSPENSION_VIOLATION session/suspension-locked'],
  ],
  [
    'temporary-closing',
    'euskadi',
    'reopened by croupier alone',
    'blackjack',
    ['open', { rounds: 3 }, { suspend: 180 }, { resume: { croupiers: ['c1'] } }],
    ['SUSPENSION_VIOLATION session/suspension-reopening'],
  ],
  ...(['cantabria', 'illes-balears', 'galicia'] as const).map((j): [string, JurisdictionId, string, string, Step[], string[]] => [
    'temporary-closing',
    j,
    'suspension without locking the float',
    'french-roulette',
    ['open', { rounds: 3 }, { suspend: 30 }, 'fill', { resume: {} }, 'round'],
    [],
  ]),

  [
    'circle-poker-session',
    'euskadi',
    'published 45-minute partida',
    'circle-poker-texas-holdem',
    [{ open: { options: { publishedDuration: 45 } } }, { hands: { seats: [1, 2, 3, 4, 5, 6], n: 10 } }, { close: {} }],
    [],
  ],
  [
    'circle-poker-session',
    'euskadi',
    'unpublished partida stopped early',
    'circle-poker-texas-holdem',
    ['open', { hands: { seats: [1, 2, 3, 4, 5, 6], n: 8 } }, { close: {} }],
    ['CIRCLE_SESSION_VIOLATION session/circle-session-duration'],
  ],
  [
    'circle-poker-session',
    'cantabria',
    'unpublished partida, each held the mano twice',
    'circle-poker-omaha',
    ['open', { hands: { seats: [1, 2, 3, 4, 5], n: 10 } }, { close: {} }],
    [],
  ],
  ['circle-poker-session', 'illes-balears', 'no duration rule', 'synthetic-poker', ['open', { hands: { seats: [1, 2, 3, 4, 5], n: 3 } }, { close: {} }], []],
  ['circle-poker-session', 'galicia', 'no rule here', 'circle-poker-texas-holdem', ['open', { hands: { seats: [1, 2, 3, 4], n: 2 } }, { close: {} }], []],
  [
    'circle-poker-session',
    'andalucia',
    'published 45 minutes, mano once',
    'synthetic-poker',
    [{ open: { options: { publishedDuration: 45 } } }, { hands: { seats: [1, 2, 3, 4, 5, 6], n: 10 } }, { close: {} }],
    ['CIRCLE_SESSION_VIOLATION session/circle-session-duration'],
  ],
  [
    'circle-poker-session',
    'andalucia',
    'published duration, each held mano twice',
    'synthetic-poker',
    [{ open: { options: { publishedDuration: 120 } } }, { hands: { seats: [1, 2, 3, 4, 5, 6], n: 12 } }, { close: {} }],
    [],
  ],

  ...deposits('euskadi'),
  ...deposits('cantabria'),
  ...deposits('illes-balears'),
  ...deposits('galicia'),
  ['bank-deposits', 'andalucia', 'no rule here', 'caribbean-stud', ['open', { rounds: 3 }], []],
];

describe("(b) the second reader's sessions, judged by the session judge", () => {
  it.each(SESSIONS.map((s) => [`${s[0]} ${s[1]}: ${s[2]}`, s] as const))('%s', (_name, [row, j, name, game, steps, expected]) => {
    const s = scenario(row, j, name);
    // the verdict written in the reading, in the judge's words
    expect(s.verdict.startsWith('pass')).toBe(expected.length === 0);
    expect({ verdict: s.verdict, findings: judgeSession(game, j, steps) }).toEqual({ verdict: s.verdict, findings: expected });
  });
});

describe('resolutions §2.5 (fixed in session-compliance.ts): a tip put in the box of a temporarily closed table is no breach (euskadi L873–875, L12941–12944)', () => {
  it('a tip dropped in while suspended: no finding; the tips box counted while suspended: a finding', () => {
    const tip = judgeSession('french-roulette', 'euskadi', ['open', { rounds: 3 }, { suspend: 180 }, 'tip', { resume: SUSPEND_OK }]);
    expect(tip).toEqual([]);
    const counted = judgeSession('french-roulette', 'euskadi', ['open', { rounds: 3 }, { suspend: 180 }, 'tipsCounted', { resume: SUSPEND_OK }]);
    expect(counted).toEqual(['SUSPENSION_VIOLATION session/suspension-locked']);
  });
});

describe("(b) the circle-poker house benefit: the second reader's rates, refused at the opening where the text forbids them", () => {
  const refuse = (game: string, j: JurisdictionId, options: Record<string, unknown>) =>
    gameRules(game)!.refuseOptions!(options, gameRules(game)!.rulebooks[j] as never);
  it.each([
    [
      'euskadi',
      'session fee at 25% of the maximum',
      'circle-poker-texas-holdem',
      { cagnotteMode: 'session-fee', sessionFeeRate: 0.25 },
      'options.sessionFeeRate',
    ],
    ['euskadi', 'session fee 15% for an hour and two hands', 'circle-poker-texas-holdem', { cagnotteMode: 'session-fee', sessionFeeRate: 0.15 }, null],
    ['cantabria', '6% of each hand', 'circle-poker-omaha', { cagnotteMode: 'pot-percentage', cagnotteRate: 0.06 }, 'options.cagnotteRate'],
    ['illes-balears', '4% per hand', 'synthetic-poker', { cagnotteRate: 0.04 }, 'options.cagnotteRate'],
  ] as const)('%s: %s', (j, name, game, options, field) => {
    const s = scenario('circle-poker-session', j, name);
    expect(s.verdict.startsWith('pass')).toBe(field === null);
    const refusal = refuse(game, j, options);
    expect(refusal?.field ?? null).toBe(field);
  });
});

// ------------------------------------------------------------------ (b) the second reader's days, judged

const at = (hhmm: string) => `2026-11-21T${hhmm}:00.000Z`;
const next = (hhmm: string) => `2026-11-22T${hhmm}:00.000Z`;
let n = 0;
function table(j: JurisdictionId, tableId: string, game: string, from: string, to: string | null, more: Partial<DaySession> = {}): DaySession {
  const id = `sr-${++n}`;
  return {
    sessionId: id,
    tableId,
    game,
    jurisdiction: j,
    openEventId: `o-${id}`,
    openedAt: from,
    closedAt: to,
    closeEventId: to ? `c-${id}` : undefined,
    openingFloat: 100_000,
    clothNumber: `${tableId}-${game}`,
    supervisors: [{ eventId: `o-${id}`, at: from, inspector: `jefe-${id}` }],
    diceIssued: [],
    ternaChanges: [],
    throwerChanges: [],
    ...more,
  };
}
const jefe = (inspector: string, from: string) => ({ supervisors: [{ eventId: `sup-${inspector}-${from}`, at: from, inspector }] });
const six = (prefix: string) => ['1', '2', '3', '4', '5', '6'].map((x) => ({ serial: `${prefix}${x}`, initials: 'CJ' }));

/** [row, jurisdiction, scenario name, the day's sessions, the second reader's verdict as finding rules] */
const DAYS: Array<[string, JurisdictionId, string, () => DaySession[], string[]]> = [
  [
    'reversible-cloths',
    'euskadi',
    'blackjack then mini punto y banca',
    () => [
      table('euskadi', 'T7', 'blackjack', at('21:00'), at('23:00')),
      table('euskadi', 'T7', 'punto-banco', at('23:05'), next('03:00')),
      table('euskadi', 'R1', 'french-roulette', at('21:00'), next('03:00')),
      table('euskadi', 'B2', 'blackjack', at('21:00'), next('03:00')),
    ],
    [],
  ],
  [
    'reversible-cloths',
    'euskadi',
    'three games in a day',
    () => [
      table('euskadi', 'T7', 'blackjack', at('21:00'), at('22:00')),
      table('euskadi', 'T7', 'caribbean-stud', at('22:00'), at('23:00')),
      table('euskadi', 'T7', 'blackjack', at('23:00'), next('01:00')),
      table('euskadi', 'R1', 'french-roulette', at('21:00'), next('01:00')),
    ],
    [],
  ],
  [
    'reversible-cloths',
    'euskadi',
    'change without closing',
    () => [
      table('euskadi', 'T7', 'blackjack', at('21:00'), at('23:00')),
      table('euskadi', 'T7', 'caribbean-stud', at('22:30'), next('01:00'), { openingFloat: 0 }),
      table('euskadi', 'R1', 'french-roulette', at('21:00'), next('01:00')),
    ],
    ['reversible-cloth/previous-closed', 'reversible-cloth/new-float'],
  ],
  [
    'reversible-cloths',
    'cantabria',
    'one change, closed first',
    () => [table('cantabria', 'T7', 'blackjack', at('21:00'), at('23:00')), table('cantabria', 'T7', 'caribbean-stud', at('23:05'), next('02:00'))],
    [],
  ],
  [
    'reversible-cloths',
    'cantabria',
    'second change in the day',
    () => [
      table('cantabria', 'T7', 'blackjack', at('21:00'), at('23:00')),
      table('cantabria', 'T7', 'caribbean-stud', at('23:05'), next('01:00')),
      table('cantabria', 'T7', 'blackjack', next('01:05'), next('03:00')),
    ],
    ['reversible-cloth/changes-per-day'],
  ],
  [
    'reversible-cloths',
    'cantabria',
    'new game on old float',
    () => [
      table('cantabria', 'T7', 'blackjack', at('21:00'), at('23:00')),
      table('cantabria', 'T7', 'caribbean-stud', at('23:05'), next('02:00'), { openingFloat: 0 }),
    ],
    ['reversible-cloth/new-float'],
  ],
  [
    'reversible-cloths',
    'illes-balears',
    'one change, closed first',
    () => [table('illes-balears', 'T7', 'blackjack', at('21:00'), at('23:00')), table('illes-balears', 'T7', 'caribbean-stud', at('23:05'), next('02:00'))],
    [],
  ],
  [
    'reversible-cloths',
    'illes-balears',
    'second change in the day',
    () => [
      table('illes-balears', 'T7', 'blackjack', at('21:00'), at('23:00')),
      table('illes-balears', 'T7', 'caribbean-stud', at('23:05'), next('01:00')),
      table('illes-balears', 'T7', 'blackjack', next('01:05'), next('03:00')),
    ],
    ['reversible-cloth/changes-per-day'],
  ],
  [
    'reversible-cloths',
    'galicia',
    'one change, closed first',
    () => [
      table('galicia', 'T7', 'blackjack', at('21:00'), at('23:00')),
      table('galicia', 'T7', 'punto-banco', at('23:05'), next('02:00')),
      table('galicia', 'R1', 'french-roulette', at('21:00'), next('02:00')),
      table('galicia', 'B2', 'blackjack', at('21:00'), next('02:00')),
    ],
    [],
  ],
  [
    'reversible-cloths',
    'galicia',
    'second change in the day',
    () => [
      table('galicia', 'T7', 'blackjack', at('21:00'), at('23:00')),
      table('galicia', 'T7', 'punto-banco', at('23:05'), next('01:00')),
      table('galicia', 'T7', 'blackjack', next('01:05'), next('03:00')),
      table('galicia', 'R1', 'french-roulette', at('21:00'), next('03:00')),
      table('galicia', 'B2', 'blackjack', at('21:00'), next('03:00')),
    ],
    ['reversible-cloth/changes-per-day'],
  ],
  [
    'reversible-cloths',
    'galicia',
    'change without closing the previous game',
    () => [
      table('galicia', 'T7', 'blackjack', at('21:00'), at('23:00')),
      table('galicia', 'T7', 'punto-banco', at('22:30'), next('02:00')),
      table('galicia', 'R1', 'french-roulette', at('21:00'), next('02:00')),
    ],
    ['reversible-cloth/previous-closed'],
  ],
  [
    'reversible-cloths',
    'andalucia',
    'no rule here',
    () => [
      table('andalucia', 'T7', 'caribbean-stud', at('21:00'), at('22:00')),
      table('andalucia', 'T7', 'synthetic-poker', at('22:00'), at('23:00')),
      table('andalucia', 'T7', 'caribbean-stud', at('23:00'), next('01:00')),
    ],
    [],
  ],

  [
    'tables-in-service',
    'euskadi',
    'roulette and blackjack all night',
    () => [table('euskadi', 'R1', 'french-roulette', at('20:00'), next('04:00')), table('euskadi', 'B1', 'blackjack', at('20:00'), next('04:00'))],
    [],
  ],
  [
    'tables-in-service',
    'euskadi',
    'no card table for an hour',
    () => [
      table('euskadi', 'R1', 'french-roulette', at('20:00'), next('04:00')),
      table('euskadi', 'R2', 'french-roulette', at('20:00'), next('04:00')),
      table('euskadi', 'B1', 'blackjack', at('20:00'), next('02:00')),
      table('euskadi', 'B2', 'blackjack', next('03:00'), next('04:00')),
    ],
    ['tables-in-service/cards'],
  ],
  ['tables-in-service', 'cantabria', 'no card table open', () => [table('cantabria', 'R1', 'french-roulette', at('20:00'), next('04:00'))], []],
  [
    'tables-in-service',
    'galicia',
    'roulette and blackjack all night',
    () => [table('galicia', 'R1', 'french-roulette', at('20:00'), next('04:00')), table('galicia', 'B1', 'blackjack', at('20:00'), next('04:00'))],
    [],
  ],
  [
    'tables-in-service',
    'galicia',
    'roulette closed for half an hour',
    () => [
      table('galicia', 'R1', 'french-roulette', at('20:00'), next('01:00')),
      table('galicia', 'R1', 'french-roulette', next('01:30'), next('04:00')),
      table('galicia', 'B1', 'blackjack', at('20:00'), next('04:00')),
    ],
    ['tables-in-service/roulette'],
  ],
  [
    'tables-in-service',
    'galicia',
    'casino without authorised roulette',
    () => [table('galicia', 'B1', 'blackjack', at('20:00'), next('04:00')), table('galicia', 'B2', 'blackjack', at('20:00'), next('04:00'))],
    [],
  ],

  [
    'supervision',
    'euskadi',
    'four blackjacks, one jefe, same sector',
    () => [
      ...['B1', 'B2', 'B3', 'B4'].map((t) => table('euskadi', t, 'blackjack', at('20:00'), next('02:00'), jefe('J1', at('20:00')))),
      table('euskadi', 'R1', 'french-roulette', at('20:00'), next('02:00')),
    ],
    [],
  ],
  [
    'supervision',
    'euskadi',
    'mixed games, one jefe',
    () => [
      table('euskadi', 'R1', 'french-roulette', at('20:00'), next('02:00'), jefe('J1', at('20:00'))),
      table('euskadi', 'R2', 'american-roulette-single-zero', at('20:00'), next('02:00'), jefe('J1', at('20:00'))),
      ...['B1', 'B2'].map((t) => table('euskadi', t, 'blackjack', at('20:00'), next('02:00'), jefe('J1', at('20:00')))),
    ],
    [],
  ],
  [
    'supervision',
    'euskadi',
    'five tables',
    () => [
      ...['B1', 'B2', 'B3', 'B4', 'B5'].map((t) => table('euskadi', t, 'blackjack', at('20:00'), next('02:00'), jefe('J1', at('20:00')))),
      table('euskadi', 'R1', 'french-roulette', at('20:00'), next('02:00')),
    ],
    ['blackjack/supervision-ratio'],
  ],
  [
    'supervision',
    'cantabria',
    'two French roulettes with recording',
    () =>
      ['R1', 'R2'].map((t) => table('cantabria', t, 'french-roulette', at('20:00'), next('02:00'), { ...jefe('J1', at('20:00')), individualRecording: true })),
    [],
  ],
  // resolutions §2.2 (fixed in day-compliance.ts, MIXED_CARD_GAMES): cantabria L723–731, mixed banking card games under one jefe need each table's recording
  [
    'supervision',
    'cantabria',
    'mixed card games without recording',
    () => [
      ...['B1', 'B2'].map((t) => table('cantabria', t, 'blackjack', at('20:00'), next('02:00'), { ...jefe('J1', at('20:00')), individualRecording: false })),
      ...['M1', 'M2'].map((t) =>
        table('cantabria', t, 'punto-banco', at('20:00'), next('02:00'), { ...jefe('J1', at('20:00')), individualRecording: false, tableFormat: 'mini' }),
      ),
    ],
    ['blackjack/mixed-card-games'],
  ],
  [
    'supervision',
    'cantabria',
    'two French roulettes, no recording',
    () => [
      table('cantabria', 'R1', 'french-roulette', at('20:00'), next('02:00'), { ...jefe('J1', at('20:00')), individualRecording: true }),
      table('cantabria', 'R2', 'french-roulette', at('20:00'), next('02:00'), { ...jefe('J1', at('20:00')), individualRecording: false }),
    ],
    ['french-roulette/supervision-ratio'],
  ],
  [
    'supervision',
    'illes-balears',
    'two roulettes one jefe',
    () => ['R1', 'R2'].map((t) => table('illes-balears', t, 'french-roulette', at('20:00'), next('02:00'), jefe('J1', at('20:00')))),
    [],
  ],
  [
    'supervision',
    'illes-balears',
    'three roulettes one jefe',
    () => ['R1', 'R2', 'R3'].map((t) => table('illes-balears', t, 'french-roulette', at('20:00'), next('02:00'), jefe('J1', at('20:00')))),
    ['french-roulette/supervision-ratio'],
  ],
  [
    'supervision',
    'illes-balears',
    'four blackjacks apart',
    () => ['B1', 'B9', 'B17', 'B30'].map((t) => table('illes-balears', t, 'blackjack', at('20:00'), next('02:00'), jefe('J1', at('20:00')))),
    [],
  ],
  [
    'supervision',
    'galicia',
    'four contiguous blackjacks',
    () => [
      ...['B1', 'B2', 'B3', 'B4'].map((t) => table('galicia', t, 'blackjack', at('20:00'), next('02:00'), jefe('J1', at('20:00')))),
      table('galicia', 'R1', 'french-roulette', at('20:00'), next('02:00')),
    ],
    [],
  ],
  [
    'supervision',
    'galicia',
    'three French roulettes',
    () => [
      ...['R1', 'R2', 'R3'].map((t) => table('galicia', t, 'french-roulette', at('20:00'), next('02:00'), jefe('J1', at('20:00')))),
      table('galicia', 'B1', 'blackjack', at('20:00'), next('02:00')),
    ],
    ['french-roulette/supervision-ratio'],
  ],
  [
    'supervision',
    'andalucia',
    'two contiguous tables',
    () => ['P1', 'P2'].map((t) => table('andalucia', t, 'caribbean-stud', at('20:00'), next('02:00'), jefe('J1', at('20:00')))),
    [],
  ],
  // resolutions §2.1 (fixed in day-compliance.ts): andalucia L63, two tables per jefe at póker sin descarte (caribbean-stud)
  [
    'supervision',
    'andalucia',
    'three tables',
    () => ['P1', 'P2', 'P3'].map((t) => table('andalucia', t, 'caribbean-stud', at('20:00'), at('23:00'), jefe('J1', at('20:00')))),
    ['caribbean-stud/supervision-ratio'],
  ],

  [
    'equipment-custody',
    'euskadi',
    'fresh six dice',
    () => [
      table('euskadi', 'D1', 'craps', at('20:00'), next('02:00'), {
        diceIssued: [{ eventId: 'd2', at: at('20:00'), dice: six('N'), previous: { sessionId: 'yesterday', serials: six('O').map((d) => d.serial) } }],
      }),
      table('euskadi', 'R1', 'french-roulette', at('20:00'), next('02:00')),
      table('euskadi', 'B1', 'blackjack', at('20:00'), next('02:00')),
    ],
    [],
  ],
  [
    'equipment-custody',
    'euskadi',
    'dice reused from the previous session',
    () => [
      table('euskadi', 'D1', 'craps', at('20:00'), next('02:00'), {
        diceIssued: [
          {
            eventId: 'd2',
            at: at('20:00'),
            dice: [...six('N').slice(0, 4), ...six('O').slice(0, 2)],
            previous: { sessionId: 'yesterday', serials: six('O').map((d) => d.serial) },
          },
        ],
      }),
      table('euskadi', 'R1', 'french-roulette', at('20:00'), next('02:00')),
      table('euskadi', 'B1', 'blackjack', at('20:00'), next('02:00')),
    ],
    ['craps/dice-renewed'],
  ],
  [
    'equipment-custody',
    'cantabria',
    'ternas rotated hourly',
    () => [
      table('cantabria', 'F1', 'banca-francesa', at('21:00'), next('00:00'), {
        ternaChanges: [
          { eventId: 't2', at: at('22:00') },
          { eventId: 't3', at: at('23:00') },
        ],
        throwerChanges: [
          { eventId: 'w2', at: at('22:00') },
          { eventId: 'w3', at: at('23:00') },
        ],
      }),
    ],
    [],
  ],
  // built with one recorded change at 21:00 and none after, for three hours: a session with no DiceTernaChanged at all is
  // "not judged" by the code (nothing recorded is not proof of no rotation, day-compliance.resolutions.md §6)
  [
    'equipment-custody',
    'cantabria',
    'one terna for three hours',
    () => [
      table('cantabria', 'F1', 'banca-francesa', at('20:00'), next('00:00'), {
        ternaChanges: [{ eventId: 't2', at: at('21:00') }],
        throwerChanges: [
          { eventId: 'w2', at: at('21:00') },
          { eventId: 'w3', at: at('22:00') },
          { eventId: 'w4', at: at('23:00') },
        ],
      }),
    ],
    ['banca-francesa/terna-hourly'],
  ],
  [
    'equipment-custody',
    'cantabria',
    'thrower kept two hours',
    () => [
      table('cantabria', 'F1', 'banca-francesa', at('21:00'), at('23:00'), {
        ternaChanges: [{ eventId: 't2', at: at('22:00') }],
        throwerChanges: [{ eventId: 'w2', at: at('23:00') }],
      }),
    ],
    ['banca-francesa/thrower-hourly'],
  ],
  [
    'equipment-custody',
    'cantabria',
    'dice reused from previous session',
    () => [
      table('cantabria', 'D1', 'craps', at('20:00'), next('02:00'), {
        diceIssued: [{ eventId: 'd2', at: at('20:00'), dice: six('O'), previous: { sessionId: 'earlier', serials: six('O').map((d) => d.serial) } }],
      }),
    ],
    ['craps/dice-renewed'],
  ],
  [
    'equipment-custody',
    'illes-balears',
    'fresh dice',
    () => [
      table('illes-balears', 'D1', 'craps', at('20:00'), next('02:00'), {
        diceIssued: [{ eventId: 'd2', at: at('20:00'), dice: six('N'), previous: { sessionId: 'earlier', serials: six('O').map((d) => d.serial) } }],
      }),
    ],
    [],
  ],
  [
    'equipment-custody',
    'illes-balears',
    'dice reused',
    () => [
      table('illes-balears', 'D1', 'craps', at('20:00'), next('02:00'), {
        diceIssued: [{ eventId: 'd2', at: at('20:00'), dice: six('O'), previous: { sessionId: 'earlier', serials: six('O').map((d) => d.serial) } }],
      }),
    ],
    ['craps/dice-renewed'],
  ],
  [
    'equipment-custody',
    'galicia',
    'fresh dice',
    () => [
      table('galicia', 'D1', 'craps', at('20:00'), next('02:00'), {
        diceIssued: [{ eventId: 'd2', at: at('20:00'), dice: six('N'), previous: { sessionId: 'earlier', serials: six('O').map((d) => d.serial) } }],
      }),
      table('galicia', 'R1', 'french-roulette', at('20:00'), next('02:00')),
      table('galicia', 'B1', 'blackjack', at('20:00'), next('02:00')),
    ],
    [],
  ],
  [
    'equipment-custody',
    'galicia',
    'only four dice',
    () => [
      table('galicia', 'D1', 'craps', at('20:00'), next('02:00'), { diceIssued: [{ eventId: 'd2', at: at('20:00'), dice: six('N').slice(0, 4) }] }),
      table('galicia', 'R1', 'french-roulette', at('20:00'), next('02:00')),
      table('galicia', 'B1', 'blackjack', at('20:00'), next('02:00')),
    ],
    ['craps/dice-per-session'],
  ],
];

describe("(b) the second reader's gaming days, judged by the day's judge", () => {
  it.each(DAYS.map((d) => [`${d[0]} ${d[1]}: ${d[2]}`, d] as const))('%s', (_name, [row, j, name, sessions, expected]) => {
    const s = scenario(row, j, name);
    expect(s.verdict.startsWith('pass')).toBe(expected.length === 0);
    // the rules found (a jefe over his ratio is reported at each of his tables: the rule, not the count, is the verdict)
    const found = [...new Set(judgeGamingDay(j, sessions()).findings.map((f) => f.rule))].sort();
    expect({ verdict: s.verdict, findings: found }).toEqual({ verdict: s.verdict, findings: [...expected].sort() });
  });
});
