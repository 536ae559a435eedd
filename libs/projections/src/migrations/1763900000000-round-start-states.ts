import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each round's starting state beside its verdict (round-verdict.projection.ts), so that replaying a
 * round late in a long session reads that round, not the whole session. Rows judged before this
 * migration keep NULL and are replayed by folding their session, as before; `projections rebuild`
 * fills them in.
 */
export class RoundStartStates1763900000000 implements MigrationInterface {
  name = 'RoundStartStates1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE round_verdicts ADD COLUMN start_version integer, ADD COLUMN start_hash text, ADD COLUMN start_state jsonb');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE round_verdicts DROP COLUMN start_state, DROP COLUMN start_hash, DROP COLUMN start_version');
  }
}
