import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** The component gallery: `pnpm gallery` to browse it, `pnpm gallery:shots` to screenshot it. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  server: { host: '127.0.0.1' },
  build: { outDir: 'dist', emptyOutDir: true },
});
