export * from './schema';
export * from './session-state';
export * from './ingest';
export * from './openapi';
