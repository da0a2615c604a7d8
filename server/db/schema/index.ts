export * from './people.ts';
export * from './auth.ts';
export * from './assessments.ts';
