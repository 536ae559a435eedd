/**
 * What the deployment knows beyond its own data, so that `serve` refuses a store older than it should be:
 *
 * - `ca_held_receipts`: every seal receipt an operator gave `restore --receipt` or `verify --receipt`.
 *   The store must hold each one's seal; one it does not hold (a restore from an older backup) keeps
 *   `serve` from starting until the operator acknowledges it, with a reason, kept here.
 * - `ca_restores`: each restore into this database and how it ended; a restore that did not finish
 *   verified keeps `serve` from starting.
 *
 * Both are this database's own record and never part of a backup (a restore starts them afresh). They
 * guard against the honest mistake; against someone who can write the database, the receipt held
 * outside it (by the regulator) is what proves a loss: `verify --receipt`.
 */
import * as os from 'node:os';
import type { Pool, PoolClient } from 'pg';
import { KeyedError, keyedError } from '../../access/src/keyed-error';
import { checkStoreSeals, Receipt, Seal, sealNamed } from '../../event-store/src/seal';
import { because, wordReason, type ReasonKey } from '../../i18n/src/reasons';

export const HELD_RECEIPTS_TABLE = 'ca_held_receipts';
export const RESTORES_TABLE = 'ca_restores';
/** an arbitrary constant: serialises the creation of these tables between processes */
const TABLES_LOCK = 7_411_305_010;

type Db = Pool | PoolClient;

const exists = async (db: Db, table: string) => !!(await db.query('SELECT to_regclass($1) AS t', [table])).rows[0].t;

export async function ensureRestoreTables(pool: Pool): Promise<void> {
  // a role without CREATE (the app's, docs/security.md) may still keep receipts once the owner made the tables
  if ((await exists(pool, HELD_RECEIPTS_TABLE)) && (await exists(pool, RESTORES_TABLE))) return;
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [TABLES_LOCK]);
    await client.query(`
CREATE TABLE IF NOT EXISTS ${HELD_RECEIPTS_TABLE} (
  receipt          text PRIMARY KEY,
  sequence         integer,
  seal_hash        text NOT NULL,
  given_to         text NOT NULL,
  given_at         timestamptz NOT NULL DEFAULT clock_timestamp(),
  acknowledged_at  timestamptz,
  acknowledged_by  text,
  acknowledgement  text
);
CREATE TABLE IF NOT EXISTS ${RESTORES_TABLE} (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  file         text NOT NULL,
  file_sha256  text NOT NULL,
  manifest     jsonb NOT NULL,
  started_at   timestamptz NOT NULL DEFAULT clock_timestamp(),
  finished_at  timestamptz,
  outcome      text NOT NULL DEFAULT 'restoring' CHECK (outcome IN ('restoring', 'verified', 'failed')),
  problem      text
);`);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [TABLES_LOCK]).catch(() => undefined);
    client.release();
  }
}

/** The receipt's text as kept: `ca-seal:<n>:<hash>`, or the (possibly short) hash alone. */
export const receiptText = (r: Receipt) => (r.sequence !== undefined ? `ca-seal:${r.sequence}:${r.sealHash}` : r.sealHash);

/** Keep a receipt the operator gave (once; a receipt given again keeps its first record and acknowledgement). */
export async function holdReceipt(pool: Pool, receipt: Receipt, givenTo: 'restore' | 'verify'): Promise<void> {
  await ensureRestoreTables(pool);
  await pool.query(`INSERT INTO ${HELD_RECEIPTS_TABLE} (receipt, sequence, seal_hash, given_to) VALUES ($1, $2, $3, $4) ON CONFLICT (receipt) DO NOTHING`, [
    receiptText(receipt),
    receipt.sequence ?? null,
    receipt.sealHash,
    givenTo,
  ]);
}

export interface HeldReceipt {
  readonly receipt: string;
  readonly givenTo: string;
  readonly givenAt: string;
  readonly acknowledgedAt: string | null;
  readonly acknowledgedBy: string | null;
  readonly acknowledgement: string | null;
  /** null: the store holds its seal; otherwise why it does not */
  readonly missing: string | null;
  /** the same, keyed (`errors:heldReceipt.*`), for the command line to word in its language (issue 16) */
  readonly missingReason: ReasonKey | null;
}

/** `a, b, c` as a reason's value, each item worded in the reader's language. */
export const listOf = (items: readonly ReasonKey[]): ReasonKey | string =>
  items.length < 2 ? (items[0] ?? '') : because('heldReceipt.list', { first: items[0], rest: listOf(items.slice(1)) });

/** Every held receipt, with whether the store holds its seal now. */
export async function heldReceipts(db: Db): Promise<HeldReceipt[]> {
  if (!(await exists(db, HELD_RECEIPTS_TABLE))) return [];
  const rows = (await db.query(`SELECT * FROM ${HELD_RECEIPTS_TABLE} ORDER BY given_at, receipt`)).rows;
  if (!rows.length) return [];
  const { seals } = await checkStoreSeals(db);
  return rows.map((r) => {
    const missingReason = missingSealReason({ sequence: r.sequence ?? undefined, sealHash: r.seal_hash }, seals);
    return {
      receipt: r.receipt,
      givenTo: r.given_to,
      givenAt: new Date(r.given_at).toISOString(),
      acknowledgedAt: r.acknowledged_at ? new Date(r.acknowledged_at).toISOString() : null,
      acknowledgedBy: r.acknowledged_by,
      acknowledgement: r.acknowledgement,
      missing: missingReason && wordReason(missingReason, 'en'),
      missingReason,
    };
  });
}

/** Why the store's good seals do not include the receipt's seal, naming what is missing (keyed, `errors:heldReceipt.*`); null when they do. */
export function missingSealReason(receipt: Receipt, seals: readonly Seal[]): ReasonKey | null {
  if (seals.some((s) => s.sealHash.startsWith(receipt.sealHash) && (receipt.sequence === undefined || s.sequence === receipt.sequence))) return null;
  const latest = seals[seals.length - 1];
  const ends = latest ? because('heldReceipt.latestSeal', { seal: sealNamed(latest) }) : because('heldReceipt.noSeal');
  const same = receipt.sequence !== undefined ? seals.find((s) => s.sequence === receipt.sequence) : undefined;
  if (same) return because('heldReceipt.rewritten', { sequence: String(same.sequence), hash: same.sealHash.slice(0, 16) });
  if (receipt.sequence !== undefined && (!latest || receipt.sequence > latest.sequence)) {
    const from = (latest?.sequence ?? 0) + 1;
    return because('heldReceipt.olderBackup', {
      ends,
      seals: from < receipt.sequence ? 'several' : 'one',
      from: String(from),
      to: String(receipt.sequence),
      after: latest?.sealedAt ?? 'none',
    });
  }
  return because('heldReceipt.unknownHash', { ends });
}

/** Why the store's good seals do not include the receipt's seal, in English; null when they do. */
export function missingSeal(receipt: Receipt, seals: readonly Seal[]): string | null {
  const reason = missingSealReason(receipt, seals);
  return reason && wordReason(reason, 'en');
}

/** Why `serve` must not start on this database (empty: it may), keyed (`errors:serveRefused.*`). */
export async function servingRefusalReasons(db: Db): Promise<ReasonKey[]> {
  const problems: ReasonKey[] = [];
  if (await exists(db, RESTORES_TABLE)) {
    const last = (await db.query(`SELECT * FROM ${RESTORES_TABLE} ORDER BY id DESC LIMIT 1`)).rows[0];
    if (last && last.outcome !== 'verified') {
      // the problem is kept as the restore wrote it (English): a record, not a message
      problems.push(
        because('serveRefused.restore', {
          file: last.file,
          at: new Date(last.started_at).toISOString(),
          outcome: last.outcome === 'failed' ? 'failed' : 'unfinished',
          problem: String(last.problem ?? ''),
        }),
      );
    }
  }
  for (const h of await heldReceipts(db)) {
    if (h.missingReason && !h.acknowledgedAt)
      problems.push(because('serveRefused.receipt', { receipt: h.receipt, to: h.givenTo, at: h.givenAt, missing: h.missingReason }));
  }
  return problems;
}

/** Why `serve` must not start on this database, in English (empty: it may). */
export async function servingRefusals(db: Db): Promise<string[]> {
  return (await servingRefusalReasons(db)).map((r) => wordReason(r, 'en'));
}

/** Who acknowledged: the operating-system user running the command. */
function operator(): string {
  try {
    return os.userInfo().username;
  } catch {
    return `uid ${process.getuid?.() ?? '?'}`;
  }
}

/** A receipt that cannot be acknowledged: the reason keyed (`errors:receiptNotHeld.*`). */
export class ReceiptNotHeldError extends KeyedError {}

/** The operator accepts serving a store without the receipt's seal (the newer data is lost): who, when and why are kept. */
export async function acknowledgeReceipt(pool: Pool, receipt: Receipt, reason: string): Promise<HeldReceipt> {
  const text = receiptText(receipt);
  const held = (await heldReceipts(pool)).find((h) => h.receipt === text || (receipt.sequence === undefined && h.receipt.endsWith(receipt.sealHash)));
  if (!held) throw keyedError(ReceiptNotHeldError, 'receiptNotHeld.never', { receipt: text });
  if (!held.missing) throw keyedError(ReceiptNotHeldError, 'receiptNotHeld.held', { receipt: held.receipt });
  if (held.acknowledgedAt) return held;
  await pool.query(`UPDATE ${HELD_RECEIPTS_TABLE} SET acknowledged_at = clock_timestamp(), acknowledged_by = $2, acknowledgement = $3 WHERE receipt = $1`, [
    held.receipt,
    operator(),
    reason,
  ]);
  return (await heldReceipts(pool)).find((h) => h.receipt === held.receipt)!;
}
