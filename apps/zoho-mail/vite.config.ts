import { defineConfig } from 'vite';
import { hostAppConfig } from '@vocal/vite-config';

/**
 * The Zoho Mail extension package, whole: Zoho serves the package's files itself and its SDK
 * talks to the widget pages there (docs/decisions/0050). So the build is the package:
 * `plugin-manifest.json` (public/) and `app/` with the two widget pages, their scripts, styles,
 * fonts and images, all addressed relatively so they work wherever Zoho puts them. Zoho's
 * packaging takes only scripts, styles, fonts, images, media, data and pages (zet's allowed
 * extensions): LAME's wasm is inlined into a script rather than shipped as a .wasm file.
 */
export default defineConfig(
  hostAppConfig({
    // 5179: Front's dev server has 5178.
    port: 5179,
    pages: { panel: 'app/panel.html', attachment: 'app/attachment.html' },
    head: [
      '<link rel="icon" type="image/png" href="img/icon.png" />',
      // Zoho Mail extensions load SigmaSDK from Zoho's CDN, before the app's own code (zet's Mail template).
      '<script src="https://static.zohocdn.com/sigma/client/sdk/v1/sigma-sdk.min.js"></script>',
      // The Vocal server this package talks to: the server fills it in as it makes the package.
      '<script src="server.js"></script>',
    ],
    build: {
      assetsDir: 'app/assets',
      assetsInlineLimit: (file) => (file.endsWith('.wasm') ? true : undefined),
    },
  }),
);
