import { FUZZ_RUNS, fuzzEveryRoute } from './fuzz-suite.ts';

fuzzEveryRoute('pglite', FUZZ_RUNS.pglite[1]);
