/**
 * A sentence the rules say (a replay step's narrative, a settlement's explanation) as a key of the
 * `narrative` catalogue and its values, beside the English text the rules have always written (issue 16).
 * The rules word nothing in any other language: the edges (replay API, pages, CLI, reports) word the key.
 *
 * A value is a plain string or number (ids, card codes, totals), an amount in minor units (`{ amount }`,
 * written in the locale's money form), a term the catalogue may name (`{ term, of }`: a bet type, an
 * outcome, where a card went — the code itself when the catalogue has no word for it), a citation line
 * pointer (`{ cite }`, written in legal form), a list (`{ list }`, joined by `; `) or another phrase (worded in the same language).
 */
export type PhraseValue =
  | string
  | number
  | Phrase
  | { readonly amount: number }
  | { readonly term: string; readonly of: string }
  | { readonly cite: string }
  | { readonly list: readonly PhraseValue[] };

export interface Phrase {
  readonly key: string;
  readonly values?: Readonly<Record<string, PhraseValue>>;
}

/** English text and, where the rules word it, the phrase to word it otherwise. */
export interface Said {
  readonly text: string;
  readonly phrase: Phrase;
}

export const phrase = (key: string, values?: Readonly<Record<string, PhraseValue>>): Phrase => (values ? { key, values } : { key });
export const said = (text: string, key: string, values?: Readonly<Record<string, PhraseValue>>): Said => ({ text, phrase: phrase(key, values) });
export const amount = (minor: number): PhraseValue => ({ amount: minor });
export const term = (group: string, of: unknown): PhraseValue => ({ term: group, of: String(of) });
export const cite = (pointer: string): PhraseValue => ({ cite: pointer });
