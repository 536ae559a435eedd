/**
 * The access log records a request whatever bytes its parameters carry (issue 20 §1): NUL and lone
 * surrogates, which PostgreSQL refuses in text and jsonb, are stored escaped and read back exactly.
 */
import { Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../test/support/database';
import { AccessService } from './access-service';
import { ESCAPED_KEY, fromStorableJson, printable, storableText, toStorableJson } from './storable';

const HOSTILE = ['\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '\udc00\ud800', '\\u0000', '🎰', 'é'];

describe('storable: what the access log keeps of hostile bytes', () => {
  it('leaves storable values as they are and escapes the others reversibly', () => {
    expect(toStorableJson({ casino: 'casino-1', n: ['1', '2'] })).toEqual({ casino: 'casino-1', n: ['1', '2'] });
    for (const s of HOSTILE) {
      for (const value of [{ casino: s }, { [s]: 'x' }, { list: ['ok', s] }, { [ESCAPED_KEY]: s }]) {
        const stored = toStorableJson(value);
        expect(fromStorableJson(JSON.parse(JSON.stringify(stored)))).toEqual(value);
      }
    }
    expect(toStorableJson({ casino: '\u0000' })).toEqual({ [ESCAPED_KEY]: '{"casino":"\\u0000"}' });
    // a value that looks escaped is escaped itself, so the stored form is never ambiguous
    expect(Object.keys(toStorableJson({ [ESCAPED_KEY]: '{}' }))).toEqual([ESCAPED_KEY]);
    expect(fromStorableJson(toStorableJson({ [ESCAPED_KEY]: '{}' }))).toEqual({ [ESCAPED_KEY]: '{}' });
  });

  it('writes refused code units of text visibly, and keeps real characters', () => {
    expect(storableText('a\u0000b')).toBe('a\\u0000b');
    expect(storableText('x\ud800y')).toBe('x\\ud800y');
    expect(storableText('🎰é\n')).toBe('🎰é\n');
    expect(printable('a\nb\u0000'.repeat(40), 10)).toBe('a\\u000ab\\u…');
  });

  describe('in PostgreSQL', () => {
    let db: TestDatabase;
    let pool: Pool;
    let access: AccessService;
    beforeAll(async () => {
      db = await createTestDatabase('ca_storable');
      pool = new Pool({ connectionString: db.url, max: 2 });
      access = new AccessService(pool);
      await access.ready();
    });
    afterAll(async () => {
      await pool?.end();
      await db?.drop();
    });

    it('records every hostile value in params, query, format, reason and subject, and reads them back as sent', async () => {
      for (const s of HOSTILE) {
        await access.record({
          principal: { subject: `who${s}`, roles: ['admin'] },
          kind: 'report',
          method: 'GET',
          route: '/api/v1/rounds',
          path: '/api/v1/rounds',
          params: { roundId: s },
          query: { casino: s, [s]: [s, 'x'] },
          format: s,
          outcome: 'denied',
          reason: `bad ${s}`,
        });
      }
      const records = await access.accessLog({ from: new Date(Date.now() - 60_000) });
      expect(records).toHaveLength(HOSTILE.length);
      records.forEach((r, i) => {
        expect(r.params).toEqual({ roundId: HOSTILE[i] });
        expect(r.query).toEqual({ casino: HOSTILE[i], [HOSTILE[i]]: [HOSTILE[i], 'x'] });
        expect(r.format).toBe(storableText(HOSTILE[i]));
        expect(r.reason).toBe(`bad ${storableText(HOSTILE[i])}`);
        expect(r.subject).toBe(`who${storableText(HOSTILE[i])}`);
      });
    });
  });
});
