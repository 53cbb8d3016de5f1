import { defineConfig } from 'vite';
import { hostAppConfig } from '@vocal/vite-config';

// The server hosts the build under /hosts/front-app/: every URL in it is relative.
export default defineConfig(hostAppConfig({ port: 5178, pages: { sidebar: 'sidebar.html' } }));
