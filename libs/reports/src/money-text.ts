/**
 * An amount in minor units as the English text reports write it (`1,234.50 EUR`, `—` when unknown). Its own
 * file so that the report sections (performance) and the report that includes them share it without
 * importing each other (issue 22 §3, no import circles).
 */
export const money = (minor: number | null | undefined, currency = 'EUR') =>
  minor === null || minor === undefined
    ? '—'
    : `${minor < 0 ? '-' : ''}${(Math.abs(minor) / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}${currency ? ` ${currency}` : ''}`;
