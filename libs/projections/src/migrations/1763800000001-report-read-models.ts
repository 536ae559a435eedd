import { MigrationInterface, QueryRunner } from 'typeorm';

/** The read models of the reconciliation, jackpot, round-verdict and inspector reports. */
export class ReportReadModels1763800000001 implements MigrationInterface {
  name = 'ReportReadModels1763800000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE reconciliations (
      session_id text PRIMARY KEY,
      casino_id text NOT NULL,
      table_id text NOT NULL,
      gaming_day text NOT NULL,
      game text NOT NULL,
      jurisdiction text NOT NULL,
      currency text NOT NULL DEFAULT 'EUR',
      status text NOT NULL DEFAULT 'open',
      drop_recorded bigint NOT NULL DEFAULT 0,
      tips_recorded bigint NOT NULL DEFAULT 0,
      cagnotte_recorded bigint NOT NULL DEFAULT 0,
      drop_counted bigint,
      tips_counted bigint,
      cagnotte_counted bigint,
      counts jsonb NOT NULL DEFAULT '{}',
      adjustments jsonb NOT NULL DEFAULT '{}',
      corrections jsonb NOT NULL DEFAULT '[]',
      last_position bigint NOT NULL DEFAULT 0)`);
    await q.query('CREATE INDEX reconciliations_day ON reconciliations (gaming_day, casino_id)');

    await q.query(`CREATE TABLE jackpot_pools (
      pool_id text PRIMARY KEY,
      casino_id text NOT NULL,
      seed bigint NOT NULL DEFAULT 0,
      config jsonb NOT NULL DEFAULT '{}',
      current bigint NOT NULL DEFAULT 0,
      contributions bigint NOT NULL DEFAULT 0,
      won bigint NOT NULL DEFAULT 0,
      contributions_count integer NOT NULL DEFAULT 0,
      wins_count integer NOT NULL DEFAULT 0,
      resets_count integer NOT NULL DEFAULT 0,
      movements integer NOT NULL DEFAULT 0,
      configured_at text,
      last_position bigint NOT NULL DEFAULT 0)`);
    await q.query(`CREATE TABLE jackpot_movements (
      pool_id text NOT NULL,
      seq integer NOT NULL,
      kind text NOT NULL,
      event_id text NOT NULL,
      round_id text,
      session_id text,
      casino_id text,
      table_id text,
      gaming_day text,
      seat text,
      hand text,
      amount bigint NOT NULL DEFAULT 0,
      value_before bigint NOT NULL DEFAULT 0,
      value_after bigint NOT NULL DEFAULT 0,
      occurred_at text,
      global_position bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (pool_id, seq))`);
    await q.query('CREATE INDEX jackpot_movements_day ON jackpot_movements (gaming_day, casino_id)');

    await q.query(`CREATE TABLE round_verdicts (
      round_id text PRIMARY KEY,
      session_id text NOT NULL,
      casino_id text,
      table_id text,
      gaming_day text,
      game text NOT NULL,
      jurisdiction text NOT NULL,
      verdict text NOT NULL,
      discrepancies jsonb NOT NULL DEFAULT '[]',
      notes jsonb NOT NULL DEFAULT '[]',
      rulebook text,
      finished text NOT NULL,
      judged_at_version integer NOT NULL,
      last_position bigint NOT NULL DEFAULT 0)`);
    await q.query('CREATE INDEX round_verdicts_day ON round_verdicts (gaming_day, casino_id)');
    await q.query('CREATE INDEX round_verdicts_session ON round_verdicts (session_id)');

    await q.query(`CREATE TABLE inspector_log (
      event_id text PRIMARY KEY,
      global_position bigint NOT NULL,
      casino_id text,
      gaming_day text,
      session_id text,
      table_id text,
      round_id text,
      kind text NOT NULL,
      occurred_at text,
      recorded_by text,
      details jsonb NOT NULL DEFAULT '{}')`);
    await q.query('CREATE INDEX inspector_log_day ON inspector_log (gaming_day, casino_id)');
    await q.query('CREATE INDEX inspector_log_session ON inspector_log (session_id, kind)');
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['inspector_log', 'round_verdicts', 'jackpot_movements', 'jackpot_pools', 'reconciliations']) await q.query(`DROP TABLE ${t}`);
    await q.query(`DELETE FROM ca_projection_checkpoints WHERE name IN ('reconciliation', 'jackpots', 'round-verdicts', 'inspector-log')`);
  }
}
