/**
 * Wheel of fortune (games.md `wheel-of-fortune`): a vertical wheel of cells; a bet on a combination wins
 * when the pointer stops on one of its cells. Euskadi, illes-balears and galicia have the 54-cell big six;
 * cantabria a different 64-cell wheel (values 1–40, "n pays n:1").
 */
import type { RulebookBase } from '../../core/game';
import type { Cited, JurisdictionId } from '../../core/types';
import { cited } from '../../core/types';

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
  /** pays under `payTable: "literal"` where the text is garbled (euskadi, index.md OQ-04) */
  readonly literalPays?: Readonly<Record<string, Cited<number>>>;
  /** maximum as a multiple of the minimum, for every combination (cantabria L3463–3470) */
  readonly maximumMultiple?: Cited<number>;
}

const seg = (cells: number, cellsCite: string, pays: number, paysCite: string): Segment => ({ cells: cited(cells, cellsCite), pays: cited(pays, paysCite) });

/** The 54-cell big six of illes-balears and galicia: 24 / 15 / 7 / 4 / 2 / red joker / black joker. */
function bigSix(j: 'illes-balears' | 'galicia', source: string, cellsLine: string, paysLine: string): WheelOfFortuneRulebook {
  const c = `${j} ${cellsLine}`;
  const p = `${j} ${paysLine}`;
  return {
    game: 'wheel-of-fortune',
    jurisdiction: j,
    source: `${j} ${source}`,
    cells: cited(54, c),
    segments: {
      '24': seg(24, c, 1, p),
      '15': seg(15, c, 2, p),
      '7': seg(7, c, 5, p),
      '4': seg(4, c, 10, p),
      '2': seg(2, c, 20, p),
      'red-joker': seg(1, c, 45, p),
      'black-joker': seg(1, c, 45, p),
    },
  };
}

export const WHEEL_OF_FORTUNE_RULEBOOKS: Partial<Record<JurisdictionId, WheelOfFortuneRulebook>> = {
  euskadi: {
    game: 'wheel-of-fortune',
    jurisdiction: 'euskadi',
    source: 'euskadi L6629–6797',
    cells: cited(54, 'euskadi L6646'),
    // 24 + 15 + 7 + 4 + 2 + the two jokers ("los dos Jockey") = 54 (derived, euskadi L6653, L6754)
    segments: {
      '24': seg(24, 'euskadi L6653', 1, 'index.md OQ-04'),
      '15': seg(15, 'euskadi L6653', 2, 'index.md OQ-04'),
      '7': seg(7, 'euskadi L6653', 5, 'euskadi L6746–6754'),
      '4': seg(4, 'euskadi L6653', 10, 'euskadi L6746–6754'),
      '2': seg(2, 'euskadi L6653', 20, 'euskadi L6746–6754'),
      joker: seg(2, 'euskadi L6653, L6754', 45, 'euskadi L6746–6754'),
    },
    // the literal text: 24 cells "el ganador empata" (stake back), 15 cells "1 a 1" (euskadi L6746–6754, eu L6683–6684)
    literalPays: { '24': cited(0, 'euskadi L6746–6754 (literal, index.md OQ-04)'), '15': cited(1, 'euskadi L6746–6754 (literal, index.md OQ-04)') },
    options: { payTable: cited('standard', 'index.md OQ-04') },
    warnings: [cited('the 24- and 15-cell pays are garbled in both languages; the standard pay (1:1, 2:1) is applied and should be confirmed by the regulator', 'index.md OQ-04')],
  },
  cantabria: {
    game: 'wheel-of-fortune',
    jurisdiction: 'cantabria',
    source: 'cantabria L3354–3498',
    cells: cited(64, 'cantabria L3375–3377'),
    segments: {
      '1': seg(32, 'cantabria L3379–3398', 1, 'cantabria L3482–3498'),
      '2': seg(16, 'cantabria L3379–3398', 2, 'cantabria L3482–3498'),
      '5': seg(8, 'cantabria L3379–3398', 5, 'cantabria L3482–3498'),
      '10': seg(4, 'cantabria L3379–3398', 10, 'cantabria L3482–3498'),
      '20': seg(2, 'cantabria L3379–3398', 20, 'cantabria L3482–3498'),
      '40': seg(2, 'cantabria L3379–3398 (as printed, index.md OQ-05)', 40, 'cantabria L3482–3498'),
    },
    maximumMultiple: cited(20, 'cantabria L3463–3470'),
    options: { payTable: cited('as-printed', 'index.md OQ-05') },
    warnings: [cited('64-cell wheel as printed: the 40 bet returns 1.28 per unit staked (a player edge); any correction must come from the casino authorisation', 'index.md OQ-05')],
  },
  'illes-balears': bigSix('illes-balears', 'L2160–2223', 'L2177–2179', 'L2198–2201'),
  galicia: bigSix('galicia', 'L994–1038', 'L1006', 'L1026'),
};
