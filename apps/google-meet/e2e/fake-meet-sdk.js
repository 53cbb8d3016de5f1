/*
 * Stands in for the Meet add-ons SDK (`meet.addon`) inside the add-on's frames, in the browser
 * tests only. Meet's real SDK speaks a closed protocol to Meet's page that no test can play, so
 * the harness build of the add-on (vite build --mode harness) takes this object from
 * `window.__vocalMeetAddonHarness` instead, and only that build does.
 *
 * It is added to every frame of the test's browser context (Playwright's addInitScript) and
 * acts only in a frame of the add-on's pages framed by the harness: each call goes to the
 * harness page (e2e/meet-harness.ts, playing Meet on Meet's origin) as
 * `{channel: 'vocal-meet-harness', id, call, args}`, and the answer comes back as
 * `{channel, id, result}` or `{channel, id, error: {errorType, message}}`, as the SDK's
 * promises resolve or reject with a MeetAddonError.
 */
(function (config) {
  'use strict';
  var addonPage =
    location.origin === config.addonOrigin &&
    (location.pathname === '/addons/meet' || location.pathname === '/hosts/google-meet/main-stage.html');
  if (window.parent === window || !addonPage) return;
  var CHANNEL = 'vocal-meet-harness';
  var pending = {};
  var nextId = 0;

  window.addEventListener('message', function (event) {
    if (event.source !== window.parent || event.origin !== config.meetOrigin) return;
    var data = event.data;
    if (!data || data.channel !== CHANNEL || !pending[data.id]) return;
    var settle = pending[data.id];
    delete pending[data.id];
    if (data.error) {
      var error = new Error(data.error.message);
      error.errorType = data.error.errorType;
      settle.reject(error);
    } else settle.resolve(data.result);
  });

  function call(name, args) {
    var id = ++nextId;
    return new Promise(function (resolve, reject) {
      pending[id] = { resolve: resolve, reject: reject };
      window.parent.postMessage({ channel: CHANNEL, id: id, call: name, args: args }, config.meetOrigin);
    });
  }

  function client(names) {
    var made = {};
    names.forEach(function (name) {
      made[name] = function () {
        return call(name, Array.prototype.slice.call(arguments));
      };
    });
    return made;
  }

  window.__vocalMeetAddonHarness = {
    createAddonSession: function (options) {
      return call('createAddonSession', [options]).then(function () {
        return {
          createSidePanelClient: function () {
            return call('createSidePanelClient', []).then(function () {
              return client(['getMeetingInfo', 'startActivity', 'endActivity', 'getActivityStartingState']);
            });
          },
          createMainStageClient: function () {
            return call('createMainStageClient', []).then(function () {
              return client(['getMeetingInfo', 'getActivityStartingState']);
            });
          },
        };
      });
    },
  };
})(window.__vocalMeetHarnessConfig || {});
