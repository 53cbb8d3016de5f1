import { browserChrome } from './chrome-api.ts';
import { startBackground } from './background.ts';

startBackground(browserChrome());
