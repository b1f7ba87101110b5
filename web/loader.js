// gpuwise page loader: checks the browser can run the app while it fetches the wasm
// (with a progress bar), index.js and the data files in parallel, and starts the app. Every
// failure becomes a readable message instead of a blank page.
(function () {
  'use strict';
  var loading = document.getElementById('loading');
  var statusText = document.getElementById('loading-status');
  var bar = document.getElementById('loading-bar');

  function fail(message) {
    if (loading) loading.remove();
    document.getElementById('error-text').textContent = message;
    document.getElementById('error').hidden = false;
    document.getElementById('canvas').style.display = 'none';
  }

  // What tests and scripts read: ready after the first frame, frames drawn, the view.
  window.gpuwise = {
    ready: false,
    frames: 0,
    targets: {},
    table: { rows: 0, ids: [] },
    status: {},
    _state: '{}',
    state: function () { return window.gpuwise._state; }
  };

  if (typeof WebAssembly !== 'object' || typeof WebAssembly.instantiate !== 'function') {
    fail('gpuwise needs WebAssembly, which this browser does not support or has turned off. ' +
         'Any current Chrome, Edge, Firefox or Safari runs it.');
    return;
  }
  window.addEventListener('error', function (event) {
    if (!window.gpuwise.ready) fail('gpuwise could not start: ' + (event.message || 'unknown error'));
  });

  // The data files: fetched now, read by the app when it starts (it waits if needed).
  // As bytes: the app copies them into its memory in one go. The catalog is gpus.bin,
  // data/gpus.json written by the build as bytes the app reads in a few milliseconds.
  // Notes and sources are in data/details.json, fetched when a reader first wants one.
  window.gpuwiseData = {};
  ['gpus.bin', 'prices.json', 'cuda.json'].forEach(function (name) {
    fetch('data/' + name).then(function (response) {
      if (!response.ok) throw new Error('the server answered ' + response.status);
      return response.arrayBuffer();
    }).then(function (buffer) {
      window.gpuwiseData[name] = { ok: true, bytes: new Uint8Array(buffer) };
    }, function (error) {
      window.gpuwiseData[name] = { ok: false, error: 'could not download data/' + name + ' (' + error.message + ')' };
    });
  });

  function megabytes(bytes) { return (bytes / 1048576).toFixed(1); }

  // A white square drawn on a small canvas reads back as itself: opaque inside, clear
  // around it (a little noise, as Brave adds, passes).
  function canvasPixelsReadable() {
    try {
      var canvas = document.createElement('canvas');
      canvas.width = canvas.height = 8;
      var context = canvas.getContext('2d');
      context.fillStyle = '#fff';
      context.fillRect(2, 2, 4, 4);
      var data = context.getImageData(0, 0, 8, 8).data;
      for (var i = 0; i < 64; i++) {
        var x = i % 8, y = (i - x) / 8, inside = x >= 2 && x < 6 && y >= 2 && y < 6;
        if (inside ? data[i * 4 + 3] < 200 : data[i * 4 + 3] > 55) return false;
      }
      return true;
    } catch (error) {
      return false;
    }
  }

  // The wasm is compiled while it downloads (streaming), and the download is counted
  // on the way through for the progress bar. index.js loads at the same time and waits
  // for the compiled module in instantiateWasm.
  function countingResponse(response) {
    var total = Number(response.headers.get('content-length')) || 0;
    if (!response.body || !window.ReadableStream) return response;
    var received = 0;
    var reader = response.body.getReader();
    var stream = new ReadableStream({
      pull: function (controller) {
        return reader.read().then(function (step) {
          if (step.done) { controller.close(); return; }
          received += step.value.length;
          // A compressed response can outgrow its content-length: then show bytes only.
          if (total && received <= total) {
            bar.style.width = Math.round(100 * received / total) + '%';
            statusText.textContent = 'Downloading the app… ' + megabytes(received) + ' of ' + megabytes(total) + ' MB';
          } else {
            statusText.textContent = 'Downloading the app… ' + megabytes(received) + ' MB';
          }
          controller.enqueue(step.value);
        });
      }
    });
    return new Response(stream, { headers: { 'Content-Type': 'application/wasm' } });
  }

  var compiled = fetch('index.wasm').then(function (response) {
    if (!response.ok) throw new Error('the server answered ' + response.status + ' for index.wasm');
    var counted = countingResponse(response);
    if (WebAssembly.compileStreaming) {
      return WebAssembly.compileStreaming(counted).catch(function () {
        // A server that labels the file wrongly: compile from bytes instead.
        return fetch('index.wasm').then(function (r) { return r.arrayBuffer(); }).then(WebAssembly.compile);
      });
    }
    return counted.arrayBuffer().then(WebAssembly.compile);
  });
  compiled.then(function () {
    bar.style.width = '100%';
    statusText.textContent = 'Starting…';
  }, function (error) {
    fail('Could not download the app (index.wasm): ' + error.message + '. Check your connection and reload.');
  });

  // The WebGL2 check runs once the downloads have started (it takes a while with a
  // software renderer); its context is released so the app's is the only one.
  var probe = document.createElement('canvas');
  var probeContext = probe.getContext('webgl2');
  if (!probeContext) {
    fail('gpuwise draws with WebGL2, which this browser cannot provide (it may be turned off, or ' +
         'hardware acceleration may be disabled in the browser settings).');
    return;
  }
  var lose = probeContext.getExtension('WEBGL_lose_context');
  if (lose) lose.loseContext();

  // The app's text is drawn by the browser on a canvas and read back as pixels (its font
  // atlas). Some privacy settings (Firefox's resistFingerprinting, Tor Browser) hand the
  // page made-up pixels instead, which would leave it without readable text: say so.
  if (!canvasPixelsReadable()) {
    fail('gpuwise draws its text through the browser\'s canvas, and this browser hides canvas pixels from ' +
         'pages (a privacy setting such as resistFingerprinting). Allow this site to read canvas data, or ' +
         'use the plain catalog below.');
    return;
  }

  window.Module = {
    canvas: document.getElementById('canvas'),
    instantiateWasm: function (imports, receiveInstance) {
      compiled.then(function (module) {
        WebAssembly.instantiate(module, imports).then(function (instance) { receiveInstance(instance, module); },
          function (error) { fail('gpuwise could not start (' + error.message + '). Reloading the page usually helps.'); });
      }, function () { /* the download failure is reported above */ });
      return {};  // the exports arrive through receiveInstance
    },
    print: function (text) { console.log(text); },
    printErr: function (text) { console.warn(text); },
    onAbort: function (what) { fail('gpuwise stopped unexpectedly (' + what + '). Reloading the page usually helps.'); }
  };
  // Offline after the first visit (sw.js). Registered once the page has loaded, so its
  // own downloads do not compete with the app's. A new build found later waits until
  // the reader presses the app's "Reload": window.gpuwiseUpdate is what that calls.
  if ('serviceWorker' in navigator && window.isSecureContext) {
    window.addEventListener('load', function () {
      navigator.serviceWorker.register('sw.js').then(function (registration) {
        if (!registration) return;  // service workers blocked (a browser setting, a test)
        function offer(worker) {
          window.gpuwiseUpdate = function () { worker.postMessage('activate'); };
          if (window.Module && window.Module._gpuwise_wake) window.Module._gpuwise_wake();
        }
        if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
        registration.addEventListener('updatefound', function () {
          var worker = registration.installing;
          worker.addEventListener('statechange', function () {
            if (worker.state === 'installed' && navigator.serviceWorker.controller) offer(worker);
          });
        });
      }, function (error) { console.warn('gpuwise: no offline copy (' + error.message + ')'); });
      var reloading = false;
      navigator.serviceWorker.addEventListener('controllerchange', function () {
        if (window.gpuwiseUpdate && !reloading) { reloading = true; location.reload(); }
      });
    });
  }

  var script = document.createElement('script');
  script.src = 'index.js';
  script.onerror = function () { fail('Could not download the app (index.js). Check your connection and reload.'); };
  document.body.appendChild(script);
})();
