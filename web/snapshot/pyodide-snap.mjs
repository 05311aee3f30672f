// Faster engine start on a repeat visit: Pyodide's memory snapshot (issue 27).
//
// PyScript's "interpreter" (dist/pyscript.json) is this module, placed by build.py next
// to pyodide.mjs. It re-exports pyodide.mjs and replaces loadPyodide(options):
//
// * On the page's main thread, when IndexedDB holds a snapshot under this build's key
//   that checks out (below), Pyodide starts from it (`_loadSnapshot`): the interpreter
//   with the table's modules already imported (web/main.py's imports), without running
//   their imports again.
//   `random` is reseeded after the restore (else every visit would deal from the
//   PRNG state saved in the snapshot). If the restore fails, the snapshot is deleted,
//   the key marked failed (never made again for this build), and Pyodide loads plainly.
// * Otherwise Pyodide loads plainly and, once the table is live and its first card
//   shown (the page's `tractor:shown` event, web/main.py), and a few seconds more,
//   a module Worker (snap-maker.mjs) boots a throwaway Pyodide, writes the same files
//   as pyscript.json, imports the same modules, makes the snapshot and stores it.
//   A snapshot of PyScript's own interpreter is impossible (PyScript's JS objects
//   cannot be serialised), hence the second interpreter, off the main thread.
// * A snapshot is code: it is restored only if the record stored beside it (under
//   META + key, written by the maker: {key, size, sha256}) names this build's key (the
//   one baked in below, which came from the server), its size is at most the build's
//   bound (`maxBytes`, read before any byte of the snapshot: it is stored as a Blob),
//   the Blob has that size, and the SHA-256 of the build's key and the bytes is the
//   recorded one. Anything else (a cut, flipped or padded snapshot, another build's
//   snapshot under this key, a record claiming 1.5 GB) is "refused": deleted, the key
//   marked failed, and Pyodide loads plainly. The restore itself runs under a timeout,
//   but its heart (copying the heap in, Pyodide's bootstrap) is synchronous WebAssembly
//   on this thread, which no timer can interrupt: the digest check is what keeps a
//   corrupted heap from running; the timeout bounds the asynchronous steps, and a
//   restore that overran it is not used again. The "restoring:" mark counts the
//   restores that began and never finished (a tab closed or crashed during one): the
//   snapshot is tried once more after one, never after `MAX_RESTORE_TRIES`.
// * Shared origins: on an origin the site may share with strangers (any *.github.io
//   host, where every project of a user shares one origin, or a page not at its
//   origin's root path) every store is writable by the other sites, so the snapshot is
//   off ("shared-origin": never read or made) unless the build was told the origin is
//   its own (`build.py --own-origin`, `ownOrigin` below).
// * Workers (the computer players' worker shares pyscript.json) always load plainly.
// * `?snapshot=off` in the page's address (or sessionStorage "tractor.snapshot" = "off"):
//   load plainly, never touch IndexedDB.
// * The key is a digest, computed by build.py, of every file the snapshot depends on
//   (pyscript.json's "files", the Pyodide version, this module and the maker): a
//   snapshot under any other key (an older build) is deleted here, never restored.
//
// What happened is left in `window.tractorSnapshot` ("off", "shared-origin",
// "unavailable", "refused", "restored", "restore-failed", "plain", "making", "made",
// "make-failed", "failed-before") and
// `window.tractorSnapshotDetail`, with performance marks `tractor-snapshot-<state>`.
//
// Plain JavaScript (Python is not up yet); a same-origin module, so the
// Content-Security-Policy allows it. build.py replaces the placeholder below with this
// build's configuration: {"key", "files": {absolute-to-this-module URL: destination},
// "imports": "a, b", "makeDelayMs", "maxBytes", "restoreTimeoutMs", "ownOrigin"}.

export * from "./pyodide.mjs";
import { loadPyodide as plainLoadPyodide } from "./pyodide.mjs";

const CONFIG = __SNAPSHOT_CONFIG__;

const DB_NAME = "tractor-snapshot";
const STORE = "snapshots";
const FAILED = "failed:"; // FAILED + key: a restore or a make of that key failed
const RESTORING = "restoring:"; // RESTORING + key: restores begun and not finished
const MAX_RESTORE_TRIES = 2; // unfinished restores before the snapshot is given up
export const META = "meta:"; // META + key: {key, size, sha256} of the snapshot under key
const READ_TIMEOUT_MS = 5000; // a read can still hang after the probe opened: go plain

function report(state, detail) {
  globalThis.tractorSnapshot = state;
  if (detail !== undefined) globalThis.tractorSnapshotDetail = String(detail);
  try { performance.mark("tractor-snapshot-" + state); } catch (e) { /* no marks */ }
}

function onThePage() {
  return typeof document !== "undefined" && typeof WorkerGlobalScope === "undefined";
}

function request(r) {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

function openDb() {
  return new Promise((resolve, reject) => {
    const r = indexedDB.open(DB_NAME, 1);
    r.onupgradeneeded = () => r.result.createObjectStore(STORE);
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
    r.onblocked = () => reject(new Error("IndexedDB blocked"));
  });
}

// Why IndexedDB cannot be used ("" when it can): the page's probe (web/storage_probe.js,
// run before PyScript) has asked it within a second, so that a missing, refused, failing
// or silent IndexedDB costs the start nothing; without the probe, whether it exists.
async function indexedDBProblem() {
  const probe = globalThis.tractorIndexedDB;
  if (probe && typeof probe.then === "function") return String(await probe);
  return typeof indexedDB === "undefined" || !indexedDB ? "no IndexedDB" : "";
}

function withTimeout(promise, ms, what) {
  return Promise.race([
    promise,
    new Promise((_, reject) => setTimeout(() => reject(new Error(what + " timed out")), ms)),
  ]);
}

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

// The digest of a snapshot bound to a build: the SHA-256 of the key, a zero byte and the
// SHA-256 of the bytes (no copy of the bytes is made).
async function digest(bytes, key) {
  const label = new TextEncoder().encode(key + "\0");
  const data = new Uint8Array(label.length + 32);
  data.set(label);
  data.set(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)), label.length);
  return hex(await crypto.subtle.digest("SHA-256", data));
}

// The record stored beside a snapshot of this build (the maker calls it).
export async function describe(bytes, key) {
  if (key !== CONFIG.key) throw new Error("not this build's key");
  if (bytes.length > CONFIG.maxBytes) {
    throw new Error(`snapshot of ${bytes.length} bytes, more than the bound ${CONFIG.maxBytes}`);
  }
  return { key, size: bytes.length, sha256: await digest(bytes, key) };
}

// Why the record does not describe a snapshot of this build that may be read, or "".
function recordProblem(record) {
  if (!record || typeof record !== "object") return "no record of the snapshot";
  if (record.key !== CONFIG.key) return "the record is not this build's";
  if (!Number.isSafeInteger(record.size) || record.size <= 0 || record.size > CONFIG.maxBytes) {
    return `recorded size ${String(record.size).slice(0, 20)} out of bounds`;
  }
  if (typeof record.sha256 !== "string" || !/^[0-9a-f]{64}$/.test(record.sha256)) {
    return "no digest in the record";
  }
  return "";
}

// The snapshot's bytes, if they are the recorded ones; else throws (why).
async function verified(found) {
  if (found.problem) throw new Error(found.problem);
  const blob = found.snapshot;
  if (!(blob instanceof Blob)) throw new Error("the snapshot is not a Blob");
  if (blob.size !== found.record.size) {
    throw new Error(`snapshot of ${blob.size} bytes, ${found.record.size} recorded`);
  }
  const bytes = new Uint8Array(await blob.arrayBuffer());
  if ((await digest(bytes, CONFIG.key)) !== found.record.sha256) {
    throw new Error("the snapshot's digest is not the recorded one");
  }
  return bytes;
}

// The restores of this key begun and never finished, from its stored mark (any value
// but a small count, e.g. an older build's time stamp, counts as too many).
function unfinishedTries(mark) {
  if (mark === undefined) return 0;
  return Number.isInteger(mark) && mark >= 0 && mark < MAX_RESTORE_TRIES
    ? mark : MAX_RESTORE_TRIES;
}

// Delete every entry not of this build; return this build's {present, failed, restoring,
// record, problem, snapshot}: the snapshot (a Blob, its bytes not read) only if present
// and its record is in order.
async function readAndPrune() {
  const db = await openDb();
  try {
    const tx = db.transaction(STORE, "readwrite");
    const store = tx.objectStore(STORE);
    const keep = new Set([CONFIG.key, META + CONFIG.key, FAILED + CONFIG.key,
                          RESTORING + CONFIG.key]);
    const keys = await request(store.getAllKeys());
    for (const key of keys) if (!keep.has(key)) store.delete(key);
    const record = await request(store.get(META + CONFIG.key));
    const found = {
      failed: (await request(store.get(FAILED + CONFIG.key))) !== undefined,
      restoring: unfinishedTries(await request(store.get(RESTORING + CONFIG.key))),
      present: (await request(store.count(CONFIG.key))) > 0,
      record,
      problem: recordProblem(record),
      snapshot: undefined,
    };
    if (found.present && !found.problem && !found.failed
        && found.restoring < MAX_RESTORE_TRIES) {
      found.snapshot = await request(store.get(CONFIG.key));
    }
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
    return found;
  } finally {
    db.close();
  }
}

// Put and delete entries in one transaction ({key: value}; value undefined deletes).
async function write(entries) {
  const db = await openDb();
  try {
    const tx = db.transaction(STORE, "readwrite");
    const store = tx.objectStore(STORE);
    for (const [key, value] of Object.entries(entries)) {
      if (value === undefined) store.delete(key); else store.put(value, key);
    }
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

// Never restore this key again (until the next build, whose key differs).
async function giveUp() {
  try {
    await write({ [CONFIG.key]: undefined, [META + CONFIG.key]: undefined,
                  [RESTORING + CONFIG.key]: undefined, [FAILED + CONFIG.key]: Date.now() });
  } catch (e) { /* nothing more to do */ }
}

async function restore(options, bytes) {
  // Pyodide 314 ignores INITIAL_MEMORY (pyodide#6254): grow the heap to the snapshot's
  // size before it is copied in, instead of growing it page by page.
  const asm = await import(new URL("./pyodide.asm.mjs", import.meta.url).href);
  const createPyodideModule = async (settings) => {
    const module = await asm.default(settings);
    if (module.HEAP8.length < bytes.length) module.growMemory(bytes.length);
    return module;
  };
  const pyodide = await plainLoadPyodide({ ...options, _loadSnapshot: bytes, createPyodideModule });
  // The snapshot holds the PRNG state of the interpreter that made it: reseed from the OS.
  pyodide.runPython("import random\nrandom.seed()");
  return pyodide;
}

function makeLater() {
  window.addEventListener("tractor:shown", () => {
    setTimeout(make, CONFIG.makeDelayMs);
  }, { once: true });
}

function make() {
  report("making");
  let worker;
  try {
    worker = new Worker(new URL("./snap-maker.mjs", import.meta.url), { type: "module" });
  } catch (e) {
    report("make-failed", e);
    return;
  }
  worker.onmessage = ({ data }) => {
    worker.terminate();
    if (data && data.ok) {
      report("made", JSON.stringify(data.ok));
    } else {
      report("make-failed", data && data.error);
      giveUp();
    }
  };
  worker.onerror = (event) => {
    worker.terminate();
    report("make-failed", event.message || "worker error");
    giveUp();
  };
  worker.postMessage({
    key: CONFIG.key, files: CONFIG.files, imports: CONFIG.imports, db: DB_NAME, store: STORE,
  });
}

// Whether this page's origin is the site's own (see the header).
function ownOrigin() {
  if (CONFIG.ownOrigin) return true;
  if (/(^|\.)github\.io$/i.test(location.hostname)) return false;
  return new URL(".", location.href).pathname === "/";
}

function offForThisTab() {
  // sessionStorage "tractor.snapshot" = "off": this tab starts plainly (the browser tests set
  // it, except the snapshot's own, so that each test does not boot a second Pyodide).
  try {
    return sessionStorage.getItem("tractor.snapshot") === "off";
  } catch (e) {
    return false;
  }
}

export async function loadPyodide(options = {}) {
  if (!onThePage()) return plainLoadPyodide(options); // the computer players' worker
  if (/[?&]snapshot=off(&|$)/.test(location.search) || offForThisTab()) {
    report("off");
    return plainLoadPyodide(options);
  }
  if (!ownOrigin()) {
    report("shared-origin", "the snapshot is off on an origin the site may share");
    return plainLoadPyodide(options);
  }
  let found;
  try {
    const problem = await indexedDBProblem();
    if (problem) throw new Error(problem);
    found = await withTimeout(readAndPrune(), READ_TIMEOUT_MS, "reading the snapshot");
  } catch (e) {
    report("unavailable", e);
    return plainLoadPyodide(options);
  }
  if (found.failed) {
    report("failed-before");
    return plainLoadPyodide(options);
  }
  if (found.present && found.restoring >= MAX_RESTORE_TRIES) {
    // Its last restores never finished (the tab crashed or was closed during each).
    report("restore-failed", "its earlier restores did not finish");
    await giveUp();
    return plainLoadPyodide(options);
  }
  if (found.present) {
    let bytes;
    try {
      bytes = await withTimeout(verified(found), CONFIG.restoreTimeoutMs,
                                "checking the snapshot");
    } catch (e) {
      console.warn("Tractor: the engine's snapshot is refused; starting plainly", e);
      report("refused", e && e.message);
      await giveUp();
      return plainLoadPyodide(options);
    }
    try {
      await write({ [RESTORING + CONFIG.key]: found.restoring + 1 });
      const started = performance.now();
      const pyodide = await withTimeout(restore(options, bytes), CONFIG.restoreTimeoutMs,
                                        "restoring the snapshot");
      const ms = Math.round(performance.now() - started);
      if (ms > CONFIG.restoreTimeoutMs) { // synchronous work overran: usable, not again
        report("restored", `in ${ms} ms, over the bound: not restored again`);
        giveUp();
        return pyodide;
      }
      report("restored");
      write({ [RESTORING + CONFIG.key]: undefined }).catch(() => {});
      return pyodide;
    } catch (e) {
      console.warn("Tractor: the engine's snapshot could not be restored; starting plainly", e);
      report("restore-failed", e);
      await giveUp();
      return plainLoadPyodide(options);
    }
  }
  const pyodide = await plainLoadPyodide(options);
  report("plain");
  makeLater();
  return pyodide;
}
