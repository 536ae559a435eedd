/**
 * The equipment read model (issue 21 §4): what each table's wheel, dice and shoes gave, across its
 * sessions and gaming days. Counts only (the tests of fit are computed when read, equipment-report.ts),
 * so a batch adds to counters and live and rebuilt rows agree whatever the batches.
 *
 * - a wheel: results per pocket (cell), per table and design (game, jurisdiction and the options that
 *   shape the wheel: a table that changes its wheel starts a new row);
 * - dice: faces and sums per table, and per set of dice where the facts name it (banca francesa's
 *   `DiceTernaChanged`, otherwise the serials of the session's `DiceIssued`);
 * - a shoe (`ShoeStarted`): its cards per rank, how many were dealt, and whether it ended (a new shoe
 *   or the session's close).
 */
import type { PoolClient } from 'pg';
import type { ProjectedEvent } from '../../../event-store/src';
import { asContractEvent, dataOf, parseCard } from '../../../rules/src';
import { sessionOf } from '../facts';
import type { EventProjection } from '../projection';
import { upsertRows } from '../upsert';
import { EquipmentCountsEntity, EquipmentKind, EquipmentSessionEntity, EquipmentShoeEntity } from './equipment.entity';

export const EQUIPMENT_SESSIONS = 'equipment_sessions';
export const EQUIPMENT_COUNTS = 'equipment_counts';
export const EQUIPMENT_SHOES = 'equipment_shoes';

/** Rows as stored: the entities' columns by name (equipment.entity.ts). */
export type EquipmentSessionRow = EquipmentSessionEntity;
export type EquipmentCountsRow = EquipmentCountsEntity;
export type EquipmentShoeRow = EquipmentShoeEntity;

const HANDLES = new Set(['TableSessionOpened', 'TableSessionClosed', 'WheelSpun', 'DiceThrown', 'DiceIssued', 'DiceTernaChanged', 'ShoeStarted', 'CardDealt']);
/** Options as one canonical value (keys sorted), so one design is one row whatever the order they were sent in. */
function canonical(options: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(options ?? {})
      .sort()
      .map((k) => [k, options[k]]),
  );
}

export const equipmentKey = (
  s: Pick<EquipmentSessionRow, 'casino_id' | 'table_id' | 'game' | 'jurisdiction' | 'options'>,
  kind: EquipmentKind,
  setId: string,
) => JSON.stringify([s.casino_id, s.table_id, kind, s.game, s.jurisdiction, kind === 'wheel' ? canonical(s.options) : {}, setId]);

const shoeKey = (sessionId: string, shoeId: string) => `${sessionId}|${shoeId}`;

/** The state a batch folds into: sessions, counters and shoes by key. */
export interface EquipmentState {
  readonly sessions: Map<string, EquipmentSessionRow>;
  readonly counts: Map<string, EquipmentCountsRow>;
  readonly shoes: Map<string, EquipmentShoeRow>;
}

/**
 * Fold one fact into the state (pure; the caller has loaded the rows of the fact's session, table and
 * shoes) and note the keys it changed.
 */
export function foldEquipmentFact(
  state: EquipmentState,
  e: Pick<ProjectedEvent, 'type' | 'data' | 'streamId'> & { globalPosition: bigint | number },
  changed: { sessions: Set<string>; counts: Set<string>; shoes: Set<string> },
): void {
  const c = asContractEvent(e);
  const sessionId = sessionOf(e);
  if (!sessionId) return;
  const position = Number(e.globalPosition);
  if (c?.type === 'TableSessionOpened') {
    const d = c.data;
    if (state.sessions.has(sessionId)) return;
    state.sessions.set(sessionId, {
      session_id: sessionId,
      casino_id: d.casinoId,
      table_id: d.tableId,
      gaming_day: d.gamingDay,
      game: d.game,
      jurisdiction: d.jurisdiction,
      options: canonical(d.options ?? {}),
      dice_set: null,
      shoe_id: null,
    });
    changed.sessions.add(sessionId);
    return;
  }
  const s = state.sessions.get(sessionId);
  if (!s) return;
  const endShoe = () => {
    const shoe = s.shoe_id === null ? undefined : state.shoes.get(shoeKey(sessionId, s.shoe_id));
    if (shoe && !shoe.ended) {
      shoe.ended = true;
      shoe.last_position = position;
      changed.shoes.add(shoeKey(sessionId, shoe.shoe_id));
    }
  };
  const counter = (kind: EquipmentKind, setId: string) => {
    const key = equipmentKey(s, kind, setId);
    let row = state.counts.get(key);
    if (!row) {
      row = {
        equipment_key: key,
        casino_id: s.casino_id,
        table_id: s.table_id,
        kind,
        game: s.game,
        jurisdiction: s.jurisdiction,
        options: kind === 'wheel' ? s.options : {},
        set_id: setId,
        counts: {},
        sums: {},
        observations: 0,
        sessions: 0,
        first_day: s.gaming_day,
        last_day: s.gaming_day,
        last_session: '',
        last_position: 0,
      };
      state.counts.set(key, row);
    }
    if (row.last_session !== sessionId) {
      row.sessions++;
      row.last_session = sessionId;
    }
    if (s.gaming_day < row.first_day) row.first_day = s.gaming_day;
    if (s.gaming_day > row.last_day) row.last_day = s.gaming_day;
    row.observations++;
    row.last_position = position;
    changed.counts.add(key);
    return row;
  };
  const add = (counts: Record<string, number>, key: string) => (counts[key] = (counts[key] ?? 0) + 1);
  switch (c?.type) {
    case 'WheelSpun':
      add(counter('wheel', '').counts, String(c.data.result));
      break;
    case 'DiceThrown': {
      const dice = c.data.dice.map(Number);
      const sum = String(dice.reduce((t, x) => t + x, 0));
      for (const setId of s.dice_set ? ['', s.dice_set] : ['']) {
        const row = counter('dice', setId);
        for (const face of dice) add(row.counts, String(face));
        add((row.sums[String(dice.length)] ??= {}), sum);
      }
      break;
    }
    case 'DiceIssued': {
      // a terna named by the facts stays the set until the next terna; otherwise the dice the session was given
      if (s.dice_set?.startsWith('terna:')) break;
      const serials = c.data.dice.map((die) => die.serial).filter((x): x is string => typeof x === 'string');
      s.dice_set = serials.length ? `issued:${[...serials].sort().join('+')}` : null;
      changed.sessions.add(sessionId);
      break;
    }
    case 'DiceTernaChanged':
      s.dice_set = `terna:${c.data.terna}`;
      changed.sessions.add(sessionId);
      break;
    case 'ShoeStarted': {
      endShoe();
      s.shoe_id = String(c.data.shoeId);
      const key = shoeKey(sessionId, s.shoe_id);
      // a shoe id started again in the same session counts on (the ingestion keeps its cards possible)
      if (!state.shoes.has(key)) {
        state.shoes.set(key, {
          session_id: sessionId,
          shoe_id: s.shoe_id,
          casino_id: s.casino_id,
          table_id: s.table_id,
          gaming_day: s.gaming_day,
          game: s.game,
          jurisdiction: s.jurisdiction,
          options: s.options,
          decks: Number(c.data.decks),
          ranks: {},
          dealt: 0,
          ended: false,
          last_position: position,
        });
      } else state.shoes.get(key)!.ended = false;
      changed.sessions.add(sessionId);
      changed.shoes.add(key);
      break;
    }
    case 'CardDealt': {
      const shoe = s.shoe_id === null ? undefined : state.shoes.get(shoeKey(sessionId, s.shoe_id));
      const card = parseCard(c.data.card);
      if (!shoe || !card) break;
      add(shoe.ranks, card.rank);
      shoe.dealt++;
      shoe.last_position = position;
      changed.shoes.add(shoeKey(sessionId, shoe.shoe_id));
      break;
    }
    case 'TableSessionClosed':
      endShoe();
      break;
  }
}

export class EquipmentProjection implements EventProjection {
  readonly name = 'equipment';
  readonly tables = [EQUIPMENT_SESSIONS, EQUIPMENT_COUNTS, EQUIPMENT_SHOES];
  readonly handles = HANDLES;

  async apply(db: PoolClient, events: readonly ProjectedEvent[], tables: Readonly<Record<string, string>>): Promise<void> {
    const sessionIds = [...new Set(events.map(sessionOf).filter((s): s is string => !!s))];
    if (!sessionIds.length) return;
    const state: EquipmentState = { sessions: new Map(), counts: new Map(), shoes: new Map() };
    for (const row of (await db.query(`SELECT * FROM ${tables[EQUIPMENT_SESSIONS]} WHERE session_id = ANY ($1::text[])`, [sessionIds])).rows)
      state.sessions.set(row.session_id, row);
    // the counters the batch can touch: those of its sessions' tables (stored, or opened in the batch)
    const touched = new Map<string, [string, string]>();
    for (const s of state.sessions.values()) touched.set(JSON.stringify([s.casino_id, s.table_id]), [s.casino_id, s.table_id]);
    for (const d of events.flatMap((e) => dataOf(e, 'TableSessionOpened') ?? [])) touched.set(JSON.stringify([d.casinoId, d.tableId]), [d.casinoId, d.tableId]);
    const pairs = [...touched.values()];
    const r = await db.query(`SELECT * FROM ${tables[EQUIPMENT_COUNTS]} WHERE (casino_id, table_id) IN (SELECT * FROM unnest($1::text[], $2::text[]))`, [
      pairs.map((p) => p[0]),
      pairs.map((p) => p[1]),
    ]);
    for (const row of r.rows) state.counts.set(row.equipment_key, { ...row, last_position: Number(row.last_position) });
    // the shoes the batch can touch: each session's shoe in play and those its ShoeStarted facts name (one
    // started again counts on), not every shoe the session has dealt (issue 17's profile: a long session
    // read its 75 shoes on every batch)
    const shoes = new Map<string, [string, string]>();
    for (const s of state.sessions.values()) if (s.shoe_id !== null) shoes.set(shoeKey(s.session_id, s.shoe_id), [s.session_id, s.shoe_id]);
    for (const e of events)
      if (e.type === 'ShoeStarted' && sessionOf(e)) shoes.set(shoeKey(sessionOf(e)!, String(e.data.shoeId)), [sessionOf(e)!, String(e.data.shoeId)]);
    if (shoes.size) {
      const keys = [...shoes.values()];
      const r = await db.query(
        `SELECT s.* FROM ${tables[EQUIPMENT_SHOES]} s JOIN unnest($1::text[], $2::text[]) AS k(session_id, shoe_id) USING (session_id, shoe_id)`,
        [keys.map((k) => k[0]), keys.map((k) => k[1])],
      );
      for (const row of r.rows) state.shoes.set(shoeKey(row.session_id, row.shoe_id), { ...row, last_position: Number(row.last_position) });
    }
    const changed = { sessions: new Set<string>(), counts: new Set<string>(), shoes: new Set<string>() };
    for (const e of events) foldEquipmentFact(state, e, changed);
    await upsertRows(
      db,
      EquipmentSessionEntity,
      tables[EQUIPMENT_SESSIONS],
      [...changed.sessions].map((k) => state.sessions.get(k)!),
    );
    await upsertRows(
      db,
      EquipmentCountsEntity,
      tables[EQUIPMENT_COUNTS],
      [...changed.counts].map((k) => state.counts.get(k)!),
    );
    await upsertRows(
      db,
      EquipmentShoeEntity,
      tables[EQUIPMENT_SHOES],
      [...changed.shoes].map((k) => state.shoes.get(k)!),
    );
  }
}
