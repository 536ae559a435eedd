/**
 * The HTTP API in the caller's language (issue 16): `Accept-Language` words the refusals' `reason`s and the
 * findings' explanations, Spanish when the caller names none of ours; field names, codes, the English
 * `message` and the line-pointer `citation` stay as they are. Findings carry their citation in legal form
 * and, with `CASINO_AUDIT_REGULATIONS` pointing at the texts (`../shared/regulations/texts`), the cited
 * sentence in the original language.
 */
import * as path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { Runtime, startRuntime } from '../libs/platform/src';
import { serveOnLoopback } from './support/served';
import { adminHeaders, issueCredential } from './support/access';
import { createTestDatabase, TestDatabase } from './support/database';
import { asInputs, envelope, opened, SAMPLE_FILE } from './support/sample';
import { Client } from 'pg';
import { translator } from '../libs/i18n/src';
import { pdfTextLayer } from './support/pdf-text';
import * as fs from 'node:fs';
import * as os from 'node:os';
import { cli } from './support/cli';
import { inspectorText, reconciliationText, tableBookText } from '../libs/reports/src';

const TEXTS = path.resolve(__dirname, '../../shared/regulations/texts');

describe('the API in the caller language', () => {
  let db: TestDatabase;
  let runtime: Runtime;
  let app: INestApplication;
  let base: string;
  let auth: Record<string, string>;
  const before = process.env.CASINO_AUDIT_REGULATIONS;

  beforeAll(async () => {
    db = await createTestDatabase();
    runtime = await startRuntime({ databaseUrl: db.url });
    ({ app, base } = await serveOnLoopback(runtime));
    auth = await adminHeaders(runtime);
    const s = 'lang-1';
    const events = [
      // names with the letters the PDF's standard fonts must print (WinAnsi): ñ ç · á é í ó ú ü, l·l
      opened(s, {
        limits: { min: 100, max: 360000, straight: 2000 },
        staff: { inspector: 'Mª Àngels Bel·lver', croupiers: ['Iñaki Núñez Güell', 'Joan Çabrer', 'Íñigo Úbeda Óscar'] },
      }),
      envelope('RoundStarted', { sessionId: s, roundId: 'lr-1' }),
      envelope('BetPlaced', { sessionId: s, roundId: 'lr-1', betId: 'b1', seat: 1, betType: 'straight', selection: [7], amount: 1000 }),
      envelope('BetsClosed', { sessionId: s, roundId: 'lr-1' }),
      envelope('WheelSpun', { sessionId: s, roundId: 'lr-1', result: 7 }),
      envelope('BetSettled', { sessionId: s, roundId: 'lr-1', betId: 'b1', outcome: 'win', payout: 36000 }),
      envelope('RoundCompleted', { sessionId: s, roundId: 'lr-1' }),
    ];
    expect((await runtime.ingestion.ingest(asInputs(events))).ok).toBe(true);
    // a day of its own in another casino (the reports above stay as they were): a sic bo table without the
    // casino's pay table, whose settlement can only be noted (docs/decisions/open-questions.md#oq-15), and a cantabria wheel of
    // fortune, whose printed pay table favours the player (OQ-05, a warning with every verdict)
    const day = { casinoId: 'casino-2', gamingDay: '2026-11-22', staff: { inspector: 'insp-2', croupiers: ['cr-2'] } };
    const remarked = [
      opened('lang-2', { ...day, game: 'sic-bo', jurisdiction: 'cantabria' }),
      envelope('RoundStarted', { sessionId: 'lang-2', roundId: 'lr-2' }),
      envelope('BetPlaced', { sessionId: 'lang-2', roundId: 'lr-2', betId: 'b2', seat: 1, betType: 'big', amount: 1000 }),
      envelope('BetsClosed', { sessionId: 'lang-2', roundId: 'lr-2' }),
      envelope('DiceThrown', { sessionId: 'lang-2', roundId: 'lr-2', dice: [4, 5, 6] }),
      envelope('BetSettled', { sessionId: 'lang-2', roundId: 'lr-2', betId: 'b2', outcome: 'win', payout: 1000 }),
      envelope('RoundCompleted', { sessionId: 'lang-2', roundId: 'lr-2' }),
      opened('lang-3', { ...day, game: 'wheel-of-fortune', jurisdiction: 'cantabria', tableId: 'T-lang-3' }),
      envelope('RoundStarted', { sessionId: 'lang-3', roundId: 'lr-3' }),
      envelope('RoundCompleted', { sessionId: 'lang-3', roundId: 'lr-3' }),
    ];
    expect((await runtime.ingestion.ingest(asInputs(remarked))).ok).toBe(true);
    await runtime.projector.catchUp();
  });
  afterAll(async () => {
    if (before === undefined) delete process.env.CASINO_AUDIT_REGULATIONS;
    else process.env.CASINO_AUDIT_REGULATIONS = before;
    await app.close();
    await runtime.close();
    await db.drop();
  });

  const get = (url: string, lang?: string) => fetch(`${base}${url}`, { headers: lang ? { ...auth, 'accept-language': lang } : auth });

  it('a replayed finding: explanation in Spanish by default, legal-form citation, the cited sentence; message and citation kept', async () => {
    process.env.CASINO_AUDIT_REGULATIONS = TEXTS;
    const res = await get('/api/v1/rounds/lr-1/replay');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-language')).toBe('es');
    const r = (await res.json()) as any;
    const payout = r.discrepancies.find((d: any) => d.code === 'PAYOUT_MISMATCH');
    expect(payout).toMatchObject({
      expected: 35000,
      recorded: 36000,
      rule: expect.any(String),
      citation: expect.stringMatching(/^euskadi L\d+/),
      message: expect.any(String),
    });
    // the code's headline, what the rules found (the settlement's own sentence, in Spanish: issue 16), the values, the rule
    expect(payout.messagePhrase).toEqual(expect.objectContaining({ key: expect.any(String) }));
    const [headline, rest] = payout.explanation.split(/(?<=reglamento\.) /);
    expect(headline).toBe('El pago de la apuesta no es el que fija el reglamento.');
    expect(rest).toBe(`7 rojo, impar, falta: pleno 7 se paga 35:1 = 350,00\u00a0€. Debía ser 350,00\u00a0€; se registró 360,00\u00a0€. Regla: ${payout.rule}.`);
    expect(payout.legalCitation).toMatch(/^Decreto 181\/2010 \(Euskadi\), Catálogo, 01 Ruleta Francesa.* — L\d+/);
    expect(payout.originalText).toEqual(expect.stringMatching(/\p{L}{3,}/u));
    // the step that settled the bet carries the same finding, worded the same
    const step = r.steps.find((s: any) => s.discrepancies.some((d: any) => d.code === 'PAYOUT_MISMATCH'));
    expect(step.discrepancies.find((d: any) => d.code === 'PAYOUT_MISMATCH')).toMatchObject({
      explanation: payout.explanation,
      legalCitation: payout.legalCitation,
    });
  });

  it('Basque, Catalan, Galician and English on request; without the texts, no originalText', async () => {
    delete process.env.CASINO_AUDIT_REGULATIONS;
    const words: Record<string, RegExp> = {
      eu: /^Apustuaren ordainketa ez da araudiak finkatzen duena\. .+ 350,00\s€ izan behar zuen; 360,00\s€ erregistratu zen\./,
      ca: /^El pagament de l'aposta no és el que fixa el reglament\. .+ Havia de ser 350,00\s€; es va registrar 360,00\s€\./,
      gl: /^O pagamento da aposta non é o que fixa o regulamento\. .+ Debía ser 350,00\s€; rexistrouse 360,00\s€\./,
      en: /^The bet's payout is not the one the regulation sets\. .+ Expected €350\.00; recorded €360\.00\./,
    };
    for (const [lang, words_] of Object.entries(words)) {
      const res = await get('/api/v1/rounds/lr-1/replay', `${lang}-ES,${lang};q=0.9`);
      expect(res.headers.get('content-language')).toBe(lang);
      const payout = ((await res.json()) as any).discrepancies.find((d: any) => d.code === 'PAYOUT_MISMATCH');
      expect(payout.explanation).toMatch(words_);
      expect('originalText' in payout).toBe(false);
      expect(payout.legalCitation).toMatch(/^Decreto 181\/2010 \(Euskadi\)/);
    }
  });

  it('the inspector day and the table book carry the findings in the caller language', async () => {
    const day = (await (await get('/api/v1/reports/inspector?gamingDay=2026-11-21', 'gl')).json()) as any;
    const payout = day.discrepancies.find((d: any) => d.code === 'PAYOUT_MISMATCH');
    expect(payout.explanation).toMatch(/^O pagamento da aposta non é o que fixa o regulamento/);
    expect(payout.legalCitation).toMatch(/^Decreto 181\/2010 \(Euskadi\)/);
    const book = await get('/api/v1/sessions/lang-1/table-book', 'eu');
    expect(book.headers.get('content-language')).toBe('eu');
    expect(((await book.json()) as any).sessionId).toBe('lang-1');
  });

  it("refusals: the reason in the caller's language (Spanish by default), the same fields, no key left in the answer", async () => {
    const day = await get('/api/v1/reconciliation?gamingDay=2026-13-01');
    expect(day.status).toBe(400);
    expect(day.headers.get('content-language')).toBe('es');
    const body = (await day.json()) as any;
    expect(body).toMatchObject({
      statusCode: 400,
      field: 'gamingDay',
      reason: 'debe ser una fecha AAAA-MM-DD (YYYY-MM-DD)',
      refusals: [{ in: 'query', field: 'gamingDay' }],
    });
    expect(JSON.stringify(body)).not.toMatch(/reasonKey|reasonValues/);
    expect(((await (await get('/api/v1/reconciliation?gamingDay=2026-13-01', 'en')).json()) as any).reason).toBe('must be a calendar date YYYY-MM-DD');
    expect(((await (await get('/api/v1/reconciliation?gamingDay=2026-13-01', 'eu')).json()) as any).reason).toBe('UUUU-HH-EE (YYYY-MM-DD) data izan behar du');
    // a required parameter left out: one reason built from another, worded in one language
    expect(((await (await get('/api/v1/reconciliation', 'gl')).json()) as any).reason).toBe('é obrigatorio; debe ser unha data AAAA-MM-DD (YYYY-MM-DD)');
    // an unknown parameter, a round that is not there
    expect(((await (await get('/api/v1/jackpots?zz=1', 'ca')).json()) as any).refusals[0]).toEqual({
      in: 'query',
      field: 'zz',
      reason: expect.stringMatching(/^paràmetre desconegut \(aquesta ruta admet /),
    });
    const missing = await get('/api/v1/rounds/no-such-round/replay', 'gl');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ field: 'roundId', reason: 'non existe a xogada «no-such-round»' });
    // the access log's window, refused by libs/access: its reason keyed too
    const window = '/api/v1/access-log?from=2026-11-23&to=2026-11-22';
    expect(await (await get(window)).json()).toMatchObject({ statusCode: 400, field: 'from', reason: 'no puede ser posterior a to' });
    expect(((await (await get(window, 'en')).json()) as any).reason).toBe('must not be after to');
  });

  it("the door's refusals (401, 403, a body that is not JSON) in the caller's language; the access log keeps the English", async () => {
    const none = await fetch(`${base}/api/v1/sessions`, { headers: { 'accept-language': 'gl' } });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({
      statusCode: 401,
      error: 'Unauthorized',
      reason: 'sen credencial: envíe "Authorization: Bearer <token>" ou "X-Api-Key: <key>"',
    });
    const unknown = await fetch(`${base}/api/v1/sessions`, { headers: { 'x-api-key': `cak_0123456789abcdef_${'A'.repeat(43)}` } });
    expect(unknown.headers.get('content-language')).toBe('es');
    expect(await unknown.json()).toMatchObject({ statusCode: 401, reason: 'clave de API desconocida' });
    const terminal = (await issueCredential(runtime, 'terminal', { subject: 'lang-terminal', casinoId: 'casino-1' })).headers;
    const role = await fetch(`${base}/api/v1/sessions`, { headers: { ...terminal, 'accept-language': 'ca' } });
    expect(role.status).toBe(403);
    const refused = (await role.json()) as any;
    expect(refused.reason).toMatch(/^el rol terminal no pot cridar GET \/api\/v1\/sessions \(poden: /);
    expect(JSON.stringify(refused)).not.toMatch(/reasonKey|reasonValues/);
    const garbage = await fetch(`${base}/api/v1/events`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'accept-language': 'eu' },
      body: '[{',
    });
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toMatchObject({
      refusals: [{ index: 0, field: '(body)', reason: expect.stringMatching(/^ez da JSON baliozkoa \(analizatzaileak dio: /) }],
    });
    // the access log records the English reason
    const log = (await (await get(`/api/v1/access-log?limit=200`, 'es')).json()) as any;
    expect(log.records.map((r: { reason: string | null }) => r.reason ?? '').join('\n')).toMatch(/role terminal may not call GET \/api\/v1\/sessions/);
  });

  it("a refused event: the schema's reason worded in the caller's language, naming the same field", async () => {
    const bad = [envelope('CashExchanged', { sessionId: 'lang-1', amount: 12.5 })];
    const post = (lang?: string) =>
      fetch(`${base}/api/v1/events`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', ...(lang ? { 'accept-language': lang } : {}) },
        body: JSON.stringify(bad),
      });
    const es = await post();
    expect(es.status).toBe(400);
    expect(((await es.json()) as any).refusals).toEqual([
      expect.objectContaining({ index: 0, field: 'data.amount', reason: 'debe ser un número entero de céntimos, no una fracción', kind: 'schema' }),
    ]);
    const ca = ((await (await post('ca')).json()) as any).refusals[0];
    expect(ca).toMatchObject({ field: 'data.amount', reason: 'ha de ser un nombre enter de cèntims, no una fracció' });
    expect(Object.keys(ca).sort()).toEqual(['eventId', 'field', 'index', 'kind', 'reason']);
    expect(((await (await post('en')).json()) as any).refusals[0].reason).toBe('must be a whole number of minor units (cents), not a fraction');
    expect((await runtime.pool.query(`SELECT count(*)::int AS n FROM ca_events WHERE data->>'amount' = '12.5'`)).rows[0].n).toBe(0);
    // a fact that cannot be (an unknown session): 422, its reason worded too
    const unknown = await fetch(`${base}/api/v1/events`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'accept-language': 'eu' },
      body: JSON.stringify([envelope('CashExchanged', { sessionId: 'nobody', amount: 100 })]),
    });
    expect(unknown.status).toBe(422);
    expect(((await unknown.json()) as any).refusals[0]).toMatchObject({
      field: 'data.sessionId',
      reason: '«nobody» saio ezezaguna: ez dago haren TableSessionOpened-ik',
      kind: 'structure',
    });
  });

  // the PDF's text layer joins its text operators without separators, and a wrapped cell drops the space
  // where it wraps: compare without white space
  const squeeze = (text: string) => text.replace(/\s+/g, '');
  const pdfOf = async (url: string, lang: string) => {
    const res = await get(url, lang);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, expect.stringMatching(/application\/pdf/)]);
    return squeeze(pdfTextLayer(Buffer.from(await res.arrayBuffer())));
  };

  it('the inspector PDF in Spanish and in Basque: labels, accents, the finding explained with its legal-form citation and the cited sentence', async () => {
    process.env.CASINO_AUDIT_REGULATIONS = TEXTS;
    const replay = (await (await get('/api/v1/rounds/lr-1/replay', 'es')).json()) as any;
    const payout = replay.discrepancies.find((d: any) => d.code === 'PAYOUT_MISMATCH');
    const es = await pdfOf('/api/v1/reports/inspector?gamingDay=2026-11-21&format=pdf', 'es');
    for (const words of [
      'Informe de la jornada para la inspección',
      'Jurisdicción(es)',
      'Incidencias en las jugadas (1)',
      'Sala de recuento',
      'Mª Àngels Bel·lver',
      'Iñaki Núñez Güell',
      'Joan Çabrer',
      'Íñigo Úbeda Óscar',
      'página 1 de',
    ]) {
      expect(es).toContain(squeeze(words));
    }
    // beside the finding: its explanation (amounts in the Spanish form), its citation in legal form, the sentence it cites
    expect(es).toContain(squeeze(payout.explanation));
    expect(payout.legalCitation).toMatch(/^Decreto 181\/2010 \(Euskadi\), Catálogo, 01 Ruleta Francesa/);
    expect(es).toContain(squeeze(payout.legalCitation));
    expect(es).toContain(squeeze(payout.originalText).slice(0, 60));
    expect(es).toContain(squeeze('Debía ser 350,00 €; se registró 360,00 €'));

    const eu = await pdfOf('/api/v1/reports/inspector?gamingDay=2026-11-21&format=pdf', 'eu');
    for (const words of [
      'Joko-egunaren txostena ikuskapenerako',
      'Jokaldietako gorabeherak (1)',
      'Kontaketa-gela',
      'Apustuaren ordainketa ez da araudiak finkatzen duena',
      'Iñaki Núñez Güell',
      'Mª Àngels Bel·lver',
    ]) {
      expect(eu).toContain(squeeze(words));
    }
    expect(eu).toContain(squeeze('Decreto 181/2010 (Euskadi), Catálogo, 01 Ruleta Francesa'));
    expect(eu).not.toContain(squeeze("Inspector's day report"));
  });

  it('the table book PDF in Spanish and in Catalan: the regulations words, amounts and dates in the locale form', async () => {
    const es = await pdfOf('/api/v1/sessions/lang-1/table-book?format=pdf', 'es');
    for (const words of [
      'Libro de la mesa',
      'Anticipo',
      'Rellenos',
      'Propinas'.toLowerCase(),
      'pozo',
      'Veredicto de la sesión',
      'Iñaki Núñez Güell',
      'Mª Àngels Bel·lver',
      '21/11/2026',
      '1.500,00',
      '3.600,00',
    ]) {
      expect(es).toContain(squeeze(words));
    }
    const ca = await pdfOf('/api/v1/sessions/lang-1/table-book?format=pdf', 'ca');
    for (const words of ['Llibre de la taula', 'Anticipació', 'Reposicions de fitxes', 'propines', 'pou', 'Jugades 1 (nul·les 0)']) {
      expect(ca).toContain(squeeze(words));
    }
  });

  it('CSV headers in the caller language, the figures still minor units; the text reports in the reader language', async () => {
    const book = await (await get('/api/v1/sessions/lang-1/table-book?format=csv', 'es')).text();
    expect(book.split('\n')[0]).toBe('campo,valor,detalle');
    expect(book).toMatch(/^openingFloat\.total,150000,/m);
    const recon = await (await get('/api/v1/reconciliation?gamingDay=2026-11-21&format=csv', 'eu')).text();
    expect(recon.split('\n')[0]).toMatch(/^maila,kasinoa,mahaia,saioa,joko_eguna,jokoa,jurisdikzioa,egoera,eskudirua\.erregistratua,/);
    expect((await (await get('/api/v1/reports/inspector?gamingDay=2026-11-21&format=csv', 'gl')).text()).split('\n')[0]).toBe(
      'seccion,casino,mesa,sesion,xogada,concepto,valor,detalle',
    );

    const json = (await (await get('/api/v1/sessions/lang-1/table-book', 'es')).json()) as any;
    const text = tableBookText(json, 'es');
    expect(text).toMatch(/^Libro de la mesa — sesión lang-1 \(abierta\)/);
    expect(text).toMatch(/Anticipo\s+1\.500,00\s€\s+10 × 100,00, 100 × 5,00/);
    expect(text).toContain('jornada 21/11/2026');
    const day = (await (await get('/api/v1/reports/inspector?gamingDay=2026-11-21', 'eu')).json()) as any;
    const eu = inspectorText(day, 'eu');
    expect(eu).toContain('Ikuskapenerako txostena — joko-eguna 2026/11/21');
    expect(eu).toContain('Jokaldietako gorabeherak (1)');
    expect(eu).toContain('PAYOUT_MISMATCH × 1: lr-1');
    // the day's finding (no card table in service) explained, with its citation in legal form
    expect(eu).toContain('Araudiak eskatzen dituen mahaiak ez zeuden zerbitzuan.');
    expect(eu).toMatch(/Decreto 181\/2010 \(Euskadi\), Funcionamiento de las mesas de juego — L12952–12958/);
    const recJson = (await (await get('/api/v1/reconciliation?gamingDay=2026-11-21', 'ca')).json()) as any;
    expect(reconciliationText(recJson, 'ca')).toMatch(/^Conciliació — jornada 21\/11\/2026 · tots els casinos \(EUR; registrat \/ comptat \/ diferència/);
  });

  it('the command line: --lang, else LANG, else Spanish; refusals, report text and the replay findings in that language', async () => {
    const env = { DATABASE_URL: db.url };
    // LANG names none of ours (C): Spanish
    const book = await cli(['report', 'table-book', '--session', 'lang-1'], { ...env, LANG: 'C.UTF-8' });
    expect(book.code).toBe(0);
    expect(book.stdout).toMatch(/^Libro de la mesa — sesión lang-1 \(abierta\)/);
    // LANG in Basque
    const replay = await cli(['replay', 'lr-1', '--json'], { ...env, LANG: 'eu_ES.UTF-8' });
    const payout = JSON.parse(replay.stdout).discrepancies.find((d: any) => d.code === 'PAYOUT_MISMATCH');
    expect(payout.explanation).toMatch(/^Apustuaren ordainketa ez da araudiak finkatzen duena\./);
    expect(payout.legalCitation).toMatch(/^Decreto 181\/2010 \(Euskadi\)/);
    // --lang over LANG; a refused import worded in Catalan, nothing stored
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-audit-lang-'));
    const file = path.join(dir, 'bad.ndjson');
    fs.writeFileSync(file, `${JSON.stringify(envelope('CashExchanged', { sessionId: 'lang-1', amount: 12.5 }))}\n`);
    const refused = await cli(['import', file, '--lang', 'ca'], { ...env, LANG: 'eu_ES.UTF-8' });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/afegits 0 · duplicats 0 · rebutjats 1/);
    expect(refused.stderr).toContain('línia 1: data.amount: ha de ser un nombre enter de cèntims, no una fracció');
    expect(refused.stderr).toContain('no s’ha desat res d’aquest fitxer');
    const missing = await cli(['report', 'table-book', '--session', 'nobody', '--lang', 'gl'], env);
    expect([missing.code, missing.stderr.trim()]).toEqual([1, 'casino-audit: non existe a sesión de mesa «nobody»']);
    // a language we do not speak is refused, naming the choices
    const unknown = await cli(['report', 'table-book', '--session', 'lang-1', '--lang', 'fr'], env);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(/--lang.*es, eu, ca, gl, en/);
  });

  it("the other commands speak --lang / LANG too (issue 16 §5): verify, projections, credentials, findings, performance, count, the options' checks", async () => {
    const env = { DATABASE_URL: db.url };
    const verify = await cli(['verify', '--lang', 'gl'], env);
    expect(verify.code).toBe(0);
    expect(verify.stdout).toMatch(/^comprobados \d+ feitos en \d+ fluxos: a cadea está intacta; o almacén non se selou nunca/);
    const applied = await cli(['projections', 'run', '--once'], { ...env, LANG: 'eu_ES.UTF-8' });
    expect(applied.stdout).toMatch(/^\d+ egitate aplikatuta/);
    const unknown = await cli(['projections', 'rebuild', 'no-such-model', '--lang', 'ca'], env);
    expect(unknown.stderr).toMatch(/^casino-audit: projeccions desconegudes: no-such-model \(n’hi ha: /);
    const list = await cli(['credentials', 'list', '--lang', 'es'], env);
    expect(list.stdout).toMatch(/casino todos; emitida el \S+ por /);
    const findings = await cli(['report', 'findings', '--code', 'SUPERVISION_VIOLATION', '--lang', 'ca'], env);
    expect(findings.stdout.trim()).toBe('cap incidència');
    const performance = await cli(['report', 'performance', '--gaming-day', '2026-11-21', '--lang', 'es'], env);
    expect(performance.stdout).toMatch(/^Ganancia real frente a teórica — jornada 21\/11\/2026/);
    const count = await cli(['count', '--session', 'lang-1', '--counted-by', 'ana', '--lang', 'eu'], env);
    expect([count.code, count.stderr.trim()]).toEqual([2, 'casino-audit: adierazi gutxienez bat: --drop, --tips, --cagnotte']);
    const day = await cli(['--lang', 'es', 'report', 'inspector', '--gaming-day', '2026-13-01'], env);
    expect(day.code).not.toBe(0);
    expect(day.stderr).toContain('se esperaba una fecha AAAA-MM-DD (YYYY-MM-DD), no «2026-13-01»');
    // English as it always read
    expect((await cli(['verify'], env)).stdout).toMatch(/^verified \d+ events in \d+ streams: the chain is intact; the store was never sealed/);
  });

  it('the replay narrative in the caller language: the framing, each difference explained with its legal-form citation, the verdict', async () => {
    const es = await (await get('/api/v1/rounds/lr-1/replay?format=text', 'es')).text();
    // the rulebook's source in legal form (euskadi's roulette source starts in art. 2, a known crossing)
    expect(es).toMatch(/^Jugada lr-1 — french-roulette según el catálogo de euskadi \(Decreto 181\/2010 \(Euskadi\), .*01 Ruleta Francesa — L253–974\)$/m);
    expect(es).toContain('sesión lang-1 · mesa T-lang-1 · casino casino-1 · jornada 21/11/2026');
    expect(es).toContain('horas del reloj de Europe/Madrid');
    expect(es).toContain('✗ PAYOUT_MISMATCH: El pago de la apuesta no es el que fija el reglamento.');
    expect(es).toMatch(/debido 350,00, registrado 360,00 — regla french-roulette\/straight, Decreto 181\/2010 \(Euskadi\), Catálogo, 01 Ruleta Francesa/);
    expect(es).toMatch(/Veredicto: INCIDENCIAS — \d+ diferencias? con el reglamento/);
    const gl = await (await get('/api/v1/rounds/lr-1/replay?format=text', 'gl')).text();
    expect(gl).toContain('✗ PAYOUT_MISMATCH: O pagamento da aposta non é o que fixa o regulamento.');
    expect(gl).toMatch(/Veredicto: INCIDENCIAS — \d+ diferenzas? co regulamento/);
    // each step's own line worded too (issue 16 §1): the bet, the spin, the payout and what the rules say of it
    expect(es).toMatch(/el asiento 1 apuesta 10,00\s€ a pleno \[7\] \(apuesta b1\)/);
    expect(es).toContain('la ruleta da 7 rojo, impar, falta');
    expect(es).toMatch(
      /apuesta b1: gana, pagado 360,00\s€ — según el reglamento: 7 rojo, impar, falta: pleno 7 se paga 35:1 = 350,00\s€ → gana, 350,00\s€ \(Decreto 181\/2010/,
    );
    expect(gl).toContain('a ruleta dá 7 vermello, impar, falta');
    const eu = (await (await get('/api/v1/rounds/lr-1/replay', 'eu')).json()) as any;
    expect(eu.steps.map((x: { narration: string }) => x.narration)).toContain('erruletaren emaitza: 7: gorria, bakoitia, falta');
    expect(eu.steps.find((x: { type: string }) => x.type === 'WheelSpun')).toMatchObject({
      narrative: 'the wheel gives 7 red, odd, falta',
      narrativeKey: 'wheel.spun',
    });
    const en = await (await get('/api/v1/rounds/lr-1/replay?format=text', 'en')).text();
    expect(en).toContain('the wheel gives 7 red, odd, falta');
    expect(en).toMatch(/^Round lr-1 — french-roulette under the euskadi catalogue/);
    expect(en).toMatch(/expected 350\.00, recorded 360\.00 — rule french-roulette\/straight, Decreto 181\/2010/);
  });

  it("a replay's notes and warnings in the caller language: the API beside the English, ?format=text and the command line", async () => {
    const es = (await (await get('/api/v1/rounds/lr-2/replay', 'es')).json()) as any;
    expect(es.notes).toEqual([expect.stringMatching(/^bet b2: payout 1000 not verifiable: 4-5-6 \(total 15\) on big .* wins, but no pay table is configured/)]);
    expect(es.notesInLanguage).toEqual([
      'apuesta b2: el pago de 10,00\u00a0€ no se puede comprobar: 4-5-6 (total 15) con la apuesta a grande gana, pero no hay tabla de pagos configurada: el pago requiere la autorización del casino (cuestión que los textos dejan abierta)',
    ]);
    expect(es.steps.find((x: { type: string }) => x.type === 'BetSettled').narration).toMatch(
      /— el reglamento no permite comprobar este pago: 4-5-6 \(total 15\) con la apuesta a grande gana/,
    );
    const eu = await (await get('/api/v1/rounds/lr-2/replay?format=text', 'eu')).text();
    expect(eu).toContain(
      'b2 apustua: 10,00\u00a0€ ordainketa ezin da egiaztatu: 4-5-6 (guztira 15): handia apustuak irabazten du, baina ez dago ordainketa-taularik konfiguratuta',
    );
    const ca = await cli(['replay', 'lr-2', '--lang', 'ca'], { DATABASE_URL: db.url });
    expect(ca.code).toBe(0);
    expect(ca.stdout).toContain(
      'aposta b2: el pagament de 10,00\u00a0€ no es pot comprovar: 4-5-6 (total 15) amb l’aposta a gran guanya, però no hi ha taula de pagaments configurada',
    );
    const gl = (await (await get('/api/v1/rounds/lr-3/replay', 'gl')).json()) as any;
    expect(gl.warnings).toEqual([expect.stringMatching(/^64-cell wheel as printed: .* \(index\.md OQ-05\)$/)]);
    expect(gl.warningsInLanguage).toEqual([
      'roda de 64 casas tal como se publicou: a aposta ao 40 devolve 1,28 por unidade apostada (vantaxe para o xogador); calquera corrección debe vir da autorización do casino (cuestión que os textos deixan aberta)',
    ]);
    const glText = await (await get('/api/v1/rounds/lr-3/replay?format=text', 'gl')).text();
    expect(glText).toContain('roda de 64 casas tal como se publicou');
    // English as it always read
    const en = await (await get('/api/v1/rounds/lr-3/replay?format=text', 'en')).text();
    expect(en).toContain('64-cell wheel as printed: the 40 bet returns 1.28 per unit staked (a player edge)');
  });
});

describe('the command line’s help and the chain verifier in the reader’s language', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('ca_lang_cli');
  });
  afterAll(() => db.drop());

  /** commander's own English (help headings, its refusals) */
  const COMMANDERS_ENGLISH = /Usage:|Options:|Commands:|display help|\[options\]|\[command\]|\(default:|choices:|unknown option|Did you mean/;
  const unwrapped = (text: string) => text.replace(/\s+/g, ' ');

  it.each(['es', 'eu', 'ca', 'gl'] as const)(
    '--help in %s: commander’s words and every description are the catalogue’s',
    async (lang) => {
      const tr = translator(lang);
      const top = await cli(['--lang', lang, '--help'], {});
      expect(top.code).toBe(0);
      expect(top.stdout).not.toMatch(COMMANDERS_ENGLISH);
      expect(top.stdout.startsWith(`${tr.t('cli:help.usage')} casino-audit [${tr.t('cli:help.optionsArg')}] [${tr.t('cli:help.commandArg')}]`)).toBe(true);
      for (const key of ['casino-audit.description', 'casino-audit.options.lang', 'verify.description', 'report.description', 'backup.description']) {
        expect(unwrapped(top.stdout)).toContain(tr.t(`cli:about.${key}`));
      }
      const book = await cli(['report', 'table-book', '--help', '--lang', lang], {});
      expect(book.stdout).not.toMatch(COMMANDERS_ENGLISH);
      expect(unwrapped(book.stdout)).toContain(tr.t('cli:about.report table-book.options.session'));
      // a mistyped option: refused in the language, commander's suggestion kept, the help after it worded too
      const typo = await cli(['verify', '--jsn', '--lang', lang], {});
      expect(typo.code).toBe(1);
      expect(typo.stderr).toContain(`${tr.t('cli:help.error')} ${tr.t('cli:help.refused.unknownOption', { flag: '--jsn' })}`);
      expect(typo.stderr).toContain('--json');
      expect(typo.stderr).not.toMatch(COMMANDERS_ENGLISH);
    },
    180_000,
  ); // each run is a process of its own

  it('a tampered store: verify --lang es words the break in Spanish, --json keeps the English reason and adds its key', async () => {
    const env = { DATABASE_URL: db.url };
    expect((await cli(['import', SAMPLE_FILE], env)).code).toBe(0);
    const sealed = await cli(['seal', '--lang', 'eu'], env);
    expect(sealed.stdout).toMatch(/^2\. zigilua: \d+ fluxu/); // the sample's day, closed, was sealed as #1
    // an insider switches the table's guard off and edits a payout (wherever the guard lives in this schema)
    const client = new Client({ connectionString: db.url });
    await client.connect();
    const guarded = (await client.query(`SELECT tgrelid::regclass::text AS t FROM pg_trigger WHERE tgname = 'ca_events_no_update'`)).rows[0].t;
    await client.query(`ALTER TABLE ${guarded} DISABLE TRIGGER ca_events_no_update`);
    const edited = await client.query(
      `UPDATE ca_events SET data = jsonb_set(data::jsonb, '{payout}', '350000') WHERE event_type = 'BetSettled' AND global_position = (SELECT min(global_position) FROM ca_events WHERE event_type = 'BetSettled') RETURNING stream_id, stream_version`,
    );
    await client.query(`ALTER TABLE ${guarded} ENABLE TRIGGER ca_events_no_update`);
    await client.end();
    const { stream_id, stream_version } = edited.rows[0];

    const es = await cli(['verify', '--lang', 'es'], env);
    expect(es.code).toBe(1);
    expect(es.stdout).toContain(`MANIPULADO: 1 flujos rotos; primera posición rota: flujo ${stream_id} versión ${stream_version}`);
    expect(es.stdout).toContain(': el contenido no coincide con su hash: el hecho se modificó después de guardarse');
    expect(es.stdout).not.toMatch(/edited|stored|content/);
    const gl = await cli(['verify', '--lang', 'gl'], env);
    expect(gl.stdout).toContain('o contido non coincide co seu hash: o feito modificouse despois de gardarse');

    const json = await cli(['verify', '--json', '--lang', 'es'], env);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout);
    expect(report.breaks[0]).toMatchObject({
      streamId: stream_id,
      streamVersion: stream_version,
      reason: 'content does not match its hash: the event was edited after it was stored',
      reasonKey: 'chain.edited',
    });
    // a receipt the store does not hold: the verdict worded too, the JSON's reason English
    const forged = `ca-seal:9:${'0'.repeat(64)}`;
    const behind = await cli(['verify', '--receipt', forged, '--lang', 'ca'], env);
    expect(behind.stdout).toMatch(
      /el resguard anomena el segell núm\. 9, però el darrer segell del magatzem és el núm\. 2 \(segellat el \S+\): la base de dades es va restaurar des d’una còpia més antiga/,
    );
    const bad = await cli(['verify', '--receipt', 'nonsense', '--lang', 'es'], env);
    expect([bad.code, bad.stderr.trim()]).toEqual([
      2,
      'casino-audit: --receipt: no es un resguardo de sello: se esperaba ca-seal:<sequence>:<hash> o un hash de 16 a 64 dígitos hexadecimales',
    ]);
  }, 300_000);

  it('the configuration, credential and backup refusals in the reader’s language, English with --lang en', async () => {
    const env = { DATABASE_URL: db.url };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-audit-lang-'));
    const line = (r: { stderr: string }) =>
      r.stderr
        .trim()
        .split('\n')
        .filter((l) => !l.startsWith('{'))
        .join('\n');
    // a variable at fault: the heading and its reason, before any command runs
    const config = { ...env, PORT: '80a', DATABASE_URL: 'mysql://u:secret@h/db' };
    expect(line(await cli(['--lang', 'es', 'verify'], config))).toBe(
      'casino-audit: la configuración no se puede usar:\n  DATABASE_URL debe empezar por postgres:// o postgresql://, no por mysql://\n  PORT debe ser un número entero de 0 a 65535, no "80a"',
    );
    expect(line(await cli(['verify'], { ...config, LANG: 'gl_ES.UTF-8' }))).toContain('PORT debe ser un número enteiro de 0 a 65535, non "80a"');
    expect(line(await cli(['verify'], config))).toContain('PORT must be a whole number from 0 to 65535, not "80a"');
    // credentials: a role that does not exist, a credential that does not, a lifetime that is not one
    expect(line(await cli(['credentials', 'issue', '--role', 'croupier', '--subject', 'x', '--lang', 'ca'], env))).toBe(
      'casino-audit: rol desconegut: croupier (rols: terminal, pit, finance, compliance, inspector, admin)',
    );
    expect(line(await cli(['credentials', 'revoke', 'nobody', '--lang', 'es'], env))).toBe('casino-audit: no existe la credencial "nobody"');
    expect(line(await cli(['credentials', 'revoke', 'nobody'], env))).toBe('casino-audit: no credential "nobody"');
    expect(line(await cli(['credentials', 'issue', '--role', 'pit', '--subject', 'x', '--expires-in', '8 hours', '--lang', 'eu'], env))).toContain(
      '"8 hours" ez da iraupen bat',
    );
    // a file that is no backup, one that is missing, a receipt never given: refused before anything is written
    const notBackup = path.join(dir, 'not-a.backup');
    fs.writeFileSync(notBackup, 'hello\n');
    const es = await cli(['restore', notBackup, '--lang', 'es'], env);
    expect([es.code, line(es)]).toEqual([
      2,
      `casino-audit: ${notBackup}: no es una copia de casino-audit legible (incorrect header check): el fichero está dañado, cortado o no es una copia`,
    ]);
    expect(line(await cli(['restore', path.join(dir, 'missing.backup'), '--lang', 'eu'], env))).toBe(
      `casino-audit: ${path.join(dir, 'missing.backup')}: ez dago fitxategi hori`,
    );
    expect(line(await cli(['restore', notBackup], env))).toContain(
      ': not a readable casino-audit backup (incorrect header check): the file is damaged, cut short, or not a backup',
    );
    const receipt = `ca-seal:7:${'b'.repeat(64)}`;
    expect(line(await cli(['receipts', 'acknowledge', receipt, '--reason', 'x', '--lang', 'gl'], env))).toBe(
      `casino-audit: o resgardo ${receipt} nunca se deu aquí a restore nin a verify (casino-audit receipts list mostra os que si)`,
    );
  }, 300_000);
});
