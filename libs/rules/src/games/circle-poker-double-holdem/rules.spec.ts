import { codes, judge } from '../../core/testing';
import { circleEnv, circlePropertySuite, expectedPayouts, H } from '../../core/circle/spec-support';
import { rules as RULES } from './rules';

function double(holes: Record<number, string[]>, b1: string[], b2: string[], chip = 100) {
  const env = circleEnv(RULES, 'euskadi', { smallestChip: chip, options: { cagnotteRate: 0 } });
  const played = [...H.open(4, [1, 2, 3, 4]), ...[3, 2, 1, 4].map((s) => H.bet(s, 'ante', 100)), H.close()];
  for (const s of [3, 2, 1, 4]) played.push(...H.cards(`seat:${s}`, ...holes[s]));
  const checks = () => [3, 2, 1, 4].map((s) => H.act(s, 'check'));
  played.push(...checks(), H.card('2D', 'burn'), ...H.cards('board:1', ...b1.slice(0, 3)), ...H.cards('board:2', ...b2.slice(0, 3)), ...checks());
  played.push(
    H.card('3D', 'burn'),
    H.card(b1[3], 'board:1'),
    H.card(b2[3], 'board:2'),
    ...checks(),
    H.card('4D', 'burn'),
    H.card(b1[4], 'board:1'),
    H.card(b2[4], 'board:2'),
    ...checks(),
  );
  return { env, played };
}

describe('circle-poker-double-holdem (euskadi L12409–12538)', () => {
  const holes = { 1: ['AS', 'AD'], 2: ['KS', 'KD'], 3: ['7C', '2H'], 4: ['8C', '3H'] };
  it('the pot is split in two halves, one per board; a player may win both', () => {
    const split = double(holes, ['AH', '9C', '5D', 'JS', '6H'], ['KH', '9S', '5C', 'JD', '6S']);
    expect(expectedPayouts(RULES, split.env, split.played)).toEqual({ '1': 200, '2': 200, '3': 0, '4': 0 });
    const both = double(holes, ['AH', '9C', '5D', 'JS', '6H'], ['AC', '9S', '5C', 'JD', '6S']);
    expect(expectedPayouts(RULES, both.env, both.played)['1']).toBe(400);
  });
  it('a tie on one board splits that half (index.md OQ-39)', () => {
    const { env, played } = double(
      { 1: ['AS', '3D'], 2: ['AD', '4D'], 3: ['7C', '2H'], 4: ['8C', '3H'] },
      ['AH', 'KC', 'QD', 'JS', '9H'],
      ['AC', 'KS', 'QC', 'JD', '2S'],
    );
    // board 1: both aces with K-Q-J kickers → tie; board 2: same → tie
    expect(expectedPayouts(RULES, env, played)).toEqual({ '1': 200, '2': 200, '3': 0, '4': 0 });
  });
  it('cards go to "board:1" or "board:2"; a plain "board" is refused', () => {
    expect(RULES.refuse!({ eventId: 'x', type: 'CardDealt', data: { card: 'AS', to: 'board' } }, circleEnv(RULES, 'euskadi'))?.field).toBe('data.to');
  });
  it('blinds are allowed when the Dirección chooses them (option forcedBets, euskadi L12421–12519)', () => {
    const env = circleEnv(RULES, 'euskadi', { options: { forcedBets: 'blinds' } });
    expect(codes(judge(RULES, env, [...H.open(4, [1, 2, 3, 4]), H.bet(3, 'small-blind', 100), H.bet(2, 'big-blind', 200)]))).toEqual([]);
  });
});

circlePropertySuite(RULES);
