export * from './people.ts';
export * from './auth.ts';
