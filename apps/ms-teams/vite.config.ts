/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { hostComponentTestConfig } from '@vocal/vitest-config';

// In development the API runs beside Vite (pnpm dev at the root); its routes are proxied.
const api = process.env.VOCAL_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  // Its tests: the host apps' shared component-test settings (tooling/vitest).
  test: hostComponentTestConfig.test,
  // The server hosts the build under /hosts/ms-teams/, the address the manifest names.
  base: '/hosts/ms-teams/',
  plugins: [react()],
  server: {
    port: 5175,
    proxy: { '/api': api, '/files': api },
  },
  build: {
    target: 'es2022',
    // Maps publish our source; a build makes them only when asked (SOURCE_MAPS=true), for debugging.
    sourcemap: process.env.SOURCE_MAPS === 'true',
    rollupOptions: { input: { tab: 'tab.html', config: 'config.html', auth: 'auth.html' } },
  },
});
