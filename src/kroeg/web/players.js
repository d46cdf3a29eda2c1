// The players' pages: a profile (/speler/NAME) with its game history, "mijn spellen"
// (/mijn-spellen: your own profile), the leaderboards (/ranglijst/GAME), the lobby's
// panel of the people you follow, and the invitation that reaches you (docs/ratings.md).

import { api } from "./api.js";
import { h, onEscape, replace } from "./dom.js";
import { errorText, toast } from "./errors.js";
import { lang, t } from "./i18n.js";
import { profileSection } from "./house_set.js";
import { variantLabel } from "./option_fields.js";

const GAMES = ["toepen", "klaverjassen", "eurokaarten"];

function locale() {
  return lang() === "nl" ? "nl-NL" : "en-GB";
}

function date(seconds) {
  return new Date(seconds * 1000).toLocaleDateString(locale(), { year: "numeric", month: "short", day: "numeric" });
}

/** One decimal in the reader's language: "31,0" in Dutch, "31.0" in English. */
function decimal(value, { signed = false } = {}) {
  const format = { minimumFractionDigits: 1, maximumFractionDigits: 1 };
  if (signed) format.signDisplay = "exceptZero";
  return value.toLocaleString(locale(), format);
}

function ratingText(value) {
  return value === null || value === undefined ? "–" : decimal(value);
}

/** A finished game's result for its player: W, V or weg, and in a free-for-all their
 *  place among the seats ("V · 3e van 6"), which says more than lost. */
function outcomeText(game) {
  const outcome = t(`players.form.${game.outcome}`);
  if (game.teams || game.place === null || game.place === undefined || game.outcome === "left") return outcome;
  return `${outcome} · ${t("players.place", { place: game.place, seats: game.seats.length })}`;
}

function profileLink(app, name) {
  const path = `/speler/${encodeURIComponent(name)}`;
  return h("a", { href: path, onclick: app.link(path) }, name);
}

/** How you stand to the player (GET /api/players/{name}/relation), or null when nobody is
 *  signed in here or the player is not found. */
export async function relationTo(name) {
  try {
    return await api("GET", `/players/${encodeURIComponent(name)}/relation`);
  } catch {
    return null;
  }
}

/** Follow, unfollow, block or unblock (`what` "follow" or "block", `on`), said in a toast. */
export async function changeRelation(name, what, on) {
  try {
    await api(on ? "PUT" : "DELETE", `/players/${encodeURIComponent(name)}/${what}`);
    toast(t(`players.${what}_${on ? "done" : "undone"}`, { name }));
  } catch (err) {
    toast(errorText(err.code, err.message));
  }
}

/** The buttons that fit how you stand to a player (issue 32, bug 8): follow or unfollow,
 *  block or unblock; none for yourself or when nobody is signed in. */
export function relationButtons(relation, change) {
  if (!relation || relation.self) return null;
  const button = (id, what, on, primary) => h("button", { class: `btn small${primary ? " primary" : ""}`, id, onclick: () => change(what, on) }, t(`players.${id}`));
  return h(
    "div",
    { class: "row relation" },
    relation.following ? button("unfollow", "follow", false, false) : button("follow", "follow", true, !relation.blocked),
    relation.blocked ? button("unblock", "block", false, false) : button("block", "block", true, false),
  );
}

/** The account name of this page's player (null for a guest or when it cannot be read). */
async function ownName() {
  try {
    return (await api("GET", "/me")).account?.name ?? null;
  } catch {
    return null;
  }
}

/** A profile: name, member since, per game and variant the games, rating and form;
 *  follow and block (for someone else), and the history, 20 games a page. */
export class ProfileView {
  constructor(root, app, name, { mine = false } = {}) {
    this.root = root;
    this.app = app;
    this.name = name;
    this.mine = mine;
    this.profile = null;
    this.games = [];
    this.next = null;
    this.error = null;
    this.load();
  }

  async load() {
    try {
      if (this.mine) {
        const me = await api("GET", "/me");
        if (!me.account) {
          this.error = t("players.guest_history");
          this.render();
          return;
        }
        this.name = me.account.name;
      }
      this.profile = await api("GET", `/players/${encodeURIComponent(this.name)}`);
      this.own = this.mine || (await ownName()) === this.profile.name;
      this.relation = this.mine ? null : await relationTo(this.name);
      const page = await api("GET", `/players/${encodeURIComponent(this.name)}/games`);
      this.games = page.games;
      this.next = page.next;
    } catch (err) {
      this.error = errorText(err.code, err.message);
    }
    this.render();
  }

  /** Left for another page: an answer still on its way draws nothing. */
  destroy() {
    this.gone = true;
  }

  async more() {
    try {
      const page = await api("GET", `/players/${encodeURIComponent(this.name)}/games?cursor=${this.next}`);
      this.games.push(...page.games);
      this.next = page.next;
    } catch (err) {
      toast(errorText(err.code, err.message));
    }
    this.render();
  }

  async change(what, on) {
    await changeRelation(this.name, what, on);
    this.relation = await relationTo(this.name);
    this.render();
  }

  render() {
    if (this.gone) return;
    const p = this.profile;
    replace(
      this.root,
      h(
        "div",
        { class: "lobby players" },
        h("h1", {}, this.mine ? t("players.my_games") : p ? p.name : this.name),
        this.error ? h("p", { class: "card-panel", role: "alert" }, this.error) : null,
        p ? this.renderSummary(p) : this.error ? null : h("p", { class: "empty" }, t("lobby.loading")),
        p ? profileSection(this.app, p.house_duplicate, this.own) : null,
        p ? this.renderHistory() : null,
      ),
    );
  }

  renderSummary(p) {
    return h(
      "section",
      { class: "card-panel", "aria-labelledby": "profile-h" },
      h("h2", { id: "profile-h" }, t("players.profile_of", { name: p.name })),
      h("p", {}, t("players.member_since", { date: date(p.member_since) })),
      relationButtons(this.relation, (what, on) => this.change(what, on)),
      p.games.length
        ? h(
            "table",
            { class: "table-list", id: "per-game" },
            h("thead", {}, h("tr", {}, ["players.col_game", "players.col_played", "players.col_won", "players.col_rating", "players.col_form"].map((k) => h("th", { scope: "col" }, t(k))))),
            h(
              "tbody",
              {},
              p.games.map((g) =>
                h(
                  "tr",
                  { dataset: { game: g.game, variant: g.variant } },
                  h("td", {}, `${t(`game.${g.game}`)} · ${variantLabel(g.game, g.variant)}`),
                  h("td", {}, String(g.played)),
                  h("td", {}, String(g.won)),
                  h("td", { class: "rating" }, g.rating ? `${ratingText(g.rating.rating)} (μ ${decimal(g.rating.mu)} ± ${decimal(g.rating.sigma)})` : t("players.unrated")),
                  h("td", {}, g.form.map((o) => t(`players.form.${o}`)).join(" ")),
                ),
              ),
            ),
          )
        : h("p", { class: "empty" }, t("players.no_games")),
    );
  }

  renderHistory() {
    return h(
      "section",
      { class: "card-panel", "aria-labelledby": "history-h" },
      h("h2", { id: "history-h" }, t("players.history")),
      this.games.length
        ? h(
            "table",
            { class: "table-list", id: "history" },
            h("thead", {}, h("tr", {}, ["players.col_date", "players.col_game", "players.col_seats", "players.col_result", "players.col_change", "players.col_links"].map((k) => h("th", { scope: "col" }, t(k))))),
            h(
              "tbody",
              {},
              this.games.map((g) => {
                const change = g.rating_change;
                const delta = change ? change.after - change.before : null;
                return h(
                  "tr",
                  { dataset: { gameId: String(g.id) } },
                  h("td", {}, date(g.date)),
                  h("td", {}, `${t(`game.${g.game}`)} · ${variantLabel(g.game, g.variant)}`),
                  h("td", {}, g.seats.map((s) => s.name).join(", ")),
                  h("td", { class: "outcome" }, outcomeText(g)),
                  h("td", { class: "change" }, delta === null ? "–" : decimal(delta, { signed: true })),
                  h("td", {}, g.replay ? h("a", { href: g.replay, onclick: this.app.link(g.replay) }, t("players.replay")) : null),
                );
              }),
            ),
          )
        : h("p", { class: "empty" }, t("players.no_games")),
      this.next ? h("button", { class: "btn", id: "more", onclick: () => this.more() }, t("players.more")) : null,
    );
  }

  destroy() {}
}

/** The leaderboard of a game, one variant at a time. */
export class LeaderboardView {
  constructor(root, app, game, variant = null) {
    this.root = root;
    this.app = app;
    this.game = GAMES.includes(game) ? game : GAMES[0];
    this.variant = variant;
    this.kind = "person"; // or "bot": the bots' own board (docs/bots-api.md)
    this.board = null;
    this.variants = [];
    this.error = null;
    this.load();
  }

  async load() {
    try {
      const games = (await api("GET", "/variants")).games;
      this.variants = Object.keys(games.find((g) => g.game === this.game)?.variants ?? {});
      const query = new URLSearchParams({ kind: this.kind });
      if (this.variant) query.set("variant", this.variant);
      this.board = await api("GET", `/leaderboard/${this.game}?${query}`);
      this.variant = this.board.variant;
      this.error = null;
    } catch (err) {
      this.error = errorText(err.code, err.message);
    }
    this.render();
  }

  render() {
    const b = this.board;
    replace(
      this.root,
      h(
        "div",
        { class: "lobby players" },
        h("h1", {}, t("players.leaderboard")),
        h(
          "section",
          { class: "card-panel", "aria-labelledby": "board-h" },
          h("h2", { id: "board-h" }, t("players.leaderboard_of", { game: t(`game.${this.game}`) })),
          h(
            "div",
            { class: "row" },
            GAMES.map((g) => h("a", { class: `btn small${g === this.game ? " primary" : ""}`, href: `/ranglijst/${g}`, onclick: this.app.link(`/ranglijst/${g}`), role: "button" }, t(`game.${g}`))),
            this.variants.length > 1
              ? h(
                  "select",
                  { id: "board-variant", "aria-label": t("lobby.variant"), onchange: (e) => { this.variant = e.target.value; this.load(); } },
                  this.variants.map((v) => h("option", { value: v, selected: v === this.variant }, variantLabel(this.game, v))),
                )
              : null,
          ),
          h(
            "div",
            { class: "row", role: "group", id: "board-kind", "aria-label": t("players.board_kind") },
            ["person", "bot"].map((k) =>
              h("button", { type: "button", class: `btn small${k === this.kind ? " primary" : ""}`, "aria-pressed": String(k === this.kind), "data-kind": k, onclick: () => { this.kind = k; this.load(); } }, t(`players.board_${k}`)),
            ),
          ),
          h("p", { class: "help" }, t(this.kind === "bot" ? "players.leaderboard_rule_bot" : "players.leaderboard_rule")),
          this.error ? h("p", { role: "alert" }, this.error) : null,
          b && b.players.length
            ? h(
                "table",
                { class: "table-list", id: "leaderboard" },
                h("thead", {}, h("tr", {}, ["players.col_rank", "players.col_name", "players.col_rating", "players.col_played"].map((k) => h("th", { scope: "col" }, t(k))))),
                h("tbody", {}, b.players.map((p) => h("tr", {}, h("td", {}, String(p.rank)), h("td", {}, profileLink(this.app, p.name)), h("td", {}, ratingText(p.rating)), h("td", {}, String(p.games))))),
              )
            : b
              ? h("p", { class: "empty" }, t(this.kind === "bot" ? "players.leaderboard_empty_bot" : "players.leaderboard_empty"))
              : null,
        ),
      ),
    );
  }

  destroy() {}
}

/** The lobby's panel: the people you follow, online or not and where, with an invite to
 *  your newest table whose game is not over (`myTable()`, its summary; named on the
 *  button's label); and a field to follow someone by name. */
export function friendsPanel(app, myTable) {
  const box = h("div", { id: "following" });
  const input = h("input", { id: "follow-name", maxlength: 24, placeholder: t("players.follow_placeholder"), "aria-label": t("players.follow_label") });
  const draw = async () => {
    let people;
    try {
      people = (await api("GET", "/me/following")).following;
    } catch {
      return; // a guest without a session yet: the next lobby poll draws it
    }
    const table = myTable();
    replace(
      box,
      people.length
        ? h(
            "ul",
            { class: "your-tables" },
            people.map((p) =>
              h(
                "li",
                { dataset: { friend: p.name } },
                h("span", { class: `dot${p.online ? " online" : ""}`, "aria-hidden": "true" }, "●"),
                " ",
                profileLink(app, p.name),
                " ",
                h("span", { class: "prompt" }, p.online ? (p.table ? t("players.at_table", { game: t(`game.${p.table.game}`) }) : t("players.online")) : t("players.offline")),
                p.online && p.table ? [" ", h("a", { class: "btn small", href: `/t/${p.table.id}`, onclick: app.link(`/t/${p.table.id}`), role: "button" }, t("lobby.watch"))] : null,
                p.online && table ? [" ", h("button", { class: "btn small primary", onclick: () => app.ensureConnection().send({ type: "invite", table: table.id, name: p.name }), "aria-label": t("players.invite_to", { name: p.name, game: t(`game.${table.game}`) }) }, t("players.invite"))] : null,
              ),
            ),
          )
        : h("p", { class: "empty" }, t("players.nobody_followed")),
    );
  };
  const follow = async (e) => {
    e.preventDefault();
    const name = input.value.trim();
    if (!name) return;
    try {
      await api("PUT", `/players/${encodeURIComponent(name)}/follow`);
      input.value = "";
      toast(t("players.follow_done", { name }));
      draw();
    } catch (err) {
      toast(errorText(err.code, err.message));
    }
  };
  draw();
  return {
    panel: h(
      "section",
      { class: "card-panel", "aria-labelledby": "friends-h", id: "friends" },
      h("h2", { id: "friends-h" }, t("players.following")),
      box,
      h("form", { class: "row", onsubmit: follow }, input, h("button", { type: "submit", class: "btn small" }, t("players.follow"))),
    ),
    refresh: draw,
  };
}

/** An invitation that reached you: who, which game, and the buttons to accept or not. */
let closeInvite = null; // the invitation shown, if any: a new one replaces it

/** Accepting sits you in the seat the invitation offers (issue 32, build 1); at a running
 *  table that seat is your wish on the waiting list. Taken meanwhile: the table, to choose. */
async function acceptInvite(app, msg) {
  try {
    await api("POST", `/tables/${msg.table}/sit`, msg.seat == null ? {} : { seat: msg.seat });
  } catch (err) {
    if (err.code !== "already_seated") toast(errorText(err.code, err.message));
  }
  app.navigate(`/t/${msg.table}`);
}

export function showInvite(app, msg) {
  closeInvite?.();
  const close = () => {
    offEscape();
    el.remove();
    closeInvite = null;
  };
  const el = h(
    "div",
    { id: "invite", class: "invite-banner", role: "alert", dataset: { table: msg.table } },
    h("span", {}, t(msg.partner ? "players.invited_partner" : "players.invited", { name: msg.from, game: t(`game.${msg.game}`) })),
    " ",
    h("button", { class: "btn small primary", id: "accept-invite", onclick: () => { close(); acceptInvite(app, msg); } }, t("players.accept")),
    " ",
    h("button", { class: "btn small", onclick: close }, t("players.decline")),
  );
  const offEscape = onEscape(() => { // Escape declines
    el.remove();
    closeInvite = null;
  });
  closeInvite = close;
  document.body.append(el);
}
