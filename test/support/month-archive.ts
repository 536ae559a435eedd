/**
 * Months of a store written by today's code, cut at their turns and written as archive files (docs/scaling.md
 * §2 "The month's turn", §3): what `casino-audit verify-archive` reads. The store here is the shipped flat
 * table: the turn moves the sequence to the next month's first position, so the positions name the months
 * exactly as the partitions' bounds would.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Pool } from 'pg';
import { archiveText, ARCHIVE_FORMAT, ARCHIVE_VERSION, firstPositionOfMonth, type MonthArchive } from '../../libs/event-store/src/archive';
import { EVENT_COLUMNS, toStoredEvent } from '../../libs/event-store/src/postgres/postgres-event-store';
import type { StoredEvent } from '../../libs/event-store/src/port';
import { checkSeals, createSeal, SEAL_STREAM, type SealData, type SealResult } from '../../libs/event-store/src/seal';

/** The month after `month` (YYYY-MM). */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** The turn of a quiet store: the sequence moved to `next`'s first position, then the closing seal of the month before. */
export async function turnTo(pool: Pool, next: string, lastGamingDay: string): Promise<SealResult> {
  await pool.query(`SELECT setval(pg_get_serial_sequence('ca_event_rows', 'global_position'), $1, false)`, [firstPositionOfMonth(next).toString()]);
  return createSeal(pool, { gamingDay: lastGamingDay });
}

const read = async (pool: Pool, where: string, params: unknown[], limit = 'ALL'): Promise<StoredEvent[]> =>
  (await pool.query(`SELECT ${EVENT_COLUMNS} FROM ca_events WHERE ${where} ORDER BY global_position LIMIT ${limit}`, params)).rows.map(toStoredEvent);

/**
 * A month's archive as `archive MONTH` would export it: the events of its range, the closing seal (the next
 * month's first event), and what the opening seal committed to, folded from every seal up to it.
 * `first`: the store's first month, whose range starts at its first event and which no seal opens.
 */
export async function monthArchiveOf(pool: Pool, month: string, first = false): Promise<MonthArchive> {
  const from = first ? 0n : firstPositionOfMonth(month);
  const to = firstPositionOfMonth(nextMonth(month));
  const events = await read(pool, 'global_position >= $1 AND global_position < $2', [from.toString(), to.toString()]);
  const [closingSeal] = await read(pool, 'global_position >= $1', [to.toString()], '1');
  if (closingSeal?.streamId !== SEAL_STREAM) throw new Error(`${month} is not closed by a turn: the event after it is not a seal`);
  const sealsBefore = await read(pool, 'stream_id = $1 AND global_position < $2', [SEAL_STREAM, from.toString()]);
  const opening = first ? null : events[0];
  if (opening && opening.streamId !== SEAL_STREAM) throw new Error(`${month} does not open with a seal`);
  const folded = checkSeals(opening ? [...sealsBefore, opening] : []);
  const before = sealsBefore[sealsBefore.length - 1];
  return {
    manifest: {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      month,
      firstPosition: events[0].globalPosition.toString(),
      lastPosition: events[events.length - 1].globalPosition.toString(),
      events: events.length,
      openingSeal: opening ? (opening.data as unknown as SealData).sequence : null,
      openingHeads: Object.fromEntries(folded.latestHeads),
      sealStreamBefore: before ? { version: before.streamVersion, hash: before.hash } : null,
      closingSeal: (closingSeal.data as unknown as SealData).sequence,
    },
    events,
    closingSeal,
  };
}

export const sha256Of = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** The archive written to `<dir>/<month>.ndjson`, its sha256 beside it as `sha256sum` writes it. */
export function writeArchive(dir: string, archive: MonthArchive): string {
  const file = path.join(dir, `${archive.manifest.month}.ndjson`);
  fs.writeFileSync(file, archiveText(archive));
  fs.writeFileSync(`${file}.sha256`, `${sha256Of(file)}  ${path.basename(file)}\n`);
  return file;
}
