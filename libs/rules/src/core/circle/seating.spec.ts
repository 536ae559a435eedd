/**
 * Who is dealt in, alone (`seating.ts`): the seats in the direction of play (docs/decisions/open-questions.md#oq-40:
 * euskadi numbers seats from the croupier's right, L10789–10794; cantabria from his left, L5314–5323; both play
 * clockwise in Hold'em), at least four players (euskadi L11323–11325), and the mano passing to the next seat.
 */
import { HOLDEM_VARIANT as HOLDEM, rules as HOLDEM_RULES } from '../../games/circle-poker-texas-holdem/rules';
import { judgeHandOpened, openHand, refuseHandOpened } from './seating';
import { circleEnv, factOf, H } from './spec-support';
import { emptyState } from './state';

const opened = (mano: number, seats: number[], restos?: Record<number, number>) => factOf(H.open(mano, seats, restos)[1]);

describe('the hand opened', () => {
  it('the seats in the direction of play: descending in euskadi, ascending in cantabria', () => {
    expect(openHand(emptyState(), opened(3, [3, 1, 4, 2]), circleEnv(HOLDEM_RULES, 'euskadi')).order).toEqual([4, 3, 2, 1]);
    expect(openHand(emptyState(), opened(3, [3, 1, 4, 2]), circleEnv(HOLDEM_RULES, 'cantabria')).order).toEqual([1, 2, 3, 4]);
  });

  it('each seat with its resto (null where none was recorded), nothing put in yet', () => {
    const st = openHand(emptyState(), opened(1, [1, 2], { 1: 5_000 }), circleEnv(HOLDEM_RULES, 'cantabria'));
    expect(st).toMatchObject({ opened: true, mano: 1 });
    expect(st.seats['1']).toMatchObject({ seat: 1, resto: 5_000, contributed: 0, cards: [], owed: null });
    expect(st.seats['2'].resto).toBeNull();
  });

  it('refuses a mano that is not one of the seats', () => {
    expect(refuseHandOpened(opened(5, [1, 2, 3, 4]))).toMatchObject({ field: 'data.mano' });
    expect(refuseHandOpened(opened(4, [1, 2, 3, 4]))).toBeNull();
  });
});

describe('judged', () => {
  it('three players are too few (euskadi L11323–11325)', () => {
    expect(judgeHandOpened(HOLDEM, opened(1, [1, 2, 3]), circleEnv(HOLDEM_RULES, 'euskadi'))).toMatchObject([
      { code: 'SEQUENCE_VIOLATION', rule: 'circle-poker-texas-holdem/minimum-players', citation: 'euskadi L11323–11325', expected: 4, recorded: 3 },
    ]);
  });

  it('the mano passes to the next seat in the direction of play (index.md OQ-40)', () => {
    const after = (lastMano: number, j: 'euskadi' | 'cantabria') => circleEnv(HOLDEM_RULES, j, { carried: { lastMano } });
    expect(judgeHandOpened(HOLDEM, opened(2, [1, 2, 3, 4]), after(1, 'cantabria'))).toEqual([]);
    expect(judgeHandOpened(HOLDEM, opened(4, [1, 2, 3, 4]), after(1, 'euskadi'))).toEqual([]);
    expect(judgeHandOpened(HOLDEM, opened(2, [1, 2, 3, 4]), after(1, 'euskadi'))).toMatchObject([
      { rule: 'circle-poker-texas-holdem/button-rotation', expected: 4, recorded: 2 },
    ]);
  });
});
