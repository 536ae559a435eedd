/**
 * The gaming-day compliance checklist (issue 15): the nine regulated subjects an inspector checks over a
 * table session or a whole day, each with the finding code that carries it and, per jurisdiction, the
 * lines of its text (null: the text lacks the rule, with why). Data only; `dayChecklist` turns a day's
 * findings and sessions into rows of pass / finding / not applicable / not judged.
 *
 * Each row's note is also said as phrases of the `narrative` catalogue (`checklist.*`, issue 16), for the
 * edges to word in the reader's language: the idle, unseen and uncarried notes by the row's id (and the
 * jurisdiction where the note differs by jurisdiction), the title by the row's id (`checklist.title.<id>`).
 */
import {
  DICE_CUSTODY,
  formatNotJudged,
  formatUnrecorded,
  HOURLY_ROTATIONS,
  MIXED_CARD_GAMES,
  REVERSIBLE_CLOTHS,
  SUPERVISION,
  supervisionRatio,
  TABLES_IN_SERVICE,
} from './day-compliance';
import { phrase, type Phrase } from './phrase';
import type { DiscrepancyCode, JurisdictionId } from './types';

export type ChecklistRowId =
  | 'limit-changes'
  | 'closing-announcements'
  | 'temporary-closing'
  | 'reversible-cloths'
  | 'tables-in-service'
  | 'supervision'
  | 'equipment-custody'
  | 'circle-poker-session'
  | 'bank-deposits';

export interface ChecklistRowSpec {
  readonly id: ChecklistRowId;
  readonly title: string;
  readonly code: DiscrepancyCode;
  /** the lines of each jurisdiction's text that hold the rule; absent: the text lacks it */
  readonly citations: Readonly<Partial<Record<JurisdictionId, string>>>;
  /** does the day give the rule something to judge (a table of the game it concerns, a change of limits…)? */
  applies(day: ChecklistDay): boolean;
  /** why it does not, when it does not */
  readonly idle: string;
  /** what of the rule no fact carries, so a pass does not cover it (per jurisdiction) */
  readonly unseen?: Readonly<Partial<Record<JurisdictionId, string>>>;
  /** where the text's only duty of the row is one no fact carries: the row is never judged there (why) */
  readonly uncarried?: Readonly<Partial<Record<JurisdictionId, string>>>;
}

/** What the checklist needs of a day: the games played, per session, and what happened. */
export interface ChecklistDay {
  readonly sessions: ReadonlyArray<{ readonly tableId: string; readonly game: string; readonly tableFormat?: string }>;
  readonly limitChanges: number;
  readonly suspensions: number;
  readonly closedSessions: number;
}

const joined = (...cites: Array<string | undefined>) => cites.filter(Boolean).join(', ');
const perJurisdiction = <T>(table: Partial<Record<JurisdictionId, T>>, cite: (t: T) => string) =>
  Object.fromEntries(Object.entries(table).map(([j, t]) => [j, cite(t as T)])) as Partial<Record<JurisdictionId, string>>;
const plays = (day: ChecklistDay, test: (game: string) => boolean) => day.sessions.some((s) => test(s.game));

export const CHECKLIST_ROWS: readonly ChecklistRowSpec[] = [
  {
    id: 'limit-changes',
    title: 'Limit changes',
    code: 'LIMIT_CHANGE_VIOLATION',
    citations: {
      galicia: 'galicia L176; blackjack L316',
      cantabria: "cantabria L377–396; blackjack L985–989; hold'em L4842–4844, L5157–5159; circle poker L5603–5606",
      euskadi: 'euskadi L843–864; blackjack L2037–2044; circle poker L11245–11251',
      'illes-balears': 'illes-balears L253–262; blackjack L652–654',
    },
    applies: (day) => day.limitChanges > 0,
    idle: 'no table changed its limits this gaming day',
    // session compliance (core/session-compliance.ts, docs/games/readings/session-compliance.resolutions.md)
    unseen: {
      euskadi:
        'the float topped up "si fuera preciso" is not judged; a change at boule, the wheel, dice or the other banking card games is not judged (no text)',
      cantabria: 'the float topped up "si procediese" is not judged',
      'illes-balears': 'the float topped up "si s\'escau" is not judged',
    },
  },
  {
    id: 'closing-announcements',
    title: 'Closing announcements',
    code: 'CLOSING_VIOLATION',
    citations: {
      euskadi: 'euskadi L12855–12920; trijoker L8898–8899',
      cantabria: 'cantabria trijoker L4122–4123; sin descarte L3823–3824',
      andalucia: 'andalucia sintético L303–305',
    },
    applies: (day) => day.closedSessions > 0,
    idle: 'no table closed this gaming day',
    unseen: {
      euskadi:
        'the announcement is owed at the fixed closing time only: judged where the close says so (atClosingTime); boule and the wheel of fortune are named by no clause',
      cantabria: 'judged where the close says it is at the closing time (atClosingTime)',
      andalucia: 'judged where the close says it is at the closing time (atClosingTime)',
    },
  },
  {
    id: 'temporary-closing',
    title: 'Temporary closing',
    code: 'SUSPENSION_VIOLATION',
    citations: { euskadi: 'euskadi L866–876, L12930–12950' },
    unseen: {
      euskadi:
        'who holds the keys is recorded, not judged (index.md OQ-53); the hour left and who reopened are judged where the facts say them (authorisedClosingAt, present)',
    },
    applies: (day) => day.suspensions > 0,
    idle: 'no table was closed temporarily this gaming day',
  },
  {
    id: 'reversible-cloths',
    title: 'Reversible cloths',
    code: 'CLOTH_CHANGE_VIOLATION',
    citations: perJurisdiction(REVERSIBLE_CLOTHS, (r) => r.cite),
    applies: (day) => {
      const games = new Map<string, Set<string>>();
      for (const s of day.sessions) games.set(s.tableId, (games.get(s.tableId) ?? new Set()).add(s.game));
      return [...games.values()].some((g) => g.size > 1);
    },
    idle: 'no table changed its game this gaming day',
  },
  {
    id: 'tables-in-service',
    title: 'Tables in service',
    code: 'TABLES_IN_SERVICE_VIOLATION',
    // illes-balears L264–266 and galicia L178 (euskadi L877–880 alike) also require one table per game at the
    // authorised minimum: a duty no fact carries (compliance.second-reading.resolutions.md §2.4)
    citations: { ...perJurisdiction(TABLES_IN_SERVICE, (r) => r.cite), galicia: 'galicia L56, L178', 'illes-balears': 'illes-balears L264–266' },
    applies: (day) => day.sessions.length > 0,
    idle: 'no table played this gaming day',
    unseen: {
      euskadi:
        'the gaming hours are not recorded: judged between the first and last table of each kind; one table per game at its authorised minimum (euskadi L877–880) is not judged, the authorised minimum is not recorded',
      galicia:
        "the gaming hours and the casino's authorisations are not recorded: judged between the first and last table of each kind, for the kinds the casino played; one table per game at its authorised minimum (galicia L178) is not judged, the authorised minimum is not recorded",
    },
    uncarried: { 'illes-balears': 'not judged: the authorised minimum is not recorded (one table per game at the authorised minimum, illes-balears L264–266)' },
  },
  {
    id: 'supervision',
    title: 'Supervision',
    code: 'SUPERVISION_VIOLATION',
    citations: Object.fromEntries(
      Object.entries(SUPERVISION).map(([j, games]) => [
        j,
        joined(
          ...new Set(Object.values(games!).flatMap((r) => [r.fullTable?.cite, r.formats?.length === 0 ? undefined : r.cite])),
          MIXED_CARD_GAMES[j as JurisdictionId]?.cite,
        ),
      ]),
    ),
    applies: () => true, // refined per jurisdiction in dayChecklist: a table of a game whose text sets a ratio
    idle: 'no table of a game whose text sets a ratio of jefes played this gaming day',
    unseen: Object.fromEntries(
      Object.keys(SUPERVISION).map((j) => [j, 'the number of tables per jefe is judged; the sector and contiguity of the tables are not recorded']),
    ),
  },
  {
    id: 'equipment-custody',
    title: 'Equipment custody',
    code: 'EQUIPMENT_CUSTODY_VIOLATION',
    citations: (() => {
      const out: Partial<Record<JurisdictionId, string>> = {};
      for (const [j, d] of Object.entries(DICE_CUSTODY)) out[j as JurisdictionId] = `dice ${d!.marksCite}, ${d!.cite}`;
      for (const [j, h] of Object.entries(HOURLY_ROTATIONS))
        out[j as JurisdictionId] = joined(out[j as JurisdictionId], `banca francesa ${h!.terna}, ${h!.thrower}`);
      return out;
    })(),
    applies: () => true, // refined in dayChecklist: a craps table, or a banca francesa table where the text rotates ternas
    idle: 'no craps or banca francesa table played this gaming day',
    unseen: {
      euskadi:
        'shoes: numbered and "procurando evitar" the same shoes at the same tables "sistemáticamente" (euskadi L1348–1355) names no breach a session could show: not judged (docs/games/readings/day-compliance.resolutions.md); the announced change of dice (L3808–3815) is not recorded',
      cantabria: 'the announced change of dice is not recorded',
      'illes-balears': 'shoes rotated (illes-balears L479–494): not judged, as in euskadi',
      galicia: 'shoes rotated (galicia L250): not judged, as in euskadi',
    },
  },
  {
    id: 'circle-poker-session',
    title: 'Circle poker session',
    code: 'CIRCLE_SESSION_VIOLATION',
    citations: { euskadi: 'euskadi L10830–10836', cantabria: 'cantabria L5356–5362', andalucia: 'andalucia L299–301' },
    applies: (day) => plays(day, (g) => g.startsWith('circle-poker') || g === 'synthetic-poker'),
    idle: 'no circle poker table played this gaming day',
  },
  {
    id: 'bank-deposits',
    title: 'Bank deposits',
    code: 'BANK_DEPOSIT_VIOLATION',
    citations: { euskadi: 'euskadi L5983–6000', cantabria: 'cantabria L3016–3087', 'illes-balears': 'illes-balears L1938–1950', galicia: 'galicia L730–732' },
    unseen: Object.fromEntries(
      ['euskadi', 'cantabria', 'illes-balears', 'galicia'].map((j) => [j, 'that the bank broke is not recorded: a new deposit is judged by its amount only']),
    ),
    applies: (day) => plays(day, (g) => g === 'baccarat-two-tables'),
    idle: 'no baccarat à deux tableaux table played this gaming day',
  },
];

export type ChecklistStatus = 'pass' | 'finding' | 'not-applicable' | 'not-judged';

export interface ChecklistRow {
  readonly id: ChecklistRowId;
  readonly title: string;
  readonly code: DiscrepancyCode;
  readonly jurisdiction: JurisdictionId;
  readonly status: ChecklistStatus;
  readonly findings: number;
  /** the text's lines; null where the text lacks the rule */
  readonly citation: string | null;
  readonly note: string | null;
  /** the note as phrases of the `narrative` catalogue, joined by `; ` when worded; empty when there is no note */
  readonly notePhrases: readonly Phrase[];
}

/** A note's key: by row and jurisdiction, or by row alone where every jurisdiction's note reads the same. */
function noteKey(kind: 'unseen' | 'uncarried', row: ChecklistRowSpec, jurisdiction: JurisdictionId): string {
  const notes = new Set(Object.values(row[kind] ?? {}));
  return notes.size === 1 ? `checklist.${kind}.${row.id}` : `checklist.${kind}.${row.id}.${jurisdiction}`;
}

/** A note the day's judge recorded in English only (its read model stores words): worded as recorded. */
const asRecorded = (note: string): Phrase => phrase('checklist.recorded', { note });

/** `formatNotJudged` as a phrase. */
function formatNotJudgedPhrase(tableIds: readonly string[], ratio: NonNullable<ReturnType<typeof formatUnrecorded>>): Phrase {
  return phrase('checklist.formatNotJudged', {
    tables: tableIds.join(', '),
    fullCite: ratio.fullTable!.cite,
    reduced: ratio.formats?.length ? 'shared' : 'notJudged',
    perJefe: ratio.tables,
    cite: ratio.cite,
  });
}

/**
 * The day's checklist for one jurisdiction: `findings` are every finding of the day (rounds', sessions'
 * and the day's) with their codes; `notJudged` names rows the day's judge could not judge for want of
 * facts (with why), e.g. craps tables that never recorded their dice; `remarks` what a passed row could
 * not see (the gaming hours).
 */
export function dayChecklist(
  jurisdiction: JurisdictionId,
  day: ChecklistDay,
  findings: ReadonlyArray<{ readonly code: string }>,
  said: {
    notJudged?: Readonly<Partial<Record<ChecklistRowId, string>>>;
    /** the not-judged reasons as phrases where the day's read model stores them (issue 16); else shown as recorded */
    notJudgedPhrases?: Readonly<Partial<Record<ChecklistRowId, Phrase>>>;
    remarks?: Readonly<Partial<Record<ChecklistRowId, string>>>;
  } = {},
): ChecklistRow[] {
  return CHECKLIST_ROWS.map((row) => {
    const citation = row.citations[jurisdiction] ?? null;
    const base = { id: row.id, title: row.title, code: row.code, jurisdiction, citation };
    if (!citation)
      return {
        ...base,
        status: 'not-applicable',
        findings: 0,
        note: `the ${jurisdiction} text has no such rule`,
        notePhrases: [phrase('checklist.noRule', { jurisdiction })],
      };
    const count = findings.filter((f) => f.code === row.code).length;
    if (count) return { ...base, status: 'finding', findings: count, note: null, notePhrases: [] };
    let applies = row.applies(day);
    let unformatted: string | undefined;
    let unformattedPhrase: Phrase | undefined;
    if (row.id === 'supervision') {
      applies = day.sessions.some((s) => !!supervisionRatio(s.game, jurisdiction, s.tableFormat));
      // punto y banca where the text staffs full and reduced tables apart (illes-balears L1244–1248, galicia L440) and no format was recorded
      const undecided = day.sessions.filter((s) => formatUnrecorded(s.game, jurisdiction, s.tableFormat));
      if (undecided.length) {
        const tables = [...new Set(undecided.map((s) => s.tableId))];
        unformatted = formatNotJudged(tables, formatUnrecorded(undecided[0].game, jurisdiction)!);
        unformattedPhrase = formatNotJudgedPhrase(tables, formatUnrecorded(undecided[0].game, jurisdiction)!);
      }
      if (unformatted && !applies) return { ...base, status: 'not-judged', findings: 0, note: unformatted, notePhrases: [unformattedPhrase!] };
    }
    if (row.id === 'equipment-custody')
      applies = plays(day, (g) => (g === 'craps' && !!DICE_CUSTODY[jurisdiction]) || (g === 'banca-francesa' && !!HOURLY_ROTATIONS[jurisdiction]));
    if (!applies) return { ...base, status: 'not-applicable', findings: 0, note: row.idle, notePhrases: [phrase(`checklist.idle.${row.id}`)] };
    const recorded = said.notJudged?.[row.id];
    if (recorded) return { ...base, status: 'not-judged', findings: 0, note: recorded, notePhrases: [said.notJudgedPhrases?.[row.id] ?? asRecorded(recorded)] };
    const uncarried = row.uncarried?.[jurisdiction];
    if (uncarried) return { ...base, status: 'not-judged', findings: 0, note: uncarried, notePhrases: [phrase(noteKey('uncarried', row, jurisdiction))] };
    const remark = said.remarks?.[row.id];
    const unseen = row.unseen?.[jurisdiction];
    return {
      ...base,
      status: 'pass',
      findings: 0,
      note: [remark, unformatted, unseen].filter(Boolean).join('; ') || null,
      notePhrases: [remark ? asRecorded(remark) : undefined, unformattedPhrase, unseen ? phrase(noteKey('unseen', row, jurisdiction)) : undefined].filter(
        (x): x is Phrase => !!x,
      ),
    };
  });
}
