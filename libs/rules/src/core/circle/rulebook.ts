/**
 * The circle-poker rulebook: the common rules of póker de círculo per jurisdiction (docs/decisions/games.md#circle-poker)
 *, which every variant's rulebook extends with its own overrides. Data only.
 */
import type { RulebookBase } from '../game';
import { cited, Cited, JurisdictionId } from '../types';
import type { CagnotteMode, SplitRule } from './pot';

/** Who speaks first in a betting interval. */
export type FirstToAct =
  /** the first seat after the last live forced bet (big blind, segunda mano, last ciega) */
  | 'after-forced'
  /** the first seat after the mano (button) in the direction of play */
  | 'after-mano'
  /** the mano himself, else the next seat */
  | 'mano'
  /** stud: the highest showing combination; ties → nearest the mano in the direction of play */
  | 'highest-showing'
  /** seven stud interval 1: the lowest up-card must open (bring-in) */
  | 'lowest-showing'
  /** synthetic: the highest bettor of the previous interval (the last to bet or raise), else the mano */
  | 'last-aggressor'
  /** cantabria draw interval 2: the opener, else the next seat */
  | 'opener';

export type ForcedBets = 'ante' | 'blinds' | 'openings';
export type Direction = 'clockwise' | 'counter-clockwise';
export type Structure = 'no-limit' | 'pot-limit' | 'split-limit' | 'fixed';

export interface CircleRulebook extends RulebookBase {
  /** seats numbered from the croupier's right or left: with the direction, gives the order of seat numbers */
  readonly seatNumbering: Cited<'from-croupier-right' | 'from-croupier-left'>;
  readonly minPlayers: Cited<number>;
  /** players at the table at most; null where the text sets no number */
  readonly maxPlayers: Cited<number | null>;
  /** hands a player may sit out without losing his seat (documented; not judged per round) */
  readonly sitOutHands: Cited<number>;
  /** deck sizes the text allows for this game (draw: 52 or 32) */
  readonly deckSizes: Cited<readonly number[]>;
  /**
   * Where the ace plays low in a straight: below the lowest card in play (A-7-8-9-10 with 32 cards, A-8-9-10-J with
   * 28), or only below the 2, so that a deck without 2s has no ace-low straight (cantabria L5307–5310)
   */
  readonly aceLowBelow: Cited<'lowest-in-play' | 'two'>;
  /**
   * The table minimum as a share of the table maximum, lowest and highest (euskadi L11227–11231: "El minimo pude
   * variar entre el 20 y el 40% del mdximo"); null where the text sets no such ratio
   */
  readonly tableMinimumShare: Cited<readonly [number, number] | null>;
  /** ante ≤ this share of the table minimum (euskadi L11227–11231); 1 where the ante is the minimum bet */
  readonly anteMaxShare: Cited<number>;
  /** the ante must equal the table minimum (illes-balears L2682–2685, andalucia L251) */
  readonly anteIsMinimum: Cited<boolean>;
  readonly smallBlindShare: Cited<number>;
  readonly bigBlindShare: Cited<number>;
  /** per interval (the last entry repeats) */
  readonly firstToAct: Cited<readonly FirstToAct[]>;
  /** may a player who checked raise later in the interval ("reservarse")? */
  readonly checkRaise: Cited<boolean>;
  /** raises per player per interval (null: no cap); never capped with two players (euskadi L11500–11504) */
  readonly raiseCapPerPlayer: Cited<number | null>;
  readonly headsUpUncapped: Cited<boolean>;
  /** the bring-in seat may not check or fold in its interval (cantabria L6117–6133) */
  readonly openerMustOpen: Cited<boolean>;
  /** cantabria draw: opening needs jacks or better, rising after blank hands (null: any hand opens) */
  readonly openers: Cited<readonly number[] | null>;
  /** draw variants: most cards a player may change */
  readonly maxDiscard: Cited<number>;
  /** best five of all cards, or exactly two hole cards and three board cards */
  readonly handRule: Cited<'best-five' | 'two-plus-three'>;
  /** with a deck of fewer than 52 cards, flush above full house (euskadi L11114–11115; andalucia synthetic: no) */
  readonly flushBeatsFull: Cited<boolean>;
  /** "Figuras" (five cards all A/K/Q/J) between trío and two pair, covered variants only (euskadi L11097–11100) */
  readonly figuras: Cited<boolean>;
  /** house-benefit modes the text allows, the rate ceiling and the fee ranges */
  readonly cagnotteModes: Cited<readonly CagnotteMode[]>;
  readonly maxCagnotteRate: Cited<number>;
  readonly sessionFeeRange: Cited<readonly [number, number] | null>;
  readonly perPlayerFeeRange: Cited<readonly [number, number] | null>;
  /** table stakes: a seat puts in no more than what is left of its resto (the lines judged by 'table-stakes') */
  readonly tableStakes: Cited<boolean>;
  /** at the showdown the best hand takes the pot (the lines judged by 'pot-award', beside the session's splitPot) */
  readonly potToBestHand: Cited<boolean>;
}

/** Session options of every circle-poker game (TableSessionOpened.options), with their defaults. */
export interface CircleOptions {
  cagnotteMode: CagnotteMode;
  cagnotteRate: number;
  cagnotteCap: number | null;
  sessionFeeRate: number;
  sessionFeeBase: 'table-max' | 'resto';
  perPlayerFeeRate: number;
  splitPot: SplitRule;
  direction: Direction;
  structure: Structure;
  forcedBets: ForcedBets;
  /** ante in minor units (null: the rulebook's share of the table minimum) */
  ante: number | null;
  deckSize: number;
}

const E = (lines: string) => `euskadi ${lines}`;
const C = (lines: string) => `cantabria ${lines}`;

/** euskadi 17 "Poker de Círculo", common rules (L10706–11995). */
export const EUSKADI_COMMON: CircleRulebookData = {
  jurisdiction: 'euskadi',
  seatNumbering: cited('from-croupier-right', E('L10789–10794')),
  minPlayers: cited(4, E('L11323–11325')),
  maxPlayers: cited(null, E('L10787–10794 (departments, no number)')),
  sitOutHands: cited(3, E('L10960–10962')),
  deckSizes: cited([52], E('L10779–10785')),
  aceLowBelow: cited('lowest-in-play', E('L10783–10785')),
  tableMinimumShare: cited([0.2, 0.4], E('L11227–11231 (eu L11157–11161)')),
  anteMaxShare: cited(0.5, E('L11227–11231')),
  anteIsMinimum: cited(false, E('L11227–11231')),
  smallBlindShare: cited(0.5, 'INDUSTRY-STANDARD'),
  bigBlindShare: cited(1, 'INDUSTRY-STANDARD'),
  firstToAct: cited(['after-mano'], E('L11329–11333, L11384–11527')),
  checkRaise: cited(true, E('L11384–11527')),
  raiseCapPerPlayer: cited(null, E('L11500–11504')),
  headsUpUncapped: cited(true, E('L11500–11504')),
  openerMustOpen: cited(false, E('L11384–11527')),
  openers: cited(null, E('L11384–11527')),
  maxDiscard: cited(0, E('L11979–11995')),
  handRule: cited('best-five', E('L11067–11115')),
  flushBeatsFull: cited(true, E('L11114–11115')),
  figuras: cited(false, E('L11097–11100')),
  cagnotteModes: cited(['pot-percentage', 'session-fee', 'per-player-hand-fee'], E('L10805–10828')),
  maxCagnotteRate: cited(0.05, E('L10811–10815')),
  sessionFeeRange: cited([0.1, 0.2], E('L10817–10823')),
  perPlayerFeeRange: cited([0.2, 0.5], E('L10825–10828')),
  tableStakes: cited(true, E('L11739–11741')),
  potToBestHand: cited(true, E('L11630–11729')),
};

/** cantabria A.15 "Póker de círculo", part A general rules (L5287–5933). */
export const CANTABRIA_COMMON: CircleRulebookData = {
  ...EUSKADI_COMMON,
  jurisdiction: 'cantabria',
  seatNumbering: cited('from-croupier-left', C('L5314–5323')),
  maxPlayers: cited(null, C('L5312–5323 (departments, no number)')),
  minPlayers: cited(4, C('L5411–5417')),
  sitOutHands: cited(2, C('L5432–5434')),
  deckSizes: cited([52], C('L5304–5310')),
  aceLowBelow: cited('two', C('L5307–5310')),
  tableMinimumShare: cited([0.2, 0.4], C('L5582–5586')),
  anteMaxShare: cited(0.5, C('L5582–5586')),
  anteIsMinimum: cited(false, C('L5573–5606')),
  firstToAct: cited(['after-mano'], C('L5662–5742')),
  checkRaise: cited(true, C('L5662–5742')),
  raiseCapPerPlayer: cited(null, C('L5662–5742')),
  headsUpUncapped: cited(true, C('L5662–5742')),
  handRule: cited('best-five', C('L5477–5530')),
  flushBeatsFull: cited(true, C('L5528–5530')),
  figuras: cited(false, C('L5477–5530')),
  cagnotteModes: cited(['pot-percentage', 'session-fee'], C('L5336–5354')),
  maxCagnotteRate: cited(0.05, C('L5336–5354')),
  sessionFeeRange: cited([0.1, 0.2], C('L5350–5354')),
  perPlayerFeeRange: cited(null, C('L5336–5354')),
  tableStakes: cited(true, C('L5436–5472')),
  potToBestHand: cited(true, C('L5802–5827')),
};

/**
 * The lines a jurisdiction gives for the defaults every circle game shares: no cap on the cagnotte, the betting
 * structure (no-limit unless the game says otherwise) and no ante. A jurisdiction not listed is silent on them.
 */
interface SharedOptionLines {
  readonly cagnotteCap: string;
  readonly structure: string;
  readonly ante: string;
}
const SILENT: SharedOptionLines = { cagnotteCap: 'INDUSTRY-STANDARD', structure: 'INDUSTRY-STANDARD', ante: 'INDUSTRY-STANDARD' };
const SHARED_OPTION_LINES: Partial<Record<JurisdictionId, SharedOptionLines>> = {
  euskadi: { cagnotteCap: E('L10811–10815'), structure: E('L11233–11243'), ante: E('L11227–11231') },
  cantabria: { cagnotteCap: 'INDUSTRY-STANDARD', structure: C('L5573–5606'), ante: C('L5573–5606') },
};

/** Default session options, with the open questions they apply. */
export function circleOptions(
  jurisdiction: JurisdictionId,
  o: { rate: Cited<number>; direction: Cited<Direction>; structure?: Cited<Structure>; forcedBets: Cited<ForcedBets>; deckSize: Cited<number> },
): Record<keyof CircleOptions, Cited<unknown>> {
  const lines = SHARED_OPTION_LINES[jurisdiction] ?? SILENT;
  return {
    cagnotteMode: cited('pot-percentage', 'games.md circle-poker "House benefit" (contract option names)'),
    cagnotteRate: o.rate,
    cagnotteCap: cited(null, lines.cagnotteCap),
    sessionFeeRate: cited(0.1, 'index.md OQ-10'),
    sessionFeeBase: cited('table-max', 'index.md OQ-10'),
    perPlayerFeeRate: cited(0.2, E('L10825–10828')),
    splitPot: cited('equal', 'index.md OQ-08'),
    direction: o.direction,
    structure: o.structure ?? cited('no-limit', lines.structure),
    forcedBets: o.forcedBets,
    ante: cited(null, lines.ante),
    deckSize: o.deckSize,
  };
}

/** One game's rulebook for one jurisdiction: the common rules, the variant's overrides, its options. */
export function circleRulebook(
  common: CircleRulebookData,
  game: string,
  source: string,
  overrides: Partial<CircleRulebookData>,
  options: Record<string, Cited<unknown>>,
): CircleRulebook {
  return { ...common, ...overrides, game, source, options } as CircleRulebook;
}

export type CircleRulebookData = Omit<CircleRulebook, 'game' | 'source' | 'options' | 'warnings'>;
