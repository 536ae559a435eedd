export * from './projection';
export * from './projector';
export * from './rebuild';
export * from './checkpoint.entity';
export * from './table-book/table-book.entity';
export * from './table-book/table-book.projection';
export * from './data-source';
