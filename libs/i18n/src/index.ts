export * from './languages';
export * from './formats';
export * from './resources';
export * from './translator';
