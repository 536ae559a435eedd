/**
 * Generators of hostile input for the fuzz tests (docs/security.md, "Hostile input"). A generated case
 * is a batch: the events of one fresh roulette session, played by the rules (valid, with random
 * amounts, seats, names and ids), and, in most cases, one mutation that makes one event impossible —
 * a wrong type, a huge, negative or fractional amount, an unknown type or field, deep nesting, a
 * string PostgreSQL cannot store, a reused id, an event out of order — or a garbage value instead of
 * an event. `mustRefuse` says whether the mutation must be refused; either way the batch must be
 * all-or-nothing.
 */
import * as fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { CORE_EVENT_TYPES, FieldKind } from '../../libs/ledger/src';

export interface Envelope {
  eventId: string;
  type: string;
  occurredAt: string;
  recordedBy?: string;
  data: Record<string, any>;
  [extra: string]: unknown;
}

export interface HostileCase {
  readonly events: unknown[];
  readonly mustRefuse: boolean;
  readonly mutation: string;
  /** the mutator's name ('none' for a valid session) */
  readonly kind: string;
}

const idChars = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._:@-/'.split(''));
const alnum = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'.split(''));
/** a valid id: 1–128 characters, starting with a letter or digit */
const validId = fc.tuple(alnum, fc.string({ unit: idChars, maxLength: 40 })).map(([a, b]) => a + b);
/** valid free text: any Unicode a terminal might send (no NUL, no lone surrogate), not blank */
const validText = fc
  .string({
    unit: fc.oneof(fc.constantFrom('é', 'ñ', '€', '漢', '🎰', ' ', "'", '"', '\\', '<', '\n'), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })),
    minLength: 1,
    maxLength: 40,
  })
  .filter((s) => s.trim() !== '' && !s.includes('\u0000') && s.length <= 2000);
const amount = fc.oneof(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 10_000_000_000_000 }));

/** A roulette session played by the rules; `tag` makes its ids unique. */
export const validSession = (tag: string, table = `T-${tag}`, casino = 'casino-fz') =>
  fc
    .record({
      inspector: validText,
      croupier: validText,
      rounds: fc.array(
        fc.record({
          roundId: validId,
          bets: fc.array(
            fc.record({
              seat: fc.oneof(fc.integer({ min: 0, max: 100 }), validId),
              amount: fc.integer({ min: 1, max: 100_000_000_000 }),
              pocket: fc.integer({ min: 0, max: 36 }),
            }),
            { minLength: 1, maxLength: 4 },
          ),
          result: fc.integer({ min: 0, max: 36 }),
        }),
        { minLength: 1, maxLength: 4 },
      ),
      cash: fc.array(amount, { maxLength: 3 }),
      tips: fc.array(amount, { maxLength: 2 }),
      recordedBy: fc.option(validText, { nil: undefined }),
      close: fc.boolean(),
    })
    .map((g) => {
      const sessionId = `fz-${tag}`;
      let clock = Date.parse('2026-11-21T20:00:00.000Z');
      const e = (type: string, data: Record<string, unknown>): Envelope => ({
        eventId: randomUUID(),
        type,
        occurredAt: new Date((clock += 1000)).toISOString(),
        ...(g.recordedBy ? { recordedBy: g.recordedBy } : {}),
        data: { sessionId, ...data },
      });
      const events: Envelope[] = [
        e('TableSessionOpened', {
          casinoId: casino,
          tableId: table,
          gamingDay: '2026-11-21',
          game: 'french-roulette',
          jurisdiction: 'euskadi',
          limits: { min: 100, max: 360000 },
          openingFloat: { '10000': 10, '500': 100 },
          staff: { inspector: g.inspector, croupiers: [g.croupier] },
        }),
      ];
      for (const cash of g.cash) events.push(e('CashExchanged', { amount: cash, seat: 1 }));
      g.rounds.forEach((r, i) => {
        const roundId = `${tag}-${i}-${r.roundId}`.slice(0, 128);
        events.push(e('RoundStarted', { roundId }));
        r.bets.forEach((b, j) =>
          events.push(e('BetPlaced', { roundId, betId: `b${j}`, seat: b.seat, betType: 'straight', selection: [b.pocket], amount: b.amount })),
        );
        events.push(e('BetsClosed', { roundId }));
        events.push(e('WheelSpun', { roundId, result: r.result }));
        r.bets.forEach((b, j) =>
          events.push(
            e('BetSettled', { roundId, betId: `b${j}`, outcome: b.pocket === r.result ? 'win' : 'lose', payout: b.pocket === r.result ? b.amount * 35 : 0 }),
          ),
        );
        events.push(e('RoundCompleted', { roundId }));
      });
      for (const tip of g.tips) events.push(e('TipDeposited', { amount: tip }));
      if (g.close) events.push(e('TableSessionClosed', { closingFloat: { '10000': 9, '500': 100 } }));
      return events;
    });

/** Values that no field of this kind accepts. */
function invalidFor(kind: FieldKind, optional: boolean): unknown[] {
  const always = [[], [1, 2], { nested: { deep: [1] } }, '\u0000', 'x\ud800y'];
  const req = optional ? [] : [null];
  const money = ['100', -1, 0.5, 12.25, 1e300, 1e16, -1e16, 2 ** 53, true, '', ...req];
  switch (kind) {
    case 'id':
      return [...always, ...req, 123, '', ' x', '-x', 'a'.repeat(129), 'bad id!', 'ümlaut', true];
    case 'text':
      return [...always, ...req, '', '   ', 'x'.repeat(2001), 5, false];
    case 'money':
    case 'signedMoney':
    case 'positiveMoney':
      return [...always, ...money.filter((v) => kind !== 'signedMoney' || v !== -1)];
    case 'count':
    case 'positiveCount':
      return [...always, ...req, -1, 0.5, 2_000_000, '3', true];
    case 'date':
      return [...always, ...req, '2026-13-01', '2026-02-30', '21/11/2026', 20261121, ''];
    case 'inventory':
    case 'nonEmptyInventory':
      return [...req, [], 'x', 7, { '-5': 1 }, { '500': -1 }, { '500': 1.5 }, { abc: 1 }, { '500': '1' }, { '500': 2_000_000 }];
    case 'limits':
      return [...req, [], 'x', {}, { min: 100 }, { min: -1, max: 5 }, { min: 500, max: 100 }, { min: 1, max: 2, straight: 0.5 }];
    case 'staff':
      return [
        ...req,
        [],
        'x',
        {},
        { inspector: 'x', croupiers: [] },
        { inspector: '', croupiers: ['a'] },
        { inspector: 'i', croupiers: ['c'], boss: 'b' },
        { inspector: 'i', croupiers: [5] },
      ];
    case 'seat':
      return [...always.slice(0, 3), ...req, -1, 1.5, 101, true, '', 'bad seat!'];
    case 'outcome':
      return [...always, ...req, 'won', 'WIN', 1];
    case 'jurisdiction':
      return [...always, ...req, 'narnia', 'EUSKADI', 1];
    case 'currency':
      return [...always, 'eur', 'EURO', 978];
    case 'boolean':
      return [...always, 'true', 1];
    case 'result':
      return [[], {}, true, ...req, 'x'.repeat(33), '', 37, -1, 1.5];
    case 'uuid':
      return [...always, ...req, 'not-a-uuid', 123, ''];
    case 'croupierId':
      return [...always, ...req, '', '   ', 'x'.repeat(65), 5];
    case 'playerRef':
      return [...always, 'Juan Pérez', 'a b', '', 'x'.repeat(65), 5];
    default:
      return [];
  }
}

const pick = <T>(items: readonly T[], r: number): T => items[Math.min(items.length - 1, Math.floor(r * items.length))];
const deep = (depth: number, leaf: unknown): unknown => {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = i % 2 ? { k: v } : [v];
  return v;
};
const PROTO_KEYS = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'];
/** strings PostgreSQL's jsonb refuses, or that are not what was sent once stored */
const UNSTORABLE = ['\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '\udc00\ud800'];

type Mutator = (events: Envelope[], r: number[], garbage?: unknown) => { mutation: string; mustRefuse: boolean } | null;

const MUTATORS: Record<string, Mutator> = {
  /** a typed field gets a value of the wrong type, out of range, huge, negative or fractional */
  invalidValue: (events, [a, b, c]) => {
    const e = pick(events, a);
    const spec = CORE_EVENT_TYPES[e.type];
    const fields = Object.entries(spec.fields).filter(([, f]) => invalidFor(f.kind, !!f.optional).length);
    if (!fields.length) return null;
    const [name, field] = pick(fields, b);
    const value = pick(invalidFor(field.kind, !!field.optional), c);
    e.data[name] = value;
    return { mutation: `${e.type}.data.${name} = ${JSON.stringify(value)?.slice(0, 40)}`, mustRefuse: true };
  },
  invalidEnvelope: (events, [a, b]) => {
    const e = pick(events, a);
    const [field, value] = pick<[string, unknown]>(
      [
        ['eventId', 'not-a-uuid'],
        ['eventId', 42],
        ['occurredAt', 'yesterday'],
        ['occurredAt', '2026-11-21'],
        ['occurredAt', 1700000000],
        ['recordedBy', ''],
        ['recordedBy', 'x'.repeat(2001)],
        ['recordedBy', 'a\u0000b'],
        ['recordedBy', '\ud83c'],
        ['type', 7],
        ['type', ['BetPlaced']],
        ['data', []],
        ['data', 'x'],
        ['data', null],
        ['expectedVersion', -1],
        ['expectedVersion', 1.5],
      ],
      b,
    );
    (e as any)[field] = value;
    return { mutation: `${e.type}.${field} = ${JSON.stringify(value)?.slice(0, 40)}`, mustRefuse: true };
  },
  missingField: (events, [a, b]) => {
    const e = pick(events, a);
    const required = [
      ...Object.entries(CORE_EVENT_TYPES[e.type].fields)
        .filter(([, f]) => !f.optional)
        .map(([n]) => `data.${n}`),
      'eventId',
      'type',
      'occurredAt',
      'data',
    ];
    const name = pick(required, b);
    if (name.startsWith('data.')) delete e.data[name.slice(5)];
    else delete (e as any)[name];
    return { mutation: `${e.type} without ${name}`, mustRefuse: true };
  },
  unknownField: (events, [a, b, c]) => {
    const e = pick(events, a);
    const key = pick([...PROTO_KEYS, 'extra', 'roundID', 'Amount', 'sessionid'], b);
    const value = pick<unknown>([1, 'x', null, { a: 1 }, [1]], c);
    if (value === null) return null; // a null is "absent"
    if (b < 0.5) Object.defineProperty(e.data, key, { value, enumerable: true, configurable: true, writable: true });
    else Object.defineProperty(e, key, { value, enumerable: true, configurable: true, writable: true });
    return { mutation: `${e.type} with unknown ${b < 0.5 ? 'data field' : 'envelope field'} ${key}`, mustRefuse: true };
  },
  unknownType: (events, [a, b]) => {
    const e = pick(events, a);
    e.type = pick(['BetPlaced ', 'betplaced', 'StoreSealed', 'Nope', '', 'constructor', '__proto__', 'toString', 'x'.repeat(10_000)], b);
    return { mutation: `unknown type ${JSON.stringify(e.type.slice(0, 20))}`, mustRefuse: true };
  },
  deepNesting: (events, [a, b]) => {
    const bet = events.find((e) => e.type === 'BetPlaced')!;
    const e = a < 0.5 ? bet : pick(events, a);
    const depth = 9 + Math.floor(b * 3000);
    if (e === bet) e.data.selection = deep(depth, 1);
    else e.data.extra = deep(depth, 1);
    return { mutation: `${e.type} nested ${depth} deep`, mustRefuse: true };
  },
  /** a value PostgreSQL cannot store as sent, in a free-form field or a key */
  unstorable: (events, [a, b]) => {
    const bet = events.find((e) => e.type === 'BetPlaced')!;
    const s = pick(UNSTORABLE, b);
    if (a < 0.5) bet.data.selection = [s];
    else bet.data.selection = { [s]: 1 };
    return { mutation: `BetPlaced.data.selection holds ${JSON.stringify(s)}`, mustRefuse: true };
  },
  reusedIdInBatch: (events, [a, b]) => {
    if (events.length < 2) return null;
    const i = 1 + Math.floor(a * (events.length - 1));
    const j = Math.floor(b * i);
    events[i].eventId = events[j].eventId.toUpperCase();
    return { mutation: `event ${i} reuses the id of event ${j} with other content`, mustRefuse: true };
  },
  betBeforeRound: (events) => {
    const start = events.findIndex((e) => e.type === 'RoundStarted');
    const bet = events.findIndex((e) => e.type === 'BetPlaced');
    const [moved] = events.splice(bet, 1);
    events.splice(start, 0, moved);
    return { mutation: 'a bet before its round', mustRefuse: true };
  },
  roundAfterClose: (events, [a]) => {
    const last = events[events.length - 1];
    if (last.type !== 'TableSessionClosed')
      events.push({ ...last, eventId: randomUUID(), type: 'TableSessionClosed', data: { sessionId: last.data.sessionId, closingFloat: {} } });
    events.push({
      eventId: randomUUID(),
      type: a < 0.5 ? 'RoundStarted' : 'CashExchanged',
      occurredAt: '2026-11-21T23:59:00.000Z',
      data: a < 0.5 ? { sessionId: last.data.sessionId, roundId: `late-${randomUUID()}` } : { sessionId: last.data.sessionId, amount: 100 },
    });
    return { mutation: 'an event after the session closed', mustRefuse: true };
  },
  unknownSessionOrRound: (events, [a]) => {
    const e = pick(events.slice(1), a);
    if (!e) return null;
    if (e.data.roundId !== undefined) e.data.roundId = `no-such-round-${randomUUID()}`;
    else e.data.sessionId = `no-such-session-${randomUUID()}`;
    return { mutation: `${e.type} of an unknown session or round`, mustRefuse: true };
  },
  wheelPocketOffTheWheel: (events, [a]) => {
    const spin = events.find((e) => e.type === 'WheelSpun')!;
    spin.data.result = pick([37, 38, -1, '00', 'zero', 99], a);
    return { mutation: `a pocket that is not on the wheel: ${spin.data.result}`, mustRefuse: true };
  },
  garbage: (events, [a], garbage?: unknown) => {
    events.splice(Math.floor(a * events.length), 0, garbage as Envelope);
    return { mutation: `a garbage value ${JSON.stringify(garbage)?.slice(0, 40)}`, mustRefuse: true };
  },
};

export const MUTATION_NAMES = Object.keys(MUTATORS);

/** Garbage instead of an event: any JSON value, or an object that looks a little like an envelope. */
const garbage = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.record(
    {
      eventId: fc.oneof(fc.uuid(), fc.string()),
      type: fc.constantFrom(...Object.keys(CORE_EVENT_TYPES)),
      occurredAt: fc.string(),
      data: fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 3 })),
    },
    { requiredKeys: [] },
  ),
);

let counter = 0;
/** One hostile case: a valid session, then (usually) one mutation. `none` keeps it valid: it must be accepted. */
export const hostileCase = (table?: string, casino?: string) =>
  fc
    .tuple(
      fc.constantFrom(...MUTATION_NAMES, 'none'),
      fc.array(fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), { minLength: 3, maxLength: 3 }),
      garbage,
      fc.integer({ min: 0, max: 1e9 }),
    )
    .chain(([name, r, junk, n]) =>
      validSession(`${process.pid}-${++counter}-${n.toString(36)}`, table, casino).map((events): HostileCase => {
        if (name === 'none') return { events, mustRefuse: false, mutation: 'none', kind: 'none' };
        const result = name === 'garbage' ? MUTATORS.garbage(events, r, junk) : (MUTATORS[name] as Mutator)(events, r);
        return result ? { events, ...result, kind: name } : { events, mustRefuse: false, mutation: 'none', kind: 'none' };
      }),
    );
