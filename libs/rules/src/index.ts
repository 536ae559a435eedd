export * from './core/types';
export * from './core/cards';
export * from './core/money';
export * from './core/game';
export * from './core/judge-round';
export * from './core/house-edge';
export * from './catalogue';
export * from './registry';
