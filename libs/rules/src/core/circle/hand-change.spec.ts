/**
 * One fact's change alone (`hand-change.ts`): what it writes is its own copy, what it leaves alone stays shared
 * with the state before, which is never written (replay keeps and judges every earlier state again).
 */
import { rules as HOLDEM_RULES } from '../../games/circle-poker-texas-holdem/rules';
import { HandChange } from './hand-change';
import { circleEnv, H, handAfter } from './spec-support';

const C = circleEnv(HOLDEM_RULES, 'cantabria');
const blinds = () => [
  ...H.open(1, [1, 2, 3, 4]),
  H.bet(2, 'small-blind', 100),
  H.bet(3, 'big-blind', 200),
  H.bet(4, 'seat', 0),
  H.bet(1, 'seat', 0),
  H.close(),
];
const dealt = () => [...blinds(), ...['2H', 'KD', '9S', 'AS', '2C', 'KC', '9H', 'AC'].map((c, i) => H.card(c, `seat:${[2, 3, 4, 1][i % 4]}`))];

describe('a hand change', () => {
  it('copies a seat the first time it is asked for, once; the other seats stay the same objects', () => {
    const before = handAfter(HOLDEM_RULES, C, blinds());
    const change = new HandChange(before);
    const seat = change.seat('2')!;
    expect(change.seat('2')).toBe(seat);
    seat.contributed += 500;
    expect(before.seats['2'].contributed).toBe(100);
    expect(change.st.seats['2'].contributed).toBe(600);
    expect(change.st.seats).not.toBe(before.seats);
    for (const k of ['1', '3', '4']) expect(change.st.seats[k]).toBe(before.seats[k]);
    expect(change.seat('9')).toBeUndefined();
  });

  it('copies the interval and the phase progress only when asked for', () => {
    const before = handAfter(HOLDEM_RULES, C, dealt());
    const change = new HandChange(before);
    expect(change.st.interval).toBe(before.interval);
    change.interval()!.turn = 1;
    expect(before.interval!.turn).toBe(4);
    change.progress().burn += 1;
    expect(before.progress.burn).toBe(0);
    expect(change.st.progress.burn).toBe(1);
    expect(new HandChange(handAfter(HOLDEM_RULES, C, blinds())).interval()).toBeNull();
  });
});
