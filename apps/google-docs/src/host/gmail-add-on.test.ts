import { describe, expect, it } from 'vitest';
import { LIGHT_LINK_STYLE, sampleShare } from '@vocal/host-contract/contract';
import { createAddOn } from './add-on.ts';
import { snapshot } from './testing/fake-card-service.ts';
import { createFakeHandoffServer } from './testing/fake-handoff-server.ts';
import { createFakeAppsScript, type FetchHandler } from './testing/fake-services.ts';

const BASE = 'https://vocal.example.com';

function setup(options: { fetch?: FetchHandler; builtIn?: string; serverUrl?: string } = {}) {
  const server = createFakeHandoffServer(BASE);
  const fakes = createFakeAppsScript({ fetch: options.fetch ?? server.handler, serverUrl: options.serverUrl });
  const addOn = createAddOn(fakes.services, options.builtIn ?? BASE, () => new Date(Date.UTC(2030, 0, 1, 12, 0)));
  return { server, addOn, ...fakes };
}

const button = (text: string, functionName: string, filled = false) => ({
  TextButton: [
    ['setText', text],
    ['setOnClickAction', { Action: [['setFunctionName', functionName]] }],
    ...(filled ? [['setTextButtonStyle', 'FILLED']] : []),
  ],
});

const card = (title: string, texts: string[], buttons: unknown[]) => ({
  Card: [
    ['setHeader', { CardHeader: [['setTitle', title]] }],
    [
      'addSection',
      {
        CardSection: [
          ...texts.map((text) => ['addWidget', { TextParagraph: [['setText', text]] }]),
          ...(buttons.length ? [['addWidget', { ButtonSet: buttons.map((one) => ['addButton', one]) }]] : []),
        ],
      },
    ],
  ],
});

const START_TEXT =
  'Record a voice message in Vocal. When you close Vocal, come back here and tap Insert: the link goes into this email with your signature message.';
const startCard = (lead?: string) =>
  card('Voice message', [...(lead ? [lead] : []), START_TEXT], [button('Record a voice message', 'startGmailRecording', true)]);
const EXPIRED = 'That recording code expired (each lasts 30 minutes and is used once). Record again.';

describe('the Gmail compose card', () => {
  it('offers to record when nothing is pending', () => {
    const { addOn, requests } = setup();
    expect(addOn.onGmailCompose().map(snapshot)).toEqual([startCard()]);
    expect(requests).toEqual([]);
  });

  it('opens our record page with a new code in an overlay that reloads the card, keeping the secret in the user’s properties', () => {
    const { addOn, requests, userProperties } = setup();
    const response = addOn.startGmailRecording();
    expect(requests).toEqual([
      {
        url: `${BASE}/api/recording-handoff`,
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: '{"host":"gmail"}',
      },
    ]);
    expect(snapshot(response)).toEqual({
      ActionResponse: [
        [
          'setOpenLink',
          {
            OpenLink: [
              ['setUrl', `${BASE}/record/gmail/handoff1`],
              ['setOpenAs', 'OVERLAY'],
              ['setOnClose', 'RELOAD'],
            ],
          },
        ],
      ],
    });
    expect(JSON.stringify(snapshot(response))).not.toContain('secret');
    expect(JSON.parse(userProperties.get('vocal.gmail.handoff')!)).toEqual({
      id: 'handoff1',
      secret: 'secret-handoff1',
      expiresAt: '2030-01-01T12:30:00.000Z',
    });
  });

  it('claims on reload: waiting, then ready with Insert, which puts the link and signature into the draft once', () => {
    const { addOn, server, requests, userProperties } = setup();
    addOn.startGmailRecording();

    // The overlay closed before the message was done: the card says so and offers Insert.
    expect(addOn.onGmailCompose().map(snapshot)).toEqual([
      card(
        'Waiting for your voice message',
        ['Finish your message in the Vocal window, then tap Insert.', 'If you closed Vocal before your message was done, open it again.'],
        [
          button('Insert', 'insertGmailRecording', true),
          button('Open Vocal again', 'reopenGmailRecording'),
          button('Start over', 'discardGmailRecording'),
        ],
      ),
    ]);
    expect(requests.at(-1)).toMatchObject({ url: `${BASE}/api/recording-handoff/handoff1/claim`, body: '{"secret":"secret-handoff1"}' });
    expect(snapshot(addOn.insertGmailRecording())).toEqual({
      ActionResponse: [
        ['setNotification', { Notification: [['setText', 'Your voice message is not ready yet: finish it in the Vocal window first.']] }],
      ],
    });

    const share = sampleShare({ title: 'Q3 <numbers> & more', durationSeconds: 75 });
    server.deliver('handoff1', share);
    expect(addOn.onGmailCompose().map(snapshot)).toEqual([
      card(
        'Your voice message is ready',
        ['<b>Q3 &#60;numbers&#62; &#38; more</b> (1:15)', 'Insert puts its link where you are writing.'],
        [button('Insert', 'insertGmailRecording', true), button('Discard', 'discardGmailRecording')],
      ),
    ]);
    // The claimed message is kept until inserted: reloading again asks the server nothing more.
    const asked = requests.length;
    addOn.onGmailCompose();
    expect(requests).toHaveLength(asked);

    expect(snapshot(addOn.insertGmailRecording())).toEqual({
      UpdateDraftActionResponse: [
        [
          'setUpdateDraftBodyAction',
          {
            UpdateDraftBodyAction: [
              [
                'addUpdateContent',
                '<p>Hey, check out my voice message!<br>🎙️ <a href="https://vocal.example/listen/AbCdEf123456" ' +
                  `style="${LIGHT_LINK_STYLE}">Q3 &#60;numbers&#62; &#38; more</a></p>`,
                'MUTABLE_HTML',
              ],
              ['setUpdateType', 'IN_PLACE_INSERT'],
            ],
          },
        ],
      ],
    });
    expect(userProperties.has('vocal.gmail.handoff')).toBe(false);
    expect(addOn.onGmailCompose().map(snapshot)).toEqual([startCard()]);
  });

  it('inserts the link alone when the signature is off', () => {
    const { addOn, server } = setup();
    addOn.startGmailRecording();
    server.deliver('handoff1', sampleShare({ message: null }));
    const inserted = JSON.stringify(snapshot(addOn.insertGmailRecording()));
    expect(inserted).toContain(
      `<p>🎙️ <a href=\\"https://vocal.example/listen/AbCdEf123456\\" style=\\"${LIGHT_LINK_STYLE}\\">Quarterly numbers</a></p>`,
    );
  });

  it('inserts a plain link for a message kept by an older version, which had no accent', () => {
    const { addOn, userProperties } = setup();
    const { accent: _none, ...older } = sampleShare();
    userProperties.set(
      'vocal.gmail.handoff',
      JSON.stringify({ id: 'h', secret: 's', expiresAt: '2030-01-01T12:30:00.000Z', share: older }),
    );
    const inserted = JSON.stringify(snapshot(addOn.insertGmailRecording()));
    expect(inserted).toContain(
      '<p>Hey, check out my voice message!<br>🎙️ <a href=\\"https://vocal.example/listen/AbCdEf123456\\">Quarterly numbers</a></p>',
    );
  });

  it('says when the code expired or was used, forgets it, and offers to record again', () => {
    const { addOn, server, userProperties } = setup();
    addOn.startGmailRecording();
    server.expire('handoff1');
    expect(addOn.onGmailCompose().map(snapshot)).toEqual([startCard(EXPIRED)]);
    expect(userProperties.size).toBe(0);
    expect(snapshot(addOn.insertGmailRecording())).toEqual({
      ActionResponse: [['setNavigation', { Navigation: [['updateCard', startCard()]] }]],
    });
  });

  it('treats a code past its expiry as expired without asking the server', () => {
    const { addOn, requests, userProperties } = setup();
    userProperties.set('vocal.gmail.handoff', JSON.stringify({ id: 'old', secret: 's', expiresAt: '2029-12-31T00:00:00.000Z' }));
    expect(addOn.onGmailCompose().map(snapshot)).toEqual([startCard(EXPIRED)]);
    expect(requests).toEqual([]);
    expect(snapshot(addOn.reopenGmailRecording())).toEqual({
      ActionResponse: [['setNavigation', { Navigation: [['updateCard', startCard(EXPIRED)]] }]],
    });
  });

  it('reopens the same code’s page while it lasts, and Start over forgets it', () => {
    const { addOn, userProperties } = setup();
    addOn.startGmailRecording();
    expect(JSON.stringify(snapshot(addOn.reopenGmailRecording()))).toContain(`${BASE}/record/gmail/handoff1`);
    expect(snapshot(addOn.discardGmailRecording())).toEqual({
      ActionResponse: [['setNavigation', { Navigation: [['updateCard', startCard()]] }]],
    });
    expect(userProperties.size).toBe(0);
  });

  it('turns an unreachable or failing server into a message, never a broken card', () => {
    const down = setup({
      fetch: () => {
        throw new Error('DNS error: vocal.example.com');
      },
    });
    expect(snapshot(down.addOn.startGmailRecording())).toEqual({
      ActionResponse: [['setNotification', { Notification: [['setText', 'Vocal could not be reached (DNS error: vocal.example.com).']] }]],
    });
    down.userProperties.set('vocal.gmail.handoff', JSON.stringify({ id: 'h', secret: 's', expiresAt: '2030-01-01T12:30:00.000Z' }));
    expect(down.addOn.onGmailCompose().map(snapshot)).toEqual([
      card(
        'Voice message',
        ['Vocal could not be reached (DNS error: vocal.example.com). Try again in a moment.'],
        [button('Try again', 'refreshGmailCard', true)],
      ),
    ]);
    // The code is kept: the message may still be there when the server is back.
    expect(down.userProperties.size).toBe(1);

    const failing = setup({ fetch: () => ({ status: 500, body: '{"msg":"Something went wrong"}' }) });
    expect(JSON.stringify(snapshot(failing.addOn.startGmailRecording()))).toContain('Vocal answered: Something went wrong');
    const garbled = setup({ fetch: () => ({ status: 201, body: '{"id":""}' }) });
    expect(JSON.stringify(snapshot(garbled.addOn.startGmailRecording()))).toContain('Vocal answered with a code the add-on cannot read.');
  });

  it('reads the server from the script property VOCAL_URL over the built-in one, and says when neither is set', () => {
    const configured = setup({ builtIn: '%PUBLIC_URL%', serverUrl: 'https://voice.acme.test/' });
    const server = createFakeHandoffServer('https://voice.acme.test');
    const fakes = createFakeAppsScript({ fetch: server.handler, serverUrl: 'https://voice.acme.test/' });
    const addOn = createAddOn(fakes.services, '%PUBLIC_URL%');
    expect(JSON.stringify(snapshot(addOn.startGmailRecording()))).toContain('https://voice.acme.test/record/gmail/handoff1');
    expect(configured.requests).toEqual([]);

    const unset = setup({ builtIn: '%PUBLIC_URL%' });
    expect(() => unset.addOn.startGmailRecording()).toThrow(
      "The Vocal server's address is not set: set the script property VOCAL_URL (for example https://vocal.example.com).",
    );
  });

  it('has a homepage that says where the recorder is', () => {
    const { addOn } = setup();
    expect(addOn.onGmailHomepage().map(snapshot)).toEqual([
      card('Vocal', ['Write or reply to an email, then choose Vocal in the compose toolbar to record a voice message for it.'], []),
    ]);
  });
});
