/**
 * The contract's core events (public contract v1 §2–3; the project's notes: docs/contract.md#envelope), declared once as
 * data: the ledger's validator reads this table at run time (libs/ledger/src/schema.ts), and the types below
 * (`EventData`, `ContractEvent`) give every reader of a stored event, the rules' judges included, its fields by kind.
 */
import { field as f, type DataOf, type FieldSpec, type FieldTable, optionalField as opt } from './fields';

export const LAST_ROUNDS_ANNOUNCED = 'LastRoundsAnnounced';
export const ANNOUNCEMENT_PURPOSES = ['limit-change', 'closing'] as const;
export const ANNOUNCED_LAST = ['shoe', 'shooter'] as const;

/** Which stream an event belongs to. */
export type StreamKey = 'session' | 'pool' | 'round' | 'corrected-event';

export interface EventTypeSpec {
  readonly fields: Readonly<Record<string, FieldSpec>>;
  readonly stream: StreamKey;
  /** needs a round already started in its session */
  readonly roundScoped?: boolean;
  /** accepts fields beyond those listed (game-specific facts) */
  readonly open?: boolean;
}

const session = <const F extends FieldTable>(fields: F, roundScoped = false) => ({
  fields: { sessionId: f('id'), ...fields },
  stream: 'session' as const,
  roundScoped,
});
const round = <const F extends FieldTable>(fields: F) => session({ roundId: f('id'), ...fields }, true);

/**
 * The core event types, declared once: the validator reads this table at run time, and the types
 * below (`EventData`, `ContractEvent`) and the OpenAPI schema (`openApiSchemaOf`) are derived from it.
 */
export const CORE_EVENT_SCHEMA = {
  TableSessionOpened: session({
    casinoId: f('id'),
    tableId: f('id'),
    gamingDay: f('date'),
    game: f('id'),
    jurisdiction: f('jurisdiction'),
    currency: opt('currency'),
    limits: f('limits'),
    openingFloat: f('inventory'),
    staff: f('staff'),
    options: opt('object'),
    // gaming-day compliance (issue 15, docs/contract.md): the reversible cloth's number, the table's own video recording
    clothNumber: opt('id'),
    individualRecording: opt('boolean'),
  }),
  // gaming-day compliance (issue 15): a jefe de mesa taking over the table; the dice a table is given; banca francesa's hourly rotations
  TableSupervisorChanged: session({ inspector: f('text'), individualRecording: opt('boolean') }),
  DiceIssued: session({ dice: f('issuedDice') }),
  DiceTernaChanged: session({ terna: f('id') }),
  DiceThrowerChanged: session({ croupier: f('text'), forceMajeure: opt('boolean') }),
  TableLimitsChanged: session({ limits: f('limits'), announcedRounds: opt('count') }),
  // session compliance (issue 15, docs/contract.md): the authorised closing time and who holds the keys; who was present at the reopening
  TableSessionSuspended: session({ reason: opt('text'), authorisedClosingAt: opt('datetime'), keyHolder: opt('text') }),
  TableSessionResumed: session({ reason: opt('text'), present: opt('presence') }),
  TableSessionClosed: session({ closingFloat: f('inventory'), atClosingTime: opt('boolean') }),
  [LAST_ROUNDS_ANNOUNCED]: session({
    purpose: { kind: 'text', oneOf: ANNOUNCEMENT_PURPOSES },
    rounds: opt('positiveCount'),
    last: { kind: 'text', optional: true, oneOf: ANNOUNCED_LAST },
  }),
  CashExchanged: session({ amount: f('positiveMoney'), seat: opt('seat'), playerRef: opt('playerRef') }),
  // who is at the table (issue 21 §5): the croupier dealing from the next round started on, or from `roundId` when given
  CroupierChanged: session({ croupierId: f('croupierId'), roundId: opt('id') }),
  ChipsFilled: session({ slipId: f('id'), chips: f('nonEmptyInventory') }),
  ChipsCredited: session({ slipId: f('id'), chips: f('nonEmptyInventory') }),
  TipDeposited: session({ amount: f('positiveMoney'), roundId: opt('id') }),
  CagnotteDeducted: round({ base: f('money'), amount: f('money') }),
  DropBoxCounted: session({ amount: f('money'), countedBy: f('textList') }),
  TipsBoxCounted: session({ amount: f('money'), countedBy: f('textList') }),
  CagnotteBoxCounted: session({ amount: f('money'), countedBy: f('textList') }),
  RoundStarted: session({ roundId: f('id') }),
  BetPlaced: round({
    betId: f('id'),
    seat: f('seat'),
    betType: f('id'),
    selection: opt('any'),
    // a bet is a positive stake; circle poker opens each seat's account in the hand with a `seat`
    // entry that may be 0 (docs/games/circle-poker.md)
    amount: f('money'),
    onBehalfOf: opt('text'),
    playerRef: opt('playerRef'),
  }),
  BetsClosed: round({}),
  WheelSpun: round({ result: f('result') }),
  DiceThrown: round({ dice: f('dice') }),
  ShoeStarted: session({ shoeId: f('id'), decks: f('positiveCount'), cutCardPosition: opt('count') }),
  CardDealt: round({ card: f('id'), to: f('id'), faceUp: opt('boolean') }),
  // open: games add their own decision details (discarded cards, the pot of an all-in…), documented per game
  PlayerDecision: {
    ...round({ seat: f('seat'), decision: f('id'), amount: opt('money'), betId: opt('id'), hand: opt('handId'), cards: opt('any') }),
    open: true,
  },
  BetSettled: round({ betId: f('id'), outcome: f('outcome'), payout: f('money'), hand: opt('handId') }),
  CommissionCharged: round({ betId: f('id'), amount: f('money') }),
  RoundVoided: round({ reason: f('text'), decidedBy: f('text') }),
  RoundCompleted: round({}),
  JackpotPoolConfigured: {
    stream: 'pool',
    fields: {
      poolId: f('id'),
      casinoId: f('id'),
      seed: f('money'),
      contribution: f('any'),
      prizes: f('object'),
      reserveRate: opt('rate'),
      name: opt('text'),
    },
  },
  JackpotContributed: { stream: 'session', roundScoped: true, fields: { poolId: f('id'), sessionId: f('id'), roundId: f('id'), amount: f('money') } },
  JackpotWon: {
    stream: 'session',
    roundScoped: true,
    fields: { poolId: f('id'), sessionId: f('id'), roundId: f('id'), seat: f('seat'), hand: f('id'), amount: f('money') },
  },
  JackpotReset: { stream: 'pool', fields: { poolId: f('id'), amount: f('money') } },
  RoundDisputed: { stream: 'round', fields: { roundId: f('id'), raisedBy: f('text'), claim: f('text') } },
  DisputeResolved: {
    stream: 'round',
    fields: { roundId: f('id'), resolvedBy: f('text'), resolution: f('text'), adjustment: opt('signedMoney') },
  },
  CorrectionRecorded: {
    stream: 'corrected-event',
    fields: { correctsEventId: f('uuid'), reason: f('text'), approvedBy: f('twoApprovers'), amount: opt('signedMoney'), field: opt('text') },
  },
} as const satisfies Readonly<Record<string, EventTypeSpec>>;

/** The same table, looked up by any type name (own properties only: see `eventTypeSpec`). */
export const CORE_EVENT_TYPES: Readonly<Record<string, EventTypeSpec>> = CORE_EVENT_SCHEMA;

type CoreEventSchema = typeof CORE_EVENT_SCHEMA;
export type CoreEventType = keyof CoreEventSchema;

/** The `data` of a valid event of a core type; an open type (PlayerDecision) may carry a game's own fields besides. */
export type EventData<T extends CoreEventType> = CoreEventSchema[T] extends { readonly open: true }
  ? DataOf<CoreEventSchema[T]['fields']> & { readonly [gameField: string]: unknown }
  : DataOf<CoreEventSchema[T]['fields']>;

/** Every core event, discriminated by its `type`: `switch (e.type)` narrows `e.data`. */
export type ContractEvent = { [T in CoreEventType]: { readonly type: T; readonly data: EventData<T> } }[CoreEventType];

/** One core event type's event. */
export type EventOf<T extends CoreEventType> = Extract<ContractEvent, { readonly type: T }>;

export const isCoreEventType = (type: string): type is CoreEventType => Object.hasOwn(CORE_EVENT_SCHEMA, type);

/**
 * Narrow an event that passed the validator (every stored event did) to its type's data: the store
 * holds only validated facts, so the check is of the type name only.
 */
export function isEvent<E extends { readonly type: string; readonly data: unknown }, T extends CoreEventType>(e: E, type: T): e is E & EventOf<T> {
  return e.type === type;
}

/** The data of `e` as its type declares it when `e` is of that type, else undefined. */
export function dataOf<T extends CoreEventType>(e: { readonly type: string; readonly data: unknown }, type: T): EventData<T> | undefined {
  return e.type === type ? (e.data as EventData<T>) : undefined;
}

/**
 * A validated event seen as the contract declares it: `switch (c.type)` on the result narrows `c.data`
 * to that type's fields (undefined for a game's own fact, which the core table does not declare).
 */
export function asContractEvent<E extends { readonly type: string; readonly data: unknown }>(e: E): (Omit<E, 'type' | 'data'> & ContractEvent) | undefined {
  return isCoreEventType(e.type) ? (e as unknown as Omit<E, 'type' | 'data'> & ContractEvent) : undefined;
}
