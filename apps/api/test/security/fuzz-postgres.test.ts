import { describe } from 'vitest';
import { backends } from '../harness/test-server.ts';
import { FUZZ_RUNS, fuzzEveryRoute } from './fuzz-suite.ts';

if (backends.includes('postgres')) fuzzEveryRoute('postgres', FUZZ_RUNS.postgres[0]);
else describe.skip('fuzzing every route on postgres (TEST_DATABASE_URL is not set)', () => {});
