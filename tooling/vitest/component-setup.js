// The setup of every component suite (componentTestConfig): one file instead of a copy per package.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

// The machines are shared and noisy: waiting for an element may take longer than a second.
configure({ asyncUtilTimeout: 5000 });
