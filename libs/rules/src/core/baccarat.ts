/**
 * Machinery shared by the baccarat family (punto-banco, chemin-de-fer, baccarat-two-tables):
 * hand totals, naturals, the punto's drawing rule and the banker's third-card tables written out
 * in full, the shoe (decks, burn, stop card) and the coup engine that judges every card dealt
 * against the order of the deal and the drawing tables.
 *
 * Every table here is data: the games' rulebooks wrap it in `Cited` with their jurisdiction's lines.
 */
import { baccaratPoints, card, DECK_52, DeckSpec, parseCard, shoeCards, shuffle } from './cards';
import { roundFact, type PlayedFact, type ShoeRules } from './game';
import { field, optionalField } from './fields';
import { phrase, type Phrase, type PhraseValue } from './phrase';
import { cited } from './types';
import type { Cited, Fact, Finding, Refusal } from './types';

// ---------------------------------------------------------------------------------------------
// Totals and naturals
// ---------------------------------------------------------------------------------------------

/** Units digit of the sum: ace 1, 2–9 face value, 10 and figures 0 (every text, e.g. euskadi L4223). */
export function handTotal(cards: readonly string[]): number {
  let total = 0;
  for (const c of cards) total += baccaratPoints(card(c));
  return total % 10;
}

/** 8 or 9 on the first two cards ("abatir"). */
export const isNatural = (cards: readonly string[]): boolean => cards.length === 2 && handTotal(cards) >= 8;

/**
 * Compare a punto hand with the banker's: the higher total wins; a two-card natural beats any
 * three-card hand, so a two-card 8 beats a three-card 8 or 9 (euskadi L6132–6133; in punto-banco
 * and chemin-de-fer a natural ends the coup, so the rule never changes their outcome).
 */
export function compareHands(punto: readonly string[], banker: readonly string[]): 'punto' | 'banker' | 'tie' {
  const pn = isNatural(punto);
  const bn = isNatural(banker);
  if (pn && !bn && banker.length > 2) return 'punto';
  if (bn && !pn && punto.length > 2) return 'banker';
  const p = handTotal(punto);
  const b = handTotal(banker);
  return p > b ? 'punto' : b > p ? 'banker' : 'tie';
}

// ---------------------------------------------------------------------------------------------
// Drawing tables
// ---------------------------------------------------------------------------------------------

/** T = draw (tirar), P = stand (plantarse), O = the hand's option (either is correct). */
export type DrawCell = 'T' | 'P' | 'O';

/** The punto's rule on his two-card total 0–7 (8 and 9 are naturals). */
export type PuntoRule = Readonly<Record<0 | 1 | 2 | 3 | 4 | 5 | 6 | 7, DrawCell>>;

/** Columns of a banker's table: the punto's third card 0–9, or `stood` (the punto took no third card). */
export const BANKER_COLUMNS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'stood'] as const;
export type BankerColumn = (typeof BANKER_COLUMNS)[number];
type Row = readonly [DrawCell, DrawCell, DrawCell, DrawCell, DrawCell, DrawCell, DrawCell, DrawCell, DrawCell, DrawCell, DrawCell];
/** Rows: the banker's two-card total 0–7 (8 and 9 are naturals); cells in the order of `BANKER_COLUMNS`. */
export type BankerTable = Readonly<Record<0 | 1 | 2 | 3 | 4 | 5 | 6 | 7, Row>>;

/** Punto-banco: punto draws on 0–5 and stands on 6–7 (euskadi L4229–4236, cantabria L2097–2103). */
export const PUNTO_BANCO_PUNTO_RULE: PuntoRule = { 0: 'T', 1: 'T', 2: 'T', 3: 'T', 4: 'T', 5: 'T', 6: 'P', 7: 'P' };

/** Chemin de fer and the two-table game: 0–4 draw, 5 optional, 6–7 stand (illes-balears L1602–1610; docs/decisions/open-questions.md#oq-03). */
export const CHEMIN_PUNTO_RULE: PuntoRule = { 0: 'T', 1: 'T', 2: 'T', 3: 'T', 4: 'T', 5: 'O', 6: 'P', 7: 'P' };

/**
 * Punto-banco banker's table (docs/decisions/games.md#punto-banco): no option cell. Cantabria's legible rows 2–6
 * (cantabria L2105–2118) agree cell for cell; the rest is the standard table (docs/decisions/open-questions.md#oq-01).
 */
export const PUNTO_BANCO_BANKER_TABLE: BankerTable = {
  //  third card: 0    1    2    3    4    5    6    7    8    9    stood
  0: ['T', 'T', 'T', 'T', 'T', 'T', 'T', 'T', 'T', 'T', 'T'],
  1: ['T', 'T', 'T', 'T', 'T', 'T', 'T', 'T', 'T', 'T', 'T'],
  2: ['T', 'T', 'T', 'T', 'T', 'T', 'T', 'T', 'T', 'T', 'T'],
  3: ['T', 'T', 'T', 'T', 'T', 'T', 'T', 'T', 'P', 'T', 'T'],
  4: ['P', 'P', 'T', 'T', 'T', 'T', 'T', 'T', 'P', 'P', 'T'],
  5: ['P', 'P', 'P', 'P', 'T', 'T', 'T', 'T', 'P', 'P', 'T'],
  6: ['P', 'P', 'P', 'P', 'P', 'P', 'T', 'T', 'P', 'P', 'P'],
  7: ['P', 'P', 'P', 'P', 'P', 'P', 'P', 'P', 'P', 'P', 'P'],
};

/**
 * Chemin de fer "cuadro de jugadas de la Banca", also the two-table game's (euskadi L5347–5365;
 * cantabria L2536–2552): options at banker 3 / third card 9 and banker 5 / third card 4 (docs/decisions/open-questions.md#oq-02).
 */
export const CHEMIN_BANKER_TABLE: BankerTable = {
  //  third card: 0    1    2    3    4    5    6    7    8    9    stood
  0: ['T', 'T', 'T', 'T', 'T', 'T', 'T', 'T', 'T', 'T', 'T'],
  1: ['T', 'T', 'T', 'T', 'T', 'T', 'T', 'T', 'T', 'T', 'T'],
  2: ['T', 'T', 'T', 'T', 'T', 'T', 'T', 'T', 'T', 'T', 'T'],
  3: ['T', 'T', 'T', 'T', 'T', 'T', 'T', 'T', 'P', 'O', 'T'],
  4: ['P', 'P', 'T', 'T', 'T', 'T', 'T', 'T', 'P', 'P', 'T'],
  5: ['P', 'P', 'P', 'P', 'O', 'T', 'T', 'T', 'P', 'P', 'T'],
  6: ['P', 'P', 'P', 'P', 'P', 'P', 'T', 'T', 'P', 'P', 'P'],
  7: ['P', 'P', 'P', 'P', 'P', 'P', 'P', 'P', 'P', 'P', 'P'],
};

export function puntoCell(rule: PuntoRule, total: number): DrawCell {
  return total >= 8 ? 'P' : rule[total as keyof PuntoRule];
}

export function bankerCell(table: BankerTable, bankerTotal: number, column: BankerColumn): DrawCell {
  if (bankerTotal >= 8) return 'P';
  return table[bankerTotal as keyof BankerTable][BANKER_COLUMNS.indexOf(column)];
}

/** The column a punto hand gives the banker: its third card's points, or `stood`. */
export function columnOf(punto: readonly string[]): BankerColumn {
  return punto.length >= 3 ? (String(baccaratPoints(card(punto[2]))) as BankerColumn) : 'stood';
}

// ---------------------------------------------------------------------------------------------
// The shoe
// ---------------------------------------------------------------------------------------------

/** How many cards the burn takes after the exposed first card: its value, 10 and figures count 10 (euskadi L4309–4314). */
export function burnValue(exposed: string): number {
  const c = card(exposed);
  if (c.rank === 'A') return 1;
  return Math.min(c.value, 10);
}

/** Total cards burned at the start of a shoe: the exposed card itself plus its value (docs/decisions/open-questions.md#oq-22). */
export const burnCount = (exposed: string): number => 1 + burnValue(exposed);

/**
 * The burn a text requires: `exposed-plus-value` (docs/decisions/open-questions.md#oq-22); `value-with-or-without-the-exposed-card`
 * where the text says only that the exposed card's value "determines the number of cards" burned, and
 * so allows both counts (punto y banca, euskadi L4309–4314); `not-regulated` where the text says nothing
 * of a burn (chemin de fer, two paños), so no count is judged.
 */
export type BurnRule = 'exposed-plus-value' | 'value-with-or-without-the-exposed-card' | 'not-regulated';

/** The numbers of burned cards a burn rule accepts after `exposed` (none: not judged). */
export function burnCounts(rule: BurnRule, exposed: string): number[] | null {
  if (rule === 'not-regulated') return null;
  const value = burnValue(exposed);
  return rule === 'exposed-plus-value' ? [1 + value] : [value, 1 + value];
}

export interface ShoeMemory {
  shoeId: string;
  /** cards still in the shoe, next card first */
  remaining: string[];
  /** the stop card has come out: the shoe ends after the coup in progress (euskadi L4300–4307) */
  stopReached: boolean;
  /** number of cards left when the stop card comes out */
  stopAt: number;
}

/** A freshly shuffled shoe of `decks` × 52, its stop card `stopFromEnd` cards from the end. */
export function newShoe(shoeId: string, decks: number, stopFromEnd: number, random: () => number, deck: DeckSpec = DECK_52): ShoeMemory {
  return { shoeId, remaining: shuffle(shoeCards(deck, decks), random), stopReached: false, stopAt: stopFromEnd };
}

/** Take the next card from the shoe, noting the stop card as it passes. */
export function drawFromShoe(shoe: ShoeMemory): string {
  const next = shoe.remaining.shift();
  if (next === undefined) throw new Error(`shoe ${shoe.shoeId} is empty`);
  if (shoe.remaining.length <= shoe.stopAt) shoe.stopReached = true;
  return next;
}

// ---------------------------------------------------------------------------------------------
// The coup engine
// ---------------------------------------------------------------------------------------------

/** How a coup is dealt and drawn: positions, the rules that bind each hand. */
export interface CoupSpec {
  /** punto positions in speaking order (`player`; or `player:1`, `player:2` for the two paños) */
  readonly puntos: readonly string[];
  /** the banker's position */
  readonly banker: string;
  readonly puntoRule: PuntoRule;
  readonly bankerTable: BankerTable;
  /**
   * `table`: the banker follows the table (punto-banco always; chemin-de-fer when he asks for it).
   * `free`: he may draw or stand, except that on 0 he must draw (euskadi L5083–5086).
   */
  readonly bankerMode: 'table' | 'free';
  /** a natural on either hand ends the whole coup (punto-banco, chemin-de-fer); with two paños only the banker's does */
  readonly naturalEndsCoup: boolean;
  /**
   * puntos the punto's rule does not bind: the hand of a player who went banco may draw or stand on any
   * total below a natural (euskadi L5079–5083 when the director authorised it; euskadi L6121–6123 with two paños)
   */
  readonly freePuntos?: readonly string[];
}

export interface Coup {
  readonly hands: Readonly<Record<string, readonly string[]>>;
  /** puntos whose drawing decision is taken (drew, or stood) */
  readonly puntoDone: Readonly<Record<string, boolean>>;
  readonly bankerDone: boolean;
}

export const emptyCoup = (spec: CoupSpec): Coup => ({
  hands: Object.fromEntries([...spec.puntos, spec.banker].map((p) => [p, []])),
  puntoDone: {},
  bankerDone: false,
});

/** The order of the two-card deal: every punto in order, then the banker, twice (euskadi L4316–4319, L6249–6256). */
export const initialOrder = (spec: CoupSpec): string[] => {
  const round = [...spec.puntos, spec.banker];
  return [...round, ...round];
};

/** `banker-zero`: a banker free of the table must still draw on 0 (euskadi L5083–5086). */
export type DrawRuleName = 'deal-order' | 'punto-draw' | 'banker-draw' | 'banker-zero' | 'natural';

/** A drawing decision that breaks the rules (becomes a DRAW_RULE_VIOLATION or, for the deal order, a SEQUENCE_VIOLATION). */
export interface DrawViolation {
  readonly rule: DrawRuleName;
  readonly position: string;
  readonly expected: string;
  readonly recorded: string;
  readonly message: string;
  /** the message as a phrase of the narrative catalogue (issue 16) */
  readonly messagePhrase: Phrase;
}

/** A place of the coup as the catalogue names it: the punto, the banca, a paño (`player:1`). */
const placeOf = (p: string): PhraseValue =>
  phrase('finding.baccarat.place', /^player:\d+$/.test(p) ? { place: 'pano', pano: p.slice(7) } : { place: p, pano: 'none' });
const cellOf = (cell: DrawCell): Phrase => phrase(`finding.baccarat.cell.${cell}`);

const initialDealt = (coup: Coup, spec: CoupSpec): number => [...spec.puntos, spec.banker].reduce((n, p) => n + Math.min(coup.hands[p].length, 2), 0);

/** No card has reached a hand yet (burned cards aside): the next card dealt begins the coup. */
export const coupNotDealt = (coup: Coup): boolean => Object.values(coup.hands).every((hand) => hand.length === 0);

export const twoCardsEach = (coup: Coup, spec: CoupSpec): boolean => [...spec.puntos, spec.banker].every((p) => coup.hands[p].length >= 2);

/** Is the coup over by a natural for this punto (its own, or one that ends the whole coup)? */
function naturalStops(coup: Coup, spec: CoupSpec, punto: string): boolean {
  if (isNatural(coup.hands[spec.banker])) return true;
  if (isNatural(coup.hands[punto])) return true;
  return spec.naturalEndsCoup && spec.puntos.some((p) => isNatural(coup.hands[p]));
}

/** What the rules say a punto must do now (P once it has drawn or its natural ends play). */
export function puntoDecision(coup: Coup, spec: CoupSpec, punto: string): DrawCell {
  const hand = coup.hands[punto];
  if (hand.length !== 2 || naturalStops(coup, spec, punto)) return 'P';
  if (spec.freePuntos?.includes(punto)) return 'O';
  return puntoCell(spec.puntoRule, handTotal(hand));
}

/** Puntos still in play against the banker's draw (no natural of their own). */
const puntosInPlay = (coup: Coup, spec: CoupSpec) => spec.puntos.filter((p) => !isNatural(coup.hands[p]));

/**
 * What the rules say the banker must do, once the puntos have spoken. With two paños the table
 * binds him only where it says the same for both (euskadi L6125–6130); elsewhere he is free.
 * `free`: the decision comes from the free banker's one rule (draw on 0), not from the table.
 */
export function bankerDecision(coup: Coup, spec: CoupSpec): { cell: DrawCell; why: string; whyPhrase: Phrase; free?: true } {
  const banker = coup.hands[spec.banker];
  const total = handTotal(banker);
  const why = (key: string, values?: Record<string, PhraseValue>) => phrase(`finding.baccarat.why.${key}`, values);
  if (banker.length !== 2) return { cell: 'P', why: `the banker already holds ${banker.length} cards`, whyPhrase: why('holds', { cards: banker.length }) };
  if (isNatural(banker)) return { cell: 'P', why: `the banker has a natural ${total}`, whyPhrase: why('natural', { total }) };
  const live = puntosInPlay(coup, spec);
  if (spec.naturalEndsCoup && live.length < spec.puntos.length)
    return { cell: 'P', why: 'the punto has a natural: the coup ends', whyPhrase: why('puntoNatural') };
  if (!live.length) return { cell: 'P', why: 'every paño has a natural', whyPhrase: why('everyNatural') };
  if (spec.bankerMode === 'free') {
    return total === 0
      ? {
          cell: 'T',
          why: 'the banker has 0 ("baccara"): a banker who did not ask for the table may draw or stand, except on 0, where he must draw',
          whyPhrase: why('baccara'),
          free: true,
        }
      : { cell: 'O', why: `a banker who did not ask for the table may draw or stand on ${total}`, whyPhrase: why('free', { total }), free: true };
  }
  const cells = live.map((p) => ({ p, column: columnOf(coup.hands[p]), cell: bankerCell(spec.bankerTable, total, columnOf(coup.hands[p])) }));
  const describeCol = (c: BankerColumn) => (c === 'stood' ? 'the punto stood' : `the punto's third card is ${c}`);
  const column = (c: BankerColumn) => phrase('finding.baccarat.column', { column: String(c) });
  if (cells.length === 1) {
    const c = cells[0];
    return {
      cell: c.cell,
      why: `banker ${total}, ${describeCol(c.column)}: the table says ${cellWord(c.cell)}`,
      whyPhrase: why('table', { total, column: column(c.column), cell: cellOf(c.cell) }),
    };
  }
  const first = cells[0].cell;
  const same = cells.every((c) => c.cell === first);
  const detail = cells.map((c) => `${c.p}: ${c.column} → ${c.cell}`).join(', ');
  const details = { list: cells.map((c) => phrase('finding.baccarat.detail', { place: placeOf(c.p), column: column(c.column), cell: cellOf(c.cell) })) };
  return same
    ? {
        cell: first,
        why: `banker ${total} (${detail}): the table says ${cellWord(first)} on every paño`,
        whyPhrase: why('tableEvery', { total, details, cell: cellOf(first) }),
      }
    : { cell: 'O', why: `banker ${total} (${detail}): the paños disagree, so the banker is free`, whyPhrase: why('disagree', { total, details }) };
}

export const cellWord = (cell: DrawCell): string => (cell === 'T' ? 'draw' : cell === 'P' ? 'stand' : 'either (option)');

/**
 * Deal one card to `to` and judge it: returns the coup after the card and the violation, if any.
 * A punto who did not draw when the banker (or the next paño) is served has stood; if his rule said
 * draw, that is a violation. The banker likewise. An option cell is never a violation.
 */
export function dealCard(coup: Coup, spec: CoupSpec, to: string, cardCode: string): { coup: Coup; violations: DrawViolation[] } {
  const positions = [...spec.puntos, spec.banker];
  if (!positions.includes(to)) return { coup, violations: [] };
  const violations: DrawViolation[] = [];
  const hands = { ...coup.hands };
  let puntoDone = { ...coup.puntoDone };
  let bankerDone = coup.bankerDone;
  const add = () => {
    hands[to] = [...hands[to], cardCode];
  };

  const dealtSoFar = initialDealt(coup, spec);
  if (dealtSoFar < positions.length * 2) {
    const expected = initialOrder(spec)[dealtSoFar];
    if (expected !== to) {
      violations.push({
        rule: 'deal-order',
        position: to,
        expected: `next card to ${expected}`,
        recorded: `card to ${to}`,
        message: `the ${ordinal(dealtSoFar + 1)} card of the deal goes to ${expected}, not ${to}`,
        messagePhrase: phrase('finding.baccarat.dealOrder', { nth: dealtSoFar + 1, expected: placeOf(expected), to: placeOf(to) }),
      });
    }
    add();
    return { coup: { hands, puntoDone, bankerDone }, violations };
  }

  const current: Coup = { hands, puntoDone, bankerDone };
  if (to !== spec.banker) {
    const index = spec.puntos.indexOf(to);
    // earlier puntos who had not spoken have stood
    for (const p of spec.puntos.slice(0, index)) {
      if (!puntoDone[p]) {
        const cell = puntoDecision(current, spec, p);
        if (cell === 'T') violations.push(missedPunto(current, p));
        puntoDone = { ...puntoDone, [p]: true };
      }
    }
    const cell = puntoDoneOrDecision({ hands, puntoDone, bankerDone }, spec, to);
    if (cell === 'done' || bankerDone) {
      violations.push({
        rule: 'punto-draw',
        position: to,
        expected: 'no further card',
        recorded: `card ${cardCode}`,
        message: `${to} has already ${hands[to].length > 2 ? 'drawn his third card' : 'stood'}; no further card may be dealt to him`,
        messagePhrase: phrase('finding.baccarat.puntoDone', { place: placeOf(to), drawn: hands[to].length > 2 ? 'yes' : 'no' }),
      });
    } else if (cell === 'P') {
      const natural = naturalStops(current, spec, to);
      violations.push({
        rule: natural ? 'natural' : 'punto-draw',
        position: to,
        expected: 'stand',
        recorded: `drew ${cardCode}`,
        message: natural ? `a natural was shown: ${to} may not draw` : `${to} has ${handTotal(hands[to])}: the punto's rule says stand`,
        messagePhrase: natural
          ? phrase('finding.baccarat.naturalShown', { place: placeOf(to) })
          : phrase('finding.baccarat.puntoStands', { place: placeOf(to), total: handTotal(hands[to]) }),
      });
    }
    add();
    puntoDone = { ...puntoDone, [to]: true };
    return { coup: { hands, puntoDone, bankerDone }, violations };
  }

  // a card to the banker: every punto has spoken
  for (const p of spec.puntos) {
    if (!puntoDone[p]) {
      if (puntoDecision(current, spec, p) === 'T') violations.push(missedPunto(current, p));
      puntoDone = { ...puntoDone, [p]: true };
    }
  }
  const afterPuntos: Coup = { hands, puntoDone, bankerDone };
  if (bankerDone) {
    violations.push({
      rule: 'banker-draw',
      position: to,
      expected: 'no further card',
      recorded: `card ${cardCode}`,
      message: 'the banker has already drawn his third card',
      messagePhrase: phrase('finding.baccarat.bankerDone'),
    });
  } else {
    const { cell, why, whyPhrase, free } = bankerDecision(afterPuntos, spec);
    if (cell === 'P') {
      const natural = isNatural(hands[spec.banker]) || (spec.naturalEndsCoup && spec.puntos.some((p) => isNatural(hands[p])));
      violations.push({
        rule: natural ? 'natural' : free ? 'banker-zero' : 'banker-draw',
        position: to,
        expected: 'stand',
        recorded: `drew ${cardCode}`,
        message: why,
        messagePhrase: whyPhrase,
      });
    }
  }
  add();
  return { coup: { hands, puntoDone, bankerDone: true }, violations };
}

function puntoDoneOrDecision(coup: Coup, spec: CoupSpec, p: string): DrawCell | 'done' {
  return coup.puntoDone[p] || coup.hands[p].length >= 3 ? 'done' : puntoDecision(coup, spec, p);
}

function missedPunto(coup: Coup, p: string): DrawViolation {
  return {
    rule: 'punto-draw',
    position: p,
    expected: 'draw',
    recorded: 'stood',
    message: `${p} has ${handTotal(coup.hands[p])}: the punto's rule says draw, and no third card was dealt`,
    messagePhrase: phrase('finding.baccarat.puntoStood', { place: placeOf(p), total: handTotal(coup.hands[p]) }),
  };
}

/** Draws the rules required that never happened, judged at the end of the coup. */
export function missingDraws(coup: Coup, spec: CoupSpec): DrawViolation[] {
  if (!twoCardsEach(coup, spec)) return [];
  const out: DrawViolation[] = [];
  let puntoDone = { ...coup.puntoDone };
  for (const p of spec.puntos) {
    if (!puntoDone[p]) {
      if (puntoDecision(coup, spec, p) === 'T') out.push(missedPunto(coup, p));
      puntoDone = { ...puntoDone, [p]: true };
    }
  }
  if (!coup.bankerDone) {
    const { cell, why, whyPhrase, free } = bankerDecision({ ...coup, puntoDone }, spec);
    if (cell === 'T')
      out.push({
        rule: free ? 'banker-zero' : 'banker-draw',
        position: spec.banker,
        expected: 'draw',
        recorded: 'stood',
        message: `${why}, and the banker stood`,
        messagePhrase: phrase('finding.baccarat.bankerStood', { why: whyPhrase }),
      });
  }
  return out;
}

/** The next card the rules call for, and whether it is optional; null when the coup is over. */
export function nextDraw(coup: Coup, spec: CoupSpec): { to: string; cell: DrawCell } | null {
  const dealt = initialDealt(coup, spec);
  const order = initialOrder(spec);
  if (dealt < order.length) return { to: order[dealt], cell: 'T' };
  for (const p of spec.puntos) {
    if (coup.puntoDone[p]) continue;
    const cell = puntoDecision(coup, spec, p);
    if (cell !== 'P') return { to: p, cell };
  }
  if (coup.bankerDone) return null;
  const { cell } = bankerDecision({ ...coup, puntoDone: Object.fromEntries(spec.puntos.map((p) => [p, true])) }, spec);
  return cell === 'P' ? null : { to: spec.banker, cell };
}

/** Mark a punto as having stood on an option (so that `nextDraw` moves on). */
export const puntoStands = (coup: Coup, p: string): Coup => ({ ...coup, puntoDone: { ...coup.puntoDone, [p]: true } });
export const bankerStands = (coup: Coup): Coup => ({ ...coup, bankerDone: true });

/**
 * Play the coup from a shoe by the rules: every required card, and option cells decided by `choose`.
 * Returns the cards in the order dealt.
 */
export function playCoup(spec: CoupSpec, take: () => string, choose: (to: string) => boolean): { coup: Coup; dealt: Array<{ to: string; card: string }> } {
  let coup = emptyCoup(spec);
  const dealt: Array<{ to: string; card: string }> = [];
  for (let guard = 0; guard < 20; guard++) {
    const next = nextDraw(coup, spec);
    if (!next) break;
    if (next.cell === 'O' && !choose(next.to)) {
      coup = next.to === spec.banker ? bankerStands(coup) : puntoStands(coup, next.to);
      continue;
    }
    const c = take();
    coup = dealCard(coup, spec, next.to, c).coup;
    dealt.push({ to: next.to, card: c });
  }
  return { coup, dealt };
}

/** Describe a coup for a replay step. */
export function describeCoup(coup: Coup, spec: CoupSpec): Record<string, { cards: readonly string[]; total: number; natural: boolean }> {
  const out: Record<string, { cards: readonly string[]; total: number; natural: boolean }> = {};
  for (const p of [...spec.puntos, spec.banker]) {
    const cards = coup.hands[p];
    out[p] = { cards, total: handTotal(cards), natural: isNatural(cards) };
  }
  return out;
}

export const isCard = (code: unknown): boolean => typeof code === 'string' && parseCard(code) !== null;

const ordinal = (n: number): string => `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;

/** Half of a stake for a bet on the line between the two paños: larger part to paño 1 (euskadi L6239–6247). */
export function splitStake(amount: number, unit: number): [number, number] {
  const u = unit > 0 ? unit : 1;
  const units = Math.floor(amount / u);
  const second = Math.floor(units / 2) * u;
  return [amount - second, second];
}

// ---------------------------------------------------------------------------------------------
// What the three games share as GameRules pieces: the rulebook's drawing part, card facts, findings
// ---------------------------------------------------------------------------------------------

/** The drawing and shoe part of every baccarat rulebook. */
export interface BaccaratDrawingRules {
  readonly decks: Cited<number>;
  /** cards left below the stop card (7 in punto-banco and chemin-de-fer, 10 with two paños) */
  readonly stopCardFromEnd: Cited<number>;
  /**
   * coups that may begin once the stop card has come out: 0, "no se podrá realizar ninguna jugada más,
   * salvo la que se esté llevando a cabo en ese momento" (euskadi L4305–4307 and every baccarat text)
   */
  readonly coupsAfterStop: Cited<number>;
  /** how many cards the exposed first card of a shoe burns */
  readonly burn: Cited<BurnRule>;
  readonly dealOrder: Cited<readonly string[]>;
  readonly natural: Cited<readonly number[]>;
  readonly puntoRule: Cited<PuntoRule>;
  readonly bankerTable: Cited<BankerTable>;
  /** where the banker may play free of the table (chemin-de-fer, two paños): cited by a `banker-zero` finding */
  readonly bankerFreedom?: Cited<string>;
}

/** The shoe every baccarat rulebook requires: its decks, exactly `stopCardFromEnd` cards behind the stop card, the coups after it. */
export const baccaratShoeRules = (rules: BaccaratDrawingRules): ShoeRules => ({
  decks: cited([rules.decks.value], rules.decks.cite),
  cardsBehindCut: cited({ exactly: rules.stopCardFromEnd.value }, rules.stopCardFromEnd.cite),
  coupsAfterCut: rules.coupsAfterStop,
});

export interface CoupState {
  readonly coup: Coup;
  /** cards burned in this coup (the first coup of a shoe) */
  readonly burn: readonly string[];
}

export const emptyCoupState = (spec: CoupSpec): CoupState => ({ coup: emptyCoup(spec), burn: [] });

/** Fold a CardDealt into the coup state. */
export function evolveCoup(state: CoupState, fact: Fact, spec: CoupSpec): CoupState {
  if (fact.type !== 'CardDealt') return state;
  const to = String(fact.data.to);
  const code = parseCard(String(fact.data.card))?.code;
  if (!code) return state;
  if (to === 'burn') return { ...state, burn: [...state.burn, code] };
  return { ...state, coup: dealCard(state.coup, spec, to, code).coup };
}

/** Refuse a card that does not exist, or a hand that does not exist at this table. */
export function refuseCardFact(fact: Fact, spec: CoupSpec): Refusal | null {
  if (fact.type !== 'CardDealt') return null;
  const c = parseCard(String(fact.data.card));
  if (!c || c.rank === 'JK') return { field: 'data.card', reason: `${fact.data.card} is not a card of a 52-card baccarat deck` };
  const positions = [...spec.puntos, spec.banker, 'burn'];
  if (!positions.includes(String(fact.data.to)))
    return { field: 'data.to', reason: `cards go to ${positions.join(', ')}; "${fact.data.to}" is not a hand of this game` };
  return null;
}

/** Turn drawing violations into findings citing the rulebook line that was broken. */
export function drawFindings(game: string, rules: BaccaratDrawingRules, violations: readonly DrawViolation[]): Finding[] {
  return violations.map((v) => {
    const citation =
      v.rule === 'deal-order'
        ? rules.dealOrder.cite
        : v.rule === 'natural'
          ? rules.natural.cite
          : v.rule === 'punto-draw'
            ? rules.puntoRule.cite
            : v.rule === 'banker-zero'
              ? (rules.bankerFreedom?.cite ?? rules.bankerTable.cite)
              : rules.bankerTable.cite;
    return {
      code: v.rule === 'deal-order' ? 'SEQUENCE_VIOLATION' : 'DRAW_RULE_VIOLATION',
      expected: v.expected,
      recorded: v.recorded,
      rule: `${game}/${v.rule}`,
      citation,
      message: v.message,
      messagePhrase: v.messagePhrase,
    };
  });
}

/** Findings at the end of the coup: required draws never made, a burn of the wrong length. */
export function endFindings(game: string, rules: BaccaratDrawingRules, state: CoupState, spec: CoupSpec): Finding[] {
  const findings = drawFindings(game, rules, missingDraws(state.coup, spec));
  const accepted = state.burn.length > 0 ? burnCounts(rules.burn.value, state.burn[0]) : null;
  if (accepted && !accepted.includes(state.burn.length)) {
    const value = burnValue(state.burn[0]);
    findings.push({
      code: 'SEQUENCE_VIOLATION',
      expected: accepted.length === 1 ? accepted[0] : accepted,
      recorded: state.burn.length,
      rule: `${game}/burn`,
      citation: rules.burn.cite,
      message:
        accepted.length === 1
          ? `the exposed first card ${state.burn[0]} burns itself and ${value} more (${accepted[0]} cards); ${state.burn.length} were burned`
          : `the exposed first card ${state.burn[0]} is worth ${value}: ${value} cards are burned, or ${value + 1} counting the exposed card apart (the text allows both); ${state.burn.length} were burned`,
      messagePhrase:
        accepted.length === 1
          ? phrase('finding.baccarat.burnOne', { card: state.burn[0], value, due: accepted[0], burned: state.burn.length })
          : phrase('finding.baccarat.burnEither', { card: state.burn[0], value, plus: value + 1, burned: state.burn.length }),
    });
  }
  return findings;
}

/** The shoe facts for `play`: a new shoe when none is in play or the stop card came out in the last coup. */
export function shoeForCoup(
  memory: Record<string, unknown>,
  sessionId: string,
  decks: number,
  stopFromEnd: number,
  random: () => number,
): { shoe: ShoeMemory; sessionFacts: PlayedFact[]; burnFacts: (roundId: string) => PlayedFact[] } {
  const current = memory.shoe as ShoeMemory | undefined;
  if (current && !current.stopReached && current.remaining.length > stopFromEnd + 6) {
    return { shoe: current, sessionFacts: [], burnFacts: () => [] };
  }
  const count = ((memory.shoeCount as number | undefined) ?? 0) + 1;
  memory.shoeCount = count;
  const shoe = newShoe(`${sessionId}-shoe-${count}`, decks, stopFromEnd, random);
  memory.shoe = shoe;
  const cutCardPosition = shoe.remaining.length - stopFromEnd;
  const exposed = shoe.remaining[0];
  const burned = shoe.remaining.splice(0, burnCount(exposed));
  return {
    shoe,
    sessionFacts: [{ type: 'ShoeStarted', data: { sessionId, shoeId: shoe.shoeId, decks, cutCardPosition } }],
    burnFacts: (roundId) => burned.map((c, i) => ({ type: 'CardDealt', data: { sessionId, roundId, card: c, to: 'burn', faceUp: i === 0 } })),
  };
}

/** Give played facts throw-away ids so `play` can fold them through its own evolve and settle. */
export function foldPlayed<S>(initial: S, played: readonly PlayedFact[], evolve: (s: S, f: Fact) => S): S {
  return played.reduce((s, p, i) => evolve(s, { eventId: `play-${i}`, type: p.type, data: p.data }), initial);
}

/** A random stake in whole chips between `min` and `max` (inclusive), biased towards small bets. */
export function randomStake(random: () => number, min: number, max: number, chip: number): number {
  const unit = chip > 0 ? chip : 1;
  const lo = Math.ceil(min / unit);
  const hi = Math.floor(max / unit);
  if (hi < lo) return lo * unit;
  const r = random();
  return (lo + Math.floor(r * r * (hi - lo + 1))) * unit;
}

export const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)];

// ---------------------------------------------------------------------------------------------
// Exact enumeration of the coups a shoe can deal (house edges, issue 14 §5)
// ---------------------------------------------------------------------------------------------

/** One class of final coups that settle alike: how many card orderings end there, and one that does. */
export interface CoupClass {
  readonly key: string;
  /**
   * orderings of the first six cards of a full shoe that end the coup in this class: a coup that uses k
   * cards counts every way the 6 − k cards after it can follow, so all classes add up to N·(N−1)·…·(N−5)
   * (the published "combinations", e.g. 4,998,398,275,503,360 for 8 decks)
   */
  readonly orderings: number;
  /** the cards of one such coup, in the order dealt: the representative a game settles */
  readonly dealt: ReadonlyArray<readonly [to: string, card: string]>;
}

/** What a class is made of: by default each hand's total and number of cards (all punto y banca settles on). */
export type CoupClassKey = (hands: Readonly<Record<string, readonly number[]>>, spec: CoupSpec) => string;
export const totalsAndCounts: CoupClassKey = (hands, spec) =>
  [...spec.puntos, spec.banker].map((p) => `${p}:${hands[p].reduce((t, v) => t + v, 0) % 10}/${hands[p].length}`).join(' ');

/** A card worth `points` (the suit is immaterial to every baccarat settlement). */
const POINT_CARD = ['KS', 'AS', '2S', '3S', '4S', '5S', '6S', '7S', '8S', '9S'];

const enumerated = new WeakMap<CoupClassKey, Map<string, { classes: CoupClass[]; total: number }>>();

/**
 * Every coup a freshly shuffled shoe of `decks` × 52 cards can deal, drawn without replacement and
 * weighted exactly, grouped into classes by `key`. Who draws is asked of the coup engine itself
 * (`nextDraw`, the game's own tables), once per situation of points; the enumeration then runs on
 * point values, each weighted by how many cards of the shoe have it. A coup in which a hand has a
 * choice (an option cell) has no single value: this throws. Memoised per spec tables, decks and key.
 */
export function coupClasses(spec: CoupSpec, decks: number, key: CoupClassKey = totalsAndCounts): { classes: CoupClass[]; total: number } {
  const memoKey = JSON.stringify([
    spec.puntos,
    spec.banker,
    spec.puntoRule,
    spec.bankerTable,
    spec.bankerMode,
    spec.naturalEndsCoup,
    spec.freePuntos ?? [],
    decks,
  ]);
  let byKeyFunction = enumerated.get(key);
  if (!byKeyFunction) enumerated.set(key, (byKeyFunction = new Map()));
  const known = byKeyFunction.get(memoKey);
  if (known) return known;

  const counts = new Array<number>(10).fill(0);
  for (const c of shoeCards(DECK_52, decks)) counts[baccaratPoints(card(c))]++;
  const cards = counts.reduce((a, b) => a + b, 0);
  const positions = [...spec.puntos, spec.banker];
  // every hand holds at most three cards; the weights are exact integers while N·…·(N − DEPTH + 1) < 2^53
  // (one punto: 6 cards, any shoe up to 8 decks)
  const DEPTH = 3 * positions.length;
  /** ways the cards after the k-th can follow, up to the DEPTH-th */
  const tail = (k: number) => {
    let w = 1;
    for (let i = k; i < DEPTH; i++) w *= cards - i;
    return w;
  };

  // the engine's answer depends only on each hand's number of cards, its two-card total and the
  // points of its third card: ask it once per such situation, on a coup rebuilt from the points dealt
  const hands: Record<string, number[]> = Object.fromEntries(positions.map((p) => [p, [] as number[]]));
  const handList = positions.map((p) => hands[p]);
  const dealtTo: number[] = [];
  const dealtPoints: number[] = [];
  const decisions = new Map<number, { to: number; cell: DrawCell } | null>();
  const decide = () => {
    let at = 0;
    for (const h of handList) {
      const state = h.length < 2 ? h.length : h.length === 2 ? 2 + ((h[0] + h[1]) % 10) : 12 + ((h[0] + h[1]) % 10) * 10 + h[2];
      at = at * 112 + state;
    }
    let d = decisions.get(at);
    if (d === undefined) {
      let coup = emptyCoup(spec);
      for (let i = 0; i < dealtTo.length; i++) coup = dealCard(coup, spec, positions[dealtTo[i]], POINT_CARD[dealtPoints[i]]).coup;
      const next = nextDraw(coup, spec);
      if (next && next.cell === 'O') throw new Error(`${next.to} may draw or stand here: a coup with a choice has no single value`);
      d = next && { to: positions.indexOf(next.to), cell: next.cell };
      decisions.set(at, d);
    }
    return d;
  };

  const byKey = new Map<string | number, { key: string; orderings: number; dealt: Array<readonly [string, string]> }>();
  let total = 0;
  let full = 0; // hands holding three cards: a hand never holds more, so when all do the coup is over
  // the default classes (totals and counts) are found by a number, the key text made once per class
  const code =
    key === totalsAndCounts
      ? () => {
          let c = 0;
          for (const h of handList) {
            let t = 0;
            for (const v of h) t += v;
            c = c * 40 + (t % 10) * 4 + h.length;
          }
          return c;
        }
      : () => key(hands, spec);
  const leaf = (weight: number) => {
    const k = code();
    const orderings = weight * tail(dealtTo.length);
    const entry = byKey.get(k);
    if (entry) entry.orderings += orderings;
    else byKey.set(k, { key: key(hands, spec), orderings, dealt: dealtTo.map((to, i) => [positions[to], POINT_CARD[dealtPoints[i]]] as const) });
    total += orderings;
  };
  const walk = (weight: number) => {
    const next = full === handList.length ? null : decide();
    if (!next) return leaf(weight);
    const hand = handList[next.to];
    const fills = hand.length === 2;
    if (fills) full++;
    dealtTo.push(next.to);
    for (let v = 0; v < 10; v++) {
      if (!counts[v]) continue;
      const w = weight * counts[v];
      counts[v]--;
      dealtPoints.push(v);
      hand.push(v);
      walk(w);
      hand.pop();
      dealtPoints.pop();
      counts[v]++;
    }
    dealtTo.pop();
    if (fills) full--;
  };
  walk(1);
  if (dealtTo.length) throw new Error('unbalanced enumeration');
  const result = { classes: [...byKey.values()].map((e) => ({ key: e.key, orderings: e.orderings, dealt: e.dealt })), total };
  byKeyFunction.set(memoKey, result);
  return result;
}

/**
 * A player goes banco: at chemin de fer he covers the whole bank (`kind` banco, banco-suivi) or half of it
 * (con-la-mesa) with the punto bet `betId`; with two paños he holds both hands (euskadi L6135–6143). One
 * declaration for both games, since ingestion validates a fact type once whatever the session's game.
 */
export const BANCO_KINDS = ['banco', 'banco-suivi', 'con-la-mesa'] as const;
export const BANCO_CALLED = roundFact(
  "a player goes banco: chemin de fer, with betId and kind (banco | banco-suivi | con-la-mesa: the whole bank or half of it); baccarat à deux tableaux, seat only (he holds both hands, free of the punto's rule)",
  // betId and kind are chemin de fer's, required there by its `refuse`
  { seat: field('seat'), betId: optionalField('id'), kind: { kind: 'text', optional: true, oneOf: BANCO_KINDS } },
);
