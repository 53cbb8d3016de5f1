/*
 * A stand-in for Microsoft's office.js, served to the test browser in place of the CDN
 * script. It plays Outlook for the add-in: a compose item, requirement sets, and dialogs that
 * the test harness opens as real pages and relays messages between. Every call the add-in
 * makes is recorded with its arguments on window.__officeCalls.
 *
 * The harness configures it per page (window.__fakeOfficeConfig) and provides the bindings
 * window.__officeHarness* that reach the test process.
 */
(() => {
  const config = window.__fakeOfficeConfig ?? {};
  const calls = [];
  window.__officeCalls = calls;
  const record = (name, args) => calls.push({ name, args: JSON.parse(JSON.stringify(args)) });
  const succeeded = (value) => ({ status: 'succeeded', value });
  const later = (work) => setTimeout(work, 0);
  const supported = new Set(config.requirementSets ?? []);

  const EventType = {
    DialogMessageReceived: 'dialogMessageReceived',
    DialogEventReceived: 'dialogEventReceived',
    DialogParentMessageReceived: 'dialogParentMessageReceived',
  };

  // The taskpane's side of an open dialog: handlers registered by the add-in, and what arrived before them.
  let openDialog = null;
  const dialogPageHandlers = [];

  function createDialog() {
    const handlers = { [EventType.DialogMessageReceived]: [], [EventType.DialogEventReceived]: [] };
    const pending = [];
    const dialog = {
      addEventHandler(type, handler) {
        record('dialog.addEventHandler', { type });
        handlers[type]?.push(handler);
        for (const [queuedType, args] of pending.splice(0)) deliver(queuedType, args);
      },
      close() {
        record('dialog.close', {});
        openDialog = null;
        void window.__officeHarnessCloseDialog();
      },
      messageChild(message) {
        record('dialog.messageChild', { message });
        void window.__officeHarnessMessageChild(message);
      },
    };
    function deliver(type, args) {
      if (handlers[type].length === 0) pending.push([type, args]);
      else for (const handler of handlers[type]) handler(args);
    }
    return { dialog, deliver };
  }

  const ItemNotificationMessageType = {
    ProgressIndicator: 'progressIndicator',
    InformationalMessage: 'informationalMessage',
    ErrorMessage: 'errorMessage',
    InsightMessage: 'insightMessage',
  };

  // The email being written: its HTML and where the cursor is. Outlook writes at the top of the
  // body when the cursor is not in it, and the cursor then follows what went in.
  const draft = { html: config.body ?? '', cursor: 0 };
  // The item's notifications, by key, in the order Outlook shows them above the body.
  const notifications = new Map();

  // office.js checks a notification's arguments before anything is sent, and throws.
  function checkNotification(key, details) {
    if (typeof key !== 'string' || key.length > 32) throw new Error('Sys.ArgumentOutOfRangeException: key');
    if (typeof details?.message !== 'string' || details.message.length > 150) {
      throw new Error('Sys.ArgumentOutOfRangeException: message');
    }
    const typed =
      details.type === ItemNotificationMessageType.InformationalMessage || details.type === ItemNotificationMessageType.InsightMessage;
    if (typed && !details.icon) throw new Error('Sys.ArgumentException: icon');
    if (!typed && details.icon !== undefined) throw new Error('Sys.ArgumentException: icon');
    if (details.type !== ItemNotificationMessageType.InformationalMessage && details.persistent !== undefined) {
      throw new Error('Sys.ArgumentException: persistent');
    }
  }

  // Five notifications at most on an item (the error's code is not documented: 9999 stands in).
  function setNotification(key, details, callback) {
    checkNotification(key, details);
    if (!notifications.has(key) && notifications.size >= 5) {
      const error = { code: 9999, message: 'NumberOfNotificationMessagesExceeded', name: 'NumberOfNotificationMessagesExceeded' };
      later(() => callback?.({ status: 'failed', value: undefined, error }));
      return;
    }
    notifications.set(key, { key, ...details });
    later(() => callback?.(succeeded(undefined)));
  }

  const item = {
    // Null for a new message, as Outlook answers until it is saved; a reply has its thread's.
    conversationId: config.conversationId ?? null,
    subject: {
      getAsync(callback) {
        record('item.subject.getAsync', {});
        later(() => callback(succeeded(config.subject ?? '')));
      },
    },
    body: {
      getTypeAsync(callback) {
        record('item.body.getTypeAsync', {});
        later(() => callback(succeeded(config.bodyType ?? 'html')));
      },
      setSelectedDataAsync(data, options, callback) {
        record('item.body.setSelectedDataAsync', { data, options });
        draft.html = draft.html.slice(0, draft.cursor) + data + draft.html.slice(draft.cursor);
        draft.cursor += data.length;
        later(() => callback(succeeded(undefined)));
      },
    },
    notificationMessages: {
      addAsync(key, details, callback) {
        record('item.notificationMessages.addAsync', { key, details });
        setNotification(key, details, callback);
      },
      replaceAsync(key, details, callback) {
        record('item.notificationMessages.replaceAsync', { key, details });
        setNotification(key, details, callback);
      },
      getAllAsync(callback) {
        record('item.notificationMessages.getAllAsync', {});
        later(() => callback(succeeded([...notifications.values()])));
      },
      removeAsync(key, callback) {
        record('item.notificationMessages.removeAsync', { key });
        notifications.delete(key);
        later(() => callback?.(succeeded(undefined)));
      },
    },
    addFileAttachmentFromBase64Async(base64File, attachmentName, callback) {
      record('item.addFileAttachmentFromBase64Async', { base64File, attachmentName });
      later(() => callback(succeeded(`attachment-${calls.length}`)));
    },
  };

  const ui = {
    displayDialogAsync(startAddress, options, callback) {
      record('ui.displayDialogAsync', { startAddress, options });
      if (openDialog) {
        later(() => callback({ status: 'failed', error: { code: 12007, message: 'A dialog is already open.', name: 'Error' } }));
        return;
      }
      openDialog = createDialog();
      const opened = openDialog;
      window.__officeHarnessOpenDialog(startAddress).then(() => callback(succeeded(opened.dialog)));
    },
    messageParent(message) {
      record('ui.messageParent', { message });
      void window.__officeHarnessMessageParent(message);
    },
    addHandlerAsync(type, handler, callback) {
      record('ui.addHandlerAsync', { type });
      if (type === EventType.DialogParentMessageReceived) dialogPageHandlers.push(handler);
      later(() => callback?.(succeeded(undefined)));
    },
  };

  // Office.devicePermission (DevicePermission 1.1): Office's own "allow the microphone" window,
  // played by the harness, which decides the answer and gives the frame the microphone.
  const devicePermission = {
    requestPermissionsAsync(permissions, optionsOrCallback, maybeCallback) {
      const callback = typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback;
      record('devicePermission.requestPermissionsAsync', { permissions });
      window
        .__officeHarnessDevicePermission(permissions)
        .then((answer) =>
          callback(
            answer.error
              ? { status: 'failed', value: undefined, error: { code: answer.error.code, message: answer.error.message, name: 'Error' } }
              : succeeded(answer.value),
          ),
        );
    },
  };

  // As office.js's Outlook files do (outlook-web-16.01.js, loadMsAjaxFull): MicrosoftAjax.js from
  // Microsoft's Ajax CDN before Office is ready, and nothing ready when the page may not load it.
  const microsoftAjax = new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'https://ajax.aspnetcdn.com/ajax/3.5/MicrosoftAjax.js';
    script.onload = () => resolve(undefined);
    script.onerror = () => reject(new Error('Not able to load MicrosoftAjax.js.'));
    document.head.append(script);
  });

  const isDialog = config.role === 'dialog';
  window.Office = {
    AsyncResultStatus: { Succeeded: 'succeeded', Failed: 'failed' },
    CoercionType: { Html: 'html', Text: 'text' },
    EventType,
    HostType: { Outlook: 'Outlook' },
    MailboxEnums: { ItemNotificationMessageType },
    DevicePermissionType: { camera: 'camera', geolocation: 'geolocation', microphone: 'microphone' },
    ...(config.devicePermission && !isDialog ? { devicePermission } : {}),
    PlatformType: { OfficeOnline: 'OfficeOnline' },
    onReady(callback) {
      const info = { host: 'Outlook', platform: 'OfficeOnline' };
      const ready = microsoftAjax.then(() => info);
      if (callback) void ready.then(callback);
      return ready;
    },
    context: {
      displayLanguage: 'en-GB',
      // Office offers a dialog page only messageParent, isSetSupported and the parent-message handler.
      mailbox: isDialog ? undefined : { item, userProfile: { emailAddress: config.email ?? '' } },
      requirements: {
        isSetSupported(name, minVersion) {
          return supported.has(`${name} ${minVersion ?? ''}`.trim());
        },
      },
      ui: isDialog
        ? { messageParent: ui.messageParent, addHandlerAsync: ui.addHandlerAsync }
        : { displayDialogAsync: ui.displayDialogAsync },
    },
  };

  // Entry points for the harness, which relays between the taskpane and its dialog.
  window.__fakeOffice = {
    /** The email being written, as Outlook would show it. */
    draftHtml: () => draft.html,
    /** The item's notifications, as Outlook shows them above the body. */
    notifications: () => [...notifications.values()],
    deliverToParent(message, origin) {
      openDialog?.deliver(EventType.DialogMessageReceived, { message, origin });
    },
    deliverDialogEvent(code) {
      const dialog = openDialog;
      openDialog = null;
      dialog?.deliver(EventType.DialogEventReceived, { error: code });
    },
    deliverToDialog(message, origin) {
      for (const handler of dialogPageHandlers) handler({ message, origin, type: EventType.DialogParentMessageReceived });
    },
  };
})();
