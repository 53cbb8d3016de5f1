import { launchBrowser, recordUntil, signUpOverApi, startHostProduct, uniqueEmail, watchPageErrors, type ApiProcess } from '@vocal/e2e';
import { makeSpeechWav } from '@vocal/test-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ORIGIN, TAB_DESKTOP, openInTeams, routeTeams } from './teams-harness.ts';
import { signInOnWindow } from './support.ts';

let product: ApiProcess;
/**
 * Grants the microphone to nobody unless asked: each context grants it to our own origin
 * only, so the tab (a frame under Teams' origin) is refused it, as some Teams clients refuse
 * it, while a window of our own origin has it.
 */
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  const wav = await makeSpeechWav('This message was recorded in a separate window because Teams blocked the microphone.', { seconds: 10 });
  product = await startHostProduct();
  browser = await launchBrowser({ denyMicrophone: true, microphoneWav: wav, loop: true });
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('when Teams refuses the tab the microphone', () => {
  it('explains it, records in a window of ours with the tab’s session, and shares the link in Teams', async () => {
    const email = uniqueEmail('teams');
    await signUpOverApi(product.url, email);
    const context = await browser.newContext({ viewport: TAB_DESKTOP });
    await context.grantPermissions(['microphone'], { origin: APP_ORIGIN });
    await routeTeams(context, product.url);
    const teams = await openInTeams(context, '/hosts/ms-teams/tab.html', { context: { loginHint: email } });
    const errors = watchPageErrors(teams.page);

    const signInWindow = teams.nextAuthWindow();
    await teams.tab.getByRole('button', { name: 'Sign in' }).click();
    await signInOnWindow(await signInWindow);
    await teams.tab.getByText(`Signed in as ${email}`).waitFor();

    // The refusal is explained, with the way out.
    await teams.tab.getByRole('button', { name: 'Start recording' }).click();
    await teams.tab.getByRole('alert').filter({ hasText: 'Microphone access was blocked' }).waitFor();
    const opened = context.waitForEvent('page');
    await teams.tab.getByRole('button', { name: 'Record in a new window' }).click();

    // Our record window opens with no token in its address, and borrows the tab's session.
    const window = await opened;
    const windowErrors = watchPageErrors(window);
    expect(window.url()).toBe(`${APP_ORIGIN}/teams/record`);
    await window.getByRole('button', { name: 'Start recording' }).waitFor();
    expect(await window.getByLabel('Password').count()).toBe(0);
    await recordUntil(window, 3);
    await window.getByRole('button', { name: 'Share', exact: true }).click();

    // The window hands the link back and closes; the tab opens Teams' share box as if recorded in place.
    await expect.poll(() => window.isClosed()).toBe(true);
    await teams.tab.getByText('Your message is ready', { exact: true }).waitFor();
    const url = await teams.tab.getByRole('textbox', { name: 'Link to your message' }).inputValue();
    expect(await teams.callsNamed('sharing.shareWebContent')).toEqual([
      {
        from: 'tab',
        func: 'sharing.shareWebContent',
        args: [{ content: [{ type: 'URL', url, message: 'Hey, check out my voice message!', preview: true }] }],
      },
    ]);
    const id = /\/listen\/([A-Za-z0-9]{12})$/.exec(url)?.[1];
    expect((await fetch(`${product.url}/api/view-vocal/${id}`)).status).toBe(200);

    expect(errors).toEqual([]);
    expect(windowErrors).toEqual([]);
    await context.close();
  });
});
