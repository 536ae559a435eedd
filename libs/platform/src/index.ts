export * from './runtime';
export * from './metrics';
export * from './config';
