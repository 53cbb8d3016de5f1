import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A stand-in web build in `webDist` (the app shell, one asset, the listen and embed templates),
 * so the SPA fallback and the public pages are exercised without building the real app, and a
 * suite never depends on whether `pnpm build` has run. Answers `webDist`.
 */
export async function writeStandInWebBuild(webDist: string): Promise<string> {
  await mkdir(join(webDist, 'assets'), { recursive: true });
  await writeFile(join(webDist, 'index.html'), '<!doctype html><title>Vocal test app</title><div id="root"></div>');
  await writeFile(join(webDist, 'assets', 'app-1234.js'), 'console.log("app")');
  await writeFile(
    join(webDist, 'listen.html'),
    '<!doctype html><html><head><title>Voice message · Vocal</title><!--vocal-head--></head><body><div id="root"></div><!--vocal-data--></body></html>',
  );
  await writeFile(
    join(webDist, 'embed.html'),
    '<!doctype html><html><head><title>Voice message · Vocal</title><!--vocal-head--></head><body><div id="player"></div><!--vocal-data--></body></html>',
  );
  return webDist;
}
