export * from './runtime';
export * from './metrics';
export * from './config';
export * from './logger';
export * from './metric-families';
export * from './ops-checks';
