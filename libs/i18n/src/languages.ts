/**
 * The languages the product speaks: Spanish for every jurisdiction, the co-official languages the
 * catalogues themselves are written in (Basque in Euskadi, Catalan in the Illes Balears, Galician in
 * Galicia) and English. Spanish when nobody chose (issue 16).
 */
export const LANGUAGES = ['es', 'eu', 'ca', 'gl', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

/** The language's own name, as its speakers write it (for the selector). */
export const LANGUAGE_NAMES: Record<Language, string> = { es: 'Español', eu: 'Euskara', ca: 'Català', gl: 'Galego', en: 'English' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The best of our languages for an `Accept-Language` header, a `LANG` variable (`eu_ES.UTF-8`) or a
 * plain tag (`ca-ES`); Spanish when none matches. Quality values are honoured; order breaks ties.
 */
export function negotiateLanguage(header: string | null | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim().toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((r) => r.tag && r.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranked) {
    const primary = tag.split(/[-_.@]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}
