/**
 * The common circle-poker rules against the independent reading (`docs/games/readings/circle-poker.json`): each value
 * mapped by hand to the common rulebook field (`EUSKADI_COMMON`, `CANTABRIA_COMMON`), and the reader's behaviour rules
 * as hands the judge must get right (played as euskadi / cantabria Texas Hold'em, which adds nothing to them).
 * Disagreements and their resolutions: `docs/games/readings/circle-poker.resolutions.md`.
 */
import { rules as HOLDEM } from '../../games/circle-poker-texas-holdem/rules';
import { citesLines, readingOf, ReadValue } from '../reading-testing';
import { codes, judge } from '../testing';
import type { JurisdictionId } from '../types';
import { CANTABRIA_COMMON, CircleRulebookData, EUSKADI_COMMON } from './rulebook';
import { cantabriaPreflop, circleEnv, expectedPayouts, H } from './spec-support';

const reading = readingOf('circle-poker');
const COMMON: Record<string, CircleRulebookData> = { euskadi: EUSKADI_COMMON, cantabria: CANTABRIA_COMMON };

/** Not in the rulebook, on purpose: why. */
const NOT_JUDGED: Record<string, string> = {
  'session.duration': 'the session and its fee are issue 15',
  'session.extension.unit': 'the session and its fee are issue 15',
  'partida.duration.minimum': "the partida's length: issue 15 (session duration)",
  'players.per-seat': 'a seat is one player in the facts',
  'sector.maximum-tables': 'staffing, not a fact of the table',
  'shuffle.minimum-times': 'no fact records the shuffle',
};

const VALUES: Record<string, (rb: CircleRulebookData, read: ReadValue) => void> = {
  decks(rb, read) {
    expect(read.value).toBe(1);
    expect(rb.deckSizes.value).toEqual([52]);
    expect(citesLines(rb.deckSizes.cite, read.lines!)).toBe(true);
  },
  'ace.low-or-high'(rb, read) {
    expect(read.value).toBe(true);
    expect(rb.aceLowBelow.value).toBe('lowest-in-play');
    expect(citesLines(rb.aceLowBelow.cite, read.lines!)).toBe(true);
  },
  'seat-numbering'(rb, read) {
    expect(String(read.value)).toMatch(/^seat 1 to the croupier's LEFT/);
    expect(rb.seatNumbering.value).toBe('from-croupier-left');
    expect(citesLines(rb.seatNumbering.cite, read.lines!)).toBe(true);
  },
  'cagnotte.options'(rb, read) {
    expect(rb.cagnotteModes.value).toHaveLength(read.value as number);
    expect(citesLines(rb.cagnotteModes.cite, read.lines!)).toBe(true);
  },
  'cagnotte.pot-percentage.maximum'(rb, read) {
    expect(rb.maxCagnotteRate.value).toBe(read.value);
    expect(citesLines(rb.maxCagnotteRate.cite, read.lines!)).toBe(true);
  },
  'cagnotte.session-fee.range'(rb, read) {
    expect(rb.sessionFeeRange.value).toEqual(read.value);
    expect(citesLines(rb.sessionFeeRange.cite, read.lines!)).toBe(true);
  },
  'cagnotte.per-player-fee.range'(rb, read) {
    expect(rb.perPlayerFeeRange.value).toEqual(read.value);
    expect(citesLines(rb.perPlayerFeeRange.cite, read.lines!)).toBe(true);
  },
  'players.minimum'(rb, read) {
    expect(rb.minPlayers.value).toBe(read.value);
    expect(citesLines(rb.minPlayers.cite, read.lines!)).toBe(true);
  },
  'rest.maximum-hands'(rb, read) {
    expect(rb.sitOutHands.value).toBe(read.value);
    expect(citesLines(rb.sitOutHands.cite, read.lines!)).toBe(true);
  },
  'limits.minimum.share-of-maximum'(rb, read) {
    expect(rb.tableMinimumShare.value).toEqual(read.value);
    expect(citesLines(rb.tableMinimumShare.cite, read.lines!)).toBe(true);
  },
  'limits.ante.maximum.share-of-minimum'(rb, read) {
    expect(rb.anteMaxShare.value).toBe(read.value);
    expect(rb.anteIsMinimum.value).toBe(false);
    expect(citesLines(rb.anteMaxShare.cite, read.lines!)).toBe(true);
  },
  'limits.structures'(rb, read) {
    // split limit, pot limit, no limit: each a session option the game takes
    expect(read.value).toHaveLength(3);
    for (const structure of ['split-limit', 'pot-limit', 'no-limit'])
      expect(HOLDEM.refuseOptions!({ structure }, { ...rb, game: HOLDEM.game, source: '', options: {} } as never)).toBeNull();
  },
  'raises.heads-up'(rb, read) {
    expect(read.value).toBe('unlimited');
    expect(rb.headsUpUncapped.value).toBe(true);
    expect(citesLines(rb.headsUpUncapped.cite, read.lines!)).toBe(true);
  },
  'ranking.flush-over-full-with-short-deck'(rb, read) {
    expect(rb.flushBeatsFull.value).toBe(read.value);
    expect(citesLines(rb.flushBeatsFull.cite, read.lines!)).toBe(true);
  },
};

describe.each(['euskadi', 'cantabria'] as const)('circle poker %s, the common rules: the values the reader read', (j) => {
  const read = reading.jurisdictions[j]!;
  it.each(Object.keys(read.values))('%s', (key) => {
    if (NOT_JUDGED[key]) return expect(VALUES[key]).toBeUndefined();
    expect(VALUES[key]).toBeDefined();
    VALUES[key](COMMON[j], read.values[key]);
  });
});

it('galicia, illes-balears, andalucia: no common circle rules (only synthetic in the last two)', () => {
  expect(reading.jurisdictions.galicia).toBeNull();
  expect(Object.keys(HOLDEM.rulebooks).sort()).toEqual(['cantabria', 'euskadi']);
});

// ---------------------------------------------------------------------------------------------------
// The reader's rounds, as euskadi Hold'em (antes of 100; mano seat 4; seats from the croupier's right, clockwise:
// 3, 2, 1 then the mano) with the cagnotte at 0

const E = (options: Record<string, unknown> = {}) => circleEnv(HOLDEM, 'euskadi', { smallestChip: 10, options: { cagnotteRate: 0, ...options } });
const ORDER = [3, 2, 1, 4];

/** Every interval checked round; the board with its burns. */
function checkedDown(holes: Record<number, string[]>, board: string[], restos?: Record<number, number>) {
  const played = [...H.open(4, [1, 2, 3, 4], restos), ...ORDER.map((s) => H.bet(s, 'ante', 100)), H.close()];
  for (let i = 0; i < 2; i++) for (const s of ORDER) played.push(H.card(holes[s][i], `seat:${s}`));
  const checks = () => ORDER.map((s) => H.act(s, 'check'));
  played.push(
    ...checks(),
    H.card('2S', 'burn'),
    ...H.cards('board', ...board.slice(0, 3)),
    ...checks(),
    H.card('2H', 'burn'),
    H.card(board[3], 'board'),
    ...checks(),
    H.card('3H', 'burn'),
    H.card(board[4], 'board'),
    ...checks(),
  );
  return played;
}

describe("the reader's rounds (euskadi)", () => {
  it('ties (L11214–11216): equal pairs and first kicker, the next card decides — Q-Q-A-9-5 beats Q-Q-A-9-4', () => {
    const p = expectedPayouts(
      HOLDEM,
      E(),
      checkedDown({ 1: ['QD', '4C'], 2: ['QH', '5D'], 3: ['8S', '7D'], 4: ['JC', '10C'] }, ['QC', 'AS', '9H', '3S', '2D']),
    );
    expect(p).toEqual({ '1': 0, '2': 400, '3': 0, '4': 0 });
  });

  it('split-pot (L11725–11729): equal hands split the pot equally by default; "in proportion to their restos" as session option', () => {
    const holes = { 1: ['3H', '7S'], 2: ['3D', '7C'], 3: ['AH', 'AD'], 4: ['KH', 'QD'] };
    const board = ['4H', '5C', '6D', 'KS', 'JC'];
    const restos = { 1: 3_000, 2: 1_000, 3: 5_000, 4: 5_000 };
    expect(expectedPayouts(HOLDEM, E(), checkedDown(holes, board, restos))).toEqual({ '1': 200, '2': 200, '3': 0, '4': 0 });
    expect(expectedPayouts(HOLDEM, E({ splitPot: 'proportional-to-resto' }), checkedDown(holes, board, restos))).toEqual({
      '1': 300,
      '2': 100,
      '3': 0,
      '4': 0,
    });
  });

  it('betting-options (L11462–11498): a check after a bet in the interval is not an option', () => {
    const base = checkedDown({ 1: ['QD', '4C'], 2: ['QH', '5D'], 3: ['8S', '7D'], 4: ['JC', '10C'] }, ['QC', 'AS', '9H', '3S', '2D']);
    const cut = base.findIndex((f) => f.type === 'PlayerDecision');
    const played = [...base.slice(0, cut), H.act(3, 'bet', 200), H.act(2, 'check')];
    expect(judge(HOLDEM, E(), played).discrepancies.map((d) => d.rule)).toContain('circle-poker-texas-holdem/check-facing-bet');
  });

  it('uncalled-bet-wins (L11513–11516): one bet, everyone else folds: the bettor takes the pot unseen', () => {
    const base = checkedDown({ 1: ['QD', '4C'], 2: ['QH', '5D'], 3: ['8S', '7D'], 4: ['JC', '10C'] }, ['QC', 'AS', '9H', '3S', '2D']);
    const cut = base.findIndex((f) => f.type === 'PlayerDecision');
    const played = [...base.slice(0, cut), H.act(3, 'bet', 200), H.act(2, 'fold'), H.act(1, 'fold'), H.act(4, 'fold')];
    expect(expectedPayouts(HOLDEM, E(), played)['3']).toBe(600);
  });

  it('all-in-proportional (L11506–11511): a short resto plays for the part it matched', () => {
    // seat 2 (resto 300: 200 left after its ante) calls all-in; 3 bets 500, 1 calls, 4 folds; 2 holds the best hand
    const holes: Record<number, string[]> = { 1: ['KD', 'KC'], 2: ['AH', 'AC'], 3: ['QS', 'QH'], 4: ['JC', '10C'] };
    const played = [...H.open(4, [1, 2, 3, 4], { 1: 5_000, 2: 300, 3: 5_000, 4: 5_000 }), ...ORDER.map((s) => H.bet(s, 'ante', 100)), H.close()];
    for (let i = 0; i < 2; i++) for (const s of ORDER) played.push(H.card(holes[s][i], `seat:${s}`));
    played.push(H.act(3, 'bet', 500), H.act(2, 'call', 200), H.act(1, 'call', 500), H.act(4, 'fold'));
    const checks = () => [H.act(3, 'check'), H.act(1, 'check')];
    played.push(
      H.card('2S', 'burn'),
      ...H.cards('board', 'AS', '8D', '6C'),
      ...checks(),
      H.card('2H', 'burn'),
      H.card('4S', 'board'),
      ...checks(),
      H.card('3H', 'burn'),
      H.card('9H', 'board'),
      ...checks(),
    );
    expect(codes(judge(HOLDEM, E(), played)).filter((c) => c !== 'UNSETTLED_BET')).toEqual([]);
    // main pot: 4 antes + 3 × 200 = 1,000 to seat 2; the side pot 2 × 300 = 600 to seat 1 (kings over queens)
    expect(expectedPayouts(HOLDEM, E(), played)).toEqual({ '1': 600, '2': 1_000, '3': 0, '4': 0 });
  });

  it('table-stakes (L11739–11741): no more chips than were on the table when the hand began', () => {
    const base = checkedDown({ 1: ['QD', '4C'], 2: ['QH', '5D'], 3: ['8S', '7D'], 4: ['JC', '10C'] }, ['QC', 'AS', '9H', '3S', '2D'], {
      1: 5_000,
      2: 5_000,
      3: 500,
      4: 5_000,
    });
    const cut = base.findIndex((f) => f.type === 'PlayerDecision');
    expect(judge(HOLDEM, E(), [...base.slice(0, cut), H.act(3, 'bet', 600)]).discrepancies.map((d) => d.rule)).toContain(
      'circle-poker-texas-holdem/table-stakes',
    );
  });

  it('players.minimum (L11322–11325): a hand dealt to three players', () => {
    expect(judge(HOLDEM, E(), H.open(3, [1, 2, 3])).discrepancies.map((d) => d.rule)).toEqual(['circle-poker-texas-holdem/minimum-players']);
  });

  it('showdown-order (L11632–11650): cards speak — the hand is read from the cards, whatever is announced', () => {
    // no announcement is a fact: the award is always read from the cards dealt
    expect(
      codes(judge(HOLDEM, E(), checkedDown({ 1: ['QD', '4C'], 2: ['QH', '5D'], 3: ['8S', '7D'], 4: ['JC', '10C'] }, ['QC', 'AS', '9H', '3S', '2D']))),
    ).toEqual([]);
  });
});

// cantabria's own round: the split pot "en proporción a sus respectivos restos" (L5822–5827)
it('cantabria split-pot (L5822–5827): equal by default, proportional as the session option', () => {
  const C = (options: Record<string, unknown> = {}) =>
    circleEnv(HOLDEM, 'cantabria' as JurisdictionId, { smallestChip: 10, options: { cagnotteRate: 0, ...options } });
  // cantabria Hold'em: mano 1, blinds 2 (100) and 3 (200), seat 4 first; seats ascending clockwise
  const played = [...cantabriaPreflop({ 1: 900, 2: 300, 3: 5_000, 4: 5_000 }, ['3H', '3D', 'AH', 'KH', '7S', '7C', 'AD', 'QD'])];
  // seats 2 and 3 hold the same straight; 4 and 1 fold, 2 calls, 3 checks; then checked down
  played.push(H.act(4, 'fold'), H.act(1, 'fold'), H.act(2, 'call', 100), H.act(3, 'check'));
  const checks = () => [H.act(2, 'check'), H.act(3, 'check')];
  played.push(
    H.card('2S', 'burn'),
    ...H.cards('board', '4H', '5C', '6D'),
    ...checks(),
    H.card('2H', 'burn'),
    H.card('KS', 'board'),
    ...checks(),
    H.card('3C', 'burn'),
    H.card('JC', 'board'),
    ...checks(),
  );
  expect(expectedPayouts(HOLDEM, C(), played)).toMatchObject({ '2': 200, '3': 200 });
  // restos 300 and 5,000: 400 split 300 : 5,000, in whole chips of 10
  const proportional = expectedPayouts(HOLDEM, C({ splitPot: 'proportional-to-resto' }), played);
  expect(proportional['2'] + proportional['3']).toBe(400);
  expect(proportional['2']).toBeLessThan(proportional['3']);
});

it('the maximum of players is not stated in the common rules (euskadi L10787–10794, cantabria L5312–5323): eleven players are no finding', () => {
  const eleven = H.open(1, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  expect(judge(HOLDEM, E(), eleven).discrepancies).toEqual([]);
  expect(judge(HOLDEM, circleEnv(HOLDEM, 'cantabria'), eleven).discrepancies).toEqual([]);
});
