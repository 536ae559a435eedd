/**
 * `casino-audit backup FILE`, `restore FILE [--receipt R]` and `receipts list|acknowledge` (issue 18 §4;
 * docs/deployment.md, "Backup and restore"), and the check `serve` makes before it starts.
 */
import { Command } from 'commander';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  acknowledgeReceipt,
  backupStore,
  BackupFileError,
  fileSha256,
  heldReceipts,
  holdReceipt,
  ReceiptNotHeldError,
  RestoreRefusedError,
  type RestoreStep,
  restoreStore,
  servingRefusalReasons,
} from '../../../libs/backup/src';
import { wordReason, type ReasonKey } from '../../../libs/i18n/src/reasons';
import { ChainBreak, eventStoreKind } from '../../../libs/event-store/src';
import { readReceiptArgument, Receipt, ReceiptError } from '../../../libs/event-store/src/seal';
import { recordOpsCheck, Runtime } from '../../../libs/platform/src';
import type { WithRuntime } from './credential-commands';
import { argvLanguage, cliSay, reasonIn } from './language';

const out = (text: string) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
const err = (text: string) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`);

/** `casino-audit <version>`, from the package's own package.json (dist/ or a checkout). */
function software(): string {
  for (let dir = __dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (pkg.name === 'casino-audit') return `casino-audit ${pkg.version}`;
    }
  }
  return 'casino-audit';
}

/** A `--receipt` argument, or exit 2 naming it. */
function receiptOption(value: string | undefined, label = '--receipt'): Receipt | undefined | null {
  if (value === undefined) return undefined;
  try {
    return readReceiptArgument(value);
  } catch (error) {
    if (!(error instanceof ReceiptError)) throw error;
    err(`casino-audit: ${label}: ${reasonIn(argvLanguage(), error)}`);
    process.exitCode = 2;
    return null;
  }
}

/** Backups and restores are of the PostgreSQL store; with EventStoreDB as the record, its nodes are backed up instead. */
function refuseEventStoreDb(command: string): boolean {
  if (eventStoreKind(process.env) !== 'eventstoredb') return false;
  err(`casino-audit: ${cliSay(argvLanguage()).t('backup.eventstoredb', { command })}`);
  process.exitCode = 2;
  return true;
}

/** Refusals the command line reports as one clear line (exit 2), never a stack trace. */
async function plainly<T>(fn: () => Promise<T>): Promise<T | undefined> {
  try {
    return await fn();
  } catch (error) {
    if (!(error instanceof BackupFileError || error instanceof RestoreRefusedError || error instanceof ReceiptNotHeldError)) throw error;
    err(`casino-audit: ${reasonIn(argvLanguage(), error)}`);
    process.exitCode = 2;
    return undefined;
  }
}

/**
 * Before `serve` listens: a database whose restore did not finish verified, or whose store lacks the seal
 * of a receipt an operator gave it (restored from an older backup), is not served until acknowledged.
 */
export async function refuseToServe(runtime: Runtime): Promise<ReasonKey[]> {
  return servingRefusalReasons(runtime.pool);
}

/** `verify --receipt R` keeps R: from then on `serve` refuses a store that does not hold its seal. */
export async function keepVerifiedReceipt(runtime: Runtime, receipt: Receipt): Promise<void> {
  await holdReceipt(runtime.pool, receipt, 'verify').catch((error: Error) =>
    err(`casino-audit: ${cliSay(argvLanguage()).t('receipts.notKept', { error: error.message })}`),
  );
}

export function registerBackupCommands(program: Command, withRuntime: WithRuntime) {
  program
    .command('backup')
    .argument('<file>')
    .option('--no-seal')
    .option('--json')
    .action(async (file: string, opts: { seal: boolean; json?: boolean }) => {
      if (refuseEventStoreDb('backup')) return;
      const result = await plainly(() =>
        withRuntime(program, async (runtime) => {
          const r = await backupStore({
            pool: runtime.pool,
            file,
            readModelTables: runtime.projections.flatMap((p) => p.tables),
            readModels: runtime.projections.map((p) => p.name),
            source: { embedded: runtime.database.embedded, database: new URL(runtime.database.url).pathname.slice(1) },
            software: software(),
            seal: opts.seal,
            onProgress: process.stderr.isTTY ? (n) => err(cliSay(argvLanguage()).t('backup.progress', { events: n })) : undefined,
          });
          return { ...r, fileSha256: await fileSha256(file), bytes: fs.statSync(file).size };
        }),
      );
      if (!result) return;
      const m = result.manifest;
      if (opts.json) {
        out(JSON.stringify({ file, fileSha256: result.fileSha256, bytes: result.bytes, sealedNow: result.sealedNow, manifest: m }, null, 2));
        return;
      }
      const say = cliSay(argvLanguage());
      const carried = Object.entries(m.tables).filter(([t]) => t !== 'ca_events' && t !== 'ca_streams');
      out(
        say.t('backup.written', {
          file,
          events: say.n(m.events),
          streams: say.n(m.streams),
          tables: carried.map(([t, n]) => `, ${t} ${say.n(n)}`).join(''),
          bytes: say.n(result.bytes),
        }),
      );
      out(say.t('backup.chainHead', { head: m.chainHead }));
      out(
        m.receipt
          ? say.t('backup.receipt', {
              receipt: m.receipt,
              sequence: String(m.seal!.sequence),
              now: result.sealedNow ? 'yes' : 'no',
              at: m.seal!.sealedAt,
              unsealed: m.unsealedEvents ? say.n(m.unsealedEvents) : 'none',
            })
          : say.t('backup.noReceipt'),
      );
      out(say.t('backup.sha', { sha: result.fileSha256 }));
      out(say.t('backup.keepApart'));
    });

  program
    .command('restore')
    .argument('<file>')
    .option('--receipt <receipt>')
    .option('--json')
    .action(async (file: string, opts: { receipt?: string; json?: boolean }) => {
      if (refuseEventStoreDb('restore')) return;
      const receipt = receiptOption(opts.receipt);
      if (receipt === null) return;
      const result = await plainly(() =>
        withRuntime(program, async (runtime) => {
          const say = cliSay(argvLanguage());
          const log = (step: RestoreStep) =>
            err(
              say.t(
                `restore.step.${step.key}`,
                Object.fromEntries(Object.entries(step.values ?? {}).map(([k, v]) => [k, typeof v === 'number' ? say.n(v) : v])),
              ),
            );
          const r = await restoreStore({
            pool: runtime.pool,
            store: runtime.store,
            projections: runtime.projections,
            file,
            receipt,
            log: process.stderr.isTTY ? log : undefined,
          });
          // the restore's verification is this database's latest verify, for the serving processes' /metrics
          const ok = r.verification.ok && !r.mismatches.length;
          const first = r.verification.breaks[0];
          await recordOpsCheck(
            runtime.pool,
            'verify',
            ok,
            ok ? `restored from ${file}` : first ? `stream ${first.streamId} version ${first.streamVersion}: ${first.reason}` : r.mismatches[0],
          );
          return r;
        }),
      );
      if (!result) return;
      const failed = !result.verification.ok || result.mismatches.length > 0;
      const say = cliSay(argvLanguage());
      const worded = (r: ReasonKey) => wordReason(r, say.lang);
      const { worded: keyed, ...english } = result; // JSON keeps the English reasons it always had
      if (opts.json) out(JSON.stringify(english, null, 2));
      else if (failed) {
        // the chain's breaks worded from their keys (as verify words them), and the manifest's mismatches
        const first = result.verification.breaks[0];
        const broken = (b: ChainBreak) => say.t('verify.broken', { stream: b.streamId, version: String(b.streamVersion), reason: reasonIn(say.lang, b) });
        out(say.t('restore.failed', { what: first ? broken(first) : worded(keyed.mismatches[0]) }));
        for (const b of result.verification.breaks.slice(1, 20)) out(`  ${broken(b)}`);
        for (const m of keyed.mismatches.slice(first ? 0 : 1)) out(`  ${worded(m)}`);
        out(say.t('restore.unverified'));
      } else {
        const m = result.manifest;
        out(
          say.t('restore.restored', {
            events: say.n(m.events),
            streams: say.n(m.streams),
            file,
            at: m.createdAt,
            software: m.software,
            sha: result.fileSha256,
          }),
        );
        out(say.t('restore.verified', { seals: say.n(result.verification.seals?.count ?? 0), latest: m.receipt ?? 'none' }));
        out(
          say.t('restore.rebuilt', {
            models: result.rebuilt
              .map(
                (r) =>
                  `${r.name} (${say.lang === 'en' ? r.seconds.toFixed(1) : r.seconds.toLocaleString(say.lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} s)`,
              )
              .join(', '),
          }),
        );
        if (keyed.receiptMissing) out(say.t('restore.olderThanReceipt', { receipt: opts.receipt ?? '', missing: worded(keyed.receiptMissing) }));
      }
      if (!opts.json && keyed.servingRefusals.length) {
        err(say.t('restore.serveRefuses'));
        for (const r of keyed.servingRefusals) err(`  ${worded(r)}`);
      }
      if (failed || result.servingRefusals.length) process.exitCode = 1;
    });

  const receipts = program.command('receipts');
  receipts
    .command('list')
    .option('--json')
    .action(async (opts: { json?: boolean }) => {
      const list = await withRuntime(program, (runtime) => heldReceipts(runtime.pool));
      const say = cliSay(argvLanguage());
      if (opts.json)
        out(
          JSON.stringify(
            list.map(({ missingReason: _keyed, ...english }) => english),
            null,
            2,
          ),
        );
      else if (!list.length) out(say.t('receipts.none'));
      for (const h of opts.json ? [] : list) {
        out(
          `${h.receipt}  ${say.t('receipts.given', { to: h.givenTo, at: h.givenAt })}  ` +
            (!h.missingReason
              ? say.t('receipts.held')
              : h.acknowledgedAt
                ? say.t('receipts.acknowledged', { at: h.acknowledgedAt, by: h.acknowledgedBy ?? '', why: h.acknowledgement ?? '' })
                : say.t('receipts.missing', { missing: wordReason(h.missingReason, say.lang) })),
        );
      }
    });
  receipts
    .command('acknowledge')
    .argument('<receipt>')
    .requiredOption('--reason <text>')
    .action(async (value: string, opts: { reason: string }) => {
      const receipt = receiptOption(value, 'receipt');
      if (!receipt) return;
      if (!opts.reason.trim()) {
        err(`casino-audit: ${cliSay(argvLanguage()).t('receipts.reasonRequired')}`);
        process.exitCode = 2;
        return;
      }
      const held = await plainly(() => withRuntime(program, (runtime) => acknowledgeReceipt(runtime.pool, receipt, opts.reason.trim())));
      const say = cliSay(argvLanguage());
      if (held)
        out(
          say.t('receipts.acknowledgedNow', {
            receipt: held.receipt,
            at: String(held.acknowledgedAt),
            by: String(held.acknowledgedBy),
            missing: held.missingReason ? wordReason(held.missingReason, say.lang) : String(held.missing),
          }),
        );
    });
}
