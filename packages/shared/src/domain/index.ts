export * from './auth.ts';
export * from './cursor.ts';
export * from './identifier.ts';
export * from './organization.ts';
export * from './roles.ts';
export * from './slug.ts';
export * from './sort-order.ts';
export * from './states.ts';
