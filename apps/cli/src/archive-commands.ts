/**
 * `casino-audit verify-archive FILE… --receipt R` (issue 23 §4; docs/scaling.md §3): archived months checked
 * from their files alone, without a database, as an inspector or the casino's auditor would on their own
 * machine: every stream's chain, the seals, each month handing over to the next, the sha256 beside each file.
 * Exit 0 when every month holds, 1 when one does not, 2 when an argument or a file is not what it must be.
 */
import { Command } from 'commander';
import * as fs from 'node:fs';
import { checkArchives, type MonthCheck } from '../../../libs/event-store/src/archive-check';
import { ArchiveFileError } from '../../../libs/event-store/src/archive';
import { openArchiveFile, type ArchiveFile } from '../../../libs/event-store/src/archive-file';
import { readReceiptArgument, ReceiptError, type Receipt } from '../../../libs/event-store/src/seal';
import type { ChainBreak } from '../../../libs/event-store/src';
import { keyed } from '../../../libs/i18n/src/reasons';
import { argvLanguage, cliSay, cliWords, reasonIn } from './language';

const out = (text: string) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
const err = (text: string) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`);

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

export function registerArchiveCommands(program: Command) {
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
            for (const p of problems.slice(0, 20)) {
              const reason = reasonIn(say.lang, p);
              out(
                `  ${p.streamId ? say.t('verifyArchive.problem', { stream: p.streamId, version: String(p.streamVersion), reason }) : say.t('verifyArchive.fileProblem', { reason })}`,
              );
            }
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
