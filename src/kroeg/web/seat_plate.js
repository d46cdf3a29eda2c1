// A seat's plate on the felt: the avatar with the clock ring, the name with its marks (bot,
// gast, the rating badge), the state line and the game's line under it. A tap, a click,
// Enter or Space on it opens the player's card (player_card.js, issue 32 build 2).

import { ringSvg } from "./clock.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

/** Present, away, played by the house, or out of the game. */
function seatState(info) {
  if (info.out) return "out";
  if (info.house) return "house";
  if (info.away) return "away";
  return "present";
}

/** A small badge with the seat's rating (mu − 3σ), for an account with a rated game. A
 *  guest's is on their card only (issue 32, bug 7: a bare "-1" beside a guest said nothing). */
function ratingBadge(info, badge) {
  if (!badge || !info.account) return null;
  return h("span", { class: "rating-badge", title: t("seat.rating_title", { n: badge.games }), dataset: { rating: String(badge.rating) } }, ` ${Math.round(badge.rating)}`);
}

/** A seat's accessible name: who, present or not, the dealer, whose turn, the cards
 *  left, and the game's line under the name (points, coins, the contract). */
function seatLabel(seat, ctx, state, count, extra, waitingFor) {
  const parts = [t("seat.label", { name: ctx.name(seat), state: t(`seat.state.${state}`) })];
  if (seat === ctx.you) parts.push(t("table.read.you"));
  if (ctx.view.dealer === seat) parts.push(t("seat.dealer"));
  if (waitingFor) parts.push(t("seat.to_act"));
  if (typeof count === "number" && seat !== ctx.you) parts.push(t("seat.cards", { n: count }));
  if (extra) parts.push(extra);
  return parts.join(", ");
}

/**
 * The plate of `seat` (the table's context `ctx`). `how`: {game (its module), pos (where
 * on the felt, in percent), toAct (the seats the game waits for), warned (your last chance
 * before a second timeout), badge (the seat's rating here), open (the player's card)}.
 */
export function seatPlate(seat, ctx, how) {
  const info = ctx.seats[seat];
  const view = ctx.view;
  const { game, pos } = how;
  const waitingFor = how.toAct.includes(seat);
  const state = seatState(info);
  const count = view.hand_counts?.[seat];
  const extra = game.seatExtra?.(ctx, seat);
  const name = info.name || t("seat.empty_name", { n: seat + 1 });
  const label = h("span", { class: "sr-only clock-label", style: { position: "absolute", width: "1px", height: "1px", overflow: "hidden", clip: "rect(0 0 0 0)" } });
  const edge = pos.x > 72 ? "right" : pos.x < 28 ? "left" : null;
  const classes = ["seat", edge ? `edge ${edge}` : "", waitingFor ? "turn" : "", how.warned ? "warn" : "", view.dealer === seat ? "dealer" : "", game.seatFolded?.(ctx, seat) ? "folded" : "", seat === ctx.you ? "me" : ""];
  return h(
    "div",
    {
      class: classes.filter(Boolean).join(" "),
      // Side seats hug the edge of the felt instead of hanging over it.
      style: { left: `${pos.x}%`, top: `${pos.y}%`, transform: `translate(${edge === "right" ? -100 : edge === "left" ? 0 : -50}%, -50%)` },
      dataset: { seat: String(seat) },
      role: "group",
      "aria-label": seatLabel(seat, ctx, state, count, extra, waitingFor),
      // The player's card: a tap or a click on the plate, Enter or Space on it.
      tabindex: "0",
      title: t("card.open", { name }),
      onclick: how.open,
      onkeydown: (e) => {
        if (e.target !== e.currentTarget || (e.key !== "Enter" && e.key !== " ")) return;
        e.preventDefault();
        how.open();
      },
    },
    h("div", { class: "avatar" }, h("span", { class: "initial", "aria-hidden": "true" }, (info.name || "?").slice(0, 1).toUpperCase()), ringSvg(), h("span", { class: "countdown", "aria-hidden": "true" })),
    h(
      "div",
      { class: "info" },
      h(
        "span",
        { class: "name", dataset: info.account ? { account: info.account.kind } : {} },
        name,
        info.bot ? h("span", { class: "bot-tag" }, t("seat.bot")) : null,
        // A person without an account: the "gast" mark (issue 19 point 6).
        !info.house && !info.account ? h("span", { class: "guest-mark" }, t("seat.guest")) : null,
        ratingBadge(info, how.badge),
      ),
      h(
        "span",
        { class: `state ${state}` },
        // The card count first: a compact side plate cuts the end of this line.
        typeof count === "number" && seat !== ctx.you ? `${t("seat.cards", { n: count })} · ` : "",
        // A phone's plates say it in a word ("huis"): "het h…" was cut (issue 32, bug 14).
        h("span", { class: "long" }, t(`seat.state.${state}`)),
        h("span", { class: "short", "aria-hidden": "true" }, t(`seat.state_short.${state}`)),
        info.timeouts > 0 && !info.out ? ` · ${t("seat.timeouts", { n: info.timeouts })}` : "",
      ),
      extra ? h("span", { class: "extra" }, extra) : null,
      label,
    ),
  );
}
