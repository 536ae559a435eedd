/**
 * The text a PDF written by the reports shows, for tests: every content stream inflated, and the strings
 * of its text operators (PDFKit writes standard-font text as hex strings in TJ arrays) decoded and joined in
 * order, without separators (so search it for words, not for spacing).
 * Enough to check what a reader of the PDF sees; not a general PDF parser.
 */
import { inflateSync } from 'node:zlib';

/** The standard fonts' encoding (WinAnsi): Latin-1, and in 0x80–0x9F € ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ. */
const WIN_ANSI_80 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const WIN_ANSI = { decode: (bytes: Buffer) => [...bytes].map((b) => (b >= 0x80 && b <= 0x9f ? WIN_ANSI_80[b - 0x80] : String.fromCharCode(b))).join('') };

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
      out.push([...tj[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => WIN_ANSI.decode(Buffer.from(h[1], 'hex'))).join(''));
    }
  }
  // a table cell wraps a long word into several text operators: joined without separators, words survive
  return out.join('');
}
