import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The performance read model (issue 21 §2–§3): actual against theoretical win per round, session, table,
 * croupier and casino's gaming day, the day's findings and the CUSUM per table and croupier across days.
 * Projected from the first event by the projector (a new projection starts at 0). Figures in minor units,
 * as double precision: the theoretical win and the variance are not whole.
 */
export class Performance1764500000000 implements MigrationInterface {
  name = 'Performance1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE performance_sessions (
      session_id text PRIMARY KEY,
      casino_id text NOT NULL,
      table_id text NOT NULL,
      game text NOT NULL,
      jurisdiction text NOT NULL,
      gaming_day text NOT NULL,
      options jsonb NOT NULL DEFAULT '{}',
      smallest_chip double precision NOT NULL DEFAULT 1,
      house_income text,
      croupier_id text,
      croupier_change jsonb,
      open_bets jsonb NOT NULL DEFAULT '{}',
      open_rounds jsonb NOT NULL DEFAULT '{}',
      last_position bigint NOT NULL DEFAULT 0)`);
    await q.query(`CREATE TABLE performance_rounds (
      session_id text NOT NULL,
      round_id text NOT NULL,
      casino_id text NOT NULL,
      gaming_day text NOT NULL,
      table_id text NOT NULL,
      croupier_id text,
      table_round integer NOT NULL,
      handle double precision NOT NULL DEFAULT 0,
      actual_win double precision NOT NULL DEFAULT 0,
      theoretical_win double precision NOT NULL DEFAULT 0,
      variance double precision NOT NULL DEFAULT 0,
      variance_method text NOT NULL,
      unvalued_handle double precision NOT NULL DEFAULT 0,
      unvalued_win double precision NOT NULL DEFAULT 0,
      completed_position bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (session_id, round_id))`);
    await q.query(`CREATE INDEX performance_rounds_day ON performance_rounds (gaming_day, casino_id, table_id, table_round)`);
    await q.query(`CREATE TABLE performance_sums (
      casino_id text NOT NULL,
      gaming_day text NOT NULL,
      level text NOT NULL,
      subject text NOT NULL,
      games jsonb NOT NULL DEFAULT '[]',
      table_id text,
      rounds integer NOT NULL DEFAULT 0,
      handle double precision NOT NULL DEFAULT 0,
      actual_win double precision NOT NULL DEFAULT 0,
      theoretical_win double precision NOT NULL DEFAULT 0,
      variance double precision NOT NULL DEFAULT 0,
      unvalued_handle double precision NOT NULL DEFAULT 0,
      unvalued_win double precision NOT NULL DEFAULT 0,
      bounded_rounds integer NOT NULL DEFAULT 0,
      strategy_handle double precision NOT NULL DEFAULT 0,
      cagnotte double precision NOT NULL DEFAULT 0,
      last_position bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (casino_id, gaming_day, level, subject))`);
    await q.query(`CREATE INDEX performance_sums_day ON performance_sums (gaming_day, casino_id)`);
    await q.query(`CREATE TABLE performance_days (
      casino_id text NOT NULL,
      gaming_day text NOT NULL,
      findings jsonb NOT NULL DEFAULT '[]',
      settings jsonb NOT NULL DEFAULT '{}',
      last_position bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (casino_id, gaming_day))`);
    await q.query(`CREATE TABLE performance_cusum (
      casino_id text NOT NULL,
      level text NOT NULL,
      subject text NOT NULL,
      day text NOT NULL,
      current jsonb NOT NULL,
      state jsonb NOT NULL,
      alarm_day text,
      folded jsonb NOT NULL,
      history jsonb NOT NULL DEFAULT '[]',
      detection jsonb,
      late_rounds integer NOT NULL DEFAULT 0,
      last_position bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (casino_id, level, subject))`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['performance_cusum', 'performance_days', 'performance_sums', 'performance_rounds', 'performance_sessions'])
      await q.query(`DROP TABLE ${t}`);
  }
}
