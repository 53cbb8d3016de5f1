/**
 * Screenshots of the Teams app as people see it in Teams: the personal tab on a desktop
 * (1024x768: signed out, idle, recording, shared, the microphone refused) and on a phone
 * (375x667), the channel tab's configuration dialog (600x450), the sign-in and record windows. Light and dark. Driven for real (the
 * API serving the build, the Teams harness, a fake microphone). Writes PNGs to
 * apps/ms-teams/screenshots/ (ignored by git) to be looked at.
 */
import { join } from 'node:path';
import { launchBrowser, repoRoot, signInWithPassword, signUpOverApi, startProduct, takeScreenshots, uniqueEmail } from '@vocal/e2e';
import { makeSpeechWav } from '@vocal/test-fixtures';
import type { Frame, Page } from 'playwright-core';
import { startMicrosoftIdentity } from '../e2e/microsoft-identity.ts';
import { APP_ORIGIN, CONFIG_DIALOG, TAB_DESKTOP, TAB_PHONE, openInTeams, routeTeams } from '../e2e/teams-harness.ts';

await takeScreenshots({
  scriptDir: import.meta.dirname,
  async start() {
    const wav = await makeSpeechWav('Hello team! This is a short voice message to show how the Teams app looks.', { seconds: 8 });
    // Microsoft sign-in on (against a local stand-in for Microsoft's keys), so the signed-out tab shows both ways in.
    const identity = await startMicrosoftIdentity();
    const product = await startProduct({ env: { HOST_APPS_DIR: join(repoRoot, 'apps'), ...identity.env } });
    const browser = await launchBrowser({ microphoneWav: wav, loop: true });
    // Grants the microphone only where a context asks: the tab under Teams is refused it, our window has it.
    const refusing = await launchBrowser({ denyMicrophone: true, microphoneWav: wav, loop: true });
    return {
      product,
      browser,
      refusing,
      async stop() {
        await browser.close();
        await refusing.close();
        await product.stop();
        await identity.close();
      },
    };
  },
  async scenes({ product, browser, refusing }, colorScheme, pathOf) {
    /** Waits for the fonts, so a screenshot shows the page as it settles, then takes it. */
    const shot = async (page: Page, frame: Frame | null, name: string) => {
      await (frame ?? page).evaluate(() => document.fonts.ready.then(() => undefined));
      await page.screenshot({ path: pathOf(name) });
    };
    // Teams' own theme decides (the system's matters only where Teams names none).
    const theme = colorScheme === 'dark' ? 'dark' : 'default';
    const email = uniqueEmail('teams');
    await signUpOverApi(product.url, email);
    const context = await browser.newContext({ viewport: TAB_DESKTOP, colorScheme });
    await routeTeams(context, product.url);
    const teams = await openInTeams(context, '/hosts/ms-teams/tab.html', { context: { loginHint: email, theme } });
    await teams.tab.getByRole('button', { name: 'Sign in with email' }).waitFor();
    await shot(teams.page, teams.frame(), 'tab-signed-out');

    const windowOpened = teams.nextAuthWindow();
    await teams.tab.getByRole('button', { name: 'Sign in with email' }).click();
    const window = await windowOpened;
    await window.setViewportSize({ width: 480, height: 640 });
    await window.getByLabel('Password').waitFor();
    await shot(window, null, 'sign-in-window');
    await signInWithPassword(window);
    await teams.tab.getByRole('button', { name: 'Start recording' }).waitFor();
    await shot(teams.page, teams.frame(), 'tab-idle');

    await teams.tab.getByRole('button', { name: 'Start recording' }).click();
    await teams.tab.locator('.vk-record-flow__elapsed', { hasText: '0:02' }).waitFor();
    await shot(teams.page, teams.frame(), 'tab-recording');
    await teams.tab.getByRole('button', { name: 'Stop recording' }).click();
    await teams.tab.getByRole('button', { name: 'Share in Teams' }).click();
    await teams.tab.getByText('Your message is ready', { exact: true }).waitFor();
    await shot(teams.page, teams.frame(), 'tab-shared');
    await context.close();

    const phone = await browser.newContext({ viewport: TAB_PHONE, colorScheme, isMobile: true, hasTouch: true });
    await routeTeams(phone, product.url);
    const mobile = await openInTeams(phone, '/hosts/ms-teams/tab.html', {
      context: { loginHint: email, hostClientType: 'android', theme },
    });
    await mobile.tab.getByRole('button', { name: 'Sign in with email' }).waitFor();
    await shot(mobile.page, mobile.frame(), 'phone-signed-out');
    const phoneWindow = mobile.nextAuthWindow();
    await mobile.tab.getByRole('button', { name: 'Sign in with email' }).click();
    await signInWithPassword(await phoneWindow);
    await mobile.tab.getByRole('button', { name: 'Start recording' }).waitFor();
    await shot(mobile.page, mobile.frame(), 'phone-idle');
    await phone.close();

    const refusedContext = await refusing.newContext({ viewport: TAB_DESKTOP, colorScheme });
    await refusedContext.grantPermissions(['microphone'], { origin: APP_ORIGIN });
    await routeTeams(refusedContext, product.url);
    const refused = await openInTeams(refusedContext, '/hosts/ms-teams/tab.html', { context: { loginHint: email, theme } });
    const refusedWindow = refused.nextAuthWindow();
    await refused.tab.getByRole('button', { name: 'Sign in with email' }).click();
    await signInWithPassword(await refusedWindow);
    await refused.tab.getByRole('button', { name: 'Start recording' }).click();
    await refused.tab.getByRole('button', { name: 'Record in a new window' }).waitFor();
    await shot(refused.page, refused.frame(), 'tab-microphone-refused');
    const recordWindow = refusedContext.waitForEvent('page');
    await refused.tab.getByRole('button', { name: 'Record in a new window' }).click();
    const record = await recordWindow;
    await record.setViewportSize({ width: 520, height: 760 });
    await record.getByRole('button', { name: 'Start recording' }).waitFor();
    await shot(record, null, 'record-window');
    await refusedContext.close();

    const dialog = await browser.newContext({ viewport: CONFIG_DIALOG, colorScheme });
    await routeTeams(dialog, product.url);
    const config = await openInTeams(dialog, '/hosts/ms-teams/config.html', {
      frameContext: 'settings',
      context: { channelId: '19:general@thread.tacv2', channelName: 'General', theme },
    });
    await config.tab.getByRole('textbox', { name: 'Tab name' }).waitFor();
    await shot(config.page, config.frame(), 'config');
    await config.tab.getByRole('textbox', { name: 'Tab name' }).fill('');
    await shot(config.page, config.frame(), 'config-empty');
    await dialog.close();
  },
});
