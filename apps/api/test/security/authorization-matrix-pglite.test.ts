import { authorizationMatrix } from './authorization-matrix-suite.ts';

authorizationMatrix('pglite');
