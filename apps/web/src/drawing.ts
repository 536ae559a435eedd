/**
 * What the replay's table drawing (components/TableDrawing.tsx) shows of a game, without React: which wheel
 * layout a wheel game is drawn on (by game id, the one place the pages branch on games), and which parts of
 * a card or dice game's own description (`GameRules.describe`) it draws. test/registry-consistency.spec.ts
 * holds every registered game to it: a wheel game needs its layout here, any other game a description the
 * drawing can show.
 */

/** The roulettes' 37 or 38 pockets, the boule's nine, or a wheel of fortune's segment called out. */
export type WheelLayout = { readonly kind: 'roulette'; readonly doubleZero: boolean } | { readonly kind: 'boule' } | { readonly kind: 'segment' };

export const WHEEL_LAYOUTS: Readonly<Record<string, WheelLayout>> = {
  'french-roulette': { kind: 'roulette', doubleZero: false },
  'american-roulette-single-zero': { kind: 'roulette', doubleZero: false },
  'american-roulette-double-zero': { kind: 'roulette', doubleZero: true },
  boule: { kind: 'boule' },
  'wheel-of-fortune': { kind: 'segment' },
};

export const wheelLayout = (game: string): WheelLayout | undefined => WHEEL_LAYOUTS[game];

// a game's own state as the API describes it: one shape per game, read loosely by the page (not event data)
type Described = Record<string, any>;

/** A hand as a game describes it: an object with its cards (banker, player, dealer, a paño…). */
export const isHand = (value: unknown): value is { cards: string[] } & Described =>
  !!value && typeof value === 'object' && !Array.isArray(value) && Array.isArray((value as Described).cards);

/** A list of hands (seats, boxes, split hands), each an object with its cards. */
export const isHandList = (value: unknown): value is Array<{ cards: string[] } & Described> =>
  Array.isArray(value) && value.length > 0 && typeof value[0] === 'object' && Array.isArray(value[0]?.cards);

/** Cards by position (`seat:1`, `dealer`, `board`): how the bank-poker games describe their hands. */
export const isCardsByPosition = (value: unknown): value is Record<string, string[]> =>
  !!value &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.keys(value).length > 0 &&
  Object.values(value).every((cards) => Array.isArray(cards) && cards.every((c) => typeof c === 'string'));

/** A position of `isCardsByPosition`: a seat's number, or the position's own name (dealer, board). */
export const positionSeat = (position: string): string | undefined => /^seat:(.+)$/.exec(position)?.[1];

export type DrawnPart = 'wheel' | 'dice' | 'throws' | 'hands' | 'board' | 'pot' | 'call';

/** The parts the drawing shows for a game in a described state (empty: the drawing shows nothing but the bets). */
export function drawnParts(game: string, g: Described | null | undefined): DrawnPart[] {
  const parts: DrawnPart[] = [];
  if (wheelLayout(game)) parts.push('wheel');
  if (!g) return parts;
  if (Array.isArray(g.dice)) parts.push('dice');
  if (Array.isArray(g.throws)) parts.push('throws');
  if (Object.values(g).some((v) => isHand(v) || isHandList(v) || isCardsByPosition(v))) parts.push('hands');
  if (Array.isArray(g.board) && g.board.length) parts.push('board');
  if (typeof g.pot === 'number') parts.push('pot');
  if (g.call && !wheelLayout(game)) parts.push('call');
  return parts;
}
