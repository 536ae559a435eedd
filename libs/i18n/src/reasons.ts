/**
 * A refusal's reason that can be worded in any language (issue 16): a key of the `errors` namespace and its
 * values, beside the English `reason` that logs, the access log and the English-speaking callers keep.
 * The HTTP answer words it in the caller's `Accept-Language`, the CLI in `--lang` / `LANG`.
 *
 * A value may itself be a reason (`{ key, values }`): it is worded in the same language, so that a reason
 * built from another (`is required; it must be a calendar date`) reads in one language throughout.
 */
import type { Language } from './languages';
import { translator } from './translator';

export type ReasonValue = string | number | ReasonKey;
export interface ReasonKey {
  readonly key: string;
  readonly values?: Readonly<Record<string, ReasonValue>>;
}

/** What a refusal carries: the English reason, and the key and values to word it otherwise. */
export interface KeyedReason {
  readonly reason: string;
  readonly reasonKey?: string;
  readonly reasonValues?: Readonly<Record<string, ReasonValue>>;
}

/** `{ key, values }`, for a check to return and a caller to word (or to nest in another reason). */
export const because = (key: string, values?: Readonly<Record<string, ReasonValue>>): ReasonKey => (values ? { key, values } : { key });

/** A reason worded in `lang` (`errors:<key>`, or `<namespace>:<key>` as given, with its values, nested reasons worded too). */
export function wordReason(r: ReasonKey, lang: Language): string {
  const tr = translator(lang);
  const values: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(r.values ?? {})) values[k] = typeof v === 'object' ? wordReason(v, lang) : v;
  return tr.t(r.key.includes(':') ? r.key : `errors:${r.key}`, values);
}

/** The fields a refusal carries for a keyed reason: `reason` in English, `reasonKey`, `reasonValues`. */
export function keyed(r: ReasonKey): KeyedReason & { reasonKey: string } {
  return { reason: wordReason(r, 'en'), reasonKey: r.key, ...(r.values ? { reasonValues: r.values } : {}) };
}

/**
 * A refusal's body with every keyed reason worded in `lang` — its own `reason` and each of `refusals[]` —
 * and the keys taken out, so the answer keeps the fields it always had. Reasons without a key stay as they are.
 */
export function refusalInLanguage<T>(body: T, lang: Language): T {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  if (typeof out.reasonKey === 'string') out.reason = wordReason({ key: out.reasonKey, values: out.reasonValues as ReasonKey['values'] }, lang);
  delete out.reasonKey;
  delete out.reasonValues;
  if (Array.isArray(out.refusals)) out.refusals = out.refusals.map((r) => refusalInLanguage(r, lang));
  return out as T;
}
