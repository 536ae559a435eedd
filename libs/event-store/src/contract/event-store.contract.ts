/**
 * One contract for every adapter of the `EventStore` port: the behaviours the rest of the system relies
 * on, run against PostgreSQL (always) and EventStoreDB (when a server is configured). Stream names carry
 * a per-run prefix, so the suite also runs against a shared server that already holds data.
 */
import { randomUUID } from 'node:crypto';
import { EventIdConflictError, WrongExpectedVersionError } from '../errors';
import { compareCheckpoints, FEED_START, type EventStore, type FeedCheckpoint, type NewEvent, type StoredEvent } from '../port';
import { StreamChainChecker, type VerifyReport } from '../verify';

export interface ContractSubject {
  readonly store: EventStore;
  /** the store's own whole-store verification (`casino-audit verify`) */
  verify(): Promise<VerifyReport>;
  /** edit a stored event's data behind the store's back (only where the store allows that at all) */
  tamper?(event: StoredEvent, data: Record<string, unknown>): Promise<void>;
  dispose(): Promise<void>;
}

export interface ContractCapabilities {
  /** one append may span several streams, all or nothing (PostgreSQL); otherwise such a batch is refused */
  readonly atomicMultiStream: boolean;
  /** the suite can edit a stored event to prove verification catches it */
  readonly tampering: boolean;
}

const after = (a: FeedCheckpoint, b: FeedCheckpoint) => compareCheckpoints(a, b) > 0;

export function describeEventStoreContract(name: string, factory: () => Promise<ContractSubject>, capabilities: ContractCapabilities): void {
  describe(`event store contract: ${name}`, () => {
    let subject: ContractSubject;
    let store: EventStore;
    const run = randomUUID().slice(0, 8);
    const streamName = (label: string) => `contract-${run}-${label}-${randomUUID().slice(0, 8)}`;
    const event = (streamId: string, data: Record<string, unknown> = {}, type = 'Something'): NewEvent => ({
      streamId,
      eventId: randomUUID(),
      type,
      data,
      metadata: { recordedBy: 'terminal:T-1' },
      occurredAt: '2026-11-21T20:00:00.000Z',
    });
    /** the feed's current end */
    const feedEnd = async () => {
      let checkpoint = FEED_START;
      for (;;) {
        const page = await store.readFeed(checkpoint, 10_000);
        if (!page.events.length) return checkpoint;
        checkpoint = page.checkpoint;
      }
    };

    beforeAll(async () => {
      subject = await factory();
      store = subject.store;
    });
    afterAll(async () => {
      await subject?.dispose();
    });

    it('appends a batch in order and reads the stream back, whole or from a version, with the chain linked', async () => {
      const s = streamName('order');
      const batch = [event(s, { n: 1 }), event(s, { n: 2 }), event(s, { n: 3 })];
      const result = await store.append(batch, { expectedVersions: { [s]: 0 } });
      expect(result.map((r) => [r.eventId, r.status, r.streamVersion])).toEqual(batch.map((e, i) => [e.eventId, 'appended', i + 1]));
      await store.append([event(s, { n: 4 })], { expectedVersions: { [s]: 3 } });

      const read = await store.readStream(s);
      expect(read.map((e) => [e.streamVersion, e.data.n, e.type])).toEqual([
        [1, 1, 'Something'],
        [2, 2, 'Something'],
        [3, 3, 'Something'],
        [4, 4, 'Something'],
      ]);
      expect(read[0]).toMatchObject({
        streamId: s,
        eventId: batch[0].eventId,
        metadata: { recordedBy: 'terminal:T-1' },
        occurredAt: '2026-11-21T20:00:00.000Z',
        prevHash: '',
      });
      for (let i = 1; i < read.length; i++) expect(read[i].prevHash).toBe(read[i - 1].hash);
      expect((await store.readStream(s, 3)).map((e) => e.data.n)).toEqual([3, 4]);
      expect(await store.readStream(streamName('absent'))).toEqual([]);

      expect(await store.streamVersions([s, streamName('absent')])).toEqual(expect.objectContaining({ [s]: 4 }));
      expect(Object.values(await store.streamVersions([streamName('absent')]))).toEqual([0]);
      expect(await store.streamIds()).toContain(s);
    });

    it('refuses a wrong expected version, naming the stream and both versions', async () => {
      const s = streamName('expected');
      await expect(store.append([event(s)], { expectedVersions: { [s]: 1 } })).rejects.toMatchObject({ streamId: s, expected: 1, actual: 0 });
      await store.append([event(s)], { expectedVersions: { [s]: 0 } });
      const refused = store.append([event(s)], { expectedVersions: { [s]: 0 } });
      await expect(refused).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await expect(refused).rejects.toMatchObject({ streamId: s, expected: 0, actual: 1 });
      expect(await store.readStream(s)).toHaveLength(1);
    });

    it('lets exactly one of two writers with the same expected version win', async () => {
      const s = streamName('race');
      await store.append([event(s)]);
      const outcomes = await Promise.allSettled([
        store.append([event(s, { writer: 'a' })], { expectedVersions: { [s]: 1 } }),
        store.append([event(s, { writer: 'b' })], { expectedVersions: { [s]: 1 } }),
      ]);
      const won = outcomes.filter((o) => o.status === 'fulfilled');
      const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0].reason).toBeInstanceOf(WrongExpectedVersionError);
      expect(lost[0].reason).toMatchObject({ streamId: s, expected: 1, actual: 2 });
      expect(await store.readStream(s)).toHaveLength(2);
    });

    it('chains appends from writers without expected versions into one unbroken stream', async () => {
      const s = streamName('concurrent');
      await Promise.all(Array.from({ length: 6 }, (_, w) => store.append([event(s, { w, k: 1 }), event(s, { w, k: 2 })])));
      const read = await store.readStream(s);
      expect(read.map((e) => e.streamVersion)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
      const checker = new StreamChainChecker(s);
      read.forEach((e) => checker.check(e));
      expect(checker.firstBreak).toBeNull();
    });

    it('treats the same id with the same content as a duplicate and refuses it with other content', async () => {
      const s = streamName('ids');
      const e = event(s, { amount: 100 });
      const [first] = await store.append([e]);
      const [again] = await store.append([e]);
      expect(again).toMatchObject({ eventId: e.eventId, status: 'duplicate', streamId: s, streamVersion: 1, globalPosition: first.globalPosition });
      await expect(store.append([{ ...e, data: { amount: 999 } }])).rejects.toBeInstanceOf(EventIdConflictError);
      await expect(store.append([{ ...e, streamId: streamName('elsewhere') }])).rejects.toBeInstanceOf(EventIdConflictError);
      // a batch mixing a stored event and a new one: the old one is a duplicate, the new one appended
      const next = event(s, { amount: 5 });
      const mixed = await store.append([e, next]);
      expect(mixed.map((r) => [r.status, r.streamVersion])).toEqual([
        ['duplicate', 1],
        ['appended', 2],
      ]);
      expect(await store.readStream(s)).toHaveLength(2);

      const found = await store.findEvents([e.eventId.toUpperCase(), next.eventId, randomUUID(), 'not-a-uuid']);
      expect(found.map((f) => f.eventId).sort()).toEqual([e.eventId, next.eventId].sort());
      expect(found.find((f) => f.eventId === e.eventId)).toMatchObject({ streamId: s, streamVersion: 1, data: { amount: 100 } });
    });

    it('accepts an id again after the append that carried it was refused', async () => {
      const s = streamName('refused');
      await store.append([event(s)]);
      const e = event(s, { v: 1 });
      await expect(store.append([e], { expectedVersions: { [s]: 0 } })).rejects.toBeInstanceOf(WrongExpectedVersionError);
      const [stored] = await store.append([{ ...e, data: { v: 2 } }], { expectedVersions: { [s]: 1 } });
      expect(stored).toMatchObject({ status: 'appended', streamVersion: 2 });
    });

    if (capabilities.atomicMultiStream) {
      it('stores nothing of a multi-stream batch that fails on any stream', async () => {
        const a = streamName('multi-a');
        const b = streamName('multi-b');
        await store.append([event(b)]);
        await expect(store.append([event(a), event(b)], { expectedVersions: { [a]: 0, [b]: 0 } })).rejects.toBeInstanceOf(WrongExpectedVersionError);
        expect(await store.readStream(a)).toHaveLength(0);
        expect(await store.readStream(b)).toHaveLength(1);
        const ok = await store.append([event(a), event(b), event(a)]);
        expect(ok.map((r) => [r.streamId, r.streamVersion])).toEqual([
          [a, 1],
          [b, 2],
          [a, 2],
        ]);
      });
    } else {
      it('refuses a batch spanning several streams (it could not be atomic) and stores nothing of it', async () => {
        const a = streamName('multi-a');
        const b = streamName('multi-b');
        await expect(store.append([event(a), event(b)])).rejects.toThrow(/streams/);
        expect(await store.readStream(a)).toHaveLength(0);
        expect(await store.readStream(b)).toHaveLength(0);
      });
    }

    it('feeds events in append order and resumes from any checkpoint without loss or repetition', async () => {
      const start = await feedEnd();
      const a = streamName('feed-a');
      const b = streamName('feed-b');
      const sent: NewEvent[] = [];
      for (let i = 0; i < 5; i++) {
        const batch = [event(i % 2 ? b : a, { i, k: 1 }), event(i % 2 ? b : a, { i, k: 2 })];
        await store.append(batch);
        sent.push(...batch);
      }
      const ours = (events: StoredEvent[]) => events.filter((e) => e.streamId === a || e.streamId === b);

      const received: StoredEvent[] = [];
      const checkpoints: FeedCheckpoint[] = [];
      let checkpoint = start;
      // a gap-safe feed may show a commit only once older transactions (anywhere on the server) have
      // ended: an empty page means "nothing visible yet", so read until all our events arrived
      const deadline = Date.now() + 15_000;
      for (;;) {
        const page = await store.readFeed(checkpoint, 3);
        expect(page.events.length).toBeLessThanOrEqual(3);
        for (const e of page.events) {
          expect(after({ transactionId: e.transactionId, globalPosition: e.globalPosition }, checkpoint)).toBe(true);
          checkpoint = { transactionId: e.transactionId, globalPosition: e.globalPosition };
        }
        if (!page.events.length) {
          expect(page.checkpoint).toEqual(checkpoint); // nothing new: the checkpoint stays
          if (ours(received).length >= sent.length || Date.now() > deadline) break;
          await new Promise((r) => setTimeout(r, 20));
          continue;
        }
        expect(page.checkpoint).toEqual(checkpoint);
        received.push(...page.events);
        checkpoints.push(page.checkpoint);
      }
      expect(ours(received).map((e) => e.eventId)).toEqual(sent.map((e) => e.eventId));

      // resuming from a checkpoint in the middle gives exactly the rest
      const middle = checkpoints[1];
      const rest: StoredEvent[] = [];
      for (let cp = middle; ;) {
        const page = await store.readFeed(cp, 4);
        if (!page.events.length) break;
        rest.push(...page.events);
        cp = page.checkpoint;
      }
      const index = received.findIndex((e) => e.transactionId === middle.transactionId && e.globalPosition === middle.globalPosition);
      expect(rest.map((e) => e.eventId)).toEqual(received.slice(index + 1).map((e) => e.eventId));
    });

    it('wakes a subscriber when events are appended', async () => {
      let wakes = 0;
      let resolve: () => void = () => undefined;
      const woken = new Promise<void>((r) => (resolve = r));
      const subscription = await store.subscribe(() => {
        wakes++;
        resolve();
      });
      let timer: NodeJS.Timeout | undefined;
      try {
        await store.append([event(streamName('wake'))]);
        await Promise.race([woken, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('no wake-up within 10 s')), 10_000)))]);
        expect(wakes).toBeGreaterThan(0);
      } finally {
        clearTimeout(timer);
        await subscription.close();
      }
    });

    it('keeps a chain that the store and StreamChainChecker verify, and that catches an edited copy', async () => {
      const s = streamName('chain');
      await store.append([event(s, { n: 1 }), event(s, { n: 2 })]);
      await store.append([event(s, { n: 3 })]);
      const read = await store.readStream(s);
      const checker = new StreamChainChecker(s);
      read.forEach((e) => checker.check(e));
      checker.finish({ version: 3, hash: read[2].hash });
      expect(checker.firstBreak).toBeNull();
      expect((await subject.verify()).ok).toBe(true);

      // the same events with one edit, as a tampered store would return them
      const edited = read.map((e) => (e.streamVersion === 2 ? { ...e, data: { n: 20 } } : e));
      const strict = new StreamChainChecker(s);
      edited.forEach((e) => strict.check(e));
      expect(strict.firstBreak).toMatchObject({ streamVersion: 2, eventId: read[1].eventId, reason: expect.stringMatching(/edited/) });
      // and with one event missing
      const gap = new StreamChainChecker(s);
      read.filter((e) => e.streamVersion !== 2).forEach((e) => gap.check(e));
      expect(gap.firstBreak).toMatchObject({ streamVersion: 3, reason: expect.stringMatching(/missing/) });
    });

    (capabilities.tampering ? it : it.skip)('detects an event edited inside the store (verify names the first broken position)', async () => {
      const s = streamName('tamper');
      await store.append([event(s, { amount: 100 }), event(s, { amount: 200 })]);
      const [, second] = await store.readStream(s);
      await subject.tamper!(second, { amount: 20000 });
      const report = await subject.verify();
      expect(report.ok).toBe(false);
      expect(report.breaks[0]).toMatchObject({ streamId: s, streamVersion: 2, eventId: second.eventId, reason: expect.stringMatching(/edited/) });
    });
  });
}
