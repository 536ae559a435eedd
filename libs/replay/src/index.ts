export * from './replay';
export * from './narrative';
export * from './session-tracker';
export * from './replay-language';
export * from './jackpot-pools';
