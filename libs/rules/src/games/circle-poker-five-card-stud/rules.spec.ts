import { judge } from '../../core/testing';
import { circleEnv, circlePropertySuite, describedHand, expectedPayouts, H } from '../../core/circle/spec-support';
import { rules as RULES } from './rules';

describe('circle-poker-five-card-stud (euskadi L12540–12579, cantabria L6361–6389)', () => {
  it('32 cards (A to 7): a 6 is refused at ingestion in both jurisdictions', () => {
    for (const j of ['euskadi', 'cantabria'] as const)
      expect(RULES.refuse!({ eventId: 'x', type: 'CardDealt', data: { card: '6S', to: 'seat:1' } }, circleEnv(RULES, j))?.field).toBe('data.card');
  });

  it('the highest showing card speaks first; speaking before it is out of turn', () => {
    const env = circleEnv(RULES, 'euskadi');
    const played = [...H.open(4, [1, 2, 3, 4]), ...[3, 2, 1, 4].map((s) => H.bet(s, 'ante', 100)), H.close()];
    const ups: Record<number, string> = { 1: 'KD', 2: '8C', 3: 'AS', 4: '9H' };
    for (const s of [3, 2, 1, 4]) played.push(H.card(['7C', '7D', '7H', '7S'][s - 1], `seat:${s}`, false));
    for (const s of [3, 2, 1, 4]) played.push(H.card(ups[s], `seat:${s}`, true));
    expect(judge(RULES, env, [...played, H.act(3, 'check')]).discrepancies).toEqual([]);
    expect(judge(RULES, env, [...played, H.act(1, 'check')]).discrepancies.map((d) => d.rule)).toContain('circle-poker-five-card-stud/action-out-of-turn');
    // the up card dealt face down is a dealing fault
    const faceDown = played.map((f) => (f.type === 'CardDealt' && f.data.card === 'AS' ? { ...f, data: { ...f.data, faceUp: false } } : f));
    expect(judge(RULES, env, faceDown).discrepancies.map((d) => d.rule)).toContain('circle-poker-five-card-stud/card-face');
  });

  it('flush beats full house with 32 cards (euskadi L11114–11115, cantabria L5528–5530)', () => {
    const env = circleEnv(RULES, 'cantabria', { options: { cagnotteRate: 0 } });
    // cantabria: seats from the croupier's left, counter-clockwise → descending; mano 4 → 3, 2, 1, 4
    const played = [...H.open(4, [1, 2, 3, 4]), ...[3, 2, 1, 4].map((s) => H.bet(s, 'ante', 100)), H.close()];
    const hands: Record<number, string[]> = {
      1: ['AH', 'KH', 'QH', '9H', '8H'],
      2: ['KS', 'KC', 'KD', '8S', '8C'],
      3: ['7C', '9C', '10D', 'JS', 'AS'],
      4: ['7D', '7S', 'JD', 'QC', 'AD'],
    };
    for (let k = 0; k < 5; k++) {
      for (const s of [3, 2, 1, 4]) played.push(H.card(hands[s][k], `seat:${s}`, k > 0));
      if (k >= 1) {
        const env2 = env;
        const st = judge(RULES, env2, played).steps;
        const turn = describedHand(st[st.length - 1]).interval?.turn as number;
        const order = [turn, ...[3, 2, 1, 4, 3, 2, 1, 4].slice([3, 2, 1, 4].indexOf(turn) + 1, [3, 2, 1, 4].indexOf(turn) + 4)];
        played.push(...order.map((s: number) => H.act(s, 'check')));
      }
    }
    const p = expectedPayouts(RULES, env, played);
    expect(p['1']).toBe(400);
    expect(p['2']).toBe(0);
  });
});

circlePropertySuite(RULES);
