/// <reference types="office-js" />

/**
 * The part of the Office namespace the add-in uses, typed from @types/office-js. The entries
 * pass the real `Office` (see outlook-office-runtime.ts); tests pass a fake of this shape.
 * Each method lists only the overload we call, so the real namespace fits and a fake is small.
 */

type Callback<T> = (result: Office.AsyncResult<T>) => void;

export type OutlookComposeItem = {
  /** A compose item's subject is an object with getAsync; a read item's is a plain string. */
  subject?: string | { getAsync(callback: Callback<string>): void };
  /**
   * The email conversation the item is in: null (undefined in some clients) for a new message
   * until it is saved with a subject; a reply has its thread's.
   */
  conversationId?: string | null;
  body?: {
    getTypeAsync?(callback: Callback<Office.CoercionType>): void;
    setSelectedDataAsync(data: string, options: Office.AsyncContextOptions & Office.CoercionTypeOptions, callback: Callback<void>): void;
  };
  addFileAttachmentFromBase64Async?(base64File: string, attachmentName: string, callback: Callback<string>): void;
  /** The item's notifications, shown above its body (Mailbox 1.3). */
  notificationMessages?: {
    replaceAsync(key: string, message: Office.NotificationMessageDetails, callback: Callback<void>): void;
  };
};

export type OutlookDialog = {
  close(): void;
  addEventHandler(
    eventType: Office.EventType,
    handler: (args: { message: string; origin: string | undefined } | { error: number }) => void,
  ): void;
  /** Absent where DialogApi 1.2 is not supported. */
  messageChild?(message: string): void;
};

/** What the taskpane's adapter uses. */
export type OutlookOffice = {
  context: {
    mailbox?: {
      item?: OutlookComposeItem | null;
      userProfile?: { emailAddress?: string };
    };
    displayLanguage?: string;
    requirements: { isSetSupported(name: string, minVersion?: string): boolean };
    ui: {
      displayDialogAsync(startAddress: string, options: Office.DialogOptions, callback: Callback<OutlookDialog>): void;
    };
  };
  AsyncResultStatus: { Failed: Office.AsyncResultStatus };
  CoercionType: { Html: Office.CoercionType; Text: Office.CoercionType };
  EventType: { DialogMessageReceived: Office.EventType; DialogEventReceived: Office.EventType };
  MailboxEnums: { ItemNotificationMessageType: { InformationalMessage: Office.MailboxEnums.ItemNotificationMessageType } };
  /**
   * Office's own permission for the add-in's device capabilities (DevicePermission 1.1: Outlook
   * on the web in Chromium browsers, new Outlook on Windows). Absent from older office.js.
   */
  devicePermission?: {
    requestPermissionsAsync(permissions: Office.DevicePermissionType[], callback: Callback<boolean>): void;
  };
  DevicePermissionType?: { microphone: Office.DevicePermissionType };
};

/** What a dialog page uses: Office allows only messageParent, isSetSupported and the parent-message handler there. */
export type OutlookDialogOffice = {
  context: {
    requirements: { isSetSupported(name: string, minVersion?: string): boolean };
    ui: {
      messageParent(message: string): void;
      addHandlerAsync?(
        eventType: Office.EventType,
        handler: (args: Office.DialogParentMessageReceivedEventArgs) => void,
        callback: Callback<void>,
      ): void;
    };
  };
  AsyncResultStatus: { Failed: Office.AsyncResultStatus };
  EventType: { DialogParentMessageReceived: Office.EventType };
};
