/**
 * Counted by `countedClasses` (./house-edge.ts) for the three rulebooks' table (the same odds and a pair
 * of jacks to win in euskadi, cantabria and illes-balears): every deal of trijoker at the optimal
 * strategy, by class, with one deal of each. The count takes seconds, the opening of a table must not:
 * house-edge.spec.ts counts again and requires it equal. Totals: 2,598,960 hands × 20 orders.
 */
import type { TrijokerClass } from './kept';

export const KEPT: { table: string; classes: readonly TrijokerClass[] } = {
  table:
    '[[["flush",8],["four-of-a-kind",50],["full-house",11],["pair",1],["royal-flush",500],["straight",5],["straight-flush",200],["three-of-a-kind",3],["two-pair",2]],{"category":"pair","ranks":[11]}]',
  classes: [
    { weight: 25564512, group: 'high-card (does not pay)', keepsFirst: false, keepsSecond: false, own: ['4S', '5S', '7S'], common: ['2H', '3S'] },
    { weight: 362328, group: 'high-card (does not pay)', keepsFirst: false, keepsSecond: true, own: ['4S', '5S', '7S'], common: ['3S', '2H'] },
    { weight: 95136, group: 'high-card (does not pay)', keepsFirst: true, keepsSecond: false, own: ['3S', '4S', '5S'], common: ['2H', '7S'] },
    { weight: 28824, group: 'high-card (does not pay)', keepsFirst: true, keepsSecond: true, own: ['3S', '4S', '5S'], common: ['7S', '2H'] },
    { weight: 15057360, group: 'pair (does not pay)', keepsFirst: false, keepsSecond: false, own: ['2H', '4S', '5S'], common: ['2S', '3S'] },
    { weight: 105840, group: 'pair (does not pay)', keepsFirst: false, keepsSecond: true, own: ['2S', '4S', '5S'], common: ['3S', '2H'] },
    { weight: 35856, group: 'pair (does not pay)', keepsFirst: true, keepsSecond: false, own: ['3S', '4S', '5S'], common: ['2H', '2S'] },
    { weight: 7344, group: 'pair (does not pay)', keepsFirst: true, keepsSecond: true, own: ['3S', '4S', '5S'], common: ['2S', '2H'] },
    { weight: 2628720, group: 'pair', keepsFirst: false, keepsSecond: false, own: ['3S', '4S', 'JH'], common: ['2S', 'JS'] },
    { weight: 2064720, group: 'pair', keepsFirst: false, keepsSecond: true, own: ['3S', '4S', 'JS'], common: ['2S', 'JH'] },
    { weight: 14256, group: 'pair', keepsFirst: true, keepsSecond: false, own: ['3S', '4S', '5S'], common: ['JH', 'JS'] },
    { weight: 2050704, group: 'pair', keepsFirst: true, keepsSecond: true, own: ['4S', 'JS', 'JH'], common: ['2S', '3S'] },
    { weight: 1365984, group: 'two-pair', keepsFirst: false, keepsSecond: false, own: ['3S', '3H', '4S'], common: ['2S', '2H'] },
    { weight: 643680, group: 'two-pair', keepsFirst: false, keepsSecond: true, own: ['2H', '3S', '3H'], common: ['2S', '4S'] },
    { weight: 2592, group: 'two-pair', keepsFirst: true, keepsSecond: false, own: ['3S', '4S', '5S'], common: ['3H', '4H'] },
    { weight: 458784, group: 'two-pair', keepsFirst: true, keepsSecond: true, own: ['3S', 'JS', 'JH'], common: ['2S', '2H'] },
    { weight: 455328, group: 'three-of-a-kind', keepsFirst: false, keepsSecond: false, own: ['2D', '3S', '4S'], common: ['2S', '2H'] },
    { weight: 328608, group: 'three-of-a-kind', keepsFirst: false, keepsSecond: true, own: ['2H', '2D', '4S'], common: ['2S', '3S'] },
    { weight: 864, group: 'three-of-a-kind', keepsFirst: true, keepsSecond: false, own: ['3S', '4S', '5S'], common: ['3H', '3D'] },
    { weight: 313440, group: 'three-of-a-kind', keepsFirst: true, keepsSecond: true, own: ['2S', '2H', '2D'], common: ['3S', '4S'] },
    { weight: 174048, group: 'straight', keepsFirst: false, keepsSecond: false, own: ['3S', '5S', '6S'], common: ['2H', '4S'] },
    { weight: 24312, group: 'straight', keepsFirst: false, keepsSecond: true, own: ['3S', '5S', '6S'], common: ['4S', '2H'] },
    { weight: 3360, group: 'straight', keepsFirst: true, keepsSecond: false, own: ['4S', '5S', '6S'], common: ['2H', '3S'] },
    { weight: 2280, group: 'straight', keepsFirst: true, keepsSecond: true, own: ['4S', '5S', '6S'], common: ['3S', '2H'] },
    { weight: 93896, group: 'flush', keepsFirst: false, keepsSecond: true, own: ['4S', '5S', '7S'], common: ['2S', '3S'] },
    { weight: 8264, group: 'flush', keepsFirst: true, keepsSecond: true, own: ['3S', '4S', '5S'], common: ['2S', '7S'] },
    { weight: 46656, group: 'full-house', keepsFirst: false, keepsSecond: true, own: ['2D', '3S', '3H'], common: ['2S', '2H'] },
    { weight: 28224, group: 'full-house', keepsFirst: true, keepsSecond: true, own: ['2S', '2H', '2D'], common: ['3S', '3H'] },
    { weight: 5184, group: 'four-of-a-kind', keepsFirst: false, keepsSecond: true, own: ['2D', '2C', '3S'], common: ['2S', '2H'] },
    { weight: 7296, group: 'four-of-a-kind', keepsFirst: true, keepsSecond: true, own: ['2H', '2D', '2C'], common: ['2S', '3S'] },
    { weight: 424, group: 'straight-flush', keepsFirst: false, keepsSecond: true, own: ['3S', '5S', '6S'], common: ['2S', '4S'] },
    { weight: 296, group: 'straight-flush', keepsFirst: true, keepsSecond: true, own: ['4S', '5S', '6S'], common: ['2S', '3S'] },
    { weight: 80, group: 'royal-flush', keepsFirst: true, keepsSecond: true, own: ['QS', 'KS', 'AS'], common: ['10S', 'JS'] },
  ],
};
