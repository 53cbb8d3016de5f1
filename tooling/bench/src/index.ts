export * from './bench-result.ts';
export * from './write-report.ts';
