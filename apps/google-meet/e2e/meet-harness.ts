import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser, startHostProduct } from '@vocal/e2e';
import { makeSpeechWav } from '@vocal/test-fixtures';
import type { BrowserContext, Frame } from 'playwright-core';
import { build } from 'vite';

/** Meet's web client, whose pages frame the add-on: the harness is served there (by `context.route`). */
export const MEET_ORIGIN = 'https://meet.google.com';
const MEETING_URL = `${MEET_ORIGIN}/abc-defg-hij`;
export const PROJECT_NUMBER = '123456789012';

/** What the add-on asked of Meet: the call, its arguments, and which frame asked. */
export type MeetCall = { frame: 'side-panel' | 'main-stage'; call: string; args: unknown[] };

const appFolder = join(import.meta.dirname, '..');

/**
 * The add-on's harness build (`vite build --mode harness`, which takes the stand-in SDK from
 * e2e/fake-meet-sdk.js) in a folder laid out as the server's HOST_APPS_DIR expects:
 * `<folder>/google-meet/dist`.
 */
export async function buildHarnessApps() {
  const folder = await mkdtemp(join(tmpdir(), 'vocal-meet-apps-'));
  await build({
    root: appFolder,
    configFile: join(appFolder, 'vite.config.ts'),
    mode: 'harness',
    logLevel: 'error',
    build: { outDir: join(folder, 'google-meet', 'dist'), emptyOutDir: true },
  });
  return { folder, remove: () => rm(folder, { recursive: true, force: true }) };
}

/**
 * The page that plays a Meet call: the side panel framed at Meet's side-panel size, with the
 * permissions Meet's frame delegates; it answers the stand-in SDK's calls as Meet would and,
 * when the add-on starts an activity, opens its main stage in a second frame, as large as a
 * laptop's stage. One activity at a time, as in Meet; every call is in `window.__meetCalls`.
 */
function harnessPage(sidePanelUrl: string, options: { panel: { width: number; height: number }; microphone: boolean; popups: boolean }) {
  const addonOrigin = new URL(sidePanelUrl).origin;
  const allow = options.microphone ? 'microphone; clipboard-write' : 'clipboard-write';
  // With pop-ups blocked, the panel's frame is sandboxed without allow-popups: window.open answers null, as a blocker does.
  const sandbox = options.popups ? '' : ' sandbox="allow-scripts allow-same-origin allow-forms allow-modals"';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Meet – abc-defg-hij</title>
<style>html,body{margin:0;background:#202124}body{display:flex;gap:16px;padding:16px;align-items:flex-start}
iframe{display:block;border:0;border-radius:8px;background:#fff}
#side-panel{width:${options.panel.width}px;height:${options.panel.height}px}#main-stage{width:1024px;height:640px}</style></head>
<body><div id="stage-area"></div><iframe id="side-panel" title="Vocal" src="${sidePanelUrl}" allow="${allow}"${sandbox}></iframe>
<script>
(function () {
  var addonOrigin = ${JSON.stringify(addonOrigin)};
  var panel = document.getElementById('side-panel');
  var activity = null;
  var stage = null;
  window.__meetCalls = [];

  function fail(errorType, message) { return { error: { errorType: errorType, message: message } }; }
  function sameOrigin(url) { try { return new URL(url).origin === addonOrigin; } catch (e) { return false; } }

  function answer(frameName, call, args) {
    switch (call) {
      case 'createAddonSession':
        return /^\\d+$/.test(String(args[0] && args[0].cloudProjectNumber)) ? { result: null } : fail('InvalidCloudProjectNumber', 'Invalid cloud project number');
      case 'createSidePanelClient':
        return frameName === 'side-panel' ? { result: null } : fail('NeedsSidePanelContext', 'Not the side panel');
      case 'createMainStageClient':
        return frameName === 'main-stage' ? { result: null } : fail('NeedsMainStageContext', 'Not the main stage');
      case 'getMeetingInfo':
        return { result: { meetingId: 'spaces/abc', meetingCode: 'abc-defg-hij' } };
      case 'getActivityStartingState':
        return { result: activity || {} };
      case 'startActivity': {
        var state = args[0] || {};
        if (activity) return fail('ActivityIsOngoing', 'An activity is ongoing');
        // Meet opens only URLs on the manifest's addOnOrigins, under 512 characters.
        if (state.mainStageUrl && (!sameOrigin(state.mainStageUrl) || state.mainStageUrl.length >= 512)) return fail('InvalidActivityStartingState', 'Not an add-on origin');
        activity = state;
        stage = document.createElement('iframe');
        stage.id = 'main-stage';
        stage.title = 'Vocal main stage';
        stage.allow = 'autoplay';
        stage.src = state.mainStageUrl;
        document.getElementById('stage-area').appendChild(stage);
        return { result: null };
      }
      case 'endActivity':
        if (!activity) return fail('NoActivityFound', 'No activity');
        activity = null;
        stage.remove();
        stage = null;
        return { result: null };
      default:
        return fail('InternalError', 'Unknown call ' + call);
    }
  }

  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.origin !== addonOrigin || !data || data.channel !== 'vocal-meet-harness') return;
    var frameName = event.source === panel.contentWindow ? 'side-panel' : stage && event.source === stage.contentWindow ? 'main-stage' : null;
    if (!frameName) return;
    window.__meetCalls.push({ frame: frameName, call: data.call, args: data.args });
    var reply = answer(frameName, data.call, data.args);
    event.source.postMessage(Object.assign({ channel: 'vocal-meet-harness', id: data.id }, reply), addonOrigin);
  });
})();
</script></body></html>`;
}

let fakeSdk: Promise<string> | null = null;
const readFakeSdk = () => (fakeSdk ??= readFile(new URL('./fake-meet-sdk.js', import.meta.url), 'utf8'));

export type MeetOptions = {
  /** Meet's side panel: about 360 px wide. */
  panel?: { width: number; height: number };
  /** Whether Meet's page may use the microphone and delegates it to the add-on's frame (true by default). */
  microphone?: boolean;
  /** Whether the add-on's frame may open pop-ups (true by default). */
  popups?: boolean;
};

/** Opens a meeting on Meet's origin with the add-on's side panel at `sidePanelUrl`. */
export async function openMeeting(context: BrowserContext, sidePanelUrl: string, options: MeetOptions = {}) {
  const body = harnessPage(sidePanelUrl, {
    panel: options.panel ?? { width: 360, height: 720 },
    microphone: options.microphone ?? true,
    popups: options.popups ?? true,
  });
  const addonOrigin = new URL(sidePanelUrl).origin;
  // A public page framing one on a local address needs Chromium's local-network-access permission.
  const permissions = [
    'local-network-access',
    'clipboard-read',
    'clipboard-write',
    ...(options.microphone === false ? [] : ['microphone']),
  ];
  await context.grantPermissions(permissions, { origin: MEET_ORIGIN });
  await context.addInitScript({
    content: `window.__vocalMeetHarnessConfig = ${JSON.stringify({ meetOrigin: MEET_ORIGIN, addonOrigin })};\n${await readFakeSdk()}`,
  });
  await context.route(`${MEET_ORIGIN}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body }));
  const page = await context.newPage();
  await page.goto(MEETING_URL);
  const panelElement = await page.waitForSelector('#side-panel');
  const frame = (await panelElement.contentFrame()) as Frame;
  const calls = () => page.evaluate(() => (window as unknown as { __meetCalls: MeetCall[] }).__meetCalls);
  return {
    page,
    /** The side panel's frame: find and press things here. */
    panel: page.frameLocator('#side-panel'),
    frame,
    /** The main stage's frame, once an activity started. */
    stage: page.frameLocator('#main-stage'),
    async stageFrame(): Promise<Frame> {
      const element = await page.waitForSelector('#main-stage');
      return (await element.contentFrame()) as Frame;
    },
    calls,
    callsNamed: async (name: string) => (await calls()).filter((call) => call.call === name),
    /** What Meet's page reads from the clipboard (the copy for the chat). */
    clipboard: () => page.evaluate(() => navigator.clipboard.readText()),
  };
}

export type Meeting = Awaited<ReturnType<typeof openMeeting>>;

/**
 * What the browser test file starts: the harness build, the real API serving it and the web
 * app (our sign-in and record windows), and a browser whose fake microphone says `speech`.
 * What started is stopped again if a later step fails.
 */
export async function startMeetSuite(speech: string) {
  const started: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const stopOne of started.splice(0).reverse()) await stopOne();
  };
  try {
    const wav = await makeSpeechWav(speech, { seconds: 8 });
    const apps = await buildHarnessApps();
    started.push(apps.remove);
    // The host apps' product (no transcriber), serving the harness build instead of apps/.
    const product = await startHostProduct({ HOST_APPS_DIR: apps.folder });
    started.push(product.stop);
    const browser = await launchBrowser({ microphoneWav: wav, loop: true });
    started.push(browser.close);
    return {
      product,
      browser,
      wav,
      sidePanelUrl: `${product.url}/addons/meet?project=${PROJECT_NUMBER}`,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
