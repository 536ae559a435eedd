/**
 * A sample of the generated hostile batches through the built `casino-audit import`, as files: the
 * command exits 1 naming line, field and reason, stores nothing, and never crashes (no stack trace);
 * a valid generated session is imported (exit 0). The bulk of the fuzzing runs in-process
 * (ingest.fuzz.spec.ts) and over HTTP (http.fuzz.spec.ts): a CLI run costs a process start.
 */
import * as fc from 'fast-check';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { cli } from '../support/cli';
import { createTestDatabase, TestDatabase } from '../support/database';
import { hostileCase } from './hostile';

describe('fuzz: casino-audit import of hostile files (a sample)', () => {
  let db: TestDatabase;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-fuzz-cli-'));
  beforeAll(async () => {
    db = await createTestDatabase('ca_fuzz_cli');
  });
  afterAll(async () => {
    await db.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const count = async () => {
    const c = new Client({ connectionString: db.url });
    await c.connect();
    try {
      // ca_events is a view over ca_event_rows since store migration 10: ask for the relation, whatever its kind
      return (await c.query(`SELECT to_regclass('ca_events') IS NOT NULL AS there`)).rows[0].there
        ? Number((await c.query("SELECT count(*) FROM ca_events WHERE stream_id <> 'seal-store'")).rows[0].count)
        : 0;
    } finally {
      await c.end();
    }
  };

  it('refuses each hostile file whole, naming line, field and reason; imports a valid one', async () => {
    const kinds = ['unknownField', 'unstorable', 'invalidValue', 'betBeforeRound', 'garbage', 'none'];
    const cases = kinds.map(
      (kind, i) =>
        fc.sample(
          hostileCase().filter((c) => c.kind === kind),
          { numRuns: 1, seed: 100 + i },
        )[0],
    );
    for (const c of cases) {
      const file = path.join(tmp, `${c.kind}.ndjson`);
      fs.writeFileSync(file, c.events.map((e) => JSON.stringify(e) ?? 'null').join('\n'));
      const before = await count();
      const result = await cli(['import', file], { DATABASE_URL: db.url });
      expect(result.stderr).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/); // no stack trace
      if (c.kind === 'none') {
        expect(result.code).toBe(0);
        expect(await count()).toBe(before + c.events.length);
      } else {
        expect({ kind: c.kind, code: result.code }).toEqual({ kind: c.kind, code: 1 });
        expect(result.stderr).toMatch(/line \d+: \S+: \S.*/);
        expect(result.stderr).toMatch(/nothing of this file was stored/);
        expect(await count()).toBe(before);
      }
    }
  }, 180_000);
});
