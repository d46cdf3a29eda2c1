// What a screen reader hears at the table (issue "Play without seeing the cards"): two
// live regions outside the table's redrawn tree, so a redraw never cuts a sentence off.
// The polite one says each event as a sentence and answers the reading commands; the
// assertive one only your turn, a refusal and the clock's last ten seconds.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** How many sentences each region keeps (older ones are read already). */
const KEPT = 20;

export class Announcer {
  constructor() {
    this.polite = h("div", { class: "sr-only", role: "log", "aria-live": "polite", "aria-label": t("table.say.polite") });
    this.assertive = h("div", { class: "sr-only", role: "log", "aria-live": "assertive", "aria-label": t("table.say.assertive") });
    this.last = "";
    document.body.append(this.polite, this.assertive);
  }

  /** Say `text` (a sentence or several); `urgent` for the assertive region. An added
   *  node is announced even when its text equals the one before (a command asked twice). */
  say(text, urgent = false) {
    if (!text) return;
    const region = urgent ? this.assertive : this.polite;
    region.append(h("p", {}, text));
    while (region.children.length > KEPT) region.firstChild.remove();
    if (!urgent) this.last = text;
  }

  /** The regions' names in the chosen language (the table redraws after a change). */
  relabel() {
    this.polite.setAttribute("aria-label", t("table.say.polite"));
    this.assertive.setAttribute("aria-label", t("table.say.assertive"));
  }

  destroy() {
    this.polite.remove();
    this.assertive.remove();
  }
}
