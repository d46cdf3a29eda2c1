// Table life from the seeds as short messages over the felt: applause, the whistle,
// "Tienentrekker", shots… They never block play (pointer-events: none) and fade by themselves.

import { h } from "./dom.js";

const LIFETIME_MS = 2900;

export function showEffect(layer, text) {
  if (!layer || !text) return;
  const el = h("div", { class: "effect", role: "status" }, text);
  layer.append(el);
  setTimeout(() => el.remove(), LIFETIME_MS);
  while (layer.children.length > 3) layer.firstChild.remove();
}
