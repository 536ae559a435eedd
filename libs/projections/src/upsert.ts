import type { PoolClient } from 'pg';

/** Write rows (column names as keys) in one statement: `jsonb_populate_recordset` upsert on the key. */
export async function upsertRows(db: PoolClient, table: string, key: readonly string[], columns: readonly string[], rows: readonly object[]): Promise<void> {
  if (!rows.length) return;
  await upsertJson(db, table, key, columns, JSON.stringify(rows));
}

/** The same, with the rows already written as a JSON array (a projection that serialises as it goes). */
export async function upsertJson(db: PoolClient, table: string, key: readonly string[], columns: readonly string[], rowsJson: string): Promise<void> {
  const quote = (c: string) => (c === 'drop' || c === 'position' ? `"${c}"` : c);
  await db.query(
    `INSERT INTO ${table} SELECT * FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb)
     ON CONFLICT (${key.map(quote).join(', ')}) DO UPDATE SET ${columns
       .filter((c) => !key.includes(c))
       .map((c) => `${quote(c)} = EXCLUDED.${quote(c)}`)
       .join(', ')}`,
    [rowsJson],
  );
}
