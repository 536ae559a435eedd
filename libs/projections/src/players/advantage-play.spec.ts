/**
 * The stakes-against-count test (issue 21 §6) without the database: the count by hand, Pearson's r and Fisher's
 * z on a worked example, and honest blackjack days where no player counts — the p-values spread as chance
 * spreads them and no player is a finding at the configured 1 %.
 */
import { countFact, hiLoTag, newShoeCount, trueCount } from '../../../rules/src/core/card-count';
import { simulateDay } from '../../../simulator/src';
import {
  ADVANTAGE_MIN_ROUNDS,
  countCorrelation,
  CountCorrelationSums,
  endOpenShoes,
  foldCountCorrelation,
  judgeAdvantagePlay,
  newCountCorrelation,
} from './advantage-play';

describe('the count a player keeps', () => {
  it('tags 2–6 +1, 7–9 0, tens and aces −1: a whole deck sums to 0 (a balanced count)', () => {
    const deck = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'].flatMap((r) => ['C', 'D', 'H', 'S'].map((s) => `${r}${s}`));
    expect(deck.map(hiLoTag).reduce((t, v) => t + v, 0)).toBe(0);
    expect(['2H', '6S', '7C', '9D', '10H', 'KS', 'AD'].map(hiLoTag)).toEqual([1, 1, 0, 0, -1, -1, -1]);
  });

  it('true count = running count per deck left; a burn card is out of the shoe but not seen; a new shoe starts at 0', () => {
    const s = newShoeCount();
    expect(trueCount(s)).toBeNull();
    countFact(s, 'ShoeStarted', { decks: 6 });
    countFact(s, 'CardDealt', { card: 'KS', to: 'burn', faceUp: false });
    for (const card of ['2C', '3D', '4H', '5S', '6C']) countFact(s, 'CardDealt', { card, to: 'seat:1' });
    // running +5 over 312 − 6 = 306 cards left: 5 / (306 / 52) = 0.8497…
    expect(s.running).toBe(5);
    expect(trueCount(s)).toBeCloseTo(5 / (306 / 52), 12);
    countFact(s, 'ShoeStarted', { decks: 6 });
    expect(trueCount(s)).toBe(0);
  });
});

describe('Pearson and Fisher', () => {
  /** one shoe's pairs, centred on their means */
  const sums = (pairs: Array<[number, number]>): CountCorrelationSums => {
    const n = pairs.length;
    const mx = pairs.reduce((t, [x]) => t + x, 0) / n;
    const my = pairs.reduce((t, [, y]) => t + y, 0) / n;
    return {
      casinoId: 'c',
      gamingDay: 'd',
      playerRef: 'p',
      n,
      shoes: 1,
      wxx: pairs.reduce((t, [x]) => t + (x - mx) ** 2, 0),
      wyy: pairs.reduce((t, [, y]) => t + (y - my) ** 2, 0),
      wxy: pairs.reduce((t, [x, y]) => t + (x - mx) * (y - my), 0),
      tables: [],
    };
  };

  it('x 1…5 against y 2, 4, 5, 4, 5: r = 6/√60 by hand, z = atanh(r)·√2', () => {
    // deviations: x −2 −1 0 1 2, y −2 0 1 0 1 → Σdxdy 6, Σdx² 10, Σdy² 6
    const t = countCorrelation(
      sums([
        [1, 2],
        [2, 4],
        [3, 5],
        [4, 4],
        [5, 5],
      ]),
      4,
    )!;
    expect(t.r).toBeCloseTo(6 / Math.sqrt(60), 12);
    expect(t.z).toBeCloseTo(Math.atanh(6 / Math.sqrt(60)) * Math.sqrt(2), 12);
    expect(t.p).toBeGreaterThan(0.07);
    expect(t.p).toBeLessThan(0.075);
  });

  it('within each shoe: a player who bets more in a shoe whose counts all run higher, but not with the count inside it, shows nothing', () => {
    // two shoes, counts −1…1 and 2…4; stakes flat in each but doubled in the second: across shoes r would be high
    const fold = newCountCorrelation();
    const deal = (roundId: string, x: number, stake: number) => {
      fold.sessions.get('s')!.count.running = x * fold.sessions.get('s')!.count.decks!;
      fold.sessions.get('s')!.count.dealt = 0;
      for (const [type, data] of [
        ['RoundStarted', { roundId }],
        ['BetPlaced', { roundId, betId: `${roundId}-b`, seat: 1, betType: 'main', amount: stake + (roundId.endsWith('1') ? 100 : 0), playerRef: 'ADM-1' }],
        ['CardDealt', { roundId, card: '7H', to: 'seat:1' }],
        ['RoundCompleted', { roundId }],
      ] as const)
        foldCountCorrelation(fold, { type, data: { sessionId: 's', ...data } });
    };
    foldCountCorrelation(fold, { type: 'TableSessionOpened', data: { sessionId: 's', casinoId: 'c', gamingDay: 'd', tableId: 'T' } });
    foldCountCorrelation(fold, { type: 'ShoeStarted', data: { sessionId: 's', decks: 6 } });
    [-1, 0, 1, -1, 0, 1].forEach((x, i) => deal(`a${i}`, x, 1000));
    foldCountCorrelation(fold, { type: 'ShoeStarted', data: { sessionId: 's', decks: 6 } });
    [2, 3, 4, 2, 3, 4].forEach((x, i) => deal(`b${i}`, x, 2000));
    endOpenShoes(fold);
    const row = [...fold.players.values()][0];
    expect(row).toMatchObject({ n: 12, shoes: 2 });
    // what is left within the shoes is the 100 more of the rounds whose id ends in 1 (count 0 and 3): no rise with the count
    const t = countCorrelation(row, 4)!;
    expect(Math.abs(t.r)).toBeLessThan(0.2);
  });

  it('a stake that never changes, or too few rounds, is not tested', () => {
    const flat = Array.from({ length: 40 }, (_, i) => [i % 7, 3] as [number, number]);
    expect(countCorrelation(sums(flat))).toBeNull();
    expect(countCorrelation(sums(flat.slice(0, ADVANTAGE_MIN_ROUNDS - 1).map(([x], i) => [x, i])))).toBeNull();
  });
});

describe('honest blackjack days: nobody counts', () => {
  it("the players' p-values spread as chance spreads them, and no player is a finding at 1 %", () => {
    const p: number[] = [];
    const findings: string[] = [];
    for (let day = 0; day < 8; day++) {
      const state = newCountCorrelation();
      for (const batch of simulateDay({
        tables: 4,
        tableGames: ['blackjack', 'blackjack', 'blackjack', 'punto-banco'],
        jurisdiction: 'euskadi',
        rounds: 150,
        seed: 700 + day,
        gamingDay: `2026-12-${String(10 + day)}`,
      }))
        for (const e of batch) foldCountCorrelation(state, e);
      endOpenShoes(state);
      const rows = [...state.players.values()];
      for (const row of rows) {
        const t = countCorrelation(row);
        if (t) p.push(t.p);
      }
      findings.push(...judgeAdvantagePlay(rows, 0.01).map((f) => f.message));
    }
    expect(findings).toEqual([]);
    // uniform under the null: about a tenth below 0.1, about half below 0.5 (binomial bounds, 4 σ)
    const n = p.length;
    const share = (below: number) => p.filter((x) => x < below).length / n;
    expect(n).toBeGreaterThan(40);

    const within = (q: number) => 4 * Math.sqrt((q * (1 - q)) / n);
    expect(Math.abs(share(0.1) - 0.1)).toBeLessThan(within(0.1));
    expect(Math.abs(share(0.5) - 0.5)).toBeLessThan(within(0.5));
  });
});
