export * from './access.ts';
export * from './audit.ts';
export * from './staff.ts';
export * from './tenancy.ts';
export * from './users.ts';
