import { codes, judge } from '../../core/testing';
import { circleEnv, circlePropertySuite, expectedPayouts, H } from '../../core/circle/spec-support';
import { rules as RULES } from './rules';

const HANDS: Record<number, string[]> = {
  1: ['AS', 'AD', 'KC', 'KD', 'QH'], // figuras: two pair of figures
  2: ['9S', '9D', '9C', '2H', '3H'], // trío
  3: ['JS', 'JD', '4C', '5D', '6H'], // jacks
  4: ['10S', '10D', '7C', '7D', '2C'], // two pair
};

describe('circle-poker-five-card-draw — Δ forced bets and openers (games.md five-card-draw)', () => {
  it('euskadi: the mano opens with the minimum and the segunda mano posts twice it (euskadi L12015–12034)', () => {
    const env = circleEnv(RULES, 'euskadi'); // clockwise from the croupier's right → descending seats
    expect(codes(judge(RULES, env, [...H.open(4, [1, 2, 3, 4]), H.bet(4, 'opening', 200), H.bet(3, 'double-opening', 400)]))).toEqual([]);
    expect(codes(judge(RULES, env, [...H.open(4, [1, 2, 3, 4]), H.bet(4, 'opening', 200), H.bet(3, 'double-opening', 200)]))).toContain('BET_BELOW_MINIMUM');
    expect(judge(RULES, env, [...H.open(4, [1, 2, 3, 4]), H.bet(2, 'opening', 200)]).discrepancies.map((d) => d.rule)).toContain(
      'circle-poker-five-card-draw/forced-bet-position',
    );
    expect(codes(judge(RULES, env, [...H.open(4, [1, 2, 3, 4]), H.bet(4, 'ante', 100)]))).toContain('BET_NOT_ALLOWED');
  });

  it('euskadi: a ciega is at least twice the previous blind, by the next player only', () => {
    const env = circleEnv(RULES, 'euskadi');
    const base = [...H.open(4, [1, 2, 3, 4]), H.bet(4, 'opening', 200), H.bet(3, 'double-opening', 400)];
    expect(codes(judge(RULES, env, [...base, H.bet(2, 'ciega', 800)]))).toEqual([]);
    expect(codes(judge(RULES, env, [...base, H.bet(2, 'ciega', 600)]))).toContain('BET_BELOW_MINIMUM');
  });

  function cantabria(openerSeat: number) {
    const env = circleEnv(RULES, 'cantabria'); // seats from the croupier's right, counter-clockwise → ascending
    const played = [...H.open(4, [1, 2, 3, 4]), ...[1, 2, 3, 4].map((s) => H.bet(s, 'ante', 100)), H.close()];
    for (let k = 0; k < 5; k++) for (const s of [1, 2, 3, 4]) played.push(H.card(HANDS[s][k], `seat:${s}`));
    const before = [1, 2, 3, 4].filter((s) => s < openerSeat).map((s) => H.act(s, 'check'));
    return { env, played: [...played, ...before, H.act(openerSeat, 'bet', 200)] };
  }

  it('cantabria: opening needs jacks or better (cantabria L5963–5998): 9-9-9 and J-J open; false openers are flagged', () => {
    expect(judge(RULES, cantabria(2).env, cantabria(2).played).discrepancies).toEqual([]);
    expect(judge(RULES, cantabria(3).env, cantabria(3).played).discrepancies).toEqual([]);
    const env = circleEnv(RULES, 'cantabria', { carried: { blankHands: 1, carriedPot: 400 } });
    // after one blank hand the openers rise to queens: jacks no longer open
    expect(judge(RULES, env, cantabria(3).played).discrepancies.map((d) => d.rule)).toContain('circle-poker-five-card-draw/openers');
  });

  it('cantabria: nobody opens → blank hand; the pot passes to the next deal, which starts with it (carry)', () => {
    const env = circleEnv(RULES, 'cantabria');
    const played = [...H.open(4, [1, 2, 3, 4]), ...[1, 2, 3, 4].map((s) => H.bet(s, 'ante', 100)), H.close()];
    for (let k = 0; k < 5; k++) for (const s of [1, 2, 3, 4]) played.push(H.card(HANDS[s][k], `seat:${s}`));
    played.push(...[1, 2, 3, 4].map((s) => H.act(s, 'check')), ...[1, 2, 3, 4].map((s) => H.settle(s, 'lose', 0)), H.done());
    const j = judge(RULES, env, played);
    expect(j.verdict).toBe('consistent');
    let carried: unknown;
    for (const f of played) carried = RULES.carry!(carried, { eventId: 'x', type: f.type, data: f.data }, env);
    expect(carried).toMatchObject({ blankHands: 1, carriedPot: 400 });
  });
});

describe('circle-poker-five-card-draw — the draw and the ranking', () => {
  it('Δ draw: euskadi 0–4 cards (euskadi L12040–12047); cantabria up to 5 (index.md OQ-44)', () => {
    expect(RULES.rulebooks.euskadi!.maxDiscard.value).toBe(4);
    expect(RULES.rulebooks.cantabria!.maxDiscard.value).toBe(5);
  });

  it('Figuras (all A/K/Q/J) beat two pair and lose to a trío (euskadi L11097–11100); one draw; discarding five in euskadi is flagged', () => {
    const env = circleEnv(RULES, 'euskadi', { options: { cagnotteRate: 0 } });
    const played = [...H.open(4, [1, 2, 3, 4]), H.bet(4, 'opening', 200), H.bet(3, 'double-opening', 400), H.bet(2, 'seat', 0), H.bet(1, 'seat', 0), H.close()];
    for (let k = 0; k < 5; k++) for (const s of [3, 2, 1, 4]) played.push(H.card(HANDS[s][k], `seat:${s}`));
    played.push(H.act(2, 'call', 400), H.act(1, 'call', 400), H.act(4, 'call', 200), H.act(3, 'check'));
    for (const s of [3, 2, 1, 4]) played.push(H.act(s, 'draw', undefined, { discards: [] }));
    played.push(...[3, 2, 1, 4].map((s) => H.act(s, 'check')));
    expect(judge(RULES, env, played).discrepancies).toEqual([]);
    expect(expectedPayouts(RULES, env, played)).toEqual({ '1': 0, '2': 1600, '3': 0, '4': 0 });
    // without seat 2, the figuras (seat 1) beat the two pair (seat 4) and the jacks
    const folded = played
      .map((f) =>
        f.type === 'PlayerDecision' && f.data.seat === 2 && f.data.decision === 'call' ? { ...f, data: { ...f.data, decision: 'fold', amount: 0 } } : f,
      )
      .filter((f) => !(f.type === 'PlayerDecision' && f.data.seat === 2 && f.data.decision !== 'fold'));
    expect(expectedPayouts(RULES, env, folded)['1']).toBe(1200);
    const five = played.map((f) =>
      f.type === 'PlayerDecision' && f.data.decision === 'draw' && f.data.seat === 3 ? { ...f, data: { ...f.data, discards: HANDS[3] } } : f,
    );
    expect(judge(RULES, env, five).discrepancies.map((d) => d.rule)).toContain('circle-poker-five-card-draw/maximum-discard');
  });
});

circlePropertySuite(RULES);
