/** The injection token of the shared runtime (store, ingestion, read models). */
export const RUNTIME = Symbol('casino-audit runtime');
