import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The gaming day's compliance read model (issue 15): one row per casino and gaming day, and the dice each
 * table was last given. Projected from the first event by the projector (a new projection starts at 0).
 */
export class DayCompliance1764100000001 implements MigrationInterface {
  name = 'DayCompliance1764100000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE day_compliance (
      casino_id text NOT NULL,
      gaming_day text NOT NULL,
      jurisdictions jsonb NOT NULL DEFAULT '[]',
      sessions jsonb NOT NULL DEFAULT '[]',
      findings jsonb NOT NULL DEFAULT '[]',
      notes jsonb NOT NULL DEFAULT '[]',
      not_judged jsonb NOT NULL DEFAULT '{}',
      last_position bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (casino_id, gaming_day))`);
    await q.query(`CREATE TABLE table_dice (
      casino_id text NOT NULL,
      table_id text NOT NULL,
      session_id text NOT NULL,
      serials jsonb NOT NULL DEFAULT '[]',
      previous jsonb,
      PRIMARY KEY (casino_id, table_id))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE table_dice');
    await q.query('DROP TABLE day_compliance');
  }
}
