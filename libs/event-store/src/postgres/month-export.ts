/**
 * A closed month written out as its archive file (docs/scaling.md §3, step 2): the events of its range in
 * position order, as `ca_events` shows them, then its closing seal; the manifest first, with what the seal
 * that opened the month committed to. Read page by page and written as it is read, so a month of millions of
 * events never sits in memory; written under a temporary name and renamed when whole, its sha256 beside it.
 *
 * A month can be exported once its turn is made (`month-turn.ts`): its closing seal is then the event at the
 * next month's first position, and nothing can be appended into its range any more. The store's first month
 * (no turn opened it) runs from the store's first event.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Pool } from 'pg';
import { because } from '../../../i18n/src/reasons';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, ArchiveFileError, archiveLine, firstPositionOfMonth, type ArchiveManifest } from '../archive';
import type { StoredEvent } from '../port';
import { checkOnlineSeals, loadArchivedStart, SEAL_STREAM, type SealData } from '../seal';
import { archivedMonths } from './month-drop';
import { monthAfter } from './month-turn';
import { EVENT_COLUMNS, toStoredEvent } from './postgres-event-store';

export interface MonthExport {
  readonly file: string;
  readonly manifest: ArchiveManifest;
  readonly bytes: number;
  readonly sha256: string;
  /** the month's closing seal, whose receipt the file is checked against */
  readonly closingSeal: StoredEvent;
}

const PAGE = 5_000;

const eventsAt = async (pool: Pool, where: string, params: unknown[], limit: number | 'ALL' = 'ALL'): Promise<StoredEvent[]> =>
  (await pool.query(`SELECT ${EVENT_COLUMNS} FROM ca_events WHERE ${where} ORDER BY global_position LIMIT ${limit}`, params)).rows.map(toStoredEvent);

/**
 * Write `month` (YYYY-MM) to `<dir>/<month>.ndjson` and its sha256 to `<file>.sha256`. Refused (ArchiveFileError,
 * `errors:archive.*`) when the month's turn was not made, or the seals up to it do not check (run `verify`).
 */
export async function exportMonth(pool: Pool, month: string, dir: string, options: { pageSize?: number } = {}): Promise<MonthExport> {
  const from = firstPositionOfMonth(month);
  const to = firstPositionOfMonth(monthAfter(month));
  // taken out of the store already (store migration 14): its file is the month now
  const gone = (await archivedMonths(pool)).find((m) => m.month === month);
  if (gone) throw new ArchiveFileError(because('archive.alreadyDropped', { month, file: gone.file }));
  const [closingSeal] = await eventsAt(pool, 'global_position >= $1', [to.toString()], 1);
  if (!closingSeal || closingSeal.globalPosition !== to || closingSeal.streamId !== SEAL_STREAM) {
    throw new ArchiveFileError(because('archive.notTurned', { month, next: monthAfter(month) }));
  }
  // opened by the previous month's turn (its closing seal at this month's first position), or the store's first month
  const [atStart] = await eventsAt(pool, 'global_position = $1', [from.toString()]);
  const opening = atStart?.streamId === SEAL_STREAM ? atStart : null;
  const lowest = opening ? from : 0n;
  const seals = await eventsAt(pool, 'stream_id = $1 AND global_position <= $2', [SEAL_STREAM, lowest.toString()]);
  const archived = await loadArchivedStart(pool);
  const folded = checkOnlineSeals(seals, archived);
  if (folded.problem)
    throw new ArchiveFileError(because('archive.sealsBroken', { month, problem: { key: folded.problem.reasonKey!, values: folded.problem.reasonValues } }));
  // the seal stream's head before the opening seal: online, or, once the month before is out of the store (its seals
  // with it), the head its drop kept (ca_archived_heads)
  const onlineBefore = seals.filter((e) => e.globalPosition < lowest).pop();
  const before = onlineBefore ? { version: onlineBefore.streamVersion, hash: onlineBefore.hash } : opening ? (archived?.heads.get(SEAL_STREAM) ?? null) : null;

  const range = (
    await pool.query(
      `SELECT count(*)::int AS n, min(global_position)::text AS first, max(global_position)::text AS last FROM ca_events WHERE global_position >= $1 AND global_position < $2`,
      [lowest.toString(), to.toString()],
    )
  ).rows[0];
  const manifest: ArchiveManifest = {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    month,
    firstPosition: range.first ?? to.toString(),
    lastPosition: range.last ?? to.toString(),
    events: range.n,
    openingSeal: opening ? (opening.data as unknown as SealData).sequence : null,
    openingHeads: opening ? Object.fromEntries(folded.latestHeads) : {},
    sealStreamBefore: before,
    closingSeal: (closingSeal.data as unknown as SealData).sequence,
  };

  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${month}.ndjson`);
  const partial = `${file}.partial`;
  const hash = createHash('sha256');
  let bytes = 0;
  let written = 0;
  const handle = await fs.promises.open(partial, 'w');
  try {
    const write = async (text: string) => {
      const chunk = Buffer.from(text, 'utf8');
      hash.update(chunk);
      bytes += chunk.length;
      await handle.write(chunk);
    };
    await write(archiveLine.manifest(manifest));
    let after = lowest - 1n;
    for (;;) {
      const page = await eventsAt(pool, 'global_position > $1 AND global_position < $2', [after.toString(), to.toString()], options.pageSize ?? PAGE);
      if (!page.length) break;
      await write(page.map(archiveLine.event).join(''));
      written += page.length;
      after = page[page.length - 1].globalPosition;
    }
    await write(archiveLine.closingSeal(closingSeal));
    await handle.sync();
  } finally {
    await handle.close();
  }
  // the range was closed by the turn: a count that differs is a store changed under the export
  if (written !== manifest.events) {
    fs.rmSync(partial, { force: true });
    throw new ArchiveFileError(because('archive.eventCount', { held: written, manifest: manifest.events }));
  }
  fs.renameSync(partial, file);
  const sha256 = hash.digest('hex');
  fs.writeFileSync(`${file}.sha256`, `${sha256}  ${path.basename(file)}\n`);
  return { file, manifest, bytes, sha256, closingSeal };
}
