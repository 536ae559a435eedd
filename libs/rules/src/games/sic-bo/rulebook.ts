/**
 * Sic bo (three dice; house-banked): catalogued with rules by cantabria only (A.8, cantabria L1668–1713).
 * The text defines the bets but states no payout, limit or procedure: there is no built-in pay table.
 * Payouts come from the casino's authorisation as the session option `payTable` (docs/decisions/open-questions.md#oq-15).
 */
import type { RulebookBase } from '../../core/game';
import { cited, Cited } from '../../core/types';

export const SIC_BO_BET_TYPES = ['specific-triple', 'any-triple', 'specific-double', 'total', 'small', 'big', 'two-dice', 'single'] as const;
export type SicBoBetType = (typeof SIC_BO_BET_TYPES)[number];

/**
 * The casino's authorised pay table, every value "N to 1" net. `total` by the chosen total; `single` by how
 * many dice show the number (one, two, three). A bet type absent from the table is not offered.
 */
export interface SicBoPayTable {
  readonly 'specific-triple'?: number;
  readonly 'any-triple'?: number;
  readonly 'specific-double'?: number;
  readonly total?: Readonly<Record<string, number>>;
  readonly small?: number;
  readonly big?: number;
  readonly 'two-dice'?: number;
  readonly single?: readonly [number, number, number];
}

export interface SicBoRulebook extends RulebookBase {
  readonly game: 'sic-bo';
  readonly dice: Cited<number>;
  /** where each bet is defined (the win condition; no payout is given) */
  readonly bets: Readonly<Record<SicBoBetType, Cited<string>>>;
  /** small and big: total range, a triple excluded */
  readonly small: Cited<readonly [number, number]>;
  readonly big: Cited<readonly [number, number]>;
  readonly options: { readonly payTable: Cited<SicBoPayTable | null> };
}

export const SIC_BO_CANTABRIA: SicBoRulebook = {
  game: 'sic-bo',
  jurisdiction: 'cantabria',
  source: 'cantabria L1668–1713',
  dice: cited(3, 'cantabria L1670–1672'),
  bets: {
    // the text literally says "the three dice show 1"; read as the chosen number (AMBIGUOUS, docs/decisions/games.md#sic-bo)
    'specific-triple': cited('all three dice show the chosen number', 'cantabria L1684–1685'),
    'any-triple': cited('all three dice show the same number', 'cantabria L1687–1689'),
    'specific-double': cited('at least two dice show the chosen number', 'cantabria L1691–1693'),
    total: cited('the sum of the three dice is the chosen total (triples count)', 'cantabria L1695–1699'),
    small: cited('total 4 to 10, not a triple', 'cantabria L1701–1702'),
    big: cited('total 11 to 17, not a triple', 'cantabria L1704–1705'),
    'two-dice': cited('the two chosen different numbers both show', 'cantabria L1707–1709'),
    single: cited('at least one die shows the chosen number', 'cantabria L1711–1713'),
  },
  small: cited([4, 10], 'cantabria L1701–1702'),
  big: cited([11, 17], 'cantabria L1704–1705'),
  options: { payTable: cited<SicBoPayTable | null>(null, 'index.md OQ-15') },
};

export const rulebooks = { cantabria: SIC_BO_CANTABRIA } as const;

/**
 * A common published pay table, NOT regulatory: used only by the simulator's croupier when a session sets
 * no `payTable`, so that simulated play still has amounts (the judge then reports them unverifiable).
 */
export const REFERENCE_PAY_TABLE: SicBoPayTable = {
  'specific-triple': 150,
  'any-triple': 24,
  'specific-double': 8,
  total: { 4: 50, 5: 18, 6: 14, 7: 12, 8: 8, 9: 6, 10: 6, 11: 6, 12: 6, 13: 8, 14: 12, 15: 14, 16: 18, 17: 50 },
  small: 1,
  big: 1,
  'two-dice': 5,
  single: [1, 2, 3],
};
