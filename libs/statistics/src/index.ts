export * from './gamma';
export * from './normal';
export * from './chi-square';
export * from './false-discovery';
export * from './cusum';
export * from './performance';
