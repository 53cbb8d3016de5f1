import type { BrowserFamily } from './browser-family.ts';

export type UnblockHelp = { browser: string; steps: string[] };

/**
 * How to let this site use the microphone again after it was blocked, in the words each
 * browser's own menus use. A site cannot ask again once blocked: only the person can undo it.
 */
export function unblockSteps(family: BrowserFamily): UnblockHelp {
  switch (family) {
    case 'chrome':
    case 'edge':
      return {
        browser: family === 'chrome' ? 'Chrome' : 'Edge',
        steps: [
          'Click the site settings icon at the left of the address bar.',
          'Turn Microphone on (or choose Allow).',
          'Press Try again below.',
        ],
      };
    case 'firefox':
      return {
        browser: 'Firefox',
        steps: [
          'Click the crossed-out microphone icon in the address bar.',
          'Clear "Blocked temporarily" or "Blocked" next to "Use the microphone".',
          'Press Try again below, and choose Allow when Firefox asks.',
        ],
      };
    case 'safari':
      return {
        browser: 'Safari',
        steps: [
          'Open the Safari menu and choose Settings for This Website (on iPhone and iPad: the "aA" button, then Website Settings).',
          'Set Microphone to Allow.',
          'Press Try again below.',
        ],
      };
    default:
      return {
        browser: 'your browser',
        steps: ["Open this site's settings from the icon next to the address bar.", 'Allow the microphone.', 'Press Try again below.'],
      };
  }
}
