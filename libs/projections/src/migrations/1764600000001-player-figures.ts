import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Figures per player reference (issue 21 §5): per casino, gaming day and admission register number, and the
 * players' bets of the sessions still open. Projected from the first event by the projector (a new projection starts at 0).
 */
export class PlayerFigures1764600000001 implements MigrationInterface {
  name = 'PlayerFigures1764600000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE player_figures (
      casino_id text NOT NULL,
      gaming_day text NOT NULL,
      player_ref text NOT NULL,
      handle bigint NOT NULL DEFAULT 0,
      actual_win bigint NOT NULL DEFAULT 0,
      bets integer NOT NULL DEFAULT 0,
      rounds integer NOT NULL DEFAULT 0,
      unsettled integer NOT NULL DEFAULT 0,
      tables jsonb NOT NULL DEFAULT '[]',
      last_position bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (casino_id, gaming_day, player_ref))`);
    await q.query('CREATE INDEX player_figures_player ON player_figures (player_ref, gaming_day)');
    await q.query(`CREATE TABLE player_open_bets (
      session_id text NOT NULL,
      bet_id text NOT NULL,
      round_id text NOT NULL,
      player_ref text NOT NULL,
      seat text NOT NULL,
      bet_type text NOT NULL,
      stake bigint NOT NULL,
      doubled jsonb NOT NULL DEFAULT '[]',
      settled boolean NOT NULL DEFAULT false,
      settled_in text,
      PRIMARY KEY (session_id, bet_id))`);
    await q.query('CREATE INDEX player_open_bets_round ON player_open_bets (session_id, round_id)');
    await q.query('CREATE INDEX player_open_bets_settled_in ON player_open_bets (session_id, settled_in)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE player_open_bets');
    await q.query('DROP TABLE player_figures');
  }
}
