// The worker that runs bao's engine (cmd/baowasm, compiled to WebAssembly) off the page's
// thread. Go's wasm_exec.js and the line that names the engine's file (self.baoWasm, beside
// this script) come before this file in the same script (see webengine.go). The page sends
// {id, op, args}; the worker answers {id, json} with the string the engine returned, or
// {id, error} if the call failed, {id, error, load: true} if the engine could not be loaded or
// start. It knows no rules: every answer comes from the engine, which starts on the first
// message.
(function () {
  'use strict';
  var ready = null;
  function start(url) {
    var go = new Go();
    var load = WebAssembly.instantiateStreaming ?
      WebAssembly.instantiateStreaming(fetch(url), go.importObject).catch(function () {
        // A host that does not send application/wasm: compile from the bytes.
        return fetch(url).then(function (r) { return r.arrayBuffer(); })
          .then(function (b) { return WebAssembly.instantiate(b, go.importObject); });
      }) :
      fetch(url).then(function (r) { return r.arrayBuffer(); })
        .then(function (b) { return WebAssembly.instantiate(b, go.importObject); });
    return load.then(function (res) {
      go.run(res.instance);
      if (!self.baoEngine) throw new Error('the engine did not start');
      return self.baoEngine;
    });
  }
  self.onmessage = function (e) {
    var m = e.data || {};
    if (!ready) ready = start(new URL(self.baoWasm, self.location.href).href);
    ready.then(function (eng) {
      var f = eng[m.op];
      if (typeof f !== 'function') throw new Error('no such engine call: ' + m.op);
      self.postMessage({ id: m.id, json: f.apply(eng, m.args || []) });
    }, function (err) { // the engine was not loaded or did not start: load tells the page so
      self.postMessage({ id: m.id, error: String(err && err.message || err), load: true });
    }).catch(function (err) {
      self.postMessage({ id: m.id, error: String(err && err.message || err) });
    });
  };
})();
