import { judge } from '../../core/testing';
import { circleEnv, circlePropertySuite, H } from '../../core/circle/spec-support';
import { rules as RULES } from './rules';

/** third street: seat 2 shows the lowest up card (2C) and must open (cantabria L6117–6133; euskadi by docs/decisions/open-questions.md#oq-37). */
function thirdStreet(j: 'euskadi' | 'cantabria') {
  const env = circleEnv(RULES, j);
  const played = [...H.open(1, [1, 2, 3, 4]), ...[1, 2, 3, 4].map((s) => H.bet(s, 'ante', 100)), H.close()];
  const ups: Record<number, string> = { 1: 'KD', 2: '2C', 3: 'AS', 4: '9H' };
  const downs: Record<number, string[]> = { 1: ['3D', '4D'], 2: ['5D', '6D'], 3: ['7D', '8D'], 4: ['10D', 'JD'] };
  for (const s of [1, 2, 3, 4])
    played.push(H.card(downs[s][0], `seat:${s}`, false), H.card(downs[s][1], `seat:${s}`, false), H.card(ups[s], `seat:${s}`, true));
  return { env, played };
}

describe('circle-poker-seven-card-stud', () => {
  it.each(['euskadi', 'cantabria'] as const)('%s: the lowest up card must open and may not check (bring-in)', (j) => {
    const { env, played } = thirdStreet(j);
    expect(judge(RULES, env, [...played, H.act(2, 'bring-in', 200)]).discrepancies).toEqual([]);
    expect(judge(RULES, env, [...played, H.act(2, 'check')]).discrepancies.map((d) => d.rule)).toContain('circle-poker-seven-card-stud/bring-in');
  });

  it('at most 3 raises per player per interval, unlimited heads-up (euskadi L12665–12689, L11500–11504)', () => {
    const { env, played } = thirdStreet('cantabria');
    // cantabria stud: counter-clockwise from the croupier's left → descending seats: after 2 comes 1, then 4, 3
    // each raise by 200 (the table minimum); the last is seat 4's fourth raise
    const seq = [
      H.act(2, 'bring-in', 200),
      H.act(1, 'fold'),
      H.act(4, 'raise', 400),
      H.act(3, 'raise', 600),
      ...Array.from({ length: 8 }, (_, i) => H.act([2, 4, 3][i % 3], 'raise', 600)),
    ];
    const all = [...played, ...seq];
    const rules = judge(RULES, env, all).discrepancies.map((d) => d.rule);
    expect(rules).toContain('circle-poker-seven-card-stud/raise-cap');
    expect(judge(RULES, env, all.slice(0, -1)).discrepancies).toEqual([]);
  });

  it('an eighth card to a seat is DRAW_RULE_VIOLATION', () => {
    const { env, played } = thirdStreet('euskadi');
    expect(judge(RULES, env, [...played, H.card('QC', 'seat:1', false)]).discrepancies.map((d) => d.code)).toContain('DRAW_RULE_VIOLATION');
  });
});

circlePropertySuite(RULES);
