export * from './table-book-format';
