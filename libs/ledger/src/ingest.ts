/**
 * Ingestion: the one path by which facts enter the store (HTTP and `casino-audit import` alike).
 * A request is atomic: every event is checked first (schema, then structure against the sessions it
 * touches), and only a request with no refusal is appended, in one call to the store. Rule breaches
 * are facts and are accepted (contract §1.1); only what cannot be a fact is refused.
 */
import { isUtf8 } from 'node:buffer';
import {
  contentHash,
  EventIdConflictError,
  eventHeadsAnywhere,
  NewEvent,
  PostgresEventStore,
  SelectableEventStore,
  streamOfRoundAnywhere,
  WrongExpectedVersionError,
} from '../../event-store/src';
import { sealIfGamingDayClosed } from '../../event-store/src/seal';
import { observeAppend } from '../../platform/src/metric-families';
import { recordOpsCheck } from '../../platform/src/ops-checks';
import { gameRules, parseCard, copiesPerDeck } from '../../rules/src';
import { because, keyed, type KeyedReason, type ReasonValue } from '../../i18n/src/reasons';
import { asContractEvent, CORE_EVENT_TYPES, dataOf, Envelope, eventTypeSpec, fieldTableErrors, gameFactFields, validateEnvelope } from './schema';
import {
  cloneSession,
  emptySession,
  evolveSession,
  openingRefusal,
  poolStreamId,
  sessionFromJson,
  SessionState,
  sessionEnv,
  sessionStreamId,
} from './session-state';

export interface IngestInput {
  /** the parsed value, or a parse error for that line */
  readonly value?: unknown;
  readonly parseError?: string;
  /** 1-based line of an NDJSON file or body; absent for a JSON array item */
  readonly line?: number;
}

/** An input's value as the sender wrote it, before validateEnvelope has checked it: any JSON, so each field is tested where it is read. */
export type AsSent = { readonly eventId?: unknown; readonly type?: unknown; readonly data?: unknown } | null | undefined;

/** The event id an input gives, if a string: a refusal names it even when the event is malformed. */
export function sentEventId(input: IngestInput): string | undefined {
  const id = (input.value as AsSent)?.eventId;
  return typeof id === 'string' ? id : undefined;
}

/** A refused event: `reason` in English; a schema refusal also carries its `errors` key and values (issue 16), worded by whoever answers. */
export interface Refusal extends KeyedReason {
  readonly index: number;
  readonly line?: number;
  readonly eventId?: string;
  readonly field: string;
  readonly kind: 'schema' | 'structure' | 'conflict';
}

/** A refused field with its reason: English, and the `errors:ingest` key and values to word it in any language. */
type Problem = { readonly field: string } & KeyedReason;
const problem = (field: string, key: string, values?: Readonly<Record<string, ReasonValue>>): Problem => ({
  field,
  ...keyed(because(`ingest.${key}`, values)),
});

export interface IngestResult {
  readonly ok: boolean;
  readonly appended: number;
  readonly duplicate: number;
  readonly refused: number;
  readonly refusals: Refusal[];
  readonly events: Array<{ eventId: string; status: 'appended' | 'duplicate'; streamId: string; streamVersion: number; position: string }>;
}

/** Parse an NDJSON text into inputs, keeping line numbers (blank lines are skipped). */
export function parseNdjson(text: string): IngestInput[] {
  const inputs: IngestInput[] = [];
  const lines = text.split('\n');
  lines.forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') return;
    try {
      inputs.push({ value: JSON.parse(line), line: i + 1 });
    } catch (error) {
      inputs.push({ parseError: `not valid JSON: ${(error as Error).message}`, line: i + 1 });
    }
  });
  return inputs;
}

/**
 * Parse an NDJSON file's bytes: like `parseNdjson`, but a line that is not valid UTF-8 is refused
 * (naming the line) instead of being silently decoded with replacement characters — the store keeps
 * what was sent, or nothing. `casino-audit import` reads files through this.
 */
export function parseNdjsonBytes(bytes: Uint8Array): IngestInput[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (isUtf8(buffer)) return parseNdjson(buffer.toString('utf8'));
  const inputs: IngestInput[] = [];
  let start = 0;
  let line = 0;
  while (start <= buffer.length) {
    let end = buffer.indexOf(0x0a, start);
    if (end === -1) end = buffer.length;
    line++;
    const raw = buffer.subarray(start, end);
    if (!isUtf8(raw)) inputs.push({ parseError: 'not valid UTF-8: the line holds bytes that are not a UTF-8 character', line });
    else {
      const [parsed] = parseNdjson(raw.toString('utf8'));
      if (parsed) inputs.push({ ...parsed, line });
    }
    start = end + 1;
  }
  return inputs;
}

/** A validated envelope's stream key (`sessionId`, `poolId`, `roundId`): the schema check made it a non-empty string. */
const keyOf = (data: Envelope['data'], field: 'sessionId' | 'poolId' | 'roundId'): string => String(data[field]);

const MAX_BATCH = 50_000;
const MAX_RETRIES = 5;
const CACHE_LIMIT = 2000;

export interface IngestionOptions {
  /**
   * Seal the store (tamper evidence, docs/security.md) when a batch closes the last open session of a
   * gaming day. A failed seal never fails the ingestion that was committed: the next seal covers it.
   */
  readonly sealOnDayClose?: boolean;
}

export class IngestionService {
  /** write-side session states by session id, at the version last seen (a cache: the store's expected versions keep it honest) */
  private readonly sessions = new Map<string, SessionState>();

  /** `store`: the store of record (PostgreSQL, or EventStoreDB: see libs/platform/src/runtime.ts) */
  constructor(
    private readonly store: SelectableEventStore,
    private readonly options: IngestionOptions = {},
  ) {}

  async ingest(inputs: readonly IngestInput[], context: { recordedBy?: string; allowedTables?: readonly string[] } = {}): Promise<IngestResult> {
    const refusals: Refusal[] = [];
    if (inputs.length > MAX_BATCH) {
      return refuse([{ index: 0, ...problem('(batch)', 'batchMax', { max: String(MAX_BATCH) }), kind: 'schema' }]);
    }
    if (inputs.length === 0) {
      return refuse([{ index: 0, ...problem('(batch)', 'batchEmpty'), kind: 'schema' }]);
    }
    // 1. schema, every event
    const envelopes: Envelope[] = [];
    inputs.forEach((input, index) => {
      const at = { index, line: input.line };
      if (input.parseError) {
        refusals.push({ ...at, field: '(line)', reason: input.parseError, kind: 'schema' });
        return;
      }
      const { envelope, errors } = validateEnvelope(input.value);
      const eventId = sentEventId(input);
      for (const e of errors) refusals.push({ ...at, eventId, ...e, kind: 'schema' });
      if (envelope) envelopes[index] = envelope;
    });
    if (refusals.length) return refuse(refusals);

    for (let attempt = 0; ; attempt++) {
      try {
        return await this.tryIngest(inputs, envelopes, context);
      } catch (error) {
        if (error instanceof WrongExpectedVersionError && attempt < MAX_RETRIES && !envelopes.some((e) => e.expectedVersion !== undefined)) {
          // another writer appended to a stream we read: reload and judge again
          this.sessions.clear();
          continue;
        }
        if (error instanceof WrongExpectedVersionError) {
          return refuse([{ index: 0, ...problem('expectedVersion', 'versionRace', { message: error.message }), kind: 'conflict' }]);
        }
        if (error instanceof EventIdConflictError) {
          const index = envelopes.findIndex((e) => e.eventId.toLowerCase() === error.eventId.toLowerCase());
          return refuse([
            { index: Math.max(index, 0), line: inputs[index]?.line, eventId: error.eventId, ...problem('eventId', 'idReused'), kind: 'conflict' },
          ]);
        }
        throw error;
      }
    }
  }

  private async tryIngest(inputs: readonly IngestInput[], envelopes: Envelope[], context: { allowedTables?: readonly string[] }): Promise<IngestResult> {
    const refusals: Refusal[] = [];
    // 2. duplicates: the same id with the same content is a no-op; with other content, a refusal
    const existing = new Map(
      (
        await eventHeadsAnywhere(
          this.store,
          envelopes.map((e) => e.eventId),
        )
      ).map((e) => [e.eventId.toLowerCase(), e]),
    );
    const seenInBatch = new Map<string, { streamId: string; envelope: Envelope }>();
    const fresh: Array<{ index: number; envelope: Envelope; streamId: string }> = [];
    const duplicates: IngestResult['events'] = [];

    // 3. streams and states
    const sessionIds = new Set<string>();
    const poolIds = new Set<string>();
    for (const e of envelopes) {
      if (typeof e.data.sessionId === 'string') sessionIds.add(e.data.sessionId);
      if (typeof e.data.poolId === 'string') poolIds.add(e.data.poolId);
    }
    const roundStreams = await this.roundStreams(envelopes);
    const correctedStreams = await this.correctedStreams(envelopes);
    // the sessions named, and those of the rounds and corrected facts named (a correction names only the fact: without
    // its session loaded, a correction after the close was judged against no session and refused as of an unknown one)
    const sessionsOfStreams = [...roundStreams.values(), ...correctedStreams.values()].filter((s): s is string => !!s?.startsWith('session-'));
    const states = await this.loadSessions([...sessionIds, ...sessionsOfStreams.map((s) => s.slice('session-'.length))]);
    const pools = await this.store.streamVersions([...poolIds].map(poolStreamId));
    const work = new Map<string, SessionState>();
    const stateOf = (sessionId: string) => {
      let s = work.get(sessionId);
      if (!s) {
        s = cloneSession(states.get(sessionId) ?? emptySession(sessionId));
        work.set(sessionId, s);
      }
      return s;
    };
    const poolVersions: Record<string, number> = { ...pools };
    const startVersions: Record<string, number> = {};
    const roundsInBatch = new Map<string, string>();

    envelopes.forEach((e, index) => {
      const at = { index, line: inputs[index].line, eventId: e.eventId };
      const refuseHere = (p: Problem) => refusals.push({ ...at, ...p, kind: 'structure' });
      const spec = eventTypeSpec(e.type)!;
      const id = e.eventId.toLowerCase();
      let streamId: string | null = null;
      const d = e.data;
      switch (spec.stream) {
        case 'session':
          streamId = sessionStreamId(keyOf(d, 'sessionId'));
          break;
        case 'pool':
          streamId = poolStreamId(keyOf(d, 'poolId'));
          break;
        case 'round': {
          const roundId = keyOf(d, 'roundId');
          streamId = roundsInBatch.get(roundId) ?? roundStreams.get(roundId) ?? null;
          if (!streamId) refuseHere(problem('data.roundId', 'unknownRoundId', { round: roundId }));
          break;
        }
        case 'corrected-event':
          streamId = correctedStreams.get(String(d.correctsEventId).toLowerCase()) ?? null;
          if (!streamId) refuseHere(problem('data.correctsEventId', 'noCorrected'));
          break;
      }
      if (!streamId) return;
      // an event's content hash is the store's to compute (its append does): here it is needed only to tell a
      // duplicate from a reused id, which is rare, so it is computed only then
      const stored = existing.get(id);
      if (stored) {
        if (stored.contentHash !== contentHash(newEventOf(e, streamId))) refusals.push({ ...at, ...problem('eventId', 'idReused'), kind: 'conflict' });
        else
          duplicates.push({
            eventId: stored.eventId,
            status: 'duplicate',
            streamId: stored.streamId,
            streamVersion: stored.streamVersion,
            position: stored.globalPosition.toString(),
          });
        return;
      }
      const earlier = seenInBatch.get(id);
      if (earlier !== undefined) {
        if (contentHash(newEventOf(earlier.envelope, earlier.streamId)) !== contentHash(newEventOf(e, streamId)))
          refusals.push({ ...at, ...problem('eventId', 'idEarlier'), kind: 'conflict' });
        return; // the same event twice in one request: stored once
      }
      seenInBatch.set(id, { streamId, envelope: e });

      if (streamId.startsWith('session-')) {
        const sessionId = streamId.slice('session-'.length);
        const s = stateOf(sessionId);
        startVersions[streamId] ??= s.version;
        if (e.expectedVersion !== undefined && e.expectedVersion !== s.version) {
          refusals.push({
            ...at,
            ...problem('expectedVersion', 'version', { session: sessionId, version: String(s.version), expected: String(e.expectedVersion) }),
            kind: 'conflict',
          });
          return;
        }
        const found = this.structuralProblem(e, s, roundsInBatch, poolVersions, context);
        if (found) {
          refuseHere(found);
          return;
        }
        evolveSession(s, e.type, d);
        const started = dataOf(e, 'RoundStarted');
        if (started) roundsInBatch.set(started.roundId, streamId);
      } else if (streamId.startsWith('jackpot-')) {
        startVersions[streamId] ??= poolVersions[streamId] ?? 0;
        if (e.type !== 'JackpotPoolConfigured' && !poolVersions[streamId]) {
          refuseHere(problem('data.poolId', 'unknownPool', { pool: String(d.poolId) }));
          return;
        }
        poolVersions[streamId] = (poolVersions[streamId] ?? 0) + 1;
      }
      fresh.push({ index, envelope: e, streamId });
    });

    if (refusals.length) return refuse(refusals);
    if (!fresh.length) return { ok: true, appended: 0, duplicate: duplicates.length, refused: 0, refusals: [], events: duplicates };

    // 4. append, atomically, at the versions we judged against
    const batch: NewEvent[] = fresh.map(({ envelope, streamId }) => newEventOf(envelope, streamId));
    const started = performance.now();
    const appended = await this.store.append(batch, { expectedVersions: startVersions });
    observeAppend(batch, appended, (performance.now() - started) / 1000);
    for (const [sessionId, state] of work) this.remember(sessionId, state);
    // seals are written into PostgreSQL's store (seal.ts); with EventStoreDB as the record there is none here to seal
    const store = this.store;
    if (this.options.sealOnDayClose && store instanceof PostgresEventStore) {
      const closedDays = new Set(
        fresh.filter((f) => f.envelope.type === 'TableSessionClosed').map((f) => work.get(String(f.envelope.data.sessionId))?.gamingDay),
      );
      // a refused seal does not fail the committed batch (the next seal covers it), but it is written down for /metrics
      for (const day of closedDays) {
        if (!day) continue;
        await sealIfGamingDayClosed(store.pool, day).then(
          (sealed) => sealed && recordOpsCheck(store.pool, 'seal', true, `gaming day ${day}: seal #${sealed.seal.sequence}`),
          (e: Error) => recordOpsCheck(store.pool, 'seal', false, `gaming day ${day}: ${e.message}`),
        );
      }
    }
    const events = [
      ...duplicates,
      ...appended.map((a) => ({
        eventId: a.eventId,
        status: a.status,
        streamId: a.streamId,
        streamVersion: a.streamVersion,
        position: a.globalPosition.toString(),
      })),
    ];
    return {
      ok: true,
      appended: appended.filter((a) => a.status === 'appended').length,
      duplicate: duplicates.length + appended.filter((a) => a.status === 'duplicate').length,
      refused: 0,
      refusals: [],
      events,
    };
  }

  /** What makes this event impossible as a fact, or null. */
  private structuralProblem(
    e: Envelope,
    s: SessionState,
    roundsInBatch: Map<string, string>,
    poolVersions: Record<string, number>,
    context: { allowedTables?: readonly string[] },
  ): Problem | null {
    const d = e.data;
    const c = asContractEvent(e);
    // its facts out of the store without a state kept: nothing can be judged against it, not even a second opening
    if (s.outOfStore) {
      return problem('data.sessionId', 'sessionOutOfStore', {
        session: s.sessionId,
        version: String(s.outOfStore.version),
        months: s.outOfStore.months.join(', ') || '?',
      });
    }
    if (c?.type === 'TableSessionOpened') {
      if (s.opened) return problem('data.sessionId', 'alreadyOpen', { session: s.sessionId, closed: s.closed ? 'yes' : 'no' });
      if (context.allowedTables && !context.allowedTables.includes(c.data.tableId))
        return problem('data.tableId', 'onlyTable', { tables: context.allowedTables.join(', ') });
      return openingRefusal(c.data);
    }
    if (!s.opened) return problem('data.sessionId', 'unknownSession', { session: s.sessionId });
    if (context.allowedTables && !context.allowedTables.includes(s.tableId!))
      return problem('data.sessionId', 'onlyTable', { tables: context.allowedTables.join(', ') });
    // counts arrive from the count room after the close
    const afterClose = ['DropBoxCounted', 'TipsBoxCounted', 'CagnotteBoxCounted', 'RoundDisputed', 'DisputeResolved', 'CorrectionRecorded'];
    if (s.closed && !afterClose.includes(e.type)) return problem('data.sessionId', 'closed', { session: s.sessionId });
    if (d.poolId !== undefined && e.type.startsWith('Jackpot') && !poolVersions[poolStreamId(keyOf(d, 'poolId'))]) {
      return problem('data.poolId', 'unknownPool', { pool: String(d.poolId) });
    }
    const spec = eventTypeSpec(e.type)!;
    // a game's own fact belongs to a table of that game, with that game's fields (the schema check took any declaring game's)
    if (!Object.hasOwn(CORE_EVENT_TYPES, e.type)) {
      const own = s.game ? gameRules(s.game)?.factTypes : undefined;
      if (!own || !Object.hasOwn(own, e.type)) return problem('type', 'notAFact', { type: e.type, game: s.game ?? 'none', session: s.sessionId });
      const fields = gameFactFields(own[e.type]);
      const missing = Object.keys(fields).find((name) => !fields[name].optional && (d[name] === undefined || d[name] === null));
      if (missing) return problem(`data.${missing}`, 'requiredFor', { type: e.type, game: String(s.game) });
      // each field by its kind, with the refusal a core field of that kind gets
      const wrong = fieldTableErrors(fields, d)[0];
      if (wrong) return wrong;
    }
    if (c?.type === 'RoundStarted') {
      const { roundId } = c.data;
      if (s.rounds.has(roundId) || roundsInBatch.has(roundId)) return problem('data.roundId', 'roundStarted', { round: String(roundId) });
      return null;
    }
    if (spec.roundScoped || ((e.type === 'TipDeposited' || e.type === 'CroupierChanged') && d.roundId !== undefined)) {
      if (!s.rounds.has(keyOf(d, 'roundId'))) return problem('data.roundId', 'unknownRound', { round: String(d.roundId), session: s.sessionId });
    }
    return this.equipmentProblem(e, s);
  }

  /** A pocket, card or die that does not exist on this table's equipment. */
  private equipmentProblem(e: Envelope, s: SessionState): Problem | null {
    const env = sessionEnv(s);
    const rules = s.game ? gameRules(s.game) : undefined;
    const dealt = dataOf(e, 'CardDealt');
    if (dealt) {
      const card = parseCard(dealt.card);
      if (!card) return problem('data.card', 'notACard', { card: String(dealt.card) });
      const deck = env && rules?.deck?.(env);
      if (deck && copiesPerDeck(deck, card) === 0) return problem('data.card', 'notInDeck', { card: card.code, deck: deck.name, game: String(s.game) });
    }
    if (env && rules?.refuse) {
      let refusal: { field: string; reason: string } | null;
      try {
        refusal = rules.refuse({ eventId: e.eventId, type: e.type, data: e.data, occurredAt: e.occurredAt }, env);
      } catch (error) {
        // hostile input must never become a 5xx: a fact the rules cannot even read is refused, not stored unchecked
        return problem('data', 'unreadable', { game: String(s.game), error: String((error as Error)?.message ?? error).slice(0, 200) });
      }
      if (refusal) return { field: refusal.field.startsWith('data.') ? refusal.field : `data.${refusal.field}`, reason: refusal.reason };
    }
    return null;
  }

  private async loadSessions(sessionIds: string[]): Promise<Map<string, SessionState>> {
    const out = new Map<string, SessionState>();
    const unique = [...new Set(sessionIds)];
    const versions = await this.store.streamVersions(unique.map(sessionStreamId));
    for (const sessionId of unique) {
      const cached = this.sessions.get(sessionId);
      const version = versions[sessionStreamId(sessionId)];
      if (cached && cached.version === version) {
        out.set(sessionId, cached);
        continue;
      }
      // rebuild from the stream (from the cached version on when the cache is merely behind)
      let state = cached && cached.version < version ? cloneSession(cached) : emptySession(sessionId);
      let events = await this.store.readStream(sessionStreamId(sessionId), state.version + 1);
      if (state.version < version && events[0]?.streamVersion !== state.version + 1) {
        // the facts after the state's version are not all online: they left the store (archive --drop), and the
        // session goes on from the state kept with them (store migration 16), never folded from what is left
        state = await this.archivedSession(sessionId, state, (events[0]?.streamVersion ?? version + 1) - 1);
        events = events.filter((e) => e.streamVersion > state.version);
      }
      for (const event of events) evolveSession(state, event.type, event.data);
      this.remember(sessionId, state);
      out.set(sessionId, state);
    }
    return out;
  }

  /**
   * A session whose facts after `from` left the store: its state kept at its archived head, or, when the months it had
   * facts in kept none (dropped before store migration 16), a state that says so (`outOfStore`), which every fact of
   * the session is refused against.
   */
  private async archivedSession(sessionId: string, from: SessionState, archivedTo: number): Promise<SessionState> {
    const streamId = sessionStreamId(sessionId);
    const archived = await this.store.archivedStates?.([streamId]);
    const kept = archived?.states.get(streamId);
    if (kept && kept.version >= archivedTo) return sessionFromJson(sessionId, kept.state);
    const lost = emptySession(sessionId);
    lost.outOfStore = { version: archivedTo, months: archived?.uncarried ?? [] };
    return lost;
  }

  private remember(sessionId: string, state: SessionState) {
    this.sessions.delete(sessionId);
    // a closed session takes almost no more facts (late corrections, counts): read again then, not kept
    // with its every round (the load benchmark's heap grew by the closed sessions this cache held)
    if (state.closed) return;
    this.sessions.set(sessionId, state);
    if (this.sessions.size > CACHE_LIMIT) this.sessions.delete(this.sessions.keys().next().value!);
  }

  private async roundStreams(envelopes: Envelope[]): Promise<Map<string, string | null>> {
    const out = new Map<string, string | null>();
    for (const e of envelopes) {
      const roundId = keyOf(e.data, 'roundId');
      if (eventTypeSpec(e.type)?.stream === 'round' && !out.has(roundId)) out.set(roundId, await streamOfRoundAnywhere(this.store, roundId));
    }
    return out;
  }

  private async correctedStreams(envelopes: Envelope[]): Promise<Map<string, string>> {
    const ids = envelopes.flatMap((e) => dataOf(e, 'CorrectionRecorded') ?? []).map((d) => String(d.correctsEventId));
    const found = await eventHeadsAnywhere(this.store, ids);
    return new Map(found.map((e) => [e.eventId.toLowerCase(), e.streamId]));
  }
}

/** The event the store is given for an envelope on its stream: what the append stores and its content hash covers. */
function newEventOf(envelope: Envelope, streamId: string): NewEvent {
  return {
    streamId,
    eventId: envelope.eventId.toLowerCase(),
    type: envelope.type,
    data: envelope.data,
    metadata: metadataOf(envelope),
    occurredAt: envelope.occurredAt,
  };
}

function metadataOf(e: Envelope): Record<string, unknown> {
  return e.recordedBy ? { recordedBy: e.recordedBy } : {};
}

function refuse(refusals: Refusal[]): IngestResult {
  return { ok: false, appended: 0, duplicate: 0, refused: new Set(refusals.map((r) => r.index)).size, refusals, events: [] };
}
