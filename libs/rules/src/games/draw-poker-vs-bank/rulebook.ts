/**
 * Draw poker against the bank (póker con descarte): euskadi 12 only (L7566–8478). Lines from
 * docs/decisions/games.md#draw-poker-vs-bank (euskadi 12); docs/decisions/open-questions.md#oq-06 (the play bet is
 * returned when the bank does not qualify) and OQ-14 (jackpot pool configuration).
 */
import type { RulebookBase } from '../../core/game';
import type { Category } from '../../core/poker/evaluate';
import { cited, type Cited, type JurisdictionId } from '../../core/types';

export type PayTable = Readonly<Partial<Record<Category, Cited<number>>>>;

export interface DrawPokerRulebook extends RulebookBase {
  readonly cardsPerHand: Cited<number>;
  /** boxes on the layout */
  readonly boxes: Cited<number>;
  /** the player may discard and replace up to this many cards */
  readonly playerMaxDraw: Cited<number>;
  /** the bank's fixed drawing table (rules 1–7) */
  readonly bankDraw: Cited<string>;
  /** after its draw, the bank plays with a pair of 8s or better */
  readonly qualifier: Cited<{ category: Category; ranks: number[] }>;
  readonly playMultiple: Cited<number>;
  readonly anteOdds: Cited<number>;
  readonly payTable: PayTable;
  readonly tie: Cited<'push'>;
  readonly maxInitialMultiple: Cited<number>;
  readonly betsPerBox: Cited<number>;
  readonly betTypes: Readonly<Record<string, Cited<boolean>>>;
  readonly jackpot: {
    readonly maxFractionOfMinimum: Cited<number>;
    /** prizes on the first five cards (mandatory scale), as shares of the jackpot */
    readonly withoutDraw: Readonly<Partial<Record<Category, Cited<number>>>>;
    /** prizes after the draw (optional scale, option `jackpotAfterDraw`) */
    readonly afterDraw: Readonly<Partial<Record<Category, Cited<number>>>>;
  };
}

const L = (lines: string) => `euskadi ${lines}`;

export const EUSKADI: DrawPokerRulebook = {
  game: 'draw-poker-vs-bank',
  jurisdiction: 'euskadi',
  source: L('L7566–8478'),
  cardsPerHand: cited(5, L('L8043–8047')),
  // "cuya cifra máxima será de seis" (the sentence split by a Basque block), "Las seis casillas de apuestas" (L7660)
  boxes: cited(6, L('L7700–7703, L7774–7775')),
  playerMaxDraw: cited(2, L('L8069–8083')),
  bankDraw: cited('fixed', L('L8085–8175')),
  qualifier: cited({ category: 'pair', ranks: [8] }, L('L8175–8182 (a pair of 8s qualifies: heading and L8177, L8182)')),
  playMultiple: cited(2, L('L8053–8065')),
  anteOdds: cited(1, L('L8179–8188')),
  payTable: {
    'royal-flush': cited(100, L('L7796–7799')),
    'straight-flush': cited(25, L('L7801–7804')),
    'four-of-a-kind': cited(20, L('L7806–7808')),
    'full-house': cited(7, L('L7810–7813')),
    flush: cited(5, L('L7815–7817')),
    straight: cited(3, L('L7819–7821')),
    'three-of-a-kind': cited(2, L('L7823–7824')),
    'two-pair': cited(1, L('L7826–7829')),
    pair: cited(1, L('L7831–7834')),
  },
  tie: cited('push', L('L7836–7840')),
  maxInitialMultiple: cited(50, L('L7960–7964')),
  betsPerBox: cited(4, L('L7777–7783')),
  betTypes: {
    ante: cited(true, L('L7975–8043')),
    play: cited(true, L('L8053–8065')),
    jackpot: cited(true, L('L8201–8228')),
  },
  jackpot: {
    maxFractionOfMinimum: cited(0.5, L('L8201–8228')),
    withoutDraw: {
      'four-of-a-kind': cited(0.05, L('L8234, L8302')),
      'straight-flush': cited(0.1, L('L8234, L8303')),
      'royal-flush': cited(1, L('L8234, L8304')),
    },
    afterDraw: {
      'four-of-a-kind': cited(0.005, L('L8306–8311')),
      'straight-flush': cited(0.01, L('L8306–8310, L8313')),
      'royal-flush': cited(0.1, L('L8306–8310, L8314')),
    },
  },
  options: {
    playWhenBankDoesNotQualify: cited('push', 'index.md OQ-06'),
    // the after-draw scale is optional for the casino (euskadi L8230–8314)
    jackpotAfterDraw: cited(false, L('L8230–8314')),
  },
};

export const rulebooks: Partial<Record<JurisdictionId, DrawPokerRulebook>> = { euskadi: EUSKADI };
