/**
 * The composition root shared by the HTTP app and every CLI command: open the database (DATABASE_URL
 * or the embedded one), apply the store's and the read models' migrations (one runner for both:
 * libs/database/src/migrations.ts), and wire the store,
 * ingestion and projectors. One code path whatever the storage.
 */
import { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import { Database, openDatabase } from '../../database/src';
import { PostgresEventStore, SelectableEventStore, selectEventStore, storePoolConfig } from '../../event-store/src';
import { IngestionService } from '../../ledger/src';
import { allProjections, Projection, Projector, ProjectorOptions, readModelDataSource, StoreMirror } from '../../projections/src';
import { migrateReadModels } from '../../projections/src/read-model-migrations';
import { because, wordReason } from '../../i18n/src/reasons';
import { config } from './config';
import { Logger, logLines, processLogger } from './logger';

export interface Runtime {
  readonly database: Database;
  readonly pool: Pool;
  /**
   * The log every read uses: PostgreSQL's `ca_events` — the store of record itself by default, or,
   * with EventStoreDB as the record, its verified copy kept by `mirror`.
   */
  readonly store: PostgresEventStore;
  /** Where ingestion appends: `store` itself, or EventStoreDB (`EVENT_STORE=eventstoredb`). */
  readonly recordStore: SelectableEventStore;
  /** With a store of record other than `store`: what copies it into `store` (caught up before every projector catch-up). */
  readonly mirror?: StoreMirror;
  readonly dataSource: DataSource;
  readonly ingestion: IngestionService;
  readonly projections: Projection[];
  readonly projector: Projector;
  /** a projector of some read models only (`projections run NAME…`), fed as `projector` feeds them all */
  projectorFor(projections: readonly Projection[]): Projector;
  /** the process's structured logger (logger.ts): the HTTP app's request log, the projector, start-up */
  readonly logger: Logger;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  readonly databaseUrl?: string;
  readonly dataDir?: string;
  /** where start-up lines go (default: `logger`, at info) */
  readonly log?: (line: string) => void;
  /** default: the process's (`processLogger()`: the command line's, else warnings and errors only) */
  readonly logger?: Logger;
  readonly poolSize?: number;
  readonly projectorBatchSize?: number;
  readonly pauseInBatchMs?: number;
  /**
   * The store of record when it is not this database's `ca_events` (default: from `EVENT_STORE`; tests
   * pass another PostgreSQL store to run the mirrored set-up on real databases).
   */
  readonly recordStore?: SelectableEventStore;
}

export async function startRuntime(options: RuntimeOptions = {}): Promise<Runtime> {
  const settings = config();
  const logger = options.logger ?? processLogger();
  const log = options.log ?? logLines(logger);
  const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir, log });
  const pool = new Pool(storePoolConfig(database.url, options.poolSize ?? 10));
  pool.on('error', () => undefined);
  const store = new PostgresEventStore(pool);
  // EventStoreDB as the store of record: ingestion appends there, and the mirror copies its log here
  let recordStore: SelectableEventStore | undefined = options.recordStore;
  let closeRecord: () => Promise<void> = async () => undefined;
  let dataSource: DataSource | undefined;
  try {
    if (!recordStore && settings.EVENT_STORE === 'eventstoredb') {
      // a request spanning a session and a jackpot pool is written stream by stream there (the adapter's notes)
      const own = selectEventStore(process.env, pool, { eventStoreDb: { allowNonAtomicMultiStream: true } });
      recordStore = own;
      closeRecord = () => own.close();
    }
    await store.migrate(log);
    dataSource = readModelDataSource(database.url);
    await dataSource.initialize();
    await migrateReadModels(dataSource);
  } catch (error) {
    await dataSource?.destroy().catch(() => undefined);
    await pool.end().catch(() => undefined);
    await database.stop();
    throw error;
  }
  const mirror = recordStore && recordStore !== store ? new StoreMirror(recordStore, store, pool) : undefined;
  const projections = allProjections();
  const projectorOptions: ProjectorOptions = {
    upstream: mirror,
    // following (serve, projections run): each read model fed by one process at a time, the others on standby
    leadership: true,
    onUpstreamError: (e) => (options.log ?? logLines(logger, 'warn'))(`casino-audit: the store of record could not be read (${e.message}); trying again`),
    onUnfed: (name, months) =>
      (options.log ?? logLines(logger, 'warn'))(`casino-audit: ${wordReason(because('projector.unfedAfterDrop', { name, months: months.join(', ') }), 'en')}`),
    onBatch: (readModel, events, _checkpoint, ms, phases) =>
      logger.debug(
        { readModel, events, ms: Math.round(ms), ...Object.fromEntries(Object.entries(phases).map(([k, v]) => [`${k}Ms`, Math.round(v * 10) / 10])) },
        'projector batch applied',
      ),
    batchSize: options.projectorBatchSize ?? settings.CA_PROJECTOR_BATCH_SIZE,
    pauseInBatchMs: options.pauseInBatchMs ?? settings.CA_TEST_PAUSE_IN_BATCH_MS,
    // a read model's batch need not wait for the disk: a crash takes back batch and checkpoint together (projector.ts)
    relaxedCommit: true,
    // seven read models' batches at a time by default: a batch mostly waits on PostgreSQL (projector.ts, catchUp; config.ts)
    concurrency: settings.CA_PROJECTOR_CONCURRENCY,
  };
  const projectorFor = (chosen: readonly Projection[]) => new Projector(pool, store, chosen, projectorOptions);
  const projector = projectorFor(projections);
  let closed = false;
  return {
    database,
    pool,
    store,
    recordStore: recordStore ?? store,
    mirror,
    dataSource,
    // a gaming day is sealed as soon as its last table session closes (docs/security.md)
    ingestion: new IngestionService(recordStore ?? store, { sealOnDayClose: true }),
    projections,
    projector,
    projectorFor,
    logger,
    close: async () => {
      if (closed) return;
      closed = true;
      projector.stop();
      await Promise.all(projections.map((p) => p.close?.().catch(() => undefined)));
      await closeRecord().catch(() => undefined);
      await dataSource!.destroy().catch(() => undefined);
      await pool.end().catch(() => undefined);
      await database.stop();
    },
  };
}
