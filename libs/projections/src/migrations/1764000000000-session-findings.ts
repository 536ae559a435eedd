import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Findings on the session beside its table book (issue 14 §2–§4): the options the table opened with,
 * what its opening, limit changes and shoes broke, and what could not be judged.
 */
export class SessionFindings1764000000000 implements MigrationInterface {
  name = 'SessionFindings1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE table_books ADD COLUMN options jsonb NOT NULL DEFAULT '{}'`);
    await q.query(`ALTER TABLE table_books ADD COLUMN findings jsonb NOT NULL DEFAULT '[]'`);
    await q.query(`ALTER TABLE table_books ADD COLUMN finding_notes jsonb NOT NULL DEFAULT '[]'`);
    // rows projected before this migration were never judged: project the books again from zero; and
    // the round verdicts were judged by rules that overpaid announced bets and flagged legal banker
    // decisions (issue 14 §1): no verdict of those rules may stand, so they are judged again too
    for (const [table, name] of [
      ['table_books', 'table-book'],
      ['round_verdicts', 'round-verdicts'],
    ]) {
      const stored = await q.query(`SELECT 1 FROM ${table} LIMIT 1`);
      if (!stored.length) continue;
      await q.query(`DELETE FROM ${table}`);
      await q.query(`DELETE FROM ca_projection_checkpoints WHERE name = $1`, [name]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE table_books DROP COLUMN finding_notes');
    await q.query('ALTER TABLE table_books DROP COLUMN findings');
    await q.query('ALTER TABLE table_books DROP COLUMN options');
  }
}
