import { defineConfig } from 'vite';
import publicConfig from './vite.public.config.ts';

/**
 * The embed player, built on its own: built with the listen page, it shared chunks shaped by
 * that page's needs (the listen page's buttons and icons came along) and missed its 12 KB budget.
 */
export default defineConfig({
  ...publicConfig,
  build: { ...publicConfig.build, rollupOptions: { input: { embed: 'embed.html' } } },
});
