/**
 * The page writer the PDFs share (the inspector's day, a table book, and the sections the performance and
 * advantage-play reports add to the day): pdfkit's standard fonts, headings, tables that break across pages,
 * the footer. Its own file so that a section's module and the documents that include it do not import each
 * other (issue 22 §3, no import circles).
 */
import PDFDocument from 'pdfkit';
import { reportWords, type ReportWords } from './report-language';

type Doc = PDFKit.PDFDocument;

const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
/** The standard fonts speak WinAnsi: say the rest in ASCII. */
export function pdfText(s: unknown): string {
  return (
    String(s ?? '')
      .replace(/−/g, '-')
      // Intl's narrow no-break space (some locales' digit groups and currency) is not WinAnsi: the no-break space is
      .replace(/\u202f/g, '\u00a0')
      .replace(/→/g, '->')
      .replace(/≥/g, '>=')
      .replace(/≤/g, '<=')
      .replace(/[^\u0000-\u00ff]/g, (ch) => (WIN_ANSI_EXTRA.includes(ch) ? ch : '?'))
  );
}

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

export class Writer {
  readonly doc: Doc;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;
  readonly left = 40;
  readonly right: number;

  constructor(
    title: string,
    private readonly footer: string,
    private readonly words: ReportWords = reportWords('en'),
  ) {
    this.doc = new PDFDocument({
      size: 'A4',
      margins: { top: 40, bottom: 50, left: 40, right: 40 },
      bufferPages: true,
      info: { Title: pdfText(title), Producer: 'casino-audit' },
    });
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
    this.doc
      .font(options.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(options.size ?? 9)
      .fillColor(options.color ?? 'black')
      .text(pdfText(text), this.left, this.doc.y, { width: this.width });
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
        this.doc
          .font('Helvetica-Bold')
          .fontSize(9)
          .text(pdfText(k), this.left + j * half, y, { width: 110 });
        this.doc
          .font('Helvetica')
          .fontSize(9)
          .text(pdfText(v), this.left + j * half + 110, y, { width: half - 115 });
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
        if (!bold)
          row(
            columns.map((c) => c.title),
            true,
          );
      }
      const y = this.doc.y;
      cells.forEach((cell, i) => this.doc.text(pdfText(cell), xs[i], y, { width: columns[i].width * scale - 4, align: columns[i].align ?? 'left' }));
      this.doc.y = y + h + 2;
      if (bold)
        this.doc
          .moveTo(this.left, this.doc.y - 1)
          .lineTo(this.right, this.doc.y - 1)
          .lineWidth(0.3)
          .strokeColor('#aaa')
          .stroke();
    };
    row(
      columns.map((c) => c.title),
      true,
    );
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
      this.doc
        .moveTo(x + 5, y)
        .lineTo(x + w - 15, y)
        .lineWidth(0.6)
        .strokeColor('black')
        .stroke();
      this.doc
        .font('Helvetica')
        .fontSize(8)
        .text(pdfText(role), x + 5, y + 4, { width: w - 20 });
      this.doc.text(pdfText(this.words.t('pdf.name')), x + 5, y + 16, { width: w - 20 });
      this.doc.text(pdfText(this.words.t('pdf.dateTime')), x + 5, y + 28, { width: w - 20 });
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
      this.doc
        .font('Helvetica')
        .fontSize(7)
        .fillColor('#555')
        .text(pdfText(this.words.t('pdf.page', { footer: this.footer, page: i + 1, pages: range.count })), this.left, this.doc.page.height - 35, {
          width: this.width,
          align: 'center',
        });
      this.doc.page.margins.bottom = bottom;
    }
    this.doc.end();
    return this.done;
  }
}
