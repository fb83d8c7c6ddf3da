export * from './cursor.ts';
export * from './roles.ts';
export * from './slug.ts';
