/* Tutorial and rules page language: ?lang=zh|zh-Hant|en, else the browser's language,
   chosen as the table chooses it (web/language_of.js, loaded before this file).
   Sets <html lang> and data-lang (CSS hides the other languages' blocks), points
   every position iframe at its data-src with &lang=, the links to the other page at
   the same language, and the language menu's links at this page in each language (the
   current one marked aria-current). No inline code anywhere: the page's CSP allows
   only 'self'. */
(function () {
  "use strict";
  var HTML_LANG = window.tractorHtmlLang;  // web/language_of.js

  var params = new URLSearchParams(window.location.search);
  var asked = params.get("lang");
  var lang;
  if (HTML_LANG.hasOwnProperty(asked)) {
    lang = asked;
  } else {
    var nav = (navigator.languages && navigator.languages[0]) || navigator.language || "";
    lang = window.tractorLanguageOf(nav);
  }
  var root = document.documentElement;
  root.lang = HTML_LANG[lang];
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
      f.src = src + sep + "lang=" + encodeURIComponent(lang);
    }
    var pages = document.querySelectorAll("a[href='rules.html'], a[href='tutorial.html']");
    for (var k = 0; k < pages.length; k++) {
      pages[k].setAttribute("href", pages[k].getAttribute("href") + "?lang=" + lang);
    }
    var choices = document.querySelectorAll("[data-testid=lang-toggle] a[data-lang]");
    for (var j = 0; j < choices.length; j++) {
      var a = choices[j];
      var code = a.getAttribute("data-lang");
      var p = new URLSearchParams(window.location.search);
      p.set("lang", code);
      a.setAttribute("href", "?" + p.toString() + window.location.hash);
      if (code === lang) {
        a.setAttribute("aria-current", "page");
      } else {
        a.removeAttribute("aria-current");
      }
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", apply);
  } else {
    apply();
  }
})();
