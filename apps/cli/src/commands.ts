import { SingleBar, Presets } from 'cli-progress';
import { Command, InvalidArgumentError, Option } from 'commander';
import * as fs from 'node:fs';
import { createHttpApp } from '../../api/src/http-app';
import { createOpsApp } from '../../api/src/ops-app';
import { Pool } from 'pg';
import {
  ChainBreak,
  EventStore,
  EventStoreDbEventStore,
  migrateStore,
  PostgresEventStore,
  storePoolConfig,
  verifyCopy,
  verifyEventStoreDb,
  VerifyReport,
  verifyStore,
} from '../../../libs/event-store/src';
import { IngestResult, parseNdjsonBytes } from '../../../libs/ledger/src';
import { createSeal, readReceiptArgument, ReceiptError, SealRefusedError } from '../../../libs/event-store/src/seal';
import { turnMonth, type MonthTurn } from '../../../libs/event-store/src/postgres/month-turn';
import { config, OpsCheckName, recordOpsCheck, Runtime, startRuntime } from '../../../libs/platform/src';
import { loadTableBook, rebuildProjection } from '../../../libs/projections/src';
import { RebuildRefusedError, rebuildStarts } from '../../../libs/projections/src/rebuild';
import { tableBookCsv, tableBookText } from '../../../libs/reports/src';
import { JackpotPoolsArchivedError, replayInLanguage, replayNarrative, replayRound, RoundArchivedError, RoundNotFoundError } from '../../../libs/replay/src';
import type { Language } from '../../../libs/i18n/src';
import { because, keyed, refusalInLanguage, wordReason } from '../../../libs/i18n/src/reasons';
import { tableBookInLanguage } from '../../../libs/reports/src/finding-language';
import { argvLanguage, cliLanguage, cliSay, cliWords, LANG_OPTION, reasonIn } from './language';
import { describeCommands, WordedCommand } from './help';
import { ROLES } from '../../../libs/access/src';
import { announceBootstrapCredential, recordCliRead, registerCredentialCommands } from './credential-commands';
import { keepVerifiedReceipt, refuseToServe, registerBackupCommands } from './backup-commands';
import { month, registerArchiveCommands } from './archive-commands';
import { DEMO_DEFAULTS, runDemo } from './demo';
import { gamingDay, registerReportCommands } from './report-commands';
import { manifestPath, recordSimulation, writeManifest } from './simulation';
import { DEFAULT_CASINO, DEFAULT_GAMING_DAY } from '../../../libs/simulator/src';

const out = (text: string) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
const err = (text: string) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`);

/** Start the runtime for one command, run it, and always close (stopping an embedded server we started). */
export async function withRuntime<T>(program: Command, fn: (runtime: Runtime) => Promise<T>): Promise<T> {
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

/** The result of an import in `lang`: each refusal's reason worded in it where the refusal carries its key (issue 16). */
export function printIngest(result: IngestResult, asJson: boolean, lang: Language = 'en') {
  const refusals = result.refusals.map((r) => refusalInLanguage(r, lang));
  if (asJson) {
    out(JSON.stringify({ appended: result.appended, duplicate: result.duplicate, refused: result.refused, refusals }, null, 2));
    return;
  }
  const { t } = cliWords(lang);
  out(t('cli:import.result', { appended: result.appended, duplicate: result.duplicate, refused: result.refused }));
  for (const r of refusals.slice(0, 50)) {
    err(`  ${t('cli:import.where', { kind: r.line !== undefined ? 'line' : 'event', n: r.line ?? r.index + 1 })}: ${r.field}: ${r.reason}`);
  }
  if (refusals.length > 50) err(`  ${t('cli:import.more', { count: refusals.length - 50 })}`);
  if (!result.ok) err(t('cli:import.nothingStored'));
}

/**
 * The whole command line in `lang` (read from argv and LANG before parsing: `argvLanguage`). The commands
 * are named here; what each does, and each option and argument, is worded from the catalogue
 * (`cli:about.*`, help.ts), which is why the options below carry no description of their own ('').
 */
export function createProgram(lang: Language): WordedCommand {
  const program = new WordedCommand('casino-audit', lang);
  program.showHelpAfterError().addOption(new Option('--data-dir <dir>').env('CASINO_AUDIT_HOME'));
  registerCommands(program);
  describeCommands(program, lang, { tables: DEMO_DEFAULTS.tables, roles: ROLES.join(', ') });
  return program;
}

function registerCommands(program: Command) {
  program.addOption(LANG_OPTION());
  program
    .command('import')
    .argument('<file>')
    .option('--json')
    .action(async (file: string, opts: { json?: boolean }) => {
      if (!fs.existsSync(file)) {
        err(`casino-audit: ${cliWords(cliLanguage(program)).t('cli:noFile', { file })}`);
        process.exitCode = 2;
        return;
      }
      const inputs = parseNdjsonBytes(fs.readFileSync(file));
      const result = await withRuntime(program, async (runtime) => {
        const r = await runtime.ingestion.ingest(inputs);
        if (r.ok) await runtime.projector.catchUp();
        return r;
      });
      printIngest(result, !!opts.json, cliLanguage(program));
      if (!result.ok) process.exitCode = 1;
    });

  program
    .command('replay')
    .argument('<roundId>')
    .option('--json')
    .option('--full')
    .action(async (roundId: string, opts: { json?: boolean; full?: boolean }) => {
      try {
        const replay = await withRuntime(program, async (runtime) => {
          const r = await replayRound(runtime.store, roundId, { snapshot: !opts.full });
          await recordCliRead(runtime, 'replay', 'cli replay', { roundId }, opts.json ? 'json' : 'text');
          return r;
        });
        // the findings explained in the command's language, with their legal-form citation (issue 16)
        out(opts.json ? JSON.stringify(replayInLanguage(replay, cliLanguage(program)), null, 2) : replayNarrative(replay, undefined, cliLanguage(program)));
      } catch (error) {
        // the round, its session's earlier facts or the pools before it are out of the store: refused, named, never judged without them
        if (error instanceof JackpotPoolsArchivedError || error instanceof RoundArchivedError) {
          err(`casino-audit: ${wordReason(error.because, cliLanguage(program))}`);
          process.exitCode = 2;
          return;
        }
        if (!(error instanceof RoundNotFoundError)) throw error;
        err(`casino-audit: ${wordReason({ key: 'noRound', values: { roundId } }, cliLanguage(program))}`);
        process.exitCode = 1;
      }
    });

  const report = program.command('report');
  report
    .command('table-book')
    .requiredOption('--session <id>')
    .option('--json')
    .option('--csv')
    .action(async (opts: { session: string; json?: boolean; csv?: boolean }) => {
      const book = await withRuntime(program, async (runtime) => {
        await runtime.projector.catchUp();
        return loadTableBook(runtime, opts.session);
      });
      const lang = cliLanguage(program);
      if (!book) {
        err(`casino-audit: ${wordReason({ key: 'noSession', values: { sessionId: opts.session } }, lang)}`);
        process.exitCode = 1;
        return;
      }
      out(opts.json ? JSON.stringify(tableBookInLanguage(book, lang), null, 2) : opts.csv ? tableBookCsv(book, lang) : tableBookText(book, lang));
    });

  registerReportCommands(report, program);

  const projections = program.command('projections');
  projections
    .command('rebuild')
    .argument('[names...]')
    .action(async (names: string[]) => {
      const say = cliSay(cliLanguage(program));
      await withRuntime(program, async (runtime) => {
        const chosen = names.length ? runtime.projections.filter((p) => names.includes(p.name)) : runtime.projections;
        const unknown = names.filter((n) => !runtime.projections.some((p) => p.name === n));
        if (unknown.length) {
          err(`casino-audit: ${say.t('projections.unknown', { names: unknown.join(', '), known: runtime.projections.map((p) => p.name).join(', ') })}`);
          process.exitCode = 2;
          return;
        }
        // once months are out of the store, a read model without a snapshot at the last one's closing seal is refused before any bar
        try {
          await rebuildStarts(
            runtime.pool,
            chosen.map((p) => p.name),
          );
        } catch (error) {
          if (!(error instanceof RebuildRefusedError)) throw error;
          err(`casino-audit: ${reasonIn(say.lang, error)}`);
          process.exitCode = 2;
          return;
        }
        for (const p of chosen) {
          // cli-progress fills its own {value}, {total} and {rate}: the catalogue words what surrounds them
          const progress = say.t('projections.progress', { value: '{value}', total: '{total}', rate: '{rate}' });
          const bar = new SingleBar({ format: `${p.name.padEnd(16)} [{bar}] {percentage}% · ${progress}`, hideCursor: true }, Presets.shades_classic);
          const started = Date.now();
          bar.start(1, 0, { rate: 0 });
          const result = await rebuildProjection(runtime.pool, runtime.store, p, ({ done, total }) => {
            bar.setTotal(Math.max(total, 1));
            bar.update(done, { rate: Math.round(done / Math.max((Date.now() - started) / 1000, 0.001)) });
          });
          bar.stop();
          out(
            say.t('projections.rebuilt', {
              name: p.name,
              events: say.n(result.events),
              seconds: say.lang === 'en' ? ((Date.now() - started) / 1000).toFixed(1) : cliWords(say.lang).number((Date.now() - started) / 1000, 1),
            }),
          );
        }
      });
    });
  projections
    .command('run')
    .argument('[names...]')
    .option('--once')
    .action(async (names: string[], opts: { once?: boolean }) => {
      const say = cliSay(cliLanguage(program));
      await withRuntime(program, async (runtime) => {
        const unknown = names.filter((n) => !runtime.projections.some((p) => p.name === n));
        if (unknown.length) {
          err(`casino-audit: ${say.t('projections.unknown', { names: unknown.join(', '), known: runtime.projections.map((p) => p.name).join(', ') })}`);
          process.exitCode = 2;
          return;
        }
        const projector = names.length ? runtime.projectorFor(runtime.projections.filter((p) => names.includes(p.name))) : runtime.projector;
        if (opts.once) {
          out(say.t('projections.applied', { events: say.n(await projector.catchUp()) }));
          return;
        }
        process.once('SIGTERM', () => projector.stop());
        process.once('SIGINT', () => projector.stop());
        await projector.follow();
      });
    });

  program
    .command('verify')
    .option('--json')
    .option('--receipt <receipt>')
    .action(async (opts: { json?: boolean; receipt?: string }) => {
      const say = cliSay(cliLanguage(program));
      let receipt;
      try {
        receipt = opts.receipt ? readReceiptArgument(opts.receipt) : undefined;
      } catch (error) {
        if (!(error instanceof ReceiptError)) throw error;
        err(`casino-audit: --receipt: ${reasonIn(say.lang, error)}`);
        process.exitCode = 2;
        return;
      }
      const report = await withRuntime(program, (runtime) =>
        recordOutcome(
          runtime,
          'verify',
          async () => {
            const copy = await verifyStore(runtime.pool, { receipt });
            if (receipt) await keepVerifiedReceipt(runtime, receipt);
            return runtime.mirror ? verifyRecordAndCopy(runtime, copy) : copy;
          },
          (r) => r.ok,
          (r) =>
            r.ok
              ? `${r.events} events in ${r.streams} streams intact`
              : `${r.breaks.length} stream(s) broken: ${r.breaks[0].streamId} version ${r.breaks[0].streamVersion}: ${r.breaks[0].reason}`,
        ),
      );
      if (opts.json) out(JSON.stringify(report, null, 2));
      else if (report.ok) {
        const seals = report.seals;
        out(
          say.t('verify.intact', { events: say.n(report.events), streams: say.n(report.streams) }) +
            (seals?.latest
              ? say.t('verify.latestSeal', {
                  sequence: String(seals.latest.sequence),
                  at: seals.latest.sealedAt,
                  receipt: seals.receipt?.ok ? String(seals.receipt.sequence) : 'none',
                  unsealed: say.n(seals.unsealedEvents),
                })
              : say.t('verify.neverSealed')),
        );
      } else {
        const first = report.breaks[0];
        // the verifier's reason (hash mismatch, a gap…) worded from its key; --json keeps the English `reason`
        out(
          say.t('verify.tampered', {
            count: say.n(report.breaks.length),
            stream: first.streamId,
            version: String(first.streamVersion),
            global: first.globalPosition ? String(first.globalPosition) : 'none',
            reason: reasonIn(say.lang, first),
          }),
        );
        for (const b of report.breaks.slice(1, 20))
          out(`  ${say.t('verify.broken', { stream: b.streamId, version: String(b.streamVersion), reason: reasonIn(say.lang, b) })}`);
      }
      if (!report.ok) process.exitCode = 1;
    });

  registerArchiveCommands(program, withRuntime);

  program
    .command('seal')
    .hook('preAction', () => {
      if (config().EVENT_STORE === 'eventstoredb') {
        err(`casino-audit: ${cliSay(cliLanguage(program)).t('seal.eventstoredb')}`);
        process.exit(2);
      }
    })
    .option('--gaming-day <day>', '', gamingDay)
    .option('--close-month <month>', '', month)
    .option('--json')
    .action(async (opts: { gamingDay?: string; closeMonth?: string; json?: boolean }) => {
      if (opts.closeMonth && opts.gamingDay) {
        // the month's closing seal is the seal of its last day
        err(`casino-audit: ${cliSay(cliLanguage(program)).t('seal.closeMonthAlone')}`);
        process.exitCode = 2;
        return;
      }
      try {
        let turn: MonthTurn | undefined;
        const { seal, receipt, changedStreams } = await withRuntime(program, (runtime) =>
          recordOutcome(
            runtime,
            'seal',
            async () => {
              if (!opts.closeMonth) return createSeal(runtime.pool, { gamingDay: opts.gamingDay });
              turn = await turnMonth(runtime.pool, opts.closeMonth);
              return turn.closingSeal;
            },
            () => true,
            (s) => `seal #${s.seal.sequence}`,
          ),
        );
        if (opts.json)
          out(
            JSON.stringify(
              {
                receipt,
                sequence: seal.sequence,
                sealHash: seal.sealHash,
                sealedAt: seal.sealedAt,
                gamingDay: seal.gamingDay,
                streamCount: seal.streamCount,
                changedStreams,
                ...(turn ? { closedMonth: turn.month, nextMonth: turn.next, nextMonthFirstPosition: turn.firstPosition.toString() } : {}),
              },
              null,
              2,
            ),
          );
        else {
          const say = cliSay(cliLanguage(program));
          out(say.t('seal.sealed', { sequence: String(seal.sequence), streams: say.n(seal.streamCount), changed: say.n(changedStreams), receipt }));
          if (turn) out(say.t('seal.monthClosed', { month: turn.month, next: turn.next, position: turn.firstPosition.toString() }));
        }
      } catch (error) {
        if (!(error instanceof SealRefusedError)) throw error;
        const lang = cliLanguage(program);
        err(`casino-audit: ${reasonIn(lang, error)}`);
        for (const p of error.problemReasons.slice(0, 20)) err(`  ${wordReason(p, lang)}`);
        process.exitCode = 1;
      }
    });

  program
    .command('serve')
    .option('--port <port>', '', (v) => Number(v), config().PORT)
    .option('--host <host>', '', '127.0.0.1')
    .action(async (opts: { port: number; host: string }) => {
      await serve(program, opts.port, opts.host);
    });

  program
    .command('simulate')
    .requiredOption('--tables <n>', '', positiveInt)
    .requiredOption('--rounds <n>', '', positiveInt)
    .requiredOption('--seed <s>', '', positiveInt)
    .option('--error-rate <r>', '', rate, 0)
    .option('--casino <id>', '', DEFAULT_CASINO)
    .option('--gaming-day <day>', '', gamingDay, DEFAULT_GAMING_DAY)
    .option('--games <ids>')
    .option('--jurisdiction <id>')
    .option('--out <file>')
    .option('--manifest <file>')
    .action(async (opts) => {
      await withRuntime(program, async (runtime) => {
        const options = {
          tables: opts.tables,
          rounds: opts.rounds,
          seed: opts.seed,
          errorRate: opts.errorRate,
          casinoId: opts.casino,
          gamingDay: opts.gamingDay,
          games: opts.games?.split(','),
          jurisdiction: opts.jurisdiction,
        };
        const run = await recordSimulation(runtime, options, process.stderr.isTTY, opts.out);
        const file = manifestPath(runtime, run.manifest, opts.manifest ?? (opts.out ? `${opts.out}.manifest.json` : undefined));
        writeManifest(file, run.manifest);
        if (!opts.out) await runtime.projector.catchUp();
        const say = cliSay(cliLanguage(program));
        out(
          say.t('simulate.done', {
            sessions: say.n(run.manifest.sessions.length),
            rounds: say.n(run.manifest.rounds),
            events: say.n(run.manifest.events),
            out: opts.out ?? 'none',
            appended: say.n(run.appended),
            duplicate: say.n(run.duplicate),
            seconds: say.lang === 'en' ? run.seconds.toFixed(1) : cliWords(say.lang).number(run.seconds, 1),
          }),
        );
        const kinds: Record<string, number> = {};
        for (const i of run.manifest.injected) kinds[i.kind] = (kinds[i.kind] ?? 0) + 1;
        const byKind = Object.entries(kinds)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ');
        out(say.t('simulate.injected', { count: say.n(run.manifest.injected.length), kinds: byKind || 'none', manifest: file }));
      });
    });

  program
    .command('demo')
    .option('--tables <n>', '', demoTables, DEMO_DEFAULTS.tables)
    .option('--rounds <n>', '', positiveInt, DEMO_DEFAULTS.rounds)
    .option('--seed <s>', '', positiveInt, DEMO_DEFAULTS.seed)
    .option('--error-rate <r>', '', rate, DEMO_DEFAULTS.errorRate)
    .option('--no-statistical-injections')
    .option('--no-serve')
    .option('--port <port>', '', (v) => Number(v), config().PORT)
    .option('--host <host>', '', '127.0.0.1')
    .action(async (opts) => {
      const options = {
        ...DEMO_DEFAULTS,
        tables: opts.tables,
        rounds: opts.rounds,
        seed: opts.seed,
        errorRate: opts.errorRate,
        statisticalInjections: opts.statisticalInjections,
      };
      if (!opts.serve) {
        await withRuntime(program, (runtime) => runDemo(runtime, out, options, process.stderr.isTTY, cliLanguage(program)));
        return;
      }
      await serve(program, opts.port, opts.host, async (runtime) => {
        await runDemo(runtime, out, options, process.stderr.isTTY, cliLanguage(program));
      });
    });

  program
    .command('migrate-store')
    .requiredOption('--to <store>')
    .option('--target-url <url>')
    .option('--from <checkpoint>')
    .option('--json')
    .action(async (opts: { to: string; targetUrl?: string; from?: string; json?: boolean }) => {
      const report = await withRuntime(program, async (runtime) => {
        const source = runtime.store;
        let target: EventStore;
        if (opts.to === 'eventstoredb') {
          const cs = config().EVENTSTORE_CONNECTION_STRING;
          if (!cs) throw new Error(cliSay(cliLanguage(program)).t('migrate.needsConnection'));
          target = EventStoreDbEventStore.fromConnectionString(cs);
        } else if (opts.to === 'postgres' && opts.targetUrl) {
          const pg = new PostgresEventStore(new Pool(storePoolConfig(opts.targetUrl, 4)));
          await pg.migrate();
          target = pg;
        } else throw new Error(cliSay(cliLanguage(program)).t('migrate.to'));
        const [tx, pos] = (opts.from ?? '').split(':');
        try {
          return await migrateStore(
            source,
            target,
            (p) => {
              const say = cliSay(cliLanguage(program));
              if (p.phase === 'copy')
                err(
                  say.t('migrate.copied', {
                    events: say.n(p.events),
                    appended: say.n(p.appended),
                    duplicate: say.n(p.duplicate),
                    from: `${p.checkpoint.transactionId}:${p.checkpoint.globalPosition}`,
                  }),
                );
              else err(say.t('migrate.verified', { streams: say.n(p.streams ?? 0), total: say.n(p.totalStreams ?? 0) }));
            },
            opts.from ? { startAfter: { transactionId: BigInt(tx), globalPosition: BigInt(pos) } } : {},
          );
        } finally {
          await target.close();
        }
      });
      const v = report.verification!;
      if (opts.json) out(JSON.stringify(report, (_k, x) => (typeof x === 'bigint' ? x.toString() : x), 2));
      else {
        const say = cliSay(cliLanguage(program));
        const first = v.breaks[0];
        out(
          say.t('migrate.read', { events: say.n(report.events), appended: say.n(report.appended), duplicate: say.n(report.duplicate) }) +
            (v.ok
              ? say.t('migrate.intact', { events: say.n(v.events), streams: say.n(v.streams) })
              : say.t('migrate.failed', { stream: first.streamId, version: String(first.streamVersion), reason: reasonIn(say.lang, first) })),
        );
      }
      if (!v.ok) process.exitCode = 1;
    });

  registerCredentialCommands(program, withRuntime);
  registerBackupCommands(program, withRuntime);
}

/**
 * Run `verify` or `seal` and write its outcome down for the serving processes' /metrics
 * (libs/platform/src/ops-checks.ts). Failing to write it down is a warning, never the check's result.
 */
async function recordOutcome<T>(runtime: Runtime, name: OpsCheckName, run: () => Promise<T>, ok: (r: T) => boolean, detail: (r: T) => string): Promise<T> {
  const note = async (passed: boolean, text: string) => {
    const failed = await recordOpsCheck(runtime.pool, name, passed, text);
    if (failed) runtime.logger.warn({ err: failed, check: name }, `the outcome of ${name} could not be recorded for /metrics`);
  };
  let result: T;
  try {
    result = await run();
  } catch (error) {
    await note(false, error instanceof Error ? error.message : String(error));
    throw error;
  }
  await note(ok(result), detail(result));
  return result;
}

function positiveInt(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(cliSay(argvLanguage()).t('arg.positiveInt', { value: v }));
  return n;
}

/** The demo's floor: one table cannot be both the roulette and the card table its catalogue wants in service (demoFloorGames), and it has no more tables than its list. */
function demoTables(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 2) throw new InvalidArgumentError(cliSay(argvLanguage()).t('arg.demoTables', { value: v }));
  // its floor has so many tables: more would be played as that many, not as asked
  const most = DEMO_DEFAULTS.tableGames.length;
  if (n > most) throw new InvalidArgumentError(cliSay(argvLanguage()).t('arg.demoTablesAtMost', { value: v, most }));
  return n;
}

function rate(v: string): number {
  const n = Number(v);
  if (!(n >= 0 && n <= 1)) throw new InvalidArgumentError(cliSay(argvLanguage()).t('arg.rate', { value: v }));
  return n;
}

export async function serve(program: Command, port: number, host: string, before?: (runtime: Runtime) => Promise<void>) {
  const runtime = await startRuntime({ dataDir: program.opts().dataDir });
  // a store restored from a backup older than a receipt given here, or a restore that did not finish, is not served
  const refusals = await refuseToServe(runtime).catch(async (error) => {
    await runtime.close();
    throw error;
  });
  if (refusals.length) {
    // the heading and each refusal in the command line's language (issue 16)
    const lang = argvLanguage();
    err(`casino-audit: serve: ${cliSay(lang).t('serve.refusing')}`);
    for (const r of refusals) err(`  ${wordReason(r, lang)}`);
    await runtime.close();
    process.exitCode = 1;
    return;
  }
  // from here on a signal is a clean stop: the projector's batch finished, the app and the pool closed, exit 0
  let app: Awaited<ReturnType<typeof createHttpApp>> | undefined;
  let ops: Awaited<ReturnType<typeof createOpsApp>> | undefined;
  let following: Promise<unknown> | undefined;
  let stopping = false;
  const shutdown = async () => {
    stopping = true;
    runtime.projector.stop();
    await app?.close().catch(() => undefined);
    await ops?.close().catch(() => undefined);
    await following;
    await runtime.close();
    process.exit(0);
  };
  // fire-and-forget: shutdown ends the process itself once everything is closed
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  await before?.(runtime);
  app = await createHttpApp(runtime);
  await app.listen(port, host);
  following = runtime.projector.follow().catch((e) => runtime.logger.error({ err: e }, `projector stopped: ${e.message}`));
  const address = app.getHttpServer().address();
  const listening = typeof address === 'object' && address ? address.port : port;
  const say = cliSay(cliLanguage(program));
  out(
    say.t('serve.listening', {
      url: `http://${host}:${listening}/`,
      storage: runtime.database.embedded ? say.t('serve.storageEmbedded', { dir: runtime.database.dataDir }) : 'DATABASE_URL',
    }),
  );
  const { CASINO_AUDIT_OPS_PORT: opsPort, CASINO_AUDIT_OPS_HOST: opsHost } = config();
  if (opsPort !== undefined) {
    ops = await createOpsApp(runtime);
    await ops.listen(opsPort, opsHost);
    const at = ops.getHttpServer().address();
    out(say.t('serve.ops', { url: `http://${opsHost}:${typeof at === 'object' && at ? at.port : opsPort}/` }));
  }
  // a signal right after "listening" closes the pool under this look-up: that is the stop, not an error
  await announceBootstrapCredential(runtime, out, say.lang).catch((error) => {
    if (!stopping) throw error;
  });
  // Benchmark hook (bench/load.ts), off unless CASINO_AUDIT_HEAP_PROBE=1 and a parent spawned us with an
  // IPC channel: RSS alone cannot show whether the server leaks, so the bench asks `{ probe: 'heap' }` and
  // gets the live heap after a full GC (it starts us with --expose-gc; `gc: false` if it did not). The
  // forced GC pauses this process for its duration, reported as `gcMs`.
  if (config().CASINO_AUDIT_HEAP_PROBE && process.send) {
    process.on('message', (m: { probe?: string; id?: number }) => {
      if (m?.probe !== 'heap') return;
      const gc = (globalThis as { gc?: () => void }).gc;
      const t0 = performance.now();
      gc?.();
      const gcMs = performance.now() - t0;
      process.send?.({ probe: 'heap', id: m.id, gc: !!gc, gcMs, ...process.memoryUsage() });
    });
  }
}

/**
 * With a store of record other than PostgreSQL (EventStoreDB): the record's own chain, the copy brought
 * up to date, and the copy checked against the record stream by stream — one report, the record's
 * breaks first. A record whose chain fails is not copied over (the mirror stops there), so it shows here.
 */
async function verifyRecordAndCopy(runtime: Runtime, copy: VerifyReport): Promise<VerifyReport> {
  const record = runtime.recordStore instanceof EventStoreDbEventStore ? await verifyEventStoreDb(runtime.recordStore) : null;
  const copyError = await runtime.mirror!.catchUp().then(
    () => null,
    (e: Error) => e,
  );
  const against = await verifyCopy(runtime.recordStore, runtime.store);
  // each break says which store it is of (errors:chain.part.*); a reason without a key is quoted as written
  const label =
    (part: 'record' | 'copyAgainstRecord' | 'copy') =>
    (b: ChainBreak): ChainBreak => ({
      ...b,
      ...keyed(because('chain.in', { part: because(`chain.part.${part}`), reason: b.reasonKey ? { key: b.reasonKey, values: b.reasonValues } : b.reason })),
    });
  const breaks = [
    ...(record?.breaks ?? []).map(label('record')),
    ...(copyError
      ? [{ streamId: '(mirror)', streamVersion: 0, globalPosition: null, eventId: null, ...keyed(because('chain.copyStopped', { error: copyError.message })) }]
      : []),
    ...against.breaks.map(label('copyAgainstRecord')),
    ...copy.breaks.map(label('copy')),
  ];
  return { ...copy, ok: breaks.length === 0, streams: against.streams, events: against.events, breaks };
}
