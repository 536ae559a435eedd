export * from './roles';
export * from './policy';
export * from './tokens';
export * from './access-service';
export * from './window';
export * from './storable';
