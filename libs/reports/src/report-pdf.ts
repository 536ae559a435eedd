/**
 * PDFs an inspector or a finance officer signs: the inspector's day and a table book, with pdfkit's
 * standard fonts (no files to ship). Same figures as the JSON.
 */
import type { Language } from '../../i18n/src';
import { legalCitationText, type FindingInLanguage } from './finding-language';
import { checklistNote, checklistTitle } from './phrase-language';
import { timeZones } from './local-time';
import { reportWords, type ReportWords } from './report-language';
import { Writer } from './pdf-writer';
import { dayClock } from './report-format';
import type { InspectorDayReport, TableBookReport } from '../../projections/src';
import { advantagePlayPdfSection } from './advantage-play-format';
import { performancePdfSection } from './performance-format';

const limitsText = (words: ReportWords, l: Record<string, number> | null | undefined) =>
  !l
    ? '?'
    : `${words.amount(l.min)}-${words.amount(l.max)}${
        Object.keys(l).filter((k) => k !== 'min' && k !== 'max').length
          ? ` (${Object.entries(l)
              .filter(([k]) => k !== 'min' && k !== 'max')
              .map(([k, v]) => `${k} ${words.amount(v)}`)
              .join(', ')})`
          : ''
      }`;
/** what a report's times are read in: the zones of its casinos */
const clockNote = (words: ReportWords, casinos: readonly string[]) =>
  words.t('pdf.times', { zones: [...new Set(casinos.map((c) => timeZones().of(c)))].join(', ') || timeZones().default });

export interface PdfOptions {
  /** when the report was generated (default now) */
  readonly generatedAt?: string;
  /** the reader's language (default English) */
  readonly lang?: Language;
  /** the folder of the regulation texts, for the cited sentence beside each finding (default CASINO_AUDIT_REGULATIONS) */
  readonly textsDir?: string;
}

const wordsOf = (options: PdfOptions) => reportWords(options.lang, 'textsDir' in options ? { textsDir: options.textsDir } : {});

export function inspectorPdf(r: InspectorDayReport, options: PdfOptions = {}): Promise<Buffer> {
  const words = wordsOf(options);
  const { t } = words;
  const c = r.currency;
  const where = r.casinoId ? t('inspector.casino', { casino: r.casinoId }) : t('inspector.casinos', { casinos: r.casinos.join(', ') || '—' });
  const at = dayClock(r, words.time);
  const w = new Writer(t('inspector.docTitle', { day: r.gamingDay }), t('inspector.footer', { where, day: r.gamingDay }), words);
  w.title(t('inspector.title'));
  w.pairs([
    [t('label.casino'), r.casinoId ?? (r.casinos.join(', ') || '—')],
    [t('label.gamingDay'), words.tr.date(r.gamingDay)],
    [t('label.jurisdictions'), r.jurisdictions.join(', ') || '—'],
    [t('label.currency'), t('inspector.currency', { currency: c })],
    [t('label.inspectors'), r.staff.inspectors.join(', ') || '—'],
    [t('label.croupiers'), r.staff.croupiers.join(', ') || '—'],
    [t('label.generated'), at(options.generatedAt ?? new Date().toISOString())],
    [t('label.times'), clockNote(words, r.sessions.map((s) => s.casinoId).concat(r.casinoId ?? []))],
    [t('label.source'), t('inspector.source')],
  ]);

  w.heading(t('inspector.sessions', { count: r.sessions.length }));
  w.table(
    [
      { title: t('col.table'), width: 60 },
      { title: t('col.gameJurisdiction'), width: 95 },
      { title: t('col.limitsOpening'), width: 80 },
      { title: t('col.openedClosed'), width: 95 },
      { title: t('col.staff'), width: 95 },
      { title: t('col.roundsVoid'), width: 45, align: 'right' },
      { title: t('col.discrepancies'), width: 35, align: 'right' },
    ],
    r.sessions.map((s) => [
      `${s.tableId}\n${s.sessionId}`,
      `${s.game}\n${s.jurisdiction}`,
      limitsText(words, s.limits),
      `${at(s.openedAt, s.sessionId)}\n${s.status === 'closed' ? at(s.closedAt, s.sessionId) : t('open')}`,
      `${t('inspector.insp', { name: s.staff?.inspector ?? '—' })}\n${(s.staff?.croupiers ?? []).join(', ')}`,
      `${s.rounds} (${s.roundsVoided})`,
      String(s.discrepancies),
    ]),
  );

  w.heading(t('inspector.figures'));
  const pair = (a: number | null, b: number | null) => (a === b ? words.amount(a) : `${words.amount(a)}\n(${words.amount(b)})`);
  w.table(
    [
      { title: t('col.table'), width: 60 },
      { title: t('figure.drop'), width: 60, align: 'right' },
      { title: t('figure.win'), width: 60, align: 'right' },
      { title: t('figure.cagnotte'), width: 55, align: 'right' },
      { title: t('figure.tips'), width: 55, align: 'right' },
      { title: t('figure.commission'), width: 55, align: 'right' },
      { title: t('col.jackpotIn'), width: 55, align: 'right' },
      { title: t('col.jackpotPaid'), width: 55, align: 'right' },
    ],
    r.sessions.map((s) => [
      s.tableId,
      pair(s.drop, s.corrected.drop),
      pair(s.win, s.corrected.win),
      pair(s.cagnotte, s.corrected.cagnotte),
      pair(s.tips, s.corrected.tips),
      pair(s.commission, s.corrected.commission),
      pair(s.jackpotContributions, s.corrected.jackpotContributions),
      pair(s.jackpotWins, s.corrected.jackpotWins),
    ]),
  );

  w.heading(t('inspector.totals'));
  const totals = r.totals;
  const ct = r.correctedTotals;
  w.table(
    [
      { title: t('col.figure'), width: 120 },
      { title: t('col.recordedIn', { currency: c }), width: 100, align: 'right' },
      { title: t('col.correctedIn', { currency: c }), width: 100, align: 'right' },
    ],
    (['drop', 'win', 'cagnotte', 'tips', 'commission', 'jackpotContributions', 'jackpotWins'] as const).map((k) => [
      k === 'win' && totals.openSessions ? t('inspector.winOpen', { open: totals.openSessions }) : t(`figure.${k}`),
      words.amount(totals[k]),
      words.amount(ct[k]),
    ]),
  );
  w.line(t('inspector.rounds', { ...r.rounds }));

  w.heading(t('inspector.countRoom'));
  w.table(
    [
      { title: t('col.box'), width: 70 },
      { title: t('col.recorded'), width: 80, align: 'right' },
      { title: t('col.counted'), width: 80, align: 'right' },
      { title: t('col.variance'), width: 80, align: 'right' },
      { title: t('col.varianceCorrected'), width: 90, align: 'right' },
      { title: t('col.notCounted'), width: 60, align: 'right' },
    ],
    (['drop', 'tips', 'cagnotte'] as const).map((b) => [
      t(`figure.${b}`),
      words.amount(r.counts[b].recorded),
      words.amount(r.counts[b].counted),
      words.amount(r.counts[b].variance),
      words.amount(r.counts[b].corrected.variance),
      String(r.counts[b].uncounted),
    ]),
  );

  w.heading(t('inspector.discrepancies', { count: r.discrepancies.length }));
  if (!r.discrepanciesByCode.length) w.line(t('inspector.noDiscrepancy'));
  for (const d of r.discrepanciesByCode) w.line(t('inspector.byCode', { code: d.code, count: d.count, rounds: d.roundIds.join(', ') }), { bold: true });
  if (r.discrepancies.length) {
    w.doc.moveDown(0.3);
    w.table(
      [
        { title: t('col.roundTable'), width: 70 },
        { title: t('col.code'), width: 75 },
        { title: t('col.bet'), width: 35 },
        { title: t('col.expected'), width: 50, align: 'right' },
        { title: t('col.recorded'), width: 50, align: 'right' },
        { title: t('col.ruleCitation'), width: 110 },
        { title: t('col.explanation'), width: 125 },
      ],
      r.discrepancies.map((d) => {
        const f = words.finding(d);
        return [
          `${d.roundId}\n${d.tableId ?? ''}`,
          d.code,
          d.betId ?? '',
          fmtValue(words, d.expected),
          fmtValue(words, d.recorded),
          `${d.rule}\n${f.legalCitation}`,
          beside(f),
        ];
      }),
      { size: 7 },
    );
  }

  findingsTable(
    words,
    w,
    t('inspector.sessionFindings', { count: r.sessionFindings.length }),
    t('inspector.noSessionFinding'),
    t('col.sessionTable'),
    r.sessionFindings.map((f) => ({ ...f, where: `${f.sessionId}\n${f.tableId}` })),
  );

  const dayFindings = r.dayFindings ?? [];
  findingsTable(
    words,
    w,
    t('inspector.dayFindings', { count: dayFindings.length }),
    t('inspector.noDayFinding'),
    t('col.tableSession'),
    dayFindings.map((f) => ({ ...f, where: `${f.tableId ?? t('inspector.theDay')}\n${f.sessionId ?? ''}` })),
  );

  w.heading(t('inspector.checklist'));
  w.table(
    [
      { title: t('col.jurisdiction'), width: 65 },
      { title: t('col.rule'), width: 95 },
      { title: t('col.verdict'), width: 60 },
      { title: t('col.citation'), width: 120 },
      { title: t('col.note'), width: 175 },
    ],
    (r.checklist ?? []).map((x) => [
      x.jurisdiction,
      checklistTitle(x, words.lang),
      `${t(`checklist.${x.status}`)}${x.findings ? ` (${x.findings})` : ''}`,
      x.citation ? legalCitationText(x.citation, words.lang) : '—',
      checklistNote(x, words.lang) ?? '',
    ]),
    { size: 7 },
  );

  w.heading(t('inspector.jackpots', { contributions: words.money(r.jackpots.contributions, c), paid: words.money(r.jackpots.won, c) }));
  if (!r.jackpots.wins.length) w.line(t('inspector.noJackpot'));
  else
    w.table(
      [
        { title: t('col.pool'), width: 60 },
        { title: t('col.roundTable'), width: 80 },
        { title: t('col.seatHand'), width: 80 },
        { title: t('col.paid'), width: 60, align: 'right' },
        { title: t('col.poolBefore'), width: 60, align: 'right' },
        { title: t('col.poolAfter'), width: 60, align: 'right' },
      ],
      r.jackpots.wins.map((x) => [
        x.poolId,
        `${x.roundId ?? ''}\n${x.tableId ?? ''}`,
        `${x.seat ?? ''} ${x.hand ?? ''}`,
        words.amount(x.amount),
        words.amount(x.before),
        words.amount(x.after),
      ]),
    );

  w.heading(t('inspector.disputes', { count: r.disputes.length }));
  if (!r.disputes.length) w.line(t('none'));
  for (const d of r.disputes) {
    w.line(t('inspector.dispute', { round: d.roundId ?? '?', table: d.tableId ?? '?', status: d.status }), { bold: true });
    w.line(t('inspector.raised', { who: d.raisedBy, at: at(d.raisedAt, d.sessionId), claim: d.claim }));
    if (d.resolution)
      w.line(
        t('inspector.resolved', { who: d.resolution.resolvedBy, at: at(d.resolution.resolvedAt, d.sessionId), resolution: d.resolution.resolution }) +
          (d.resolution.adjustment !== null ? t('inspector.adjustment', { amount: words.money(d.resolution.adjustment, c) }) : ''),
      );
  }

  w.heading(t('inspector.corrections', { count: r.corrections.length }));
  if (!r.corrections.length) w.line(t('none'));
  for (const x of r.corrections) {
    w.line(
      t('inspector.correction', {
        target: x.tableId ?? x.poolId ?? '?',
        field: x.field ?? t('noFigure'),
        amount: x.amount !== null ? words.money(x.amount, c) : '',
        type: x.correctedType ?? t('event'),
        event: x.correctsEventId,
      }),
      { bold: true },
    );
    w.line(`${t('approved', { reason: x.reason, approvers: x.approvedBy.join(t('and')) })}${x.applied ? t('applied') : ` · ${x.note}`}`, {
      color: x.selfApproved ? '#a00' : 'black',
    });
  }

  w.heading(t('inspector.changes', { limits: r.limitChanges.length, voided: r.voidedRounds.length, suspensions: r.suspensions.length }));
  for (const l of r.limitChanges)
    w.line(
      t('inspector.limitChange', { table: l.tableId ?? '?', from: limitsText(words, l.from), to: limitsText(words, l.to), at: at(l.at, l.sessionId) }) +
        (l.announcedRounds ? t('inspector.announced', { rounds: l.announcedRounds }) : ''),
    );
  for (const v of r.voidedRounds)
    w.line(t('inspector.voided', { table: v.tableId ?? '?', round: v.roundId ?? '?', at: at(v.at, v.sessionId), reason: v.reason, who: v.decidedBy }));
  for (const s of r.suspensions)
    w.line(`${t('inspector.suspension', { table: s.tableId ?? '?', kind: s.kind, at: at(s.at, s.sessionId) })}${s.reason ? `: ${s.reason}` : ''}`);
  if (!r.limitChanges.length && !r.voidedRounds.length && !r.suspensions.length) w.line(t('none'));

  if (r.performance) performancePdfSection(w, r.performance, words);
  if (r.advantagePlay) advantagePlayPdfSection(w, r.advantagePlay, words);

  w.heading(t('signatures'));
  w.line(t('inspector.attest'), { size: 8 });
  w.signatures([t('role.inspector'), t('role.director'), t('role.finance')]);
  return w.end();
}

/** A finding's explanation with, where the texts are configured, the cited sentence in its original language. */
function beside(f: FindingInLanguage): string {
  if (!f.originalText) return f.explanation;
  const sentence = f.originalText.length > 400 ? `${f.originalText.slice(0, 400)} …` : f.originalText;
  return `${f.explanation}\n«${sentence}»`;
}

/** A table of findings above the round (a session's, the gaming day's): the same columns for both. */
function findingsTable(
  words: ReportWords,
  w: Writer,
  heading: string,
  none: string,
  whereTitle: string,
  findings: readonly { where: string; code: string; expected: unknown; recorded: unknown; rule: string; citation: string; message: string }[],
): void {
  const { t } = words;
  w.heading(heading);
  if (!findings.length) return w.line(none);
  w.table(
    [
      { title: whereTitle, width: 80 },
      { title: t('col.code'), width: 85 },
      { title: t('col.expected'), width: 60, align: 'right' },
      { title: t('col.recorded'), width: 60, align: 'right' },
      { title: t('col.ruleCitation'), width: 110 },
      { title: t('col.explanation'), width: 120 },
    ],
    findings.map((x) => {
      const f = words.finding(x);
      return [x.where, x.code, fmtValue(words, x.expected), fmtValue(words, x.recorded), `${x.rule}\n${f.legalCitation}`, beside(f)];
    }),
    { size: 7 },
  );
}

function fmtValue(words: ReportWords, v: unknown): string {
  if (typeof v === 'number') return words.amount(v);
  if (typeof v === 'string') return v;
  return JSON.stringify(v ?? '');
}

export function tableBookPdf(book: TableBookReport, options: PdfOptions = {}): Promise<Buffer> {
  const words = wordsOf(options);
  const { t } = words;
  const c = book.currency;
  const w = new Writer(
    t('tableBook.docTitle', { session: book.sessionId }),
    t('tableBook.footer', { casino: book.casinoId, table: book.tableId, session: book.sessionId }),
    words,
  );
  w.title(t('tableBook.title'));
  const staff = book.staff as { inspector?: string; croupiers?: string[] };
  w.pairs([
    [t('label.casino'), book.casinoId],
    [t('label.gamingDay'), words.tr.date(book.gamingDay)],
    [t('label.table'), book.tableId],
    [t('label.session'), book.sessionId],
    [t('label.game'), book.game],
    [t('label.jurisdiction'), book.jurisdiction],
    [t('label.opened'), words.time(book.openedAt, book.casinoId)],
    [t('label.closed'), book.status === 'closed' ? words.time(book.closedAt, book.casinoId) : t('open')],
    [t('label.inspector'), staff?.inspector ?? '—'],
    [t('label.croupiers'), (staff?.croupiers ?? []).join(', ') || '—'],
    [t('label.limits'), limitsText(words, book.limits)],
    [t('label.generated'), words.time(options.generatedAt ?? new Date().toISOString(), book.casinoId)],
    [t('label.times'), clockNote(words, [book.casinoId])],
  ]);
  w.heading(t('tableBook.figures', { currency: c }));
  const k = book.corrected;
  const slips = (s: { slips: string[] }) => t('tableBook.slips', { count: s.slips.length, slips: s.slips.join(', ') });
  w.table(
    [
      { title: t('col.figure'), width: 120 },
      { title: t('col.recorded'), width: 90, align: 'right' },
      { title: t('col.corrected'), width: 90, align: 'right' },
      { title: t('col.detail'), width: 200 },
    ],
    [
      [t('figure.openingFloat'), words.amount(book.openingFloat.total), words.amount(k.openingFloat), chipsText(words, book.openingFloat.chips)],
      [t('figure.fills'), words.amount(book.fills.total), words.amount(k.fills), slips(book.fills)],
      [t('figure.credits'), words.amount(book.credits.total), words.amount(k.credits), slips(book.credits)],
      [t('figure.drop'), words.amount(book.drop), words.amount(k.drop), ''],
      [
        t('figure.closingFloat'),
        words.amount(book.closingFloat?.total ?? null),
        words.amount(k.closingFloat),
        book.closingFloat ? chipsText(words, book.closingFloat.chips) : '',
      ],
      [t('figure.win'), words.amount(book.win), words.amount(k.win), t('tableBook.winFormula')],
      [t('figure.tips'), words.amount(book.tips), words.amount(k.tips), ''],
      [t('figure.cagnotte'), words.amount(book.cagnotte), words.amount(k.cagnotte), ''],
      [t('figure.commission'), words.amount(book.commission), words.amount(k.commission), ''],
      [t('figure.jackpotContributions'), words.amount(book.jackpotContributions), words.amount(k.jackpotContributions), ''],
      [t('figure.jackpotWins'), words.amount(book.jackpotWins), words.amount(k.jackpotWins), ''],
    ],
  );
  w.line(t('tableBook.rounds', { rounds: book.rounds, voided: book.roundsVoided, status: book.status, suspended: book.suspended ? 'yes' : 'no' }));
  w.heading(t('tableBook.verdict', { findings: book.sessionVerdict === 'findings' ? book.sessionFindings.length : 0 }));
  if (!book.sessionFindings.length) w.line(t('tableBook.noFinding'));
  for (const x of book.sessionFindings) {
    const f = words.finding(x);
    w.line(`${x.code} · ${f.explanation}`);
    w.line(f.legalCitation, { size: 8 });
    if (f.originalText) w.line(`«${f.originalText.length > 400 ? `${f.originalText.slice(0, 400)} …` : f.originalText}»`, { size: 8, color: '#333' });
  }
  for (const n of book.sessionNotes) w.line(t('tableBook.notJudged', { note: n }), { size: 8 });
  w.heading(t('inspector.corrections', { count: book.corrections.length }));
  if (!book.corrections.length) w.line(t('none'));
  for (const x of book.corrections)
    w.line(
      `${x.field ?? t('noFigure')} ${x.amount !== null ? words.money(x.amount, c) : ''} · ${t('tableBook.corrects', { type: x.correctedType ?? t('event'), event: x.correctsEventId })} · ${t('approved', { reason: x.reason, approvers: x.approvedBy.join(t('and')) })}${x.applied ? '' : ` · ${x.note}`}`,
    );
  w.heading(t('signatures'));
  w.signatures([t('role.tableInspector'), t('role.cashier'), t('role.finance')]);
  return w.end();
}

const chipsText = (words: ReportWords, inventory: Record<string, number>) =>
  Object.entries(inventory)
    .sort((a, b) => Number(b[0]) - Number(a[0]))
    .map(([d, n]) => `${n} x ${words.amount(Number(d))}`)
    .join(', ') || '—';
