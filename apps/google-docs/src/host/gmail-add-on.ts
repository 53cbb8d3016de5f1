import { shareHtml, type Share } from '@vocal/host-contract';
import type { AppsScriptServices } from './apps-script-services.ts';
import { HandoffError, type HandoffApi } from './handoff-api.ts';
import { pendingHandoffs, type PendingHandoff } from './pending-handoffs.ts';

type Card = GoogleAppsScript.Card_Service.Card;
type CardService = GoogleAppsScript.Card_Service.CardService;

/** The record page a Gmail code opens, on our server (spec: /record/gmail/:id). */
export const gmailRecordUrl = (baseUrl: string, id: string) => `${baseUrl}/record/gmail/${encodeURIComponent(id)}`;

const minutesAndSeconds = (seconds: number) => {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/**
 * The Gmail add-on: a compose action whose card records through our page and puts the link
 * into the draft. Cards run no JavaScript in the client (no microphone), so "Record a voice
 * message" opens /record/gmail/:id in an overlay (a browser tab on phones) with a one-time
 * code; closing it reloads the add-on (OnClose.RELOAD), whose card then claims the message
 * and offers Insert, which answers an UpdateDraftActionResponse inserting the link as HTML.
 */
export function createGmailAddOn(
  services: AppsScriptServices,
  options: { baseUrl: () => string; handoffs: () => HandoffApi; now?: () => Date },
) {
  const cards = (): CardService => services.CardService;
  const pending = pendingHandoffs(services).gmail;
  const now = options.now ?? (() => new Date());

  const action = (functionName: string) => cards().newAction().setFunctionName(functionName);
  const button = (text: string, functionName: string, filled = false) => {
    const made = cards().newTextButton().setText(text).setOnClickAction(action(functionName));
    return filled ? made.setTextButtonStyle(cards().TextButtonStyle.FILLED) : made;
  };
  const paragraph = (text: string) => cards().newTextParagraph().setText(text);

  const card = (title: string, lines: string[], buttons: GoogleAppsScript.Card_Service.TextButton[]): Card => {
    const section = cards().newCardSection();
    for (const line of lines) section.addWidget(paragraph(line));
    if (buttons.length > 0) {
      const set = cards().newButtonSet();
      for (const one of buttons) set.addButton(one);
      section.addWidget(set);
    }
    return cards().newCardBuilder().setHeader(cards().newCardHeader().setTitle(title)).addSection(section).build();
  };

  const startCard = (lead?: string) =>
    card(
      'Voice message',
      [
        ...(lead ? [lead] : []),
        'Record a voice message in Vocal. When you close Vocal, come back here and tap Insert: the link goes into this email with your signature message.',
      ],
      [button('Record a voice message', 'startGmailRecording', true)],
    );

  const readyCard = (share: Share) =>
    card(
      'Your voice message is ready',
      [
        `<b>${escapeCardText(share.title)}</b> (${minutesAndSeconds(share.durationSeconds)})`,
        'Insert puts its link where you are writing.',
      ],
      [button('Insert', 'insertGmailRecording', true), button('Discard', 'discardGmailRecording')],
    );

  const waitingCard = () =>
    card(
      'Waiting for your voice message',
      ['Finish your message in the Vocal window, then tap Insert.', 'If you closed Vocal before your message was done, open it again.'],
      [
        button('Insert', 'insertGmailRecording', true),
        button('Open Vocal again', 'reopenGmailRecording'),
        button('Start over', 'discardGmailRecording'),
      ],
    );

  const expiredLead = 'That recording code expired (each lasts 30 minutes and is used once). Record again.';

  /**
   * Claims the message of the pending code, keeping it (in the user's properties) until it
   * is inserted or discarded: the server hands it out once.
   */
  const settle = (): { state: 'none' } | { state: 'waiting' } | { state: 'gone' } | { state: 'ready'; share: Share } => {
    const current = pending.get();
    if (!current) return { state: 'none' };
    if (current.share) return { state: 'ready', share: current.share };
    if (Date.parse(current.expiresAt) < now().getTime()) {
      pending.clear();
      return { state: 'gone' };
    }
    const claimed = options.handoffs().claim(current.id, current.secret);
    if (claimed.status === 'gone') {
      pending.clear();
      return { state: 'gone' };
    }
    if (claimed.status === 'waiting') return { state: 'waiting' };
    pending.set({ ...current, share: claimed.share });
    return { state: 'ready', share: claimed.share };
  };

  const failureCard = (error: unknown) => {
    if (!(error instanceof HandoffError)) throw error;
    return card('Voice message', [`${error.message} Try again in a moment.`], [button('Try again', 'refreshGmailCard', true)]);
  };

  /** The card for where this user is: nothing pending, waiting, ready, or expired. */
  const currentCard = (): Card => {
    try {
      const settled = settle();
      if (settled.state === 'ready') return readyCard(settled.share);
      if (settled.state === 'waiting') return waitingCard();
      if (settled.state === 'gone') return startCard(expiredLead);
      return startCard();
    } catch (error) {
      return failureCard(error);
    }
  };

  const openRecorder = (handoff: PendingHandoff) =>
    cards()
      .newActionResponseBuilder()
      .setOpenLink(
        cards()
          .newOpenLink()
          .setUrl(gmailRecordUrl(options.baseUrl(), handoff.id))
          .setOpenAs(cards().OpenAs.OVERLAY)
          .setOnClose(cards().OnClose.RELOAD),
      )
      .build();

  const notify = (text: string) => cards().newActionResponseBuilder().setNotification(cards().newNotification().setText(text)).build();
  const showCard = (next: Card) => cards().newActionResponseBuilder().setNavigation(cards().newNavigation().updateCard(next)).build();

  return {
    /** Compose trigger (gmail.composeTrigger.selectActions): the card, as the user left it. */
    onGmailCompose: (): Card[] => [currentCard()],
    /** The homepage outside a draft: where to find the recorder. */
    onGmailHomepage: (): Card[] => [
      card('Vocal', ['Write or reply to an email, then choose Vocal in the compose toolbar to record a voice message for it.'], []),
    ],
    /** "Record a voice message": a new code, then our record page in an overlay that reloads the card when closed. */
    startGmailRecording() {
      try {
        const created = options.handoffs().create('gmail');
        const handoff = { id: created.id, secret: created.secret, expiresAt: created.expiresAt };
        pending.set(handoff);
        return openRecorder(handoff);
      } catch (error) {
        if (error instanceof HandoffError) return notify(error.message);
        throw error;
      }
    },
    /** "Open Vocal again": the same code's page, while it lasts. */
    reopenGmailRecording() {
      const current = pending.get();
      if (!current || Date.parse(current.expiresAt) < now().getTime()) {
        pending.clear();
        return showCard(startCard(expiredLead));
      }
      return openRecorder(current);
    },
    /** "Insert": the link and the signature message into the draft where the cursor is, then forgotten. */
    insertGmailRecording() {
      let settled: ReturnType<typeof settle>;
      try {
        settled = settle();
      } catch (error) {
        if (error instanceof HandoffError) return notify(error.message);
        throw error;
      }
      if (settled.state === 'waiting') return notify('Your voice message is not ready yet: finish it in the Vocal window first.');
      if (settled.state !== 'ready') return showCard(startCard(settled.state === 'gone' ? expiredLead : undefined));
      pending.clear();
      return cards()
        .newUpdateDraftActionResponseBuilder()
        .setUpdateDraftBodyAction(
          cards()
            .newUpdateDraftBodyAction()
            .addUpdateContent(shareHtml(settled.share), cards().ContentType.MUTABLE_HTML)
            .setUpdateType(cards().UpdateDraftBodyType.IN_PLACE_INSERT),
        )
        .build();
    },
    /** "Discard" / "Start over": forgets the code and its message. */
    discardGmailRecording() {
      pending.clear();
      return showCard(startCard());
    },
    /** "Try again" after a failure. */
    refreshGmailCard: () => showCard(currentCard()),
  };
}

/** Card text is a small HTML subset: a title the user typed stays text. */
export const escapeCardText = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
