/**
 * The events' types are derived from the validator's table (libs/ledger/src/schema.ts, issue 22 §1):
 * at run time, a value of each type's TypeScript type passes the validator and names exactly the
 * fields the validator knows; at compile time (`npm run typecheck`, which checks this file), a misspelt
 * field or a value of the wrong type does not compile (each `@ts-expect-error` below must find its error).
 */
import type { StoredEvent } from '../libs/event-store/src';
import {
  asContractEvent,
  CORE_EVENT_SCHEMA,
  CORE_EVENT_TYPES,
  ContractEvent,
  CoreEventType,
  EventData,
  isEvent,
  openApiSchemaOf,
  validateEnvelope,
} from '../libs/ledger/src';

const s = { sessionId: 'S1' } as const;
const r = { ...s, roundId: 'R1' } as const;
const names = ['Ane', 'Bea'] as const;

/** Every field of every core type, each with a valid value: tsc checks each against the derived type. */
const FULL: { [T in CoreEventType]: Required<EventData<T>> } = {
  TableSessionOpened: {
    ...s,
    casinoId: 'C1',
    tableId: 'T1',
    gamingDay: '2026-11-21',
    game: 'french-roulette',
    jurisdiction: 'euskadi',
    currency: 'EUR',
    limits: { min: 100, max: 360000 },
    openingFloat: { '500': 100 },
    staff: { inspector: 'Ane', croupiers: ['Bea'] },
    options: {},
    clothNumber: 'cloth-2',
    individualRecording: true,
  },
  TableSupervisorChanged: { ...s, inspector: 'Ane', individualRecording: false },
  DiceIssued: { ...s, dice: [{ serial: 'D-1', initials: 'AB' }] },
  DiceTernaChanged: { ...s, terna: 'terna-2' },
  DiceThrowerChanged: { ...s, croupier: 'Bea', forceMajeure: false },
  TableLimitsChanged: { ...s, limits: { min: 200, max: 400000 }, announcedRounds: 3 },
  TableSessionSuspended: { ...s, reason: 'break', authorisedClosingAt: '2026-11-22T04:00:00Z', keyHolder: 'Ane' },
  TableSessionResumed: { ...s, reason: 'back', present: { croupiers: ['Bea'], inspector: 'Ane' } },
  TableSessionClosed: { ...s, closingFloat: { '500': 90 }, atClosingTime: true },
  LastRoundsAnnounced: { ...s, purpose: 'closing', rounds: 3, last: 'shoe' },
  CashExchanged: { ...s, amount: 1000, seat: 1, playerRef: 'ADM-0042' },
  CroupierChanged: { ...s, croupierId: 'croupier-7', roundId: 'R1' },
  ChipsFilled: { ...s, slipId: 'F1', chips: { '500': 10 } },
  ChipsCredited: { ...s, slipId: 'C1', chips: { '500': 10 } },
  TipDeposited: { ...s, amount: 100, roundId: 'R1' },
  CagnotteDeducted: { ...r, base: 1000, amount: 50 },
  DropBoxCounted: { ...s, amount: 1000, countedBy: names },
  TipsBoxCounted: { ...s, amount: 100, countedBy: names },
  CagnotteBoxCounted: { ...s, amount: 50, countedBy: names },
  RoundStarted: { ...r },
  BetPlaced: { ...r, betId: 'B1', seat: 1, betType: 'straight', selection: [17], amount: 100, onBehalfOf: 'Bea', playerRef: 'ADM-0042' },
  BetsClosed: { ...r },
  WheelSpun: { ...r, result: 17 },
  DiceThrown: { ...r, dice: [3, 4] },
  ShoeStarted: { ...s, shoeId: 'shoe-1', decks: 6, cutCardPosition: 60 },
  CardDealt: { ...r, card: 'AS', to: 'banker', faceUp: true },
  PlayerDecision: { ...r, seat: 1, decision: 'stand', amount: 100, betId: 'B1', hand: 0, cards: ['AS'] },
  BetSettled: { ...r, betId: 'B1', outcome: 'win', payout: 3600, hand: 0 },
  CommissionCharged: { ...r, betId: 'B1', amount: 5 },
  RoundVoided: { ...r, reason: 'misdeal', decidedBy: 'Ane' },
  RoundCompleted: { ...r },
  JackpotPoolConfigured: { poolId: 'P1', casinoId: 'C1', seed: 100000, contribution: { rate: 0.01 }, prizes: {}, reserveRate: 0.1, name: 'Progressive' },
  JackpotContributed: { ...r, poolId: 'P1', amount: 10 },
  JackpotWon: { ...r, poolId: 'P1', seat: 1, hand: 'royal-flush', amount: 100000 },
  JackpotReset: { poolId: 'P1', amount: 100000 },
  RoundDisputed: { roundId: 'R1', raisedBy: 'Bea', claim: 'paid short' },
  DisputeResolved: { roundId: 'R1', resolvedBy: 'Ane', resolution: 'paid', adjustment: -100 },
  CorrectionRecorded: { correctsEventId: '0b6d6a5e-4c1f-4a51-9a43-1f0d6c1e7a10', reason: 'typo', approvedBy: ['Ane', 'Bea'], amount: -100, field: 'drop' },
};

const envelope = (type: string, data: object) => ({ eventId: '5f0c9c8e-1c1a-4f0e-8f43-7d2a0d7c9b11', type, occurredAt: '2026-11-21T20:00:00Z', data });
const without = (data: object, field: string) => Object.fromEntries(Object.entries(data).filter(([name]) => name !== field));
const types = Object.keys(CORE_EVENT_SCHEMA) as CoreEventType[];

describe('event types derived from the schema', () => {
  it('has a typed value for every type the validator knows, with exactly its fields', () => {
    expect(Object.keys(FULL).sort()).toEqual(Object.keys(CORE_EVENT_TYPES).sort());
    for (const type of types) expect([type, Object.keys(FULL[type]).sort()]).toEqual([type, Object.keys(CORE_EVENT_TYPES[type].fields).sort()]);
  });

  it('accepts each typed value, refuses it without a field the type requires, and accepts it without an optional one', () => {
    for (const type of types) {
      // a last-rounds announcement gives either `rounds` or `last`, not both (refuseAnnouncement)
      const data = type === 'LastRoundsAnnounced' ? without(FULL[type], 'last') : FULL[type];
      expect([type, validateEnvelope(envelope(type, data)).errors]).toEqual([type, []]);
      for (const [name, field] of Object.entries(CORE_EVENT_TYPES[type].fields)) {
        const errors = validateEnvelope(envelope(type, without(data, name))).errors;
        if (field.optional)
          expect([type, name, errors]).toEqual(
            type === 'LastRoundsAnnounced' && name === 'rounds' ? [type, name, [expect.objectContaining({ field: 'data.rounds' })]] : [type, name, []],
          );
        else expect([type, name, errors]).toEqual([type, name, [expect.objectContaining({ field: `data.${name}`, reason: 'is required' })]]);
      }
    }
  });

  it('narrows a stored event to its type by switch or guard', () => {
    const stored = { eventId: 'e1', type: 'CashExchanged', data: { sessionId: 'S1', amount: 1000 } } as unknown as StoredEvent;
    const c = asContractEvent(stored);
    let amount = 0;
    switch (c?.type) {
      case 'CashExchanged':
        amount = c.data.amount;
        // @ts-expect-error a misspelt field of a stored event's data does not compile
        void c.data.amout;
        // @ts-expect-error an amount is a number, not a string
        c.data.amount satisfies string;
        break;
      case 'BetPlaced':
        // @ts-expect-error a cash exchange's field is not a bet's
        void c.data.countedBy;
        break;
    }
    expect(amount).toBe(1000);
    expect(c?.eventId).toBe('e1');
    expect(asContractEvent({ type: 'BankDeposited', data: {} })).toBeUndefined();

    const event: ContractEvent = { type: 'LastRoundsAnnounced', data: FULL.LastRoundsAnnounced };
    expect(isEvent(event, 'LastRoundsAnnounced') && event.data.purpose).toBe('closing');
    if (isEvent(event, 'LastRoundsAnnounced')) {
      // @ts-expect-error a `oneOf` field's type is the union of its values
      event.data.purpose satisfies 'limit-change';
    }
    // @ts-expect-error an event's data is its type's: a bet has no countedBy
    const wrong: ContractEvent = { type: 'BetPlaced', data: FULL.DropBoxCounted };
    void wrong;
    // @ts-expect-error a required field may not be missing
    const missing: EventData<'CashExchanged'> = { sessionId: 'S1' };
    void missing;
    // an open type (a player's decision) carries a game's own fields besides its declared ones
    const decision: EventData<'PlayerDecision'> = { ...r, seat: 1, decision: 'discard', discarded: ['AS'] };
    expect(decision.discarded).toEqual(['AS']);
  });

  it('describes every type with its fields and required ones in the OpenAPI schema', () => {
    const schema = openApiSchemaOf(CORE_EVENT_TYPES);
    expect(schema.oneOf?.map((s) => s.title)).toEqual(Object.keys(CORE_EVENT_TYPES));
    for (const event of schema.oneOf ?? []) {
      const spec = CORE_EVENT_TYPES[event.title!];
      const data = event.properties!.data;
      expect(event.properties!.type).toEqual({ type: 'string', enum: [event.title] });
      expect(Object.keys(data.properties!)).toEqual(Object.keys(spec.fields));
      expect(data.required).toEqual(
        Object.entries(spec.fields)
          .filter(([, f]) => !f.optional)
          .map(([n]) => n),
      );
      expect(data.additionalProperties).toBe(spec.open === true);
    }
    const announced = schema.oneOf!.find((s) => s.title === 'LastRoundsAnnounced')!.properties!.data.properties!;
    expect(announced.purpose).toMatchObject({ type: 'string', enum: ['limit-change', 'closing'] });
    expect(announced.last).toMatchObject({ enum: ['shoe', 'shooter'], nullable: true });
  });
});
