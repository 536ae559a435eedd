import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Session compliance beside the table book (issue 15): the state of the fold that judges limit changes,
 * the announced last rounds before the close, temporary closings and the bank deposit
 * (libs/rules/src/core/session-compliance.ts), kept between batches. The books are projected again from
 * the first event, so that every session is judged by these rows too.
 */
export class SessionCompliance1764100000000 implements MigrationInterface {
  name = 'SessionCompliance1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE table_books ADD COLUMN compliance jsonb NOT NULL DEFAULT '{}'`);
    const stored = await q.query('SELECT 1 FROM table_books LIMIT 1');
    if (stored.length) {
      await q.query('DELETE FROM table_books');
      await q.query(`DELETE FROM ca_projection_checkpoints WHERE name = 'table-book'`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE table_books DROP COLUMN compliance');
  }
}
