/**
 * The equipment report (issue 21 §4) as text and CSV: per table, its wheel or dice against their design,
 * each test with its p, the Benjamini–Hochberg adjusted p and its verdict; the spins a pocket at 1.2× its
 * share needs; each shoe that ended, with its cards per rank.
 */
import type { Language } from '../../i18n/src';
import type { EquipmentReport, EquipmentRow, EquipmentTest } from '../../projections/src';
import { csv } from './csv';
import { reportWords, type ReportWords } from './report-language';
import { wordPhrase } from './phrase-language';

/** A row's notes in `lang` (issue 16): each phrase worded; in English, or without phrases, the notes as recorded. */
export function equipmentNotes(row: Pick<EquipmentRow, 'notes' | 'notePhrases'>, lang: Language): string[] {
  return lang === 'en' || !row.notePhrases || row.notePhrases.length !== row.notes.length ? [...row.notes] : row.notePhrases.map((p) => wordPhrase(p, lang));
}

/** The report with each row's `notesInLanguage` beside its English `notes` (the API's JSON, the page). */
export function equipmentInLanguage(r: EquipmentReport, lang: Language): EquipmentReport & { rows: Array<EquipmentRow & { notesInLanguage: string[] }> } {
  return { ...r, rows: r.rows.map((row) => ({ ...row, notesInLanguage: equipmentNotes(row, lang) })) };
}

const p = (x: number | null) => (x === null ? '—' : x < 0.0001 ? x.toExponential(2) : x.toFixed(4));
const setName = (r: EquipmentRow) => (r.setId === '' ? (r.kind === 'wheel' ? 'wheel' : 'all dice') : r.setId);

/** The report's words (`reports:equipment.*`); numbers as JavaScript writes them in English, in the locale's form otherwise. */
function equipmentWords(lang: Language) {
  const words: ReportWords = reportWords(lang);
  const en = lang === 'en';
  const t = (key: string, values?: Record<string, unknown>) => words.t(`equipment.${key}`, values);
  return {
    t,
    fixed: (x: number, digits: number) => (en ? x.toFixed(digits) : words.tr.number(x, digits)),
    p: (x: number | null) => (en || x === null || x < 0.0001 ? p(x) : words.tr.number(x, 4)),
    set: (r: EquipmentRow) => (r.setId === '' ? t(r.kind === 'wheel' ? 'set.wheel' : 'set.allDice') : r.setId),
    day: (d: string) => (en ? d : words.tr.date(d)),
    /** a count: as JavaScript writes it in English (no grouping, as this report always read), the locale's form otherwise */
    n: (x: number) => (en ? String(x) : words.tr.number(x)),
  };
}

function testLine(w: ReturnType<typeof equipmentWords>, t: EquipmentTest): string {
  const name = t.test === 'sums' ? w.t('test.sums', { dice: t.dice }) : t.test === 'sectors' ? w.t('test.sectors', { width: t.width }) : w.t(`test.${t.test}`);
  const verdict = w.t(`verdict.${t.status === 'too-few' ? 'tooFew' : t.status === 'finding' ? 'finding' : 'asDesigned'}`);
  const worst = t.worstSector ? w.t('worst', { cells: t.worstSector.join(' ') }) : '';
  return `    ${w.t('testLine', { name, statistic: w.fixed(t.statistic, 2), df: w.n(t.degreesOfFreedom), observations: w.n(t.observations), p: w.p(t.p), adjusted: w.p(t.adjustedP), verdict })}${worst}`;
}

/** `lang`: the report's language (default English, as it always read). */
export function equipmentText(r: EquipmentReport, lang: Language = 'en'): string {
  const w = equipmentWords(lang);
  const level = lang === 'en' ? (r.level * 100).toFixed(2).replace(/\.?0+$/, '') : reportWords(lang).tr.number(r.level * 100, 2);
  const lines = [w.t('title', { casino: r.casinoId ?? 'none', table: r.tableId ?? 'none', level, findings: w.n(r.findings) })];
  if (!r.rows.length && !r.shoes.length) return `${lines[0]}\n${w.t('nothing')}`;
  for (const row of r.rows) {
    lines.push(
      '',
      w.t('row', {
        casino: row.casinoId,
        table: row.tableId,
        game: row.game,
        jurisdiction: row.jurisdiction,
        set: w.set(row),
        observations: w.n(row.observations),
        kind: row.kind,
        sessions: w.n(row.sessions),
        first: w.day(row.firstDay),
        last: w.day(row.lastDay),
      }),
    );
    lines.push(`    ${row.cells.map((c) => `${c.key}:${c.observed}`).join(' ')}`);
    for (const t of row.tests) lines.push(testLine(w, t));
    if (row.power)
      lines.push(
        `    ${w.t('power', { pocket: row.power.pocket, factor: w.n(row.power.factor), level: w.n(row.power.level * 100), power: w.n(row.power.power * 100), needed: w.n(row.power.spinsNeeded), recorded: w.n(row.power.spinsRecorded) })}`,
      );
    for (const n of equipmentNotes(row, lang)) lines.push(`    ${w.t('note', { note: n })}`);
  }
  const ended = r.shoes.filter((s) => s.ended);
  if (ended.length) {
    lines.push('', w.t('shoes'));
    for (const s of ended) {
      const verdict =
        s.asDesigned === null
          ? w.t('shoe.dealt', { dealt: w.n(s.dealt), size: w.n(s.size) })
          : s.asDesigned
            ? w.t('shoe.asDesigned', { decks: w.n(s.decks) })
            : w.t('shoe.notAsDesigned');
      lines.push(
        `  ${w.t('shoe.line', { table: s.tableId, session: s.sessionId, shoe: s.shoeId, verdict })} · ${s.ranks.map((x) => `${x.rank}:${x.dealt}/${x.inShoe}`).join(' ')}`,
      );
    }
  }
  return lines.join('\n');
}

const CSV_HEADER = ['section', 'casinoId', 'tableId', 'game', 'set', 'item', 'observed', 'expected', 'statistic', 'df', 'p', 'adjustedP', 'status'];

/** `lang`: the header row's words (default English); the rows keep the JSON's keys and codes. */
export function equipmentCsv(r: EquipmentReport, lang: Language = 'en'): string {
  const { t } = reportWords(lang);
  const rows: unknown[][] = [lang === 'en' ? CSV_HEADER : CSV_HEADER.map((k) => t(`equipment.csv.${k}`))];
  for (const row of r.rows) {
    const at = ['cell', row.casinoId, row.tableId, row.game, setName(row)];
    for (const c of row.cells) rows.push([...at, c.key, c.observed, c.expected, '', '', '', '', '']);
    for (const [dice, cells] of Object.entries(row.sums ?? {}))
      for (const c of cells) rows.push(['sum', ...at.slice(1), `${dice} dice: ${c.key}`, c.observed, c.expected, '', '', '', '', '']);
    for (const t of row.tests)
      rows.push([
        'test',
        ...at.slice(1),
        t.test === 'sums' ? `sums of ${t.dice} dice` : t.test,
        t.observations,
        '',
        t.statistic,
        t.degreesOfFreedom,
        t.p,
        t.adjustedP,
        t.status,
      ]);
    if (row.power)
      rows.push([
        'power',
        ...at.slice(1),
        `pocket ${row.power.pocket} at ${row.power.factor}×`,
        row.power.spinsRecorded,
        row.power.spinsNeeded,
        '',
        '',
        row.power.level,
        '',
        `power ${row.power.power}`,
      ]);
  }
  for (const s of r.shoes)
    for (const x of s.ranks)
      rows.push([
        'shoe',
        s.casinoId,
        s.tableId,
        s.game,
        `${s.sessionId} ${s.shoeId}`,
        x.rank,
        x.dealt,
        x.inShoe,
        '',
        '',
        '',
        '',
        s.asDesigned === null ? (s.ended ? 'not dealt to the end' : 'in play') : s.asDesigned ? 'as designed' : 'not as designed',
      ]);
  return csv(rows);
}
