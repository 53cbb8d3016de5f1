/// <reference types="office-js" />
import type { OutlookDialog, OutlookDialogOffice, OutlookOffice } from './outlook-office.ts';

/**
 * A fake of the Office namespace for unit tests: it records every call with its arguments and
 * lets a test play the dialog and the user. Values of its enums match office.js.
 */

type Failure = { code: number; message: string };

/** office.js's enums are strings at run time; @types/office-js declares them as numeric enums. */
const officeValue = <T>(value: string) => value as unknown as T;
type Result<T> = Office.AsyncResult<T>;

const succeeded = <T>(value: T): Result<T> => ({ status: officeValue<Office.AsyncResultStatus>('succeeded'), value }) as Result<T>;
const failedWith = <T>(failure: Failure): Result<T> =>
  ({
    status: officeValue<Office.AsyncResultStatus>('failed'),
    value: undefined,
    error: { code: failure.code, message: failure.message, name: 'Error' },
  }) as unknown as Result<T>;

export type FakeDialog = OutlookDialog & {
  url: string;
  options: Office.DialogOptions;
  /** What the taskpane sent with messageChild, oldest first. */
  childMessages: string[];
  closed: boolean;
  /** The dialog page calls messageParent. */
  messageParent(message: string, origin?: string): void;
  /** Office raises DialogEventReceived (12006: the person closed the window). */
  raiseEvent(code: number): void;
};

export type FakeOfficeOptions = {
  subject?: string;
  email?: string;
  bodyType?: 'html' | 'text';
  /** Requirement sets answered as supported, e.g. ['Mailbox 1.8', 'DialogApi 1.2']. */
  supported?: string[];
  /**
   * The item's conversationId. Absent: null, as Outlook answers for a new message; a reply
   * has its thread's (an EWS id, e.g. `AAQkAG…=`).
   */
  conversationId?: string | null;
  /** No compose item at all (opened in a read surface). */
  noItem?: boolean;
  failInsert?: Failure;
  failAttach?: Failure;
  failSubject?: Failure;
  /** notificationMessages.replaceAsync answers Failed with this. */
  failNotify?: Failure;
  /** displayDialogAsync fails with this. */
  failDialogOpen?: Failure;
  /** Dialogs have no messageChild (DialogApi 1.2 missing). */
  noMessageChild?: boolean;
  /**
   * Office.devicePermission's answers, one per request: true (a first grant), false (granted
   * before), or a failure (refused). Absent: the namespace has no devicePermission at all.
   */
  devicePermission?: (boolean | Failure)[];
};

export function createFakeOffice(options: FakeOfficeOptions = {}) {
  const calls = {
    setSelectedData: [] as { data: string; coercionType: unknown }[],
    attachments: [] as { base64: string; name: string }[],
    /** Each notificationMessages.replaceAsync, with the item's conversation at the time. */
    notifications: [] as { conversationId: string | null; key: string; details: Office.NotificationMessageDetails }[],
    /** What each requestPermissionsAsync asked for. */
    permissionRequests: [] as unknown[][],
    dialogs: [] as FakeDialog[],
  };
  const supported = new Set(options.supported ?? ['Mailbox 1.8', 'DialogApi 1.2']);
  const EventType = {
    DialogMessageReceived: officeValue<Office.EventType>('dialogMessageReceived'),
    DialogEventReceived: officeValue<Office.EventType>('dialogEventReceived'),
    DialogParentMessageReceived: officeValue<Office.EventType>('dialogParentMessageReceived'),
  };
  const CoercionType = { Html: officeValue<Office.CoercionType>('html'), Text: officeValue<Office.CoercionType>('text') };

  const MailboxEnums = {
    ItemNotificationMessageType: {
      InformationalMessage: officeValue<Office.MailboxEnums.ItemNotificationMessageType>('informationalMessage'),
    },
  };

  /** A compose item in `conversationId` (null: a new message), as Office.context.mailbox.item holds it. */
  const composeItemIn = (conversationId: string | null) => ({
    conversationId,
    subject: {
      getAsync(callback: (result: Result<string>) => void) {
        callback(options.failSubject ? failedWith(options.failSubject) : succeeded(options.subject ?? ''));
      },
    },
    body: {
      getTypeAsync(callback: (result: Result<Office.CoercionType>) => void) {
        callback(succeeded(options.bodyType === 'text' ? CoercionType.Text : CoercionType.Html));
      },
      setSelectedDataAsync(data: string, coercion: Office.CoercionTypeOptions, callback: (result: Result<void>) => void) {
        if (options.failInsert) return callback(failedWith(options.failInsert));
        calls.setSelectedData.push({ data, coercionType: coercion.coercionType });
        callback(succeeded(undefined));
      },
    },
    addFileAttachmentFromBase64Async(base64: string, name: string, callback: (result: Result<string>) => void) {
      if (options.failAttach) return callback(failedWith(options.failAttach));
      calls.attachments.push({ base64, name });
      callback(succeeded(`attachment-${calls.attachments.length}`));
    },
    notificationMessages: {
      replaceAsync(key: string, details: Office.NotificationMessageDetails, callback: (result: Result<void>) => void) {
        // office.js checks the arguments before anything is sent, and throws.
        if (key.length > 32) throw new Error('Sys.ArgumentOutOfRangeException: key');
        if (details.message.length > 150) throw new Error('Sys.ArgumentOutOfRangeException: message');
        if (details.type === MailboxEnums.ItemNotificationMessageType.InformationalMessage && !details.icon) {
          throw new Error('Sys.ArgumentException: icon');
        }
        if (options.failNotify) return callback(failedWith(options.failNotify));
        calls.notifications.push({ conversationId, key, details });
        callback(succeeded(undefined));
      },
    },
  });
  const mailbox: { item: ReturnType<typeof composeItemIn> | null; userProfile: { emailAddress?: string } } = {
    item: options.noItem ? null : composeItemIn(options.conversationId ?? null),
    userProfile: options.email ? { emailAddress: options.email } : {},
  };

  function openDialog(url: string, dialogOptions: Office.DialogOptions): FakeDialog {
    const handlers = new Map<unknown, ((args: { message: string; origin: string | undefined } | { error: number }) => void)[]>();
    const fire = (type: unknown, args: { message: string; origin: string | undefined } | { error: number }) => {
      for (const handler of handlers.get(type) ?? []) handler(args);
    };
    const dialog: FakeDialog = {
      url,
      options: dialogOptions,
      childMessages: [],
      closed: false,
      close() {
        dialog.closed = true;
      },
      addEventHandler(type, handler) {
        handlers.set(type, [...(handlers.get(type) ?? []), handler]);
      },
      messageParent(message, origin) {
        fire(EventType.DialogMessageReceived, { message, origin });
      },
      raiseEvent(code) {
        fire(EventType.DialogEventReceived, { error: code });
      },
    };
    if (!options.noMessageChild) {
      dialog.messageChild = (message: string) => {
        dialog.childMessages.push(message);
      };
    }
    return dialog;
  }

  const office = {
    context: {
      mailbox,
      displayLanguage: 'en-GB',
      requirements: { isSetSupported: (name: string, version?: string) => supported.has(`${name} ${version ?? ''}`.trim()) },
      ui: {
        displayDialogAsync(url: string, dialogOptions: Office.DialogOptions, callback: (result: Result<OutlookDialog>) => void) {
          if (options.failDialogOpen) return callback(failedWith(options.failDialogOpen));
          const dialog = openDialog(url, dialogOptions);
          calls.dialogs.push(dialog);
          callback(succeeded<OutlookDialog>(dialog));
        },
      },
    },
    AsyncResultStatus: { Failed: officeValue<Office.AsyncResultStatus>('failed') },
    CoercionType,
    EventType,
    MailboxEnums,
    ...(options.devicePermission ? devicePermissionOf(options.devicePermission) : {}),
  } satisfies OutlookOffice;

  function devicePermissionOf(answers: (boolean | Failure)[]): Pick<OutlookOffice, 'devicePermission' | 'DevicePermissionType'> {
    return {
      DevicePermissionType: { microphone: officeValue<Office.DevicePermissionType>('microphone') },
      devicePermission: {
        requestPermissionsAsync(permissions, callback) {
          calls.permissionRequests.push([...permissions]);
          const answer = answers.shift() ?? false;
          callback(typeof answer === 'boolean' ? succeeded(answer) : failedWith(answer));
        },
      },
    };
  }

  /** The dialog opened last; tests wait for it with `await nextDialog()`. */
  async function nextDialog(): Promise<FakeDialog> {
    for (let tries = 0; tries < 100; tries++) {
      const dialog = calls.dialogs.at(-1);
      if (dialog) return dialog;
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    throw new Error('No dialog was opened');
  }

  /**
   * The person selects another item with the taskpane pinned: Office.context.mailbox.item is
   * that item from then on (null when none is selected).
   */
  function selectItem(next: { conversationId: string | null } | null) {
    mailbox.item = next ? composeItemIn(next.conversationId) : null;
  }

  return { office, calls, nextDialog, selectItem };
}

/** A fake of what a dialog page sees of Office: messageParent, and the parent's messages where supported. */
export function createFakeDialogOffice(options: { canHearParent?: boolean; failListen?: Failure } = {}) {
  const sent: string[] = [];
  const listeners: ((args: Office.DialogParentMessageReceivedEventArgs) => void)[] = [];
  const canHear = options.canHearParent ?? true;
  const office: OutlookDialogOffice = {
    context: {
      requirements: { isSetSupported: (name, version) => canHear && name === 'DialogApi' && version === '1.2' },
      ui: {
        messageParent: (message) => void sent.push(message),
        ...(canHear
          ? {
              addHandlerAsync(
                _type: Office.EventType,
                handler: (args: Office.DialogParentMessageReceivedEventArgs) => void,
                callback: (result: Result<void>) => void,
              ) {
                if (options.failListen) return callback(failedWith(options.failListen));
                listeners.push(handler);
                callback(succeeded(undefined));
              },
            }
          : {}),
      },
    },
    AsyncResultStatus: { Failed: officeValue<Office.AsyncResultStatus>('failed') },
    EventType: { DialogParentMessageReceived: officeValue<Office.EventType>('dialogParentMessageReceived') },
  };
  const fromParent = (message: string, origin?: string) => {
    for (const listener of listeners) listener({ message, origin, type: officeValue<Office.EventType>('dialogParentMessageReceived') });
  };
  return { office, sent, fromParent };
}
