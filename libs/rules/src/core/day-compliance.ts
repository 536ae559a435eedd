/**
 * Gaming-day compliance (issue 15): what the catalogues regulate over a whole gaming day or across a
 * table's sessions — reversible cloths, the tables that must be in service, the jefes' ratios, the
 * custody of dice — judged from a summary of the day's sessions, and the day's checklist of every
 * issue-15 row for the casino's jurisdiction. Pure: the read model (libs/projections/src/day-compliance)
 * keeps the summary and calls these.
 *
 * Findings are never refusals (contract §1.1): the facts are stored, and what breaks a rule is a finding
 * with the rule's own citation. What the facts cannot carry is said in `notes`, never guessed.
 */
import { gameRules } from '../registry';
import type { DiscrepancyCode, Finding, JurisdictionId } from './types';
import { cite, phrase, type Phrase } from './phrase';

// ---------------------------------------------------------------- the day's facts, summarised

/** One die as the session's `DiceIssued` recorded it: the maker's serial and the casino's initials it bears. */
export interface IssuedDie {
  readonly serial?: string;
  readonly initials?: string;
}

export interface DiceIssue {
  readonly eventId: string;
  readonly at: string | null;
  readonly dice: readonly IssuedDie[];
  /** the dice the same table's previous session was issued (its session id), when one was recorded */
  readonly previous?: { readonly sessionId: string; readonly serials: readonly string[] };
}

/** A timed fact of a session: a terna changed, a thrower replaced, a jefe taking over. */
export interface TimedFact {
  readonly eventId: string;
  readonly at: string | null;
}

/** A session as the day's judge sees it (built by the read model from the session's facts). */
export interface DaySession {
  readonly sessionId: string;
  readonly tableId: string;
  readonly game: string;
  readonly jurisdiction: JurisdictionId;
  readonly openEventId: string;
  readonly openedAt: string | null;
  readonly closedAt: string | null;
  readonly closeEventId?: string;
  /** Σ of the opening float (minor units) */
  readonly openingFloat: number;
  /** `TableSessionOpened.clothNumber`: the number of the reversible cloth the game is played on */
  readonly clothNumber?: string;
  /** who supervises the table (jefe de mesa / inspector), from when: the opening's staff.inspector, then each `TableSupervisorChanged` */
  readonly supervisors: ReadonlyArray<TimedFact & { readonly inspector: string }>;
  /** `TableSupervisorChanged.individualRecording` / `TableSessionOpened.individualRecording`: the table has its own video recording */
  readonly individualRecording?: boolean;
  /** `TableSessionOpened.options.tableFormat` (punto y banca: full, mini or midi), where the session set one */
  readonly tableFormat?: string;
  readonly diceIssued: readonly DiceIssue[];
  readonly ternaChanges: readonly TimedFact[];
  readonly throwerChanges: ReadonlyArray<TimedFact & { readonly forceMajeure?: boolean }>;
}

export interface DayJudgement {
  readonly findings: DayFinding[];
  /** what could not be judged, or was judged only in part, and why */
  readonly notes: string[];
  /** the checklist rows the facts could not carry at all today (row id → why) */
  readonly notJudged?: Readonly<Record<string, string>>;
  /** the same reasons as phrases of the `narrative` catalogue, for the edges to word (issue 16) */
  readonly notJudgedPhrases?: Readonly<Record<string, Phrase>>;
}

/** A finding of the day, with the session and table it concerns (null: the day as a whole). */
export type DayFinding = Finding & { readonly sessionId: string | null; readonly tableId: string | null };

const ms = (at: string | null | undefined) => (at ? Date.parse(at) : NaN);

// ---------------------------------------------------------------- reversible cloths

/**
 * Reversible cloths: on one table several games may be played the same day, each after the previous game
 * was closed, each with its own new float and on a numbered cloth with its own books; where the text says
 * so, the game may change once a day.
 */
export const REVERSIBLE_CLOTHS: Partial<Record<JurisdictionId, { readonly changesPerDay: number | null; readonly cite: string }>> = {
  // "siempre efectuando el cierre del juego anterior … con su nuevo anticipo … cada paño tendrá su número y libros de contabilidad específicos": no limit per day
  euskadi: { changesPerDay: null, cite: 'euskadi L1386–1390, L1456–1462' },
  // "en la misma jornada … éste sólo podrá variarse en una ocasión, y siempre efectuando el cierre del juego anterior … con su nuevo anticipo … cada paño tendrá su número"
  cantabria: { changesPerDay: 1, cite: 'cantabria L693–709' },
  // "en la mateixa jornada … només podrà variar-se en una ocasió, i sempre després d'haver tancat el joc anterior … amb la nova anticipació … cada tauler ha de tenir el seu número"
  'illes-balears': { changesPerDay: 1, cite: 'illes-balears L503–510' },
  // "só poderá variarse nunha ocasión na devandita xornada e sempre efectuando o peche do xogo anterior … co seu novo anticipo … cada pano terá o seu número"
  galicia: { changesPerDay: 1, cite: 'galicia L254' },
};

const byOpening = (a: DaySession, b: DaySession) => (ms(a.openedAt) || 0) - (ms(b.openedAt) || 0) || a.sessionId.localeCompare(b.sessionId);

export function judgeReversibleCloths(sessions: readonly DaySession[]): DayJudgement {
  const findings: DayFinding[] = [];
  const byTable = new Map<string, DaySession[]>();
  for (const s of sessions) byTable.set(s.tableId, [...(byTable.get(s.tableId) ?? []), s]);
  for (const [tableId, list] of byTable) {
    const ordered = [...list].sort(byOpening);
    const games = new Set(ordered.map((s) => s.game));
    if (games.size < 2) continue; // one game all day: no cloth was reversed
    let changes = 0;
    for (let i = 0; i < ordered.length; i++) {
      const s = ordered[i];
      const rule = REVERSIBLE_CLOTHS[s.jurisdiction];
      if (!rule) continue;
      const base = { code: 'CLOTH_CHANGE_VIOLATION' as DiscrepancyCode, citation: rule.cite, sessionId: s.sessionId, tableId };
      if (!s.clothNumber) {
        findings.push({
          ...base,
          eventId: s.openEventId,
          rule: 'reversible-cloth/cloth-number',
          expected: 'the number of the cloth the game is played on',
          recorded: null,
          message: `table ${tableId} played ${[...games].join(' and ')} this gaming day; session ${s.sessionId} (${s.game}) did not record the number of its cloth, which its books must carry`,
          messagePhrase: phrase('finding.day.clothUnnumbered', { table: tableId, games: [...games].join(', '), session: s.sessionId, game: s.game }),
        });
      }
      const previous = ordered[i - 1];
      if (!previous || previous.game === s.game) continue;
      changes++;
      if (!previous.closedAt || ms(previous.closedAt) > ms(s.openedAt)) {
        findings.push({
          ...base,
          eventId: s.openEventId,
          rule: 'reversible-cloth/previous-closed',
          expected: `${previous.game} (session ${previous.sessionId}) closed before ${s.game} opens`,
          recorded: previous.closedAt ? `closed at ${previous.closedAt}, after ${s.openedAt}` : 'not closed',
          message: `table ${tableId} opened ${s.game} while ${previous.game} was still open: the previous game must be closed first`,
          messagePhrase: phrase('finding.day.clothBeforeClose', { table: tableId, game: s.game, previous: previous.game }),
        });
      }
      if (s.openingFloat <= 0) {
        findings.push({
          ...base,
          eventId: s.openEventId,
          rule: 'reversible-cloth/new-float',
          expected: 'a new float for the new game',
          recorded: s.openingFloat,
          message: `table ${tableId} changed to ${s.game} without a float of its own`,
          messagePhrase: phrase('finding.day.clothNoFloat', { table: tableId, game: s.game }),
        });
      }
      if (rule.changesPerDay !== null && changes > rule.changesPerDay) {
        findings.push({
          ...base,
          eventId: s.openEventId,
          rule: 'reversible-cloth/changes-per-day',
          expected: `at most ${rule.changesPerDay} change of game per table per gaming day`,
          recorded: `change ${changes} (${previous.game} → ${s.game})`,
          message: `table ${tableId} changed its game ${changes} times this gaming day; the rules allow ${rule.changesPerDay}`,
          messagePhrase: phrase('finding.day.clothChanges', { table: tableId, changes, allowed: rule.changesPerDay ?? 0 }),
        });
      }
    }
  }
  return { findings, notes: [] };
}

// ---------------------------------------------------------------- tables in service

/** At least one roulette table and one card table in service (euskadi always; galicia where those games are authorised). */
export const TABLES_IN_SERVICE: Partial<Record<JurisdictionId, { readonly whereAuthorised: boolean; readonly cite: string }>> = {
  // "En todo caso, como mínimo, estarán en servicio una mesa de ruleta y una de naipes."
  euskadi: { whereAuthorised: false, cite: 'euskadi L12952–12958' },
  // "durante todo o horario de xogo deberán atoparse en servizo, como mínimo, unha mesa de ruleta e outra de naipes, sempre que tales xogos estean autorizados no casino"
  galicia: { whereAuthorised: true, cite: 'galicia L56' },
};

const ROULETTES = new Set(['french-roulette', 'american-roulette-single-zero', 'american-roulette-double-zero']);
export type ServiceKind = 'roulette' | 'cards';
/** Which of the two required kinds a game's table is: a roulette, a card table (banking card games and circle poker), or neither. */
export function serviceKind(game: string): ServiceKind | null {
  if (ROULETTES.has(game)) return 'roulette';
  const family = gameRules(game)?.family;
  return family === 'cards' || family === 'circle-poker' ? 'cards' : null;
}

/**
 * The gaming hours are not carried by any fact (they are the casino's authorisation), so the day is judged
 * where the facts prove play: a kind with no table in service the whole day (euskadi; galicia reads it as
 * not authorised), and any moment between the kind's first opening and its last close when none of its
 * tables was open while another table was (the casino was gaming). Before a kind's first opening and
 * after its last close the hours are unknown: said in a note, not judged.
 */
export function judgeTablesInService(jurisdiction: JurisdictionId, sessions: readonly DaySession[]): DayJudgement {
  const rule = TABLES_IN_SERVICE[jurisdiction];
  if (!rule || !sessions.length) return { findings: [], notes: [] };
  const findings: DayFinding[] = [];
  const notes: string[] = [];
  const names: Record<ServiceKind, string> = { roulette: 'roulette table', cards: 'card table' };
  for (const kind of ['roulette', 'cards'] as const) {
    const mine = sessions.filter((s) => serviceKind(s.game) === kind && s.openedAt);
    if (!mine.length) {
      if (rule.whereAuthorised)
        notes.push(
          `no ${names[kind]} played this gaming day: the text requires one only where the casino is authorised for it, which no fact records (${rule.cite})`,
        );
      else
        findings.push({
          code: 'TABLES_IN_SERVICE_VIOLATION',
          sessionId: null,
          tableId: null,
          rule: `tables-in-service/${kind}`,
          citation: rule.cite,
          expected: `at least one ${names[kind]} in service`,
          recorded: `no ${names[kind]} opened this gaming day`,
          message: `no ${names[kind]} was in service this gaming day; at least one must be`,
          messagePhrase: phrase('finding.day.noneInService', { kind }),
        });
      continue;
    }
    // the union of the kind's in-service intervals, and its gaps
    const intervals = mine.map((s) => [ms(s.openedAt), s.closedAt ? ms(s.closedAt) : Infinity] as [number, number]).sort((a, b) => a[0] - b[0]);
    let end = intervals[0][1];
    for (const [from, to] of intervals.slice(1)) {
      if (from > end) {
        // a gap: judged only while another table was in service (the casino was gaming then)
        const others = sessions.filter((s) => serviceKind(s.game) !== kind && s.openedAt && ms(s.openedAt) < from && (!s.closedAt || ms(s.closedAt) > end));
        if (others.length) {
          findings.push({
            code: 'TABLES_IN_SERVICE_VIOLATION',
            sessionId: null,
            tableId: null,
            rule: `tables-in-service/${kind}`,
            citation: rule.cite,
            expected: `at least one ${names[kind]} in service while the casino plays`,
            recorded: `none from ${new Date(end).toISOString()} to ${new Date(from).toISOString()}`,
            message: `no ${names[kind]} was in service from ${new Date(end).toISOString()} to ${new Date(from).toISOString()} while ${others.map((s) => s.tableId).join(', ')} played`,
            messagePhrase: phrase('finding.day.gapInService', {
              kind,
              from: new Date(end).toISOString(),
              to: new Date(from).toISOString(),
              tables: others.map((s) => s.tableId).join(', '),
            }),
          });
        }
      }
      end = Math.max(end, to);
    }
  }
  notes.push(
    `tables in service: the casino's gaming hours are not recorded, so before the first and after the last ${names.roulette} and ${names.cards} of the day nothing is judged (${rule.cite})`,
  );
  return { findings, notes };
}

// ---------------------------------------------------------------- supervision

/** How many tables one jefe de mesa may supervise at a table of this game; `withRecording` where individual video recording relaxes it. */
export interface SupervisionRatio {
  readonly tables: number;
  readonly withRecording?: number;
  readonly cite: string;
  /** the table formats the ratio is written for (mini and midi punto y banca); absent: every table of the game; empty: none (only `fullTable` is judged) */
  readonly formats?: readonly string[];
  /**
   * where the text gives the game's full table a jefe of its own beside the ratio of its reduced ones
   * (illes-balears L1244–1248, galicia L440): the full table's ratio; the session's format must then be
   * recorded for either to be judged
   */
  readonly fullTable?: SupervisionRatio;
}

/**
 * euskadi: the same clause in each game's «Personal» part — «El Jefe de Mesa o Inspector podrá tener a su
 * cargo hasta cuatro mesas, independientemente del juego que se practique en ellas, siempre que estas se
 * encuentren en el mismo sector» (second reading, compliance.second-reading.resolutions.md §2.3). A full
 * punto y banca table has its own jefe (L3980–3984, not judged: day-compliance.resolutions.md §9); the four
 * are written for the mini and midi tables only. Triple blackjack follows blackjack in what it does not
 * state (L2250–2257). The wheel of fortune's clause survives as a fragment (L6731–6733, its first words lost
 * in the column break), read as the same four: docs/games/readings/compliance-not-carried.md.
 */
const EUSKADI_FOUR_PER_JEFE: Readonly<Record<string, SupervisionRatio>> = {
  boule: { tables: 4, cite: 'euskadi L2640–2644' },
  'trente-et-quarante': { tables: 4, cite: 'euskadi L2901–2906' },
  'punto-banco': { tables: 4, cite: 'euskadi L4061–4065', formats: ['mini', 'midi'] },
  'wheel-of-fortune': { tables: 4, cite: 'euskadi L6731–6733' },
  'caribbean-stud': { tables: 4, cite: 'euskadi L6989–6992' }, // 11 «Poker sin descarte»
  'draw-poker-vs-bank': { tables: 4, cite: 'euskadi L7683–7690' }, // 12 «Poker con descarte»
  trijoker: { tables: 4, cite: 'euskadi L8597–8603' }, // 13 «Poker Trijoker»
  'pai-gow-poker': { tables: 4, cite: 'euskadi L9131–9136' }, // 14 «Pai Gow Poker»
  'three-card-poker': { tables: 4, cite: 'euskadi L9714–9720' }, // 15 «Poker de tres cartas o Tripoker»
  'casino-holdem': { tables: 4, cite: 'euskadi L10241–10246' }, // 16 «Texas Poker»
  'triple-blackjack': { tables: 4, cite: 'euskadi L1470–1473, L2250–2257' },
};

/** cantabria A.15 (circle poker, every variety): a jefe de sector over at most four tables (L5366–5371). */
const CANTABRIA_CIRCLE_POKER_SECTOR: Readonly<Record<string, SupervisionRatio>> = Object.fromEntries(
  ['circle-poker-five-card-draw', 'circle-poker-omaha', 'circle-poker-texas-holdem', 'circle-poker-five-card-stud', 'circle-poker-seven-card-stud'].map(
    (game) => [game, { tables: 4, cite: 'cantabria L5366–5371' }],
  ),
);

/**
 * Games whose «Personal» part gives each table its own jefe (or inspector) in so many words («cada mesa»,
 * «en cada mesa», «a cada taula»), with no exception in that part and no clause elsewhere in the text that
 * lets one jefe hold tables of any game (as euskadi's «independientemente del juego que se practique en
 * ellas» does, which is why euskadi's own-jefe sentences L3178–3180, L3980–3984, L4547–4550 stay unjudged):
 * a ratio of one. Read by two readers (day-compliance.resolutions.md §12). Not judged, and why: boule and
 * the wheel of fortune (cantabria L1091–1092, L3418–3421; galicia L348) say only that the jefe «dirige la
 * misma», no count of tables; baccarat à deux tableaux (cantabria L2971–2978, illes-balears L1899–1902,
 * galicia L714) lists the game's «personal mínimo» and takes from chemin de fer the inspector's duties only,
 * not its «cada mesa»; cantabria's mini and midi punto y banca L2191–2193, which the blackjack clause L723–731
 * lets a jefe hold among four banking card tables.
 */
const CANTABRIA_TABLE_OF_ITS_OWN: Readonly<Record<string, SupervisionRatio>> = {
  // A.6 «Cada mesa tendra permanentemente destinados a su servicio un jefe de mesa y dos croupiers.»
  'trente-et-quarante': { tables: 1, cite: 'cantabria L1218–1219' },
  // A.7 «En cada mesa de dados prestara sus servicios un jefe de mesa, dos croupiers y un stickman.»
  craps: { tables: 1, cite: 'cantabria L1357–1358' },
  // A.9 «El personal afecto a cada mesa de banca francesa es de un jefe de mesa y dos croupieres»
  'banca-francesa': { tables: 1, cite: 'cantabria L1778–1779' },
  // A.10 «Cada mesa de juego tendra afectos un jefe de mesa y dos o tres croupiers.» (the full table; A.10.1's mini and midi: not judged)
  'punto-banco': { tables: 1, cite: 'cantabria L2191–2193', formats: [], fullTable: { tables: 1, cite: 'cantabria L1995–1996' } },
  // A.11 «Cada mesa de juego tendra permanentemente a su servicio un inspector, un croupier y un cambista»
  'chemin-de-fer': { tables: 1, cite: 'cantabria L2258–2260' },
};

/** illes-balears, in the same way: 06 daus, 08 bacarà (chemin de fer); 07's full punt i banca is its `fullTable`. */
const ILLES_BALEARS_TABLE_OF_ITS_OWN: Readonly<Record<string, SupervisionRatio>> = {
  // «A cada taula de daus presta els seus serveis un cap de taula, un o dos crupiers i un stickman.» (OCR «crupiersi»)
  craps: { tables: 1, cite: 'illes-balears L937–938' },
  // «Cada taula de joc ha de tenir permanentment al seu servei un cap de taula i un crupier.» (OCR «Cadataula»)
  'chemin-de-fer': { tables: 1, cite: 'illes-balears L1415–1416' },
};

/** galicia, in the same way: 05 trinta e corenta, 09 dados; 06's full punto e banca is its `fullTable`; 07 chemin de fer has no «cada mesa» sentence. */
const GALICIA_TABLE_OF_ITS_OWN: Readonly<Record<string, SupervisionRatio>> = {
  // «Cada mesa terá permanentemente destinados/as ao seu servizo un/unha xefe/a de mesa e dous/dúas croupiers.»
  'trente-et-quarante': { tables: 1, cite: 'galicia L392' },
  // «En cada mesa de dados prestará os seus servizos un/unha xefe/a de mesa, dous/dúas croupiers e un/unha bastoneiro/a ou stickman.»
  craps: { tables: 1, cite: 'galicia L890' },
};

const rouletteRatios = (french: SupervisionRatio, american: SupervisionRatio) => ({
  'french-roulette': french,
  'american-roulette-single-zero': american,
  'american-roulette-double-zero': american,
});

export const SUPERVISION: Partial<Record<JurisdictionId, Readonly<Record<string, SupervisionRatio>>>> = {
  // "un Jefe de Mesa o Inspector por cada cuatro mesas, independientemente del juego que se practique en ellas, siempre que estas se encuentren en el mismo sector"
  euskadi: {
    ...rouletteRatios({ tables: 4, cite: 'euskadi L463–466' }, { tables: 4, cite: 'euskadi L1206–1209' }),
    blackjack: { tables: 4, cite: 'euskadi L1470–1473' },
    ...EUSKADI_FOUR_PER_JEFE,
  },
  cantabria: {
    // french: one jefe per roulette; "podrá haber un jefe de mesa por cada dos mesas contiguas, siempre y cuando cada una de ellas disponga de sistema individualizado de grabación"
    // american: "podrá ejercer sus responsabilidades sobre dos mesas … por cada cuatro mesas contiguas, siempre y cuando cada una … disponga de sistema de grabación individualizado"
    ...rouletteRatios({ tables: 1, withRecording: 2, cite: 'cantabria L214–223' }, { tables: 2, withRecording: 4, cite: 'cantabria L508–515' }),
    // "grupos de mesas contiguas y homogéneas, sin que el número total de mesas a su cargo pueda exceder de cuatro"
    blackjack: { tables: 4, cite: 'cantabria L713–721' },
    // A.14.1 póker sin descarte: "Puede haber un inspector o jefe de mesa para cada sector de juego de naipes de contrapartida. Cada sector podra tener hasta un maximo de cuatro mesas."
    'caribbean-stud': { tables: 4, cite: 'cantabria L3559–3562' },
    // A.14.5: "un jefe de mesa por cada sector de juegos de naipes de contrapartida, sin que el numero total de mesas a su cargo pueda exceder de cuatro"; the recording it adds is RECORDED_SECTORS'
    'texas-holdem-bonus': { tables: 4, cite: 'cantabria L4768–4773' },
    // A.14.2 trijoker: "Podra haber un inspector o jefe de mesa para cada sector de juego de naipes de contrapartida. Cada sector podra tener hasta un maximo de cuatro mesas."
    trijoker: { tables: 4, cite: 'cantabria L3940–3943' },
    // A.14.3 pai gow: "podran simultanearse sobre grupos de mesas contiguas y homogeneas sin que el numero total de mesas a su cargo pueda exceder de cuatro"
    'pai-gow-poker': { tables: 4, cite: 'cantabria L4219–4224' },
    // A.14.4 póker tres cartas: "Puede existir un Jefe de Mesa para cada cuatro mesas."
    'three-card-poker': { tables: 4, cite: 'cantabria L4497–4498' },
    // A.14.6 Texas Hold'em de contrapartida: the same words as A.14.5 (four, each table recorded: RECORDED_SECTORS)
    'texas-holdem-vs-bank': { tables: 4, cite: 'cantabria L5083–5089' },
    // A.15 circle poker: "La zona donde se desarrolle el juego estara controlada por un jefe de sector o equivalente … Cada sector podra tener hasta un maximo de cuatro mesas."
    ...CANTABRIA_CIRCLE_POKER_SECTOR,
    ...CANTABRIA_TABLE_OF_ITS_OWN,
  },
  'illes-balears': {
    // one-layout roulette "un cap de taula per cada dues taules"; american "un cap de taula per cada quatre taules"
    ...rouletteRatios({ tables: 2, cite: 'illes-balears L138–139' }, { tables: 4, cite: 'illes-balears L364–367' }),
    blackjack: { tables: 4, cite: 'illes-balears L515–517' },
    // "Pot haver-n'hi un per cada quatre taules" (04 boule), "Hi pot haver un cap de taula cada quatre taules" (05 trenta i
    // quaranta, 10 ruleta de la fortuna, 11 pòquer sense descart, 13 pòquer trijoker; the OCR writes «taulacada»)
    boule: { tables: 4, cite: 'illes-balears L733–734' },
    'trente-et-quarante': { tables: 4, cite: 'illes-balears L826–827' },
    'wheel-of-fortune': { tables: 4, cite: 'illes-balears L2186–2187' },
    'caribbean-stud': { tables: 4, cite: 'illes-balears L2270–2271' },
    trijoker: { tables: 4, cite: 'illes-balears L2886–2887' },
    // 07 punt i banca: "Cada taula de joc ha de tenir un cap de taula … En el cas de les taules reduides hi pot haver un cap de taula cada quatre taules"
    'punto-banco': { tables: 4, cite: 'illes-balears L1246–1248', formats: ['mini', 'midi'], fullTable: { tables: 1, cite: 'illes-balears L1244–1246' } },
    ...ILLES_BALEARS_TABLE_OF_ITS_OWN,
  },
  galicia: {
    // "Poderá haber un/unha xefe/a de mesa por cada dúas mesas"; american "un/unha xefe/a de mesa cada catro mesas"
    ...rouletteRatios({ tables: 2, cite: 'galicia L122' }, { tables: 4, cite: 'galicia L222' }),
    blackjack: { tables: 4, cite: 'galicia L258' },
    // the wheel of fortune "Poderá haber un/unha xefe/a de mesa por cada catro mesas" (read by the second reader, resolutions §9)
    'wheel-of-fortune': { tables: 4, cite: 'galicia L1014' },
    // 06 punto e banca: "Cada mesa de xogo terá afectos un/unha xefe/a de mesa … No caso das mesas reducidas pode existir un/unha xefe/a de mesa cada catro mesas" (both in L440)
    'punto-banco': { tables: 4, cite: 'galicia L440', formats: ['mini', 'midi'], fullTable: { tables: 1, cite: 'galicia L440' } },
    ...GALICIA_TABLE_OF_ITS_OWN,
  },
  // póker sin descarte (the code's caribbean-stud): "pudiendo disponerse por el Director de Juegos del Casino que un mismo Jefe de Mesa sea el encargado de dos mesas contiguas"
  // (second reading, compliance.second-reading.resolutions.md §2.1: andalucía caribbean-stud sessions exist, so the ratio is judged)
  andalucia: { 'caribbean-stud': { tables: 2, cite: 'andalucia L63' } },
};

/** The ratio of a table of this game (and format), where its text sets one. */
export function supervisionRatio(game: string, jurisdiction: JurisdictionId, tableFormat?: string): SupervisionRatio | null {
  const ratio = SUPERVISION[jurisdiction]?.[game];
  if (!ratio?.formats) return ratio ?? null;
  if (tableFormat && ratio.formats.includes(tableFormat)) return ratio;
  return tableFormat === 'full' ? (ratio.fullTable ?? null) : null;
}

/** A table whose ratio its format decides (full or reduced) and whose session recorded none: the ratio it could not be judged by. */
export function formatUnrecorded(game: string, jurisdiction: JurisdictionId, tableFormat?: string): SupervisionRatio | null {
  const ratio = SUPERVISION[jurisdiction]?.[game];
  return ratio?.fullTable && tableFormat === undefined ? ratio : null;
}

/** What a table whose format was not recorded could not be judged by, said in the day's notes and the checklist. */
export const formatNotJudged = (tableIds: readonly string[], ratio: SupervisionRatio) =>
  `not judged: ${tableIds.join(', ')} recorded no table format (options.tableFormat full, mini or midi), and a full table has a jefe of its own (${ratio.fullTable!.cite}) where ${
    ratio.formats?.length ? `reduced ones share one per ${ratio.tables}` : 'the reduced ones are not judged'
  } (${ratio.cite})`;

/** The most tables a jefe may hold when one of them is this game's (recording: the table has individual video recording, where known). */
export function supervisionCapacity(game: string, jurisdiction: JurisdictionId, recording?: boolean, tableFormat?: string): number | null {
  const ratio = supervisionRatio(game, jurisdiction, tableFormat);
  if (!ratio) return null;
  return recording === false ? ratio.tables : (ratio.withRecording ?? ratio.tables);
}

/** A clause that lets one jefe hold banking card tables together only where each of them has individual video recording. */
export interface RecordingCondition {
  /** the game whose part of the text sets it: judged where a table of it is among the jefe's */
  readonly anchor: string;
  /** the banking card games whose tables must then be recorded */
  readonly games: ReadonlySet<string>;
  /** `mixed`: where those tables are of two games or more; `shared`: wherever the jefe holds another table at once */
  readonly when: 'mixed' | 'shared';
  readonly rule: string;
  readonly cite: string;
}

/** cantabria's banking card games («juegos de naipes de contrapartida»: black-jack, minipunto y banca, the pokers against the bank). */
const CANTABRIA_BANKING_CARD_GAMES: ReadonlySet<string> = new Set([
  'blackjack',
  'punto-banco',
  'caribbean-stud',
  'three-card-poker',
  'texas-holdem-bonus',
  'texas-holdem-vs-bank',
  'trijoker',
  'pai-gow-poker',
  'draw-poker-vs-bank',
  'casino-holdem',
]);

/**
 * cantabria L723–731: a jefe may supervise banking card tables of different games «(black-jack, minipunto y
 * banca y poker) … atendiendo al criterio de no exceder el numero de cuatro, siempre y cuando cada una de las
 * mesas cuente con un sistema de grabacion individualizado». The clause stands in the blackjack part, so
 * it is judged where a blackjack table shares its jefe with a punto y banca or poker-against-the-bank table;
 * the four is the blackjack ratio's (L713–721), judged there; this rule adds the recording of each table.
 */
export const MIXED_CARD_GAMES: Partial<Record<JurisdictionId, RecordingCondition>> = {
  cantabria: { anchor: 'blackjack', games: CANTABRIA_BANKING_CARD_GAMES, when: 'mixed', rule: 'blackjack/mixed-card-games', cite: 'cantabria L723–731' },
};

/**
 * cantabria L4768–4773 (A.14.5 Texas Hold'em Bonus Póker): the jefe's functions «llevara a cabo sobre cada una
 * de las mesas»; a jefe per sector of banking card games only «sin que el numero total de mesas a su cargo
 * pueda exceder de cuatro y siempre que cuenten con un sistema de grabacion individualizado». So a hold'em
 * bonus table that shares its jefe needs each of his banking card tables recorded (the four is its ratio in
 * SUPERVISION); alone under its jefe it needs none.
 */
export const RECORDED_SECTORS: Partial<Record<JurisdictionId, readonly RecordingCondition[]>> = {
  cantabria: [
    {
      anchor: 'texas-holdem-bonus',
      games: CANTABRIA_BANKING_CARD_GAMES,
      when: 'shared',
      rule: 'texas-holdem-bonus/recorded-sector',
      cite: 'cantabria L4768–4773',
    },
    // A.14.6 Texas Hold'em de contrapartida, in the same words: «sin que el numero total de mesas a su cargo pueda
    // exceder de cuatro, siempre y cuando cada una de ellas cuente con un sistema de grabacion individualizado»
    {
      anchor: 'texas-holdem-vs-bank',
      games: CANTABRIA_BANKING_CARD_GAMES,
      when: 'shared',
      rule: 'texas-holdem-vs-bank/recorded-sector',
      cite: 'cantabria L5083–5089',
    },
  ],
};

/** Every recording condition of a jurisdiction: the mixed card games' and the recorded sectors'. */
const recordingConditionsOf = (j: JurisdictionId): RecordingCondition[] => [
  ...(MIXED_CARD_GAMES[j] ? [MIXED_CARD_GAMES[j]!] : []),
  ...(RECORDED_SECTORS[j] ?? []),
];

/**
 * At every moment, each jefe's tables in service (every game counts: euskadi says "independientemente del
 * juego"; the others count tables) against the ratio of each of them whose text sets one. Sector and
 * contiguity are not carried by any fact: the count is judged, never where the tables stand. A table that
 * did not record whether it has individual video recording is held to the ratio its recording would allow.
 */
export function judgeSupervision(sessions: readonly DaySession[]): DayJudgement {
  const findings: DayFinding[] = [];
  const notes = new Set<string>();
  // each table's supervision intervals: [from, to, inspector]
  type Stint = { from: number; to: number; inspector: string; s: DaySession; eventId: string };
  const stints: Stint[] = [];
  for (const s of sessions) {
    const end = s.closedAt ? ms(s.closedAt) : Infinity;
    s.supervisors.forEach((sup, i) => {
      const from = ms(sup.at ?? s.openedAt);
      const to = i + 1 < s.supervisors.length ? ms(s.supervisors[i + 1].at) : end;
      if (Number.isFinite(from) && to > from) stints.push({ from, to, inspector: sup.inspector, s, eventId: sup.eventId });
    });
  }
  // a table whose format decides its ratio and was not recorded: not judged by it (it still counts in its jefe's load)
  const undecided = new Map<SupervisionRatio, string[]>();
  for (const s of sessions) {
    const ratio = formatUnrecorded(s.game, s.jurisdiction, s.tableFormat);
    if (ratio) undecided.set(ratio, [...new Set([...(undecided.get(ratio) ?? []), s.tableId])]);
  }
  for (const [ratio, tableIds] of undecided) notes.add(formatNotJudged(tableIds, ratio));
  const reported = new Set<string>();
  // moments where a jefe's load can rise: each stint's start
  for (const start of stints) {
    const load = stints.filter((x) => x.inspector === start.inspector && x.from <= start.from && x.to > start.from);
    const tables = [...new Set(load.map((x) => x.s.tableId))];
    for (const f of recordingConditions(start, load, tables, notes)) {
      const key = `${f.rule}|${start.inspector}|${f.sessionId}|${tables.join(',')}`;
      if (reported.has(key)) continue;
      reported.add(key);
      findings.push(f);
    }
    for (const x of load) {
      const ratio = supervisionRatio(x.s.game, x.s.jurisdiction, x.s.tableFormat);
      if (!ratio) continue;
      const recording = x.s.individualRecording;
      if (recording === undefined && ratio.withRecording !== undefined)
        notes.add(`${x.s.tableId}: whether the table has individual video recording was not recorded; held to the ratio recording allows (${ratio.cite})`);
      const capacity = supervisionCapacity(x.s.game, x.s.jurisdiction, recording, x.s.tableFormat)!;
      const key = `${x.inspector}|${x.s.sessionId}|${tables.length}`;
      if (tables.length <= capacity || reported.has(key)) continue;
      reported.add(key);
      findings.push({
        code: 'SUPERVISION_VIOLATION',
        eventId: start.eventId,
        sessionId: x.s.sessionId,
        tableId: x.s.tableId,
        rule: `${x.s.game}/supervision-ratio`,
        citation: ratio.cite,
        expected: `at most ${capacity} table(s) per jefe de mesa${recording === false && ratio.withRecording ? ` (${ratio.withRecording} with individual video recording)` : ''}`,
        recorded: { inspector: x.inspector, tables, at: new Date(start.from).toISOString() },
        message: `${x.inspector} supervised ${tables.length} tables at once (${tables.join(', ')}), among them ${x.s.tableId} (${x.s.game}), which allows ${capacity}`,
        messagePhrase: phrase('finding.day.overloadedJefe', {
          inspector: x.inspector,
          count: tables.length,
          tables: tables.join(', '),
          table: x.s.tableId,
          game: x.s.game,
          capacity,
        }),
      });
    }
  }
  return { findings, notes: [...notes] };
}

/**
 * A jefe's tables at one moment under a recording condition (cantabria L723–731, L4768–4773): where the
 * condition's table is among them and they are mixed (or shared), every one of his banking card tables must
 * have its own recording. A table that recorded no `individualRecording` is not held against it (a finding
 * never rests on a guess): said in a note.
 */
function recordingConditions(
  start: { eventId: string; from: number; inspector: string },
  load: ReadonlyArray<{ s: DaySession }>,
  tables: readonly string[],
  notes: Set<string>,
): DayFinding[] {
  const findings: DayFinding[] = [];
  const byJurisdiction = new Map<JurisdictionId, DaySession[]>();
  for (const { s } of load) byJurisdiction.set(s.jurisdiction, [...(byJurisdiction.get(s.jurisdiction) ?? []), s]);
  for (const [jurisdiction, sessions] of byJurisdiction)
    for (const rule of recordingConditionsOf(jurisdiction)) {
      const cards = sessions.filter((s) => rule.games.has(s.game));
      if (!cards.some((s) => s.game === rule.anchor)) continue;
      if (rule.when === 'mixed' ? new Set(cards.map((s) => s.game)).size < 2 : tables.length < 2) continue;
      const together = rule.when === 'mixed' ? 'card tables of different games' : `a ${rule.anchor} table sharing its jefe with other tables`;
      const unknown = cards.filter((s) => s.individualRecording === undefined);
      if (unknown.length)
        notes.add(
          `${unknown.map((s) => s.tableId).join(', ')}: ${together} under ${start.inspector}, whose individual video recording was not recorded; not held against the clause (${rule.cite})`,
        );
      const without = cards.filter((s) => s.individualRecording === false);
      if (!without.length) continue;
      const games = [...new Set(cards.map((s) => s.game))];
      findings.push({
        code: 'SUPERVISION_VIOLATION',
        eventId: start.eventId,
        sessionId: without[0].sessionId,
        tableId: without[0].tableId,
        rule: rule.rule,
        citation: rule.cite,
        expected:
          rule.when === 'mixed'
            ? 'each table of a jefe who supervises banking card tables of different games has individual video recording'
            : `each banking card table of a jefe who holds a ${rule.anchor} table among others has individual video recording`,
        recorded: { inspector: start.inspector, tables, games, withoutRecording: without.map((s) => s.tableId), at: new Date(start.from).toISOString() },
        message: `${start.inspector} supervised ${games.join(', ')} tables at once (${cards.map((s) => s.tableId).join(', ')}); ${without.map((s) => s.tableId).join(', ')} had no individual video recording, which ${rule.when === 'mixed' ? 'mixed card games under one jefe require' : `a jefe per sector of ${rule.anchor} tables requires`}`,
        messagePhrase: phrase('finding.day.unrecorded', {
          inspector: start.inspector,
          games: games.join(', '),
          tables: cards.map((s) => s.tableId).join(', '),
          without: without.map((s) => s.tableId).join(', '),
          when: rule.when === 'mixed' ? 'mixed' : 'sector',
          anchor: rule.anchor,
        }),
      });
    }
  return findings;
}

// ---------------------------------------------------------------- equipment custody

/** Craps: six dice per table per session, unlike the previous session's, each with the maker's number and the casino's initials. */
export const DICE_CUSTODY: Partial<Record<JurisdictionId, { readonly perSession: number; readonly cite: string; readonly marksCite: string }>> = {
  // "En una de las caras figurará el número de orden del fabricante y las siglas del establecimiento … En cada sesión se pondrán a disposición de cada mesa … seis dados en perfecto estado y distintos a los usados la sesión anterior."
  euskadi: { perSession: 6, cite: 'euskadi L3167–3174', marksCite: 'euskadi L3163–3165' },
  cantabria: { perSession: 6, cite: 'cantabria L1346–1353', marksCite: 'cantabria L1342–1344' },
  'illes-balears': { perSession: 6, cite: 'illes-balears L929–934', marksCite: 'illes-balears L926–927' },
  galicia: { perSession: 6, cite: 'galicia L884–886', marksCite: 'galicia L882' },
};

/** Banca francesa (cantabria only): the three ternas rotated hour by hour, the throwing croupier replaced hour by hour save force majeure. */
export const HOURLY_ROTATIONS: Partial<Record<JurisdictionId, { readonly terna: string; readonly thrower: string }>> = {
  cantabria: { terna: 'cantabria L1815–1820', thrower: 'cantabria L1915–1917' },
};
const HOUR = 3_600_000;

export function judgeEquipment(s: DaySession): DayJudgement {
  const findings: DayFinding[] = [];
  const notes: string[] = [];
  const notJudged: Record<string, string> = {};
  const notJudgedPhrases: Record<string, Phrase> = {};
  const at = { sessionId: s.sessionId, tableId: s.tableId };
  const dice = s.game === 'craps' ? DICE_CUSTODY[s.jurisdiction] : undefined;
  if (dice) {
    if (!s.diceIssued.length) {
      const why = `${s.tableId}: no DiceIssued recorded, so the session's dice are not judged (${dice.cite})`;
      notes.push(why);
      notJudged['equipment-custody'] = why;
      notJudgedPhrases['equipment-custody'] = phrase('checklist.notJudged.noDice', { table: s.tableId, citation: cite(dice.cite) });
    }
    s.diceIssued.forEach((issue, i) => {
      const base = { code: 'EQUIPMENT_CUSTODY_VIOLATION' as DiscrepancyCode, eventId: issue.eventId, ...at };
      if (i === 0 && issue.dice.length !== dice.perSession) {
        findings.push({
          ...base,
          rule: 'craps/dice-per-session',
          citation: dice.cite,
          expected: dice.perSession,
          recorded: issue.dice.length,
          message: `${s.tableId} was given ${issue.dice.length} dice for the session; the rules require ${dice.perSession}`,
          messagePhrase: phrase('finding.day.diceCount', { table: s.tableId, dice: issue.dice.length, due: dice.perSession }),
        });
      }
      const unmarked = issue.dice.filter((d) => !d.serial || !d.initials);
      if (unmarked.length) {
        findings.push({
          ...base,
          rule: 'craps/dice-marks',
          citation: dice.marksCite,
          expected: "each die bears the maker's serial number and the casino's initials",
          recorded: unmarked,
          message: `${unmarked.length} die/dice at ${s.tableId} lack the maker's serial number or the casino's initials`,
          messagePhrase: phrase('finding.day.diceUnmarked', { dice: unmarked.length, table: s.tableId }),
        });
      }
      const reused = issue.previous
        ? issue.dice.map((d) => d.serial).filter((serial): serial is string => !!serial && issue.previous!.serials.includes(serial))
        : [];
      if (reused.length) {
        findings.push({
          ...base,
          rule: 'craps/dice-renewed',
          citation: dice.cite,
          expected: `dice other than those of the previous session (${issue.previous!.sessionId})`,
          recorded: reused,
          message: `${s.tableId} was given dice ${reused.join(', ')} again, already used at its previous session ${issue.previous!.sessionId}`,
          messagePhrase: phrase('finding.day.diceReused', { table: s.tableId, dice: reused.join(', '), session: issue.previous!.sessionId }),
        });
      }
    });
  }
  const hourly = s.game === 'banca-francesa' ? HOURLY_ROTATIONS[s.jurisdiction] : undefined;
  if (hourly) {
    const rotation = (what: 'terna' | 'thrower', changes: ReadonlyArray<TimedFact & { forceMajeure?: boolean }>) => {
      if (!changes.length) {
        // a session shorter than an hour needs none; longer and none recorded: not judged, said
        const span = (s.closedAt ? ms(s.closedAt) : NaN) - ms(s.openedAt);
        if (!(span <= HOUR)) {
          const why = `${s.tableId}: no ${what === 'terna' ? 'DiceTernaChanged' : 'DiceThrowerChanged'} recorded, so the hourly ${what} rotation is not judged (${hourly[what]})`;
          notes.push(why);
          notJudged['equipment-custody'] = why;
          notJudgedPhrases['equipment-custody'] = phrase('checklist.notJudged.noRotation', { table: s.tableId, what, citation: cite(hourly[what]) });
        }
        return;
      }
      const marks: Array<{ at: number; eventId: string; forceMajeure?: boolean }> = [
        { at: ms(s.openedAt), eventId: s.openEventId },
        ...changes.map((c) => ({ at: ms(c.at), eventId: c.eventId, forceMajeure: c.forceMajeure })),
      ];
      if (s.closedAt) marks.push({ at: ms(s.closedAt), eventId: s.closeEventId ?? s.openEventId });
      for (let i = 1; i < marks.length; i++) {
        const gap = marks[i].at - marks[i - 1].at;
        if (!(gap > HOUR)) continue;
        if (what === 'thrower' && marks[i].forceMajeure) {
          notes.push(`${s.tableId}: the thrower was replaced after ${Math.round(gap / 60000)} minutes, recorded as force majeure (${hourly.thrower})`);
          continue;
        }
        findings.push({
          code: 'EQUIPMENT_CUSTODY_VIOLATION',
          eventId: marks[i].eventId,
          ...at,
          rule: what === 'terna' ? 'banca-francesa/terna-hourly' : 'banca-francesa/thrower-hourly',
          citation: hourly[what],
          expected:
            what === 'terna' ? 'the terna rotated every hour from the opening to the close' : 'the throwing croupier replaced every hour, save force majeure',
          recorded: `${Math.round(gap / 60000)} minutes from ${new Date(marks[i - 1].at).toISOString()} to ${new Date(marks[i].at).toISOString()}`,
          message: `${s.tableId}: ${what === 'terna' ? 'the same terna was in play' : 'the same croupier threw'} for ${Math.round(gap / 60000)} minutes; the rules require a change every hour`,
          messagePhrase: phrase('finding.day.hourly', { table: s.tableId, what, minutes: Math.round(gap / 60000) }),
        });
      }
    };
    rotation('terna', s.ternaChanges);
    rotation('thrower', s.throwerChanges);
  }
  return { findings, notes, notJudged, notJudgedPhrases };
}

// ---------------------------------------------------------------- the day, and its checklist

/**
 * Findings that belong to one session's own verdict (its table book): what the table was given and how it
 * was opened on a reversed cloth. The others (jefes' loads, changes of game per day, tables in service)
 * are the day's, listed with it.
 */
export function isSessionScoped(f: Pick<DayFinding, 'code' | 'rule' | 'sessionId'>): boolean {
  return (
    f.sessionId !== null && (f.code === 'EQUIPMENT_CUSTODY_VIOLATION' || f.rule === 'reversible-cloth/new-float' || f.rule === 'reversible-cloth/cloth-number')
  );
}

/** Everything the day's judge says of one casino's gaming day. */
export function judgeGamingDay(jurisdiction: JurisdictionId, sessions: readonly DaySession[]): DayJudgement {
  const parts = [judgeReversibleCloths(sessions), judgeTablesInService(jurisdiction, sessions), judgeSupervision(sessions), ...sessions.map(judgeEquipment)];
  return {
    findings: parts.flatMap((p) => p.findings),
    notes: parts.flatMap((p) => p.notes),
    notJudged: Object.assign({}, ...parts.map((p) => p.notJudged ?? {})),
    notJudgedPhrases: Object.assign({}, ...parts.map((p) => p.notJudgedPhrases ?? {})),
  };
}
