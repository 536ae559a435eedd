/**
 * The composition root shared by the HTTP app and every CLI command: open the database (DATABASE_URL
 * or the embedded one), apply the store's and the read models' migrations, and wire the store,
 * ingestion and projectors. One code path whatever the storage.
 */
import { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import { Database, openDatabase } from '../../database/src';
import { eventStoreKind, PostgresEventStore } from '../../event-store/src';
import { IngestionService } from '../../ledger/src';
import { allProjections, Projection, Projector, readModelDataSource } from '../../projections/src';

export interface Runtime {
  readonly database: Database;
  readonly pool: Pool;
  readonly store: PostgresEventStore;
  readonly dataSource: DataSource;
  readonly ingestion: IngestionService;
  readonly projections: Projection[];
  readonly projector: Projector;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  readonly databaseUrl?: string;
  readonly dataDir?: string;
  readonly log?: (line: string) => void;
  readonly poolSize?: number;
  readonly projectorBatchSize?: number;
  readonly pauseInBatchMs?: number;
}

export async function startRuntime(options: RuntimeOptions = {}): Promise<Runtime> {
  if (eventStoreKind(process.env) === 'eventstoredb') {
    // the adapter, its contract suite and migrate-store exist (libs/event-store/src/eventstoredb), but
    // some read models and replay still read PostgreSQL's ca_events with SQL: refuse rather than serve
    // reports that silently miss events
    throw new Error(
      'EVENT_STORE=eventstoredb is not yet supported end to end: the jackpot, reconciliation and verdict read models and replay read ' +
        "PostgreSQL's ca_events directly. Use `casino-audit migrate-store --to eventstoredb` to copy and verify a store; serve from PostgreSQL for now.",
    );
  }
  const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir, log: options.log });
  const pool = new Pool({ connectionString: database.url, max: options.poolSize ?? 10 });
  pool.on('error', () => undefined);
  const store = new PostgresEventStore(pool);
  let dataSource: DataSource | undefined;
  try {
    await store.migrate();
    dataSource = readModelDataSource(database.url);
    await dataSource.initialize();
    await dataSource.runMigrations({ transaction: 'each' });
  } catch (error) {
    await dataSource?.destroy().catch(() => undefined);
    await pool.end().catch(() => undefined);
    await database.stop();
    throw error;
  }
  const projections = allProjections();
  const projector = new Projector(pool, store, projections, {
    batchSize: options.projectorBatchSize ?? (Number(process.env.CA_PROJECTOR_BATCH_SIZE) || undefined),
    pauseInBatchMs: options.pauseInBatchMs ?? (Number(process.env.CA_TEST_PAUSE_IN_BATCH_MS) || undefined),
  });
  let closed = false;
  return {
    database,
    pool,
    store,
    dataSource,
    // a gaming day is sealed as soon as its last table session closes (docs/security.md)
    ingestion: new IngestionService(store, { sealOnDayClose: true }),
    projections,
    projector,
    close: async () => {
      if (closed) return;
      closed = true;
      projector.stop();
      await dataSource!.destroy().catch(() => undefined);
      await pool.end().catch(() => undefined);
      await database.stop();
    },
  };
}
