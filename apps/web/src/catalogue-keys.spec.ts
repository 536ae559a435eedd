/**
 * Every message the pages ask for is in the catalogue: each literal `web:` key in apps/web/src, and each
 * key of a family the pages build from a code (`web:pager.noun.${noun}`), exists in Spanish (and so, by
 * libs/i18n's catalogue test, in every language). A key typed wrong fails here, not on a page in Basque.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { translator } from '../../../libs/i18n/src';

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : /\.tsx?$/.test(e.name) && !e.name.endsWith('.spec.ts') ? [p] : [];
  });
}

describe('the pages’ messages', () => {
  const text = sources(__dirname)
    .map((f) => fs.readFileSync(f, 'utf8'))
    .join('\n');
  const es = translator('es');

  it('asks only for keys the catalogue holds', () => {
    const keys = [...new Set([...text.matchAll(/'(web:[A-Za-z0-9.-]+)'/g)].map((m) => m[1]))];
    expect(keys.length).toBeGreaterThan(150);
    expect(keys.filter((k) => !es.has(k))).toEqual([]);
  });

  it('holds every member of the families the pages build from a code', () => {
    const built = [
      ...['rounds', 'sessions', 'records'].flatMap((n) => [`web:pager.noun.${n}`, `web:pager.none.${n}`]),
      ...['natural', 'blackjack', 'bust', 'soft'].map((f) => `web:hands.${f}`),
      ...['drop', 'tips', 'cagnotte'].flatMap((k) => [`web:figure.${k}`, `web:counts.${k}`]),
      // the statistics page: a finding's level and direction, a test of fit's status, as the API codes them
      ...['session', 'table', 'croupier'].map((l) => `web:statistics.levels.${l}`),
      ...['house-below', 'house-above'].map((d) => `web:statistics.directions.${d}`),
      ...['finding', 'pass', 'too-few'].map((s) => `web:statistics.fitStatus.${s}`),
    ];
    expect(built.filter((k) => !es.has(k))).toEqual([]);
  });
});
