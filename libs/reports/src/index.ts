export * from './table-book-format';
export * from './report-format';
export * from './report-pdf';
export * from './local-time';
export * from './finding-language';
export * from './performance-format';
export * from './equipment-format';
export * from './advantage-play-format';
