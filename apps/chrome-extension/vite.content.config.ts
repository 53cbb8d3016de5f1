import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The content script Gmail's tabs run: content scripts are classic scripts (no imports), so it
 * is one IIFE with React and its CSS inlined, written beside the main build's files.
 */
export default defineConfig({
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    target: 'es2022',
    emptyOutDir: false,
    sourcemap: process.env.SOURCE_MAPS === 'true',
    lib: {
      entry: 'src/content/content-script.tsx',
      formats: ['iife'],
      name: 'vocalContent',
      fileName: () => 'content.js',
    },
  },
});
