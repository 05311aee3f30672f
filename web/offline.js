// Register the service worker (dist/sw.js) so the site starts and plays offline after
// one visit. A plain same-origin script: the Content-Security-Policy allows no inline one.
"use strict";
if ("serviceWorker" in navigator && location.protocol !== "file:") {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("./sw.js").catch((error) => {
      console.warn("Tractor: offline play is not available:", error);
    });
  });
}
