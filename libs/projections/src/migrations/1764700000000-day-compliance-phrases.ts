import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The day's not-judged reasons as phrases too (issue 16): beside `not_judged`'s English, jurisdiction → row id →
 * a phrase of the `narrative` catalogue, worded in the reader's language at the edge. Rows judged before stay
 * `{}` (their reasons shown as recorded) until the projection is rebuilt or the day gains a fact.
 */
export class DayCompliancePhrases1764700000000 implements MigrationInterface {
  name = 'DayCompliancePhrases1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE day_compliance ADD COLUMN not_judged_phrases jsonb NOT NULL DEFAULT '{}'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE day_compliance DROP COLUMN not_judged_phrases');
  }
}
