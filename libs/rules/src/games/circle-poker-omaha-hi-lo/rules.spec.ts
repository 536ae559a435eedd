import { circleEnv, circlePropertySuite, expectedPayouts, H } from '../../core/circle/spec-support';
import { rules as RULES } from './rules';

function hiLo(holes: Record<number, string[]>, board: string[], chip = 10) {
  const env = circleEnv(RULES, 'euskadi', { smallestChip: chip, options: { cagnotteRate: 0 } });
  const played = [...H.open(4, [1, 2, 3, 4]), ...[3, 2, 1, 4].map((s) => H.bet(s, 'ante', 100)), H.close()];
  for (const s of [3, 2, 1, 4]) played.push(...H.cards(`seat:${s}`, ...holes[s]));
  const checks = () => [3, 2, 1, 4].map((s) => H.act(s, 'check'));
  played.push(
    ...checks(),
    H.card('QD', 'burn'),
    ...H.cards('board', ...board.slice(0, 3)),
    ...checks(),
    H.card('QS', 'burn'),
    H.card(board[3], 'board'),
    ...checks(),
    H.card('QC', 'burn'),
    H.card(board[4], 'board'),
    ...checks(),
  );
  return expectedPayouts(RULES, env, played);
}

describe('circle-poker-omaha-hi-lo (euskadi L12286–12393, index.md OQ-38)', () => {
  const holes = { 1: ['AS', '2S', '7H', '7C'], 2: ['KC', 'KS', '9D', '9C'], 3: ['JD', 'JC', '10D', '10C'], 4: ['6D', '7D', 'JH', 'JS'] };
  it('three board cards of 8 or lower: the pot is split between the best high and the best low', () => {
    // board 3H 4C 6H KH 9S: seat 2 trío of kings (high); seat 1 A-2 + 3-4-6 (low)
    const p = hiLo(holes, ['3H', '4C', '6H', 'KH', '9S']);
    expect(p['1']).toBe(200);
    expect(p['2']).toBe(200);
  });
  it('fewer than three low board cards: no low qualifies, the high hand takes all (index.md OQ-38)', () => {
    const p = hiLo(holes, ['3H', '10S', 'JH', 'KH', '9S']);
    expect(p['2']).toBe(400);
    expect(p['1']).toBe(0);
  });
  it('the odd chip goes to the high half (index.md OQ-38)', () => {
    // pot 400 with a 30-chip: 13 chips + residue; low half 180 (6 chips), high 220
    const p = hiLo(holes, ['3H', '4C', '6H', 'KH', '9S'], 30);
    expect(p['1']).toBe(180);
    expect(p['2']).toBe(220);
  });
});

circlePropertySuite(RULES);
