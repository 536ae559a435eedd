/**
 * Who plays at the table, for the games whose texts require a minimum number of players: chemin de fer
 * ("que haya en la mesa un mínimo de cuatro jugadores, cifra que deberá mantenerse a lo largo de toda la
 * partida", euskadi L5103–5106) and baccarat à deux tableaux ("un mínimo de dos jugadores por paño", euskadi
 * L6214–6217). Bets cannot show it: a seated player need not bet every coup, and players standing behind the
 * seats bet too (euskadi L4433–4437, L5735–5739). So the terminal records it: contract extension
 * `PlayersSeated`, the table's occupancy from that fact on, sent whenever it changes. Until a session records
 * it, its coups are not judged for it (no finding can be drawn from what nobody recorded).
 */
import { sessionFact, type PlayedFact } from './game';
import { field, optionalField } from './fields';
import { phrase, type Phrase } from './phrase';
import type { Cited, Fact, Finding, Refusal } from './types';

export const PLAYERS_SEATED = 'PlayersSeated';

/**
 * One declaration for every game that judges a minimum of players (ingestion validates a fact type once,
 * whatever the session's game); each game checks the shape of `seats` for its own table in `refuse`.
 */
export const PLAYERS_SEATED_FACT = sessionFact(
  'who plays at the table from this fact on, sent whenever it changes: seats = the occupied numbered seats (as in BetPlaced.seat; at chemin de fer the banker\'s seat too), at baccarat à deux tableaux by paño { "1": [...], "2": [...] }; behind (optional) = players with no numbered seat (standing behind, or seated behind the seats), a count, by paño at two paños; roundId (optional) = the coup in which it changed, when sent after its RoundStarted and before its cards',
  // seats and behind are a list and a count at one table, by paño at two: each game checks their shape in `refuse`
  { seats: field('any'), behind: optionalField('any'), roundId: optionalField('id') },
);

/** Who plays in one area of the table (the whole table, or one paño). */
export interface AreaOccupancy {
  /** the occupied numbered seats, as strings (seat 3 and "3" are one seat) */
  readonly seats: readonly string[];
  /** players with no numbered seat: standing behind the seats, or seated behind them */
  readonly behind: number;
}

/** The occupancy by area: `table` for the whole table, or `1` and `2` for the paños. JSON-ready (it is carried). */
export type Occupancy = Readonly<Record<string, AreaOccupancy>>;

/** The one area of a table that counts its players as a whole (chemin de fer). */
export const WHOLE_TABLE = 'table';

/** Where the minimum is counted: the whole table (`null`), or each of these areas (the paños `1` and `2`). */
export type SeatingAreas = readonly string[] | null;

/** What a game carries between coups for this: the occupancy as last recorded (absent: never recorded). */
export interface SeatedCarried {
  readonly seated?: Occupancy;
}

export const playersIn = (area: AreaOccupancy): number => area.seats.length + area.behind;

const SEAT_ID = /^[A-Za-z0-9][A-Za-z0-9._:@\-/]{0,127}$/;
const isSeat = (v: unknown): v is number | string =>
  (Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 100) || (typeof v === 'string' && SEAT_ID.test(v));
const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 1000;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function readSeats(value: unknown, field: string, taken: Set<string>): string[] | Refusal {
  if (!Array.isArray(value)) return { field, reason: 'is the list of the occupied seats, e.g. [1, 2, 5] (an empty list when none is)' };
  if (value.length > 100) return { field, reason: 'lists more than 100 seats' };
  const seats: string[] = [];
  for (const seat of value) {
    if (!isSeat(seat)) return { field, reason: `${JSON.stringify(seat)} is not a seat: a seat number (0–100) or a seat id, as in BetPlaced.seat` };
    const key = String(seat);
    if (taken.has(key)) return { field, reason: `seat ${key} is listed twice: a seat holds one player` };
    taken.add(key);
    seats.push(key);
  }
  return seats;
}

const isRefusal = (v: unknown): v is Refusal => isObject(v) && typeof v.field === 'string' && typeof v.reason === 'string';

/** The occupancy a `PlayersSeated` fact records at a table laid out in `areas`, or why it cannot be read. */
export function readOccupancy(data: Readonly<Record<string, unknown>>, areas: SeatingAreas): { occupancy: Occupancy } | { refusal: Refusal } {
  const taken = new Set<string>();
  if (areas === null) {
    const seats = readSeats(data.seats, 'data.seats', taken);
    if (isRefusal(seats)) return { refusal: seats };
    if (data.behind !== undefined && !isCount(data.behind))
      return { refusal: { field: 'data.behind', reason: 'is the number of players with no numbered seat (0–1000)' } };
    return { occupancy: { [WHOLE_TABLE]: { seats, behind: (data.behind as number | undefined) ?? 0 } } };
  }
  const byArea = `{ ${areas.map((a) => `"${a}": [seats]`).join(', ')} }`;
  if (!isObject(data.seats)) return { refusal: { field: 'data.seats', reason: `lists the occupied seats by paño: ${byArea}` } };
  const extra = Object.keys(data.seats).find((k) => !areas.includes(k));
  if (extra !== undefined) return { refusal: { field: `data.seats.${extra}`, reason: `is not a paño of this table (${areas.join(', ')})` } };
  if (data.behind !== undefined && !isObject(data.behind))
    return { refusal: { field: 'data.behind', reason: `counts the players with no numbered seat by paño: { ${areas.map((a) => `"${a}": n`).join(', ')} }` } };
  const behind = (data.behind ?? {}) as Record<string, unknown>;
  const extraBehind = Object.keys(behind).find((k) => !areas.includes(k));
  if (extraBehind !== undefined) return { refusal: { field: `data.behind.${extraBehind}`, reason: `is not a paño of this table (${areas.join(', ')})` } };
  const occupancy: Record<string, AreaOccupancy> = {};
  for (const area of areas) {
    // every paño is named, an empty one with []: a paño left out would be judged as empty, or not at all
    if (!(area in data.seats)) return { refusal: { field: `data.seats.${area}`, reason: `is required: the seats occupied at paño ${area} ([] when none is)` } };
    const seats = readSeats(data.seats[area], `data.seats.${area}`, taken);
    if (isRefusal(seats)) return { refusal: seats };
    if (behind[area] !== undefined && !isCount(behind[area]))
      return { refusal: { field: `data.behind.${area}`, reason: 'is the number of players with no numbered seat at this paño (0–1000)' } };
    occupancy[area] = { seats, behind: (behind[area] as number | undefined) ?? 0 };
  }
  return { occupancy };
}

/** Ingestion's check of a `PlayersSeated` fact (null for any other fact, or a readable one). */
export function refusePlayersSeated(fact: Fact, areas: SeatingAreas): Refusal | null {
  if (fact.type !== PLAYERS_SEATED) return null;
  const read = readOccupancy(fact.data ?? {}, areas);
  return 'refusal' in read ? read.refusal : null;
}

/** The occupancy after a fact: a `PlayersSeated` replaces it, anything else leaves it. */
export function seatedAfter(seated: Occupancy | undefined, fact: Fact, areas: SeatingAreas): Occupancy | undefined {
  if (fact.type !== PLAYERS_SEATED) return seated;
  const read = readOccupancy(fact.data ?? {}, areas);
  return 'occupancy' in read ? read.occupancy : seated;
}

/** `carry` for the occupancy: the same carried value (unchanged identity) unless a `PlayersSeated` changed it. */
export function carrySeated<C extends SeatedCarried>(carried: C | undefined, fact: Fact, areas: SeatingAreas): C | undefined {
  if (fact.type !== PLAYERS_SEATED) return carried;
  return { ...(carried ?? ({} as C)), seated: seatedAfter(carried?.seated, fact, areas) };
}

const describeArea = (a: AreaOccupancy): string => {
  const n = playersIn(a);
  const seats = a.seats.length ? `seat${a.seats.length === 1 ? '' : 's'} ${a.seats.join(', ')}` : 'no seat taken';
  return `${n} player${n === 1 ? '' : 's'} (${seats}${a.behind ? `, ${a.behind} with no numbered seat` : ''})`;
};

/** The same, as a phrase of the narrative catalogue (issue 16). */
const areaPhrase = (a: AreaOccupancy): Phrase =>
  phrase('finding.seated.area', {
    players: playersIn(a),
    seats: a.seats.length ? a.seats.join(', ') : 'none',
    count: a.seats.length,
    behind: a.behind ? a.behind : 'none',
  });

/** One line for the narrative: who plays where. */
export function describeOccupancy(seated: Occupancy): string {
  return Object.entries(seated)
    .map(([area, a]) => (area === WHOLE_TABLE ? `at the table: ${describeArea(a)}` : `at paño ${area}: ${describeArea(a)}`))
    .join('; ');
}

/**
 * Findings for a coup dealt with `seated` at the table: one `SESSION_RULE_VIOLATION` (rule
 * `<game>/minimum-players`) for each area with fewer players than the text's minimum. None while the
 * occupancy is unknown. Judged by the games at the coup's first card: the players there when it was dealt.
 */
export function judgeMinimumPlayers(game: string, seated: Occupancy | undefined, minimum: Cited<number>): Finding[] {
  if (!seated) return [];
  return Object.entries(seated)
    .filter(([, a]) => playersIn(a) < minimum.value)
    .map(([area, a]) => ({
      code: 'SESSION_RULE_VIOLATION' as const,
      expected: minimum.value,
      recorded: playersIn(a),
      rule: `${game}/minimum-players`,
      citation: minimum.cite,
      message:
        area === WHOLE_TABLE
          ? `the coup was dealt with ${describeArea(a)} at the table; the game needs at least ${minimum.value} players at the table, the banker among them, from its start and throughout the partida`
          : `the coup was dealt with ${describeArea(a)} at paño ${area}; the game needs at least ${minimum.value} players at each paño, from its start and throughout the partida`,
      messagePhrase:
        area === WHOLE_TABLE
          ? phrase('finding.seated.tooFewAtTable', { area: areaPhrase(a), min: minimum.value })
          : phrase('finding.seated.tooFewAtPano', { area: areaPhrase(a), pano: area, min: minimum.value }),
    }));
}

/** The fact's data for an occupancy (the inverse of `readOccupancy`). */
export function occupancyData(seated: Occupancy): Record<string, unknown> {
  const areas = Object.keys(seated);
  if (areas.length === 1 && areas[0] === WHOLE_TABLE) {
    const a = seated[WHOLE_TABLE];
    return { seats: [...a.seats], ...(a.behind ? { behind: a.behind } : {}) };
  }
  const behind = Object.fromEntries(areas.filter((k) => seated[k].behind).map((k) => [k, seated[k].behind]));
  return { seats: Object.fromEntries(areas.map((k) => [k, [...seated[k].seats]])), ...(Object.keys(behind).length ? { behind } : {}) };
}

/**
 * For a croupier (`play`): the `PlayersSeated` fact to send before the coup when the players differ from
 * those last recorded at this table (none when they do not), as a terminal records the table. `memory` is
 * the croupier's own memory of the session.
 */
export function seatingFacts(memory: Record<string, unknown>, sessionId: string, seated: Occupancy): PlayedFact[] {
  const data = occupancyData(seated);
  const key = JSON.stringify(data);
  if (memory.seatedRecorded === key) return [];
  memory.seatedRecorded = key;
  return [{ type: PLAYERS_SEATED, data: { sessionId, ...data } }];
}
