/* What the browser lets this page keep, found out before PyScript starts (issue 39).

   Run before PyScript's core.js (index.html), a same-origin file (the
   Content-Security-Policy allows no inline script). Three things:

   * window.tractorIndexedDB: a promise of "" when IndexedDB opens, else why not, within
     PROBE_MS. IndexedDB may be missing, throw, fail (site data blocked in the browser's
     settings: "The user denied permission") or never answer (a broken profile). The
     engine's memory snapshot (web/snapshot/pyodide-snap.mjs) waits for it instead of
     opening its database blind.
   * PyScript's own stores (@webreflection/idb-map, databases "IDBMap/…": Pyodide's
     package lock cache, read and closed at every start, and pyscript.fs's folder handles;
     this page uses neither) open IndexedDB at start with no timeout, and an error or a
     silence there stops the engine for good. Their opens wait for the probe: when it
     passed they are the browser's, else (or when such an open fails or does not answer
     in PROBE_MS) they get a store in memory, for this page only. Every other database
     goes to the browser's IndexedDB untouched.
   * window.tractorStored(key): localStorage.getItem that never throws (null when the
     storage is blocked). MicroPython 1.27 cannot catch a JavaScript exception, so the
     painter (web/paint.py) reads the storage through this. */
(function () {
  "use strict";

  var PROBE_MS = 1000;
  var PROBE_DB = "tractor-probe";
  var PYSCRIPT_PREFIX = "IDBMap/"; // idb-map's default prefix: PyScript's stores

  window.tractorStored = function (key) {
    try {
      var value = window.localStorage.getItem(key);
      return typeof value === "string" ? value : null;
    } catch (e) {
      return null;
    }
  };

  var real = null;
  try {
    real = window.indexedDB || null;
    if (real && typeof real.open !== "function") real = null;
  } catch (e) {
    real = null;
  }

  /* Resolve with "" when `open()` answers a request that succeeds within PROBE_MS, else
     with why not; `onOpen` receives the opened request's result. */
  function tryOpen(open, onOpen) {
    return new Promise(function (resolve) {
      var timer = setTimeout(function () {
        resolve("IndexedDB did not answer in " + PROBE_MS + " ms");
      }, PROBE_MS);
      var request;
      try {
        request = open();
      } catch (e) {
        clearTimeout(timer);
        resolve("IndexedDB refused: " + String(e && e.message || e));
        return;
      }
      request.onsuccess = function () {
        clearTimeout(timer);
        onOpen(request);
        resolve("");
      };
      request.onerror = function (event) {
        clearTimeout(timer);
        if (event && event.preventDefault) event.preventDefault();
        resolve("IndexedDB failed: " + String(request.error && request.error.message ||
                                               request.error));
      };
    });
  }

  var verdict = real ? tryOpen(function () { return real.open(PROBE_DB); }, function (r) {
    try { r.result.close(); } catch (e) { /* closed already */ }
  }) : Promise.resolve("no IndexedDB");
  window.tractorIndexedDB = verdict;

  /* ------------------------------------------------ PyScript's stores, in memory if need be */

  var memory = {}; // database name -> {store name -> Map}

  function answer(value) { // an IDBRequest that succeeds with `value` once its handlers are set
    var request = { result: value, error: null, readyState: "pending", onsuccess: null,
                    onerror: null };
    Promise.resolve().then(function () {
      request.readyState = "done";
      if (request.onsuccess) request.onsuccess.call(request, { type: "success", target: request });
    });
    return request;
  }

  function memoryStore(map) {
    return {
      count: function () { return answer(map.size); },
      clear: function () { map.clear(); return answer(undefined); },
      delete: function (key) { map.delete(String(key)); return answer(undefined); },
      get: function (key) { return answer(map.get(String(key))); },
      getKey: function (key) { return answer(map.has(String(key)) ? key : undefined); },
      getAllKeys: function () { return answer(Array.from(map.keys()).sort()); },
      put: function (value, key) { map.set(String(key), value); return answer(key); },
    };
  }

  function memoryDatabase(name) {
    var stores = memory[name] || (memory[name] = {});
    function store(storeName) {
      return stores[storeName] || (stores[storeName] = new Map());
    }
    return {
      name: name, version: 1, objectStoreNames: { length: 1, contains: function () { return true; } },
      onabort: null, onclose: null, onerror: null, onversionchange: null,
      createObjectStore: function (storeName) { return memoryStore(store(storeName)); },
      transaction: function () {
        return { objectStore: function (storeName) { return memoryStore(store(storeName)); } };
      },
      close: function () {},
    };
  }

  /* An open request of a PyScript store, answered once the probe has spoken. */
  function pyscriptOpen(name, version) {
    var request = { result: undefined, error: null, readyState: "pending", transaction: null,
                    source: null, onsuccess: null, onerror: null, onupgradeneeded: null,
                    onblocked: null };
    var settled = false;
    function succeed(db) {
      if (settled) return;
      settled = true;
      request.result = db;
      request.readyState = "done";
      if (request.onsuccess) request.onsuccess.call(request, { type: "success", target: request });
    }
    verdict.then(function (problem) {
      if (problem) {
        succeed(memoryDatabase(name));
        return;
      }
      tryOpen(function () {
        var opened = version === undefined ? real.open(name) : real.open(name, version);
        opened.onupgradeneeded = function (event) { // a new store: as idb-map makes it
          if (!opened.result.objectStoreNames.length) opened.result.createObjectStore("entries");
          if (event && event.stopPropagation) event.stopPropagation();
        };
        return opened;
      }, function (opened) {
        succeed(opened.result);
      }).then(function (failure) {
        if (failure) succeed(memoryDatabase(name));
      });
    });
    return request;
  }

  var facade = {
    open: function (name, version) {
      if (typeof name === "string" && name.indexOf(PYSCRIPT_PREFIX) === 0) {
        return pyscriptOpen(name, version);
      }
      if (!real) throw new DOMException("IndexedDB is not available", "InvalidStateError");
      return version === undefined ? real.open(name) : real.open(name, version);
    },
    deleteDatabase: function (name) {
      if (!real) throw new DOMException("IndexedDB is not available", "InvalidStateError");
      return real.deleteDatabase(name);
    },
    databases: function () {
      return real && real.databases ? real.databases() : Promise.resolve([]);
    },
    cmp: function (a, b) {
      if (!real) throw new DOMException("IndexedDB is not available", "InvalidStateError");
      return real.cmp(a, b);
    },
  };
  try {
    Object.defineProperty(window, "indexedDB", { configurable: true, enumerable: true,
                                                 get: function () { return facade; } });
  } catch (e) { /* cannot be replaced: PyScript meets the browser's own */ }
})();
