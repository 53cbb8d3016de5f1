import { describe } from 'vitest';
import { backends } from '../harness/test-server.ts';
import { authorizationMatrix } from './authorization-matrix-suite.ts';

if (backends.includes('postgres')) await authorizationMatrix('postgres');
else describe.skip('authorization matrix on postgres (TEST_DATABASE_URL is not set)', () => {});
