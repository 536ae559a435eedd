/**
 * The text a PDF written by the reports shows, for tests: every content stream inflated, and the strings
 * of its text operators (PDFKit writes standard-font text as hex strings in TJ arrays) decoded and joined in
 * order, without separators (so search it for words, not for spacing).
 * Enough to check what a reader of the PDF sees; not a general PDF parser.
 */
import { inflateSync } from 'node:zlib';

export function pdfTextLayer(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(Buffer.from(raw.slice(start, end), 'latin1')).toString('latin1');
    } catch {
      continue; // an image or a font, not a content stream
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      out.push(
        [...tj[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1], 'hex').toString('latin1')).join(''),
      );
    }
  }
  // a table cell wraps a long word into several text operators: joined without separators, words survive
  return out.join('');
}
