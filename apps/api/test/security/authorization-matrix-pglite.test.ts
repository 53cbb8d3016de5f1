import { authorizationMatrix } from './authorization-matrix-suite.ts';

await authorizationMatrix('pglite');
