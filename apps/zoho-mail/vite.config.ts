import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs beside Vite (pnpm dev at the root); its routes are proxied.
const api = process.env.VOCAL_API_URL ?? 'http://localhost:3000';

/**
 * The widget page the server hosts at /hosts/zoho-mail/. public/ holds the extension package
 * Zoho installs (plugin-manifest.json and app/), copied into dist/ as it is: the server fills
 * %PUBLIC_URL% into the manifest as it serves it.
 */
export default defineConfig({
  base: '/hosts/zoho-mail/',
  plugins: [react()],
  server: {
    port: 5178,
    proxy: { '/api': api, '/files': api },
  },
  build: {
    target: 'es2022',
    // Maps publish our source; a build makes them only when asked (SOURCE_MAPS=true), for debugging.
    sourcemap: process.env.SOURCE_MAPS === 'true',
    rollupOptions: { input: { widget: 'widget.html' } },
  },
});
