/**
 * Feeds projections from the global feed, exactly once: each batch is applied and its checkpoint
 * stored in one transaction, so a crash anywhere replays at most the uncommitted batch. A per-
 * projection advisory lock keeps two projector processes (or a rebuild's swap) from interleaving.
 */
import { performance } from 'node:perf_hooks';
import type { Pool, PoolClient } from 'pg';
import {
  compareCheckpoints,
  FEED_START,
  FeedCheckpoint,
  FeedFact,
  FeedPage,
  PostgresEventStore,
  PROMISE_NO_APPEND,
  ProjectedEvent,
} from '../../event-store/src';
import { archivedMonths } from '../../event-store/src/postgres/month-drop';
import { checkpointOf, lockedCheckpointSql, lockKey, readCheckpoint, StoredCheckpoint, writeCheckpointSql } from './checkpoints';
import type { FedEvent, Projection } from './projection';
import { MirrorChainError } from './mirror-chain-error';
import type { StoreMirror } from './store-mirror';
import { FeedWindow } from './feed-window';
import { applyFailure } from './apply-error';

/** Where a batch's time went (ms): its checkpoint and feed page read, the wait for a connection of the pool, opening the
 * transaction under its locks (and checking the checkpoint), the read model's own work, the checkpoint's write and the commit. */
export interface BatchPhases {
  readonly read: number;
  readonly connect: number;
  readonly lock: number;
  readonly apply: number;
  readonly commit: number;
}

export interface ProjectorOptions {
  readonly batchSize?: number;
  /** test hook: pause inside the batch's transaction before commit (to kill the process mid-batch) */
  readonly pauseInBatchMs?: number;
  /**
   * told after each batch committed: how many events it read, how long the step took, reading included (ms), and
   * where that time went (the serve command's debug log prints them: where a batch waits under load)
   */
  readonly onBatch?: (projection: string, events: number, checkpoint: FeedCheckpoint, ms: number, phases: BatchPhases) => void;
  /**
   * Where the feed comes from when the store of record is elsewhere (EventStoreDB): the mirror that
   * copies it into PostgreSQL is caught up before every catch-up, and its record wakes the follower.
   */
  readonly upstream?: StoreMirror;
  /**
   * While following, feed only the read models this process leads: one session-level advisory lock
   * per read model (`leader:<name>`, and `leader:mirror` for the copier) held on a dedicated
   * connection, tried again every `leadershipRetryMs` (default 2 s) by the standbys. When the leader's
   * process or connection dies PostgreSQL releases its locks and a standby takes over. An efficiency
   * measure only: the batch lock keeps every batch exactly once whoever runs it.
   */
  readonly leadership?: boolean;
  readonly leadershipRetryMs?: number;
  /** told when the store of record could not be read while following (retried every `leadershipRetryMs`) */
  readonly onUpstreamError?: (error: Error) => void;
  /**
   * Told, once per read model, when one is not fed because it has never read the feed (no checkpoint) and months were
   * taken out of the store (archive --drop): fed from the first event still online it would leave them out without a
   * word (docs/scaling.md §4). `projections rebuild NAME` starts it from its snapshot, or says why it cannot.
   */
  readonly onUnfed?: (readModel: string, months: readonly string[]) => void;
  /**
   * After a full page, keep reading up to this many pages ahead while the current one is applied (a
   * rebuild: the feed is long, and the verdicts' judge threads start on each page as it arrives). A
   * page read early is still right: the feed only grows past its horizon, and pages that are not used
   * (another projector moved on) are dropped.
   */
  readonly readAhead?: number;
  /**
   * Read in full only the events each read model handles (`readFeedOf`): the others are counted and skipped, not sent
   * and parsed. For a rebuild, whose pages are its read model's alone; the live projectors share full pages between
   * read models (`sharedPage`) and read every event.
   */
  readonly handledOnly?: boolean;
  /**
   * Feed nothing past this checkpoint (it included): a read model's snapshot at a month's closing seal (snapshots.ts).
   * Only with `handledOnly` (the pages of a read model's own, not the shared windows).
   */
  readonly until?: FeedCheckpoint;
  /**
   * Commit batches without waiting for the WAL to reach the disk (`synchronous_commit = off` for the
   * batch's transaction only). A batch and its checkpoint commit in one transaction, and the WAL is
   * written in order, so a PostgreSQL crash can only take back the last few batches whole, read model and
   * checkpoint together: they are fed again on restart, and exactly-once holds. What it saves is a disk
   * flush per batch, which under load the appends (that must wait for theirs) were queueing behind: nine
   * read models commit a batch each time events arrive. Used by the live projectors (runtime.ts) and by a
   * rebuild, whose fresh tables a crash throws away before the swap (the swap itself commits as usual).
   */
  readonly relaxedCommit?: boolean;
  /**
   * How many read models' batches of a catch-up turn run at once (default 1: one after the other). Each still has
   * one batch in flight at a time, under its own lock; the live runtime runs `CA_PROJECTOR_CONCURRENCY` (default 7),
   * each holding a connection of the pool for its batch's transaction.
   */
  readonly concurrency?: number;
}

/** The events of a page a projection is given (the types it handles). */
const handledBy = (p: Projection, events: readonly FedEvent[]) => events.filter((e) => p.handles.has(e.type));

/** A page of the feed in the shape the projection reads. */
const readFor = (
  p: Projection,
  store: PostgresEventStore,
  after: FeedCheckpoint,
  limit: number,
  handledOnly = false,
  until?: FeedCheckpoint,
): Promise<FeedPage<FedEvent>> =>
  p.reads === 'facts'
    ? store.readFeedFacts(after, limit, until)
    : handledOnly
      ? store.readFeedOf(after, limit, [...p.handles], until)
      : store.readProjectedFeed(after, limit, until);

/** The rows of the feed a page covers (all of them, or those `readFeedOf` skipped too): what moves the checkpoint. */
const rowsOf = (page: FeedPage<FedEvent>) => page.read ?? page.events.length;

/**
 * Hand a projection events read in its own shape (`readFor`): the one place the two shapes meet, so the
 * cast is safe by construction.
 */
const applyTo = (p: Projection, db: PoolClient, events: readonly FedEvent[], tables: Readonly<Record<string, string>>) =>
  (p.apply as (db: PoolClient, events: readonly FedEvent[], tables: Readonly<Record<string, string>>) => Promise<void>)(db, events, tables);
const prepareFor = (p: Projection, db: Pool, events: readonly FedEvent[]) =>
  (p.prepare as ((db: Pool, events: readonly FedEvent[]) => void) | undefined)?.call(p, db, events);

/**
 * How long a page of the feed read for one read model is handed to the others at the same checkpoint (ms), and how
 * many such pages are kept at most. Behind the feed the read models' lanes walk the same full pages up to seconds
 * apart: dropped 250 ms after their read, each page was read again by the later ones and the feed reads doubled
 * (bench/results.md, "Load probes of 2026-11-29", evening); kept 2 s without a bound, the pages nobody else took
 * raised the live heap 40 MiB. The newest few are kept: a page is a few MiB of parsed events.
 */
const SHARED_PAGE_MS = 2000;
const SHARED_PAGES_KEPT = 3;

/**
 * How many batches of the newest events the feed windows keep (`FeedWindow`): the read models following the feed
 * stand within a few batches of each other, and one further back reads its own pages (`sharedPage`).
 */
const WINDOW_BATCHES = 3;

/** How often a read model kept close behind looks for new events while the others catch up in their lanes (ms). */
const CLOSE_BEHIND_POLL_MS = 25;

export class Projector {
  private readonly batchSize: number;
  private stopping = false;
  private leader: Leadership | null = null;
  private wakeUp?: () => void;
  private ahead?: ReadAhead;
  /**
   * Pages of the feed read lately in the running catch-up, shared by the read models that stand at the same
   * checkpoint (`sharedPage`). A new one for each catch-up, so that a page handed on was read after the catch-up
   * began: every event committed before it is in the page or past its end.
   */
  private recentPages?: Map<string, { readonly at: number; readonly page: Promise<FeedPage<FedEvent>> }>;
  /**
   * The checkpoint each batch of this projector committed, by checkpoint name: where its next batch starts without
   * asking the store first (a round trip a batch, nine read models a turn). Only a hint: every batch reads the stored
   * checkpoint again under its lock and starts over when they differ.
   */
  private readonly committed = new Map<string, StoredCheckpoint>();
  /**
   * The newest events read, in each shape, handed to every read model that stands among them (`FeedWindow`): the
   * read models following the feed read each event once between them. Kept across catch-ups (what they hold stays
   * true: below the feed's horizon the order is final).
   */
  private readonly windows: { readonly events: FeedWindow<ProjectedEvent>; readonly facts: FeedWindow<FeedFact> };

  constructor(
    private readonly pool: Pool,
    private readonly store: PostgresEventStore,
    readonly projections: readonly Projection[],
    private readonly options: ProjectorOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 1000;
    if (options.until && !options.handledOnly) throw new Error('a projector fed up to a checkpoint reads its own pages (handledOnly)');
    const kept = WINDOW_BATCHES * this.batchSize;
    this.windows = {
      events: new FeedWindow((after) => store.readProjectedFeed(after, this.batchSize), this.batchSize, kept),
      facts: new FeedWindow((after) => store.readFeedFacts(after, this.batchSize), this.batchSize, kept),
    };
  }

  /** Apply everything visible now (to `only` these read models, and the mirror if `mirror`); returns the number of events read. */
  async catchUp(only: readonly Projection[] = this.projections, mirror = true): Promise<number> {
    // one batch of every projection per turn, until a turn in which none read a full page: a projection
    // slower than the arrival rate cannot starve the others. Every read model is stepped in every turn,
    // not only those still behind: one that had caught up takes what arrived while a slow one worked (the
    // load benchmark of 2026-11-28 saw the table books stall behind the statistics read models when a
    // caught-up projection waited for the whole catch-up to end)
    // Read models kept close behind (`closeBehind`) are stepped again after each other one's batch: under load a
    // turn is nine batches, and the table book waited for all of them (lag p99 2.9 s at 3,000 events/s while a
    // statistics read model valued the new rulebooks' bets)
    // With `concurrency` above 1 the batches of a turn run that many at a time (each read model once a turn): a
    // step waits on PostgreSQL most of its time, and one after the other the nine of a turn took the whole minute
    // at 3,000 events/s (the server 35 % idle, PostgreSQL under half a core) while every read model but the table
    // book fell behind from about 200 s into the run (bench/results.md, "Load probes of 2026-11-29").
    if (mirror && this.options.upstream) await this.options.upstream.catchUp();
    // what the catch-up must take: everything visible from now (a page the feed windows hand out is no older than this)
    const since = performance.now();
    const pages = (this.recentPages = new Map());
    try {
      const lanes = Math.max(1, Math.min(this.options.concurrency ?? 1, only.length));
      const close = only.filter((p) => p.closeBehind);
      const others = close.length && close.length < only.length ? only.filter((p) => !p.closeBehind) : only;
      let total = 0;
      const step = async (p: Projection) => {
        const n = await this.step(p, liveTables(p), p.name, since);
        total += n;
        return n;
      };
      // the others in turns: every one once a turn, `lanes` at a time (one lane is the close ones' when they have one)
      const othersLanes = others === only ? lanes : Math.max(1, lanes - 1);
      const turns = async (turn: readonly Projection[], width: number) => {
        for (let full = true; full;) {
          full = false;
          const next = [...turn];
          const lane = async () => {
            for (let p = next.shift(); p; p = next.shift()) if ((await step(p)) >= this.batchSize) full = true;
          };
          await Promise.all(Array.from({ length: width }, lane));
        }
      };
      if (others === only) {
        await turns(only, lanes);
      } else if (lanes === 1) {
        await turns(
          others.flatMap((p) => [p, ...close]),
          1,
        );
      } else {
        // the close ones in a lane of their own, stepped until the others' turns are over and they have caught up
        let othersDone = false;
        let othersFailed = false;
        const closeLane = async () => {
          for (;;) {
            let read = 0;
            let full = false;
            for (const p of close) {
              if (othersFailed) return;
              const n = await step(p);
              read += n;
              if (n >= this.batchSize) full = true;
            }
            if (othersFailed || (othersDone && !full)) return;
            // nothing new yet: look again shortly while the others work
            if (!read) await new Promise((r) => setTimeout(r, CLOSE_BEHIND_POLL_MS));
          }
        };
        // a batch of the others that fails ends the close lane too, after its batch in flight: the catch-up has failed,
        // and a lane left working through its backlog (or polling) would outlive the catch-up its caller saw end
        const othersTurns = turns(others, othersLanes).catch((error: unknown) => {
          othersFailed = true;
          throw error;
        });
        await Promise.all([closeLane(), othersTurns.finally(() => (othersDone = true))]);
      }
      return total;
    } finally {
      if (this.recentPages === pages) this.recentPages = undefined;
    }
  }

  /**
   * One batch of one projection into the given tables; returns how many events it read. `since`: when the catch-up
   * it belongs to began (`performance.now()`); a page it is given holds, or leads to, every event visible then.
   */
  async step(p: Projection, tables: Readonly<Record<string, string>>, checkpointName = p.name, since = performance.now()): Promise<number> {
    const began = performance.now();
    // where this projector left the read model (what it committed last), else where the store says: the batch checks it
    // again under its lock, so a checkpoint moved by another process (a standby, a rebuild's swap) costs a read again
    const start = this.committed.get(checkpointName) ?? (await readCheckpoint(this.pool, checkpointName));
    // a live read model that has never read the feed, once months are out of the store: not fed (onUnfed)
    if (checkpointName === p.name && compareCheckpoints(start, FEED_START) === 0 && (await this.unfedAfterDrop(p))) return 0;
    const page = await this.readPage(p, checkpointName, start, since);
    const rows = rowsOf(page);
    if (!rows) return 0;
    const read = performance.now();
    const client = await this.pool.connect();
    // a connection cut while the batch is between statements (no query running) is reported as an 'error'
    // event, which would go unhandled and end the process: it is kept here, the next statement fails, the
    // batch is rolled back (PostgreSQL drops its lock with the session) and the broken client is destroyed
    let lost: Error | undefined;
    const onLost = (error: Error) => (lost = error);
    client.on('error', onLost);
    let ended = false;
    try {
      const connected = performance.now();
      // One round trip opens the batch (a batch is about ten, and under load each waits for the event loop): the
      // promise first, before any write (the batch never appends, so the feed horizon need not wait for it), then
      // the batch lock, then the checkpoint under it. Simple-protocol text: the lock key is a number computed here and
      // the name a quoted literal, not an input.
      const opened = await client.query(
        `${this.options.relaxedCommit ? 'BEGIN; SET LOCAL synchronous_commit = off' : 'BEGIN'}; ${PROMISE_NO_APPEND}; SELECT pg_advisory_xact_lock(${lockKey(checkpointName) | 0}); ${lockedCheckpointSql(checkpointName)}`,
      );
      const results = opened as unknown as Array<{ rows: Parameters<typeof checkpointOf>[0] }>;
      const now = checkpointOf(results[results.length - 1].rows);
      if (compareCheckpoints(now, start) !== 0) {
        this.committed.delete(checkpointName);
        await client.query('ROLLBACK'); // another projector moved on: read again from where it is
        ended = true;
        return this.batchSize;
      }
      const locked = performance.now();
      const relevant = handledBy(p, page.events);
      if (relevant.length) {
        try {
          await applyTo(p, client, relevant, tables);
        } catch (error) {
          throw applyFailure(p.name, relevant, error); // the read model and the facts named (rolled back below)
        }
      }
      if (this.options.pauseInBatchMs) await new Promise((r) => setTimeout(r, this.options.pauseInBatchMs));
      const applied = performance.now();
      const next: StoredCheckpoint = { ...page.checkpoint, events: now.events + rows };
      // the checkpoint and the commit in one round trip: an error in the first skips the second (the batch is rolled back below)
      await client.query(`${writeCheckpointSql(checkpointName, next, next.events)}; COMMIT`);
      ended = true;
      this.committed.set(checkpointName, next);
      const done = performance.now();
      this.options.onBatch?.(p.name, rows, page.checkpoint, done - began, {
        read: read - began,
        connect: connected - read,
        lock: locked - connected,
        apply: applied - locked,
        commit: done - applied,
      });
      return rows;
    } catch (error) {
      // whether or not the COMMIT ran, what is stored decides: read it again next time
      this.committed.delete(checkpointName);
      if (!ended) await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.off('error', onLost);
      client.release(lost);
    }
  }

  /**
   * The page after `start`: the one read ahead for it, or read now. With `readAhead`, the pages after
   * it are read on, and each page is handed to the projection's `prepare` as soon as it is here.
   */
  private async readPage(p: Projection, checkpointName: string, start: FeedCheckpoint, since: number): Promise<FeedPage<FedEvent>> {
    const depth = this.options.readAhead ?? 0;
    if (!depth) {
      // a read model that reads only what it handles (a rebuild) has pages of its own
      if (this.options.handledOnly) return readFor(p, this.store, start, this.batchSize, true, this.options.until);
      const window = p.reads === 'facts' ? this.windows.facts : this.windows.events;
      return (await window.pageAfter(start, since)) ?? this.sharedPage(p, start);
    }
    const early = this.ahead?.checkpointName === checkpointName ? this.ahead.take(start) : undefined;
    if (early) return early;
    this.ahead = undefined;
    const prepare = (events: readonly FedEvent[]) => prepareFor(p, this.pool, handledBy(p, events));
    const { handledOnly, until } = this.options;
    const page = await readFor(p, this.store, start, this.batchSize, handledOnly, until);
    prepare(page.events);
    if (rowsOf(page) >= this.batchSize) {
      this.ahead = new ReadAhead(
        checkpointName,
        (after) => readFor(p, this.store, after, this.batchSize, handledOnly, until),
        page.checkpoint,
        depth,
        this.batchSize,
        prepare,
      );
    }
    return page;
  }

  /**
   * The page after `start` in `p`'s shape for a read model behind the feed window (catching up from further back),
   * read once for every read model that asks for it within `SHARED_PAGE_MS`: read models walking the same full pages
   * seconds apart read each once. Only full pages are kept once read: below the feed's horizon the order is final, so
   * a full page after a checkpoint is the same whenever it is read, where a short one may have grown since. The
   * events are shared: projections read them and never change them (`readonly` data).
   */
  private sharedPage(p: Projection, start: FeedCheckpoint): Promise<FeedPage<FedEvent>> {
    const pages = this.recentPages;
    // a step outside a catch-up reads its own
    if (!pages) return readFor(p, this.store, start, this.batchSize);
    const now = performance.now();
    for (const [k, v] of pages) if (now - v.at > SHARED_PAGE_MS) pages.delete(k);
    const key = `${p.reads ?? 'events'}|${start.transactionId}|${start.globalPosition}`;
    const kept = pages.get(key);
    if (kept) return kept.page;
    const page = readFor(p, this.store, start, this.batchSize);
    pages.set(key, { at: now, page });
    // the oldest beyond the bound go first (a Map iterates in insertion order)
    for (const k of pages.keys()) if (pages.size > SHARED_PAGES_KEPT) pages.delete(k);
    page.then(
      (read) => rowsOf(read) >= this.batchSize || pages.delete(key),
      () => pages.delete(key),
    );
    return page;
  }

  private readonly toldUnfed = new Set<string>();

  /** Whether months were taken out of the store (then `p`, at the feed's start, is not fed: told once). */
  private async unfedAfterDrop(p: Projection): Promise<boolean> {
    const gone = await archivedMonths(this.pool);
    if (!gone.length) return false;
    if (!this.toldUnfed.has(p.name)) {
      this.toldUnfed.add(p.name);
      this.options.onUnfed?.(
        p.name,
        gone.map((m) => m.month),
      );
    }
    return true;
  }

  /** Follow the feed until stopped: woken by NOTIFY, polling as the fallback. */
  async follow(): Promise<void> {
    let wake: () => void = () => undefined;
    let pending = true;
    const onWake = () => {
      pending = true;
      wake();
    };
    this.wakeUp = onWake;
    const subscription = await this.store.subscribe(onWake);
    const upstream = this.options.upstream;
    const upstreamSubscription = await upstream?.subscribe(onWake);
    const leader = (this.leader = this.options.leadership
      ? new Leadership(this.pool, [...this.projections.map((p) => p.name), ...(this.options.upstream ? ['mirror'] : [])])
      : null);
    const retry = this.options.leadershipRetryMs ?? 2000;
    /** the read models this process feeds now: all of them, or those it leads */
    const led = () => (leader ? this.projections.filter((p) => leader.leads(p.name)) : this.projections);
    let timer: NodeJS.Timeout | undefined;
    try {
      while (!this.stopping) {
        if (leader) {
          await leader.elect();
          // a standby looks again for read models whose leader went away
          if (!leader.leadsAll()) timer ??= setTimeout(() => ((timer = undefined), onWake()), retry);
        }
        if (!pending) await new Promise<void>((resolve) => (wake = resolve));
        pending = false;
        if (this.stopping) break;
        if (upstream && (!leader || leader.leads('mirror'))) {
          // the store of record out of reach (a leader election in the cluster, the network): the copy
          // waits and tries again, the read models keep serving what they have; a record whose chain
          // does not hold stops the copy and, once they have what was copied before it, the read models
          const failed = await upstream.catchUp().then(
            () => null,
            (error: Error) => error,
          );
          if (failed instanceof MirrorChainError) {
            // what was copied before the broken link is sound: the read models take it, then all stops
            await this.catchUp(led(), false);
            throw failed;
          }
          if (failed) {
            this.options.onUpstreamError?.(failed);
            timer ??= setTimeout(() => ((timer = undefined), onWake()), retry);
          }
        }
        await this.catchUp(led(), false);
      }
    } finally {
      if (timer) clearTimeout(timer);
      await subscription.close();
      await upstreamSubscription?.close();
      await leader?.release();
      this.leader = null;
    }
  }

  /** What this process leads while following with leadership (read model names, and `mirror`). */
  get leading(): string[] {
    return this.leader?.names() ?? [];
  }

  stop(): void {
    this.stopping = true;
    this.wakeUp?.();
  }

  /** How many events each projection is behind the visible head. */
  async lag(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const p of this.projections) {
      const cp = await readCheckpoint(this.pool, p.name);
      const r = await this.pool.query(`SELECT count(*)::bigint AS n FROM ca_events WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)`, [
        cp.transactionId.toString(),
        cp.globalPosition.toString(),
      ]);
      out[p.name] = Number(r.rows[0].n);
    }
    return out;
  }
}

/**
 * Pages of the feed read ahead of the projector, one after another: each is read as soon as the one
 * before it is here and full, with at most `depth` waiting to be taken, and handed to `onPage` (in feed
 * order) when it arrives. A failed read is thrown when its page is taken, not before.
 */
class ReadAhead {
  private readonly waiting: Array<{ from: FeedCheckpoint; page: Promise<FeedPage<FedEvent>> }> = [];
  private reading = false;
  /** where the next read starts; null once a page came back short (the end of the feed for now) or failed */
  private next: FeedCheckpoint | null;

  constructor(
    readonly checkpointName: string,
    private readonly read: (after: FeedCheckpoint) => Promise<FeedPage<FedEvent>>,
    after: FeedCheckpoint,
    private readonly depth: number,
    private readonly limit: number,
    private readonly onPage: (events: readonly FedEvent[]) => void,
  ) {
    this.next = after;
    this.fill();
  }

  /** The page after `start` when it is the next one read ahead (else undefined: the projector read elsewhere). */
  take(start: FeedCheckpoint): Promise<FeedPage<FedEvent>> | undefined {
    const head = this.waiting[0];
    if (!head || compareCheckpoints(head.from, start) !== 0) return undefined;
    this.waiting.shift();
    this.fill();
    return head.page;
  }

  private fill(): void {
    if (this.reading || this.next === null || this.waiting.length >= this.depth) return;
    const from = this.next;
    const page = this.read(from);
    this.reading = true;
    this.waiting.push({ from, page });
    page.then(
      (p) => {
        this.reading = false;
        this.next = rowsOf(p) >= this.limit ? p.checkpoint : null;
        this.onPage(p.events);
        this.fill();
      },
      () => {
        this.reading = false;
        this.next = null;
      },
    );
  }
}

export const liveTables = (p: Projection): Record<string, string> => Object.fromEntries(p.tables.map((t) => [t, t]));

/** Session-level advisory locks `leader:<name>` on one dedicated connection (see `ProjectorOptions.leadership`). */
class Leadership {
  private client: PoolClient | null = null;
  private readonly held = new Set<string>();

  constructor(
    private readonly pool: Pool,
    private readonly candidates: readonly string[],
  ) {}

  leads(name: string): boolean {
    return this.held.has(name);
  }

  names(): string[] {
    return [...this.held];
  }

  leadsAll(): boolean {
    return this.candidates.every((n) => this.held.has(n));
  }

  async elect(): Promise<void> {
    try {
      if (!this.client) {
        const client = await this.pool.connect();
        // a connection lost is leadership lost: PostgreSQL released the locks with the session
        client.on('error', () => this.drop(client));
        this.client = client;
      }
      for (const name of this.candidates) {
        if (this.held.has(name)) continue;
        const r = await this.client.query('SELECT pg_try_advisory_lock($1) AS ok', [lockKey(`leader:${name}`)]);
        if (r.rows[0].ok) this.held.add(name);
      }
    } catch {
      if (this.client) this.drop(this.client);
    }
  }

  /** Leadership lost with the connection: give the broken client back to the pool, to be destroyed. */
  private drop(client: PoolClient): void {
    this.held.clear();
    if (this.client !== client) return;
    this.client = null;
    try {
      client.release(true);
    } catch {
      /* already released */
    }
  }

  async release(): Promise<void> {
    if (!this.client) return;
    await this.client.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    this.client.release();
    this.client = null;
    this.held.clear();
  }
}
