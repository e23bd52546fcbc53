export * from './access.ts';
export * from './audit.ts';
export * from './files.ts';
export * from './satusehat.ts';
export * from './schedules.ts';
export * from './staff.ts';
export * from './tenancy.ts';
export * from './users.ts';
