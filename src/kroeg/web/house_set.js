// Duplicate against the house in the browser (docs/clubs.md, "Duplicate tegen het huis";
// the server's /api/house-sets): the lobby's way in, what a set's table adds (which board
// of how many, and after each board meester's score with the same cards), the set's result
// page (/duplicate/{id}) and the profile's results.
//
// A set's table is reached as /t/{table}?set={id}: the table itself does not know it deals
// a set's boards, the link that leads there does.

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { errorText, toast } from "./errors.js";
import { lang, t } from "./i18n.js";

/** How often a page asks again while meester's line of a board played is being worked out
 *  (a few seconds of CPU a board on the server) or while the set is played. */
const POLL_MS = 1500;
/** How often a set's table reads the set while no board's line is awaited. */
const IDLE_MS = 5000;

export function tablePath(set) {
  return `/t/${set.table}?set=${set.id}`;
}

export function resultPath(id) {
  return `/duplicate/${id}`;
}

/** "62,5%": a percentage as the page's language writes it. */
export function percentText(value) {
  return `${new Intl.NumberFormat(lang(), { maximumFractionDigits: 1 }).format(value)}%`;
}

function signed(value) {
  return new Intl.NumberFormat(lang(), { signDisplay: "exceptZero" }).format(value);
}

/** Start a set (its table is made, you sit in seat 0, the game starts) and go there. */
export async function startHouseSet(app) {
  try {
    app.navigate(tablePath(await api("POST", "/house-sets")));
  } catch (err) {
    toast(errorText(err.code, err.message));
  }
}

/** Your sets not finished yet (GET /api/house-sets): their tables are private, so the
 *  lobby's list of tables does not show them. None for a guest. */
export async function runningSets() {
  try {
    return (await api("GET", "/house-sets")).running;
  } catch {
    return [];
  }
}

/** The lobby's way in. ``account``: true for an account, false for a guest (told how to
 *  make one: the result is kept on the profile), undefined while not yet known;
 *  ``running``: the account's sets not finished, each with its way back. */
export function lobbyPanel(app, account, running, busy, start) {
  const back = (set) =>
    h(
      "li",
      { dataset: { set: set.id } },
      h("a", { class: "btn", href: tablePath(set), onclick: app.link(tablePath(set)), role: "button" }, t("house.back", { n: Math.min(set.played + 1, set.count), of: set.count })),
      " ",
      h("a", { href: resultPath(set.id), onclick: app.link(resultPath(set.id)) }, t("house.so_far")),
    );
  const body =
    account === true
      ? [
          running.length ? h("ul", { class: "house-running" }, running.map(back)) : null,
          h("button", { class: "btn primary", id: "start-house-set", disabled: busy, onclick: start }, t("house.start")),
        ]
      : account === false
        ? h("p", { class: "prompt", id: "house-set-guest" }, t("house.guest"), " ", h("a", { href: "/account", onclick: app.link("/account") }, t("house.guest_link")))
        : null;
  return h(
    "section",
    { class: "card-panel", "aria-labelledby": "house-set-h", id: "house-set-entry" },
    h("h2", { id: "house-set-h" }, t("house.title")),
    h("p", {}, t("house.lobby_text")),
    body,
  );
}

/** A set followed from its table: read at once, then every few seconds until it is
 *  finished, and at once after each deal's end (quickly until meester's line of that board
 *  is in). The table may also learn of a deal's end from a snapshot (a reconnect), so the
 *  reading does not wait for the event. ``onChange(said)`` redraws the table; ``said`` is
 *  the comparison of a board newly compared, once (for the announcer). */
export class HouseSetFollower {
  constructor(id, onChange) {
    this.id = id;
    this.onChange = onChange;
    this.set = null;
    this.waitingFor = 0; // the board whose comparison is awaited (0: none)
    this.timer = null;
    this.read();
  }

  destroy() {
    clearTimeout(this.timer);
    this.timer = null;
    this.onChange = null;
  }

  async read() {
    const known = this.set ? this.set.boards.length : null;
    const before = JSON.stringify(this.set);
    try {
      this.set = await api("GET", `/house-sets/${this.id}`);
    } catch {
      /* the table plays on; the next reading tries again */
    }
    if (!this.onChange) return;
    clearTimeout(this.timer);
    const awaited = this.waitingFor && !this.compared(this.waitingFor);
    if (!this.set?.finished) this.timer = setTimeout(() => this.read(), awaited ? POLL_MS : IDLE_MS);
    // The table is drawn again only when the set changed.
    if (JSON.stringify(this.set) === before) return;
    const newest = this.set?.boards.at(-1);
    const fresh = known !== null && newest && this.set.boards.length > known;
    this.onChange(fresh ? this.line(newest.board) : null);
  }

  /** Every board of the set played: a game at the table now is a later one, no part of
   *  the set (only the table's first game is the set). */
  afterSet() {
    return Boolean(this.set) && this.set.played >= this.set.count;
  }

  /** A deal's end at the table: board ``n`` played, its comparison on its way. */
  dealEnded(n) {
    if (this.afterSet()) return;
    clearTimeout(this.timer);
    this.waitingFor = n; // "meester speelt na…" in the table's drawing after this frame
    this.read();
  }

  compared(n) {
    return this.set?.boards.find((b) => b.board === n) ?? null;
  }

  /** The sentence after board ``n``: meester's score beside yours, or that it comes;
   *  ``short`` for the felt, where it must leave the seats room. */
  line(n, short = false) {
    const board = this.compared(n);
    if (board) return t(short ? "house.compare_short" : "house.compare", { n, house: board.house, mine: board.mine });
    return n === this.waitingFor ? t(short ? "house.computing_short" : "house.computing", { n }) : null;
  }

  /** The felt's note: which board of how many, and the last board's comparison. */
  notes(dealNo, over) {
    if (!this.set || (this.afterSet() && !over)) return [];
    const count = this.set.count;
    const board = over ? null : h("div", { class: "table-note house-set-board" }, t("house.board_of", { n: dealNo, of: count }));
    const last = this.waitingFor || this.set.boards.at(-1)?.board || 0;
    const line = last ? this.line(last, true) : null;
    return [board, line ? h("div", { class: "table-note house-set-compare", dataset: { board: String(last) } }, line) : null].filter(Boolean);
  }
}

/** The result page of a set: per board your score, meester's, the difference and the
 *  board's percentage; the set's percentage; a replay link per board once the game's
 *  record is there. Only the set's player may read it (else ``unknown_house_set``). */
export class HouseSetView {
  constructor(root, app, id) {
    this.root = root;
    this.app = app;
    this.id = id;
    this.set = null;
    this.game = null; // the table's first game, once it is finished: its id for the replays
    this.error = null;
    this.timer = null;
    this.gone = false;
    this.render();
    this.load();
  }

  destroy() {
    clearTimeout(this.timer);
    this.gone = true;
  }

  async load() {
    try {
      this.set = await api("GET", `/house-sets/${this.id}`);
      const games = (await api("GET", `/tables/${this.set.table}/games`)).games;
      const first = games.find((g) => g.number === 1) ?? games[0];
      this.game = first?.finished ? first : null;
    } catch (err) {
      this.error = errorText(err.code, err.message);
    }
    if (this.gone) return;
    this.render();
    // Played on, or meester still working out a board: read again.
    if (this.set && !this.error && !(this.set.finished && this.game)) this.timer = setTimeout(() => this.load(), POLL_MS);
  }

  render() {
    const s = this.set;
    replace(
      this.root,
      h(
        "div",
        { class: "lobby house-set-page" },
        h("h1", {}, t("house.title")),
        this.error ? h("p", { class: "card-panel", role: "alert" }, this.error) : null,
        s ? this.renderSet(s) : this.error ? null : h("p", { class: "empty" }, t("lobby.loading")),
      ),
    );
  }

  renderSet(s) {
    const total =
      s.percent === null
        ? t("house.no_percent")
        : s.finished
          ? t("house.percent_final", { pct: percentText(s.percent), n: s.count })
          : t("house.percent_so_far", { pct: percentText(s.percent), n: s.boards.length, of: s.count });
    return [
      h(
        "section",
        { class: "card-panel", "aria-labelledby": "house-total-h" },
        h("h2", { id: "house-total-h" }, t("house.result")),
        h("p", { class: "house-percent", id: "house-set-percent" }, total),
        s.finished ? null : h("a", { class: "btn primary", href: tablePath(s), onclick: this.app.link(tablePath(s)), role: "button" }, t("house.to_table")),
      ),
      h(
        "section",
        { class: "card-panel", "aria-labelledby": "house-boards-h" },
        h("h2", { id: "house-boards-h" }, t("house.boards")),
        h("p", { class: "help" }, t("house.boards_help")),
        h(
          "div",
          { class: "table-scroll", tabindex: "0", role: "group", "aria-labelledby": "house-boards-h" },
          h(
            "table",
            { class: "table-list", id: "house-boards" },
            h("thead", {}, h("tr", {}, ["house.col_board", "house.col_mine", "house.col_house", "house.col_difference", "house.col_percent", "house.col_replay"].map((k) => h("th", { scope: "col" }, t(k))))),
            h("tbody", {}, Array.from({ length: s.count }, (_, i) => this.boardRow(s, i + 1))),
          ),
        ),
      ),
      s.finished
        ? h(
            "details",
            { class: "card-panel house-verify" },
            h("summary", {}, t("house.verify")),
            h("p", { class: "help" }, t("house.verify_help")),
            h("p", {}, t("house.commitment"), " ", h("code", {}, s.commitment)),
            h("p", {}, t("house.secret"), " ", h("code", {}, s.secret)),
          )
        : null,
    ];
  }

  boardRow(s, n) {
    const board = s.boards.find((b) => b.board === n);
    if (!board) {
      const state = n <= s.played ? "house.state_computing" : n === s.played + 1 ? "house.state_playing" : "house.state_later";
      return h("tr", { dataset: { board: String(n) } }, h("th", { scope: "row" }, String(n)), h("td", { colspan: "5", class: "prompt" }, t(state)));
    }
    const replay = this.game ? `/t/${s.table}?replay=${this.game.id}&deal=${n}` : null;
    return h(
      "tr",
      { dataset: { board: String(n) } },
      h("th", { scope: "row" }, String(n)),
      h("td", {}, String(board.mine)),
      h("td", {}, String(board.house)),
      h("td", {}, signed(board.difference)),
      h("td", {}, percentText(board.percent)),
      h("td", {}, replay ? h("a", { href: replay, onclick: this.app.link(replay), "aria-label": t("house.replay_board", { n }) }, t("house.replay")) : "–"),
    );
  }
}

/** The profile's section: each finished set's percentage, the best and the latest. Public
 *  (a percentage tells nothing of the cards); the link to a set's boards only on your own. */
export function profileSection(app, results, own) {
  const sets = results?.sets ?? [];
  if (!sets.length) return null;
  const best = Math.max(...sets.map((s) => s.percent));
  const label = (s) => t("house.profile_set", { pct: percentText(s.percent), n: s.boards });
  return h(
    "section",
    { class: "card-panel", "aria-labelledby": "house-profile-h", id: "house-results" },
    h("h2", { id: "house-profile-h" }, t("house.title")),
    h("p", { id: "house-latest" }, t("house.latest", { pct: percentText(sets[0].percent) })),
    h("p", { id: "house-best" }, t("house.best", { pct: percentText(best) })),
    h("p", {}, t("house.average", { pct: percentText(results.average), n: sets.length })),
    h("ul", { class: "house-sets" }, sets.map((s) => h("li", { dataset: { set: s.id } }, own ? h("a", { href: resultPath(s.id), onclick: app.link(resultPath(s.id)) }, label(s)) : label(s)))),
  );
}
