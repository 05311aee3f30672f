// Makes the engine's memory snapshot off the page's main thread (issue 27).
//
// A module Worker started by pyodide-snap.mjs once the table is live and its first card
// shown. It boots a throwaway Pyodide with `_makeSnapshot: true`, writes the files of
// pyscript.json where PyScript puts them (an archive with destination "./*" is unpacked
// into the working folder, any other file written at its destination), imports the
// modules web/main.py imports (not `pyscript`: PyScript's JS objects cannot be saved),
// makes the snapshot and stores it in IndexedDB under the build's key: the bytes as a Blob
// (its size is known without reading it) and, under "meta:" + key, the record the page
// checks before every restore ({key, size, sha256}: pyodide-snap.mjs's describe). A
// snapshot larger than the build's bound is not stored. It answers
// {ok: {bytes, bootMs, prepareMs, snapshotMs, storeMs}} or {error}.
//
// The message: {key, files: {URL relative to this module: destination}, imports, db, store}.

import { loadPyodide } from "./pyodide.mjs";
import { describe, META } from "./pyodide-snap.mjs";

// Put {key: value} entries in one transaction.
function store(dbName, storeName, entries) {
  return new Promise((resolve, reject) => {
    const r = indexedDB.open(dbName, 1);
    r.onupgradeneeded = () => r.result.createObjectStore(storeName);
    r.onerror = () => reject(r.error);
    r.onblocked = () => reject(new Error("IndexedDB blocked"));
    r.onsuccess = () => {
      const db = r.result;
      const tx = db.transaction(storeName, "readwrite");
      const objects = tx.objectStore(storeName);
      for (const [key, value] of Object.entries(entries)) objects.put(value, key);
      tx.oncomplete = () => { db.close(); resolve(); };
      tx.onerror = () => { db.close(); reject(tx.error); };
      tx.onabort = () => { db.close(); reject(tx.error || new Error("aborted")); };
    };
  });
}

async function place(pyodide, source, destination) {
  const response = await fetch(new URL(source, import.meta.url));
  if (!response.ok) throw new Error(`${source}: HTTP ${response.status}`);
  const bytes = await response.arrayBuffer();
  if (destination.endsWith("/*")) {
    const format = source.match(/\.(zip|whl|tgz|tar(?:\.gz)?)$/);
    if (!format) throw new Error(`${source}: not an archive`);
    pyodide.unpackArchive(bytes, format[1], { extractDir: destination.slice(0, -2) || "." });
    return;
  }
  const folder = destination.slice(0, destination.lastIndexOf("/"));
  if (folder && folder !== ".") pyodide.FS.mkdirTree(folder);
  pyodide.FS.writeFile(destination, new Uint8Array(bytes));
}

onmessage = async ({ data: { key, files, imports, db, store: storeName } }) => {
  try {
    const t0 = performance.now();
    const pyodide = await loadPyodide({ _makeSnapshot: true });
    const t1 = performance.now();
    await Promise.all(Object.entries(files).map(([src, dest]) => place(pyodide, src, dest)));
    if (imports) pyodide.runPython(`import ${imports}`);
    const t2 = performance.now();
    const bytes = pyodide.makeMemorySnapshot();
    const t3 = performance.now();
    const record = await describe(bytes, key); // throws if larger than the bound
    await store(db, storeName, { [key]: new Blob([bytes]), [META + key]: record });
    const t4 = performance.now();
    postMessage({ ok: {
      bytes: bytes.length, bootMs: Math.round(t1 - t0), prepareMs: Math.round(t2 - t1),
      snapshotMs: Math.round(t3 - t2), storeMs: Math.round(t4 - t3),
    } });
  } catch (e) {
    postMessage({ error: String((e && e.stack) || e) });
  }
};
