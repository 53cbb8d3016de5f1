import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup; and test
// files share one document (isolate: false): an Integrations card left behind by one file
// gave the settings page's tests a second role="status" in CI.
afterEach(cleanup);

// The machines are shared and noisy: waiting for an element may take longer than a second.
configure({ asyncUtilTimeout: 5000 });
