import { MigrationInterface, QueryRunner } from 'typeorm';

export class TableBook1763700000000 implements MigrationInterface {
  name = 'TableBook1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE ca_projection_checkpoints (
      name text PRIMARY KEY,
      transaction_id text NOT NULL DEFAULT '0',
      global_position bigint NOT NULL DEFAULT 0,
      events bigint NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE TABLE table_books (
      session_id text PRIMARY KEY,
      casino_id text NOT NULL,
      table_id text NOT NULL,
      game text NOT NULL,
      jurisdiction text NOT NULL,
      gaming_day text NOT NULL,
      currency text NOT NULL DEFAULT 'EUR',
      limits jsonb NOT NULL DEFAULT '{}',
      staff jsonb NOT NULL DEFAULT '{}',
      opening_float jsonb NOT NULL DEFAULT '{}',
      closing_float jsonb,
      fills jsonb NOT NULL DEFAULT '{}',
      credits jsonb NOT NULL DEFAULT '{}',
      fill_slips jsonb NOT NULL DEFAULT '[]',
      credit_slips jsonb NOT NULL DEFAULT '[]',
      "drop" bigint NOT NULL DEFAULT 0,
      tips bigint NOT NULL DEFAULT 0,
      cagnotte bigint NOT NULL DEFAULT 0,
      commission bigint NOT NULL DEFAULT 0,
      jackpot_contributions bigint NOT NULL DEFAULT 0,
      jackpot_wins bigint NOT NULL DEFAULT 0,
      rounds integer NOT NULL DEFAULT 0,
      rounds_voided integer NOT NULL DEFAULT 0,
      limit_changes integer NOT NULL DEFAULT 0,
      status text NOT NULL DEFAULT 'open',
      suspended boolean NOT NULL DEFAULT false,
      opened_at text,
      closed_at text,
      last_position bigint NOT NULL DEFAULT 0)`);
    await q.query('CREATE INDEX table_books_day ON table_books (gaming_day, casino_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE table_books');
    await q.query('DROP TABLE ca_projection_checkpoints');
  }
}
