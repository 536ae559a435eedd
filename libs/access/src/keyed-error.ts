/**
 * A refusal of this library whose reason is keyed (issue 16): its message is the English wording, and
 * `because` (an `errors:` key and its values) words it in the reader's language — the command line's
 * `--lang`, an HTTP caller's `Accept-Language`.
 */
import { because, wordReason, type ReasonKey, type ReasonValue } from '../../i18n/src/reasons';

export class KeyedError extends Error {
  constructor(readonly because: ReasonKey) {
    super(wordReason(because, 'en'));
    this.name = new.target.name;
  }
}

/** `new E(key, values)` for a keyed error class: `keyedError(CredentialError, 'credential.unknown', { id })`. */
export const keyedError = <E extends KeyedError>(Kind: new (b: ReasonKey) => E, key: string, values?: Record<string, ReasonValue>): E =>
  new Kind(because(key, values));
