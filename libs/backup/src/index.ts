export * from './backup-file';
export * from './backup';
export * from './restore';
export * from './held-receipts';
