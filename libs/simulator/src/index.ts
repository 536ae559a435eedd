export * from './ids';
export * from './tables';
export * from './errors';
export * from './simulate';
export * from './session-compliance';
export * from './day-compliance';
export * from './table-staff';
export * from './equipment-bias';
