/**
 * The months of the store out of it (issue 23 §4; docs/scaling.md §3):
 * - `casino-audit archive MONTH [--dir D] [--drop]`: a month closed by its turn (`seal --close-month`) written to its
 *   archive file with its sha256, then checked from the file against its closing seal; with `--drop`, once the file
 *   checks, its partition detached and dropped, what the store must still know of it kept (month-drop.ts);
 * - `casino-audit verify-archive FILE… --receipt R`: archived months checked from their files alone, without a
 *   database, as an inspector or the casino's auditor would on their own machine: every stream's chain, the
 *   seals, each month handing over to the next, the sha256 beside each file.
 * Exit 0 when every month holds, 1 when one does not, 2 when an argument or a file is not what it must be.
 */
import { Command, InvalidArgumentError } from 'commander';
import * as fs from 'node:fs';
import { checkArchiveSource, checkArchives, type MonthCheck } from '../../../libs/event-store/src/archive-check';
import { ArchiveFileError, firstPositionOfMonth } from '../../../libs/event-store/src/archive';
import { openArchiveFile, type ArchiveFile } from '../../../libs/event-store/src/archive-file';
import { dropMonth, statesToKeep, type MonthDrop } from '../../../libs/event-store/src/postgres/month-drop';
import { exportMonth } from '../../../libs/event-store/src/postgres/month-export';
import { formatReceipt, readReceiptArgument, ReceiptError, sealOf, type Receipt } from '../../../libs/event-store/src/seal';
import type { ChainBreak } from '../../../libs/event-store/src';
import { keyed, wordReason } from '../../../libs/i18n/src/reasons';
import { sessionStateKeeper } from '../../../libs/ledger/src/session-state';
import { jackpotPoolsAtSeal } from '../../../libs/replay/src/jackpot-pools';
import { SnapshotRefusedError } from '../../../libs/projections/src/snapshot-tables';
import { refuseLiveBehind, takeSnapshots, type SnapshotOutcome } from '../../../libs/projections/src/snapshots';
import type { WithRuntime } from './credential-commands';
import { argvLanguage, cliSay, cliWords, reasonIn } from './language';

const out = (text: string) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
const err = (text: string) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`);

/** A `--close-month` or an archive's month: YYYY-MM from 2000-01 (where the months' position ranges start), else refused. */
export function month(v: string): string {
  try {
    firstPositionOfMonth(v);
  } catch {
    throw new InvalidArgumentError(cliSay(argvLanguage()).t('arg.month', { value: v }));
  }
  return v;
}

/** Refuse with exit 2, naming what was refused. */
function refuse(text: string): void {
  err(`casino-audit: ${text}`);
  process.exitCode = 2;
}

/** Each file opened (its first reading), or the refusal of the first that cannot be (exit 2). */
async function openAll(files: readonly string[]): Promise<ArchiveFile[] | null> {
  const lang = argvLanguage();
  const opened: ArchiveFile[] = [];
  for (const file of files) {
    if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
      refuse(cliWords(lang).t('cli:noFile', { file }));
      return null;
    }
    try {
      opened.push(await openArchiveFile(file));
    } catch (error) {
      if (!(error instanceof ArchiveFileError)) throw error;
      refuse(cliSay(lang).t('verifyArchive.unreadable', { file, reason: reasonIn(lang, error) }));
      return null;
    }
  }
  return opened;
}

/** A month's problems, the file's sha256 first when it does not match what is written beside it. */
function problemsOf(check: MonthCheck, file: ArchiveFile): ChainBreak[] {
  const { sha256 } = file;
  if (sha256.ok !== false) return check.problems;
  const mismatch = keyed({
    key: 'archive.sha256Mismatch',
    values: { actual: sha256.actual, expected: sha256.expected ?? '', shaFile: sha256.file },
  });
  return [{ streamId: '', streamVersion: 0, globalPosition: null, eventId: null, ...mismatch }, ...check.problems];
}

/** Each problem of a check, one line each (at most 20), in the command's language. */
function printProblems(problems: readonly ChainBreak[], say: ReturnType<typeof cliSay>): void {
  for (const p of problems.slice(0, 20)) {
    const reason = reasonIn(say.lang, p);
    const where = { stream: p.streamId, version: String(p.streamVersion), reason };
    out(`  ${p.streamId ? say.t('verifyArchive.problem', where) : say.t('verifyArchive.fileProblem', { reason })}`);
  }
}

export function registerArchiveCommands(program: Command, withRuntime: WithRuntime) {
  program
    .command('archive')
    .argument('<month>', '', month)
    .option('--dir <dir>', '', '.')
    .option('--drop')
    .option('--json')
    .action(async (archived: string, opts: { dir: string; drop?: boolean; json?: boolean }) => {
      const say = cliSay(argvLanguage());
      let written;
      try {
        written = await withRuntime(program, (runtime) => exportMonth(runtime.pool, archived, opts.dir));
      } catch (error) {
        if (!(error instanceof ArchiveFileError)) throw error;
        refuse(reasonIn(say.lang, error));
        return;
      }
      // the file read back and checked against the store's own closing seal: what was written is the month, whole
      const closing = sealOf(written.closingSeal);
      const receipt = formatReceipt(closing);
      const check = await checkArchiveSource(await openArchiveFile(written.file), { sequence: closing.sequence, sealHash: closing.sealHash });
      const { file, manifest, bytes, sha256 } = written;
      // out of the store only once the file holds the month (store migration 14, month-drop.ts)
      let dropped: MonthDrop | null = null;
      let snapshots: SnapshotOutcome[] = [];
      if (opts.drop && check.ok) {
        try {
          // each read model's tables at the closing seal first, while the month is still there to read: a rebuild
          // after the drop starts from them (snapshots.ts)
          [snapshots, dropped] = await withRuntime(program, async (runtime) => {
            // what refuses the drop is asked before the snapshots: the partition, and a table session still open
            const kept = await statesToKeep(runtime.pool, manifest, sessionStateKeeper);
            // the live read models past the seal too: one behind would go on past events no longer there
            await runtime.projector.catchUp();
            const taken = await takeSnapshots(runtime.pool, runtime.store, runtime.projections, archived);
            await refuseLiveBehind(runtime.pool, runtime.projections, archived);
            // each session's state at the month's heads stays: ingestion judges its late facts against it
            // and each jackpot pool as replay's fold leaves it at the closing seal
            return [taken, await dropMonth(runtime.pool, { file, sha256, manifest, check }, { states: kept, pools: jackpotPoolsAtSeal })] as const;
          });
        } catch (error) {
          if (!(error instanceof ArchiveFileError) && !(error instanceof SnapshotRefusedError)) throw error;
          refuse(reasonIn(say.lang, error));
          return;
        }
      }
      if (opts.json) {
        const snapshotsJson = snapshots.map((s) =>
          s.outcome === 'missing'
            ? { projection: s.projection, outcome: s.outcome, reason: wordReason(s.reason, 'en'), reasonKey: s.reason.key }
            : { projection: s.projection, outcome: s.outcome, month: s.snapshot.month, events: s.snapshot.events },
        );
        out(
          JSON.stringify(
            { ok: check.ok, file, bytes, sha256, receipt, manifest, problems: check.problems, dropped, ...(opts.drop ? { snapshots: snapshotsJson } : {}) },
            null,
            2,
          ),
        );
      } else {
        out(say.t('archive.written', { month: archived, events: say.n(manifest.events), file, bytes: say.n(bytes), sha256 }));
        if (check.ok) out(say.t('archive.checked', { seal: String(closing.sequence), receipt }));
        else {
          out(say.t('archive.broken', { seal: String(closing.sequence), count: say.n(check.problems.length) }));
          printProblems(check.problems, say);
        }
        if (dropped) {
          const count = (outcome: SnapshotOutcome['outcome']) => say.n(snapshots.filter((s) => s.outcome === outcome).length);
          out(say.t('archive.snapshots', { month: archived, taken: count('taken'), kept: count('kept') }));
          for (const s of snapshots)
            if (s.outcome === 'missing') out(`  ${say.t('archive.snapshotMissing', { name: s.projection, reason: wordReason(s.reason, say.lang) })}`);
          out(say.t('archive.dropped', { month: archived, partition: dropped.partition, events: say.n(dropped.events), heads: say.n(dropped.heads) }));
        } else out(say.t('archive.staysOnline', { month: archived }));
      }
      if (!check.ok) process.exitCode = 1;
    });

  program
    .command('verify-archive')
    .argument('<files...>')
    .requiredOption('--receipt <receipt>')
    .option('--json')
    .action(async (files: string[], opts: { receipt: string; json?: boolean }) => {
      const say = cliSay(argvLanguage());
      let receipt: Receipt;
      try {
        receipt = readReceiptArgument(opts.receipt);
      } catch (error) {
        if (!(error instanceof ReceiptError)) throw error;
        refuse(`--receipt: ${reasonIn(say.lang, error)}`);
        return;
      }
      const opened = await openAll(files);
      if (!opened) return;
      let series;
      try {
        series = await checkArchives(opened, receipt);
      } catch (error) {
        // a file changed between its two readings
        if (!(error instanceof ArchiveFileError)) throw error;
        refuse(reasonIn(say.lang, error));
        return;
      }
      const months = series.months.map((m) => {
        const file = opened[m.given];
        const problems = problemsOf(m, file);
        return { check: m, file, problems, ok: problems.length === 0 };
      });
      const ok = months.every((m) => m.ok);
      if (opts.json) {
        out(
          JSON.stringify(
            {
              ok,
              receipt: opts.receipt,
              months: months.map(({ check, file, problems, ok: monthOk }) => ({
                file: file.file,
                month: check.month,
                ok: monthOk,
                coveredBy: check.coveredBy,
                events: check.events,
                streams: check.streams,
                firstPosition: file.manifest.firstPosition,
                lastPosition: file.manifest.lastPosition,
                openingSeal: file.manifest.openingSeal,
                closingSeal: file.manifest.closingSeal,
                receiptSeal: check.receiptSeal?.sequence ?? null,
                sha256: file.sha256,
                problems,
              })),
            },
            null,
            2,
          ),
        );
      } else {
        months.forEach(({ check, file, problems, ok: monthOk }, i) => {
          if (monthOk) {
            const next = months[i + 1]?.check.month ?? 'none';
            out(
              say.t('verifyArchive.intact', {
                file: file.file,
                month: check.month,
                events: say.n(check.events),
                streams: say.n(check.streams),
                closing: String(file.manifest.closingSeal),
                covered: check.coveredBy,
                next,
              }),
            );
          } else {
            out(say.t('verifyArchive.broken', { file: file.file, month: check.month, count: say.n(problems.length) }));
            printProblems(problems, say);
          }
          if (file.sha256.ok === true) out(`  ${say.t('verifyArchive.sha256Match', { shaFile: file.sha256.file })}`);
          if (file.sha256.ok === null) out(`  ${say.t('verifyArchive.sha256None', { shaFile: file.sha256.file })}`);
        });
        const broken = months.filter((m) => !m.ok).length;
        const last = series.months[series.months.length - 1];
        out(
          ok
            ? say.t('verifyArchive.allIntact', { count: say.n(months.length), seal: String(last.receiptSeal?.sequence ?? '') })
            : say.t('verifyArchive.someBroken', { count: say.n(broken), total: say.n(months.length) }),
        );
      }
      if (!ok) process.exitCode = 1;
    });
}
