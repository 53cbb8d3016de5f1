/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import { hostAppConfig } from '@vocal/vite-config';
import { hostComponentTestConfig } from '@vocal/vitest-config';

export default defineConfig(
  hostAppConfig({
    // Its tests: the host apps' shared component-test settings (tooling/vitest).
    test: hostComponentTestConfig.test,
    // The server hosts the build under /hosts/ms-teams/, the address the manifest names.
    base: '/hosts/ms-teams/',
    port: 5175,
    pages: { tab: 'tab.html', config: 'config.html', auth: 'auth.html' },
  }),
);
