/** Packages the tests use that ship no types (jstat: an independent statistics library the statistics specs check against). */
declare module 'jstat';
