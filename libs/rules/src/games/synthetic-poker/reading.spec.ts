/**
 * Póker sintético against the independent reading (`docs/games/readings/synthetic-poker.json`), four jurisdictions.
 * Resolutions: `docs/games/readings/synthetic-poker.resolutions.md`.
 */
import { rankingFor } from '../../core/circle';
import { circleEnv, expectedPayouts, H, readingValues } from '../../core/circle/spec-support';
import { citesLines } from '../../core/reading-testing';
import { compareHands, evaluateFive } from '../../core/poker/evaluate';
import { codes, judge } from '../../core/testing';
import type { JurisdictionId } from '../../core/types';
import { rules as RULES, SYNTHETIC_PHASES } from './rules';

const NOT_JUDGED_RESTO =
  "the initial resto and its re-buys are bought with CashExchanged, a session fact the round judge does not read; each hand's resto is read from HandOpened";

readingValues(
  RULES,
  {
    decks: (rb, read, env) => {
      expect(rb.deckSizes.value).toEqual([read.value]);
      expect(env.options.deckSize).toBe(read.value);
      expect(citesLines(rb.deckSizes.cite, read.lines!)).toBe(true);
    },
    'ace.low-or-high': (rb, read) => {
      // below the 8 (the lowest card in play) or above the king
      expect(String(read.value)).toMatch(/^(below|before) the (8|lowest card in play)/);
      expect(rb.aceLowBelow.value).toBe('lowest-in-play');
      expect(citesLines(rb.aceLowBelow.cite, read.lines!)).toBe(true);
      expect(evaluateFive(['AS', '8D', '9H', '10C', 'JS'], rankingFor(circleEnv(RULES, rb.jurisdiction))).category).toBe('straight');
    },
    'hand.composition': (rb, read) => {
      expect(rb.handRule.value).toBe(String(read.value).startsWith('best five') ? 'best-five' : 'two-plus-three');
      expect(citesLines(rb.handRule.cite, read.lines!)).toBe(true);
    },
    'seat-numbering': (rb, read) => {
      expect(String(read.value)).toMatch(/croupier's right/);
      expect(rb.seatNumbering.value).toBe('from-croupier-right');
    },
    'seats.maximum': (rb, read) => {
      expect(rb.maxPlayers.value).toBe(read.value);
      expect(citesLines(rb.maxPlayers.cite, read.lines!)).toBe(true);
    },
    'players.minimum': (rb, read) => {
      expect(rb.minPlayers.value).toBe(read.value);
      expect(citesLines(rb.minPlayers.cite, read.lines!)).toBe(true);
    },
    'rest.maximum-hands': (rb, read) => {
      expect(rb.sitOutHands.value).toBe(read.value);
      expect(citesLines(rb.sitOutHands.cite, read.lines!)).toBe(true);
    },
    'cagnotte.rate.maximum': (rb, read) => {
      expect(rb.maxCagnotteRate.value).toBe(read.value);
      expect(citesLines(rb.maxCagnotteRate.cite, read.lines!)).toBe(true);
    },
    cagnotte: (rb) => expect(rb.cagnotteModes.value).toEqual(['pot-percentage', 'session-fee', 'per-player-hand-fee']),
    'ranking.flush-over-full': (rb, read) => expect(rb.flushBeatsFull.value).toBe(read.value),
    'ranking.full-over-flush': (rb, read) => {
      expect(rb.flushBeatsFull.value).toBe(!read.value);
      expect(citesLines(rb.flushBeatsFull.cite, read.lines!)).toBe(true);
    },
    'betting-rounds': (_rb, read) => expect(SYNTHETIC_PHASES).toHaveLength(read.value as number),
    limits: (rb, read) => {
      // the casino's band; the general 20–40 % minimum-to-maximum rule still applies (cantabria L5582–5586)
      expect(String(read.value)).toMatch(/fluctuation band/);
      expect(rb.tableMinimumShare.value).toEqual([0.2, 0.4]);
    },
  },
  {
    'resto.initial.multiple-of-table-minimum': NOT_JUDGED_RESTO,
    'resto.rebuy.multiple-of-table-minimum': NOT_JUDGED_RESTO,
    'resto.initial.multiple-of-table-bet': NOT_JUDGED_RESTO,
    'resto.rebuy.multiple-of-table-bet': NOT_JUDGED_RESTO,
    'resto.scale': NOT_JUDGED_RESTO,
    'shuffle.minimum-times': 'no fact records the shuffle',
    'table.close-after-minutes': 'opening and closing a table for want of players: issue 15 (session)',
    'partida.duration.minimum': "the partida's length: issue 15 (session duration)",
    'closing.announced-last-partidas': 'closing announcements: issue 15 (session)',
  },
);

describe("the reader's rounds", () => {
  const h = (s: string) => s.split(' ');
  it('andalucia (L201–205): the full house above the flush; the other three texts put the flush above', () => {
    for (const j of ['euskadi', 'cantabria', 'illes-balears', 'andalucia'] as JurisdictionId[]) {
      const r = rankingFor(circleEnv(RULES, j));
      const flushWins = compareHands(evaluateFive(h('AH KH QH 9H 8H'), r), evaluateFive(h('8S 8D 8C KS KD'), r)) > 0;
      expect([j, flushWins]).toEqual([j, j !== 'andalucia']);
    }
  });

  /** euskadi: mano 4, antes, two cards each and the first board card; every turn checked, the mano first (L12795–12807). */
  function checkedDown(holes: Record<number, string[]>, board: string[]) {
    const env = circleEnv(RULES, 'euskadi', { smallestChip: 10, options: { cagnotteRate: 0 } });
    const order = [4, 3, 2, 1];
    const played = [...H.open(4, [1, 2, 3, 4]), ...order.map((s) => H.bet(s, 'ante', 100)), H.close()];
    for (let i = 0; i < 2; i++) for (const s of order) played.push(H.card(holes[s][i], `seat:${s}`));
    played.push(H.card(board[0], 'board'));
    for (let turn = 1; turn <= 5; turn++) {
      played.push(...order.map((s) => H.act(s, 'check')));
      if (turn < 5) played.push(H.card(board[turn], 'board'));
    }
    expect(codes(judge(RULES, env, played))).toEqual([]);
    return expectedPayouts(RULES, env, played);
  }

  it('euskadi hand composition (L12701–12705): both hole cards and three of the board — four hearts on the board and one in the hand make no flush', () => {
    // seat 1: AH with 8C; seat 2: a pair of jacks (J-J with the board's Q-Q: two pair); seats 3, 4 less
    const p = checkedDown({ 1: ['AH', '8C'], 2: ['JC', 'JS'], 3: ['9C', '8D'], 4: ['10C', '9D'] }, ['KH', 'QH', '10H', '9H', 'QS']);
    expect(p['2']).toBe(400);
  });
});

it('ten seats at most in illes-balears (L2490–2492) and andalucia (L159); euskadi and cantabria state no number', () => {
  const eleven = H.open(1, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  for (const j of ['illes-balears', 'andalucia'] as JurisdictionId[])
    expect(judge(RULES, circleEnv(RULES, j), eleven).discrepancies.map((d) => d.rule)).toEqual(['synthetic-poker/maximum-players']);
  for (const j of ['euskadi', 'cantabria'] as JurisdictionId[]) expect(judge(RULES, circleEnv(RULES, j), eleven).discrepancies).toEqual([]);
});
