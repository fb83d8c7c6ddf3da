export * from './domain/index.ts';
export * from './errors.ts';
