/**
 * The canonical text is what every content hash, chain link, seal and receipt commits to: a receipt handed to an
 * inspector last year must check against the store today. `canonicalJson` is written for speed; here it is held to
 * the definition it replaced (the map/filter/stringify form, kept below as the reference) on random values, and to
 * hashes computed by that earlier code for a fixed event.
 */
import fc from 'fast-check';
import { canonicalJson, chainHash, contentHash, sha256 } from './canonical';
import { createHash } from 'node:crypto';

/** The definition: JSON.stringify of each primitive, keys in sort() order, undefined members left out. */
function reference(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(reference).join(',')}]`;
  const entries = Object.keys(value as Record<string, unknown>)
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${reference((value as Record<string, unknown>)[k])}`);
  return `{${entries.join(',')}}`;
}

describe('canonicalJson', () => {
  it('prints what the definition prints, on random values (any strings, numbers, nesting, undefined members, holes)', () => {
    // any code point, and any UTF-16 unit alone (lone surrogates), so controls, quotes, backslashes and astral characters
    const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 12 }), fc.string({ unit: codeUnit, maxLength: 12 }));
    const leaf = fc.oneof(text, fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.constantFrom(-0, 1e21, 1.5e-7));
    const { value } = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('sparse'), tie('object')),
      array: fc.array(tie('value'), { maxLength: 5 }),
      sparse: fc.sparseArray(tie('value'), { maxLength: 5 }),
      object: fc.dictionary(text, tie('value'), { maxKeys: 6 }),
    }));
    fc.assert(
      fc.property(value, (v) => canonicalJson(v) === reference(v)),
      { numRuns: 3000 },
    );
    fc.assert(fc.property(fc.sparseArray(leaf, { maxLength: 6 }), (v) => canonicalJson(v) === reference(v)));
  });

  it('keeps the text of awkward values byte for byte', () => {
    const awkward = {
      'q"': 'back\\slash',
      c: '\u0001\u001f\u007f\u2028',
      d: 'ñ€😀',
      e: '\ud800lone',
      f: -0,
      g: [1e21, 1.5e-7, NaN, Infinity, undefined, null],
      h: undefined,
      n: { z: 1, a: { y: [], x: {} } },
      '': 0,
      é: 1,
      E: 2,
      date: new Date(0),
    };
    expect(canonicalJson(awkward)).toBe(reference(awkward));
    expect(canonicalJson(awkward)).toBe(
      '{"":0,"E":2,"c":"\\u0001\\u001f\u007f\u2028","d":"ñ€😀","date":{},"e":"\\ud800lone","f":0,"g":[1e+21,1.5e-7,null,null,null,null],"n":{"a":{"x":{},"y":[]},"z":1},"q\\"":"back\\\\slash","é":1}',
    );
  });

  it('gives the content and chain hashes the earlier code gave for the same event (receipts made before still check)', () => {
    const event = {
      streamId: 'session-7',
      eventId: '0F8FAD5B-D9CB-469F-A165-70867728950E',
      type: 'BetPlaced',
      data: { roundId: 'r-1', amount: 2500, note: 'línea "dos"\ttab\u2028', chips: [{ value: 500, count: 5 }], nested: { z: null, a: true, e: -0, big: 1e21 } },
      metadata: { recordedBy: 'terminal:t1' },
      occurredAt: '2026-11-30T20:00:00.000Z',
    };
    // computed by the code of 1abbc54 (createHash and the map/filter/stringify canonical form)
    expect(contentHash(event)).toBe('1ade0cc0ac5ed5141f6de3642d2695a901d2126c015adeff04a6d431e4038ba8');
    expect(chainHash('', 'session-7', 1, contentHash(event))).toBe('e9b06bceccca64cd289003a271f8e4a96cab49b9985728f6ccd77aca501c7a72');
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (t) => sha256(t) === createHash('sha256').update(t, 'utf8').digest('hex')));
  });
});
