/**
 * The refusals the guard and the body parser answer (401, 403, 429, 400, 413) worded in the caller's language
 * (issue 16): the English `reason` exactly as it always read, the same reason in es, eu, ca and gl from the
 * `errors` catalogue, the keys taken out of the answer.
 */
import { translator } from '../../../../libs/i18n/src';
import { refusalInLanguage } from '../../../../libs/i18n/src/reasons';
import { bodyRefusal } from '../http-app';
import { refusalBody } from './access.guard';

describe('the access and body refusals in the caller’s language', () => {
  const cases: Array<[Parameters<typeof refusalBody>, string]> = [
    [
      [401, { key: 'auth.noCredential', values: { authorization: 'Authorization: Bearer <token>', apiKey: 'X-Api-Key: <key>' } }],
      'no credential: send "Authorization: Bearer <token>" or "X-Api-Key: <key>"',
    ],
    [
      [401, { key: 'auth.revoked', values: { id: 'abc', at: '2026-11-21T10:00:00.000Z', why: 'lost' } }],
      'credential abc was revoked at 2026-11-21T10:00:00.000Z (lost)',
    ],
    [
      [401, { key: 'auth.revoked', values: { id: 'abc', at: '2026-11-21T10:00:00.000Z', why: 'none' } }],
      'credential abc was revoked at 2026-11-21T10:00:00.000Z',
    ],
    [
      [403, { key: 'auth.roleMayNot', values: { roles: 'pit', route: 'GET /api/v1/access-log', allowed: 'admin, compliance' } }],
      'role pit may not call GET /api/v1/access-log (allowed: admin, compliance)',
    ],
    [
      [403, { key: 'auth.streamOfCasino', values: { casino: 'c1', kind: 'session', stream: 's-9', owner: 'c2' } }],
      'this credential is scoped to casino c1; session s-9 belongs to c2',
    ],
    [
      [429, { key: 'auth.throttled', values: { failures: '10', window: '60', retry: '42' } }],
      'throttled: more than 10 refused credential(s) from this address within 60 s: try again in 42 s',
    ],
  ];

  it('keeps the English reason and message as they always read', () => {
    for (const [args, english] of cases) {
      const body = refusalBody(...args);
      expect(body).toMatchObject({ reason: english, message: english, reasonKey: args[1].key });
      expect(refusalInLanguage(body, 'en')).toEqual({ statusCode: args[0], error: body.error, reason: english, message: english });
    }
    expect(refusalInLanguage(bodyRefusal({ type: 'entity.too.large' }).body, 'en')).toEqual({
      statusCode: 413,
      refused: 1,
      refusals: [{ index: 0, field: '(body)', reason: 'request body larger than 20mb' }],
    });
    expect(refusalInLanguage(bodyRefusal({ status: 400, message: 'Unexpected end of JSON input' }).body, 'en')).toMatchObject({
      refusals: [{ reason: 'not valid JSON: Unexpected end of JSON input' }],
    });
  });

  it('words the reason in es, eu, ca and gl', () => {
    const es = refusalInLanguage(refusalBody(403, { key: 'auth.roleMayNot', values: { roles: 'pit', route: 'GET /x', allowed: 'admin' } }), 'es');
    expect(es.reason).toBe('el rol pit no puede llamar a GET /x (pueden: admin)');
    expect(es).not.toHaveProperty('reasonKey');
    expect(refusalInLanguage(bodyRefusal({ type: 'entity.too.large' }).body, 'eu').refusals).toEqual([
      { index: 0, field: '(body)', reason: 'eskaeraren gorputzak 20mb gainditzen ditu' },
    ]);
    for (const lang of ['es', 'eu', 'ca', 'gl'] as const)
      for (const [args, english] of cases) {
        const worded = refusalInLanguage(refusalBody(...args), lang).reason;
        expect(worded).not.toBe(english);
        expect(translator(lang).has(`errors:${args[1].key}`)).toBe(true);
      }
  });
});
