/**
 * Banca francesa / dados portugueses (three dice; house-banked): catalogued with rules by cantabria only
 * (A.9, cantabria L1715–1928). Not the card game `baccarat-two-tables`, which shares the name.
 */
import type { RulebookBase } from '../../core/game';
import { Ratio, toOne } from '../../core/dice';
import { cited, Cited } from '../../core/types';

export type BancaChance = 'ases' | 'pequeno' | 'grande';
/** What to do with a total that is none of the chances (4, 8–13, 17, 18), docs/decisions/open-questions.md#oq-16. */
export type OtherTotals = 'no-decision' | 'lose';

export interface BancaFrancesaRulebook extends RulebookBase {
  readonly game: 'banca-francesa';
  /** a terna: three dice thrown together through the horn */
  readonly dice: Cited<number>;
  /** the totals of three dice that make each chance */
  readonly chances: Readonly<Record<BancaChance, Cited<readonly number[]>>>;
  readonly payouts: Readonly<Record<BancaChance, Cited<Ratio>>>;
  /** bets on the outer / inner limit of the cloth ("a pequeño", "a grande") */
  readonly lineBets: {
    /** the share of the chips that plays */
    readonly plays: Cited<number>;
    /** chips placed ≥ this × the table minimum */
    readonly minTimesTableMin: Cited<number>;
    /** chips placed ≤ this × the chance's maximum */
    readonly maxTimesChanceMax: Cited<number>;
  };
  /** maxima as multiples of the table minimum */
  readonly maxima: { readonly pequenoGrande: Cited<number>; readonly ases: Cited<number> };
  readonly options: { readonly otherTotals: Cited<OtherTotals> };
}

export const BANCA_FRANCESA_CANTABRIA: BancaFrancesaRulebook = {
  game: 'banca-francesa',
  jurisdiction: 'cantabria',
  source: 'cantabria L1715–1928',
  dice: cited(3, 'cantabria L1722–1728'),
  chances: {
    ases: cited([3], 'cantabria L1868–1869'),
    pequeno: cited([5, 6, 7], 'cantabria L1871–1872'),
    grande: cited([14, 15, 16], 'cantabria L1874–1875'),
  },
  payouts: {
    ases: cited(toOne(61), 'cantabria L1899'),
    pequeno: cited(toOne(1), 'cantabria L1900'),
    grande: cited(toOne(1), 'cantabria L1901'),
  },
  lineBets: {
    plays: cited(0.5, 'cantabria L1885–1887'),
    minTimesTableMin: cited(2, 'cantabria L1887–1889'),
    maxTimesChanceMax: cited(2, 'cantabria L1887–1889'),
  },
  maxima: {
    pequenoGrande: cited(200, 'cantabria L1921–1923'),
    ases: cited(6, 'cantabria L1923–1924'),
  },
  options: { otherTotals: cited<OtherTotals>('no-decision', 'index.md OQ-16') },
};

export const rulebooks = { cantabria: BANCA_FRANCESA_CANTABRIA } as const;
