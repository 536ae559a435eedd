import { judge } from '../../core/testing';
import { circleEnv, circlePropertySuite, H, playSeed } from '../../core/circle/spec-support';
import { rules as RULES } from './rules';

describe('circle-poker-omaha-five-card', () => {
  it('at most 8 players (euskadi L12258–12259)', () => {
    const j = judge(RULES, circleEnv(RULES, 'euskadi'), H.open(1, [1, 2, 3, 4, 5, 6, 7, 8, 9]));
    expect(j.discrepancies.map((d) => d.rule)).toContain('circle-poker-omaha-five-card/maximum-players');
  });

  it('five hole cards each; a sixth is DRAW_RULE_VIOLATION', () => {
    const env = circleEnv(RULES, 'euskadi');
    const played = [...H.open(4, [1, 2, 3, 4]), ...[3, 2, 1, 4].map((s) => H.bet(s, 'ante', 100)), H.close()];
    const deck = ['AS', 'KS', 'QS', 'JS', '10S', '9S', '8S', '7S', '6S', '5S', 'AH', 'KH', 'QH', 'JH', '10H', '9H', '8H', '7H', '6H', '5H'];
    [3, 2, 1, 4].forEach((s, i) => played.push(...H.cards(`seat:${s}`, ...deck.slice(i * 5, i * 5 + 5))));
    expect(judge(RULES, env, played).discrepancies).toEqual([]);
    expect(judge(RULES, env, [...played, H.card('2C', 'seat:3')]).discrepancies.map((d) => d.code)).toContain('DRAW_RULE_VIOLATION');
  });

  it('option exposeFirstBoardCard (euskadi L12261–12265): the first board card comes with the hole cards', () => {
    const env = circleEnv(RULES, 'euskadi', { options: { exposeFirstBoardCard: true } });
    expect(RULES.play).toBeDefined();
    const played = playSeed(RULES, env, 11);
    const firstDecision = played.findIndex((f) => f.type === 'PlayerDecision');
    expect(played.slice(0, firstDecision).filter((f) => f.type === 'CardDealt' && f.data.to === 'board')).toHaveLength(1);
    expect(judge(RULES, env, played).verdict).toBe('consistent');
  });
});

circlePropertySuite(RULES);
