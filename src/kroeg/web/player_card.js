// The player's card (issue 32, build 2): a tap or a click on a seat opens who sits there.
// A person: the name, the rating in this game and variant with its uncertainty and the
// games it rests on, and, for an account, its profile, follow and block (the buttons that
// fit how you stand to them, players.js); mute hides their chat at this table. The house:
// that it is the house and the level it plays at, and, to someone who sits or waits here,
// an invitation to that seat for someone they follow (invite_card.js, issue 32, build 1).

import { h } from "./dom.js";
import { lang, t } from "./i18n.js";
import { changeRelation, relationButtons, relationTo } from "./players.js";

function decimal(value) {
  return value.toLocaleString(lang() === "nl" ? "nl-NL" : "en-GB", { maximumFractionDigits: 1 });
}

/** What the card says about a rating: "31,4 (μ 40,2 ± 4,3) na 12 potjes", or that there is
 *  none yet; mu − 3σ is explained, since a newcomer's is low or even below zero. */
export function ratingLines(badge) {
  if (!badge) return [h("p", { class: "rating-line" }, t("card.unrated"))];
  return [
    h("p", { class: "rating-line" }, t("card.rating", { rating: decimal(badge.rating), mu: decimal(badge.mu), sigma: decimal(badge.sigma), n: badge.games })),
    h("p", { class: "prompt" }, t("card.rating_explained")),
  ];
}

/**
 * The card of one seat, a dialog over the felt. `seat` is the table's seat entry (name,
 * house, account, player), `badge` its rating here (GET /api/tables/{id}/ratings) or
 * undefined; `ctx`: {you, houseLevel, muted, mute(player, on), close(), link(path), rerender(),
 * inviteTo(seat) or null where you may not invite}.
 * An account's relation is fetched once the card opens.
 */
export class PlayerCard {
  constructor(seatNumber, seat, badge, ctx) {
    this.seatNumber = seatNumber;
    this.seat = seat;
    this.badge = badge;
    this.ctx = ctx;
    this.relation = null;
    if (seat.account && seatNumber !== ctx.you) this.loadRelation();
  }

  async loadRelation() {
    this.relation = await relationTo(this.seat.account.name);
    this.ctx.rerender();
  }

  async change(what, on) {
    await changeRelation(this.seat.account.name, what, on);
    await this.loadRelation();
  }

  render() {
    const seat = this.seat;
    const mine = this.seatNumber === this.ctx.you;
    const muted = seat.player && this.ctx.muted.has(seat.player);
    const profile = seat.account ? `/speler/${encodeURIComponent(seat.account.name)}` : null;
    const body = seat.house
      ? [h("p", {}, t("card.house")), h("p", { class: "house-level" }, t(`lobby.house.${this.ctx.houseLevel}`)), h("p", { class: "prompt" }, t(`lobby.house_help.${this.ctx.houseLevel}`))]
      : [
          h("p", {}, seat.account ? (seat.account.kind === "bot" ? t("card.bot") : t("card.account")) : t("card.guest")),
          ...ratingLines(this.badge),
        ];
    return h(
      "div",
      { class: "result player-card", role: "dialog", "aria-labelledby": "player-card-title", dataset: { seat: String(this.seatNumber) } },
      h("h2", { id: "player-card-title" }, mine ? t("card.title_you", { name: seat.name }) : seat.name),
      body,
      h(
        "div",
        { class: "buttons" },
        profile ? h("a", { class: "btn", role: "button", href: profile, onclick: this.ctx.link(profile) }, t("card.profile")) : null,
        mine ? null : relationButtons(this.relation, (what, on) => this.change(what, on)),
        seat.house && this.ctx.inviteTo ? h("button", { class: "btn primary", dataset: { control: "invite-seat" }, onclick: () => this.ctx.inviteTo(this.seatNumber) }, t("invite.to_seat")) : null,
        !mine && seat.player ? h("button", { class: "btn", "aria-pressed": String(Boolean(muted)), onclick: () => this.ctx.mute(seat.player, !muted) }, muted ? t("card.unmute") : t("card.mute")) : null,
        h("button", { class: "btn", dataset: { control: "close-card" }, onclick: this.ctx.close }, t("result.close")),
      ),
    );
  }
}
