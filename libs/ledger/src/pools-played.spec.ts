/**
 * Which of the store's jackpot pools a session's rounds are judged with (`poolsPlayed`): its casino's, those its
 * opening names, else those whose prize table names a hand of its game. Pools as casinos configure them (contract §3:
 * `prizes` hand → prize); the hands are the judge's names for them.
 */
import { gameRules, type JackpotPoolView } from '../../rules/src';
import { poolsPlayed } from './session-state';

const pool = (poolId: string, casinoId: string | undefined, prizes: JackpotPoolView['prizes']): JackpotPoolView => ({
  poolId,
  casinoId,
  current: 100_000,
  prizes,
});
const STORE: Record<string, JackpotPoolView> = {
  sevens: pool('sevens', 'A', { 'three-suited-sevens': { share: 1 } }),
  caribbean: pool('caribbean', 'A', { 'royal-flush': { share: 1 }, 'straight-flush': { share: 0.1 } }),
  drawAfter: pool('drawAfter', 'A', { 'royal-flush-after-draw': { fixed: 5_000 } }),
  mystery: pool('mystery', 'A', { royal: { share: 0.5 } }),
  otherCasino: pool('otherCasino', 'B', { 'three-suited-sevens': { share: 1 }, 'royal-flush': { share: 1 } }),
  noCasino: pool('noCasino', undefined, { 'four-of-a-kind': { multiple: 100 } }),
};
const played = (game: string, named?: unknown) => Object.keys(poolsPlayed(STORE, 'A', named, gameRules(game)?.jackpotHands) ?? {}).sort();

it("a blackjack table plays its casino's sevens pool, not its caribbean progressive, another casino's pool, or a pool of prizes it cannot make", () => {
  expect(played('blackjack')).toEqual(['sevens']);
});

it('a caribbean stud table plays the pools of poker categories; a draw poker table those and the after-draw scale', () => {
  expect(played('caribbean-stud')).toEqual(['caribbean', 'noCasino']);
  expect(played('draw-poker-vs-bank')).toEqual(['caribbean', 'drawAfter', 'noCasino']);
});

it('a game with no jackpot hand of its own keeps every pool of its casino (nothing tells them apart)', () => {
  expect(played('french-roulette')).toEqual(['caribbean', 'drawAfter', 'mystery', 'noCasino', 'sevens']);
});

it('an opening that names pools plays exactly those of its casino, whatever their prizes; [] plays none', () => {
  expect(played('blackjack', ['caribbean', 'otherCasino'])).toEqual(['caribbean']);
  expect(played('caribbean-stud', [])).toEqual([]);
});

it('pools not given stay not given; a session of no known casino keeps every casino', () => {
  expect(poolsPlayed(undefined, 'A', undefined, gameRules('blackjack')?.jackpotHands)).toBeUndefined();
  expect(Object.keys(poolsPlayed(STORE, undefined, undefined, gameRules('blackjack')?.jackpotHands)!).sort()).toEqual(['otherCasino', 'sevens']);
});
