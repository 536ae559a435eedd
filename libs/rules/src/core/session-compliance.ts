/**
 * Session compliance (issue 15): what the catalogues regulate across a table session rather than in one
 * round — a change of limits at a running table, the announced last rounds before the close, a temporary
 * closing, and the bank deposited before a baccarat à deux tableaux is dealt. Pure: a fold over the
 * session's facts (`complianceAfter`), its state JSON-ready so that a read model can keep it between
 * batches. Each finding names its row's code (`types.ts`), a stable `session/<row>-<check>` rule and the
 * jurisdiction's own lines; what the facts cannot show is a note, never a finding.
 *
 * Facts (contract extensions, docs/contract.md "Session compliance"): `LastRoundsAnnounced { purpose,
 * rounds | last }`, `BankDeposited { seat, amount, form }`, and optional fields on the core facts:
 * `TableSessionSuspended.authorisedClosingAt`, `.keyHolder`, `TableSessionResumed.present`,
 * `TableSessionClosed.atClosingTime`.
 */
import { ANNOUNCED_LAST, ANNOUNCEMENT_PURPOSES, dataOf, LAST_ROUNDS_ANNOUNCED } from './events';
import { sessionFact } from './game';
import { field } from './fields';
import { amount, phrase, said, type Phrase, type Said } from './phrase';
import { cited, type Cited, type Fact, type Finding, type JurisdictionId, type Refusal, type TableLimits } from './types';

export const BANK_DEPOSITED = 'BankDeposited';
export const DEPOSIT_FORMS = ['cash', 'cheque', 'credit-institution'] as const;

export type AnnouncementPurpose = (typeof ANNOUNCEMENT_PURPOSES)[number];
/** what was announced as the last: a number of rounds (balls, hands, coups), the shoe in play, the shooter's turn */
export type LastRounds = { readonly rounds: number } | { readonly last: (typeof ANNOUNCED_LAST)[number] };

/** What a catalogue asks of a change of limits at a table already running (its citation apart). */
export type LimitChange =
  | { readonly kind: 'forbidden' }
  /** the last `rounds` at the old limit announced before the change; cantabria adds upward only and once per session (their lines) */
  | { readonly kind: 'last-rounds'; readonly rounds: number; readonly upward?: string; readonly once?: string }
  /** blackjack in euskadi: the last shoe at the old minimum announced */
  | { readonly kind: 'last-shoe' }
  /** circle poker: the players told before the change */
  | { readonly kind: 'prior-notice' };

/** A limit change rule with its lines, as the judge reads it. */
export type LimitChangeRule = LimitChange & { readonly cite: string };

/** What must be announced before a table closes at its fixed closing time. */
export interface ClosingRule {
  readonly announce: LastRounds;
  readonly cite: string;
}

/** The temporary closing of a table (euskadi only: the game clauses and the table clause). */
export interface SuspensionRule {
  /** at least this long before the authorised closing time (ms) */
  readonly minimumLeftMs: number;
  readonly hourCite: string;
  /** float locked, cash and tips boxes stay until the final close */
  readonly lockedCite: string;
  /** who must be present to reopen: a croupier and a jefe de mesa or inspector at a banking table, the table's staff otherwise */
  readonly reopening: 'croupier-and-inspector' | 'table-staff';
  readonly reopeningCite: string;
}

export interface BankDepositRule {
  readonly beforePlay: string;
  readonly redeposit: string;
  /** a limited bank is deposited in the Caja in cash or bank cheques (`beforePlay`); only a free bank may show a deposit at a credit institution */
  readonly freeBank: string;
}

/**
 * Circle poker's partida: its duration published in advance, or at least long enough for every player who
 * began it to hold the mano twice (andalucía: the published one too).
 */
export interface CircleSessionRule {
  readonly cite: string;
  /** a published duration spares the two turns of the mano (euskadi, cantabria), or does not (andalucía) */
  readonly publishedSuffices: boolean;
}

export interface ComplianceRules {
  readonly limitChange?: LimitChangeRule;
  readonly circleSession?: CircleSessionRule;
  readonly closing?: ClosingRule;
  readonly suspension?: SuspensionRule;
  readonly bankDeposit?: BankDepositRule;
}

const ROULETTES = ['french-roulette', 'american-roulette-single-zero', 'american-roulette-double-zero'];
const BLACKJACKS = ['blackjack', 'triple-blackjack'];
/** euskadi's "resto de mesas de naipes" (L12860, L12925–12927): every card table but blackjack's */
const EUSKADI_OTHER_CARD_TABLES = [
  'punto-banco',
  'chemin-de-fer',
  'baccarat-two-tables',
  'trente-et-quarante',
  'caribbean-stud',
  'draw-poker-vs-bank',
  'trijoker',
  'pai-gow-poker',
  'three-card-poker',
  'casino-holdem',
];
/** player-banked and circle tables: not "mesas de contrapartida" (euskadi L866) */
const NOT_BANKING = ['chemin-de-fer', 'baccarat-two-tables'];

/**
 * A jurisdiction's session rules that differ by table: the value its text gives each game, every value cited to its
 * lines (as a game's rulebook, src/games/blackjack/rulebook.ts). `games` holds the tables the text names, by game id;
 * `circlePoker`, where the text has one, every circle-poker table the game ids do not name. A table in neither is
 * not judged.
 */
export interface SessionRulebook<T> {
  readonly games: Readonly<Record<string, Cited<T>>>;
  readonly circlePoker?: Cited<T>;
}

/** The value of `rulebook` for a game of `family`: its own entry, else the circle-poker one. */
const sessionRuleFor = <T>(rulebook: SessionRulebook<T> | undefined, game: string, family: string): Cited<T> | undefined =>
  rulebook?.games[game] ?? (family === 'circle-poker' ? rulebook?.circlePoker : undefined);

/** The same cited value for each of `games`. */
const eachOf = <T>(games: readonly string[], value: Cited<T>): Record<string, Cited<T>> => Object.fromEntries(games.map((game) => [game, value]));

/** cantabria's roulette rule (L386–396): the last three balls announced, upward only, once per session. */
const cantabriaRoulette = (cite: string, upward: string, once: string): Cited<LimitChange> => cited({ kind: 'last-rounds', rounds: 3, upward, once }, cite);

/**
 * Limit changes by jurisdiction. American roulettes follow the French for all they do not say (euskadi
 * L981–985, cantabria L477–485, illes-balears L310–315, galicia L202); blackjack takes the roulette's rules on
 * changing limits (cantabria L985–989, illes-balears L652–654, galicia L316; euskadi adds the last shoe,
 * L2037–2044); triple blackjack follows blackjack (euskadi L2250–2257); cantabria's hold'em against the bank
 * takes the roulette's too (L4842–4844, L5157–5159). Where a text says nothing (boule, the wheel, dice, the
 * other banking card games — "al inicio de cada sesión, fijará", euskadi L7252–7255, sets them, it does not
 * forbid a change), a change is not judged.
 */
const LIMIT_CHANGES: Partial<Record<JurisdictionId, SessionRulebook<LimitChange>>> = {
  euskadi: {
    games: {
      ...eachOf(ROULETTES, cited({ kind: 'last-rounds', rounds: 3 }, 'euskadi L851–857')),
      ...eachOf(BLACKJACKS, cited({ kind: 'last-shoe' }, 'euskadi L2037–2044')),
    },
    circlePoker: cited({ kind: 'prior-notice' }, 'euskadi L11248–11251'),
  },
  cantabria: {
    games: {
      ...eachOf(ROULETTES, cantabriaRoulette('cantabria L386–394', 'cantabria L386–389', 'cantabria L394–396')),
      blackjack: cantabriaRoulette('cantabria L985–989 (roulette: L386–396)', 'cantabria L985–989, L386–389', 'cantabria L985–989, L394–396'),
      'texas-holdem-bonus': cantabriaRoulette('cantabria L4842–4844 (roulette: L386–396)', 'cantabria L4842–4844, L386–389', 'cantabria L4842–4844, L394–396'),
      'texas-holdem-vs-bank': cantabriaRoulette(
        'cantabria L5157–5159 (roulette: L386–396)',
        'cantabria L5157–5159, L386–389',
        'cantabria L5157–5159, L394–396',
      ),
    },
    circlePoker: cited({ kind: 'prior-notice' }, 'cantabria L5603–5606'),
  },
  'illes-balears': {
    games: {
      ...eachOf(ROULETTES, cited({ kind: 'last-rounds', rounds: 3 }, 'illes-balears L259–262')),
      blackjack: cited({ kind: 'last-rounds', rounds: 3 }, 'illes-balears L652–654 (roulette: L259–262)'),
    },
  },
  galicia: {
    games: {
      ...eachOf(ROULETTES, cited({ kind: 'forbidden' }, 'galicia L176')),
      blackjack: cited({ kind: 'forbidden' }, 'galicia L316 (roulette: L176)'),
    },
  },
};

/**
 * The announcement before the close at the fixed closing time: euskadi's table clause for every table
 * (L12855–12860, L12925–12927: three balls on roulettes, the last shooter at dice, the last sabot at
 * blackjack, three hands at the other card tables, automatic distributors included), trijoker's three
 * hands (euskadi L8898–8899, cantabria L4122–4123), cantabria's five at póker sin descarte (L3823–3824),
 * andalucía's three partidas at póker sintético (L303–305). Boule and the wheel of fortune are neither
 * "Ruletas" nor card tables: not judged (docs/games/readings/session-compliance.resolutions.md §3).
 */
const CLOSINGS: Partial<Record<JurisdictionId, SessionRulebook<LastRounds>>> = {
  euskadi: {
    games: {
      ...eachOf(EUSKADI_OTHER_CARD_TABLES, cited({ rounds: 3 }, 'euskadi L12855–12860, L12925–12927')),
      ...eachOf(ROULETTES, cited({ rounds: 3 }, 'euskadi L12855–12858')),
      craps: cited({ last: 'shooter' }, 'euskadi L12855–12859'),
      ...eachOf(BLACKJACKS, cited({ last: 'shoe' }, 'euskadi L12855–12860')),
      trijoker: cited({ rounds: 3 }, 'euskadi L8898–8899, L12855–12860'),
    },
    circlePoker: cited({ rounds: 3 }, 'euskadi L12855–12860, L12925–12927'),
  },
  cantabria: {
    games: {
      trijoker: cited({ rounds: 3 }, 'cantabria L4122–4123'),
      'caribbean-stud': cited({ rounds: 5 }, 'cantabria L3823–3824'),
    },
  },
  andalucia: {
    games: { 'synthetic-poker': cited({ rounds: 3 }, 'andalucia L303–305') },
  },
};

/** The suspension of a session, per jurisdiction: for player-banked and circle tables, and for the banking ones. */
const SUSPENSION: Partial<Record<JurisdictionId, { readonly notBanking: SuspensionRule; readonly banking: SuspensionRule }>> = {
  euskadi: {
    notBanking: {
      minimumLeftMs: 3_600_000,
      hourCite: 'euskadi L12937–12941',
      lockedCite: 'euskadi L12941–12944',
      reopening: 'table-staff',
      reopeningCite: 'euskadi L12945–12948',
    },
    banking: {
      minimumLeftMs: 3_600_000,
      hourCite: 'euskadi L12937–12941',
      lockedCite: 'euskadi L866–875, L12941–12944',
      reopening: 'croupier-and-inspector',
      reopeningCite: 'euskadi L871–873',
    },
  },
};

/** A circle session's conditions, per jurisdiction (`games`: the only circle games the text states them for). */
const CIRCLE_SESSION: Partial<Record<JurisdictionId, { readonly rule: CircleSessionRule; readonly games?: readonly string[] }>> = {
  euskadi: { rule: { cite: 'euskadi L10830–10836', publishedSuffices: true } },
  cantabria: { rule: { cite: 'cantabria L5356–5362', publishedSuffices: true } },
  andalucia: { rule: { cite: 'andalucia L301', publishedSuffices: false }, games: ['synthetic-poker'] },
};

/** The catalogue's session rules for a game in a jurisdiction (absent: the text has none, nothing is judged). */
export function complianceRules(game: string, family: string, jurisdiction: JurisdictionId): ComplianceRules {
  const suspensions = SUSPENSION[jurisdiction];
  const suspension: SuspensionRule | undefined =
    suspensions && (NOT_BANKING.includes(game) || family === 'circle-poker' ? suspensions.notBanking : suspensions.banking);
  const bankDeposit: BankDepositRule | undefined =
    game !== 'baccarat-two-tables'
      ? undefined
      : {
          euskadi: { beforePlay: 'euskadi L5985–5988', redeposit: 'euskadi L5995–5998', freeBank: 'euskadi L6087–6094' },
          cantabria: { beforePlay: 'cantabria L3029–3032', redeposit: 'cantabria L3040–3043', freeBank: 'cantabria L3067–3076' },
          'illes-balears': { beforePlay: 'illes-balears L1939–1941', redeposit: 'illes-balears L1947–1949', freeBank: 'illes-balears L1964–1969' },
          galicia: { beforePlay: 'galicia L730', redeposit: 'galicia L732', freeBank: 'galicia L740' },
          andalucia: undefined,
        }[jurisdiction];
  const circle = family === 'circle-poker' ? CIRCLE_SESSION[jurisdiction] : undefined;
  const circleSession: CircleSessionRule | undefined = circle && (!circle.games || circle.games.includes(game)) ? circle.rule : undefined;
  const limitChange = sessionRuleFor(LIMIT_CHANGES[jurisdiction], game, family);
  const closing = sessionRuleFor(CLOSINGS[jurisdiction], game, family);
  return {
    limitChange: limitChange && { ...limitChange.value, cite: limitChange.cite },
    circleSession,
    closing: closing && { announce: closing.value, cite: closing.cite },
    suspension,
    bankDeposit,
  };
}

/** An announcement of the last rounds, and what has been played since. JSON-ready. */
export interface AnnouncementState {
  readonly eventId: string;
  readonly announced: LastRounds;
  /** rounds begun since, voided ones excepted */
  readonly rounds: readonly string[];
  /** the shoe of the first round begun after it (the announced last shoe) */
  readonly shoeId?: string | null;
  /** the shooter when it was made, or of the first round after it (the announced last shooter) */
  readonly shooter?: string | null;
  /** the overrun has been reported (one finding per announcement) */
  readonly overrun?: boolean;
}

/** What the fold carries between facts. JSON-ready (the table book stores it). */
export interface ComplianceState {
  readonly limits?: TableLimits;
  readonly limitChanges: number;
  /** rounds begun since the opening or the last limit change, voided ones excepted */
  readonly roundsAtLimit: number;
  readonly limitAnnouncement?: AnnouncementState;
  readonly closingAnnouncement?: AnnouncementState;
  /** after a limit change that needed the announced last shoe played out: that shoe, checked at the next round */
  readonly afterLastShoe?: { readonly eventId: string; readonly shoeId: string | null };
  readonly shoeId?: string | null;
  readonly shooter?: string | null;
  readonly suspended?: { readonly eventId: string };
  readonly roundsPlayed: number;
  /** the initial bank deposit (baccarat à deux tableaux) */
  readonly deposit?: number;
  /** the table opened with a free bank (session option bankMode: free) */
  readonly freeBank?: boolean;
  /** circle poker: the partida's duration was published (session option publishedDuration) */
  readonly publishedDuration?: boolean;
  /** circle poker: the seats dealt into the first hand, the mano's turns per seat, the seats of the last hand */
  readonly startingSeats?: readonly string[];
  readonly manos?: Readonly<Record<string, number>>;
  readonly lastSeats?: readonly string[];
}

export const initialCompliance = (): ComplianceState => ({ limitChanges: 0, roundsAtLimit: 0, roundsPlayed: 0 });

export interface ComplianceStep {
  readonly state: ComplianceState;
  readonly findings: Finding[];
  readonly notes: string[];
}

/** How an announcement reads in a message. */
export function describeLastRounds(a: LastRounds): string {
  if ('rounds' in a) return `the last ${a.rounds} round${a.rounds === 1 ? '' : 's'}`;
  return a.last === 'shoe' ? 'the last shoe' : "the last shooter's turn";
}

/** The same, as a phrase of the narrative catalogue (issue 16). */
const lastRoundsPhrase = (a: LastRounds): Phrase =>
  phrase('finding.session.lastRounds', 'rounds' in a ? { last: 'rounds', rounds: a.rounds } : { last: a.last, rounds: 0 });

/** The announcement a fact records, or undefined when it records none that can be read. */
export function readAnnouncement(data: Readonly<Record<string, unknown>>): { purpose: AnnouncementPurpose; announced: LastRounds } | undefined {
  const purpose = data.purpose as AnnouncementPurpose;
  if (!(ANNOUNCEMENT_PURPOSES as readonly string[]).includes(purpose)) return undefined;
  if (typeof data.rounds === 'number') return { purpose, announced: { rounds: data.rounds } };
  if ((ANNOUNCED_LAST as readonly string[]).includes(data.last as string)) return { purpose, announced: { last: data.last as 'shoe' | 'shooter' } };
  return undefined;
}

/** A cross-field check ingestion makes on `LastRoundsAnnounced` (the field kinds are checked by the schema). */
export function refuseAnnouncement(data: Readonly<Record<string, unknown>>): { field: string; reason: string } | null {
  const has = (k: string) => data[k] !== undefined && data[k] !== null;
  if (has('rounds') === has('last'))
    return {
      field: has('rounds') ? 'data.last' : 'data.rounds',
      reason: 'give either rounds (the number of last rounds announced) or last ("shoe" or "shooter"), not both and not neither',
    };
  return null;
}

/** `BankDeposited`, declared by baccarat à deux tableaux (a game fact: refused at any other game's table). */
export const BANK_DEPOSITED_FACT = sessionFact(
  'the bank deposited before the partida, or again to continue after the bank broke: seat = the banker\'s seat, amount = minor units, form = "cash" or "cheque" (bank cheques, in the casino\'s Caja), or "credit-institution" (a free bank\'s proof of a deposit at an admitted credit institution)',
  { seat: field('seat'), amount: field('positiveMoney'), form: { kind: 'text', oneOf: DEPOSIT_FORMS } },
);

const MAX_DEPOSIT = 10_000_000_000_000;

/** Ingestion's check of a `BankDeposited` fact (null for any other fact, or a readable one). */
export function refuseBankDeposit(fact: Fact): Refusal | null {
  if (fact.type !== BANK_DEPOSITED) return null;
  // read as sent: this check is what makes the fact readable
  const { amount, form, seat } = fact.data ?? {};
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 1 || amount > MAX_DEPOSIT)
    return { field: 'data.amount', reason: 'must be a whole positive amount in minor units (cents)' };
  if (!(DEPOSIT_FORMS as readonly unknown[]).includes(form)) return { field: 'data.form', reason: `must be one of ${DEPOSIT_FORMS.join(', ')}` };
  const seatOk =
    (typeof seat === 'number' && Number.isInteger(seat) && seat >= 0 && seat <= 100) ||
    (typeof seat === 'string' && /^[A-Za-z0-9][A-Za-z0-9._:@\-/]{0,127}$/.test(seat));
  if (!seatOk) return { field: 'data.seat', reason: "must be the banker's seat: a seat number (0–100) or a seat id" };
  return null;
}

const present = (v: unknown): boolean =>
  (typeof v === 'string' && v.trim() !== '') || (Array.isArray(v) && v.some((x) => typeof x === 'string' && x.trim() !== ''));

/**
 * Facts that move money or play at a temporarily closed table (euskadi L866–875, L12941–12944). A tip put in
 * the tips box is not one: the texts forbid taking the cash and tips out, not putting one in
 * (compliance.second-reading.resolutions.md §2.5).
 */
const LOCKED_MOVEMENTS: Readonly<Record<string, string>> = {
  RoundStarted: 'a round was begun',
  CashExchanged: 'cash was changed (the cash box)',
  ChipsFilled: 'chips were filled to the locked float',
  ChipsCredited: 'chips were credited from the locked float',
  DropBoxCounted: 'the cash box was taken and counted before the final close',
  TipsBoxCounted: 'the tips box was taken and counted before the final close',
  CagnotteBoxCounted: 'the cagnotte box was taken and counted before the final close',
};

const upward = (from: TableLimits, to: TableLimits): boolean => to.min >= from.min && to.max >= from.max && (to.min > from.min || to.max > from.max);

/**
 * One fact folded into the session's compliance: the new state and what the fact broke. `fact.occurredAt`
 * is the time the terminal recorded (the hour left before the closing time is judged from it).
 */
export function complianceAfter(rules: ComplianceRules, state: ComplianceState, fact: Fact): ComplianceStep {
  const d = fact.data ?? {};
  const findings: Finding[] = [];
  const notes: string[] = [];
  let s: ComplianceState = state;
  const finding = (f: Omit<Finding, 'eventId'>) => findings.push({ ...f, eventId: fact.eventId });

  // a temporarily closed table: no play, no movement of its float, cash or tips until it reopens or closes for good
  if (s.suspended && rules.suspension && LOCKED_MOVEMENTS[fact.type]) {
    finding({
      code: 'SUSPENSION_VIOLATION',
      expected: 'no play and no movement of the float, the cash box or the tips box while the table is temporarily closed',
      recorded: fact.type,
      rule: 'session/suspension-locked',
      citation: rules.suspension.lockedCite,
      message: `${LOCKED_MOVEMENTS[fact.type]} while the table was temporarily closed (suspended at event ${s.suspended.eventId}); its float stays locked at the table and its cash and tips until the final close`,
      messagePhrase: phrase('finding.session.locked', { what: phrase(`finding.session.movement.${fact.type}`), event: s.suspended.eventId }),
    });
  }

  switch (fact.type) {
    case 'TableSessionOpened': {
      const opened = dataOf(fact, 'TableSessionOpened');
      return {
        state: {
          ...initialCompliance(),
          limits: opened?.limits,
          ...(opened?.options?.bankMode === 'free' ? { freeBank: true } : {}),
          ...(opened?.options?.publishedDuration !== undefined ? { publishedDuration: true } : {}),
        },
        findings,
        notes,
      };
    }

    case 'HandOpened': {
      if (!rules.circleSession || !Array.isArray(d.seats)) break;
      const seats = (d.seats as unknown[]).map(String);
      const mano = String(d.mano);
      s = { ...s, startingSeats: s.startingSeats ?? seats, lastSeats: seats, manos: { ...s.manos, [mano]: (s.manos?.[mano] ?? 0) + 1 } };
      break;
    }

    case 'ShoeStarted':
      s = { ...s, shoeId: String(d.shoeId) };
      break;

    case 'ShooterNamed': {
      const seat = String(d.seat);
      const a = s.closingAnnouncement;
      if (a && 'last' in a.announced && a.announced.last === 'shooter') {
        // a shooter named at the first come-out after the announcement is the last one announced (the turn of
        // the one before had ended); a new shooter after that is one too many
        if (a.shooter === undefined || a.shooter === null || a.rounds.length <= 1) s = { ...s, closingAnnouncement: { ...a, shooter: seat } };
        else if (a.shooter !== seat && !a.overrun && rules.closing) {
          finding({
            code: 'CLOSING_VIOLATION',
            expected: `no shooter after seat ${a.shooter}, the last shooter announced`,
            recorded: `seat ${seat} named shooter`,
            rule: 'session/closing-last-rounds',
            citation: rules.closing.cite,
            message: `the last shooter (seat ${a.shooter}) was announced before the close, and seat ${seat} was then named shooter`,
            messagePhrase: phrase('finding.session.shooterAfterLast', { last: String(a.shooter), seat }),
          });
          s = { ...s, closingAnnouncement: { ...a, overrun: true } };
        }
      }
      s = { ...s, shooter: seat };
      break;
    }

    case LAST_ROUNDS_ANNOUNCED: {
      const read = readAnnouncement(d);
      if (!read) break;
      const announcement: AnnouncementState = {
        eventId: fact.eventId,
        announced: read.announced,
        rounds: [],
        ...('last' in read.announced && read.announced.last === 'shooter' && s.shooter !== undefined ? { shooter: s.shooter } : {}),
      };
      if (read.purpose === 'limit-change') s = { ...s, limitAnnouncement: announcement };
      else s = { ...s, closingAnnouncement: announcement };
      break;
    }

    case 'RoundStarted': {
      const roundId = String(d.roundId);
      s = { ...s, roundsAtLimit: s.roundsAtLimit + 1, roundsPlayed: s.roundsPlayed + 1 };
      // the announced last shoe at the old minimum: no round of it once the new limit is in force
      if (s.afterLastShoe && rules.limitChange?.kind === 'last-shoe') {
        const last = s.afterLastShoe.shoeId;
        if (last === null || last === (s.shoeId ?? null)) {
          finding({
            code: 'LIMIT_CHANGE_VIOLATION',
            expected: 'the limit changed once the announced last shoe at the old minimum was played out',
            recorded:
              last === null
                ? 'the limit changed before any round of the announced last shoe'
                : `a round dealt from shoe ${last}, the announced last shoe, at the new limit`,
            rule: 'session/limit-change-last-shoe',
            citation: rules.limitChange.cite,
            message:
              last === null
                ? 'the limit was changed before any round was dealt after the announcement of the last shoe at the old minimum'
                : `the limit was changed while shoe ${last}, announced as the last at the old minimum, was still being dealt`,
            messagePhrase: phrase('finding.session.lastShoeUnplayed', { shoe: last ?? 'none' }),
          });
        }
        s = { ...s, afterLastShoe: undefined };
      }
      if (s.limitAnnouncement) s = { ...s, limitAnnouncement: counted(s.limitAnnouncement, roundId, s) };
      if (s.closingAnnouncement) {
        const a = counted(s.closingAnnouncement, roundId, s);
        s = { ...s, closingAnnouncement: a };
        const over = beyondAnnounced(a, s);
        if (over && !a.overrun && rules.closing) {
          finding({
            code: 'CLOSING_VIOLATION',
            expected: `no round after ${describeLastRounds(a.announced)} announced before the close`,
            recorded: over.text,
            rule: 'session/closing-last-rounds',
            citation: rules.closing.cite,
            message: `${describeLastRounds(a.announced)} were announced before the close (event ${a.eventId}), and ${over.text}`,
            messagePhrase: phrase('finding.session.beyondAnnounced', { announced: lastRoundsPhrase(a.announced), event: a.eventId, over: over.phrase }),
          });
          s = { ...s, closingAnnouncement: { ...a, overrun: true } };
        }
      }
      break;
    }

    case 'RoundVoided': {
      // a voided round is played again: it is not one of the announced last rounds
      const roundId = String(d.roundId);
      const uncount = (a?: AnnouncementState) => (a && a.rounds.includes(roundId) ? { ...a, rounds: a.rounds.filter((r) => r !== roundId) } : a);
      s = {
        ...s,
        limitAnnouncement: uncount(s.limitAnnouncement),
        closingAnnouncement: uncount(s.closingAnnouncement),
        roundsAtLimit: Math.max(0, s.roundsAtLimit - 1),
      };
      break;
    }

    case 'TableLimitsChanged': {
      const rule = rules.limitChange;
      const from = s.limits;
      const to = d.limits as TableLimits;
      // the texts regulate a change "durante el desarrollo de la sesión y una vez puesta en funcionamiento una mesa"
      // (euskadi L851–852, galicia L176…): limits set again before the first round are the opening's, not judged here
      const running = s.roundsPlayed > 0;
      if (rule && running) findings.push(...judgeLimitChange(rule, s, fact, from, to));
      s = {
        ...s,
        limits: to,
        limitChanges: s.limitChanges + (running ? 1 : 0),
        roundsAtLimit: 0,
        limitAnnouncement: undefined,
        afterLastShoe:
          rule?.kind === 'last-shoe' && s.limitAnnouncement && 'last' in s.limitAnnouncement.announced && s.limitAnnouncement.announced.last === 'shoe'
            ? { eventId: fact.eventId, shoeId: s.limitAnnouncement?.shoeId ?? null }
            : undefined,
      };
      break;
    }

    case 'TableSessionSuspended': {
      const rule = rules.suspension;
      s = { ...s, suspended: { eventId: fact.eventId } };
      if (!rule) break;
      const closingAt = typeof d.authorisedClosingAt === 'string' ? Date.parse(d.authorisedClosingAt) : NaN;
      const at = fact.occurredAt ? Date.parse(fact.occurredAt) : NaN;
      if (Number.isNaN(closingAt) || Number.isNaN(at)) {
        notes.push(
          `suspension at event ${fact.eventId}: the authorised closing time was not recorded (authorisedClosingAt), so the hour that must remain is not judged`,
        );
      } else if (closingAt - at < rule.minimumLeftMs) {
        const minutes = Math.max(0, Math.floor((closingAt - at) / 60_000));
        finding({
          code: 'SUSPENSION_VIOLATION',
          expected: 'at least one hour left before the authorised closing time',
          recorded: `${minutes} minute${minutes === 1 ? '' : 's'} left (suspended at ${fact.occurredAt}, closing at ${d.authorisedClosingAt})`,
          rule: 'session/suspension-hour-left',
          citation: rule.hourCite,
          message: `the table was suspended temporarily with ${minutes} minute${minutes === 1 ? '' : 's'} left before its authorised closing time; a temporary suspension needs at least one hour left`,
          messagePhrase: phrase('finding.session.suspendedLate', { minutes }),
        });
      }
      break;
    }

    case 'TableSessionResumed': {
      const rule = rules.suspension;
      const was = s.suspended;
      s = { ...s, suspended: undefined };
      if (!rule || !was) break;
      const p = (d.present ?? undefined) as { croupiers?: unknown; inspector?: unknown } | undefined;
      if (!p) {
        notes.push(`reopening at event ${fact.eventId}: who was present was not recorded (present), so the reopening is not judged`);
        break;
      }
      const missing =
        rule.reopening === 'croupier-and-inspector'
          ? [present(p.croupiers) ? null : 'a croupier', present(p.inspector) ? null : 'a jefe de mesa or inspector'].filter((x): x is string => x !== null)
          : present(p.croupiers) || present(p.inspector)
            ? []
            : ["the table's gaming staff"];
      const missingKeys =
        rule.reopening === 'croupier-and-inspector'
          ? [present(p.croupiers) ? null : 'croupier', present(p.inspector) ? null : 'inspector'].filter((x): x is string => x !== null)
          : missing.length
            ? ['gamingStaff']
            : [];
      if (missing.length) {
        finding({
          code: 'SUSPENSION_VIOLATION',
          expected:
            rule.reopening === 'croupier-and-inspector'
              ? 'a croupier and a jefe de mesa or inspector present at the reopening'
              : "the table's gaming staff present at the reopening",
          recorded: p,
          rule: 'session/suspension-reopening',
          citation: rule.reopeningCite,
          message: `the table was reopened without ${missing.join(' and ')} present`,
          messagePhrase: phrase('finding.session.reopened', { missing: { list: missingKeys.map((k) => phrase(`finding.session.staff.${k}`)) } }),
        });
      }
      break;
    }

    case 'TableSessionClosed': {
      const rule = rules.closing;
      s = { ...s, suspended: undefined };
      findings.push(...judgeCircleSession(rules.circleSession, s, fact));
      if (!rule || d.atClosingTime !== true) break;
      const a = s.closingAnnouncement;
      // the announcement is owed at the fixed closing time only: players leaving, a quiet table, close without one (euskadi L12929–12935)
      if (!a || !sameKind(rule.announce, a.announced)) {
        finding({
          code: 'CLOSING_VIOLATION',
          expected: `${describeLastRounds(rule.announce)} announced before the close at the closing time`,
          recorded: a ? describeLastRounds(a.announced) : 'no announcement recorded',
          rule: 'session/closing-announced',
          citation: rule.cite,
          message: a
            ? `the table closed at its fixed closing time after ${describeLastRounds(a.announced)} had been announced; the rules announce ${describeLastRounds(rule.announce)}`
            : `the table closed at its fixed closing time without ${describeLastRounds(rule.announce)} having been announced`,
          messagePhrase: a
            ? phrase('finding.session.closedOtherAnnounced', { announced: lastRoundsPhrase(a.announced), due: lastRoundsPhrase(rule.announce) })
            : phrase('finding.session.closedUnannounced', { due: lastRoundsPhrase(rule.announce) }),
        });
      }
      break;
    }

    case BANK_DEPOSITED: {
      const rule = rules.bankDeposit;
      const deposited = Number(d.amount);
      if (rule && s.deposit !== undefined && s.roundsPlayed > 0 && deposited < s.deposit) {
        finding({
          code: 'BANK_DEPOSIT_VIOLATION',
          expected: `a new deposit of at least ${s.deposit}, the initial one`,
          recorded: deposited,
          rule: 'session/bank-redeposit',
          citation: rule.redeposit,
          message: `the banker deposited ${deposited} to continue with the bank; a new deposit must be equal to or above the initial ${s.deposit}`,
          messagePhrase: phrase('finding.session.redepositShort', { deposited: amount(deposited), initial: amount(s.deposit) }),
        });
      }
      if (rule && d.form === 'credit-institution' && !s.freeBank) {
        finding({
          code: 'BANK_DEPOSIT_VIOLATION',
          expected: "a limited bank deposited in the casino's Caja, in cash or bank cheques",
          recorded: 'a deposit at a credit institution',
          rule: 'session/bank-deposit',
          citation: `${rule.beforePlay}; ${rule.freeBank}`,
          message:
            "the bank was shown as deposited at a credit institution; only a free bank may be, a limited bank is deposited in the casino's Caja in cash or bank cheques",
          messagePhrase: phrase('finding.session.depositAtBank'),
        });
      }
      s = { ...s, deposit: s.deposit ?? deposited };
      break;
    }
  }

  // baccarat à deux tableaux: the bank is deposited in the casino's Caja before the partida begins
  if (fact.type === 'RoundStarted' && rules.bankDeposit && s.roundsPlayed === 1 && s.deposit === undefined) {
    finding({
      code: 'BANK_DEPOSIT_VIOLATION',
      expected: "the bank deposited in the casino's Caja (BankDeposited) before the first coup",
      recorded: 'no deposit recorded before the first coup',
      rule: 'session/bank-deposit',
      citation: rules.bankDeposit.beforePlay,
      message: "the first coup was dealt before the bank was recorded as deposited in the casino's Caja",
      messagePhrase: phrase('finding.session.depositMissing'),
    });
  }
  return { state: s, findings, notes };
}

/**
 * At the close of a circle-poker partida: every player who began it and still played its last hand held the
 * mano twice, unless a published duration spares it. A player who left before the end is not counted (the
 * rule is the partida's length, and he ended his own).
 */
function judgeCircleSession(rule: CircleSessionRule | undefined, s: ComplianceState, fact: Fact): Finding[] {
  if (!rule || !s.startingSeats || (s.publishedDuration && rule.publishedSuffices)) return [];
  const still = new Set(s.lastSeats ?? []);
  const short = s.startingSeats.filter((seat) => still.has(seat) && (s.manos?.[seat] ?? 0) < 2);
  if (!short.length) return [];
  return [
    {
      code: 'CIRCLE_SESSION_VIOLATION',
      eventId: fact.eventId,
      expected: 'every player who began the partida holds the mano twice before it ends',
      recorded: Object.fromEntries(short.map((seat) => [seat, s.manos?.[seat] ?? 0])),
      rule: 'session/circle-session-duration',
      citation: rule.cite,
      message: `the partida closed while seat${short.length === 1 ? '' : 's'} ${short.join(', ')}, there from its first hand to its last, had held the mano fewer than twice${rule.publishedSuffices ? ', and no duration had been published' : ''}`,
      messagePhrase: phrase('finding.session.manoShort', { count: short.length, seats: short.join(', '), published: rule.publishedSuffices ? 'yes' : 'no' }),
    },
  ];
}

const sameKind = (required: LastRounds, announced: LastRounds): boolean =>
  'rounds' in required ? 'rounds' in announced && announced.rounds >= required.rounds : 'last' in announced && announced.last === required.last;

/** A round begun after an announcement: counted, and the shoe (or shooter) of the first one kept. */
function counted(a: AnnouncementState, roundId: string, s: ComplianceState): AnnouncementState {
  if (a.rounds.includes(roundId)) return a;
  const first = a.rounds.length === 0;
  return {
    ...a,
    rounds: [...a.rounds, roundId],
    ...(first && a.shoeId === undefined ? { shoeId: s.shoeId ?? null } : {}),
    ...(first && 'last' in a.announced && a.announced.last === 'shooter' && a.shooter === undefined && s.shooter !== undefined ? { shooter: s.shooter } : {}),
  };
}

/** What went beyond the announced last rounds at the round just begun, or null. */
function beyondAnnounced(a: AnnouncementState, s: ComplianceState): Said | null {
  if ('rounds' in a.announced)
    return a.rounds.length > a.announced.rounds
      ? said(`round ${a.rounds.length} after the announcement was begun`, 'finding.session.overRound', { round: a.rounds.length })
      : null;
  if (a.announced.last === 'shoe')
    return a.shoeId !== undefined && (s.shoeId ?? null) !== a.shoeId
      ? said(`a round was dealt from a new shoe (${s.shoeId}) after the last shoe (${a.shoeId ?? 'none'})`, 'finding.session.overShoe', {
          shoe: String(s.shoeId),
          last: a.shoeId ?? 'none',
        })
      : null;
  return null; // the shooter: judged at ShooterNamed
}

function judgeLimitChange(rule: LimitChangeRule, s: ComplianceState, fact: Fact, from: TableLimits | undefined, to: TableLimits): Finding[] {
  const out: Finding[] = [];
  const add = (f: Omit<Finding, 'eventId' | 'code'>) => out.push({ ...f, code: 'LIMIT_CHANGE_VIOLATION', eventId: fact.eventId });
  const a = s.limitAnnouncement;
  const claimed = typeof fact.data.announcedRounds === 'number' ? (fact.data.announcedRounds as number) : undefined;
  const show = (l?: TableLimits) => (l ? `${l.min}–${l.max}` : 'unknown');
  const limits = (l?: TableLimits): Phrase =>
    l ? phrase('finding.session.limits', { min: amount(l.min), max: amount(l.max) }) : phrase('finding.session.limitsUnknown');
  const change = { from: limits(from), to: limits(to) };
  switch (rule.kind) {
    case 'forbidden':
      add({
        expected: 'no change of limits once the table is running in the session',
        recorded: { from: from ?? null, to },
        rule: 'session/limit-change-forbidden',
        citation: rule.cite,
        message: `the limits were changed from ${show(from)} to ${show(to)} at a running table; the rules allow no change once it has opened in the session`,
        messagePhrase: phrase('finding.session.limitsForbidden', change),
      });
      break;
    case 'prior-notice':
      if (!a && !(claimed !== undefined && claimed > 0)) {
        add({
          expected: 'the players told of the change before it (LastRoundsAnnounced, purpose limit-change)',
          recorded: 'no announcement recorded before the change',
          rule: 'session/limit-change-announced',
          citation: rule.cite,
          message: `the limits were changed from ${show(from)} to ${show(to)} without the players having been told in advance`,
          messagePhrase: phrase('finding.session.limitsUntold', change),
        });
      }
      break;
    case 'last-shoe':
      if (!a || !('last' in a.announced) || a.announced.last !== 'shoe') {
        add({
          expected: 'the last shoe at the old minimum announced before the change',
          recorded: a ? describeLastRounds(a.announced) : 'no announcement recorded before the change',
          rule: 'session/limit-change-announced',
          citation: rule.cite,
          message: `the limits were changed from ${show(from)} to ${show(to)} without the last shoe at the old minimum having been announced`,
          messagePhrase: phrase('finding.session.limitsNoLastShoe', change),
        });
      }
      break;
    case 'last-rounds': {
      // the announcement is the LastRoundsAnnounced fact; without one, the change's own announcedRounds is
      // taken as announced that many rounds before it (its order cannot be shown)
      const announced = a && 'rounds' in a.announced ? a.announced.rounds : a ? 0 : (claimed ?? 0);
      const played = a ? a.rounds.length : claimed !== undefined ? s.roundsAtLimit : 0;
      if (announced < rule.rounds || played < rule.rounds) {
        add({
          expected: `the last ${rule.rounds} rounds at the old limit announced, and played, before the change`,
          recorded:
            !a && claimed === undefined
              ? 'no announcement recorded before the change'
              : { announced: a ? describeLastRounds(a.announced) : `${claimed} (announcedRounds)`, playedSince: played },
          rule: 'session/limit-change-announced',
          citation: rule.cite,
          message:
            !a && claimed === undefined
              ? `the limits were changed from ${show(from)} to ${show(to)} without the last ${rule.rounds} rounds at the old limit having been announced`
              : `the limits were changed from ${show(from)} to ${show(to)} after ${played} round${played === 1 ? '' : 's'} of the ${announced} announced at the old limit; the rules announce and play the last ${rule.rounds}`,
          messagePhrase:
            !a && claimed === undefined
              ? phrase('finding.session.limitsUnannounced', { ...change, rounds: rule.rounds })
              : phrase('finding.session.limitsTooSoon', { ...change, played, announced, rounds: rule.rounds }),
        });
      }
      if (rule.upward && from && !upward(from, to)) {
        add({
          expected: 'a change upward only (neither the minimum nor the maximum lowered)',
          recorded: { from, to },
          rule: 'session/limit-change-upward',
          citation: rule.upward,
          message: `the limits were changed from ${show(from)} to ${show(to)}; the rules allow a change upward only`,
          messagePhrase: phrase('finding.session.limitsDown', change),
        });
      }
      if (rule.once && s.limitChanges >= 1) {
        add({
          expected: 'at most one change of limits per session',
          recorded: `change ${s.limitChanges + 1} in the session`,
          rule: 'session/limit-change-once',
          citation: rule.once,
          message: `the limits were changed a ${ordinal(s.limitChanges + 1)} time in the session; the rules allow one change per session`,
          messagePhrase: phrase('finding.session.limitsAgain', { nth: s.limitChanges + 1 }),
        });
      }
      break;
    }
  }
  return out;
}

const ordinal = (n: number) => (n === 2 ? 'second' : n === 3 ? 'third' : `${n}th`);
