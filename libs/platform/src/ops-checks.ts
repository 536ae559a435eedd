/**
 * The outcome of the last `verify` and of the last seal attempt, kept in the database so that the
 * serving processes can report them (`/metrics`): `verify` and `seal` run as commands of their own,
 * and a seal refused at a gaming day's close must not pass unseen.
 *
 * The table is created by the first outcome recorded (a database no command ever verified has none).
 * Recording never fails the check it records: a `verify` that found the chain intact says so even if
 * its outcome could not be written down.
 */
import type { Pool } from 'pg';

export type OpsCheckName = 'verify' | 'seal';

export interface OpsCheck {
  readonly name: OpsCheckName;
  readonly ok: boolean;
  readonly at: Date;
  readonly detail: string | null;
}

const TABLE = `CREATE TABLE IF NOT EXISTS ca_ops_checks (
  name    text PRIMARY KEY,
  ok      boolean NOT NULL,
  at      timestamptz NOT NULL DEFAULT clock_timestamp(),
  detail  text
)`;

/** Write down the outcome of a check; returns the error instead of throwing it. */
export async function recordOpsCheck(pool: Pool, name: OpsCheckName, ok: boolean, detail?: string): Promise<Error | null> {
  const upsert = () =>
    pool.query(
      `INSERT INTO ca_ops_checks (name, ok, at, detail) VALUES ($1, $2, clock_timestamp(), $3)
       ON CONFLICT (name) DO UPDATE SET ok = EXCLUDED.ok, at = EXCLUDED.at, detail = EXCLUDED.detail`,
      [name, ok, detail?.slice(0, 2000) ?? null],
    );
  try {
    await upsert();
    return null;
  } catch (error) {
    if ((error as { code?: string }).code !== '42P01') return error as Error; // anything but "no such table"
  }
  try {
    await pool.query(TABLE).catch(() => pool.query(TABLE)); // two first recorders at once: the loser's retry finds it
    await upsert();
    return null;
  } catch (error) {
    return error as Error;
  }
}

/** The last outcome of each check (none before the first one is recorded). */
export async function lastOpsChecks(pool: Pool): Promise<OpsCheck[]> {
  if (!(await pool.query(`SELECT to_regclass('ca_ops_checks') AS t`)).rows[0].t) return [];
  const rows = (await pool.query('SELECT name, ok, at, detail FROM ca_ops_checks')).rows;
  return rows.map((r) => ({ name: r.name, ok: r.ok, at: r.at, detail: r.detail }));
}
