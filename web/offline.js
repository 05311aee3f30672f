// Register the service worker (dist/sw.js) so the site starts and plays offline after
// one visit. A plain same-origin script: the Content-Security-Policy allows no inline one.
// It waits for the table's first dealt card (the "tractor:shown" event the page's Python
// sends), so filling the offline cache never competes with the first visit's own loading.
"use strict";
if ("serviceWorker" in navigator && location.protocol !== "file:") {
  window.addEventListener(
    "tractor:shown",
    () => {
      navigator.serviceWorker.register("./sw.js").catch((error) => {
        console.warn("Tractor: offline play is not available:", error);
      });
    },
    { once: true }
  );
}
