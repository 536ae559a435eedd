/**
 * Pai gow poker (póker chino): euskadi 14, cantabria A.14.3. Lines from docs/decisions/games.md#pai-gow-poker
 * (euskadi 14); docs/decisions/open-questions.md#oq-35 (every hand against the croupier's, the bank wins
 * ties) and OQ-36 (session option `commissionRate`, default 0.05, at most 0.05).
 */
import type { RulebookBase } from '../../core/game';
import { cited, type Cited, type JurisdictionId } from '../../core/types';

export interface PaiGowRulebook extends RulebookBase {
  /** 52 cards + 1 joker (an ace, or completing a straight, flush or straight flush; option `jokerInFlush`) */
  readonly jokers: Cited<number>;
  readonly cardsPerHand: Cited<number>;
  /** a 2-card low hand and a 5-card high hand that must outrank it */
  readonly lowCards: Cited<number>;
  /** the ranking: five aces above the royal, A-2-3-4-5 the second straight */
  readonly ranking: Cited<string>;
  /** both hands higher: win 1:1 less the commission */
  readonly winOdds: Cited<number>;
  /** one higher and one lower or tied: push; otherwise the bank wins (ties go to the bank) */
  readonly outcomes: Cited<string>;
  /** every player sets his hands, face down, before the croupier looks at his own */
  readonly settingOrder: Cited<boolean>;
  /** a wrongly set hand always loses */
  readonly foulLoses: Cited<boolean>;
  readonly maxCommission: Cited<number>;
  readonly betsPerBox: Cited<number>;
  /** boxes on the layout, numbered 1 to this: one seated player each */
  readonly boxes: Cited<number>;
  readonly dice: Cited<number>;
  readonly betTypes: Readonly<Record<string, Cited<boolean>>>;
}

interface Lines {
  source: string;
  joker: string;
  hands: string;
  ranking: string;
  outcomes: string;
  commission: string;
  errors: string;
  players: string;
  setting: string;
  dice: string;
}

const build = (j: JurisdictionId, l: Lines): PaiGowRulebook => ({
  game: 'pai-gow-poker',
  jurisdiction: j,
  source: `${j} ${l.source}`,
  jokers: cited(1, `${j} ${l.joker}`),
  cardsPerHand: cited(7, `${j} ${l.hands}`),
  lowCards: cited(2, `${j} ${l.hands}`),
  ranking: cited('pai-gow', `${j} ${l.ranking}`),
  winOdds: cited(1, `${j} ${l.outcomes}`),
  outcomes: cited('both higher: win; one higher: push; otherwise lose (bank wins ties)', `${j} ${l.outcomes}`),
  foulLoses: cited(true, `${j} ${l.errors}`),
  settingOrder: cited(true, `${j} ${l.setting}`),
  maxCommission: cited(0.05, `${j} ${l.commission}; index.md OQ-36`),
  betsPerBox: cited(1, `${j} ${l.players}`),
  boxes: cited(6, `${j} ${l.players}`),
  dice: cited(3, `${j} ${l.dice}`),
  betTypes: { main: cited(true, `${j} ${l.outcomes}`) },
  options: {
    commissionRate: cited(0.05, `${j} ${l.commission}; index.md OQ-36`),
    // the text lets the joker be an ace or complete a straight or flush, and is silent on the card it is in
    // a flush that holds the suit's ace: the common convention, the highest card the suit lacks
    jokerInFlush: cited('highest-missing', `${j} ${l.joker} (silent on the card: common convention); docs/games/readings/pai-gow-poker.resolutions.md`),
  },
});

export const rulebooks: Partial<Record<JurisdictionId, PaiGowRulebook>> = {
  euskadi: build('euskadi', {
    source: 'L8996–9598',
    joker: 'L9026–9029',
    hands: 'L9001–9021, L9401–9404',
    ranking: 'L9235–9275',
    outcomes: 'L9287–9299, L9412–9497',
    commission: 'L9299–9301',
    errors: 'L9508–9515, L9581–9585',
    players: 'L9148–9158',
    setting: 'L9404–9409',
    dice: 'L9122–9126, L9373–9384',
  }),
  cantabria: build('cantabria', {
    source: 'L4145–4465',
    joker: 'L4177–4181',
    hands: 'L4149–4172, L4371–4372',
    ranking: 'L4253–4294',
    outcomes: 'L4161–4172, L4383–4440',
    commission: 'L4308–4311',
    errors: 'L4454–4465',
    players: 'L4240–4248',
    setting: 'L4372–4379',
    dice: 'L4197–4203, L4335–4348',
  }),
};
