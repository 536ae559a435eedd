/**
 * An in-memory IMITATION of the few `EventStoreDBClient` calls the adapter makes, for tests on a machine
 * without an EventStoreDB server. It follows the documented semantics (expected revisions, `NO_STREAM`,
 * `StreamNotFoundError` on reading a missing stream, `$all` ordered by (commit, prepare) and read from a
 * position inclusively, system records in `$`-streams) and yields between steps so concurrent calls
 * interleave. It proves the adapter's own logic (claims, chain, retries, feed paging), NOT that a real
 * server behaves this way: that is the job of eventstoredb.contract.spec.ts against a real server.
 */
import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AppendExpectedRevision,
  type EventData,
  type Position,
  type RecordedEvent,
} from '@eventstore/db-client';

interface Row {
  streamId: string;
  id: string;
  type: string;
  data: unknown;
  metadata: unknown;
  revision: bigint;
  created: Date;
  position: Position;
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
const cmp = (a: Position, b: Position) =>
  a.commit === b.commit ? (a.prepare === b.prepare ? 0 : a.prepare < b.prepare ? -1 : 1) : a.commit < b.commit ? -1 : 1;
const copy = (v: unknown) => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));

export class EsdbImitation {
  private readonly log: Row[] = [];
  private readonly streams = new Map<string, Row[]>();
  private next = 1000n;
  private readonly bus = new EventEmitter();

  constructor() {
    this.bus.setMaxListeners(100);
  }

  /** a system record, as the server writes (stats, scavenges…) */
  system(): void {
    this.write('$stats-127.0.0.1:2113', [
      { id: randomUUID(), type: '$statsCollected', data: {}, metadata: undefined, contentType: 'application/json' } as EventData,
    ]);
  }

  asClient(): EventStoreDBClient {
    return this as unknown as EventStoreDBClient;
  }

  async appendToStream(streamName: string, events: EventData | EventData[], options: { expectedRevision?: AppendExpectedRevision } = {}) {
    await tick();
    const list = Array.isArray(events) ? events : [events];
    const rows = this.streams.get(streamName);
    const current = rows?.length ? BigInt(rows.length - 1) : undefined;
    const expected = options.expectedRevision ?? ANY;
    const ok =
      expected === ANY || (expected === NO_STREAM ? current === undefined : typeof expected === 'bigint' ? current === expected : current !== undefined);
    if (!ok) throw new WrongExpectedVersionError(undefined, { streamName, expected, current: current ?? NO_STREAM });
    const written = this.write(streamName, list);
    return { success: true, nextExpectedRevision: written[written.length - 1].revision, position: written[written.length - 1].position };
  }

  private write(streamName: string, list: EventData[]): Row[] {
    const rows = this.streams.get(streamName) ?? [];
    this.streams.set(streamName, rows);
    const commit = this.next + BigInt(list.length) * 100n; // the commit record follows the prepares
    const written = list.map((e, i) => {
      const row: Row = {
        streamId: streamName,
        id: e.id,
        type: e.type,
        data: copy(e.data),
        metadata: copy(e.metadata),
        revision: BigInt(rows.length),
        created: new Date(),
        position: { commit, prepare: this.next + BigInt(i) * 100n },
      };
      rows.push(row);
      this.log.push(row);
      return row;
    });
    this.next = commit + 100n;
    for (const r of written) this.bus.emit('event', r);
    return written;
  }

  readStream(streamName: string, options: { direction?: string; fromRevision?: bigint | string; maxCount?: number | bigint } = {}) {
    const self = this;
    return (async function* () {
      await tick();
      const rows = self.streams.get(streamName);
      if (!rows) throw new StreamNotFoundError(undefined, streamName);
      const max = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
      let picked: Row[];
      if (options.direction === BACKWARDS) {
        const from = options.fromRevision === END || options.fromRevision === undefined ? rows.length - 1 : Number(options.fromRevision);
        picked = rows
          .slice(0, from + 1)
          .reverse()
          .slice(0, max);
      } else {
        const from = options.fromRevision === START || options.fromRevision === undefined ? 0 : Number(options.fromRevision);
        picked = rows.slice(from, from + max);
      }
      for (const r of picked) yield { event: record(r) };
    })();
  }

  readAll(options: { fromPosition?: Position | string; maxCount?: number | bigint } = {}) {
    const self = this;
    return (async function* () {
      await tick();
      const from = options.fromPosition;
      const max = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
      const sorted = [...self.log].sort((a, b) => cmp(a.position, b.position));
      const picked = sorted.filter((r) => from === undefined || from === START || (typeof from === 'object' && cmp(r.position, from) >= 0)).slice(0, max);
      for (const r of picked) yield { event: record(r) };
    })();
  }

  subscribeToAll() {
    const sub = new EventEmitter() as EventEmitter & { unsubscribe(): Promise<void> };
    const forward = (r: Row) => {
      if (!r.streamId.startsWith('$')) sub.emit('data', { event: record(r) });
    };
    this.bus.on('event', forward);
    sub.unsubscribe = async () => {
      this.bus.off('event', forward);
    };
    return sub;
  }

  async getStreamMetadata(streamName: string) {
    await tick();
    return { streamName };
  }

  async dispose(): Promise<void> {
    this.bus.removeAllListeners();
  }
}

function record(r: Row): RecordedEvent {
  return {
    streamId: r.streamId,
    id: r.id,
    type: r.type,
    data: copy(r.data),
    metadata: copy(r.metadata),
    isJson: true,
    revision: r.revision,
    created: r.created,
    position: r.position,
  } as RecordedEvent;
}
