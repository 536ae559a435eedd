/**
 * Feeds projections from the global feed, exactly once: each batch is applied and its checkpoint
 * stored in one transaction, so a crash anywhere replays at most the uncommitted batch. A per-
 * projection advisory lock keeps two projector processes (or a rebuild's swap) from interleaving.
 */
import type { Pool, PoolClient } from 'pg';
import { FEED_START, FeedCheckpoint, PostgresEventStore, StoredEvent } from '../../event-store/src';
import type { Projection } from './projection';

export interface ProjectorOptions {
  readonly batchSize?: number;
  /** test hook: pause inside the batch's transaction before commit (to kill the process mid-batch) */
  readonly pauseInBatchMs?: number;
  readonly onBatch?: (projection: string, events: number, checkpoint: FeedCheckpoint) => void;
}

/** The advisory lock a projection's batches (and a rebuild's swap) take. */
export const lockKey = (name: string) => {
  let h = 0;
  for (const ch of `projection:${name}`) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
};

export async function readCheckpoint(db: Pool | PoolClient, name: string, forUpdate = false): Promise<FeedCheckpoint & { events: number }> {
  const r = await db.query(
    `SELECT transaction_id, global_position, events FROM ca_projection_checkpoints WHERE name = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [name],
  );
  if (!r.rowCount) return { ...FEED_START, events: 0 };
  return { transactionId: BigInt(r.rows[0].transaction_id), globalPosition: BigInt(r.rows[0].global_position), events: Number(r.rows[0].events) };
}

export async function writeCheckpoint(db: PoolClient, name: string, checkpoint: FeedCheckpoint, events: number): Promise<void> {
  await db.query(
    `INSERT INTO ca_projection_checkpoints (name, transaction_id, global_position, events, updated_at)
     VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (name) DO UPDATE SET transaction_id = $2, global_position = $3, events = $4, updated_at = now()`,
    [name, checkpoint.transactionId.toString(), checkpoint.globalPosition.toString(), events],
  );
}

export class Projector {
  private readonly batchSize: number;
  private stopping = false;

  constructor(
    private readonly pool: Pool,
    private readonly store: PostgresEventStore,
    readonly projections: readonly Projection[],
    private readonly options: ProjectorOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 1000;
  }

  /** Apply everything visible now; returns the number of events read. */
  async catchUp(): Promise<number> {
    // one batch per projection in turn, so a projection slower than the arrival rate cannot starve the
    // others (the load benchmark saw four read models stall behind the verdicts)
    let total = 0;
    let behind = [...this.projections];
    while (behind.length) {
      const still: Projection[] = [];
      for (const p of behind) {
        const n = await this.step(p, liveTables(p));
        total += n;
        if (n >= this.batchSize) still.push(p);
      }
      behind = still;
    }
    return total;
  }

  /** One batch of one projection into the given tables; returns how many events it read. */
  async step(p: Projection, tables: Readonly<Record<string, string>>, checkpointName = p.name): Promise<number> {
    const start = await readCheckpoint(this.pool, checkpointName);
    const page = await this.store.readFeed(start, this.batchSize);
    if (!page.events.length) return 0;
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [lockKey(checkpointName)]);
      const now = await readCheckpoint(client, checkpointName, true);
      if (now.transactionId !== start.transactionId || now.globalPosition !== start.globalPosition) {
        await client.query('ROLLBACK'); // another projector moved on: read again from where it is
        return this.batchSize;
      }
      const relevant = page.events.filter((e: StoredEvent) => p.handles.has(e.type));
      if (relevant.length) await p.apply(client, relevant, tables);
      if (this.options.pauseInBatchMs) await new Promise((r) => setTimeout(r, this.options.pauseInBatchMs));
      await writeCheckpoint(client, checkpointName, page.checkpoint, now.events + page.events.length);
      await client.query('COMMIT');
      this.options.onBatch?.(p.name, page.events.length, page.checkpoint);
      return page.events.length;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** Follow the feed until stopped: woken by NOTIFY, polling as the fallback. */
  async follow(): Promise<void> {
    let wake: () => void = () => undefined;
    let pending = true;
    const subscription = await this.store.subscribe(() => {
      pending = true;
      wake();
    });
    try {
      while (!this.stopping) {
        if (!pending) await new Promise<void>((resolve) => (wake = resolve));
        pending = false;
        if (this.stopping) break;
        await this.catchUp();
      }
    } finally {
      await subscription.close();
    }
  }

  stop(): void {
    this.stopping = true;
  }

  /** How many events each projection is behind the visible head. */
  async lag(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const p of this.projections) {
      const cp = await readCheckpoint(this.pool, p.name);
      const r = await this.pool.query(
        `SELECT count(*)::bigint AS n FROM ca_events WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)`,
        [cp.transactionId.toString(), cp.globalPosition.toString()],
      );
      out[p.name] = Number(r.rows[0].n);
    }
    return out;
  }
}

export const liveTables = (p: Projection): Record<string, string> => Object.fromEntries(p.tables.map((t) => [t, t]));
