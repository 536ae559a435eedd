/**
 * Wheel of fortune (docs/decisions/games.md#wheel-of-fortune): a vertical wheel of cells; a bet on a combination wins
 * when the pointer stops on one of its cells. Euskadi, illes-balears and galicia have the 54-cell big six;
 * cantabria a different 64-cell wheel (values 1–40, "n pays n:1").
 */
import type { RulebookBase } from '../../core/game';
import type { Cited, JurisdictionId } from '../../core/types';
import { cited } from '../../core/types';
import { phrase } from '../../core/phrase';

export interface Segment {
  /** cells of the wheel that carry this combination */
  readonly cells: Cited<number>;
  /** net odds "N to 1"; 0 = the stake is returned, no winnings */
  readonly pays: Cited<number>;
}

export interface WheelOfFortuneRulebook extends RulebookBase {
  readonly game: 'wheel-of-fortune';
  readonly cells: Cited<number>;
  /** combination (the `WheelSpun.result` and the `segment` bet's selection) → cells and pay */
  readonly segments: Readonly<Record<string, Segment>>;
  /** pays under `payTable: "literal"` where the text is garbled (euskadi, docs/decisions/open-questions.md#oq-04) */
  readonly literalPays?: Readonly<Record<string, Cited<number>>>;
  /**
   * euskadi's "Joker" read literally (option `jokerBet: "both-jokers"`): one bet on both joker cells at 45:1,
   * which returns 92/54 = 1.70 per unit (issue 14 §1.4). These segments replace `replaces` in `segments`.
   */
  readonly literalJoker?: { readonly replaces: readonly string[]; readonly segments: Readonly<Record<string, Segment>> };
  /** maximum as a multiple of the minimum, for every combination (cantabria L3463–3470) */
  readonly maximumMultiple?: Cited<number>;
}

const seg = (cells: number, cellsCite: string, pays: number, paysCite: string): Segment => ({ cells: cited(cells, cellsCite), pays: cited(pays, paysCite) });

/**
 * The 54-cell big six of illes-balears and galicia: 24 / 15 / 7 / 4 / 2 / red joker / black joker. `wheel`: the
 * line with the 54 cells; `bets`: the lines "apostar a N posicions … es paga M a 1" (cells and pay of each
 * combination; the jokers take the 2 cells left, one each).
 */
function bigSix(j: 'illes-balears' | 'galicia', source: string, wheelLine: string, namesLine: string, betsLine: string): WheelOfFortuneRulebook {
  const p = `${j} ${betsLine}`;
  const jokerCells = `${j} ${namesLine}, ${betsLine} (54 − 52: one cell each)`;
  return {
    game: 'wheel-of-fortune',
    jurisdiction: j,
    source: `${j} ${source}`,
    cells: cited(54, `${j} ${wheelLine}`),
    segments: {
      '24': seg(24, p, 1, p),
      '15': seg(15, p, 2, p),
      '7': seg(7, p, 5, p),
      '4': seg(4, p, 10, p),
      '2': seg(2, p, 20, p),
      'red-joker': seg(1, jokerCells, 45, p),
      'black-joker': seg(1, jokerCells, 45, p),
    },
  };
}

export const rulebooks: Partial<Record<JurisdictionId, WheelOfFortuneRulebook>> = {
  euskadi: {
    game: 'wheel-of-fortune',
    jurisdiction: 'euskadi',
    source: 'euskadi L6629–6797',
    cells: cited(54, 'euskadi L6646–6647'),
    // "apostar a 24 posiciones … 15 … 7 … 4 … 2 posiciones … y en los dos Jockey" (euskadi L6749–6754): 24 + 15 +
    // 7 + 4 + 2 + 2 jokers = 54. The two jokers are two bets at 45:1, one cell each, as illes-balears (L2179,
    // L2200–2201) and galicia (L1006, L1026) write it; the text does not colour them, so they take those texts'
    // names. The one "Joker" box of L6653 read as a single bet on both cells is the option `jokerBet`.
    segments: {
      '24': seg(24, 'euskadi L6749–6754', 1, 'euskadi L6749–6750 read as illes-balears L2198 (index.md OQ-04)'),
      '15': seg(15, 'euskadi L6749–6754', 2, 'euskadi L6750–6751 read as illes-balears L2199 (index.md OQ-04)'),
      '7': seg(7, 'euskadi L6749–6754', 5, 'euskadi L6751'),
      '4': seg(4, 'euskadi L6749–6754', 10, 'euskadi L6752'),
      '2': seg(2, 'euskadi L6749–6754', 20, 'euskadi L6752–6754'),
      'red-joker': seg(1, 'euskadi L6754 ("los dos Jockey"), one cell each as illes-balears L2179, galicia L1006', 45, 'euskadi L6754'),
      'black-joker': seg(1, 'euskadi L6754 ("los dos Jockey"), one cell each as illes-balears L2179, galicia L1006', 45, 'euskadi L6754'),
    },
    // the literal text: 24 cells "el ganador empata" (stake back), 15 cells "1 a 1" (euskadi L6749–6751, eu L6682–6685)
    literalPays: { '24': cited(0, 'euskadi L6749–6750 (literal, index.md OQ-04)'), '15': cited(1, 'euskadi L6750–6751 (literal, index.md OQ-04)') },
    // the literal joker: one box "Joker" (L6653) paying 45:1 "en los dos Jockey" (L6754; eu "bi Jokerretan", L6689–6690)
    literalJoker: {
      replaces: ['red-joker', 'black-joker'],
      segments: { joker: seg(2, 'euskadi L6653, L6754 (literal: one bet on both joker cells)', 45, 'euskadi L6754; eu L6689–6690') },
    },
    options: {
      payTable: cited('standard', 'index.md OQ-04'),
      jokerBet: cited('each-joker', 'euskadi L6653, L6754, eu L6689–6690 (issue 14 §1.4)'),
    },
    warnings: [
      {
        ...cited(
          'the 24- and 15-cell pays are garbled in both languages; the standard pay (1:1, 2:1) is applied and should be confirmed by the regulator',
          'index.md OQ-04',
        ),
        phrase: phrase('judge.warning.garbledPays'),
      },
    ],
  },
  cantabria: {
    game: 'wheel-of-fortune',
    jurisdiction: 'cantabria',
    source: 'cantabria L3354–3498',
    cells: cited(64, 'cantabria L3375–3377'),
    segments: {
      '1': seg(32, 'cantabria L3379–3398', 1, 'cantabria L3459–3461, L3474–3498'),
      '2': seg(16, 'cantabria L3379–3398', 2, 'cantabria L3459–3461, L3474–3498'),
      '5': seg(8, 'cantabria L3379–3398', 5, 'cantabria L3459–3461, L3474–3498'),
      '10': seg(4, 'cantabria L3379–3398', 10, 'cantabria L3459–3461, L3474–3498'),
      '20': seg(2, 'cantabria L3379–3398', 20, 'cantabria L3459–3461, L3474–3498'),
      '40': seg(2, 'cantabria L3379–3398 (as printed, index.md OQ-05)', 40, 'cantabria L3459–3461, L3474–3498'),
    },
    maximumMultiple: cited(20, 'cantabria L3463–3470'),
    options: { payTable: cited('as-printed', 'index.md OQ-05') },
    warnings: [
      {
        ...cited(
          '64-cell wheel as printed: the 40 bet returns 1.28 per unit staked (a player edge); any correction must come from the casino authorisation',
          'index.md OQ-05',
        ),
        phrase: phrase('judge.warning.playerEdge'),
      },
    ],
  },
  'illes-balears': bigSix('illes-balears', 'L2160–2223', 'L2174', 'L2179', 'L2198–2201'),
  galicia: bigSix('galicia', 'L994–1038', 'L1004', 'L1006', 'L1026'),
};
