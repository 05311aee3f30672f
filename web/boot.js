/* The first seconds, before Python runs: a real progress bar of the runtime being
   fetched ("Loading the game… 3.1 / 11.6 MB"), then "Getting the table ready…" (the
   player's words: nothing here names Python or its runtime); a failure to load said in
   one sentence with what to
   try, a Retry button and the technical detail under Details, whatever the painter has
   drawn (a watchdog says so too when the engine is not live in time). On a first visit it also fetches the engine's files while the
   painter works (below, "A first visit").

   Plain JavaScript because Python is not running yet; a same-origin file because the
   Content-Security-Policy forbids inline scripts. It counts the bytes of the big runtime
   files (Pyodide's WebAssembly and standard library) as they stream through fetch(),
   against their sizes that build.py writes into index.html (data-runtime-bytes). When
   the table's Python draws its first frame it replaces this region (web/page/screen.py), and
   this script stops. Its few texts are here in both languages (Python's i18n.py is not
   loaded yet). */
(function () {
  "use strict";

  var TEXTS = {
    en: {
      download: "Loading the game… {got} / {total} MB",
      starting: "Getting the table ready…",
      missing: "The game could not load its files: check your connection and try again.",
      failed: "The game could not start: try again, and if it keeps failing, use a " +
        "current Chrome, Edge, Firefox or Safari.",
      stalled: "The game is taking too long to start: try again, and if it keeps " +
        "happening, check your connection.",
      nowasm: "This browser cannot run the game because it has no WebAssembly: please " +
        "use a current Chrome, Edge, Firefox or Safari, with WebAssembly allowed.",
      retry: "Try again",
      details: "Details",
    },
    zh: {
      download: "正在加载游戏… {got} / {total} MB",
      starting: "正在准备牌桌…",
      missing: "游戏文件无法加载：请检查网络后重试。",
      failed: "游戏无法启动：请重试；如果一直失败，请换用新版 Chrome、Edge、Firefox 或 " +
        "Safari。",
      stalled: "游戏启动时间过长：请重试；如果一直这样，请检查网络。",
      nowasm: "这个浏览器不支持 WebAssembly，无法运行本游戏：请使用新版 Chrome、Edge、" +
        "Firefox 或 Safari（并允许 WebAssembly）。",
      retry: "重试",
      details: "详细信息",
    },
    "zh-Hant": {
      download: "正在載入遊戲… {got} / {total} MB",
      starting: "正在準備牌桌…",
      missing: "遊戲檔案無法載入：請檢查網路連線後重試。",
      failed: "遊戲無法啟動：請重試；如果一直失敗，請改用新版 Chrome、Edge、Firefox 或 " +
        "Safari。",
      stalled: "遊戲啟動的時間太久：請重試；如果一直如此，請檢查網路連線。",
      nowasm: "這個瀏覽器不支援 WebAssembly，無法執行本遊戲：請使用新版 Chrome、Edge、" +
        "Firefox 或 Safari（並允許 WebAssembly）。",
      retry: "重試",
      details: "詳細資訊",
    },
  };
  var WATCHED = ["pyodide.asm.wasm", "python_stdlib.zip"];

  function language() {
    try {
      var stored = JSON.parse(localStorage.getItem("tractor.settings") || "{}");
      if (stored && TEXTS.hasOwnProperty(stored.lang)) return stored.lang;
    } catch (e) { /* unreadable settings: Python keeps them aside later */ }
    return window.tractorLanguageOf(navigator.language || "");
  }

  var lang = language();
  var got = {};
  var done = {};
  var failed = false;

  function say(key, params) {
    var text = TEXTS[lang][key];
    Object.keys(params || {}).forEach(function (name) {
      text = text.split("{" + name + "}").join(String(params[name]));
    });
    return text;
  }

  function parts() {
    var box = document.getElementById("boot");
    if (!box) return null; // Python has drawn the table: nothing more to do here
    return {
      box: box,
      bar: document.getElementById("boot-progress"),
      text: document.getElementById("boot-text"),
    };
  }

  function total() {
    var box = document.getElementById("boot");
    return box ? Number(box.getAttribute("data-runtime-bytes")) || 0 : 0;
  }

  function mb(bytes) {
    return (bytes / 1048576).toFixed(1);
  }

  function show() {
    var p = parts();
    if (!p || failed) return;
    var sum = 0;
    WATCHED.forEach(function (name) { sum += got[name] || 0; });
    var all = Math.max(total(), sum, 1);
    var finished = WATCHED.every(function (name) { return done[name]; });
    p.bar.max = all;
    p.bar.value = finished ? all : sum;
    p.bar.setAttribute("aria-valuetext", mb(sum) + " / " + mb(all) + " MB");
    p.text.textContent = finished ? say("starting") : say("download", {
      got: mb(sum), total: mb(all),
    });
    p.box.setAttribute("data-state", finished ? "starting" : "downloading");
  }

  /* ------------------------------------------------------------------ failures */

  /* Whether the engine said it is live (web/main.py's mark once the table started). */
  function live() {
    try {
      return performance.getEntriesByName("tractor-live").length > 0;
    } catch (e) {
      return false;
    }
  }

  function element(tag, className, text) {
    var made = document.createElement(tag);
    if (className) made.className = className;
    if (text !== undefined) made.textContent = text;
    return made;
  }

  /* Say in one sentence that the engine did not load (the first failure only), with a
     Retry button (reloads) and the detail under a collapsed Details. In the download's
     box when it is still there, else (the painter drew the table over it) in a box of
     its own over the table. Text only: nothing of `detail` becomes markup. Once the
     engine is live, a failure is no longer said (and one said is taken back). */
  function fail(key, detail) {
    if (failed || live() || !document.body) return;
    failed = true;
    var box = document.getElementById("boot");
    if (!box) {
      box = element("div", "boot boot-over");
      box.id = "boot";
      box.setAttribute("data-testid", "boot");
      document.body.appendChild(box);
    }
    var sentence = element("p", "boot-text boot-failed", say(key));
    sentence.id = "boot-text";
    sentence.setAttribute("data-testid", "boot-failed");
    var retry = element("button", "boot-retry", say("retry"));
    retry.type = "button";
    retry.setAttribute("data-testid", "boot-retry");
    retry.addEventListener("click", function () { location.reload(); });
    var details = element("details", "boot-details");
    details.appendChild(element("summary", "", say("details")));
    details.appendChild(element("pre", "", String(detail || key)));
    box.replaceChildren(sentence, retry, details);
    box.setAttribute("data-state", "failed");
    box.setAttribute("role", "alert");
  }
  window.tractorFail = fail; // web/main.py: the table's own start failed
  /* An error the table's script raised before it could call tractorFail (at import, or
     at the top of web/main.py): PyScript catches it and reports it with console.error
     as a PythonError; before the engine is live that is the failure, its text the
     detail (as text only); one taken back if the engine still comes up. */
  var consoleError = console.error;
  console.error = function () {
    var first = arguments[0];
    var text = String(first && (first.stack || first.message) || first);
    if (!live() && /PythonError/.test(text)) {
      fail("failed", text);
    }
    return consoleError.apply(console, arguments);
  };

  function takeBack() {
    var box = document.getElementById("boot");
    if (failed && box && box.getAttribute("data-state") === "failed") box.remove();
  }

  function watched(url) {
    var path = String(url).split("?")[0];
    for (var i = 0; i < WATCHED.length; i++) {
      if (path.slice(-WATCHED[i].length) === WATCHED[i]) return WATCHED[i];
    }
    return null;
  }

  if (typeof WebAssembly !== "object" || typeof window.fetch !== "function") {
    document.addEventListener("DOMContentLoaded", function () { fail("nowasm"); });
    return;
  }

  var originalFetch = window.fetch;
  window.fetch = function (resource, init) {
    var url = typeof Request === "function" && resource instanceof Request
      ? resource.url : String(resource); // a string or a URL object (Pyodide passes a URL)
    var handed = handOver(url, resource, init, this, arguments);
    if (handed) return handed;
    var name = watched(url);
    var answer = originalFetch.apply(this, arguments);
    if (!name) return answer;
    return answer.then(function (response) {
      if (!response.ok) {
        fail("missing", name + ": HTTP " + response.status);
        return response;
      }
      if (!response.body || typeof TransformStream !== "function") {
        done[name] = true;
        show();
        return response;
      }
      got[name] = 0;
      var counted = response.body.pipeThrough(new TransformStream({
        transform: function (chunk, controller) {
          got[name] += chunk.byteLength;
          show();
          controller.enqueue(chunk);
        },
        flush: function () {
          done[name] = true;
          show();
        },
      }));
      return new Response(counted, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    }, function (error) {
      fail("missing", name + ": " + String(error && error.message || error));
      throw error;
    });
  };

  /* A first visit (no stored view: tractor.paint, paint_check.KEY) fetches what the
     engine's start needs while the painter works, when the network is idle: the hints
     build.py (page_start.py) wrote into <template id="engine-hints">. The modules go into
     <head> as they are (modulepreload); the other files are fetched here, at low
     priority, their bytes counted as they arrive (a copy is read to its end), and a copy
     of each response answers every fetch() of its URL (Pyodide's, PyScript's) until the
     first card is shown, so nothing is downloaded twice. Only the engine's start waits
     for the paint. A repeat visit leaves the template inert: nothing is added before
     its paint. */
  var VIEW_KEY = "tractor.paint";
  var early = {}; // absolute URL -> promise of its response, or of null (fetch it anew)

  function firstVisit() {
    try {
      return localStorage.getItem(VIEW_KEY) === null;
    } catch (e) {
      return true; // no storage: nothing painted from it, nothing restored
    }
  }

  function absolute(url) {
    try {
      return new URL(url, document.baseURI).href;
    } catch (e) {
      return String(url);
    }
  }

  function handOver(url, resource, init, self, args) {
    var key = absolute(url);
    var plain = !(typeof Request === "function" && resource instanceof Request) &&
      (!init || Object.keys(init).length === 0);
    if (!plain || !Object.prototype.hasOwnProperty.call(early, key)) return null;
    return early[key].then(function (found) {
      if (found) return found.clone(); // PyScript asks for main.py twice: a copy each time
      delete early[key]; // refused early: asked anew, and reported as usual if it fails
      return window.fetch.apply(self, args);
    });
  }

  function drain(name, body) {
    var reader = body.getReader();
    if (name) got[name] = 0;
    function next() {
      return reader.read().then(function (step) {
        if (step.done) {
          if (name) done[name] = true;
        } else if (name) {
          got[name] += step.value.byteLength;
        }
        if (name) show();
        return step.done ? null : next();
      });
    }
    return next();
  }

  function prefetch(url) {
    var name = watched(url);
    early[url] = originalFetch(url, { priority: "low" }).then(function (response) {
      if (!response.ok || !response.body) return null;
      drain(name, response.clone().body).catch(function () { /* its user sees the error */ });
      return response;
    }, function () { return null; });
  }

  function hintEngine() {
    var hints = document.getElementById("engine-hints");
    if (!hints || !hints.content) return;
    performance.mark("tractor-engine-hinted");
    var links = hints.content.querySelectorAll("link");
    for (var i = 0; i < links.length; i++) {
      var href = absolute(links[i].getAttribute("href"));
      if (links[i].getAttribute("as") === "fetch") {
        prefetch(href);
      } else {
        var link = document.importNode(links[i], true);
        link.fetchPriority = "low";
        document.head.appendChild(link);
      }
    }
    window.addEventListener("tractor:shown", function () { early = {}; }); // unclaimed: dropped
  }

  if (firstVisit()) hintEngine();

  window.addEventListener("error", function (event) {
    var target = event.target;
    if (target && target !== window && (target.src || target.href)) {
      var file = String(target.src || target.href).split("/").pop();
      fail("missing", file + ": not loaded");
    }
  }, true);
  window.addEventListener("unhandledrejection", function (event) {
    var reason = event.reason;
    fail("failed", String(reason && (reason.stack || reason.message) || reason));
  });

  document.addEventListener("DOMContentLoaded", show);

  /* The engine's script (web/main.py on Pyodide, configured by the page's py-config) is
     added once the painter (web/paint.py, MicroPython) has drawn the table, so Pyodide's
     download never competes with the paint; if the painter has not asked for it after
     ENGINE_FALLBACK_MS (MicroPython failed to load, say), it is added anyway. */
  var ENGINE_FALLBACK_MS = 8000;
  var engineStarted = false;
  window.tractorStartEngine = function () {
    if (engineStarted) return;
    engineStarted = true;
    var script = document.createElement("script");
    script.type = "py";
    script.src = "./web/main.py";
    document.body.appendChild(script);
    watch();
  };

  /* The watchdog: once the engine's script is added, the engine must say it is live
     (web/main.py's "tractor-live" mark) before WATCHDOG_MS pass without progress (the
     runtime's bytes arriving count as progress), else the player is told it is taking
     too long. If it comes up after all, that is taken back. */
  var WATCHDOG_MS = 30000;
  function watch() {
    var since = Date.now();
    var seen = -1;
    var timer = setInterval(function () {
      if (live()) {
        clearInterval(timer);
        takeBack();
        return;
      }
      var sum = 0;
      WATCHED.forEach(function (name) { sum += got[name] || 0; });
      if (sum !== seen) {
        seen = sum;
        since = Date.now();
      } else if (Date.now() - since > WATCHDOG_MS) {
        fail("stalled", "The engine (web/main.py) did not start within " +
             WATCHDOG_MS / 1000 + " s; runtime received: " + mb(sum) + " MB.");
      }
    }, 1000);
  }
  window.addEventListener("load", function () {
    setTimeout(window.tractorStartEngine, ENGINE_FALLBACK_MS);
  });
  /* With its files preloaded, the painter can finish before this deferred script runs:
     it then leaves tractorEngineWanted for it. */
  if (window.tractorEngineWanted) window.tractorStartEngine();
  /* ?engine=parallel starts the engine at once, beside the painter: the other route
     scripts/measure_paint.py times (the default waits for the paint, which measured better). */
  if (/[?&]engine=parallel(&|$)/.test(location.search)) {
    document.addEventListener("DOMContentLoaded", window.tractorStartEngine);
  }
})();
