import type { Share } from '@vocal/host-contract';
import type { AppsScriptServices } from './apps-script-services.ts';
import { HandoffError, type HandoffApi } from './handoff-api.ts';
import { pendingHandoffs } from './pending-handoffs.ts';

type Element = GoogleAppsScript.Document.Element;
type Blob = GoogleAppsScript.Base.Blob;

/** The record page the sidebar frames, with the sidebar's code (spec: /record/google-workspace). */
export const docsRecordUrl = (baseUrl: string, id: string) => `${baseUrl}/record/google-workspace?handoff=${encodeURIComponent(id)}`;

/** The HtmlService file of the sidebar (sidebar.html beside Code.js in the script project). */
export const SIDEBAR_FILE = 'sidebar';

/** The waveform image's width in the document, in pixels (the image is 1024 wide). */
const IMAGE_WIDTH = 320;

/** Where the link went: at the cursor, after the selection, or at the end of the document. */
export type InsertPlace = 'cursor' | 'selection' | 'end';

/** What the sidebar's poll hears: nothing yet, the message inserted, or a code that no longer works. */
export type ClaimAnswer =
  | { status: 'waiting' }
  | { status: 'inserted'; title: string; url: string; place: InsertPlace }
  | { status: 'expired' }
  | { status: 'failed'; message: string };

/** A new code for the sidebar, and the page that records with it. */
export type SidebarHandoff = { id: string; recordUrl: string; appOrigin: string };

/**
 * The Google Docs editor add-on: Extensions → Vocal → Record a voice message opens a sidebar
 * (HtmlService) that frames our record page with a one-time code; the sidebar asks
 * claimRecording() until the message is there, and the script puts the link (its title as
 * the text) at the cursor, after the selection, or at the end, with the waveform if asked.
 */
export function createDocsAddOn(
  services: AppsScriptServices,
  options: { baseUrl: () => string; handoffs: () => HandoffApi; now?: () => Date },
) {
  const pending = pendingHandoffs(services).docs;
  const now = options.now ?? (() => new Date());

  const newHandoff = (): SidebarHandoff => {
    pending.sweep(now());
    const created = options.handoffs().create('google-docs');
    pending.set({ id: created.id, secret: created.secret, expiresAt: created.expiresAt });
    const baseUrl = options.baseUrl();
    return { id: created.id, recordUrl: docsRecordUrl(baseUrl, created.id), appOrigin: new URL(baseUrl).origin };
  };

  const waveform = (share: Share): Blob | null => {
    try {
      const response = services.UrlFetchApp.fetch(share.imageUrl, { muteHttpExceptions: true });
      return response.getResponseCode() === 200 ? response.getBlob() : null;
    } catch {
      // The link matters; a missing picture does not stop it.
      return null;
    }
  };

  const sized = (image: GoogleAppsScript.Document.InlineImage) => {
    const width = image.getWidth();
    if (width > IMAGE_WIDTH) image.setHeight(Math.round((image.getHeight() * IMAGE_WIDTH) / width)).setWidth(IMAGE_WIDTH);
  };

  /** The body-level paragraph or list item holding `element`, for inserting after it. */
  const blockOf = (element: Element): Element | null => {
    let current: Element | null = element;
    while (current) {
      const parent: Element | null = current.getParent() as Element | null;
      if (parent && parent.getType() === services.DocumentApp.ElementType.BODY_SECTION) return current;
      current = parent;
    }
    return null;
  };

  const insert = (share: Share, withImage: boolean): InsertPlace => {
    const document = services.DocumentApp.getActiveDocument();
    const image = withImage ? waveform(share) : null;
    const cursor = document.getCursor();
    if (cursor) {
      // Both go in at the cursor's position, each before what is there: the picture first, so the link comes before it.
      if (image) sized(cursor.insertInlineImage(image));
      const text = cursor.insertText(share.title);
      if (text) {
        text.setLinkUrl(share.url);
        return 'cursor';
      }
    }
    const body = document.getBody();
    const selection = document.getSelection();
    const elements = selection?.getRangeElements() ?? [];
    const last = elements[elements.length - 1];
    const block = last ? blockOf(last.getElement()) : null;
    const paragraph = block ? body.insertParagraph(body.getChildIndex(block) + 1, share.title) : body.appendParagraph(share.title);
    paragraph.setLinkUrl(share.url);
    if (image) sized(paragraph.appendInlineImage(image));
    return block ? 'selection' : 'end';
  };

  return {
    /** Adds the add-on's menu (Extensions → Vocal) when a document opens. */
    onOpen() {
      services.DocumentApp.getUi().createAddonMenu().addItem('Record a voice message', 'showVocalSidebar').addToUi();
    },
    /** On install the document is already open: add the menu now. */
    onInstall() {
      services.DocumentApp.getUi().createAddonMenu().addItem('Record a voice message', 'showVocalSidebar').addToUi();
    },
    /** The menu item: the sidebar, framing our record page with a new code. */
    showVocalSidebar() {
      const template = services.HtmlService.createTemplateFromFile(SIDEBAR_FILE);
      try {
        const handoff = newHandoff();
        template.recordUrl = handoff.recordUrl;
        template.handoffId = handoff.id;
        template.appOrigin = handoff.appOrigin;
        template.problem = '';
      } catch (error) {
        if (!(error instanceof HandoffError)) throw error;
        template.recordUrl = '';
        template.handoffId = '';
        template.appOrigin = '';
        template.problem = `${error.message} Close this sidebar and open it again in a moment.`;
      }
      services.DocumentApp.getUi().showSidebar(template.evaluate().setTitle('Vocal'));
    },
    /** google.script.run from the sidebar after a message went in: a code for the next one. */
    newVocalHandoff: (): SidebarHandoff => newHandoff(),
    /**
     * google.script.run from the sidebar, every few seconds and when our page says it shared:
     * claims the code's message and inserts it once.
     */
    claimVocalRecording(id: unknown, withImage: unknown): ClaimAnswer {
      if (typeof id !== 'string' || id.length === 0) return { status: 'expired' };
      const current = pending.get(id);
      if (!current) return { status: 'expired' };
      try {
        let share = current.share;
        if (!share) {
          const claimed = options.handoffs().claim(current.id, current.secret);
          if (claimed.status === 'waiting') return { status: 'waiting' };
          if (claimed.status === 'gone') {
            pending.clear(id);
            return { status: 'expired' };
          }
          // Handed out once: kept until it is in the document, so a failed insert is tried again.
          share = claimed.share;
          pending.set({ ...current, share });
        }
        const place = insert(share, withImage === true);
        pending.clear(id);
        return { status: 'inserted', title: share.title, url: share.url, place };
      } catch (error) {
        if (error instanceof HandoffError) return { status: 'failed', message: error.message };
        throw error;
      }
    },
  };
}
