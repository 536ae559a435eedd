export * from './runtime';
