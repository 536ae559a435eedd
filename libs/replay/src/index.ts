export * from './replay';
export * from './narrative';
