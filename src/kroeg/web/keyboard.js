// Playing with the keyboard (docs/accessibility.md, "Aan tafel"): a letter per decision,
// Shift + a letter reads the state aloud, `?` lists the keys, Escape closes what a key
// opened. The letters are the same in every language (Dutch mnemonics: k klop/toep,
// m mee, p pas); the key list says what they do in the chosen language.

import { h } from "./dom.js";
import { has, t } from "./i18n.js";

/** A letter per decision: the verbs it stands for (one game never has two on a letter). */
export const ACTION_KEYS = {
  k: ["knock", "kraak", "herkraak", "superkraak"],
  m: ["stay"],
  p: ["fold", "pass", "draw"],
  l: ["look", "meld"],
  r: ["exchange", "roem"],
  h: ["keep"],
  w: ["laundry"],
  c: ["challenge"],
  v: ["revoke", "verzaakt"],
  d: ["late", "discard"],
  b: ["bid"],
  o: ["open"],
  a: ["layoff"],
  j: ["swap"],
};

/** Each game's decisions, in the order the key list shows them. */
const GAME_VERBS = {
  toepen: ["knock", "stay", "fold", "look", "exchange", "keep", "laundry", "challenge", "revoke", "late"],
  klaverjassen: ["bid", "pass", "kraak", "roem", "verzaakt"],
  eurokaarten: ["draw", "open", "meld", "layoff", "swap", "discard"],
};

/** Shift + a letter: a sentence about the state, said in the polite region. */
export const READ_KEYS = { H: "hand", T: "trick", W: "played", S: "scores", B: "bids", M: "melds", C: "clock", R: "repeat" };

/** The letter of a verb ("knock" → "k"), or null. */
export function keyOf(verb) {
  return Object.keys(ACTION_KEYS).find((key) => ACTION_KEYS[key].includes(verb)) ?? null;
}

/** True while typing: the chat, a name, the joker's choice take their keys themselves. */
export function typing(target) {
  return Boolean(target?.closest?.("input, textarea, select, [contenteditable='true']"));
}

/**
 * The decision a letter stands for: one button is pressed; several (the four bids, the
 * exchanges, the two draws) get the focus in turn, so a screen reader says each and
 * Enter picks it. Returns "pressed", "focused" or null (nothing on that letter now).
 */
export function pressAction(root, letter) {
  const verbs = ACTION_KEYS[letter];
  if (!verbs) return null;
  const buttons = [...root.querySelectorAll(".actions-bar button[data-verb]")].filter((b) => verbs.includes(b.dataset.verb));
  if (!buttons.length) return null;
  if (buttons.length === 1) {
    buttons[0].click();
    return "pressed";
  }
  const next = buttons[(buttons.indexOf(document.activeElement) + 1) % buttons.length];
  next.focus();
  return "focused";
}

/** The row of the key list for a game's decision: "k — Toep!". */
function verbText(game, verb) {
  if (has(`table.keys.verb.${game}.${verb}`)) return t(`table.keys.verb.${game}.${verb}`);
  return t(`table.keys.verb.${verb}`);
}

function row(key, text) {
  return h("tr", {}, h("th", { scope: "row" }, h("kbd", {}, key)), h("td", {}, text));
}

/** The `?` key list: a native <dialog> (Escape closes it, the focus goes back). */
export function keyListDialog(game, onClose) {
  const general = [
    [t("table.keys.tab"), t("table.keys.tab_text")],
    ["← →", t("table.keys.arrows")],
    [t("table.keys.home_end"), t("table.keys.home_end_text")],
    [t("table.keys.enter_space"), t("table.keys.enter_space_text")],
    ["?", t("table.keys.help")],
    ["Esc", t("table.keys.escape")],
  ];
  const actions = (GAME_VERBS[game] || []).map((verb) => [keyOf(verb), verbText(game, verb)]);
  const reads = Object.entries(READ_KEYS).map(([key, kind]) => [`Shift+${key}`, t(`table.keys.read.${kind}`)]);
  const dialog = h(
    "dialog",
    { class: "key-list", "aria-labelledby": "key-list-title", onclose: onClose },
    // The title takes the focus: the list opens at its top, and is read from there.
    h("h2", { id: "key-list-title", tabindex: "-1", autofocus: true }, t("table.keys.title")),
    h("table", { class: "score-table" }, h("caption", {}, t("table.keys.general")), h("tbody", {}, general.map(([k, text]) => row(k, text)))),
    h("table", { class: "score-table" }, h("caption", {}, t("table.keys.actions")), h("tbody", {}, actions.map(([k, text]) => row(k, text)))),
    h("p", { class: "prompt" }, t("table.keys.cycle")),
    h("table", { class: "score-table" }, h("caption", {}, t("table.keys.reads")), h("tbody", {}, reads.map(([k, text]) => row(k, text)))),
    h("div", { class: "buttons" }, h("button", { class: "btn primary", type: "button", onclick: () => dialog.close() }, t("result.close"))),
  );
  return dialog;
}
