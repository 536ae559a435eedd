/**
 * PDFs an inspector or a finance officer signs: the inspector's day and a table book, with pdfkit's
 * standard fonts (no files to ship). Same figures as the JSON.
 */
import PDFDocument from 'pdfkit';
import { casinoTime, timeZones } from './local-time';
import { dayClock } from './report-format';
import type { InspectorDayReport, TableBookReport } from '../../projections/src';
import { CHECKLIST_LABEL, money } from './report-format';

type Doc = PDFKit.PDFDocument;

const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
/** The standard fonts speak WinAnsi: say the rest in ASCII. */
export function pdfText(s: unknown): string {
  return String(s ?? '')
    .replace(/−/g, '-')
    .replace(/→/g, '->')
    .replace(/≥/g, '>=')
    .replace(/≤/g, '<=')
    .replace(/[^\u0000-\u00ff]/g, (ch) => (WIN_ANSI_EXTRA.includes(ch) ? ch : '?'));
}

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

class Writer {
  readonly doc: Doc;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;
  readonly left = 40;
  readonly right: number;

  constructor(title: string, private readonly footer: string) {
    this.doc = new PDFDocument({ size: 'A4', margins: { top: 40, bottom: 50, left: 40, right: 40 }, bufferPages: true, info: { Title: pdfText(title), Producer: 'casino-audit' } });
    this.right = this.doc.page.width - 40;
    this.doc.on('data', (c: Buffer) => this.chunks.push(c));
    this.done = new Promise((resolve) => this.doc.on('end', () => resolve(Buffer.concat(this.chunks))));
  }

  get width() {
    return this.right - this.left;
  }

  ensure(height: number) {
    if (this.doc.y + height > this.doc.page.height - 60) this.doc.addPage();
  }

  title(text: string) {
    this.doc.font('Helvetica-Bold').fontSize(16).text(pdfText(text), this.left, this.doc.y, { width: this.width });
    this.doc.moveDown(0.3);
  }

  heading(text: string) {
    this.ensure(40);
    this.doc.moveDown(0.6);
    this.doc.font('Helvetica-Bold').fontSize(11).fillColor('black').text(pdfText(text), this.left, this.doc.y, { width: this.width });
    const y = this.doc.y + 1;
    this.doc.moveTo(this.left, y).lineTo(this.right, y).lineWidth(0.5).strokeColor('#888').stroke();
    this.doc.moveDown(0.3);
  }

  line(text: string, options: { bold?: boolean; size?: number; color?: string } = {}) {
    this.ensure(14);
    this.doc.font(options.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(options.size ?? 9).fillColor(options.color ?? 'black').text(pdfText(text), this.left, this.doc.y, { width: this.width });
    this.doc.fillColor('black');
  }

  /** key: value pairs in two columns */
  pairs(items: Array<[string, string]>) {
    const half = this.width / 2;
    for (let i = 0; i < items.length; i += 2) {
      this.ensure(14);
      const y = this.doc.y;
      let bottom = y;
      items.slice(i, i + 2).forEach(([k, v], j) => {
        this.doc.font('Helvetica-Bold').fontSize(9).text(pdfText(k), this.left + j * half, y, { width: 110 });
        this.doc.font('Helvetica').fontSize(9).text(pdfText(v), this.left + j * half + 110, y, { width: half - 115 });
        bottom = Math.max(bottom, this.doc.y);
      });
      this.doc.y = bottom;
    }
  }

  table(columns: Column[], rows: string[][], options: { size?: number } = {}) {
    const size = options.size ?? 8;
    const total = columns.reduce((t, c) => t + c.width, 0);
    const scale = this.width / total;
    const xs: number[] = [];
    let x = this.left;
    for (const c of columns) {
      xs.push(x);
      x += c.width * scale;
    }
    const row = (cells: string[], bold: boolean) => {
      this.doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);
      const heights = cells.map((cell, i) => this.doc.heightOfString(pdfText(cell), { width: columns[i].width * scale - 4 }));
      const h = Math.max(...heights, size + 2);
      if (this.doc.y + h > this.doc.page.height - 60) {
        this.doc.addPage();
        if (!bold) row(columns.map((c) => c.title), true);
      }
      const y = this.doc.y;
      cells.forEach((cell, i) => this.doc.text(pdfText(cell), xs[i], y, { width: columns[i].width * scale - 4, align: columns[i].align ?? 'left' }));
      this.doc.y = y + h + 2;
      if (bold) this.doc.moveTo(this.left, this.doc.y - 1).lineTo(this.right, this.doc.y - 1).lineWidth(0.3).strokeColor('#aaa').stroke();
    };
    row(columns.map((c) => c.title), true);
    for (const r of rows) row(r, false);
    this.doc.x = this.left;
  }

  signatures(roles: string[]) {
    this.ensure(110);
    this.doc.moveDown(1.5);
    const w = this.width / roles.length;
    const y = this.doc.y + 40;
    roles.forEach((role, i) => {
      const x = this.left + i * w;
      this.doc.moveTo(x + 5, y).lineTo(x + w - 15, y).lineWidth(0.6).strokeColor('black').stroke();
      this.doc.font('Helvetica').fontSize(8).text(pdfText(role), x + 5, y + 4, { width: w - 20 });
      this.doc.text('Name:', x + 5, y + 16, { width: w - 20 });
      this.doc.text('Date and time:', x + 5, y + 28, { width: w - 20 });
    });
    this.doc.y = y + 46;
    this.doc.x = this.left;
  }

  async end(): Promise<Buffer> {
    const range = this.doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      this.doc.switchToPage(i);
      const bottom = this.doc.page.margins.bottom;
      this.doc.page.margins.bottom = 0;
      this.doc.font('Helvetica').fontSize(7).fillColor('#555').text(pdfText(`${this.footer} · page ${i + 1} of ${range.count}`), this.left, this.doc.page.height - 35, { width: this.width, align: 'center' });
      this.doc.page.margins.bottom = bottom;
    }
    this.doc.end();
    return this.done;
  }
}

const limitsText = (l: Record<string, number> | null | undefined) =>
  !l ? '?' : `${money(l.min, '')}-${money(l.max, '')}${Object.keys(l).filter((k) => k !== 'min' && k !== 'max').length ? ` (${Object.entries(l).filter(([k]) => k !== 'min' && k !== 'max').map(([k, v]) => `${k} ${money(v, '')}`).join(', ')})` : ''}`;
/** what a report's times are read in: the zones of its casinos */
const clockNote = (casinos: readonly string[]) => `${[...new Set(casinos.map((c) => timeZones().of(c)))].join(', ') || timeZones().default}, with the offset from UTC`;

export function inspectorPdf(r: InspectorDayReport, options: { generatedAt?: string } = {}): Promise<Buffer> {
  const c = r.currency;
  const where = r.casinoId ? `casino ${r.casinoId}` : `casinos ${r.casinos.join(', ') || '—'}`;
  const at = dayClock(r);
  const w = new Writer(`Inspector's day report ${r.gamingDay}`, `Inspector's day report · ${where} · gaming day ${r.gamingDay}`);
  w.title("Inspector's day report");
  w.pairs([
    ['Casino', r.casinoId ?? (r.casinos.join(', ') || '—')],
    ['Gaming day', r.gamingDay],
    ['Jurisdiction(s)', r.jurisdictions.join(', ') || '—'],
    ['Currency', `${c} (amounts in ${c})`],
    ['Inspectors', r.staff.inspectors.join(', ') || '—'],
    ['Croupiers', r.staff.croupiers.join(', ') || '—'],
    ['Generated', at(options.generatedAt ?? new Date().toISOString())],
    ['Times', clockNote(r.sessions.map((s) => s.casinoId).concat(r.casinoId ?? []))],
    ['Source', 'casino-audit read models (contract §7 inspector)'],
  ]);

  w.heading(`Tables and sessions (${r.sessions.length})`);
  w.table(
    [
      { title: 'Table', width: 60 },
      { title: 'Game / jurisdiction', width: 95 },
      { title: 'Limits (opening)', width: 80 },
      { title: 'Opened / closed', width: 95 },
      { title: 'Staff', width: 95 },
      { title: 'Rounds (void)', width: 45, align: 'right' },
      { title: 'Discr.', width: 35, align: 'right' },
    ],
    r.sessions.map((s) => [
      `${s.tableId}\n${s.sessionId}`,
      `${s.game}\n${s.jurisdiction}`,
      limitsText(s.limits),
      `${at(s.openedAt, s.sessionId)}\n${s.status === 'closed' ? at(s.closedAt, s.sessionId) : 'OPEN'}`,
      `insp. ${s.staff?.inspector ?? '—'}\n${(s.staff?.croupiers ?? []).join(', ')}`,
      `${s.rounds} (${s.roundsVoided})`,
      String(s.discrepancies),
    ]),
  );

  w.heading('Figures per session (uncorrected / corrected)');
  const pair = (a: number | null, b: number | null) => (a === b ? money(a, '') : `${money(a, '')}\n(${money(b, '')})`);
  w.table(
    [
      { title: 'Table', width: 60 },
      { title: 'Drop', width: 60, align: 'right' },
      { title: 'Win', width: 60, align: 'right' },
      { title: 'Cagnotte', width: 55, align: 'right' },
      { title: 'Tips', width: 55, align: 'right' },
      { title: 'Commission', width: 55, align: 'right' },
      { title: 'Jackpot in', width: 55, align: 'right' },
      { title: 'Jackpot paid', width: 55, align: 'right' },
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

  w.heading('Totals');
  const t = r.totals;
  const ct = r.correctedTotals;
  w.table(
    [
      { title: 'Figure', width: 120 },
      { title: `Recorded (${c})`, width: 100, align: 'right' },
      { title: `Corrected (${c})`, width: 100, align: 'right' },
    ],
    (['drop', 'win', 'cagnotte', 'tips', 'commission', 'jackpotContributions', 'jackpotWins'] as const).map((k) => [k === 'win' && t.openSessions ? `win (${t.openSessions} session(s) still open)` : k, money(t[k], ''), money(ct[k], '')]),
  );
  w.line(`Rounds played ${r.rounds.played} · voided ${r.rounds.voided} · judged ${r.rounds.judged}: ${r.rounds.consistent} consistent, ${r.rounds.withDiscrepancies} with discrepancies, ${r.rounds.incomplete} incomplete`);

  w.heading('Count room (recorded / counted / variance)');
  w.table(
    [
      { title: 'Box', width: 70 },
      { title: 'Recorded', width: 80, align: 'right' },
      { title: 'Counted', width: 80, align: 'right' },
      { title: 'Variance', width: 80, align: 'right' },
      { title: 'Variance corrected', width: 90, align: 'right' },
      { title: 'Not counted', width: 60, align: 'right' },
    ],
    (['drop', 'tips', 'cagnotte'] as const).map((b) => [b, money(r.counts[b].recorded, ''), money(r.counts[b].counted, ''), money(r.counts[b].variance, ''), money(r.counts[b].corrected.variance, ''), String(r.counts[b].uncounted)]),
  );

  w.heading(`Discrepancies (${r.discrepancies.length})`);
  if (!r.discrepanciesByCode.length) w.line('None: every judged round is consistent with its rulebook.');
  for (const d of r.discrepanciesByCode) w.line(`${d.code} x ${d.count}: rounds ${d.roundIds.join(', ')}`, { bold: true });
  if (r.discrepancies.length) {
    w.doc.moveDown(0.3);
    w.table(
      [
        { title: 'Round / table', width: 70 },
        { title: 'Code', width: 75 },
        { title: 'Bet', width: 35 },
        { title: 'Expected', width: 50, align: 'right' },
        { title: 'Recorded', width: 50, align: 'right' },
        { title: 'Rule and citation', width: 95 },
        { title: 'Message', width: 140 },
      ],
      r.discrepancies.map((d) => [`${d.roundId}\n${d.tableId ?? ''}`, d.code, d.betId ?? '', fmtValue(d.expected), fmtValue(d.recorded), `${d.rule}\n${d.citation}`, d.message]),
      { size: 7 },
    );
  }

  findingsTable(w, `Findings on the sessions (${r.sessionFindings.length})`, 'None: every session opened, changed limits and started its shoes as its rulebook requires.', 'Session / table', r.sessionFindings.map((f) => ({ ...f, where: `${f.sessionId}\n${f.tableId}` })));

  const dayFindings = r.dayFindings ?? [];
  findingsTable(w, `Findings on the gaming day (${dayFindings.length})`, 'None: the tables in service, the jefes per table and the changes of game kept to the rules.', 'Table / session', dayFindings.map((f) => ({ ...f, where: `${f.tableId ?? 'the day'}\n${f.sessionId ?? ''}` })));

  w.heading('Gaming-day compliance checklist');
  w.table(
    [
      { title: 'Jurisdiction', width: 65 },
      { title: 'Rule', width: 95 },
      { title: 'Verdict', width: 60 },
      { title: 'Citation', width: 120 },
      { title: 'Note', width: 175 },
    ],
    (r.checklist ?? []).map((x) => [x.jurisdiction, x.title, `${CHECKLIST_LABEL[x.status]}${x.findings ? ` (${x.findings})` : ''}`, x.citation ?? '—', x.note ?? '']),
    { size: 7 },
  );

  w.heading(`Jackpots: contributions ${money(r.jackpots.contributions, c)} · paid ${money(r.jackpots.won, c)}`);
  if (!r.jackpots.wins.length) w.line('No jackpot paid.');
  else
    w.table(
      [
        { title: 'Pool', width: 60 },
        { title: 'Round / table', width: 80 },
        { title: 'Seat / hand', width: 80 },
        { title: 'Paid', width: 60, align: 'right' },
        { title: 'Pool before', width: 60, align: 'right' },
        { title: 'Pool after', width: 60, align: 'right' },
      ],
      r.jackpots.wins.map((x) => [x.poolId, `${x.roundId ?? ''}\n${x.tableId ?? ''}`, `${x.seat ?? ''} ${x.hand ?? ''}`, money(x.amount, ''), money(x.before, ''), money(x.after, '')]),
    );

  w.heading(`Disputes (${r.disputes.length})`);
  if (!r.disputes.length) w.line('None.');
  for (const d of r.disputes) {
    w.line(`Round ${d.roundId} (${d.tableId ?? '?'}) — ${d.status.toUpperCase()}`, { bold: true });
    w.line(`Raised by ${d.raisedBy} at ${at(d.raisedAt, d.sessionId)}: ${d.claim}`);
    if (d.resolution) w.line(`Resolved by ${d.resolution.resolvedBy} at ${at(d.resolution.resolvedAt, d.sessionId)}: ${d.resolution.resolution}${d.resolution.adjustment !== null ? ` (adjustment ${money(d.resolution.adjustment, c)})` : ''}`);
  }

  w.heading(`Corrections (${r.corrections.length})`);
  if (!r.corrections.length) w.line('None.');
  for (const x of r.corrections) {
    w.line(`${x.tableId ?? x.poolId ?? '?'}: ${x.field ?? '(no figure)'} ${x.amount !== null ? money(x.amount, c) : ''} — corrects ${x.correctedType ?? 'event'} ${x.correctsEventId}`, { bold: true });
    w.line(`${x.reason} · approved by ${x.approvedBy.join(' and ')}${x.applied ? ' · applied to the corrected figures' : ` · ${x.note}`}`, { color: x.selfApproved ? '#a00' : 'black' });
  }

  w.heading(`Limit changes (${r.limitChanges.length}), voided rounds (${r.voidedRounds.length}), suspensions (${r.suspensions.length})`);
  for (const l of r.limitChanges) w.line(`${l.tableId}: limits ${limitsText(l.from)} -> ${limitsText(l.to)} at ${at(l.at, l.sessionId)}${l.announcedRounds ? `, announced ${l.announcedRounds} round(s) ahead` : ''}`);
  for (const v of r.voidedRounds) w.line(`${v.tableId}: round ${v.roundId} voided at ${at(v.at, v.sessionId)}: ${v.reason} (decided by ${v.decidedBy})`);
  for (const s of r.suspensions) w.line(`${s.tableId}: ${s.kind} at ${at(s.at, s.sessionId)}${s.reason ? `: ${s.reason}` : ''}`);
  if (!r.limitChanges.length && !r.voidedRounds.length && !r.suspensions.length) w.line('None.');

  w.heading('Signatures');
  w.line('I have examined the figures, discrepancies, disputes and corrections above for the gaming day stated.', { size: 8 });
  w.signatures(['Inspector', 'Director of games', 'Finance / count room']);
  return w.end();
}

/** A table of findings above the round (a session's, the gaming day's): the same columns for both. */
function findingsTable(
  w: Writer,
  heading: string,
  none: string,
  whereTitle: string,
  findings: readonly { where: string; code: string; expected: unknown; recorded: unknown; rule: string; citation: string; message: string }[],
): void {
  w.heading(heading);
  if (!findings.length) return w.line(none);
  w.table(
    [
      { title: whereTitle, width: 80 },
      { title: 'Code', width: 85 },
      { title: 'Expected', width: 60, align: 'right' },
      { title: 'Recorded', width: 60, align: 'right' },
      { title: 'Rule and citation', width: 95 },
      { title: 'Message', width: 135 },
    ],
    findings.map((f) => [f.where, f.code, fmtValue(f.expected), fmtValue(f.recorded), `${f.rule}\n${f.citation}`, f.message]),
    { size: 7 },
  );
}

function fmtValue(v: unknown): string {
  if (typeof v === 'number') return money(v, '');
  if (typeof v === 'string') return v;
  return JSON.stringify(v ?? '');
}

export function tableBookPdf(book: TableBookReport, options: { generatedAt?: string } = {}): Promise<Buffer> {
  const c = book.currency;
  const w = new Writer(`Table book ${book.sessionId}`, `Table book · ${book.casinoId} · ${book.tableId} · session ${book.sessionId}`);
  w.title('Table book');
  const staff = book.staff as { inspector?: string; croupiers?: string[] };
  w.pairs([
    ['Casino', book.casinoId],
    ['Gaming day', book.gamingDay],
    ['Table', book.tableId],
    ['Session', book.sessionId],
    ['Game', book.game],
    ['Jurisdiction', book.jurisdiction],
    ['Opened', casinoTime(book.openedAt, book.casinoId)],
    ['Closed', book.status === 'closed' ? casinoTime(book.closedAt, book.casinoId) : 'OPEN'],
    ['Inspector', staff?.inspector ?? '—'],
    ['Croupiers', (staff?.croupiers ?? []).join(', ') || '—'],
    ['Limits', limitsText(book.limits)],
    ['Generated', casinoTime(options.generatedAt ?? new Date().toISOString(), book.casinoId)],
    ['Times', clockNote([book.casinoId])],
  ]);
  w.heading(`Figures (${c})`);
  const k = book.corrected;
  w.table(
    [
      { title: 'Figure', width: 120 },
      { title: 'Recorded', width: 90, align: 'right' },
      { title: 'Corrected', width: 90, align: 'right' },
      { title: 'Detail', width: 200 },
    ],
    [
      ['Opening float', money(book.openingFloat.total, ''), money(k.openingFloat, ''), chipsText(book.openingFloat.chips)],
      ['Fills', money(book.fills.total, ''), money(k.fills, ''), `${book.fills.slips.length} slip(s) ${book.fills.slips.join(', ')}`],
      ['Credits', money(book.credits.total, ''), money(k.credits, ''), `${book.credits.slips.length} slip(s) ${book.credits.slips.join(', ')}`],
      ['Drop', money(book.drop, ''), money(k.drop, ''), ''],
      ['Closing float', money(book.closingFloat?.total ?? null, ''), money(k.closingFloat, ''), book.closingFloat ? chipsText(book.closingFloat.chips) : ''],
      ['Win', money(book.win, ''), money(k.win, ''), 'drop + closing float + credits - opening float - fills'],
      ['Tips', money(book.tips, ''), money(k.tips, ''), ''],
      ['Cagnotte', money(book.cagnotte, ''), money(k.cagnotte, ''), ''],
      ['Commission', money(book.commission, ''), money(k.commission, ''), ''],
      ['Jackpot contributions', money(book.jackpotContributions, ''), money(k.jackpotContributions, ''), ''],
      ['Jackpot wins', money(book.jackpotWins, ''), money(k.jackpotWins, ''), ''],
    ],
  );
  w.line(`Rounds ${book.rounds} (voided ${book.roundsVoided}) · status ${book.status}${book.suspended ? ', suspended' : ''}`);
  w.heading(`Session verdict: ${book.sessionVerdict === 'findings' ? `${book.sessionFindings.length} finding(s)` : 'consistent'}`);
  if (!book.sessionFindings.length) w.line('The table opened, changed its limits and started its shoes as its rulebook requires.');
  for (const f of book.sessionFindings) w.line(`${f.code} · ${f.rule} · ${f.message} (${f.citation})`);
  for (const n of book.sessionNotes) w.line(`Not judged: ${n}`, { size: 8 });
  w.heading(`Corrections (${book.corrections.length})`);
  if (!book.corrections.length) w.line('None.');
  for (const x of book.corrections) w.line(`${x.field ?? '(no figure)'} ${x.amount !== null ? money(x.amount, c) : ''} · corrects ${x.correctedType ?? 'event'} ${x.correctsEventId} · ${x.reason} · approved by ${x.approvedBy.join(' and ')}${x.applied ? '' : ` · ${x.note}`}`);
  w.heading('Signatures');
  w.signatures(['Table inspector', 'Cashier / count room', 'Finance']);
  return w.end();
}

const chipsText = (inventory: Record<string, number>) =>
  Object.entries(inventory)
    .sort((a, b) => Number(b[0]) - Number(a[0]))
    .map(([d, n]) => `${n} x ${money(Number(d), '')}`)
    .join(', ') || '—';
