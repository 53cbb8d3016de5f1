import { launchBrowser, savePersonalisation, signInWithPassword, startHostProduct } from '@vocal/e2e';
import { describeMicrophoneRefused, recordInBorrowedWindow } from '@vocal/e2e/microphone-refused';
import { makeSpeechWav } from '@vocal/test-fixtures';
import { expect } from 'vitest';
import { openTaskpane } from './office-harness.ts';
import { LIGHT_LINK_STYLE } from '@vocal/host-contract/contract';

describeMicrophoneRefused('when Outlook refuses the taskpane the microphone', {
  emailPrefix: 'outlook',
  async start() {
    const wav = await makeSpeechWav('This message was recorded in a separate window because Outlook blocked the microphone.', {
      seconds: 10,
    });
    const product = await startHostProduct();
    // Plays the Outlook client whose taskpane frame gets no microphone...
    const refusing = await launchBrowser({ denyMicrophone: true });
    // ...and the same client's dialog windows, where the microphone works.
    const working = await launchBrowser({ microphoneWav: wav, loop: true });
    return {
      product,
      refusing,
      working,
      async stop() {
        await refusing.close();
        await working.close();
        await product.stop();
      },
    };
  },
  cases: [
    {
      it: 'explains it, records in a new window with the borrowed session, and inserts the link in the draft',
      async open({ product, refusing, working }, email, token) {
        // The MP3 is attached too, as the person chose.
        await savePersonalisation(product.url, token, { attachment: { enabled: true } });
        const taskpaneContext = await refusing.newContext({ viewport: { width: 350, height: 700 } });
        const dialogContext = await working.newContext({ viewport: { width: 520, height: 720 } });
        const office = await openTaskpane(taskpaneContext, `${product.url}/hosts/outlook/taskpane.html`, {
          subject: 'Site visit',
          email,
          dialogContext,
          conversationId: 'AAQkADAwATM3ZmYAZS0xZGQ5LTRmOGMtOWM5ZC1jNzRiYjNkYTIzNwAQAN7=',
        });
        return {
          ...office,
          panel: office.taskpane,
          page: office.taskpane,
          async close() {
            await taskpaneContext.close();
            await dialogContext.close();
          },
        };
      },
      async signIn(office) {
        await office.taskpane.getByRole('button', { name: 'Sign in' }).click();
        await signInWithPassword(await office.nextDialog());
      },
      async recordElsewhere({ product }, office) {
        await office.taskpane.getByRole('button', { name: 'Record in a new window' }).click();
        // The window opens on the record page with no token in its address, and borrows the session.
        const window = await office.nextDialog();
        const opened = await office.callsNamed('ui.displayDialogAsync');
        expect(opened.at(-1)!.args.startAddress).toBe(`${product.url}/hosts/outlook/dialog.html?mode=record`);
        await window.getByRole('heading', { name: 'Record your message' }).waitFor();
        const [lent] = await office.callsNamed('dialog.messageChild');
        const answer = JSON.parse(String(lent!.args.message)) as { type: string; tokens: { accessToken: string }; subject: string };
        expect(answer.type).toBe('session');
        expect(answer.tokens.accessToken.length).toBeGreaterThan(10);
        expect(answer.subject).toBe('Site visit');
        // The taskpane closes the window and inserts the link as if recorded in place.
        return recordInBorrowedWindow(window, office.taskpane, {
          sendLabel: 'Add to email',
          conversation: 'outlook:AAQkADAwATM3ZmYAZS0xZGQ5LTRmOGMtOWM5ZC1jNzRiYjNkYTIzNwAQAN7=',
        });
      },
      async inserted(_suite, office, url) {
        await office.taskpane.getByText('The link was added where you are writing.').waitFor();
        const [inserted] = await office.callsNamed('item.body.setSelectedDataAsync');
        expect(inserted!.args).toEqual({
          data: `<p>Hey, check out my voice message!<br>🎙️ <a href="${url}" style="${LIGHT_LINK_STYLE}">Site visit</a></p>`,
          options: { coercionType: 'html' },
        });
        // The MP3 came from our storage, since the window kept the recording.
        await expect.poll(async () => (await office.callsNamed('item.addFileAttachmentFromBase64Async')).length).toBe(1);
        const [attachment] = await office.callsNamed('item.addFileAttachmentFromBase64Async');
        expect(attachment!.args.attachmentName).toBe('Voice memo.mp3');
        expect(String(attachment!.args.base64File).length).toBeGreaterThan(1000);
      },
    },
  ],
});
