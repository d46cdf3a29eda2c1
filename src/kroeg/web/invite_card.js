// Inviting someone you follow to this table and a seat (issue 32, build 1), a dialog over
// the felt as the player's card is. Opened by the table's "Uitnodigen" (no seat: the table
// offers your partner's seat at Klaverjassen, else a free one; kroeg.tables.invitations)
// or from a house seat's card (that seat). The invitation names this table: never "the
// first table where you still sit" (bug 1). A refusal (a finished game, a full table, a
// seat taken meanwhile) comes back as an error frame and is said in a toast.

import { api } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

export class InviteCard {
  /** `seat`: the seat offered (a house seat's number), or null; `ctx`: {table, seatName,
   *  send(message), close(), rerender()}. */
  constructor(seat, ctx) {
    this.seat = seat;
    this.ctx = ctx;
    this.people = undefined; // undefined: loading; null: no account (a guest follows nobody)
    this.sent = new Set();
    this.load();
  }

  async load() {
    try {
      this.people = (await api("GET", "/me/following")).following;
    } catch {
      this.people = null;
    }
    this.ctx.rerender();
  }

  invite(name) {
    const message = { type: "invite", table: this.ctx.table, name };
    if (this.seat !== null) message.seat = this.seat;
    this.ctx.send(message);
    this.sent.add(name);
    this.ctx.rerender();
  }

  renderPeople() {
    if (this.people === undefined) return h("p", { class: "prompt" }, t("lobby.loading"));
    if (this.people === null) return h("p", { class: "prompt" }, t("invite.account_needed"));
    const online = this.people.filter((p) => p.online);
    if (!online.length) return h("p", { class: "prompt" }, t(this.people.length ? "invite.nobody_online" : "invite.nobody_followed"));
    return h(
      "ul",
      { class: "invite-list" },
      online.map((p) =>
        h(
          "li",
          { dataset: { friend: p.name } },
          h("span", {}, p.name),
          " ",
          this.sent.has(p.name)
            ? h("span", { class: "prompt" }, t("invite.sent"))
            : h("button", { class: "btn small primary", onclick: () => this.invite(p.name), "aria-label": t("invite.invite_name", { name: p.name }) }, t("players.invite")),
        ),
      ),
    );
  }

  render() {
    const which = this.seat === null ? t("invite.any_seat") : t("invite.this_seat", { name: this.ctx.seatName });
    return h(
      "div",
      { class: "result player-card invite-card", role: "dialog", "aria-labelledby": "invite-card-title" },
      h("h2", { id: "invite-card-title" }, t("invite.title")),
      h("p", {}, which),
      this.renderPeople(),
      h("div", { class: "buttons" }, h("button", { class: "btn", dataset: { control: "close-card" }, onclick: this.ctx.close }, t("result.close"))),
    );
  }
}
