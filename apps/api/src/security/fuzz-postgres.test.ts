import { describe } from 'vitest';
import { backends } from '../testing/test-server.ts';
import { fuzzEveryRoute } from './fuzz-suite.ts';

if (backends.includes('postgres')) fuzzEveryRoute('postgres');
else describe.skip('fuzzing every route on postgres (TEST_DATABASE_URL is not set)', () => {});
