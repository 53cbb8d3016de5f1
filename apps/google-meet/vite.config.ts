import { defineConfig } from 'vite';
import { hostAppConfig } from '@vocal/vite-config';

/**
 * The add-on's two pages. The server hosts the build under /hosts/google-meet/ and also answers
 * /addons/meet (the side panel, spec section 2) with side-panel.html, so asset URLs are absolute.
 *
 * `vite build --mode harness` is the browser tests' build: it lets a test page hand the app a
 * stand-in for the Meet add-ons SDK (src/host/meet-runtime.ts). A production build has no such
 * door: `__MEET_HARNESS__` is false and the branch is dropped.
 */
export default defineConfig(({ mode }) =>
  hostAppConfig({
    base: '/hosts/google-meet/',
    port: 5181,
    pages: { 'side-panel': 'side-panel.html', 'main-stage': 'main-stage.html' },
    define: { __MEET_HARNESS__: JSON.stringify(mode === 'harness') },
  }),
);
