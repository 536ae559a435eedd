import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether a round's croupier was recorded (`CroupierChanged`, docs/contract.md "Who is at the table") or taken
 * from the session's opening staff: figures per croupier say how many of their rounds rest on the opening
 * staff, and such a croupier is never the subject of a finding. Rows projected before: projected again.
 */
export class PerformanceCroupiers1764500000001 implements MigrationInterface {
  name = 'PerformanceCroupiers1764500000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE performance_sessions ADD COLUMN croupier_recorded boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE performance_rounds ADD COLUMN croupier_recorded boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE performance_sums ADD COLUMN staff_rounds integer NOT NULL DEFAULT 0`);
    for (const t of ['performance_sessions', 'performance_rounds', 'performance_sums', 'performance_days', 'performance_cusum'])
      await q.query(`DELETE FROM ${t}`);
    await q.query(`DELETE FROM ca_projection_checkpoints WHERE name = 'performance'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE performance_sums DROP COLUMN staff_rounds');
    await q.query('ALTER TABLE performance_rounds DROP COLUMN croupier_recorded');
    await q.query('ALTER TABLE performance_sessions DROP COLUMN croupier_recorded');
  }
}
