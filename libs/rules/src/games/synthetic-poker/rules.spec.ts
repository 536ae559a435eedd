import { codes, judge } from '../../core/testing';
import { circleEnv, circlePropertySuite, expectedPayouts, H } from '../../core/circle/spec-support';
import { rules as RULES } from './rules';

const seats = [1, 2, 3, 4];
/** Seat 1 holds two aces; seat 2 has K-K for a full house with the board; board A-K-K-9-8 (board card 1 at the deal). */
function hand(jurisdiction: 'euskadi' | 'cantabria' | 'illes-balears' | 'andalucia', holes: Record<number, string[]>, board: string[], ante: number) {
  const env = circleEnv(RULES, jurisdiction);
  const order = env.rulebook.seatNumbering.value; // all four: from the croupier's right
  expect(order).toBe('from-croupier-right');
  const played = [...H.open(1, seats), ...seats.map((s) => H.bet(s, 'ante', ante)), H.close()];
  for (const s of seats) played.push(...H.cards(`seat:${s}`, ...holes[s]));
  played.push(H.card(board[0], 'board'));
  // every interval: all check, starting with the mano (synthetic round 1 by the mano)
  const first = env.options.direction === 'clockwise' ? [1, 4, 3, 2] : [1, 2, 3, 4];
  for (let i = 0; i < 5; i++) {
    played.push(...first.map((s) => H.act(s, 'check')));
    if (i < 4) played.push(H.card(board[i + 1], 'board'));
  }
  return { env, played };
}

describe('synthetic-poker — regional differences (games.md synthetic-poker Δ rows)', () => {
  const holes = { 1: ['QH', 'JH'], 2: ['10H', '9H'], 3: ['KS', 'KD'], 4: ['8C', '8D'] };
  // board: AH KH 8H 8S 10C → seat 1 royal? no: QH JH + AH KH 10? (10C not hearts) → seat 1 straight A-K-Q-J-10 via 10C;
  // seat 2 flush (10H 9H + AH KH 8H); seat 3 full house (KS KD + KH + 8H 8S); seat 4 four eights (8C 8D 8H 8S)
  it('flush beats full house in euskadi, cantabria, illes-balears; full beats flush in andalucia (andalucia L203–205)', () => {
    const holes2 = { 1: ['QC', 'JD'], 2: ['10H', '9H'], 3: ['KS', 'KD'], 4: ['7C', '9C'].map((c) => c.replace('7', 'J')) };
    const board = ['AH', 'KH', '8H', '8S', '10C'];
    for (const j of ['euskadi', 'cantabria', 'illes-balears'] as const) {
      const { env, played } = hand(j, holes2, board, j === 'illes-balears' ? 200 : 100);
      const p = expectedPayouts(RULES, env, played);
      expect(p['2']).toBeGreaterThan(0); // flush
      expect(p['3']).toBe(0);
    }
    const { env, played } = hand('andalucia', holes2, board, 200);
    const p = expectedPayouts(RULES, env, played);
    expect(p['3']).toBeGreaterThan(0); // full house
    expect(p['2']).toBe(0);
  });

  it('illes-balears plays the best five of seven; the others exactly two hole + three board cards (Δ Hand)', () => {
    // seat 4 holds 8C and JC; board has four clubs: best-five makes a flush from one hole card, 2+3 cannot
    const h = { 1: ['QD', 'JD'], 2: ['10H', '9S'], 3: ['KS', 'QS'], 4: ['8D', 'JC'] };
    const board = ['AC', 'KC', '9C', '10C', '8S'];
    const ib = hand('illes-balears', h, board, 200);
    expect(expectedPayouts(RULES, ib.env, ib.played)['4']).toBeGreaterThan(0);
    const eu = hand('euskadi', h, board, 100);
    expect(expectedPayouts(RULES, eu.env, eu.played)['4']).toBe(0);
    void holes;
  });

  it('the cagnotte ceiling: 5 % in euskadi and cantabria, 3 % in illes-balears and andalucia (Δ House benefit)', () => {
    expect(RULES.refuseOptions!({ cagnotteRate: 0.05 }, RULES.rulebooks.euskadi!)).toBeNull();
    expect(RULES.refuseOptions!({ cagnotteRate: 0.05 }, RULES.rulebooks.cantabria!)).toBeNull();
    expect(RULES.refuseOptions!({ cagnotteRate: 0.05 }, RULES.rulebooks['illes-balears']!)?.field).toBe('options.cagnotteRate');
    expect(RULES.refuseOptions!({ cagnotteRate: 0.04 }, RULES.rulebooks.andalucia!)?.field).toBe('options.cagnotteRate');
    expect(RULES.refuseOptions!({ cagnotteMode: 'per-player-hand-fee' }, RULES.rulebooks.euskadi!)).toBeNull();
    expect(RULES.refuseOptions!({ cagnotteMode: 'per-player-hand-fee' }, RULES.rulebooks.cantabria!)?.field).toBe('options.cagnotteMode');
    expect(RULES.refuseOptions!({ cagnotteMode: 'session-fee' }, RULES.rulebooks.andalucia!)?.field).toBe('options.cagnotteMode');
  });

  it('andalucia: a player who checked ("se reservó") must call exactly; check-raise is a SEQUENCE_VIOLATION (andalucia L269–271); allowed elsewhere', () => {
    for (const [j, flagged] of [
      ['andalucia', true],
      ['illes-balears', false],
    ] as const) {
      const env = circleEnv(RULES, j);
      const played = [...H.open(1, seats), ...seats.map((s) => H.bet(s, 'ante', 200)), H.close()];
      for (const s of seats)
        played.push(
          ...H.cards(
            `seat:${s}`,
            ...[
              ['AS', 'KS'],
              ['QS', 'JS'],
              ['10S', '9S'],
              ['8S', 'AH'],
            ][s - 1],
          ),
        );
      played.push(H.card('KH', 'board'), H.act(1, 'check'), H.act(2, 'bet', 400), H.act(3, 'fold'), H.act(4, 'fold'), H.act(1, 'raise', 1200));
      expect(judge(RULES, env, played).discrepancies.some((d) => d.rule === 'synthetic-poker/check-raise')).toBe(flagged);
    }
  });

  it('illes-balears and andalucia: the ante is the table minimum (illes-balears L2682–2685, andalucia L251); euskadi ≤ 50 % of it', () => {
    const ante = (j: 'euskadi' | 'andalucia' | 'illes-balears', amount: number) =>
      codes(judge(RULES, circleEnv(RULES, j), [...H.open(1, seats), H.bet(1, 'ante', amount)]));
    expect(ante('andalucia', 200)).toEqual([]);
    expect(ante('andalucia', 100)).toContain('BET_BELOW_MINIMUM');
    expect(ante('illes-balears', 200)).toEqual([]);
    expect(ante('euskadi', 200)).toContain('BET_ABOVE_MAXIMUM');
  });

  it("direction of play (index.md OQ-40): euskadi clockwise, the others counter-clockwise — with seats from the croupier's right", () => {
    expect(circleEnv(RULES, 'euskadi').options.direction).toBe('clockwise');
    for (const j of ['cantabria', 'illes-balears', 'andalucia'] as const) expect(circleEnv(RULES, j).options.direction).toBe('counter-clockwise');
  });

  it('a 7 is not a card of the 28-card deck: refused at ingestion', () => {
    const env = circleEnv(RULES, 'euskadi');
    expect(RULES.refuse!({ eventId: 'x', type: 'CardDealt', data: { card: '7H', to: 'seat:1' } }, env)?.field).toBe('data.card');
  });

  it('min players 4 in every text; at most 10 in illes-balears and andalucia', () => {
    const few = judge(RULES, circleEnv(RULES, 'andalucia'), H.open(1, [1, 2, 3]));
    expect(few.discrepancies.map((d) => d.rule)).toContain('synthetic-poker/minimum-players');
    const many = judge(RULES, circleEnv(RULES, 'illes-balears'), H.open(1, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]));
    expect(many.discrepancies.map((d) => d.rule)).toContain('synthetic-poker/maximum-players');
  });

  it('sit-out: 3 hands in euskadi, 2 elsewhere (documented rulebook data)', () => {
    expect(RULES.rulebooks.euskadi!.sitOutHands.value).toBe(3);
    for (const j of ['cantabria', 'illes-balears', 'andalucia'] as const) expect(RULES.rulebooks[j]!.sitOutHands.value).toBe(2);
  });
});

circlePropertySuite(RULES);
