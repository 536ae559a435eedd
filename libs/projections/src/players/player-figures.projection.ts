/**
 * Figures per player reference (issue 21 §5): for each casino, gaming day and admission register number
 * recorded on bets (`BetPlaced.playerRef`), the handle, what the house kept of the player's bets (actual
 * win), the bets and the rounds. Figures of people: read only by compliance and inspectors, every read in
 * the access log (apps/api/src/equipment).
 *
 * A bet counts when it is settled: its stake once in the handle, the house's result from each settlement
 * (a doubled blackjack hand risks twice the stake; `void` returns it and counts nothing; `prison` leaves
 * the bet's outcome to later spins and is counted as unsettled, never guessed). A round counts once for a
 * player, when it completes having settled a bet of theirs; a voided round's own bets count nothing.
 */
import type { PoolClient } from 'pg';
import type { ProjectedEvent } from '../../../event-store/src';
import { amountBack, asContractEvent } from '../../../rules/src';
import { loadSessionInfo, sessionOf } from '../facts';
import type { EventProjection } from '../projection';
import { upsertRows } from '../upsert';
import { PlayerFiguresEntity, PlayerOpenBetEntity } from './player-figures.entity';

export const PLAYER_FIGURES = 'player_figures';
export const PLAYER_OPEN_BETS = 'player_open_bets';

/** Rows as stored: the entities' columns by name (player-figures.entity.ts). */
export type PlayerFiguresRow = PlayerFiguresEntity;
export type PlayerOpenBetRow = PlayerOpenBetEntity;

const HANDLES = new Set(['BetPlaced', 'PlayerDecision', 'BetSettled', 'RoundCompleted', 'RoundVoided', 'TableSessionClosed']);

const betKey = (sessionId: string, betId: string) => JSON.stringify([sessionId, betId]);
const figureKey = (casinoId: string, day: string, player: string) => JSON.stringify([casinoId, day, player]);
const pairs = (keys: Iterable<string>) => {
  const list = [...new Set(keys)].map((k) => JSON.parse(k) as [string, string]);
  return [list.map((k) => k[0]), list.map((k) => k[1])];
};

export class PlayerFiguresProjection implements EventProjection {
  readonly name = 'player-figures';
  readonly tables = [PLAYER_FIGURES, PLAYER_OPEN_BETS];
  readonly handles = HANDLES;

  async apply(db: PoolClient, events: readonly ProjectedEvent[], tables: Readonly<Record<string, string>>): Promise<void> {
    // a player's bet stays known until its session closes: a craps bet may be settled again rounds later
    // (a place bet that wins stays up), so every settlement of it counts. Only the rows the batch names are read.
    const settledKeys: string[] = [];
    const roundKeys: string[] = [];
    for (const e of events) {
      const sessionId = sessionOf(e);
      if (!sessionId) continue;
      const c = asContractEvent(e);
      if (c?.type === 'BetSettled') settledKeys.push(betKey(sessionId, c.data.betId));
      else if (c?.type === 'PlayerDecision' || c?.type === 'RoundCompleted' || c?.type === 'RoundVoided') roundKeys.push(betKey(sessionId, c.data.roundId));
    }
    const placed = events.some((e) => e.type === 'BetPlaced' && typeof e.data.playerRef === 'string');
    const bets = new Map<string, PlayerOpenBetRow>();
    if (settledKeys.length || roundKeys.length) {
      const [ss, bs] = pairs(settledKeys);
      const [rs, rr] = pairs(roundKeys);
      // three index lookups, not one OR of three semi-joins: PostgreSQL answers an OR of IN-subqueries with a
      // sequential scan of every open bet on each batch (issue 17's profile: 5.1 M rows read for 73 k events)
      const r = await db.query(
        `SELECT b.* FROM ${tables[PLAYER_OPEN_BETS]} b JOIN unnest($1::text[], $2::text[]) AS k(s, id) ON b.session_id = k.s AND b.bet_id = k.id
         UNION SELECT b.* FROM ${tables[PLAYER_OPEN_BETS]} b JOIN unnest($3::text[], $4::text[]) AS k(s, id) ON b.session_id = k.s AND b.round_id = k.id
         UNION SELECT b.* FROM ${tables[PLAYER_OPEN_BETS]} b JOIN unnest($3::text[], $4::text[]) AS k(s, id) ON b.session_id = k.s AND b.settled_in = k.id`,
        [ss, bs, rs, rr],
      );
      for (const row of r.rows) bets.set(betKey(row.session_id, row.bet_id), { ...row, stake: Number(row.stake) });
    }
    if (!placed && !bets.size && !events.some((e) => e.type === 'TableSessionClosed')) return;
    const sessions = await loadSessionInfo(
      db,
      events.map(sessionOf).filter((s): s is string => !!s),
    );
    // Every figure the batch can touch, read in one query: the players of the open bets it loaded and of the bets it
    // places (a figure is only ever asked for a bet's player). One query per player kept each batch's transaction
    // waiting on round trips for most of its time under load (issue 17: sampled pg_stat_activity at 3,000 events/s).
    const wanted = new Map<string, readonly [string, string, string]>();
    const want = (sessionId: string, player: unknown) => {
      const s = sessions.get(sessionId);
      if (s && typeof player === 'string') wanted.set(figureKey(s.casinoId, s.gamingDay, player), [s.casinoId, s.gamingDay, player]);
    };
    for (const b of bets.values()) want(b.session_id, b.player_ref);
    for (const e of events) {
      const sessionId = e.type === 'BetPlaced' ? sessionOf(e) : undefined;
      if (sessionId) want(sessionId, e.data.playerRef);
    }
    const stored = new Map<string, PlayerFiguresRow>();
    if (wanted.size) {
      const keys = [...wanted.values()];
      const r = await db.query(
        `SELECT f.* FROM ${tables[PLAYER_FIGURES]} f JOIN unnest($1::text[], $2::text[], $3::text[]) AS k(c, d, p)
           ON f.casino_id = k.c AND f.gaming_day = k.d AND f.player_ref = k.p`,
        [keys.map((k) => k[0]), keys.map((k) => k[1]), keys.map((k) => k[2])],
      );
      for (const row of r.rows)
        stored.set(figureKey(row.casino_id, row.gaming_day, row.player_ref), {
          ...row,
          handle: Number(row.handle),
          actual_win: Number(row.actual_win),
          last_position: Number(row.last_position),
        });
    }
    const figures = new Map<string, PlayerFiguresRow>();
    const figureOf = (sessionId: string, player: string): PlayerFiguresRow | undefined => {
      const s = sessions.get(sessionId);
      if (!s) return undefined;
      const key = figureKey(s.casinoId, s.gamingDay, player);
      let row = figures.get(key);
      if (!row) {
        row = stored.get(key) ?? {
          casino_id: s.casinoId,
          gaming_day: s.gamingDay,
          player_ref: player,
          handle: 0,
          actual_win: 0,
          bets: 0,
          rounds: 0,
          unsettled: 0,
          tables: [],
          last_position: 0,
        };
      }
      if (!row.tables.includes(s.tableId)) row.tables = [...row.tables, s.tableId].sort();
      figures.set(key, row);
      return row;
    };
    const changedBets = new Set<string>();
    const deletedBets = new Set<string>();
    const closedSessions = new Set<string>();
    const changedFigures = new Set<PlayerFiguresRow>();
    const betsWhere = (test: (b: PlayerOpenBetRow) => boolean) => [...bets.entries()].filter(([, b]) => test(b));

    for (const e of events) {
      const sessionId = sessionOf(e);
      const c = asContractEvent(e);
      if (!sessionId) continue;
      switch (c?.type) {
        case 'BetPlaced':
          if (typeof c.data.playerRef === 'string' && Number(c.data.amount) > 0) {
            const key = betKey(sessionId, c.data.betId);
            bets.set(key, {
              session_id: sessionId,
              bet_id: c.data.betId,
              round_id: c.data.roundId,
              player_ref: c.data.playerRef,
              seat: String(c.data.seat),
              bet_type: c.data.betType,
              stake: Number(c.data.amount),
              doubled: [],
              settled: false,
              settled_in: null,
            });
            changedBets.add(key);
            deletedBets.delete(key);
          }
          break;
        case 'PlayerDecision':
          if (c.data.decision !== 'double') break;
          for (const [key, b] of betsWhere(
            (b) => b.session_id === sessionId && b.round_id === c.data.roundId && b.seat === String(c.data.seat) && b.bet_type === 'main',
          )) {
            b.doubled = [...b.doubled, String(c.data.hand ?? 1)];
            changedBets.add(key);
          }
          break;
        case 'BetSettled': {
          const key = betKey(sessionId, c.data.betId);
          const b = bets.get(key);
          if (!b || c.data.outcome === 'void') break;
          const row = figureOf(sessionId, b.player_ref);
          if (!row) break;
          if (c.data.outcome === 'prison') row.unsettled += 1;
          else {
            const risk = b.doubled.includes(String(c.data.hand ?? 1)) ? 2 * b.stake : b.stake;
            row.actual_win += risk - amountBack(risk, { outcome: c.data.outcome, payout: Number(c.data.payout), rule: '', citation: '', explanation: '' });
            if (!b.settled) {
              row.handle += b.stake;
              row.bets += 1;
              b.settled = true;
            }
            b.settled_in = c.data.roundId;
            changedBets.add(key);
          }
          row.last_position = Number(e.globalPosition);
          changedFigures.add(row);
          break;
        }
        case 'RoundCompleted': {
          // a round counts once for each player it settled a bet of
          const settledHere = betsWhere((b) => b.session_id === sessionId && b.settled_in === c.data.roundId);
          for (const player of new Set(settledHere.map(([, b]) => b.player_ref))) {
            const row = figureOf(sessionId, player);
            if (!row) continue;
            row.rounds += 1;
            row.last_position = Number(e.globalPosition);
            changedFigures.add(row);
          }
          for (const [key, b] of settledHere) {
            b.settled_in = null;
            changedBets.add(key);
          }
          break;
        }
        case 'RoundVoided':
          // the round's own bets go back to the players
          for (const [key] of betsWhere((b) => b.session_id === sessionId && b.round_id === c.data.roundId)) {
            bets.delete(key);
            changedBets.delete(key);
            deletedBets.add(key);
          }
          break;
        case 'TableSessionClosed':
          closedSessions.add(sessionId);
          for (const [key] of betsWhere((b) => b.session_id === sessionId)) {
            bets.delete(key);
            changedBets.delete(key);
          }
          break;
      }
    }
    if (deletedBets.size) {
      const [ds, db_] = pairs(deletedBets);
      await db.query(`DELETE FROM ${tables[PLAYER_OPEN_BETS]} WHERE (session_id, bet_id) IN (SELECT * FROM unnest($1::text[], $2::text[]))`, [ds, db_]);
    }
    if (closedSessions.size) await db.query(`DELETE FROM ${tables[PLAYER_OPEN_BETS]} WHERE session_id = ANY ($1::text[])`, [[...closedSessions]]);
    await upsertRows(
      db,
      PlayerOpenBetEntity,
      tables[PLAYER_OPEN_BETS],
      [...changedBets].map((k) => bets.get(k)!),
    );
    await upsertRows(db, PlayerFiguresEntity, tables[PLAYER_FIGURES], [...changedFigures]);
  }
}

export interface PlayerFigures {
  readonly casinoId: string;
  readonly gamingDay: string;
  readonly playerRef: string;
  readonly handle: number;
  readonly actualWin: number;
  readonly bets: number;
  readonly rounds: number;
  readonly unsettled: number;
  readonly tables: readonly string[];
}

/**
 * One page of a gaming day's figures per player reference, in (casino, player reference) order after
 * `after` (keyset: the last row's key of the previous page).
 */
export async function loadPlayerFigures(
  db: { pool: import('pg').Pool },
  q: { gamingDay: string; casinoId?: string | null; playerRef?: string | null; after?: readonly [string, string]; limit: number },
): Promise<PlayerFigures[]> {
  const where = ['gaming_day = $1'];
  const params: unknown[] = [q.gamingDay];
  if (q.casinoId) where.push(`casino_id = $${params.push(q.casinoId)}`);
  if (q.playerRef) where.push(`player_ref = $${params.push(q.playerRef)}`);
  if (q.after) where.push(`(casino_id, player_ref) > ($${params.push(q.after[0])}, $${params.push(q.after[1])})`);
  const r = await db.pool.query(
    `SELECT * FROM ${PLAYER_FIGURES} WHERE ${where.join(' AND ')} ORDER BY casino_id, player_ref LIMIT $${params.push(q.limit)}`,
    params,
  );
  return r.rows.map((row) => ({
    casinoId: row.casino_id,
    gamingDay: row.gaming_day,
    playerRef: row.player_ref,
    handle: Number(row.handle),
    actualWin: Number(row.actual_win),
    bets: row.bets,
    rounds: row.rounds,
    unsettled: row.unsettled,
    tables: row.tables,
  }));
}
