// Server error codes (docs/protocol.md, "Error codes") shown as texts from the catalog.

import { has, t } from "./i18n.js";

export function errorText(code, message) {
  if (has(`error.${code}`)) return t(`error.${code}`);
  return message ? t("error.other_with", { message }) : t("error.internal");
}

let toastTimer = null;

/** A short, non-blocking message at the bottom of the screen. */
export function toast(text) {
  let el = document.getElementById("toast");
  if (!el) {
    el = document.createElement("div");
    el.id = "toast";
    el.className = "toast";
    el.setAttribute("role", "alert");
    document.body.append(el);
  }
  el.textContent = text;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    el.hidden = true;
  }, 4000);
}

/** A refusal of the clubs API (docs/clubs.md) as a Dutch text: the catalog's
 *  `club.error.<code>`, else the general error text of the code. */
export function clubErrorText(err) {
  if (has(`club.error.${err.code}`)) return t(`club.error.${err.code}`, err.params ?? {});
  return errorText(err.code, err.message);
}
