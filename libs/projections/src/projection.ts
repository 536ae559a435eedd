/**
 * A read model fed by the global feed. `apply` receives one batch inside the projector's transaction,
 * with the name of the table to write (the live table, or a fresh one during a rebuild).
 */
import type { Pool, PoolClient } from 'pg';
import type { StoredEvent } from '../../event-store/src';

export interface Projection {
  /** stable name, used for the checkpoint and in `projections rebuild NAME` */
  readonly name: string;
  /** the tables it writes, live names; a rebuild fills `<table>__rebuild` and swaps */
  readonly tables: readonly string[];
  /** event types it reads (others are skipped without a call) */
  readonly handles: ReadonlySet<string>;
  apply(db: PoolClient, events: readonly StoredEvent[], tables: Readonly<Record<string, string>>): Promise<void>;
  /**
   * Start on a batch before its transaction, from committed events only (a rebuild reads pages ahead
   * and hands them over as they arrive); `apply` later gets the same events and finishes.
   */
  prepare?(db: Pool, events: readonly StoredEvent[]): void;
  /** release what it holds besides the database (the verdicts' judge threads) */
  close?(): Promise<void>;
}
