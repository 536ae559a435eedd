/**
 * The catalogue is complete: every language holds every key of every namespace (Spanish is the
 * reference, English must match it too), no message is empty, every message parses as ICU and uses
 * the same placeholders in every language. A missing key fails here, in CI.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { LANGUAGES, negotiateLanguage } from './languages';
import { minorToDecimal } from './formats';
import { NAMESPACES, RESOURCES, type Messages } from './resources';
import { translator } from './translator';

function flatten(m: Messages, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(m)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

function placeholders(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const e of elements) {
    if (e.type === TYPE.argument || e.type === TYPE.number || e.type === TYPE.date || e.type === TYPE.time) into.add(e.value);
    if (e.type === TYPE.plural || e.type === TYPE.select) {
      into.add(e.value);
      for (const option of Object.values(e.options)) placeholders(option.value, into);
    }
    if (e.type === TYPE.tag) placeholders(e.children, into);
  }
  return into;
}

describe('message catalogue', () => {
  for (const ns of NAMESPACES) {
    const reference = flatten(RESOURCES.es[ns]);
    for (const lang of LANGUAGES) {
      it(`${lang}:${ns} holds exactly the Spanish keys, each a non-empty ICU message with the same placeholders`, () => {
        const messages = flatten(RESOURCES[lang][ns]);
        const missing = [...reference.keys()].filter((k) => !messages.has(k));
        const extra = [...messages.keys()].filter((k) => !reference.has(k));
        expect({ missing, extra }).toEqual({ missing: [], extra: [] });
        for (const [key, text] of messages) {
          expect(`${key}: ${text.trim() ? 'ok' : 'empty'}`).toBe(`${key}: ok`);
          const mine = [...placeholders(parse(text, { ignoreTag: true }))].sort();
          const theirs = [...placeholders(parse(reference.get(key)!, { ignoreTag: true }))].sort();
          expect(`${key}: ${mine.join(',')}`).toBe(`${key}: ${theirs.join(',')}`);
        }
      });
    }
  }
});

describe('formats and choice', () => {
  it('formats money exactly in each locale', () => {
    expect(translator('es').money(123450)).toBe('1.234,50\u00a0€');
    expect(translator('eu').money(5)).toBe('0,05\u00a0€');
    expect(translator('en').money(-123450)).toBe('-€1,234.50');
    expect(translator('ca').money(12345678901)).toMatch(/^123\.456\.789,01\s€$/);
    expect(minorToDecimal(-5)).toBe('-0.05');
    expect(minorToDecimal(9007199254740991)).toBe('90071992547409.91');
  });
  it('writes a date and time in the casino time zone, across the daylight-saving change', () => {
    expect(translator('es').dateTime('2026-10-25T00:30:00Z', 'Europe/Madrid')).toBe('25/10/2026, 02:30');
    expect(translator('es').dateTime('2026-10-25T01:30:00Z', 'Europe/Madrid')).toBe('25/10/2026, 02:30');
    expect(translator('es').date('2026-11-24')).toBe('24/11/2026');
  });
  it('negotiates the language from Accept-Language and LANG, Spanish by default', () => {
    expect(negotiateLanguage(undefined)).toBe('es');
    expect(negotiateLanguage('fr-FR, eu;q=0.8, es;q=0.9')).toBe('es');
    expect(negotiateLanguage('eu-ES,eu;q=0.9')).toBe('eu');
    expect(negotiateLanguage('gl_ES.UTF-8')).toBe('gl');
    expect(negotiateLanguage('de')).toBe('es');
  });
  it('translates with ICU plurals and falls back to Spanish, never to the bare key', () => {
    expect(translator('eu').t('common:language')).toBe('Hizkuntza');
  });
});
