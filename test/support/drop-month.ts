/**
 * A month taken out of the store as `archive MONTH --drop` takes it, without the read models' snapshots: written to its
 * file in `dir`, the file read back and checked against the month's closing seal (the check must find nothing), then
 * dropped, keeping each session's state at the month's heads and each jackpot pool at its closing seal, as the CLI does. Returns the written file (its path is what `ca_archived_months.file_name` holds).
 */
import type { Pool } from 'pg';
import { checkArchiveSource } from '../../libs/event-store/src/archive-check';
import { openArchiveFile } from '../../libs/event-store/src/archive-file';
import { dropMonth } from '../../libs/event-store/src/postgres/month-drop';
import { exportMonth, type MonthExport } from '../../libs/event-store/src/postgres/month-export';
import { sealOf } from '../../libs/event-store/src/seal';
import { sessionStateKeeper } from '../../libs/ledger/src/session-state';
import { jackpotPoolsAtSeal } from '../../libs/replay/src/jackpot-pools';

export async function exportCheckAndDrop(pool: Pool, month: string, dir: string): Promise<MonthExport> {
  const written = await exportMonth(pool, month, dir);
  const closing = sealOf(written.closingSeal);
  const check = await checkArchiveSource(await openArchiveFile(written.file), { sequence: closing.sequence, sealHash: closing.sealHash });
  expect(check.problems).toEqual([]);
  await dropMonth(
    pool,
    { file: written.file, sha256: written.sha256, manifest: written.manifest, check },
    { states: sessionStateKeeper, pools: jackpotPoolsAtSeal },
  );
  return written;
}
