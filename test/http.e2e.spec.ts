import type { INestApplication } from '@nestjs/common';
import * as http from 'node:http';
import { getKeptAlive } from './support/keep-alive';
import { serveOnLoopback } from './support/served';
import { Runtime, startRuntime } from '../libs/platform/src';
import { CORE_EVENT_TYPES, FIELD_SCHEMAS } from '../libs/ledger/src';
import { adminHeaders } from './support/access';
import { createTestDatabase, TestDatabase } from './support/database';
import { envelope, opened, SAMPLE_SESSION, sampleLines } from './support/sample';

describe('HTTP API', () => {
  let db: TestDatabase;
  let runtime: Runtime;
  let app: INestApplication;
  let base: string;
  let auth: Record<string, string>;

  beforeAll(async () => {
    db = await createTestDatabase();
    runtime = await startRuntime({ databaseUrl: db.url });
    ({ app, base } = await serveOnLoopback(runtime));
    auth = await adminHeaders(runtime);
  });
  afterAll(async () => {
    await app.close();
    await runtime.close();
    await db.drop();
  });

  // the refusals' reasons asserted here are the English ones (Spanish is the default: test/languages.e2e.spec.ts)
  const post = (body: string, type = 'application/json') =>
    fetch(`${base}/api/v1/events`, { method: 'POST', headers: { ...auth, 'content-type': type, 'accept-language': 'en' }, body });
  const get = (path: string) => fetch(`${base}${path}`, { headers: auth });

  it("keeps an idle connection open past Node's 5 s, so that a terminal's next request does not meet the server closing it", async () => {
    // a client like Node's own keep-alive agent reuses its idle socket whenever the server has not closed it yet; at
    // Node's default 5 s a request sent as the server closed it was reset (the load benchmark's ECONNRESETs)
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await getKeptAlive(agent, `${base}/api/v1/health`, auth);
      expect(first).toEqual({ status: 200, keepAlive: 'timeout=65', reused: false });
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(await getKeptAlive(agent, `${base}/api/v1/health`, auth)).toEqual({ status: 200, keepAlive: 'timeout=65', reused: true });
    } finally {
      agent.destroy();
    }
  }, 20_000);

  it('records NDJSON atomically and serves the table book as JSON and CSV', async () => {
    const res = await post(sampleLines().join('\n'), 'application/x-ndjson');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ appended: 37, duplicate: 0, refused: 0 });
    await runtime.projector.catchUp();

    const book = await get(`/api/v1/sessions/${SAMPLE_SESSION}/table-book`);
    expect(book.status).toBe(200);
    expect(await book.json()).toMatchObject({ sessionId: SAMPLE_SESSION, drop: 170000, win: 210000, openingFloat: { total: 370000 } });

    const csv = await get(`/api/v1/sessions/${SAMPLE_SESSION}/table-book?format=csv`);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect(await csv.text()).toMatch(/^drop,170000,/m);
    const pdf = await get(`/api/v1/sessions/${SAMPLE_SESSION}/table-book?format=pdf`);
    expect(pdf.headers.get('content-type')).toMatch(/application\/pdf/);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await get(`/api/v1/sessions/${SAMPLE_SESSION}/table-book?format=xml`)).status).toBe(400);
  });

  it('records a JSON array and reports re-sent events as duplicates', async () => {
    const events = [opened('http-1'), envelope('CashExchanged', { sessionId: 'http-1', amount: 5000 })];
    const first = await post(JSON.stringify(events));
    expect(await first.json()).toMatchObject({ appended: 2, duplicate: 0 });
    const again = await post(JSON.stringify(events));
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ appended: 0, duplicate: 2 });
  });

  it('refuses with 400 and names index, field and reason; nothing of the request is stored', async () => {
    const events = [opened('http-2'), envelope('CashExchanged', { sessionId: 'http-2', amount: '50' })];
    const res = await post(JSON.stringify(events));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ refused: 1, refusals: [{ index: 1, field: 'data.amount', reason: expect.stringMatching(/integer amount/) }] });
    const book = await get('/api/v1/sessions/http-2/table-book');
    expect(book.status).toBe(404);
  });

  it('refuses an impossible fact with 422 and a body that is not JSON with 400', async () => {
    const impossible = await post(JSON.stringify([envelope('CashExchanged', { sessionId: 'nobody', amount: 100 })]));
    expect(impossible.status).toBe(422);
    expect(await impossible.json()).toMatchObject({ refusals: [{ field: 'data.sessionId', reason: expect.stringMatching(/unknown session/) }] });
    const garbage = await post('{"eventId": ');
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toMatchObject({ refusals: [{ field: '(body)', reason: expect.stringMatching(/not valid JSON/) }] });
  });

  it('answers a refused batch with one status wherever it is sent: POST /events and the count-room form alike', async () => {
    // an id reused with other content beside a fact that cannot be: 422 (only conflicts are a 409), from either route
    const stored = envelope('CashExchanged', { sessionId: 'http-3', amount: 700 });
    expect((await post(JSON.stringify([opened('http-3'), stored]))).status).toBe(200);
    const reused = { ...stored, data: { sessionId: 'http-unknown', amount: 900 } };
    const events = await post(JSON.stringify([reused, envelope('CashExchanged', { sessionId: 'http-unknown', amount: 100 })]));
    const eventsBody = (await events.json()) as { refusals: Array<{ kind: string }> };
    expect(new Set(eventsBody.refusals.map((r) => r.kind))).toEqual(new Set(['conflict', 'structure']));
    expect(events.status).toBe(422);
    const counts = await fetch(`${base}/api/v1/sessions/http-unknown/counts`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ drop: 900, tips: 100, countedBy: ['counter-1'], eventIds: { drop: stored.eventId } }),
    });
    const countsBody = (await counts.json()) as { statusCode: number; refusals: Array<{ kind: string }> };
    expect(new Set(countsBody.refusals.map((r) => r.kind))).toEqual(new Set(['conflict', 'structure']));
    expect(counts.status).toBe(422);
    expect(countsBody.statusCode).toBe(422);
  });

  it('refuses every route without a credential, but not the OpenAPI document', async () => {
    const res = await fetch(`${base}/api/v1/health`, { headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/Bearer/);
    expect(await res.json()).toMatchObject({ statusCode: 401, reason: expect.stringMatching(/no credential/) });
    expect((await fetch(`${base}/api/docs-json`)).status).toBe(200);
  });

  it('answers health and publishes the OpenAPI document', async () => {
    const health = (await (await get('/api/v1/health')).json()) as any;
    expect(health).toMatchObject({ status: 'ok', storage: 'postgresql' });
    expect(health.events).toBeGreaterThan(0);
    const docs = await fetch(`${base}/api/docs`);
    expect(docs.status).toBe(200);
    const spec = (await (await fetch(`${base}/api/docs-json`)).json()) as any;
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/v1/events', '/api/v1/sessions/{sessionId}/table-book', '/api/v1/health', '/api/v1/access-log']),
    );
    expect(Object.keys(spec.components.securitySchemes)).toEqual(expect.arrayContaining(['token', 'apiKey']));
    expect(spec.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Api-Key' });
    expect(spec.paths['/api/v1/events'].post['x-roles']).toEqual(['terminal', 'pit', 'finance', 'compliance', 'admin']);
  });

  it("describes every event type with its fields in the OpenAPI request body (generated from the validator's table)", async () => {
    const spec = (await (await fetch(`${base}/api/docs-json`)).json()) as any;
    const body = spec.paths['/api/v1/events'].post.requestBody.content['application/json'].schema;
    const byType = new Map<string, any>(body.items.oneOf.map((event: any) => [event.title, event]));
    for (const [type, typeSpec] of Object.entries(CORE_EVENT_TYPES)) {
      const data = byType.get(type)?.properties.data;
      expect([type, Object.keys(data?.properties ?? {})]).toEqual([type, Object.keys(typeSpec.fields)]);
      expect([type, data.required]).toEqual([
        type,
        Object.entries(typeSpec.fields)
          .filter(([, f]) => !f.optional)
          .map(([n]) => n),
      ]);
    }
    // a game's own fact too (baccarat à deux tableaux's bank deposit), open to the fields the game documents
    expect(byType.get('BankDeposited')?.properties.data).toMatchObject({
      required: expect.arrayContaining(['sessionId', 'seat', 'amount', 'form']),
      additionalProperties: true,
    });
    // with each field's type from its kind, as a core field of that kind (issue 22 §1)
    const deposit = byType.get('BankDeposited').properties.data.properties;
    expect(deposit.amount).toEqual(FIELD_SCHEMAS.positiveMoney);
    expect(deposit.amount).toMatchObject({ type: 'integer', minimum: 1 });
    expect(deposit.seat).toEqual(FIELD_SCHEMAS.seat);
    expect(deposit.form).toMatchObject({ type: 'string', enum: ['cash', 'cheque', 'credit-institution'] });
    // an optional field is not required, and may be null as the validator takes it
    const pot = byType.get('PotAwarded').properties.data;
    expect(pot).toMatchObject({
      required: ['sessionId', 'roundId', 'potIndex', 'seats', 'amount'],
      properties: { potIndex: { type: 'integer', minimum: 0 }, amount: { type: 'integer', minimum: 0 } },
    });
    const revealed = byType.get('CommonCardRevealed').properties.data;
    expect(revealed.required).not.toContain('card');
    expect(revealed.properties.card).toMatchObject({ type: 'string', nullable: true });
    expect(revealed.properties.index).toMatchObject({ type: 'integer', minimum: 1 });
  });
});
