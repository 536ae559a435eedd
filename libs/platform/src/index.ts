export * from './runtime';
export * from './metrics';
