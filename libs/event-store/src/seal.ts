/**
 * Seals: the store's tamper evidence beyond each stream's own chain (docs/security.md).
 *
 * A stream's chain proves that nothing *inside* it was edited, removed or reordered, but not that its
 * end is still there: an intruder who removes a stream's last events and rewrites its head in
 * `ca_streams`, or removes a whole stream, or restores an older backup, leaves chains that verify.
 * A seal closes that gap. It is a `StoreSealed` event in the stream `seal-store` that commits to the
 * head (version and chain hash) of every stream at the time of sealing; seals are chained to each other
 * (`previousSealHash`), so the latest seal commits to every head ever sealed. Its `sealHash`, given out
 * of band as a short receipt (to the regulator, in the day's close report), lets `verify --receipt`
 * prove that the store still holds everything that was sealed — even against an intruder who
 * recomputed every hash in the database.
 *
 * To keep a seal's size bounded by the day's activity rather than by the store's age, `heads` lists the
 * streams whose head changed since the previous seal; `headsDigest` is the hash of the full map of
 * every sealed head (all seals folded), and `streamCount` its size.
 */
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import type { Pool, PoolClient } from 'pg';
import { because, keyed, wordReason, type KeyedReason, type ReasonKey } from '../../i18n/src/reasons';
import { canonicalJson, GENESIS, sha256 } from './canonical';
import { WrongExpectedVersionError } from './errors';
import { EVENT_COLUMNS, PostgresEventStore, toStoredEvent } from './postgres/postgres-event-store';
import type { StoredEvent } from './port';

export const SEAL_STREAM = 'seal-store';
export const SEAL_EVENT_TYPE = 'StoreSealed';
/** an arbitrary constant: the advisory lock that serialises sealers */
const SEAL_LOCK = 7_411_305_002;
const RECEIPT_PREFIX = 'ca-seal';

export interface StreamHead {
  readonly version: number;
  readonly hash: string;
}

/** Why a seal was written: a gaming day closed, an operator asked, or a month's turn closed the month (postgres/month-turn.ts). */
export type SealReason = 'gaming-day-close' | 'on-demand' | 'month-close';

/** The data of a `StoreSealed` event. */
export interface SealData {
  /** 1, 2, 3… : the seal's position in the seal chain */
  readonly sequence: number;
  readonly sealedAt: string;
  readonly gamingDay?: string;
  readonly reason: SealReason;
  /** the streams whose head changed since the previous seal, with their head now */
  readonly heads: Readonly<Record<string, StreamHead>>;
  /** how many streams the seal covers in all (every stream ever sealed) */
  readonly streamCount: number;
  /** sha256 of the canonical JSON of every sealed head { streamId: { version, hash } } */
  readonly headsDigest: string;
  /** the previous seal's `sealHash` ('' for the first) */
  readonly previousSealHash: string;
  /** sha256 of the canonical JSON of every other field above */
  readonly sealHash: string;
}

export interface Seal extends SealData {
  readonly eventId: string;
  readonly streamVersion: number;
  readonly globalPosition: string;
}

/** A seal refused: the message and each problem in English, and keyed (`errors:seal.*`) to be worded in a reader's language. */
export class SealRefusedError extends Error {
  readonly problems: string[];
  constructor(
    readonly because: ReasonKey,
    readonly problemReasons: readonly ReasonKey[] = [],
  ) {
    super(wordReason(because, 'en'));
    this.problems = problemReasons.map((p) => wordReason(p, 'en'));
    this.name = 'SealRefusedError';
  }
}

/** A receipt that cannot be read (`--receipt`): English message, and keyed (`errors:receipt.*`). */
export class ReceiptError extends Error {
  constructor(readonly because: ReasonKey) {
    super(wordReason(because, 'en'));
    this.name = 'ReceiptError';
  }
}

export function computeSealHash(seal: Omit<SealData, 'sealHash'>): string {
  return sha256(
    canonicalJson({
      kind: 'casino-audit/seal/v1',
      sequence: seal.sequence,
      sealedAt: seal.sealedAt,
      gamingDay: seal.gamingDay ?? null,
      reason: seal.reason,
      heads: seal.heads,
      streamCount: seal.streamCount,
      headsDigest: seal.headsDigest,
      previousSealHash: seal.previousSealHash,
    }),
  );
}

export function headsDigest(heads: ReadonlyMap<string, StreamHead>): string {
  const sorted: Record<string, StreamHead> = {};
  for (const id of [...heads.keys()].sort()) sorted[id] = { version: heads.get(id)!.version, hash: heads.get(id)!.hash };
  return sha256(canonicalJson(sorted));
}

// ---------------------------------------------------------------------------------------------------
// Receipts

export interface Receipt {
  /** the seal's sequence, when the receipt names it */
  readonly sequence?: number;
  /** the seal hash, or a prefix of it (at least 16 hex digits) */
  readonly sealHash: string;
}

/** `ca-seal:<sequence>:<sealHash>`: what a casino hands the regulator after each seal. */
export function formatReceipt(seal: Pick<SealData, 'sequence' | 'sealHash'>): string {
  return `${RECEIPT_PREFIX}:${seal.sequence}:${seal.sealHash}`;
}

/** Parse a receipt: `ca-seal:<n>:<hash>`, a bare hash (or a prefix of 16+ hex digits), or the JSON `seal --json` prints. */
export function parseReceipt(text: string): Receipt {
  const t = text.trim();
  if (t.startsWith('{')) {
    let json: any;
    try {
      json = JSON.parse(t);
    } catch {
      throw new ReceiptError(because('receipt.notJson'));
    }
    if (typeof json?.receipt === 'string') return parseReceipt(json.receipt);
    if (typeof json?.sealHash === 'string')
      return parseReceipt(json.sequence !== undefined ? `${RECEIPT_PREFIX}:${json.sequence}:${json.sealHash}` : json.sealHash);
    throw new ReceiptError(because('receipt.noField'));
  }
  const full = /^ca-seal:(\d{1,12}):([0-9a-f]{16,64})$/i.exec(t);
  if (full) return { sequence: Number(full[1]), sealHash: full[2].toLowerCase() };
  if (/^[0-9a-f]{16,64}$/i.test(t)) return { sealHash: t.toLowerCase() };
  throw new ReceiptError(because('receipt.unreadable', { form: `${RECEIPT_PREFIX}:<sequence>:<hash>` }));
}

/** A `--receipt` argument: a receipt, or a file holding one. */
export function readReceiptArgument(arg: string): Receipt {
  if (!/^ca-seal:/i.test(arg.trim()) && !/^[0-9a-f]{16,64}$/i.test(arg.trim()) && fs.existsSync(arg)) {
    return parseReceipt(fs.readFileSync(arg, 'utf8'));
  }
  return parseReceipt(arg);
}

// ---------------------------------------------------------------------------------------------------
// Reading seals

/** Every seal event, in seal-stream order (as stored: `checkSeals` judges them). */
export async function loadSealEvents(db: Pool | PoolClient): Promise<StoredEvent[]> {
  const result = await db.query(`SELECT ${EVENT_COLUMNS} FROM ca_events WHERE stream_id = $1 ORDER BY stream_version`, [SEAL_STREAM]);
  return result.rows.map(toStoredEvent);
}

/**
 * What the months archived out of the store left (store migration 14, `archive MONTH --drop`): every stream's
 * head as the last archived month's closing seal committed to it (the seal stream's own head before that seal
 * among them), and that seal's number. The closing seal itself stays online: the seal chain goes on from it.
 * Null when no month was archived.
 */
export interface ArchivedStart {
  readonly closingSeal: number;
  readonly heads: ReadonlyMap<string, StreamHead>;
}

export async function loadArchivedStart(db: Pool | PoolClient): Promise<ArchivedStart | null> {
  if (!(await db.query(`SELECT to_regclass('ca_archived_months') IS NOT NULL AS t`)).rows[0].t) return null;
  const last = (await db.query('SELECT closing_seal FROM ca_archived_months ORDER BY closing_seal DESC LIMIT 1')).rows[0];
  if (!last) return null;
  const rows = (
    await db.query(
      `SELECT s.stream_id, a.stream_version AS version, encode(a.hash, 'hex') AS hash FROM ca_archived_heads a JOIN ca_stream_ids s ON s.stream_number = a.stream_number`,
    )
  ).rows;
  return { closingSeal: last.closing_seal, heads: new Map(rows.map((r) => [r.stream_id as string, { version: r.version as number, hash: r.hash as string }])) };
}

/**
 * The store's seal chain as it is online: from the first seal, or, once months were archived, from the last
 * archived month's closing seal, held to the heads the archive left (its sequence, its own hash, the digest of
 * every head: what `checkSegment` asks of a month's opening seal), then every seal after it. The closing seal
 * counts among the good seals (a receipt may name it). `archived`: what the archived months left, or null.
 */
export async function checkStoreSeals(db: Pool | PoolClient): Promise<SealCheck & { readonly archived: ArchivedStart | null }> {
  const archived = await loadArchivedStart(db);
  return checkOnlineSeals(await loadSealEvents(db), archived);
}

/** `checkStoreSeals` of seal events already read (in seal-stream order), from what the archived months left. */
export function checkOnlineSeals(events: readonly StoredEvent[], archived: ArchivedStart | null): SealCheck & { readonly archived: ArchivedStart | null } {
  if (!archived) return { ...checkSeals(events), archived };
  const heads = new Map([...archived.heads].filter(([streamId]) => streamId !== SEAL_STREAM));
  const opening = events[0];
  const d = opening?.data as Partial<SealData> | undefined;
  const seal = String(archived.closingSeal);
  const fail = (reason: ReasonKey) => {
    const before = archived.heads.get(SEAL_STREAM);
    const at: StoredEvent =
      opening ??
      ({
        streamId: SEAL_STREAM,
        streamVersion: (before?.version ?? 0) + 1,
        globalPosition: 0n,
        eventId: '',
        type: SEAL_EVENT_TYPE,
        data: {},
        metadata: {},
        recordedAt: '',
        contentHash: '',
        prevHash: before?.hash ?? GENESIS,
        hash: '',
      } as unknown as StoredEvent);
    return { seals: [], problem: { seal: at, ...keyed(reason) }, sealedHeads: new Map(), latestHeads: heads, archived };
  };
  if (!opening || d?.sequence !== archived.closingSeal) return fail(because('archive.openingSealMissing', { seal }));
  const { sealHash, ...rest } = d as SealData;
  if (computeSealHash(rest) !== sealHash) return fail(because('seal.edited', { seal }));
  if (d.streamCount !== heads.size || d.headsDigest !== headsDigest(heads)) return fail(because('archive.openingHeads', { count: heads.size, seal }));
  const after = checkSeals(events.slice(1), { sequence: archived.closingSeal, sealHash, heads });
  return { ...after, seals: [sealOf(opening), ...after.seals], archived };
}

export function sealOf(e: StoredEvent): Seal {
  // the store wrote it (`createSeal` below); `checkSeals` is what checks a stored seal's shape
  const d = e.data as unknown as SealData;
  return { ...d, eventId: e.eventId, streamVersion: e.streamVersion, globalPosition: e.globalPosition.toString() };
}

export interface SealedHead extends StreamHead {
  /** the seal that recorded this head */
  readonly sequence: number;
  readonly sealedAt: string;
  readonly gamingDay?: string;
}

export interface SealProblem extends KeyedReason {
  readonly seal: StoredEvent;
}

export interface SealCheck {
  /** the seals that are well formed and chained, in order (checking stops at the first bad one) */
  readonly seals: Seal[];
  readonly problem: SealProblem | null;
  /** every head recorded by a good seal, per stream, in version order: what the store must still hold */
  readonly sealedHeads: Map<string, SealedHead[]>;
  /** the full map of heads as of the latest good seal */
  readonly latestHeads: Map<string, StreamHead>;
}

/** A stream's head as seals and archives carry it: a version from 1 and a hash. */
export const isHead = (h: any): h is StreamHead => h && Number.isSafeInteger(h.version) && h.version >= 1 && typeof h.hash === 'string';

/**
 * Where a part of the seal chain starts when the seals before it are not at hand (an archived month,
 * docs/scaling.md): the seal just before the part, already checked, and every head it committed to.
 */
export interface SealChainStart {
  readonly sequence: number;
  readonly sealHash: string;
  readonly heads: ReadonlyMap<string, StreamHead>;
}

/**
 * Check the seal chain itself: sequence, link to the previous seal, its own hash, the digest of all heads.
 * From the first seal, or from `start` (the seals that follow a seal already checked).
 */
export function checkSeals(events: readonly StoredEvent[], start?: SealChainStart): SealCheck {
  const seals: Seal[] = [];
  const sealedHeads = new Map<string, SealedHead[]>();
  const latestHeads = new Map<string, StreamHead>(start?.heads ?? []);
  let previous = start?.sealHash ?? GENESIS;
  for (const e of events) {
    const fail = (reason: ReasonKey): SealCheck => ({ seals, problem: { seal: e, ...keyed(reason) }, sealedHeads, latestHeads });
    const d = e.data as Partial<SealData>;
    if (e.type !== SEAL_EVENT_TYPE) return fail(because('seal.foreignEvent', { type: JSON.stringify(e.type), sealType: SEAL_EVENT_TYPE }));
    const sequence = (start?.sequence ?? 0) + seals.length + 1;
    const seal = String(sequence);
    if (d.sequence !== sequence) return fail(because('seal.renumbered', { seal, numbered: String(JSON.stringify(d.sequence)) }));
    if (d.previousSealHash !== previous) return fail(because('seal.unlinked', { seal, previous: String(sequence - 1) }));
    if (!d.heads || typeof d.heads !== 'object' || !Object.values(d.heads).every(isHead))
      return fail(because('seal.malformed', { seal, shape: '{ streamId: { version, hash } }' }));
    const { sealHash, ...rest } = d as SealData;
    if (computeSealHash(rest) !== sealHash) return fail(because('seal.edited', { seal }));
    for (const [streamId, head] of Object.entries(d.heads)) latestHeads.set(streamId, { version: head.version, hash: head.hash });
    if (d.streamCount !== latestHeads.size || d.headsDigest !== headsDigest(latestHeads)) {
      return fail(because('seal.digest', { seal }));
    }
    for (const [streamId, head] of Object.entries(d.heads)) {
      const list = sealedHeads.get(streamId) ?? [];
      list.push({ version: head.version, hash: head.hash, sequence, sealedAt: String(d.sealedAt), gamingDay: d.gamingDay });
      sealedHeads.set(streamId, list);
    }
    seals.push(sealOf(e));
    previous = sealHash;
  }
  for (const list of sealedHeads.values()) list.sort((a, b) => a.version - b.version);
  return { seals, problem: null, sealedHeads, latestHeads };
}

/** Which seal, as a reason names it: "seal #3 (gaming day 2026-11-21, sealed …)" (`errors:seal.named`). */
export const sealNamed = (h: Pick<SealedHead, 'sequence' | 'sealedAt' | 'gamingDay'>): ReasonKey =>
  because('seal.named', { sequence: String(h.sequence), gamingDay: h.gamingDay ?? 'none', sealedAt: h.sealedAt });

export const describeSeal = (h: Pick<SealedHead, 'sequence' | 'sealedAt' | 'gamingDay'>) => wordReason(sealNamed(h), 'en');

// ---------------------------------------------------------------------------------------------------
// Creating seals

export interface SealOptions {
  readonly gamingDay?: string;
  readonly reason?: SealReason;
  /** for tests: the seal's time */
  readonly now?: Date;
  /** when no stream moved since the latest seal (of the same gaming day), write nothing and return that seal */
  readonly onlyIfChanged?: boolean;
}

export interface SealResult {
  readonly seal: Seal;
  /** what to hand out of band: `ca-seal:<sequence>:<sealHash>` */
  readonly receipt: string;
  /** streams whose head changed since the previous seal */
  readonly changedStreams: number;
}

/**
 * Seal the store now: one `StoreSealed` event committing to the head of every stream. Serialised by an
 * advisory lock; refused (SealRefusedError) when a stream is behind what an earlier seal recorded —
 * sealing must never bless a store that lost sealed events: run `verify`.
 */
export async function createSeal(pool: Pool, options: SealOptions = {}): Promise<SealResult> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await sealWith(client, new PostgresEventStore(pool), options);
    await client.query(result.written ? 'COMMIT' : 'ROLLBACK');
    return result.seal;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    if (error instanceof WrongExpectedVersionError) throw new SealRefusedError(because('seal.concurrent'));
    throw error;
  } finally {
    client.release();
  }
}

/**
 * `createSeal` inside the caller's open transaction (the month's turn seals under the lock it holds:
 * postgres/month-turn.ts). The caller commits when `written`, and rolls back on a throw.
 */
export async function sealWith(client: PoolClient, store: PostgresEventStore, options: SealOptions = {}): Promise<{ seal: SealResult; written: boolean }> {
  if (options.gamingDay !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(options.gamingDay)) throw new Error('gamingDay must be YYYY-MM-DD');
  await client.query('SELECT pg_advisory_xact_lock($1)', [SEAL_LOCK]);
  const check = await checkStoreSeals(client);
  if (check.problem) {
    const problem = { key: check.problem.reasonKey!, values: check.problem.reasonValues };
    throw new SealRefusedError(because('seal.chainBroken', { problem }), [problem]);
  }
  const rows = (await client.query('SELECT stream_id, version, head_hash FROM ca_streams WHERE stream_id <> $1 AND version > 0', [SEAL_STREAM])).rows;
  const now = new Map<string, StreamHead>(rows.map((r) => [r.stream_id as string, { version: r.version as number, hash: r.head_hash as string }]));
  const problems: ReasonKey[] = [];
  for (const [streamId, sealed] of check.latestHeads) {
    const head = now.get(streamId);
    const at = { stream: streamId, sealed: String(sealed.version) };
    if (!head) problems.push(because('seal.streamGone', at));
    else if (head.version < sealed.version) problems.push(because('seal.streamBehind', { ...at, head: String(head.version) }));
    else if (head.version === sealed.version && head.hash !== sealed.hash) problems.push(because('seal.headNotSealed', { ...at, head: String(head.version) }));
  }
  if (problems.length) throw new SealRefusedError(because('seal.behind', { count: problems.length, first: problems[0] }), problems);

  const changed: Record<string, StreamHead> = {};
  const all = new Map(check.latestHeads);
  for (const streamId of [...now.keys()].sort()) {
    const head = now.get(streamId)!;
    const sealed = check.latestHeads.get(streamId);
    if (!sealed || sealed.version !== head.version) changed[streamId] = head;
    all.set(streamId, head);
  }
  const previous = check.seals[check.seals.length - 1];
  if (options.onlyIfChanged && previous && previous.gamingDay === options.gamingDay && !Object.keys(changed).length) {
    return { seal: { seal: previous, receipt: formatReceipt(previous), changedStreams: 0 }, written: false };
  }
  const body: Omit<SealData, 'sealHash'> = {
    sequence: (previous?.sequence ?? 0) + 1, // the seals before an archived month's closing seal are in its file
    sealedAt: (options.now ?? new Date()).toISOString(),
    ...(options.gamingDay ? { gamingDay: options.gamingDay } : {}),
    reason: options.reason ?? (options.gamingDay ? 'gaming-day-close' : 'on-demand'),
    heads: changed,
    streamCount: all.size,
    headsDigest: headsDigest(all),
    previousSealHash: previous?.sealHash ?? GENESIS,
  };
  const data: SealData = { ...body, sealHash: computeSealHash(body) };
  const [appended] = await store.appendWith(
    client,
    [
      {
        streamId: SEAL_STREAM,
        eventId: randomUUID(),
        type: SEAL_EVENT_TYPE,
        data: data as unknown as Record<string, unknown>,
        metadata: { recordedBy: 'casino-audit:seal' },
        occurredAt: data.sealedAt,
      },
    ],
    { expectedVersions: { [SEAL_STREAM]: previous?.streamVersion ?? 0 } },
  );
  const seal: Seal = { ...data, eventId: appended.eventId, streamVersion: appended.streamVersion, globalPosition: appended.globalPosition.toString() };
  return { seal: { seal, receipt: formatReceipt(seal), changedStreams: Object.keys(changed).length }, written: true };
}

/** The latest seal, or null when the store was never sealed. */
export async function latestSeal(db: Pool | PoolClient): Promise<Seal | null> {
  const result = await db.query(`SELECT ${EVENT_COLUMNS} FROM ca_events WHERE stream_id = $1 ORDER BY stream_version DESC LIMIT 1`, [SEAL_STREAM]);
  return result.rows.length ? sealOf(toStoredEvent(result.rows[0])) : null;
}

/** The receipt of the latest seal (`ca-seal:<sequence>:<sealHash>`), or null when never sealed. */
export async function latestReceipt(db: Pool | PoolClient): Promise<string | null> {
  const seal = await latestSeal(db);
  return seal ? formatReceipt(seal) : null;
}

/**
 * The gaming day's close: when every table session opened for `gamingDay` is closed, seal (once per
 * change: a day already sealed with nothing new is not sealed again). Returns the seal, or null.
 */
export async function sealIfGamingDayClosed(pool: Pool, gamingDay: string): Promise<SealResult | null> {
  const { rows } = await pool.query(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM ca_events c WHERE c.stream_id = o.stream_id AND c.event_type = 'TableSessionClosed'))::int AS open
     FROM ca_events o WHERE o.event_type = 'TableSessionOpened' AND o.data->>'gamingDay' = $1`,
    [gamingDay],
  );
  if (!rows[0].total || rows[0].open) return null;
  return createSeal(pool, { gamingDay, reason: 'gaming-day-close', onlyIfChanged: true });
}
