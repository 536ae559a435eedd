/**
 * An amount of euros as a person types it in any of the pages' languages (`1234,50`, `1.234,50`,
 * `1,234.50`, `1234.5`, `12 €`) to exact minor units, or null when it is not one. The decimal separator is
 * the last `,` or `.` followed by one or two digits; a separator followed by three digits groups thousands.
 * Anything else (two decimal marks, a group of two digits, a sign, letters) is refused rather than guessed:
 * a count recorded wrong is worse than a count refused.
 */
export function parseAmount(text: string): number | null {
  const s = text.replace(/[\s\u00a0\u202f€]/g, '');
  const m = /^(\d{1,3}(?:([.,])\d{3})*|\d+)(?:([.,])(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const [, whole, group, decimal, fraction = ''] = m;
  if (group && decimal === group) return null;
  const minor = Number(whole.replace(/[.,]/g, '')) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(minor) ? minor : null;
}
