export * from './port';
export * from './errors';
export * from './canonical';
export * from './verify';
export * from './postgres/postgres-event-store';
export * from './postgres/postgres-verifier';
export * from './postgres/migrate';
