import { defineConfig } from 'vite';
import { directDynamicImports } from './vite-plugins/direct-dynamic-imports.ts';
import publicConfig from './vite.public.config.ts';

/**
 * The embed player, built on its own: built with the listen page, it shared chunks shaped by
 * that page's needs (the listen page's buttons and icons came along) and missed its 12 KB budget.
 * All its CSS goes in one sheet (the page carries it inline), its lazy error screen's included,
 * so its dynamic imports need no preload helper (vite-plugins/direct-dynamic-imports.ts).
 */
export default defineConfig({
  ...publicConfig,
  plugins: [directDynamicImports(), ...(publicConfig.plugins ?? [])],
  build: { ...publicConfig.build, cssCodeSplit: false, rollupOptions: { input: { embed: 'embed.html' } } },
});
