/*
 * Plays Zoho's SigmaSDK in the browser tests: the test answers the CDN's sigma-sdk.min.js with
 * this file. Zoho's bridge is closed, so this fake carries every call across the frame to the
 * harness page (e2e/zoho-harness.ts), which plays Zoho Mail: it records the call with its
 * arguments and answers it. Each message is tagged so the app's own messages never mix in.
 */
(function () {
  var TAG = 'fake-sigma-sdk';
  var pending = {};
  var next = 0;

  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.source !== window.parent || !data || data.tag !== TAG || !(data.id in pending)) return;
    var call = pending[data.id];
    delete pending[data.id];
    if (data.error !== undefined) call.reject(data.error);
    else call.resolve(data.result);
  });

  function ask(method, args) {
    var id = String(++next);
    return new Promise(function (resolve, reject) {
      pending[id] = { resolve: resolve, reject: reject };
      window.parent.postMessage({ tag: TAG, id: id, method: method, args: args }, '*');
    });
  }

  window.SigmaSDK = {
    MAIL: {
      init: function (onReady) {
        ask('init', []).then(function () {
          onReady();
        });
        return {
          get: function (keys) {
            return ask('get', [keys]);
          },
          dispatch: function (action, payload) {
            return ask('dispatch', [action, payload]);
          },
        };
      },
    },
  };
})();
