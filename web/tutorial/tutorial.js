/* Tutorial and rules page language: ?lang=zh|en, else the browser's language (zh* → Chinese).
   Sets <html lang> and data-lang (CSS hides the other language's blocks), points
   every position iframe at its data-src with &lang=, and the toggle link at the
   other language. No inline code anywhere: the page's CSP allows only 'self'. */
(function () {
  "use strict";
  var params = new URLSearchParams(window.location.search);
  var asked = params.get("lang");
  var lang;
  if (asked === "zh" || asked === "en") {
    lang = asked;
  } else {
    var nav = (navigator.languages && navigator.languages[0]) || navigator.language || "";
    lang = /^zh/i.test(nav) ? "zh" : "en";
  }
  var root = document.documentElement;
  root.lang = lang === "zh" ? "zh-CN" : "en";
  root.setAttribute("data-lang", lang);

  var title = root.getAttribute("data-title-" + lang);
  if (title) {
    document.title = title;
  }

  function apply() {
    var frames = document.querySelectorAll("iframe[data-src]");
    for (var i = 0; i < frames.length; i++) {
      var f = frames[i];
      var src = f.getAttribute("data-src");
      var sep = src.indexOf("?") >= 0 ? "&" : "?";
      var t = f.getAttribute("data-title-" + lang);
      if (t) {
        f.title = t;
      }
      f.src = src + sep + "lang=" + lang;
    }
    var pages = document.querySelectorAll("a[href='rules.html'], a[href='tutorial.html']");
    for (var k = 0; k < pages.length; k++) {
      pages[k].setAttribute("href", pages[k].getAttribute("href") + "?lang=" + lang);
    }
    var other = lang === "zh" ? "en" : "zh";
    var toggles = document.querySelectorAll("[data-testid=lang-toggle]");
    for (var j = 0; j < toggles.length; j++) {
      var a = toggles[j];
      var p = new URLSearchParams(window.location.search);
      p.set("lang", other);
      a.setAttribute("href", "?" + p.toString() + window.location.hash);
      a.setAttribute("hreflang", other === "zh" ? "zh-CN" : "en");
      a.setAttribute("lang", other === "zh" ? "zh-CN" : "en");
      a.textContent = other === "zh" ? "中文" : "English";
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", apply);
  } else {
    apply();
  }
})();
