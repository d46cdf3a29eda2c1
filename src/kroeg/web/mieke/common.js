// What Mieke's pages share: the catalogs' texts, errors in Dutch, and a small element maker.

import { t, has } from "../i18n.js";

export { t };

/** The Dutch (or English) text of an API error body; the server's English otherwise. */
export function errorText(body) {
  const detail = body && body.detail;
  if (detail && typeof detail === "object" && detail.code) {
    const key = `club.error.${detail.code}`;
    return has(key) ? t(key, detail) : t("club.error.other", { message: detail.message });
  }
  return t("club.error.other", { message: String(detail ?? "") });
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Wait for the night to change (a long poll); resolves with its change count. */
export async function nextChange(nightId, after) {
  const r = await fetch(`/api/clubs/nights/${encodeURIComponent(nightId)}/changes?after=${after}`);
  if (!r.ok) throw new Error(`changes: ${r.status}`);
  return (await r.json()).changes;
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Fill the page's static texts: every element with data-t gets its catalog text. */
export function fillTexts(root = document) {
  for (const node of root.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  document.documentElement.lang = t("club.lang");
}
