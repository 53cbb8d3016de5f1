/*
 * Stands in for Zendesk's ZAF v2 client (zaf_sdk.min.js from static.zdassets.com), which a
 * test cannot download. The browser tests answer the CDN's URL with this file. It speaks the
 * client's side of ZAF's real wire protocol, so the harness page (e2e/zendesk-harness.ts)
 * plays Zendesk exactly as Zendesk would answer the real client:
 * - the frame's URL carries `origin` (Zendesk's page) and `app_guid`;
 * - every message is a JSON string posted to window.parent, aimed at that origin, and only
 *   messages from that window and origin are heard;
 * - `iframe.handshake` first; calls wait until Zendesk answers `zaf.app.registered` with
 *   `{metadata, context}`;
 * - get/set/invoke go out as `{id, request, params, appGuid, instanceGuid}` and come back as
 *   `{id, result}` or `{id, error}`; a single-path call fails when `result.errors` names it;
 * - framework events arrive as `{key: 'zaf.<event>', message}`; `on(event)` announces
 *   `iframe.on:<event>` with the subscriber count.
 */
(function () {
  'use strict';
  var TIMEOUT_MS = 10000;

  function parameters(text) {
    var found = {};
    new URLSearchParams(text.replace(/^[?#]/, '')).forEach(function (value, key) {
      found[key] = value;
    });
    return found;
  }

  function createClient(origin, appGuid) {
    var self = { ready: false, _metadata: null, _context: null };
    var handlers = {};
    var pending = {};
    var queue = [];
    var nextId = 0;

    function post(message, force) {
      var text = JSON.stringify(message);
      if (self.ready || force) window.parent.postMessage(text, origin);
      else queue.push(text);
    }

    function trigger(name, data) {
      (handlers[name] || []).slice().forEach(function (handler) {
        handler(data);
      });
    }

    function request(name, params, path) {
      var id = ++nextId;
      return new Promise(function (resolve, reject) {
        var timer = setTimeout(function () {
          delete pending[id];
          reject(new Error('Invocation request timeout'));
        }, TIMEOUT_MS);
        pending[id] = function (data) {
          clearTimeout(timer);
          delete pending[id];
          if (data.error) return reject(new Error(data.error.message || String(data.error)));
          var error = typeof path === 'string' && data.result && data.result.errors && data.result.errors[path];
          if (error) return reject(new Error('"' + path + '" ' + error.message));
          resolve(data.result);
        };
        post({ id: id, request: name, params: params, appGuid: appGuid, instanceGuid: appGuid });
      });
    }

    window.addEventListener('message', function (event) {
      if (event.origin !== origin || event.source !== window.parent || typeof event.data !== 'string') return;
      var data;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      if (data.id && pending[data.id]) return pending[data.id](data);
      if (typeof data.key !== 'string' || data.key.indexOf('zaf.') !== 0) return;
      var key = data.key.slice(4);
      if (key === 'app.registered') {
        self.ready = true;
        self._metadata = data.message.metadata;
        self._context = data.message.context;
        queue.splice(0).forEach(function (text) {
          window.parent.postMessage(text, origin);
        });
      }
      trigger(key, data.message);
    });

    self.on = function (name, handler) {
      if (typeof handler !== 'function') return;
      (handlers[name] = handlers[name] || []).push(handler);
      if (name !== 'app.registered') {
        post({ key: 'iframe.on:' + name, message: { subscriberCount: handlers[name].length }, appGuid: appGuid, instanceGuid: appGuid });
      }
    };
    self.get = function (path) {
      return request('get', Array.isArray(path) ? path : [path], path);
    };
    self.set = function (key, value) {
      var params = typeof key === 'string' ? { [key]: value } : key;
      return request('set', params, key);
    };
    self.invoke = function (name) {
      var params = typeof name === 'string' ? { [name]: Array.prototype.slice.call(arguments, 1) } : name;
      return request('invoke', params, name);
    };
    self.metadata = function () {
      return self.ready
        ? Promise.resolve(self._metadata)
        : new Promise(function (resolve) {
            self.on('app.registered', function () {
              resolve(self._metadata);
            });
          });
    };
    self.context = function () {
      return self.ready
        ? Promise.resolve(self._context)
        : new Promise(function (resolve) {
            self.on('app.registered', function (data) {
              resolve(data.context);
            });
          });
    };

    post({ key: 'iframe.handshake', message: { version: '2.0.0-harness' }, appGuid: appGuid, instanceGuid: appGuid }, true);
    return self;
  }

  window.ZAFClient = {
    init: function (callback) {
      var query = parameters(window.location.search);
      var hash = parameters(window.location.hash);
      var origin = query.origin || hash.origin;
      var appGuid = query.app_guid || hash.app_guid;
      if (!origin || !appGuid) return false;
      var client = createClient(origin, appGuid);
      if (typeof callback === 'function') {
        client.on('app.registered', function (data) {
          callback.call(client, data.context);
        });
      }
      return client;
    },
  };
})();
