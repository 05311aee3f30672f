/* The site's language for a browser language tag, one rule for the table's loading
   screen (web/boot.js), the tutorial and the rules (tutorial/tutorial.js), as Python's
   micro.words.language_of says it for the table, the painter and the embed: zh-Hant*,
   zh-TW, zh-HK, zh-MO → "zh-Hant" (繁體中文), other zh* → "zh" (简体中文), else "en";
   and each language's <html lang>, as micro.words.HTML_LANG (tests/web/test_catalogs.py
   runs this file against them). */
window.tractorHtmlLang = { zh: "zh-CN", "zh-Hant": "zh-Hant", en: "en" };
window.tractorLanguageOf = function (tag) {
  "use strict";
  var parts = String(tag).trim().toLowerCase().replace(/_/g, "-").split("-");
  if (parts[0] !== "zh") return "en";
  if (parts.indexOf("hant") > 0) return "zh-Hant";
  if (parts.indexOf("hans") > 0) return "zh";
  var traditional = ["tw", "hk", "mo"].some(function (p) { return parts.indexOf(p) > 0; });
  return traditional ? "zh-Hant" : "zh";
};
