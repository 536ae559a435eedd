import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each read model's snapshot at the closing seal of the last month taken out of the store (docs/scaling.md §4,
 * snapshots.ts): the feed checkpoint its tables `<table>__snapshot` stand at, and how many events they took. A rebuild
 * once months are dropped starts from it instead of from the feed's start, which the store no longer holds.
 */
export class ReadModelSnapshots1764800000000 implements MigrationInterface {
  name = 'ReadModelSnapshots1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE ca_read_model_snapshots (
      projection text PRIMARY KEY,
      month text NOT NULL,
      transaction_id text NOT NULL,
      global_position bigint NOT NULL,
      events bigint NOT NULL,
      taken_at timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE ca_read_model_snapshots');
  }
}
