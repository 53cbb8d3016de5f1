import {
  launchBrowser,
  recordUntil,
  savePersonalisation,
  signUpOverApi,
  startHostProduct,
  uniqueEmail,
  watchPageErrors,
  type ApiProcess,
} from '@vocal/e2e';
import { makeSpeechWav } from '@vocal/test-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTaskpane } from './office-harness.ts';
import { signInOnDialog } from './support.ts';

let product: ApiProcess;
/** Plays the Outlook client whose taskpane frame gets no microphone. */
let refusing: Awaited<ReturnType<typeof launchBrowser>>;
/** Plays the same client's dialog windows, where the microphone works. */
let working: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  const wav = await makeSpeechWav('This message was recorded in a separate window because Outlook blocked the microphone.', {
    seconds: 10,
  });
  product = await startHostProduct();
  refusing = await launchBrowser({ denyMicrophone: true });
  working = await launchBrowser({ microphoneWav: wav, loop: true });
});

afterAll(async () => {
  await refusing?.close();
  await working?.close();
  await product?.stop();
});

describe('when Outlook refuses the taskpane the microphone', () => {
  it('explains it, records in a new window with the borrowed session, and inserts the link in the draft', async () => {
    const email = uniqueEmail('outlook');
    const token = await signUpOverApi(product.url, email);
    await savePersonalisation(product.url, token, { attachment: { enabled: true } });

    const taskpaneContext = await refusing.newContext({ viewport: { width: 350, height: 700 } });
    const dialogContext = await working.newContext({ viewport: { width: 520, height: 720 } });
    const office = await openTaskpane(taskpaneContext, `${product.url}/hosts/outlook/taskpane.html`, {
      subject: 'Site visit',
      email,
      dialogContext,
    });
    const { taskpane } = office;
    const errors = watchPageErrors(taskpane);

    await taskpane.getByRole('button', { name: 'Sign in' }).click();
    await signInOnDialog(await office.nextDialog());
    await taskpane.getByText(`Signed in as ${email}`).waitFor();

    // The refusal is explained, with the way out.
    await taskpane.getByRole('button', { name: 'Start recording' }).click();
    await taskpane.getByRole('alert').filter({ hasText: 'Microphone access was blocked' }).waitFor();
    await taskpane.getByRole('button', { name: 'Record in a new window' }).click();

    // The window opens on the record page with no token in its address, and borrows the session.
    const window = await office.nextDialog();
    const windowErrors = watchPageErrors(window);
    const opened = await office.callsNamed('ui.displayDialogAsync');
    expect(opened.at(-1)!.args.startAddress).toBe(`${product.url}/hosts/outlook/dialog.html?mode=record`);
    await window.getByRole('heading', { name: 'Record your message' }).waitFor();
    expect(await window.getByLabel('Password').count()).toBe(0);
    const [lent] = await office.callsNamed('dialog.messageChild');
    const answer = JSON.parse(String(lent!.args.message)) as { type: string; tokens: { accessToken: string }; subject: string };
    expect(answer.type).toBe('session');
    expect(answer.tokens.accessToken.length).toBeGreaterThan(10);
    expect(answer.subject).toBe('Site visit');

    await recordUntil(window, 3);
    await window.getByRole('button', { name: 'Add to email' }).click();

    // The window hands the share back, the taskpane closes it and inserts the link as if recorded in place.
    await expect.poll(() => window.isClosed(), { timeout: 90_000 }).toBe(true);
    await taskpane.getByText('Your message is ready', { exact: true }).waitFor();
    await taskpane.getByText('The link was added where you are writing.').waitFor();
    const url = await taskpane.getByRole('textbox', { name: 'Link to your message' }).inputValue();
    const [inserted] = await office.callsNamed('item.body.setSelectedDataAsync');
    expect(inserted!.args).toEqual({
      data: `<p>Hey, check out my voice message!<br>🎙️ <a href="${url}">Site visit</a></p>`,
      options: { coercionType: 'html' },
    });
    // The MP3 came from our storage, since the window kept the recording.
    await expect.poll(async () => (await office.callsNamed('item.addFileAttachmentFromBase64Async')).length).toBe(1);
    const [attachment] = await office.callsNamed('item.addFileAttachmentFromBase64Async');
    expect(attachment!.args.attachmentName).toBe('Voice memo.mp3');
    expect(String(attachment!.args.base64File).length).toBeGreaterThan(1000);

    const id = /\/listen\/([A-Za-z0-9]{12})$/.exec(url)?.[1];
    expect((await fetch(`${product.url}/api/view-vocal/${id}`)).status).toBe(200);

    expect(errors).toEqual([]);
    expect(windowErrors).toEqual([]);
    await taskpaneContext.close();
    await dialogContext.close();
  });
});
