// Message catalogs: every string the user sees comes from i18n/<lang>.js.
// t("key", {name: "Anna"}) fills {name}; a missing key falls back to Dutch, then the key.
// With {n: 1} a key's singular "<key>.one" is used when the chosen language has one.

import nl from "./i18n/nl.js";
import en from "./i18n/en.js";
import { settings } from "./settings.js";

export const CATALOGS = { nl, en };
export const LANGUAGES = Object.keys(CATALOGS);

export function lang() {
  return CATALOGS[settings().lang] ? settings().lang : "nl";
}

export function t(key, params = {}) {
  const one = params.n === 1 ? CATALOGS[lang()][`${key}.one`] : undefined;
  const text = one ?? CATALOGS[lang()][key] ?? nl[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

/** True when the catalog has a text for this key (used for optional texts such as error codes). */
export function has(key) {
  return key in CATALOGS[lang()] || key in nl;
}

/** True when the chosen language itself has this key (no fallback to Dutch). */
export function hasOwn(key) {
  return key in CATALOGS[lang()];
}
