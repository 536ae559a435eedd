/**
 * The PostgreSQL copy of a log kept elsewhere (EventStoreDB with `EVENT_STORE=eventstoredb`): events are
 * appended to the store of record, and this follows its feed into PostgreSQL's `ca_events`, in order,
 * with the same ids, content and chain, so that the read models, replay and the reports read one log
 * with one code path whatever the store of record. It is a projection like the others: its checkpoint
 * (the record's feed position) lives in `ca_projection_checkpoints`.
 *
 * - Order: the record's feed page by page, appended in runs of consecutive events of one stream, each at
 *   the version it holds in the record (anything else stops the mirror with the event named).
 * - Trust: every event's chain link is recomputed from its content and compared with the link the
 *   record stored before it is copied; a record whose chain does not hold stops the mirror there
 *   (`MirrorChainError`), it is never copied over. The copy's own chain is then the record's, link for
 *   link (same formula, streams started empty), which `verifyCopy` checks end to end.
 * - Crash safety: the copy and the checkpoint are two transactions; after a crash between them the
 *   page is copied again and the store answers `duplicate` for what it already holds.
 */
import type { Pool } from 'pg';
import {
  asNew,
  GENESIS,
  MigrationDivergenceError,
  PostgresEventStore,
  runs,
  StreamChainChecker,
  type EventStore,
  type StoredEvent,
  type Subscription,
} from '../../event-store/src';
import { MirrorChainError } from './mirror-chain-error';
import { readCheckpoint, writeCheckpoint } from './checkpoints';

export { MirrorChainError };

/** streams whose chain head the mirror keeps between pages (tables in play at once, with room to spare) */
const HEADS_KEPT = 10_000;

export interface StoreMirrorOptions {
  /** checkpoint name (default `mirror`) */
  readonly name?: string;
  /** events read from the record per page (default 1000) */
  readonly batchSize?: number;
}

export class StoreMirror {
  readonly name: string;
  private readonly batchSize: number;
  /** the chain head of each stream as last copied (stream → hash), so each event is checked against its predecessor */
  private readonly heads = new Map<string, { version: number; hash: string }>();
  private running: Promise<number> | null = null;

  constructor(
    readonly record: EventStore,
    private readonly copy: PostgresEventStore,
    private readonly pool: Pool,
    options: StoreMirrorOptions = {},
  ) {
    this.name = options.name ?? 'mirror';
    this.batchSize = options.batchSize ?? 1000;
  }

  /** Copy everything the record shows now; returns the number of events read. One run at a time. */
  catchUp(): Promise<number> {
    this.running ??= this.run().finally(() => (this.running = null));
    return this.running;
  }

  /** Wake `onWake` when the record may have new events (its own subscription). */
  subscribe(onWake: () => void): Promise<Subscription> {
    return this.record.subscribe(onWake);
  }

  private async run(): Promise<number> {
    let total = 0;
    let checkpoint = await readCheckpoint(this.pool, this.name);
    for (;;) {
      const page = await this.record.readFeed(checkpoint, this.batchSize);
      if (!page.events.length) return total;
      for (const run of runs(page.events)) {
        await this.checkChain(run);
        const result = await this.copy.append(run.map(asNew));
        result.forEach((r, k) => {
          if (r.streamVersion !== run[k].streamVersion) throw new MigrationDivergenceError(run[k], r.streamVersion);
        });
        const last = run[run.length - 1];
        this.remember(last.streamId, { version: last.streamVersion, hash: last.hash });
      }
      total += page.events.length;
      const client = await this.pool.connect();
      try {
        await writeCheckpoint(client, this.name, page.checkpoint, checkpoint.events + page.events.length);
      } finally {
        client.release();
      }
      checkpoint = { ...page.checkpoint, events: checkpoint.events + page.events.length };
    }
  }

  /**
   * Each event checked by verify's own chain checker, from its predecessor's link: the head cached from
   * the last copy of the stream, or the predecessor read from the record.
   */
  private async checkChain(run: readonly StoredEvent[]): Promise<void> {
    const first = run[0];
    let head = this.heads.get(first.streamId);
    if (!head || head.version !== first.streamVersion - 1) {
      const before = first.streamVersion > 1 ? (await this.record.readStream(first.streamId, first.streamVersion - 1, first.streamVersion - 1))[0] : undefined;
      head = { version: first.streamVersion - 1, hash: before?.hash ?? GENESIS };
    }
    const checker = new StreamChainChecker(first.streamId, [], head);
    for (const e of run) {
      checker.check(e);
      if (checker.firstBreak) throw new MirrorChainError(e, checker.firstBreak.reason);
    }
  }

  /** The stream's chain head after a copy; the least recently copied streams are forgotten (read again if they go on). */
  private remember(streamId: string, head: { version: number; hash: string }): void {
    this.heads.delete(streamId);
    this.heads.set(streamId, head);
    if (this.heads.size > HEADS_KEPT) this.heads.delete(this.heads.keys().next().value!);
  }
}
