import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The equipment read model (issue 21 §4): each session's opening and dice/shoe in play, each table's wheel and
 * dice counts across its sessions and days, each shoe's cards per rank. Projected from the first event by the
 * projector (a new projection starts at 0).
 */
export class Equipment1764600000000 implements MigrationInterface {
  name = 'Equipment1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE equipment_sessions (
      session_id text PRIMARY KEY,
      casino_id text NOT NULL,
      table_id text NOT NULL,
      gaming_day text NOT NULL,
      game text NOT NULL,
      jurisdiction text NOT NULL,
      options jsonb NOT NULL DEFAULT '{}',
      dice_set text,
      shoe_id text)`);
    await q.query(`CREATE TABLE equipment_counts (
      equipment_key text PRIMARY KEY,
      casino_id text NOT NULL,
      table_id text NOT NULL,
      kind text NOT NULL,
      game text NOT NULL,
      jurisdiction text NOT NULL,
      options jsonb NOT NULL DEFAULT '{}',
      set_id text NOT NULL DEFAULT '',
      counts jsonb NOT NULL DEFAULT '{}',
      sums jsonb NOT NULL DEFAULT '{}',
      observations integer NOT NULL DEFAULT 0,
      sessions integer NOT NULL DEFAULT 0,
      first_day text NOT NULL,
      last_day text NOT NULL,
      last_session text NOT NULL DEFAULT '',
      last_position bigint NOT NULL DEFAULT 0)`);
    await q.query('CREATE INDEX equipment_counts_table ON equipment_counts (casino_id, table_id)');
    await q.query(`CREATE TABLE equipment_shoes (
      session_id text NOT NULL,
      shoe_id text NOT NULL,
      casino_id text NOT NULL,
      table_id text NOT NULL,
      gaming_day text NOT NULL,
      game text NOT NULL,
      jurisdiction text NOT NULL,
      options jsonb NOT NULL DEFAULT '{}',
      decks integer NOT NULL,
      ranks jsonb NOT NULL DEFAULT '{}',
      dealt integer NOT NULL DEFAULT 0,
      ended boolean NOT NULL DEFAULT false,
      last_position bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (session_id, shoe_id))`);
    await q.query('CREATE INDEX equipment_shoes_table ON equipment_shoes (casino_id, table_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE equipment_shoes');
    await q.query('DROP TABLE equipment_counts');
    await q.query('DROP TABLE equipment_sessions');
  }
}
