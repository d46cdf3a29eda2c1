// The end of a trick and of a deal as moments a player sees (issue 18, point 1).
//
// The server sends the last card, the trick, the deal's end and (after its pause, the
// snapshot's `info.deal_pause`) the next deal. The client remembers the cards of each
// trick from the `play` events, keeps the last completed trick for "vorige slag", and at
// a deal's end shows the completed last trick with its winner, then the deal's summary
// until "verder" is tapped, the pause is over or the next deal arrives.

import { cardName } from "./cards.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { cardFace } from "./parts.js";

/** How long the completed last trick lies alone before the summary covers it. */
export const LAST_TRICK_MS = 1500;

/** Who played what in a finished trick event: its own `plays`, or `cards` from the `leader` on. */
function eventPlays(ev, seats) {
  if (Array.isArray(ev.plays)) return ev.plays;
  if (Array.isArray(ev.cards) && typeof ev.leader === "number") {
    return ev.cards.map((card, i) => ({ seat: (ev.leader + i) % seats, card }));
  }
  return null;
}

/** The cards of the running trick and the last completed one, followed from the events. */
export class TrickMemory {
  constructor() {
    this.current = [];
    this.completed = null; // {plays, winner}: the deal's last completed trick
  }

  event(ev, seats) {
    if (ev.kind === "deal") {
      this.current = [];
      this.completed = null;
    } else if (ev.kind === "play" && typeof ev.card === "string") {
      this.current.push({ seat: ev.seat, card: ev.card });
    } else if (ev.kind === "fold") {
      // Toepen: a folder's card leaves the trick (docs/games/toepen.md, `fold.removed`).
      this.current = this.current.filter((p) => p.seat !== ev.seat);
    } else if (ev.kind === "trick") {
      this.completed = { plays: eventPlays(ev, seats) ?? this.current, winner: ev.winner };
      this.current = [];
    }
  }

  /** A frame with the state: the view's running trick is the truth (after a resume too). */
  sync(view) {
    if (Array.isArray(view?.trick) && view.trick.length) this.current = view.trick.map((p) => ({ seat: p.seat, card: p.card }));
  }
}

/** The "vorige slag" view: the last completed trick of this deal, in playing order. */
export function previousTrickPanel(ctx, trick, onClose) {
  return h(
    "div",
    { class: "previous-trick", role: "dialog", "aria-label": t("moment.previous_trick", { name: ctx.name(trick.winner) }) },
    h("p", {}, t("moment.previous_trick", { name: ctx.name(trick.winner) })),
    h(
      "div",
      { class: "cards" },
      trick.plays.map((p) => h("figure", { class: p.seat === trick.winner ? "winner" : "" }, cardFace(p.card, { "aria-label": t("table.played_by", { card: cardName(p.card), name: ctx.name(p.seat) }) }), h("figcaption", {}, ctx.name(p.seat)))),
    ),
    h("button", { class: "btn small", onclick: onClose }, t("result.close")),
  );
}

/** The deal's summary over the felt; the game module writes its body from the `deal_end`
 *  event, the table may add a line under it (``extra``: a set against the house's comparison). */
export function summaryDialog(game, ctx, ev, onNext, extra = null) {
  const title = t(ctx.running ? "moment.deal_over" : "moment.last_deal");
  // Focusable: on a small screen the body scrolls, and a keyboard must scroll it too.
  const body = h("div", { class: "summary-body", tabindex: "0", role: "group", "aria-label": title }, game.dealSummary?.(ctx, ev) ?? null, extra);
  return h(
    "div",
    { class: "summary", role: "dialog", "aria-label": title },
    h("h2", {}, title),
    body,
    scrollCue(body),
    h("div", { class: "buttons" }, h("button", { class: "btn primary", id: "next-deal", onclick: onNext }, t("moment.next"))),
  );
}

/** "Meer hieronder ↓" under a body that scrolls, until its end is in view (issue 32, bug 5:
 *  three of six Eurokaarten hands in an inner scroll box, with nothing to say so). */
function scrollCue(body) {
  const cue = h("p", { class: "scroll-cue", hidden: true }, t("moment.scroll_cue"));
  const update = () => {
    cue.hidden = body.scrollTop + body.clientHeight >= body.scrollHeight - 2;
  };
  body.addEventListener("scroll", update);
  new ResizeObserver(update).observe(body);
  return cue;
}
