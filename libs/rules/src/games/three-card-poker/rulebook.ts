/**
 * Three-card poker (tripóker): euskadi 15, cantabria A.14.4. Lines from docs/decisions/games.md#three-card-poker;
 * the defaults of docs/decisions/open-questions.md#oq-25 (cantabria play push, tie push, royal paid as a
 * straight flush where not listed), OQ-26 (table 3 straight flush 35:1) and OQ-27 (ante bonus whenever
 * the player played; pair plus settled regardless of a fold).
 */
import type { RulebookBase } from '../../core/game';
import type { Category } from '../../core/poker/evaluate';
import { cited, type Cited, type JurisdictionId } from '../../core/types';

export type PayTable = Readonly<Partial<Record<Category, Cited<number>>>>;

export interface ThreeCardPokerRulebook extends RulebookBase {
  readonly cardsPerHand: Cited<number>;
  /** boxes on the layout: one player each, at most this many */
  readonly boxes: Cited<number>;
  /** the bank plays with a queen high or better */
  readonly qualifier: Cited<{ category: Category; ranks: number[] }>;
  /** the play ("2.ª apuesta") equals the ante */
  readonly playMultiple: Cited<number>;
  readonly anteOdds: Cited<number>;
  readonly playOdds: Cited<number>;
  readonly playWhenBankDoesNotQualify: Cited<'push'>;
  readonly tie: Cited<'push'>;
  /** paid on the ante whenever the player played, whatever the bank holds */
  readonly anteBonus: PayTable;
  /** pair-plus tables by number; a session picks one with option `pairPlusTable` */
  readonly pairPlusTables: Readonly<Record<string, PayTable>>;
  readonly maxInitialMultiple: Cited<number>;
  /** pair plus maximum as a multiple of the ante minimum (null: the table maximum) */
  readonly pairPlusMaxMultiple: Cited<number> | null;
  readonly betsPerBox: Cited<number>;
  readonly betTypes: Readonly<Record<string, Cited<boolean>>>;
  /** a dealing error (a card too many or too few, a card exposed) voids the whole coup */
  readonly misdeal: Cited<'void'>;
}

const table = (odds: Partial<Record<Category, number>>, cite: string): PayTable =>
  Object.fromEntries(Object.entries(odds).map(([c, n]) => [c, cited(n as number, cite)])) as PayTable;

const common = (j: JurisdictionId, source: string) => ({
  game: 'three-card-poker',
  jurisdiction: j,
  source,
});

export const EUSKADI: ThreeCardPokerRulebook = {
  ...common('euskadi', 'euskadi L9600–10124'),
  cardsPerHand: cited(3, 'euskadi L9885–9899'),
  boxes: cited(7, 'euskadi L9729–9734'),
  qualifier: cited({ category: 'high-card', ranks: [12] }, 'euskadi L9981–9985'),
  playMultiple: cited(1, 'euskadi L9901–9912'),
  anteOdds: cited(1, 'euskadi L9981–9993'),
  playOdds: cited(1, 'euskadi L9987–9993'),
  playWhenBankDoesNotQualify: cited('push', 'euskadi L9981–9985'),
  // "en el caso de que las tres cartas tuvieran idéntico valor, ésta se considerará empate y el jugador conservará…"
  tie: cited('push', 'euskadi L10007–10011'),
  anteBonus: {
    ...table({ straight: 1, 'three-of-a-kind': 4, 'straight-flush': 5 }, 'euskadi L9993–10000'),
    'royal-flush': cited(5, 'euskadi L9993–10000; index.md OQ-25 (royal paid as a straight flush)'),
  },
  pairPlusTables: {
    '1': table({ 'royal-flush': 50, 'straight-flush': 40, 'three-of-a-kind': 30, straight: 6, flush: 3, pair: 1 }, 'euskadi L10027–10111'),
  },
  maxInitialMultiple: cited(50, 'euskadi L9866–9877'),
  pairPlusMaxMultiple: null,
  betsPerBox: cited(2, 'euskadi L9729–9748'),
  misdeal: cited('void', 'euskadi L10013–10016'),
  betTypes: {
    ante: cited(true, 'euskadi L9610–9629'),
    play: cited(true, 'euskadi L9901–9912'),
    'pair-plus': cited(true, 'euskadi L10027–10111'),
  },
  options: {
    pairPlusTable: cited('1', 'euskadi L10027–10111 (a single table)'),
    // "el croupier retirará las apuestas de estos jugadores y recogerá sus cartas": a fold loses the pair plus too
    // (resolutions §1); `settled` keeps it on the folded cards (docs/decisions/open-questions.md#oq-27 as first decided)
    pairPlusOnFold: cited('lost', 'euskadi L9901–9906'),
  },
};

const OQ25 = 'index.md OQ-25 (royal paid as a straight flush)';
export const CANTABRIA: ThreeCardPokerRulebook = {
  ...common('cantabria', 'cantabria L4467–4711'),
  cardsPerHand: cited(3, 'cantabria L4569–4578'),
  boxes: cited(7, 'cantabria L4509–4514'),
  qualifier: cited({ category: 'high-card', ranks: [12] }, 'cantabria L4594–4596'),
  playMultiple: cited(1, 'cantabria L4580–4590'),
  anteOdds: cited(1, 'cantabria L4596–4607'),
  playOdds: cited(1, 'cantabria L4605–4607'),
  playWhenBankDoesNotQualify: cited('push', 'cantabria L4594–4598; index.md OQ-25'),
  tie: cited('push', 'cantabria L4646–4647; index.md OQ-25'),
  anteBonus: {
    ...table({ straight: 1, 'three-of-a-kind': 4, 'straight-flush': 5 }, 'cantabria L4608–4625'),
    'royal-flush': cited(5, `cantabria L4608–4619; ${OQ25}`),
  },
  pairPlusTables: {
    '1': table({ 'royal-flush': 50, 'straight-flush': 40, 'three-of-a-kind': 30, straight: 6, flush: 3, pair: 1 }, 'cantabria L4677–4684 (table 1)'),
    '2': {
      ...table({ 'straight-flush': 40, 'three-of-a-kind': 30, straight: 6, flush: 4, pair: 1 }, 'cantabria L4686–4691 (table 2)'),
      'royal-flush': cited(40, `cantabria L4686–4691; ${OQ25}`),
    },
    '3': {
      ...table({ 'three-of-a-kind': 33, straight: 6, flush: 4, pair: 1 }, 'cantabria L4693–4698 (table 3)'),
      'straight-flush': cited(35, 'cantabria L4693; index.md OQ-26'),
      'royal-flush': cited(35, `cantabria L4693; ${OQ25}; index.md OQ-26`),
    },
  },
  maxInitialMultiple: cited(50, 'cantabria L4563–4565'),
  pairPlusMaxMultiple: cited(10, 'cantabria L4663–4667'),
  betsPerBox: cited(4, 'cantabria L4509–4521 (the seated player and ≤ 3 others)'),
  misdeal: cited('void', 'cantabria L4706–4711'),
  betTypes: {
    ante: cited(true, 'cantabria L4477–4489'),
    play: cited(true, 'cantabria L4580–4590'),
    'pair-plus': cited(true, 'cantabria L4649–4704'),
  },
  options: {
    pairPlusTable: cited('1', 'cantabria L4672–4698 (one of three tables, chosen and displayed; default table 1)'),
    pairPlusOnFold: cited('lost', 'cantabria L4580–4585'),
  },
};

export const rulebooks: Partial<Record<JurisdictionId, ThreeCardPokerRulebook>> = { euskadi: EUSKADI, cantabria: CANTABRIA };
