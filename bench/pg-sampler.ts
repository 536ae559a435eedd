/**
 * Where PostgreSQL's time goes under the load benchmark (issue 23 §1), sampled while the load runs:
 *
 * - every 100 ms, `pg_stat_activity` of the bench database: each client backend that is not idle, counted by
 *   state × wait event (`CPU` when it waits on nothing) × statement class (`statementClass`). A row's count over
 *   the number of samples is the average number of backends in that state: where the backends were.
 * - every 10 s, the cluster's `pg_stat_wal` and `pg_stat_bgwriter` counters (cluster-wide: other databases' work
 *   counts too) and the server process's CPU per thread from `/proc/<pid>/task/<tid>/stat` (the main thread, where
 *   the event loop runs, against V8's and libuv's others).
 *
 * The bench's own connections (its checkpoint poll) set `application_name` to BENCH_APPLICATION_NAME and are left
 * out. `renderPgProfile` is pure: it renders a profile measured here or written by hand (test/load-render.spec.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { Client } from 'pg';
import { fmtInt, fmtPct, table } from './support';

/** The `application_name` of the bench's own connections to the bench database: not sampled. */
export const BENCH_APPLICATION_NAME = 'casino-audit-bench';

const ACTIVITY_MS = 100;
const COUNTERS_MS = 10_000;
/** clock ticks a second in /proc/<pid>/stat (USER_HZ, 100 on Linux) */
const TICKS_PER_SECOND = 100;

/**
 * A statement's class: the store's append (`ca_append`), the feed read (`ca_feed_horizon`), the projector's
 * batch opening (begin, no-append promise, batch lock in one round trip), a transaction's end, else its verb
 * and the table it writes or reads first.
 */
export function statementClass(query: string | null | undefined): string {
  const q = (query ?? '').trim();
  if (!q) return '—';
  if (/\bca_append\b/i.test(q)) return 'append';
  if (/\bca_feed_horizon\b/i.test(q)) return 'feed';
  if (/^BEGIN\b/i.test(q) && /pg_advisory_xact_lock\b/i.test(q)) return 'batch opening';
  const verb = /^(COMMIT|ROLLBACK|BEGIN|SET|SHOW)\b/i.exec(q);
  if (verb) return verb[1].toUpperCase();
  const write = /\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?([\w.]+)/i.exec(q);
  if (write && !/^SELECT\b/i.test(q)) return `${write[1].split(/\s+/)[0].toUpperCase()} ${write[2]}`;
  const read = /\bFROM\s+"?([\w.]+)/i.exec(q);
  if (read) return `SELECT ${read[1]}`;
  return q.slice(0, 40).replace(/\s+/g, ' ');
}

/** One sampled row: how many samples found a backend in this state, waiting on this, running this. */
export interface ActivityCount {
  readonly state: string;
  /** `type/event` (e.g. `Client/ClientRead`, `Lock/advisory`), or `CPU` */
  readonly wait: string;
  readonly statement: string;
  readonly count: number;
}

/** The cluster's WAL and background-writer counters and the server's CPU ticks per thread, at one moment. */
export interface CounterSnapshot {
  /** epoch ms */
  readonly t: number;
  readonly wal?: { readonly records: number; readonly fpi: number; readonly bytes: number; readonly buffersFull: number };
  readonly bgwriter?: {
    readonly checkpointsTimed: number;
    readonly checkpointsRequested: number;
    readonly buffersCheckpoint: number;
    readonly buffersClean: number;
    readonly buffersBackend: number;
  };
  /** thread id → its name (`comm`) and CPU ticks (user + system) */
  readonly threads: Readonly<Record<string, { readonly name: string; readonly ticks: number }>>;
}

export interface PgProfile {
  /** samples of pg_stat_activity taken (every 100 ms) */
  readonly samples: number;
  readonly activity: readonly ActivityCount[];
  /** every 10 s, from the start of the load to its end */
  readonly snapshots: readonly CounterSnapshot[];
  /** the server's process id: its main thread has the same id */
  readonly serverPid: number;
}

function threadTicks(pid: number): CounterSnapshot['threads'] {
  const threads: Record<string, { name: string; ticks: number }> = {};
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return threads;
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // fields[11] = utime, fields[12] = stime (after pid and comm), in clock ticks
      threads[tid] = { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), ticks: Number(fields[11]) + Number(fields[12]) };
    } catch {
      /* the thread ended between listing and reading */
    }
  }
  return threads;
}

async function counters(client: Client, serverPid: number): Promise<CounterSnapshot> {
  // each view on its own: a server without one (pg_stat_wal is PostgreSQL 14+; 17 moves the checkpoints out of pg_stat_bgwriter) still gives the other
  const wal = await client
    .query('SELECT wal_records, wal_fpi, wal_bytes, wal_buffers_full FROM pg_stat_wal')
    .then((r) => r.rows[0])
    .catch(() => undefined);
  const bg = await client
    .query('SELECT checkpoints_timed, checkpoints_req, buffers_checkpoint, buffers_clean, buffers_backend FROM pg_stat_bgwriter')
    .then((r) => r.rows[0])
    .catch(() => undefined);
  return {
    t: Date.now(),
    wal: wal && { records: Number(wal.wal_records), fpi: Number(wal.wal_fpi), bytes: Number(wal.wal_bytes), buffersFull: Number(wal.wal_buffers_full) },
    bgwriter: bg && {
      checkpointsTimed: Number(bg.checkpoints_timed),
      checkpointsRequested: Number(bg.checkpoints_req),
      buffersCheckpoint: Number(bg.buffers_checkpoint),
      buffersClean: Number(bg.buffers_clean),
      buffersBackend: Number(bg.buffers_backend),
    },
    threads: threadTicks(serverPid),
  };
}

/** Start sampling the bench database `database` and the server `serverPid`; `stop()` ends it and gives the profile. */
export async function startPgSampler(adminUrl: string, database: string, serverPid: number): Promise<{ stop(): Promise<PgProfile> }> {
  const client = new Client({ connectionString: adminUrl, application_name: BENCH_APPLICATION_NAME });
  client.on('error', () => undefined);
  await client.connect();
  const counts = new Map<string, ActivityCount>();
  const snapshots: CounterSnapshot[] = [await counters(client, serverPid)];
  let samples = 0;
  let stopping = false;
  const loop = (async () => {
    while (!stopping) {
      const t0 = Date.now();
      try {
        const r = await client.query(
          `SELECT state, wait_event_type, wait_event, query FROM pg_stat_activity
            WHERE datname = $1 AND backend_type = 'client backend' AND application_name <> $2 AND pid <> pg_backend_pid()`,
          [database, BENCH_APPLICATION_NAME],
        );
        samples++;
        for (const a of r.rows) {
          if (a.state === 'idle') continue;
          const row = { state: String(a.state), wait: a.wait_event_type ? `${a.wait_event_type}/${a.wait_event}` : 'CPU', statement: statementClass(a.query) };
          const key = `${row.state}\t${row.wait}\t${row.statement}`;
          counts.set(key, { ...row, count: (counts.get(key)?.count ?? 0) + 1 });
        }
        if (Date.now() - snapshots[snapshots.length - 1].t >= COUNTERS_MS) snapshots.push(await counters(client, serverPid));
      } catch {
        /* a failed sample is skipped */
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, ACTIVITY_MS - (Date.now() - t0))));
    }
  })();
  return {
    stop: async () => {
      stopping = true;
      await loop;
      snapshots.push(await counters(client, serverPid).catch(() => ({ t: Date.now(), threads: threadTicks(serverPid) })));
      await client.end().catch(() => undefined);
      return { samples, activity: [...counts.values()].sort((a, b) => b.count - a.count), snapshots, serverPid };
    },
  };
}

/** CPU per thread of the server between the first and last snapshot, in cores: its main thread and the others by name. */
export function serverThreadCores(profile: PgProfile): { main: number; others: { name: string; cores: number }[] } {
  const first = profile.snapshots[0];
  const last = profile.snapshots[profile.snapshots.length - 1];
  const seconds = first && last ? (last.t - first.t) / 1000 : 0;
  if (!seconds) return { main: NaN, others: [] };
  // a thread's last reading (one that ended before the last snapshot keeps what it used), less its first
  const latest = new Map<string, { name: string; ticks: number }>();
  for (const s of profile.snapshots) for (const [tid, x] of Object.entries(s.threads)) latest.set(tid, x);
  const used = (tid: string) => (latest.get(tid)!.ticks - (first.threads[tid]?.ticks ?? 0)) / TICKS_PER_SECOND / seconds;
  const byName = new Map<string, number>();
  for (const [tid, x] of latest) if (tid !== String(profile.serverPid)) byName.set(x.name, (byName.get(x.name) ?? 0) + used(tid));
  return {
    main: latest.has(String(profile.serverPid)) ? used(String(profile.serverPid)) : NaN,
    others: [...byName].map(([name, cores]) => ({ name, cores })).sort((a, b) => b.cores - a.cores),
  };
}

/** The profile's top rows: share of samples = the average number of backends in that state. */
export function topActivity(profile: PgProfile, n: number): { row: ActivityCount; share: number }[] {
  return profile.activity.slice(0, n).map((row) => ({ row, share: profile.samples ? row.count / profile.samples : NaN }));
}

const MB = 1e6;

/**
 * The profile as Markdown: where the backends were, what the cluster wrote to its WAL and who wrote buffers, and the
 * server's threads. `events` = the events appended while it was sampled (for the WAL bytes per event).
 */
export function renderPgProfile(profile: PgProfile, events: number, rows = 12): string {
  const out: string[] = [];
  const busy = profile.samples ? profile.activity.reduce((a, x) => a + x.count, 0) / profile.samples : NaN;
  out.push(
    `Sampled every ${ACTIVITY_MS} ms while the load ran (${fmtInt(profile.samples)} samples of \`pg_stat_activity\`, the bench database's client backends, the bench's own connections left out). ` +
      `Share of samples = the average number of backends in that state, waiting on that (\`CPU\`: on nothing), running that statement; the shares add up to ${Number.isFinite(busy) ? busy.toFixed(2) : 'n/a'} backends busy on average. ` +
      '"`idle in transaction` / `Client/ClientRead`" is PostgreSQL waiting for the server (Node) between statements of an open transaction: time the transaction spends in Node, not in PostgreSQL.',
    '',
  );
  const top = topActivity(profile, rows);
  out.push(
    top.length
      ? table(
          ['State', 'Wait event', 'Statement', 'Share of samples'],
          top.map(({ row, share }) => [row.state, row.wait, row.statement, share.toFixed(3)]),
          ['l', 'l', 'l', 'r'],
        )
      : 'No backend of the bench database was found busy in any sample.',
  );

  const first = profile.snapshots[0];
  const last = profile.snapshots[profile.snapshots.length - 1];
  const seconds = first && last ? (last.t - first.t) / 1000 : 0;
  const facts: string[] = [];
  if (first?.wal && last?.wal && seconds > 0) {
    const bytes = last.wal.bytes - first.wal.bytes;
    const records = last.wal.records - first.wal.records;
    const fpi = last.wal.fpi - first.wal.fpi;
    facts.push(
      `- WAL (the whole cluster, ${seconds.toFixed(0)} s): ${(bytes / MB / seconds).toFixed(2)} MB/s, ${fmtInt(bytes / MB)} MB in all, ${events > 0 ? `${fmtInt(bytes / events)} bytes per event appended (${fmtInt(events)} events)` : 'no event appended'}; ` +
        `${fmtInt(records)} records, of which ${fmtInt(fpi)} full-page images (${fmtPct(records ? fpi / records : NaN)}); the WAL buffers were full ${fmtInt(last.wal.buffersFull - first.wal.buffersFull)} time(s).`,
    );
  } else facts.push('- WAL: not measured (no `pg_stat_wal` on this server, or no interval sampled).');
  if (first?.bgwriter && last?.bgwriter) {
    const d = (k: keyof NonNullable<CounterSnapshot['bgwriter']>) => last.bgwriter![k] - first.bgwriter![k];
    facts.push(
      `- Checkpoints during the run: ${fmtInt(d('checkpointsTimed'))} timed, ${fmtInt(d('checkpointsRequested'))} requested; buffers written by the checkpointer ${fmtInt(d('buffersCheckpoint'))}, by the background writer ${fmtInt(d('buffersClean'))}, by backends themselves ${fmtInt(d('buffersBackend'))}.`,
    );
  } else facts.push('- Checkpoints and buffer writes: not measured (no `pg_stat_bgwriter` counters on this server).');
  const threads = serverThreadCores(profile);
  facts.push(
    Number.isFinite(threads.main)
      ? `- The server's main thread (the event loop) used ${threads.main.toFixed(2)} core(s), its other threads ${threads.others.reduce((a, x) => a + x.cores, 0).toFixed(2)}` +
          (threads.others.length
            ? ` (${threads.others
                .slice(0, 4)
                .map((x) => `${x.name} ${x.cores.toFixed(2)}`)
                .join(', ')})`
            : '') +
          ' (`/proc/<pid>/task/*/stat`): a main thread near one core is an event loop that cannot take more.'
      : "- The server's threads: not measured (no /proc for its process).",
  );
  out.push('', facts.join('\n'));
  return out.join('\n');
}
