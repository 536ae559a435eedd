/**
 * What of the EventStoreDB adapter can be proved without a server: the chain it writes into event
 * metadata verifies with the shared `StreamChainChecker`, the checkpoint mapping, the refusals made
 * before any I/O, and the store selection. The behaviour against a live server is the contract suite
 * (eventstoredb.contract.spec.ts), which runs only when EVENTSTORE_CONNECTION_STRING is set.
 */
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import type { EventData, RecordedEvent } from '@eventstore/db-client';
import { GENESIS } from '../canonical';
import type { NewEvent } from '../port';
import { PostgresEventStore } from '../postgres/postgres-event-store';
import { eventStoreKind, selectEventStore } from '../select-store';
import { StreamChainChecker } from '../verify';
import {
  chainedEventData,
  EventStoreDbEventStore,
  fromRecorded,
  isHiddenStream,
  MultiStreamAppendError,
  toFeedCheckpoint,
  toReadPosition,
} from './eventstoredb-event-store';

const UNREACHABLE = 'esdb://127.0.0.1:1?tls=false';

const event = (streamId: string, data: Record<string, unknown>): NewEvent => ({
  streamId,
  eventId: randomUUID().toUpperCase(),
  type: 'BetPlaced',
  data,
  metadata: { recordedBy: 'terminal:RF-01' },
  occurredAt: '2026-11-21T21:04:05.120Z',
});

/** What the server would hand back for an event written from `EventData` (JSON round trip, as over gRPC). */
function recorded(streamId: string, d: EventData, revision: number): RecordedEvent {
  return {
    streamId,
    id: d.id,
    isJson: true,
    revision: BigInt(revision),
    type: d.type,
    created: new Date('2026-11-21T21:04:06.000Z'),
    data: JSON.parse(JSON.stringify(d.data)),
    metadata: JSON.parse(JSON.stringify(d.metadata)),
    position: { commit: 1000n + BigInt(revision), prepare: 900n + BigInt(revision) },
  } as RecordedEvent;
}

describe('EventStoreDB adapter (no server needed)', () => {
  it('writes a chain into event metadata that StreamChainChecker verifies, across appends', () => {
    const s = 'session-s-9';
    const first = chainedEventData(s, { version: 0, hash: GENESIS }, [event(s, { amount: 100 }), event(s, { amount: 200 })]);
    const stored1 = first.map((d, i) => fromRecorded(recorded(s, d, i)));
    const head = { version: 2, hash: stored1[1].hash };
    const second = chainedEventData(s, head, [event(s, { amount: 300 })]);
    const stored = [...stored1, fromRecorded(recorded(s, second[0], 2))];

    expect(stored.map((e) => e.streamVersion)).toEqual([1, 2, 3]);
    expect(stored[0]).toMatchObject({ metadata: { recordedBy: 'terminal:RF-01' }, occurredAt: '2026-11-21T21:04:05.120Z', prevHash: GENESIS });
    expect(stored[0].eventId).toBe(stored[0].eventId.toLowerCase());
    const checker = new StreamChainChecker(s);
    stored.forEach((e) => checker.check(e));
    checker.finish(undefined);
    expect(checker.firstBreak).toBeNull();

    const tampered = new StreamChainChecker(s);
    stored.map((e) => (e.streamVersion === 2 ? { ...e, data: { amount: 2000 } } : e)).forEach((e) => tampered.check(e));
    expect(tampered.firstBreak).toMatchObject({ streamVersion: 2, reason: expect.stringMatching(/edited/) });
  });

  it('gives an event written by another tool no hashes, so verification flags it', () => {
    const foreign = fromRecorded({
      ...recorded('session-x', chainedEventData('session-x', { version: 0, hash: GENESIS }, [event('session-x', {})])[0], 0),
      metadata: undefined,
    } as RecordedEvent);
    const checker = new StreamChainChecker('session-x');
    checker.check(foreign);
    expect(checker.firstBreak?.reason).toMatch(/edited/);
  });

  it('maps $all positions onto feed checkpoints: commit → transactionId, prepare → globalPosition', () => {
    expect(toFeedCheckpoint({ commit: 42n, prepare: 40n })).toEqual({ transactionId: 42n, globalPosition: 40n });
    expect(toReadPosition({ transactionId: 42n, globalPosition: 40n })).toEqual({ commit: 42n, prepare: 40n });
    expect(toReadPosition({ transactionId: 0n, globalPosition: 0n })).toBe('start');
    expect(isHiddenStream('$stats-127.0.0.1:2113')).toBe(true);
    expect(isHiddenStream('ca.idx.event-6f1c')).toBe(true);
    expect(isHiddenStream('session-s-9')).toBe(false);
  });

  describe('refusals made before any I/O', () => {
    const store = EventStoreDbEventStore.fromConnectionString(UNREACHABLE);
    afterAll(() => store.close());

    it('refuses a batch spanning several streams unless allowed', async () => {
      const error = await store.append([event('session-a', {}), event('session-b', {})]).catch((e) => e);
      expect(error).toBeInstanceOf(MultiStreamAppendError);
      expect(error.streamIds).toEqual(['session-a', 'session-b']);
      expect(error.written).toEqual([]);
    });

    it('refuses reserved stream names, ids that are not UUIDs and an event twice in one batch', async () => {
      await expect(store.append([event('ca.idx.event-x', {})])).rejects.toThrow(/reserved/);
      await expect(store.append([{ ...event('session-a', {}), eventId: 'abc' }])).rejects.toThrow(/not a UUID/);
      const e = event('session-a', {});
      await expect(store.append([e, e])).rejects.toThrow(/twice/);
      await expect(store.append([e, { ...e, data: { other: true } }])).rejects.toThrow(/other content/);
      expect(await store.append([])).toEqual([]);
    });
  });

  describe('selection by environment', () => {
    const pool = {} as Pool;

    it('uses PostgreSQL by default and EventStoreDB when asked, refusing what it cannot honour', async () => {
      expect(eventStoreKind({})).toBe('postgres');
      expect(selectEventStore({}, pool)).toBeInstanceOf(PostgresEventStore);
      expect(selectEventStore({ EVENT_STORE: 'postgres' }, pool)).toBeInstanceOf(PostgresEventStore);
      expect(() => selectEventStore({ EVENT_STORE: 'eventstoredb' }, pool)).toThrow(/EVENTSTORE_CONNECTION_STRING/);
      expect(() => selectEventStore({ EVENT_STORE: 'mongo' }, pool)).toThrow(/EVENT_STORE must be one of "postgres", "eventstoredb", not "mongo"/);
      const esdb = selectEventStore({ EVENT_STORE: 'eventstoredb', EVENTSTORE_CONNECTION_STRING: UNREACHABLE }, pool);
      expect(esdb).toBeInstanceOf(EventStoreDbEventStore);
      await esdb.close();
    });
  });
});
