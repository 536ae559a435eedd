/**
 * A read model fed by the global feed. `apply` receives one batch inside the projector's transaction,
 * with the name of the table to write (the live table, or a fresh one during a rebuild).
 *
 * Most read models read stored events without their chain (`ProjectedEvent`: no read model reads a hash); one that only forwards the facts' JSON (the verdicts,
 * to their judge threads) reads lean facts instead (`reads: 'facts'`), and never parses what it sends.
 */
import type { Pool, PoolClient } from 'pg';
import type { FeedFact, ProjectedEvent } from '../../event-store/src';

interface ProjectionOf<E> {
  /** stable name, used for the checkpoint and in `projections rebuild NAME` */
  readonly name: string;
  /** the tables it writes, live names; a rebuild fills `<table>__rebuild` and swaps */
  readonly tables: readonly string[];
  /** event types it reads (others are skipped without a call) */
  readonly handles: ReadonlySet<string>;
  /**
   * kept close behind the feed: the projector steps it again after each other read model's batch in a
   * catch-up, so a slow batch elsewhere (a statistics read model valuing a new rulebook's bets) does not hold it
   * back (the table book: finance's close of a session, whose lag has a target, issue 17)
   */
  readonly closeBehind?: boolean;
  apply(db: PoolClient, events: readonly E[], tables: Readonly<Record<string, string>>): Promise<void>;
  /**
   * Start on a batch before its transaction, from committed events only (a rebuild reads pages ahead
   * and hands them over as they arrive); `apply` later gets the same events and finishes.
   */
  prepare?(db: Pool, events: readonly E[]): void;
  /** release what it holds besides the database (the verdicts' judge threads) */
  close?(): Promise<void>;
}

/** A read model of stored events without their chain (`readProjectedFeed`, a rebuild `readFeedOf`). */
export interface EventProjection extends ProjectionOf<ProjectedEvent> {
  readonly reads?: 'events';
}

/** A read model of lean facts (`readFeedFacts`). */
export interface FactProjection extends ProjectionOf<FeedFact> {
  readonly reads: 'facts';
}

export type Projection = EventProjection | FactProjection;

/** What the projector hands either kind: the fields both shapes of a fed event have. */
export type FedEvent = ProjectedEvent | FeedFact;
