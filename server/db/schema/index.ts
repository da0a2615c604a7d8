export * from './people.ts';
export * from './auth.ts';
export * from './assessments.ts';
export * from './mail.ts';
export * from './read-log.ts';
export * from './second-factors.ts';
export * from './early-warning.ts';
export * from './training-report.ts';
