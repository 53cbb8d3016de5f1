import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs beside Vite (pnpm dev at the root); its routes are proxied.
const api = process.env.VOCAL_API_URL ?? 'http://localhost:3000';

/**
 * The Zoho Mail extension package, whole: Zoho serves the package's files itself and its SDK
 * talks to the widget pages there (docs/decisions/0050). So the build is the package:
 * `plugin-manifest.json` (public/) and `app/` with the two widget pages, their scripts, styles,
 * fonts and images, all addressed relatively so they work wherever Zoho puts them. Zoho's
 * packaging takes only scripts, styles, fonts, images, media, data and pages (zet's allowed
 * extensions): LAME's wasm is inlined into a script rather than shipped as a .wasm file.
 */
export default defineConfig({
  base: './',
  plugins: [react()],
  server: {
    port: 5178,
    proxy: { '/api': api, '/files': api },
  },
  build: {
    target: 'es2022',
    // Maps publish our source; a build makes them only when asked (SOURCE_MAPS=true), for debugging.
    sourcemap: process.env.SOURCE_MAPS === 'true',
    assetsDir: 'app/assets',
    assetsInlineLimit: (file) => (file.endsWith('.wasm') ? true : undefined),
    rollupOptions: { input: { panel: 'app/panel.html', attachment: 'app/attachment.html' } },
  },
});
