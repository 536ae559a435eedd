/**
 * `casino-audit report reconciliation | jackpots | equipment | inspector | performance | advantage-play`, the table book's `--pdf`, and
 * `casino-audit count` (the count room's results for a session). Registered by the lead from
 * commands.ts: `registerReportCommands(report, program)`.
 */
import { Command, InvalidArgumentError } from 'commander';
import * as fs from 'node:fs';
import { IngestResult } from '../../../libs/ledger/src';
import { Runtime, startRuntime } from '../../../libs/platform/src';
import { loadEquipment, loadInspectorDay, loadJackpots, loadPerformance, loadReconciliation, loadTableBook } from '../../../libs/projections/src';
import { loadAdvantagePlayOfDay } from '../../../libs/projections/src/players/advantage-play-report';
import {
  advantagePlayCsv,
  advantagePlayText,
  equipmentCsv,
  equipmentText,
  inspectorCsv,
  inspectorPdf,
  inspectorText,
  jackpotsCsv,
  jackpotsText,
  performanceCsv,
  performancePdf,
  performanceText,
  reconciliationCsv,
  reconciliationText,
  tableBookCsv,
  tableBookPdf,
  tableBookText,
} from '../../../libs/reports/src';
import { countEnvelopes } from '../../api/src/reports/counts.controller';
import { FINDING_COLUMNS, findingCells, findFindings, FindingRow, FindingsKey } from '../../../libs/projections/src/day-compliance/findings-by-code';
import { csv } from '../../../libs/reports/src/csv';
import { inspectorDayInLanguage, tableBookInLanguage } from '../../../libs/reports/src/finding-language';
import { wordReason } from '../../../libs/i18n/src/reasons';
import { argvLanguage, cliLanguage, cliSay } from './language';
import { explanation, legalCitationText } from '../../../libs/reports/src/finding-language';
import { refusalInLanguage } from '../../../libs/i18n/src/reasons';

const out = (text: string) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
const err = (text: string) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`);

/** Start the runtime for one command, run it, and always close (as commands.ts `withRuntime`). */
async function withRuntime<T>(program: Command, fn: (runtime: Runtime) => Promise<T>): Promise<T> {
  const runtime = await startRuntime({ dataDir: program.opts().dataDir });
  const stop = () => void runtime.close().then(() => process.exit(130));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    return await fn(runtime);
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    await runtime.close();
  }
}

/** A report reads the read models once they have caught up with the store. */
const caughtUp = <T>(program: Command, load: (runtime: Runtime) => Promise<T>): Promise<T> =>
  withRuntime(program, async (runtime) => {
    await runtime.projector.catchUp();
    return load(runtime);
  });

/** A `--gaming-day`, `--from` or `--to`: a calendar date (YYYY-MM-DD), else the option is refused. */
export function gamingDay(v: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`)))
    throw new InvalidArgumentError(cliSay(argvLanguage()).t('arg.calendarDay', { value: v }));
  return v;
}

function money(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError(cliSay(argvLanguage()).t('arg.minorUnits', { value: v }));
  return n;
}

function oneFormat(opts: Record<string, unknown>, names: string[]): boolean {
  const chosen = names.filter((n) => opts[n] !== undefined && opts[n] !== false);
  if (chosen.length > 1) {
    err(`casino-audit: ${cliSay(argvLanguage()).t('report.oneFormat', { options: names.map((n) => `--${n}`).join(', ') })}`);
    process.exitCode = 2;
    return false;
  }
  return true;
}

async function writePdf(file: string, pdf: Buffer) {
  fs.writeFileSync(file, pdf);
  const say = cliSay(argvLanguage());
  out(say.t('report.wrote', { file, bytes: say.n(pdf.length) }));
}

export function registerReportCommands(report: Command, program: Command) {
  report
    .command('reconciliation')
    .requiredOption('--gaming-day <day>', '', gamingDay)
    .option('--casino <id>')
    .option('--json')
    .option('--csv')
    .action(async (opts: { gamingDay: string; casino?: string; json?: boolean; csv?: boolean }) => {
      if (!oneFormat(opts, ['json', 'csv'])) return;
      const r = await caughtUp(program, (runtime) => loadReconciliation(runtime, { gamingDay: opts.gamingDay, casinoId: opts.casino ?? null }));
      const lang = cliLanguage(program);
      out(opts.json ? JSON.stringify(r, null, 2) : opts.csv ? reconciliationCsv(r, lang) : reconciliationText(r, lang));
    });

  report
    .command('jackpots')
    .option('--casino <id>')
    .option('--pool <id>')
    .option('--points <n>', '', (v) => Number(v), 500)
    .option('--json')
    .option('--csv')
    .action(async (opts: { casino?: string; pool?: string; points: number; json?: boolean; csv?: boolean }) => {
      if (!oneFormat(opts, ['json', 'csv'])) return;
      const r = await caughtUp(program, (runtime) => loadJackpots(runtime, { casinoId: opts.casino ?? null, poolId: opts.pool ?? null, points: opts.points }));
      const lang = cliLanguage(program);
      out(opts.json ? JSON.stringify(r, null, 2) : opts.csv ? jackpotsCsv(r, lang) : jackpotsText(r, lang));
    });

  report
    .command('equipment')
    .option('--casino <id>')
    .option('--table <id>')
    .option('--json')
    .option('--csv')
    .action(async (opts: { casino?: string; table?: string; json?: boolean; csv?: boolean }) => {
      if (!oneFormat(opts, ['json', 'csv'])) return;
      const r = await caughtUp(program, (runtime) => loadEquipment(runtime, { casinoId: opts.casino ?? null, tableId: opts.table ?? null }));
      const lang = cliLanguage(program);
      out(opts.json ? JSON.stringify(r, null, 2) : opts.csv ? equipmentCsv(r, lang) : equipmentText(r, lang));
    });

  report
    .command('inspector')
    .requiredOption('--gaming-day <day>', '', gamingDay)
    .option('--casino <id>')
    .option('--json')
    .option('--csv')
    .option('--pdf <file>')
    .option('--players')
    .action(async (opts: { gamingDay: string; casino?: string; json?: boolean; csv?: boolean; pdf?: string; players?: boolean }) => {
      if (!oneFormat(opts, ['json', 'csv', 'pdf'])) return;
      const r = await caughtUp(program, async (runtime) => {
        const day = await loadInspectorDay(runtime, { gamingDay: opts.gamingDay, casinoId: opts.casino ?? null });
        return opts.players
          ? { ...day, advantagePlay: await loadAdvantagePlayOfDay(runtime, { gamingDay: opts.gamingDay, casinoId: opts.casino ?? null }) }
          : day;
      });
      const lang = cliLanguage(program);
      if (opts.pdf) return writePdf(opts.pdf, await inspectorPdf(r, { lang }));
      out(opts.json ? JSON.stringify(inspectorDayInLanguage(r, lang), null, 2) : opts.csv ? inspectorCsv(r, lang) : inspectorText(r, lang));
    });

  // issue 15: the session and gaming-day findings by code across days, from the read models (as GET /findings)
  report
    .command('findings')
    .option('--code <code>', '', (v) => {
      if (!/^[A-Z][A-Z0-9_]{0,63}$/.test(v)) throw new InvalidArgumentError(cliSay(argvLanguage()).t('arg.findingCode', { value: v }));
      return v;
    })
    .option('--from <day>', '', gamingDay)
    .option('--to <day>', '', gamingDay)
    .option('--casino <id>')
    .option('--json')
    .option('--csv')
    .action(async (opts: { code?: string; from?: string; to?: string; casino?: string; json?: boolean; csv?: boolean }) => {
      if (!oneFormat(opts, ['json', 'csv'])) return;
      if (opts.from && opts.to && opts.from > opts.to) {
        err(`casino-audit: ${cliSay(cliLanguage(program)).t('report.toBeforeFrom', { to: opts.to, from: opts.from })}`);
        process.exitCode = 2;
        return;
      }
      const rows = await caughtUp(program, async (runtime) => {
        const all: FindingRow[] = [];
        let after: FindingsKey | undefined;
        do {
          const page = await findFindings(runtime.pool, { code: opts.code, from: opts.from, to: opts.to, casino: opts.casino }, 1000, after);
          all.push(...page.rows);
          after = page.next ?? undefined;
        } while (after);
        return all;
      });
      if (opts.json) out(JSON.stringify(rows, null, 2));
      else if (opts.csv) out(csv([[...FINDING_COLUMNS], ...rows.map(findingCells)]));
      else {
        // English as it always read (the judge's message and the line pointer); otherwise explained, with the citation in legal form
        const lang = cliLanguage(program);
        const say = cliSay(lang);
        const line = (r: FindingRow) =>
          lang === 'en'
            ? `${r.gamingDay} ${r.casinoId} ${r.tableId ?? 'the day'} ${r.code} ${r.rule} (${r.citation}): ${r.message}`
            : `${r.gamingDay} ${r.casinoId} ${r.tableId ?? say.t('report.theDay')} ${r.code} ${r.rule} (${legalCitationText(r.citation, lang)}): ${explanation(r, lang)}`;
        out(rows.length ? rows.map(line).join('\n') : say.t('report.noFinding'));
      }
    });

  report
    .command('performance')
    .requiredOption('--gaming-day <day>', '', gamingDay)
    .option('--casino <id>')
    .option('--table <id>')
    .option('--json')
    .option('--csv')
    .option('--pdf <file>')
    .action(async (opts: { gamingDay: string; casino?: string; table?: string; json?: boolean; csv?: boolean; pdf?: string }) => {
      if (!oneFormat(opts, ['json', 'csv', 'pdf'])) return;
      // the command line is the operator's own: the croupiers' figures are shown (the API shows them to compliance and inspectors only)
      const r = await caughtUp(program, (runtime) =>
        loadPerformance(runtime, { gamingDay: opts.gamingDay, casinoId: opts.casino ?? null, tableId: opts.table ?? null, croupiers: true }),
      );
      const lang = cliLanguage(program);
      if (opts.pdf) return writePdf(opts.pdf, await performancePdf(r, { lang }));
      out(opts.json ? JSON.stringify(r, null, 2) : opts.csv ? performanceCsv(r, lang) : performanceText(r, lang));
    });

  report
    .command('advantage-play')
    .requiredOption('--gaming-day <day>', '', gamingDay)
    .option('--casino <id>')
    .option('--json')
    .option('--csv')
    .action(async (opts: { gamingDay: string; casino?: string; json?: boolean; csv?: boolean }) => {
      if (!oneFormat(opts, ['json', 'csv'])) return;
      // the command line is the operator's own, as report performance shows the croupiers (the API: compliance and inspectors only)
      const reports = await caughtUp(program, (runtime) => loadAdvantagePlayOfDay(runtime, { gamingDay: opts.gamingDay, casinoId: opts.casino ?? null }));
      const lang = cliLanguage(program);
      if (opts.json) out(JSON.stringify(opts.casino ? reports[0] : reports, null, 2));
      else if (opts.csv) out(advantagePlayCsv(reports, lang));
      else out(reports.length ? reports.map((r) => advantagePlayText(r, lang)).join('\n\n') : cliSay(lang).t('report.noSessionDay', { day: opts.gamingDay }));
    });

  // the table book: the same command as before, with --pdf (defined here when commands.ts has none)
  let tableBook = report.commands.find((c) => c.name() === 'table-book');
  if (!tableBook) {
    tableBook = report.command('table-book').requiredOption('--session <id>').option('--json').option('--csv');
  }
  tableBook.option('--pdf <file>').action(async (opts: { session: string; json?: boolean; csv?: boolean; pdf?: string }) => {
    if (!oneFormat(opts, ['json', 'csv', 'pdf'])) return;
    const book = await caughtUp(program, (runtime) => loadTableBook(runtime, opts.session));
    const lang = cliLanguage(program);
    if (!book) {
      err(`casino-audit: ${wordReason({ key: 'noSession', values: { sessionId: opts.session } }, lang)}`);
      process.exitCode = 1;
      return;
    }
    if (opts.pdf) return writePdf(opts.pdf, await tableBookPdf(book, { lang }));
    out(opts.json ? JSON.stringify(tableBookInLanguage(book, lang), null, 2) : opts.csv ? tableBookCsv(book, lang) : tableBookText(book, lang));
  });

  program
    .command('count')
    .requiredOption('--session <id>')
    .option('--drop <amount>', '', money)
    .option('--tips <amount>', '', money)
    .option('--cagnotte <amount>', '', money)
    .requiredOption('--counted-by <names>', '', (v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .option('--recorded-by <who>', '', 'count-room')
    .option('--json')
    .action(async (opts: { session: string; drop?: number; tips?: number; cagnotte?: number; countedBy: string[]; recordedBy: string; json?: boolean }) => {
      const envelopes = countEnvelopes(opts.session, opts, opts.recordedBy);
      if (!envelopes.length) {
        err(`casino-audit: ${cliSay(cliLanguage(program)).t('count.nothing')}`);
        process.exitCode = 2;
        return;
      }
      const result: IngestResult = await withRuntime(program, async (runtime) => {
        const r = await runtime.ingestion.ingest(envelopes.map((value) => ({ value })));
        if (r.ok) await runtime.projector.catchUp();
        return r;
      });
      // as `import` prints its result, the refusals' reasons in the command's language (issue 16)
      const lang = cliLanguage(program);
      const say = cliSay(lang);
      const refusals = result.refusals.map((r) => refusalInLanguage(r, lang));
      if (opts.json) out(JSON.stringify({ appended: result.appended, duplicate: result.duplicate, refused: result.refused, refusals }, null, 2));
      else out(say.t('import.result', { appended: result.appended, duplicate: result.duplicate, refused: result.refused }));
      for (const r of refusals) err(`  ${say.t('import.where', { kind: 'event', n: r.index + 1 })}: ${r.field}: ${r.reason}`);
      if (!result.ok) process.exitCode = 1;
    });
}
