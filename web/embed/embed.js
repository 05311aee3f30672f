/* Tractor embeds: size each <iframe> of embed.html to its content.
 *
 * Put this file (embed.js, from the site's dist/) beside your page and add
 *   <script src="embed.js" defer></script>
 * Each embed posts {type: "tractor.embed.height", height} to its parent after it
 * draws; this script sets the height of the iframe that sent it. Nothing else is
 * read from the message and nothing is loaded.
 */
(function () {
  "use strict";
  var MAX_HEIGHT = 4000;
  window.addEventListener("message", function (event) {
    var data = event.data;
    if (!data || data.type !== "tractor.embed.height") return;
    var height = Number(data.height);
    if (!isFinite(height) || height <= 0) return;
    var frames = document.getElementsByTagName("iframe");
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow === event.source) {
        frames[i].style.height = Math.min(Math.ceil(height), MAX_HEIGHT) + "px";
        return;
      }
    }
  });
})();
