import { MigrationInterface, QueryRunner } from 'typeorm';

/** Corrected figures beside the uncorrected ones in the table book (corrections.ts). */
export class TableBookCorrections1763800000000 implements MigrationInterface {
  name = 'TableBookCorrections1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE table_books ADD COLUMN adjustments jsonb NOT NULL DEFAULT '{}'`);
    await q.query(`ALTER TABLE table_books ADD COLUMN corrections jsonb NOT NULL DEFAULT '[]'`);
    // rows projected before this migration skipped corrections: if any is stored, project the book again from zero
    const stored = await q.query(`SELECT 1 FROM ca_events WHERE event_type = 'CorrectionRecorded' LIMIT 1`);
    if (stored.length) {
      await q.query('DELETE FROM table_books');
      await q.query(`DELETE FROM ca_projection_checkpoints WHERE name = 'table-book'`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE table_books DROP COLUMN corrections');
    await q.query('ALTER TABLE table_books DROP COLUMN adjustments');
  }
}
