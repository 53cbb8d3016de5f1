import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';

/** What Office's fake recorded: every call the add-in made, with its arguments. */
export type OfficeCall = { name: string; args: Record<string, unknown> };

export type OfficeHarnessOptions = {
  /** The draft's subject, as item.subject.getAsync answers it. */
  subject?: string;
  /** Office's userProfile.emailAddress. */
  email?: string;
  /** The item's conversationId: the thread a reply is written in. Null (a new message) by default. */
  conversationId?: string | null;
  /** Requirement sets the fake answers as supported. */
  requirementSets?: string[];
  /**
   * Where dialog windows open. The taskpane's own context by default; a context of another
   * browser plays a client whose taskpane has no microphone while its windows do.
   */
  dialogContext?: BrowserContext;
  /**
   * Plays a client with DevicePermission 1.1 (Outlook on the web, new Outlook): the taskpane
   * gets the microphone only once the person allows it in Office's window. The first request
   * gives the taskpane's origin the microphone and answers true, later ones answer false.
   */
  devicePermission?: boolean;
};

export const OFFICE_JS = 'https://appsforoffice.microsoft.com/**';
const DEFAULT_SETS = ['Mailbox 1.1', 'Mailbox 1.4', 'Mailbox 1.8', 'DialogApi 1.1', 'DialogApi 1.2', 'DialogOrigin 1.1'];

let fakeOfficeScript: Promise<string> | null = null;
const fakeOffice = () => (fakeOfficeScript ??= readFile(new URL('./fake-office.js', import.meta.url), 'utf8'));

/** Where office.js's Outlook files load MicrosoftAjax.js from; the fake loads it too, so the page's CSP must let it in. */
const MICROSOFT_AJAX_JS = 'https://ajax.aspnetcdn.com/ajax/3.5/MicrosoftAjax.js';

/** Answers the CDN's office.js with the fake in every page of the context, and MicrosoftAjax.js with a stand-in. */
async function serveFakeOffice(context: BrowserContext) {
  const body = await fakeOffice();
  await context.route(OFFICE_JS, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body }));
  await context.route(MICROSOFT_AJAX_JS, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: 'window.Sys = window.Sys || {};' }),
  );
}

/**
 * Opens the taskpane at `url` in a page playing Outlook: office.js is the fake, and each
 * displayDialogAsync opens the dialog URL as a real page (in `dialogContext`), with
 * messageParent, messageChild, close and the person closing the window relayed between them
 * as Office would.
 */
export async function openTaskpane(context: BrowserContext, url: string, options: OfficeHarnessOptions = {}) {
  const dialogContext = options.dialogContext ?? context;
  await serveFakeOffice(context);
  if (dialogContext !== context) await serveFakeOffice(dialogContext);
  const requirementSets = [...(options.requirementSets ?? DEFAULT_SETS), ...(options.devicePermission ? ['DevicePermission 1.1'] : [])];
  /** Every devicePermission request, across the reloads it causes. */
  const permissionRequests: string[][] = [];

  const taskpane = await context.newPage();
  const dialogs: Page[] = [];
  let current: { page: Page; closedByParent: boolean } | null = null;
  const waiters: ((page: Page) => void)[] = [];

  await taskpane.addInitScript(
    (config) => {
      (window as unknown as { __fakeOfficeConfig: unknown }).__fakeOfficeConfig = config;
    },
    {
      role: 'taskpane',
      subject: options.subject ?? '',
      email: options.email ?? '',
      conversationId: options.conversationId ?? null,
      requirementSets,
      devicePermission: options.devicePermission ?? false,
    },
  );

  await taskpane.exposeBinding('__officeHarnessDevicePermission', async (_source, permissions: string[]) => {
    permissionRequests.push(permissions);
    if (permissionRequests.length > 1) return { value: false };
    // Office gives the add-in's frame the capability once the person chooses Allow.
    await context.grantPermissions(permissions.includes('microphone') ? ['microphone'] : [], { origin: new URL(taskpane.url()).origin });
    return { value: true };
  });

  await taskpane.exposeBinding('__officeHarnessOpenDialog', async (_source, dialogUrl: string) => {
    const page = await dialogContext.newPage();
    const opened = { page, closedByParent: false };
    current = opened;
    dialogs.push(page);
    await page.addInitScript(
      (config) => {
        (window as unknown as { __fakeOfficeConfig: unknown }).__fakeOfficeConfig = config;
      },
      { role: 'dialog', requirementSets },
    );
    // Office reports the dialog's origin with each message (DialogOrigin 1.1).
    await page.exposeBinding('__officeHarnessMessageParent', async (_dialogSource, message: string) => {
      const origin = new URL(page.url()).origin;
      await taskpane.evaluate(([text, from]) => window.__fakeOffice.deliverToParent(text, from), [message, origin] as const);
    });
    page.on('close', () => {
      if (!opened.closedByParent && !taskpane.isClosed()) {
        void taskpane.evaluate(() => window.__fakeOffice.deliverDialogEvent(12006)).catch(() => undefined);
      }
    });
    void page.goto(dialogUrl).catch(() => undefined);
    for (const resolve of waiters.splice(0)) resolve(page);
  });

  await taskpane.exposeBinding('__officeHarnessMessageChild', async (_source, message: string) => {
    const page = current?.page;
    if (!page || page.isClosed()) return;
    const origin = new URL(taskpane.url()).origin;
    await page.evaluate(([text, from]) => window.__fakeOffice.deliverToDialog(text, from), [message, origin] as const);
  });

  await taskpane.exposeBinding('__officeHarnessCloseDialog', async () => {
    const opened = current;
    current = null;
    if (!opened || opened.page.isClosed()) return;
    opened.closedByParent = true;
    await opened.page.close();
  });

  await taskpane.goto(url);

  return {
    taskpane,
    /** What each Office.devicePermission request asked for, oldest first. */
    permissionRequests,
    /** The dialogs opened so far, oldest first. */
    dialogs,
    /** The next dialog to open (or the open one, if one opened since the last call). */
    nextDialog(): Promise<Page> {
      const open = current?.page;
      if (open && !open.isClosed() && !claimed.has(open)) {
        claimed.add(open);
        return Promise.resolve(open);
      }
      return new Promise((resolve) =>
        waiters.push((page) => {
          claimed.add(page);
          resolve(page);
        }),
      );
    },
    /** Everything the taskpane asked of Office. */
    calls: () => taskpane.evaluate(() => window.__officeCalls as OfficeCall[]),
    callsNamed: async (name: string) =>
      (await taskpane.evaluate(() => window.__officeCalls as OfficeCall[])).filter((call) => call.name === name),
    /** The email being written, as Outlook would show it: what went in at the cursor. */
    draftHtml: () => taskpane.evaluate(() => window.__fakeOffice.draftHtml()),
    /** The notifications on the item, as Outlook shows them above its body. */
    notifications: () => taskpane.evaluate(() => window.__fakeOffice.notifications()),
  };
}

const claimed = new WeakSet<Page>();

declare global {
  interface Window {
    __fakeOffice: {
      draftHtml(): string;
      notifications(): { key: string; type: string; message: string; icon?: string; persistent?: boolean }[];
      deliverToParent(message: string, origin: string): void;
      deliverDialogEvent(code: number): void;
      deliverToDialog(message: string, origin: string): void;
    };
    __officeCalls: unknown[];
  }
}
