/** Checksums of every read-model table (to compare a live projection, a rebuild, and a crash). */
import { Client } from 'pg';

export const READ_MODEL_KEYS: Record<string, string> = {
  table_books: 'session_id',
  reconciliations: 'session_id',
  jackpot_pools: 'pool_id',
  jackpot_movements: 'pool_id, seq',
  round_verdicts: 'round_id',
  inspector_log: 'event_id',
};

export async function readModelChecksums(url: string): Promise<Record<string, { n: number; sum: string | null; oid: number }>> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    const out: Record<string, { n: number; sum: string | null; oid: number }> = {};
    for (const [table, key] of Object.entries(READ_MODEL_KEYS)) {
      const r = await c.query(
        `SELECT count(*)::int AS n, md5(string_agg(row_to_json(t)::text, ',' ORDER BY ${key})) AS sum, '${table}'::regclass::oid::int AS oid FROM ${table} t`,
      );
      out[table] = r.rows[0];
    }
    return out;
  } finally {
    await c.end();
  }
}

/** The same without the table identities (a rebuild gives new tables with the same rows). */
export const contentOf = (sums: Record<string, { n: number; sum: string | null; oid: number }>) =>
  Object.fromEntries(Object.entries(sums).map(([t, { n, sum }]) => [t, { n, sum }]));
