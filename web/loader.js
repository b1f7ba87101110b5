// gpuwise page loader: checks the browser can run the app while it fetches the wasm
// (with a progress bar), index.js and the data files in parallel, and starts the app. Every
// failure becomes a readable message instead of a blank page.
(function () {
  'use strict';
  var loading = document.getElementById('loading');
  var statusText = document.getElementById('loading-status');
  var bar = document.getElementById('loading-bar');

  // The catalog summary for screen readers and search engines (index.html): hidden at
  // load, because laying out its 200-odd lines cost the first frame ~30 ms. It is shown
  // once the app has published its first view (browser_web.cpp calls gpuwiseStarted), in
  // the next idle moment, or at once when the app cannot start.
  function showSummary() {
    var summary = document.getElementById('catalog-summary');
    if (summary) summary.hidden = false;
  }
  var afterStart = [showSummary];  // what waits for the first view (and the offline copy, below)
  window.gpuwiseStarted = function () {
    afterStart.forEach(function (task) {
      if (window.requestIdleCallback) window.requestIdleCallback(task, { timeout: 1000 });
      else setTimeout(task, 0);
    });
  };

  function fail(message) {
    showSummary();
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

  // Glyphs. Every glyph the app shows is drawn here by the browser, in the reader's own
  // fonts, and copied into the app's font atlas as coverage (src/platform/font_atlas_web.cpp).
  // A glyph is drawn once per size and kept: a later atlas (Chinese switched on, a character
  // typed) draws only what is new, and the Latin glyphs of the first frame are drawn while
  // the app downloads (below).
  var glyphs = window.gpuwiseGlyphs = (function () {
    var cjkNames = '"PingFang SC","Hiragino Sans GB","Microsoft YaHei","Noto Sans CJK SC","Source Han Sans SC",' +
                   '"WenQuanYi Micro Hei",';
    // CSS font lists by kind. 0: the reader's UI font (Latin and other scripts), as most sites
    // use. 1: Chinese forms, from a font that ships with macOS, Windows, Android or Linux, else
    // the downloaded subset ("gpuwise-cjk", where the system has none).
    var families = ['system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Helvetica Neue",Arial,' + cjkNames +
                    'gpuwise-cjk,sans-serif', cjkNames + 'gpuwise-cjk,sans-serif'];
    var kept = {};  // 'em:kind:codepoint' -> glyph
    var measurer = null, measurerFont = '', sheet = null, sheetContext = null;

    // One canvas for all the loader reads back (the canvas check, the Chinese font check,
    // the glyph sheets), cleared and sized for each: every 2D canvas a page draws on gets a
    // surface of its own, a few milliseconds each on 2 cores before the app can start.
    function sheetOf(width, height) {
      if (!sheet) sheet = document.createElement('canvas');
      sheet.width = width;  // also clears it, and resets its font and colour
      sheet.height = height;
      if (!sheetContext) sheetContext = sheet.getContext('2d', { willReadFrequently: true });
      return sheetContext;
    }

    // A glyph's advance and the box of its ink around the pen on the baseline (a pixel of
    // margin each side), measured once; its bitmap comes with draw().
    function get(codepoint, kind, em) {
      var key = em + ':' + kind + ':' + codepoint;
      if (kept[key]) return kept[key];
      if (!measurer) measurer = document.createElement('canvas').getContext('2d');
      var font = em + 'px ' + families[kind];
      if (font !== measurerFont) measurer.font = measurerFont = font;  // setting a font parses it
      var m = measurer.measureText(String.fromCharCode(codepoint));
      var left = Math.floor(-m.actualBoundingBoxLeft) - 1, top = -Math.ceil(m.actualBoundingBoxAscent) - 1;
      return kept[key] = {
        codepoint: codepoint, kind: kind, em: em, advance: m.width, left: left, top: top,
        w: Math.min(4 * em, Math.max(1, Math.ceil(m.actualBoundingBoxRight) + 1 - left)),
        h: Math.min(4 * em, Math.max(1, Math.ceil(m.actualBoundingBoxDescent) + 1 - top)),
        alpha: null
      };
    }

    // Draws the glyphs of `list` that have no bitmap yet on one sheet, read back once.
    // Returns how many it drew.
    function draw(list) {
      var todo = [], places = [], width = 1024, x = 1, y = 1, row = 0, right = 1, i;
      for (i = 0; i < list.length; i++) {
        var glyph = list[i];
        if (glyph.alpha) continue;
        if (x + glyph.w + 1 > width) { x = 1; y += row + 1; row = 0; }
        todo.push(glyph);
        places.push(x, y);
        x += glyph.w + 1;
        right = Math.max(right, x);
        row = Math.max(row, glyph.h);
      }
      if (!todo.length) return 0;
      // Only as wide as its glyphs: the first frame's 中文 reads back 2 glyphs, not 1024 px rows.
      var context = sheetOf(right, y + row + 1), canvas = sheet;
      var font = '';
      context.fillStyle = '#fff';
      for (i = 0; i < todo.length; i++) {
        var next = todo[i].em + 'px ' + families[todo[i].kind];
        if (next !== font) context.font = font = next;
        context.fillText(String.fromCharCode(todo[i].codepoint), places[2 * i] - todo[i].left,
                         places[2 * i + 1] - todo[i].top);
      }
      var data = context.getImageData(0, 0, canvas.width, canvas.height).data;
      for (i = 0; i < todo.length; i++) {
        var g = todo[i], alpha = new Uint8Array(g.w * g.h), at = 0;
        for (var gy = 0; gy < g.h; gy++) {
          var from = ((places[2 * i + 1] + gy) * canvas.width + places[2 * i]) * 4 + 3;
          for (var gx = 0; gx < g.w; gx++, from += 4) alpha[at++] = data[from];
        }
        g.alpha = alpha;
      }
      return todo.length;
    }

    // Whether the system has a Chinese font: without one, 中 and 国 come out as the same
    // empty box (or nothing). ?cjk=file in the page's URL pretends it has none (tests).
    // Asked once (the loader asks while the app downloads).
    var hasCjk;
    function systemCjk() {
      if (hasCjk === undefined) hasCjk = checkCjk();
      return hasCjk;
    }
    function checkCjk() {
      try {
        if (new URLSearchParams(location.search).get('cjk') === 'file') return false;
        var context = sheetOf(40, 40);
        context.font = '32px ' + cjkNames + 'sans-serif';
        var ink = function (text) {
          context.clearRect(0, 0, 40, 40);
          context.fillText(text, 2, 34);
          var data = context.getImageData(0, 0, 40, 40).data, bits = '', count = 0;
          for (var i = 3; i < data.length; i += 4) { bits += data[i] > 127 ? '1' : '0'; if (data[i] > 127) count++; }
          return { bits: bits, count: count };
        };
        var a = ink('\u4e2d'), b = ink('\u56fd');
        return a.count > 20 && b.count > 20 && a.bits !== b.bits;
      } catch (error) {
        return false;
      }
    }

    // A white square drawn on the canvas reads back as itself: opaque inside, clear around
    // it (a little noise, as Brave adds, passes).
    function pixelsReadable() {
      try {
        var context = sheetOf(8, 8);
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

    return { get: get, draw: draw, systemCjk: systemCjk, pixelsReadable: pixelsReadable };
  })();

  if (typeof WebAssembly !== 'object' || typeof WebAssembly.instantiate !== 'function') {
    fail('gpuwise needs WebAssembly, which this browser does not support or has turned off. ' +
         'Any current Chrome, Edge, Firefox or Safari runs it.');
    return;
  }
  window.addEventListener('error', function (event) {
    if (!window.gpuwise.ready) fail('gpuwise could not start: ' + (event.message || 'unknown error'));
  });

  // The data files: fetched now, read by the app when it starts (it waits if needed).
  // index.html preloads gpus.bin and cuda.json, index.wasm and index.js, so their downloads start while the
  // page is parsed (~100 ms before this runs); these fetch() calls take the preloaded
  // responses over (same URLs, CORS mode, credentials): a URL changed here changes there.
  // As bytes: the app copies them into its memory in one go. The catalog is gpus.bin,
  // data/gpus.json written by the build as bytes the app reads in a few milliseconds.
  // Notes and sources are in data/details.json, fetched when a reader first wants one.
  // The app starts once they are in (or failed; see instantiateWasm below).
  // prices.json only when the link's first view shows a price (another tab than the
  // catalog, a card's details): the plain catalog of a first visit reads none, and the
  // app asks for it the first time a price is shown (request_data_file), as the
  // first view's test in ui::ViewReadsPricesAndCuda decides (issue 28: prices.json grew
  // with markets, machines and sellers).
  window.gpuwiseData = {};
  var hash = location.hash;
  var firstViewPriced = /[#&]tab=(?!catalog(&|$)|about(&|$))/.test(hash) || /[#&](sel|cat\.torch)=[^&]/.test(hash);
  var startFiles = firstViewPriced ? ['gpus.bin', 'prices.json', 'cuda.json'] : ['gpus.bin', 'cuda.json'];
  var dataArrived = Promise.all(startFiles.map(function (name) {
    return fetch('data/' + name).then(function (response) {
      if (!response.ok) throw new Error('the server answered ' + response.status);
      return response.arrayBuffer();
    }).then(function (buffer) {
      window.gpuwiseData[name] = { ok: true, bytes: new Uint8Array(buffer) };
    }, function (error) {
      window.gpuwiseData[name] = { ok: false, error: 'could not download data/' + name + ' (' + error.message + ')' };
    });
  }));

  function megabytes(bytes) { return (bytes / 1048576).toFixed(1); }

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

  // The WebGL2 check runs once the downloads have started, and makes the app's own context:
  // on the page's canvas, with what the app asks for (SDL through emscripten's EGL: no
  // alpha, no depth buffer, no stencil, no antialiasing). When the app asks, the browser hands
  // it this context, so start-up does not make a second one (~30 ms).
  var context = document.getElementById('canvas').getContext('webgl2',
    { alpha: false, depth: false, stencil: false, antialias: false });
  if (!context) {
    fail('gpuwise draws with WebGL2, which this browser cannot provide (it may be turned off, or ' +
         'hardware acceleration may be disabled in the browser settings).');
    return;
  }

  // The app's text is drawn by the browser on a canvas and read back as pixels (its font
  // atlas). Some privacy settings (Firefox's resistFingerprinting, Tor Browser) hand the
  // page made-up pixels instead, which would leave it without readable text: say so.
  if (!glyphs.pixelsReadable()) {
    fail('gpuwise draws its text through the browser\'s canvas, and this browser hides canvas pixels from ' +
         'pages (a privacy setting such as resistFingerprinting). Allow this site to read canvas data, or ' +
         'use the plain catalog below.');
    return;
  }

  // While the app downloads: the Chinese font check, and the Latin glyphs of the first
  // frame (the font subset's characters, gpuwiseLatinCharacters, written by
  // scripts/subset_fonts.py) at the app's font size: main.cpp's 15 CSS px (16 where the
  // pointer is coarse) at the device pixel ratio, and font_atlas_web.cpp's em of 7/8 of it.
  // A wrong guess costs only the time it meant to save; the browser tests check
  // window.gpuwise.startup.atlas_drawn, the glyphs the first frame still had to draw.
  setTimeout(function () {
    glyphs.systemCjk();
    var coarse = window.matchMedia && window.matchMedia('(pointer: coarse)').matches;
    var size = Math.round((coarse ? 16 : 15) * (window.devicePixelRatio || 1));
    var em = Math.max(1, Math.round(size * 0.875)), list = [];
    var latin = typeof gpuwiseLatinCharacters === 'string' ? gpuwiseLatinCharacters : '';
    for (var i = 0; i < latin.length; i++) list.push(glyphs.get(latin.charCodeAt(i), 0, em));
    glyphs.draw(list);
  }, 0);

  // The code of the views the first view does not need (src/ui/later.h): index.later.wasm,
  // which scripts/split_later.py cut out of the app's module. The app asks for it right
  // after its first frame (at once when a link opens on one of those views); it downloads
  // and compiles in the background, then links to the running app: its functions fill the
  // app's function table where index.wasm has placeholders. The app calls them only once
  // `state` is 2. state: 0 not asked, 1 loading, 2 ready, 3 failed (`error` says why).
  var app = null;  // the app's exports, once it runs
  var later = window.gpuwiseLater = {
    state: 0, error: '', bytes: null, module: null, linked: false, readyFrame: 0,
    load: function (now) {
      if (later.state === 1 || later.state === 2) return;
      later.state = 1;
      if (now) { fetchLater(false); return; }
      // After the first whole frame is shown (window.gpuwise.ready): a first view that asks for
      // it at once (Ask) would otherwise fetch it while a Chinese visit still waits for its
      // strings, and count it in the bytes to first use. Five seconds at most.
      // The frame after the one that set `ready`, so the fetch follows that frame's composite.
      var asked = Date.now();
      (function afterFirstFrame() {
        if ((window.gpuwise && window.gpuwise.ready) || Date.now() - asked > 5000) {
          requestAnimationFrame(function () { setTimeout(function () { fetchLater(false); }, 0); });
        } else {
          setTimeout(afterFirstFrame, 16);
        }
      })();
    }
  };
  var appRunning = new Promise(function (resolve) { later.appStarted = resolve; });
  function wakeApp() {
    if (window.Module && window.Module._gpuwise_wake) window.Module._gpuwise_wake();
  }
  // A module of another build of the site (a cache that kept an old copy) does not link:
  // it is fetched once more past the caches before the page says so.
  function fetchLater(again) {
    fetch('index.later.wasm', again ? { cache: 'reload' } : {}).then(function (response) {
      if (!response.ok) throw new Error('the server answered ' + response.status);
      return response.arrayBuffer();
    }).then(function (buffer) {
      later.bytes = new Uint8Array(buffer);
      return WebAssembly.compile(later.bytes);
    }).then(function (module) {
      if (!later.linked) later.module = module;
      return appRunning;
    }).then(function () {
      linkLater();
      later.state = 2;
      later.readyFrame = window.gpuwise.frames;  // frames drawn before it could be called
      wakeApp();
    }).catch(function (error) {
      later.bytes = later.module = null;
      if (!again && error instanceof WebAssembly.LinkError) { fetchLater(true); return; }
      later.state = 3;
      later.error = error instanceof WebAssembly.LinkError
        ? 'index.later.wasm is from another version of the site; reload the page'
        : 'could not download index.later.wasm (' + error.message + ')';
      wakeApp();
    });
  }
  // Links index.later.wasm to the app (synchronous: a compiled module links in well under
  // a millisecond). Also what a placeholder does if it is ever called before `state` is 2
  // with the bytes in; without them it stops the app with a message rather than guess.
  function linkLater() {
    if (later.linked) return;
    if (!later.module) {
      if (!later.bytes) throw new Error('gpuwise ran code of index.later.wasm before it arrived');
      later.module = new WebAssembly.Module(later.bytes);
    }
    new WebAssembly.Instance(later.module, { 'primary': app });
    later.linked = true;
    later.bytes = null;
  }
  function placeholders(module) {
    var out = {};
    WebAssembly.Module.imports(module).forEach(function (item) {
      if (item.module !== 'placeholder') return;
      var slot = Number(item.name);
      out[item.name] = function () {
        linkLater();
        for (var key in app) {
          if (app[key] instanceof WebAssembly.Table) return app[key].get(slot).apply(null, arguments);
        }
      };
    });
    return out;
  }

  window.Module = {
    canvas: document.getElementById('canvas'),
    // The app starts when the wasm is compiled and the data files are in: their bytes
    // reach this page only in tasks the browser runs between others, and on a busy main
    // thread they came up to ~300 ms after the files had arrived, so that 1 first frame in
    // 12 (5 in 12 with index.html's preloads) showed "Loading the GPU catalog..." instead of
    // the catalog. A data download that hangs holds the app back at most 3 s: it then
    // starts and says what it is waiting for.
    instantiateWasm: function (imports, receiveInstance) {
      compiled.then(function (module) {
        var hung = new Promise(function (resolve) { setTimeout(resolve, 3000); });
        return Promise.race([dataArrived, hung]).then(function () { return module; });
      }).then(function (module) {
        imports['placeholder'] = placeholders(module);
        WebAssembly.instantiate(module, imports).then(function (instance) {
          app = instance.exports;
          later.appStarted();
          receiveInstance(instance, module);
        }, function (error) { fail('gpuwise could not start (' + error.message + '). Reloading the page usually helps.'); });
      }, function () { /* the download failure is reported above */ });
      return {};  // the exports arrive through receiveInstance
    },
    print: function (text) { console.log(text); },
    printErr: function (text) { console.warn(text); },
    onAbort: function (what) { fail('gpuwise stopped unexpectedly (' + what + '). Reloading the page usually helps.'); }
  };
  // Offline after the first visit (sw.js). Registered once the app has published its first
  // view, in an idle moment: its install downloads every file of the site once more, and
  // at the page's load event (~60 ms, before the app had even started) it competed with the
  // first frame for the CPU on 2 cores. A page it already controls is served by it from the
  // start either way. A new build found later waits until the reader presses the app's
  // "Reload": window.gpuwiseUpdate is what that calls.
  if ('serviceWorker' in navigator && window.isSecureContext) {
    afterStart.push(function () {
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
