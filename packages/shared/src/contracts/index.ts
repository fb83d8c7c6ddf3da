export * from './auth.ts';
export * from './common.ts';
export * from './instance.ts';
export * from './issue-parts.ts';
export * from './issues.ts';
export * from './projects.ts';
export * from './users.ts';
export * from './workspaces.ts';
