import { codes, judge } from '../../core/testing';
import { circleEnv, circlePropertySuite, expectedPayouts, H } from '../../core/circle/spec-support';
import { rules as RULES } from './rules';

/** euskadi (ante; clockwise = descending seat numbers), mano 4: seat 3 speaks first. */
function omaha(holes: Record<number, string[]>, board: string[]) {
  const env = circleEnv(RULES, 'euskadi');
  const played = [...H.open(4, [1, 2, 3, 4]), ...[3, 2, 1, 4].map((s) => H.bet(s, 'ante', 100)), H.close()];
  for (const s of [3, 2, 1, 4]) played.push(...H.cards(`seat:${s}`, ...holes[s]));
  const checks = () => [3, 2, 1, 4].map((s) => H.act(s, 'check'));
  played.push(
    ...checks(),
    H.card('2S', 'burn'),
    ...H.cards('board', ...board.slice(0, 3)),
    ...checks(),
    H.card('3S', 'burn'),
    H.card(board[3], 'board'),
    ...checks(),
    H.card('4S', 'burn'),
    H.card(board[4], 'board'),
    ...checks(),
  );
  return { env, played };
}

describe('circle-poker-omaha', () => {
  it('exactly two hole cards and three board cards (euskadi L12135–12139): four hearts on the board and one in hand is no flush', () => {
    const { env, played } = omaha({ 1: ['AH', 'KC', 'QC', 'JC'], 2: ['9D', '9C', '5D', '6C'], 3: ['2C', '3C', '4D', '5C'], 4: ['7D', '7C', '10D', '10S'] }, [
      'KH',
      'QH',
      'JH',
      '9H',
      '2D',
    ]);
    const p = expectedPayouts(RULES, env, played);
    // seat 1 has only one heart (AH): no flush; K-Q with K-Q-J = two pair. Seat 2: 9-9 with 9H = trío of nines, wins.
    // pot 400; 5 % = 20, rounded down to the 100 chip = 0 cagnotte
    expect(p).toEqual({ '1': 0, '2': 400, '3': 0, '4': 0 });
  });

  it('Δ forced bets: euskadi ante (euskadi L12144–12146), cantabria blinds (cantabria L6276–6278)', () => {
    const bet = (j: 'euskadi' | 'cantabria', type: string, amount: number) =>
      codes(judge(RULES, circleEnv(RULES, j), [...H.open(1, [1, 2, 3, 4]), H.bet(2, type, amount)]));
    expect(bet('euskadi', 'ante', 100)).toEqual([]);
    expect(bet('euskadi', 'small-blind', 100)).toContain('BET_NOT_ALLOWED');
    expect(bet('cantabria', 'small-blind', 100)).toEqual([]);
    expect(bet('cantabria', 'ante', 100)).toContain('BET_NOT_ALLOWED');
  });

  it('a fifth hole card is DRAW_RULE_VIOLATION', () => {
    const { env, played } = omaha({ 1: ['AH', 'KC', 'QC', 'JC'], 2: ['9D', '9C', '5D', '6C'], 3: ['2C', '3C', '4D', '5C'], 4: ['7D', '7C', '10D', '10S'] }, [
      'KH',
      'QH',
      'JH',
      '9H',
      '2D',
    ]);
    const at = played.findIndex((f) => f.type === 'PlayerDecision');
    expect(codes(judge(RULES, env, [...played.slice(0, at), H.card('8C', 'seat:1'), ...played.slice(at)]))).toContain('DRAW_RULE_VIOLATION');
  });
});

circlePropertySuite(RULES);
