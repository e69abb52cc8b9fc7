/**
 * The SCORM runtime bridge of the content origin (issue 20 §3, decision 0120), served as
 * `/atrium-scorm/bridge.js` by the content listener and loaded by `/atrium-scorm/host.html`.
 *
 * The host page runs on the content origin inside the app's SCO iframe; the package's launch file
 * runs in a frame inside it, so the SCO's API finder (`window.parent.API` / `API_1484_11`) finds
 * the object defined here. It is a local copy of the learner's CMI: at load the page posts
 * `{ atriumScorm: 1, type: 'hello' }` to its parent (the app page, which keeps the real
 * scorm-again runtime) and waits for `{ type: 'state', values }` (flattened element → string)
 * before loading the SCO, so `GetValue` answers synchronously from that copy (`_count` from the
 * indices present). `SetValue` is applied locally and forwarded; Initialize, Commit and
 * Terminate (LMSInitialize, LMSCommit, LMSFinish) are forwarded as
 * `{ type: 'call', seq, method, args }` to the origin that answered the hello, asynchronously.
 * The hash of the host page names the version (`v=1.2|2004`) and the launch file (`launch=`, a
 * signed `/scorm/{id}/{expires}/{signature}/…` path of this origin; anything else is refused).
 * Plain ES2017 source (no bundler touches it).
 */
export const SCORM_BRIDGE_SOURCE = String.raw`(function () {
  'use strict';
  var params = new URLSearchParams(window.location.hash.slice(1));
  var version = params.get('v') === '2004' ? '2004' : '1.2';
  var launch = params.get('launch') || '';
  if (!/^\/scorm\/\d+\/\d+\/[A-Za-z0-9_-]+\//.test(launch)) {
    document.body.textContent = 'This SCORM launch address is not valid.';
    return;
  }
  var parentOrigin = null;
  var values = new Map();
  var seq = 0;
  var lastError = '0';
  var state = 'new';
  var errorStrings = {
    '0': 'No error', '101': 'General exception', '201': 'Invalid argument error', '301': 'Not initialized',
    '401': 'Not implemented error', '403': 'Element is read only'
  };
  function post(message) {
    if (!parentOrigin) return;
    message.atriumScorm = 1;
    window.parent.postMessage(message, parentOrigin);
  }
  function call(method, args) {
    seq += 1;
    post({ type: 'call', seq: seq, method: method, args: args });
  }
  function count(element) {
    var base = element.slice(0, -'_count'.length);
    var n = Number(values.get(element)) || 0;
    values.forEach(function (_value, key) {
      if (key.indexOf(base) !== 0) return;
      var index = Number(key.slice(base.length).split('.')[0]);
      if (Number.isInteger(index) && index + 1 > n) n = index + 1;
    });
    return String(n);
  }
  function initialize(method) {
    return function () {
      if (state !== 'new') { lastError = version === '1.2' ? '101' : '103'; return 'false'; }
      state = 'running'; lastError = '0';
      call(method, ['']);
      return 'true';
    };
  }
  function finish(method) {
    return function () {
      if (state !== 'running') { lastError = version === '1.2' ? '301' : '112'; return 'false'; }
      state = 'done'; lastError = '0';
      call(method, ['']);
      return 'true';
    };
  }
  function commit(method) {
    return function () {
      if (state !== 'running') { lastError = version === '1.2' ? '301' : '142'; return 'false'; }
      lastError = '0';
      call(method, ['']);
      return 'true';
    };
  }
  function getValue(element) {
    element = String(element);
    lastError = '0';
    if (/\._count$/.test(element)) return count(element);
    return values.has(element) ? values.get(element) : '';
  }
  function setValue(method) {
    return function (element, value) {
      if (state !== 'running') { lastError = version === '1.2' ? '301' : '132'; return 'false'; }
      element = String(element); value = String(value);
      values.set(element, value);
      lastError = '0';
      call(method, [element, value]);
      return 'true';
    };
  }
  function getLastError() { return lastError; }
  function getErrorString(code) { return errorStrings[String(code)] || ''; }
  function getDiagnostic() { return ''; }
  if (version === '1.2') {
    window.API = {
      LMSInitialize: initialize('LMSInitialize'), LMSFinish: finish('LMSFinish'), LMSGetValue: getValue,
      LMSSetValue: setValue('LMSSetValue'), LMSCommit: commit('LMSCommit'), LMSGetLastError: getLastError,
      LMSGetErrorString: getErrorString, LMSGetDiagnostic: getDiagnostic
    };
  } else {
    window.API_1484_11 = {
      Initialize: initialize('Initialize'), Terminate: finish('Terminate'), GetValue: getValue,
      SetValue: setValue('SetValue'), Commit: commit('Commit'), GetLastError: getLastError,
      GetErrorString: getErrorString, GetDiagnostic: getDiagnostic, version: '1.0'
    };
  }
  window.addEventListener('message', function (event) {
    if (event.source !== window.parent || !event.data || event.data.atriumScorm !== 1) return;
    if (event.data.type === 'state' && parentOrigin === null) {
      parentOrigin = event.origin;
      var given = event.data.values || {};
      Object.keys(given).forEach(function (key) { if (typeof given[key] === 'string') values.set(key, given[key]); });
      var frame = document.getElementById('sco');
      frame.src = launch;
    } else if (event.data.type === 'result' && event.data.error && event.data.error !== '0') {
      console.warn('SCORM ' + event.data.method + ' refused by the LMS: error ' + event.data.error);
    }
  });
  window.parent.postMessage({ atriumScorm: 1, type: 'hello', version: version }, '*');
})();
`;

/** The host page of the content origin: the bridge script and the frame the SCO is loaded into once the state arrived. */
export const SCORM_HOST_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>SCORM</title>
<style>html,body{margin:0;height:100%;overflow:hidden}iframe{border:0;width:100%;height:100%;display:block}</style>
</head>
<body><iframe id="sco" title="SCORM content"></iframe><script src="/atrium-scorm/bridge.js"></script></body>
</html>
`;
