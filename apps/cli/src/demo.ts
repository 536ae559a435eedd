/**
 * The README's main job. For now: record the bundled sample roulette session (idempotent: a second
 * run reports duplicates), build the projections, and print the table book.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseNdjson } from '../../../libs/ledger/src';
import type { Runtime } from '../../../libs/platform/src';
import { loadTableBook } from '../../../libs/projections/src';
import { tableBookText } from '../../../libs/reports/src';

export const SAMPLE_SESSION_FILE = path.resolve(__dirname, '../../../../samples/roulette-session.ndjson');
export const SAMPLE_SESSION_ID = 'sample-rf01-2026-11-21';

export async function runDemo(runtime: Runtime, out: (line: string) => void): Promise<void> {
  out(`storage: ${runtime.database.embedded ? `embedded PostgreSQL in ${runtime.database.dataDir}` : 'DATABASE_URL'}`);
  const result = await runtime.ingestion.ingest(parseNdjson(fs.readFileSync(SAMPLE_SESSION_FILE, 'utf8')));
  out(`sample session ${path.basename(SAMPLE_SESSION_FILE)}: appended ${result.appended}, duplicate ${result.duplicate}, refused ${result.refused}`);
  const applied = await runtime.projector.catchUp();
  out(`projections: applied ${applied} events`);
  const book = await loadTableBook(runtime, SAMPLE_SESSION_ID);
  if (book) out(`\n${tableBookText(book)}\n`);
}
