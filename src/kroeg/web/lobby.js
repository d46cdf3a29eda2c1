// The lobby: the display name, "Speel nu" per game, the live list of open tables,
// and the form that creates a table with every option of the chosen variant.

import { api } from "./api.js";
import { h, onEscape, replace } from "./dom.js";
import { errorText, toast } from "./errors.js";
import { refusalText } from "./refusals.js";
import { lang, t } from "./i18n.js";
import { nameForm } from "./names.js";
import { checkNumber, offered, optionField, optionLabel, refusedOption, variantLabel } from "./option_fields.js";
import { friendsPanel } from "./players.js";
import { lobbyPanel, runningSets, startHouseSet } from "./house_set.js";
import { rulesPath } from "./rules.js";
import { settings, updateSettings } from "./settings.js";

const POLL_MS = 3000;
const CLOCKS = [15, 30, 60, 90, 120, 300];

/** The seats a variant is played with (the game's traits, GET /api/variants). */
function seatRange(g, variant) {
  return g.traits?.[variant]?.seats ?? g.seat_range;
}

function usualSeats(g, variant) {
  const [low, high] = seatRange(g, variant);
  return g.traits?.[variant]?.usual_seats ?? Math.min(Math.max(4, low), high);
}

/** Names suggested to a first visitor: pub names, none of them one of the house's regulars
 *  (kroeg.tables.house.HOUSE_NAMES), so a guest never sits as "Truus 57" beside the house's
 *  "Truus" (issue 32, bug 7; tests/e2e/test_people.py compares the two lists). */
export const SUGGESTIONS = ["Marja", "Anneke", "Riet", "Piet", "Ans", "Wim", "Gerrit", "Tineke", "Dirk", "Lies"];

/** A name to start from: a pub regular's name with a number, so it is rarely taken twice. */
function suggestedName() {
  const pick = SUGGESTIONS[Math.floor(Math.random() * SUGGESTIONS.length)];
  return `${pick} ${10 + Math.floor(Math.random() * 90)}`;
}

/** The tables of the online club rounds where you sit (an account's; none for a guest). */
async function clubTables() {
  try {
    return (await api("GET", "/clubs/my-tables")).tables;
  } catch {
    return [];
  }
}

export class LobbyView {
  constructor(root, app) {
    this.root = root;
    this.app = app;
    this.games = null;
    this.tables = null;
    this.creating = null; // game name whose create form is open
    this.invite = null;
    this.filter = null; // the game whose open tables are shown (null: every game)
    this.busy = false;
    this.afterName = null; // what a first visitor asked for before giving a name
    this.suggestion = suggestedName();
    this.render();
    this.loadGames();
    if (settings().name) this.start();
  }

  /** The games are shown at once, also to a first visitor who has no name yet. */
  async loadGames() {
    try {
      this.games = (await api("GET", "/variants")).games;
    } catch (err) {
      toast(errorText(err.code));
    }
    this.render();
  }

  start() {
    this.app.ensureConnection();
    this.render();
    this.poll();
  }

  /** A first visitor's "Speel nu" or "Nieuwe tafel" asks the name first, then goes on. */
  needName(then) {
    if (settings().name) return false;
    this.afterName = then;
    this.render();
    this.root.querySelector("#name-input")?.focus();
    return true;
  }

  named() {
    const then = this.afterName;
    this.afterName = null;
    this.start();
    then?.();
  }

  async poll() {
    try {
      // Who you are, to tell your own tables (their seats name their player) from others'.
      if (!this.me) {
        const me = await api("GET", "/me");
        this.me = me.player;
        this.account = Boolean(me.account); // an account sees the way to its clubs
        this.houseSets = this.account ? await runningSets() : [];
      }
      const listing = await api("GET", "/tables");
      this.tables = listing.tables;
      this.clubTables = await clubTables();
      this.broken = listing.broken || [];
      this.renderTables();
      this.friends?.refresh();
    } catch {
      /* the next poll tries again */
    }
    this.timer = setTimeout(() => this.poll(), POLL_MS);
  }

  destroy() {
    clearTimeout(this.timer);
    clearTimeout(this.queueTimer);
    if (this.queueing) api("DELETE", "/quick").catch(() => {}); // leaving the lobby leaves the line
    this.offEscape?.();
  }

  /** Close the create form (Cancel, Escape, a table made) and put the focus back on the
   *  button that opened it. */
  closeCreate() {
    const game = this.creating;
    this.offEscape?.();
    this.offEscape = null;
    this.creating = null;
    this.render();
    this.root.querySelector(`.game-tile[data-game="${game}"] .new-table`)?.focus();
  }

  render() {
    const name = settings().name;
    // A redraw (the games arriving) keeps the name form itself, so what a first visitor is
    // typing is never written into a form that has just been replaced.
    if (name || this.nameFormLang !== lang()) {
      const draft = this.root.querySelector("#name-input")?.value ?? this.suggestion;
      this.nameFormEl = name ? null : nameForm(() => this.named(), draft);
      this.nameFormLang = name ? null : lang();
    }
    // Moving the kept field detaches it for a moment, which drops the focus: give it back.
    const typing = document.activeElement?.id === "name-input" ? document.activeElement : null;
    this.tableBox = h("div", { id: "open-tables" });
    this.friends = name ? friendsPanel(this.app, () => this.inviteTable()) : null;
    replace(
      this.root,
      h(
        "div",
        { class: "lobby" },
        h("h1", {}, t("lobby.welcome")),
        // The games first, "Speel nu" at once (on a phone above the fold); the name is asked
        // when you first sit down.
        this.games ? this.renderGames() : null,
        h(
          "section",
          { class: "card-panel", "aria-labelledby": "name-h", id: "name-panel" },
          h("h2", { id: "name-h" }, t("lobby.name_title")),
          name
            ? h("p", {}, t("lobby.playing_as", { name }), " ", h("button", { class: "btn small", onclick: () => this.changeName() }, t("lobby.change_name")))
            : [this.afterName ? h("p", { class: "prompt", role: "status" }, t("lobby.name_first")) : null, this.nameFormEl],
        ),
        name && this.creating ? this.renderCreate() : null,
        name ? h("section", { class: "card-panel", "aria-labelledby": "clubs-entry-h", id: "clubs-entry", hidden: !this.account }, h("h2", { id: "clubs-entry-h" }, t("club.org.clubs")), h("p", {}, t("club.org.lobby_text")), h("a", { class: "btn", id: "to-clubs", href: "/clubs", onclick: this.app.link("/clubs"), role: "button" }, t("club.org.lobby_go"))) : null,
        name ? (this.houseBox = h("div", { id: "house-set-box" })) : null,
        name ? h("section", { class: "card-panel", "aria-labelledby": "puzzles-entry-h", id: "puzzles-entry" }, h("h2", { id: "puzzles-entry-h" }, t("puzzle.lobby_title")), h("p", {}, t("puzzle.lobby_text")), h("a", { class: "btn", id: "to-daily-puzzle", href: "/puzzels/dag", onclick: this.app.link("/puzzels/dag"), role: "button" }, t("puzzle.daily")), " ", h("a", { class: "btn", id: "to-puzzles", href: "/puzzels", onclick: this.app.link("/puzzels"), role: "button" }, t("puzzle.next"))) : null,
        name ? h("section", { class: "card-panel", "aria-labelledby": "mine-h", id: "your-tables", hidden: true }, h("h2", { id: "mine-h" }, t("lobby.your_tables")), (this.mineBox = h("div", {}))) : null,
        name ? h("section", { class: "card-panel", "aria-labelledby": "tables-h" }, h("h2", { id: "tables-h" }, t("lobby.open_tables")), this.tableBox) : null,
        this.friends?.panel,
        accessPanel(),
      ),
    );
    this.renderTables();
    typing?.focus();
  }

  changeName() {
    replace(this.root.querySelector(".card-panel"), h("h2", {}, t("lobby.name_title")), nameForm((newName) => {
      this.app.connection?.rename(newName);
      this.render();
    }));
  }

  renderGames() {
    return h(
      "section",
      { class: "card-panel", "aria-labelledby": "games-h" },
      h("h2", { id: "games-h" }, t("lobby.games")),
      h(
        "div",
        { class: "games" },
        this.games.map((g) =>
          h(
            "div",
            { class: "game-tile", dataset: { game: g.game } },
            h("h3", {}, t(`game.${g.game}`)),
            h("p", {}, t(`game.${g.game}.desc`), " ", h("a", { class: "rules-link", href: rulesPath(g.game), onclick: this.app.link(rulesPath(g.game)), "aria-label": t("rules.link_game", { game: t(`game.${g.game}`) }) }, t("rules.link"))),
            h("button", { class: "btn primary", disabled: this.busy, dataset: { quick: g.game }, onclick: () => this.needName(() => this.playNow(g)) || this.playNow(g), "aria-label": t("lobby.play_now_game", { game: t(`game.${g.game}`) }) }, t("lobby.play_now")),
            h("div", { class: "queue-box", dataset: { queue: g.game } }),
            h("button", { class: "btn house-table", disabled: this.busy, onclick: () => this.needName(() => this.houseTable(g)) || this.houseTable(g), "aria-label": t("lobby.house_table_game", { game: t(`game.${g.game}`) }) }, t("lobby.house_table")),
            h("button", { class: "btn new-table", onclick: () => this.needName(() => this.openCreate(g.game)) || this.openCreate(g.game), "aria-label": t("lobby.new_table_game", { game: t(`game.${g.game}`) }) }, t("lobby.new_table")),
          ),
        ),
      ),
    );
  }

  openCreate(game) {
    this.creating = game;
    const g = this.games.find((x) => x.game === game);
    this.form = { game, variant: Object.keys(g.variants)[0], options: {}, seats: null, clock: 60, private: false, house: "basis", refused: null };
    this.invite = null;
    this.offEscape?.();
    this.offEscape = onEscape(() => {
      this.offEscape = null;
      this.closeCreate();
    });
    this.render();
    this.root.querySelector("#create-h")?.scrollIntoView({ block: "start" });
  }

  renderCreate() {
    const g = this.games.find((x) => x.game === this.creating);
    const f = this.form;
    const defaults = g.variants[f.variant];
    const value = (name) => (name in f.options ? f.options[name] : defaults[name]);
    const seatChoices = g.variant_seats?.[f.variant] ?? [];
    const optionRows = Object.entries(g.options).filter(([, spec]) => offered(spec, value)).map(([name, spec]) => this.optionRow(g, name, spec, value(name), defaults[name]));
    return h(
      "section",
      { class: "card-panel", "aria-labelledby": "create-h" },
      h("h2", { id: "create-h" }, t("lobby.create_title", { game: t(`game.${g.game}`) })),
      h(
        "form",
        {
          class: "create-form",
          novalidate: true,
          onsubmit: (e) => {
            e.preventDefault();
            const numbers = [...e.target.querySelectorAll("input[type=number]")];
            if (!numbers.map(checkNumber).every(Boolean)) {
              e.target.reportValidity();
              return;
            }
            this.create();
          },
        },
        h(
          "div",
          { class: "row" },
          h("label", { for: "variant" }, t("lobby.variant")),
          h(
            "select",
            {
              id: "variant",
              onchange: (e) => {
                f.variant = e.target.value;
                f.options = {};
                this.render();
              },
            },
            Object.keys(g.variants).map((v) => h("option", { value: v, selected: v === f.variant }, variantLabel(g.game, v))),
          ),
          // Only the seat counts the variant is played with (Toepen kroegregels: four).
          seatChoices.length > 1
            ? [
                h("label", { for: "seats" }, t("lobby.seats")),
                h("select", { id: "seats", onchange: (e) => (f.seats = Number(e.target.value)) }, seatChoices.map((n) => h("option", { value: n, selected: n === this.seats(g) }, String(n)))),
              ]
            : h("span", { class: "prompt", id: "seats-fixed" }, t("lobby.seats_fixed", { n: seatChoices[0] ?? g.seat_range[0] })),
          // A game whose own option is the turn's clock (Eurokaarten's Beurtklok) gets no second one.
          g.clock_option
            ? null
            : [
                h("label", { for: "clock" }, t("lobby.clock")),
                h("select", { id: "clock", onchange: (e) => (f.clock = Number(e.target.value)) }, CLOCKS.map((s) => h("option", { value: s, selected: s === f.clock }, t("lobby.seconds", { n: s })))),
              ],
          h("label", { for: "house-level" }, t("lobby.house_level")),
          h("select", { id: "house-level", onchange: (e) => (f.house = e.target.value) }, (g.house_levels || ["huis", "basis", "sterk"]).map((level) => h("option", { value: level, selected: level === f.house }, t(`lobby.house.${level}`)))),
          h("label", { class: "toggle" }, h("input", { type: "checkbox", id: "private", checked: f.private, onchange: (e) => (f.private = e.target.checked) }), " ", t("lobby.private")),
        ),
        h("p", { class: "help" }, t(`lobby.house_help.${f.house}`)),
        optionRows,
        f.refused ? h("p", { class: "refused", role: "alert" }, f.refused) : null,
        h(
          "div",
          { class: "row" },
          h("button", { type: "submit", class: "btn primary" }, t("lobby.create")),
          h("button", { type: "button", class: "btn", onclick: () => this.closeCreate() }, t("lobby.cancel")),
        ),
      ),
    );
  }

  /** One option's row (option_fields.js); a change clears the last refusal. */
  optionRow(g, name, spec, value, fallback) {
    const f = this.form;
    const set = (v, redraw) => {
      f.options[name] = v;
      f.refused = null;
      if (!redraw) return;
      this.render(); // a refinement of this option appears or goes
      this.root.querySelector(`#opt-${name}`)?.focus(); // and the player stays where they were
    };
    return optionField(g, name, spec, value, fallback, set);
  }

  /** The seat count the form sends: the player's choice, else four where the variant allows it. */
  seats(g) {
    const allowed = g.variant_seats?.[this.form.variant] ?? [];
    if (allowed.includes(this.form.seats)) return this.form.seats;
    return allowed.includes(4) ? 4 : allowed[0];
  }

  async create() {
    const g = this.games.find((x) => x.game === this.creating);
    const f = this.form;
    const defaults = g.variants[f.variant];
    const value = (name) => (name in f.options ? f.options[name] : defaults[name]);
    // A refinement whose parent is off is not offered, so it is not sent either.
    const options = Object.fromEntries(Object.entries(f.options).filter(([name]) => g.options[name] && offered(g.options[name], value)));
    const body = { game: g.game, variant: f.variant, options, private: f.private, house_level: f.house };
    if (!g.clock_option) body.clock_seconds = f.clock;
    const seats = this.seats(g);
    if (seats !== undefined) body.seats = seats;
    try {
      const table = await api("POST", "/tables", body);
      await api("POST", `/tables/${table.id}/sit`, {});
      this.app.navigate(`/t/${table.id}`);
    } catch (err) {
      // A refused option is named as the form names it ("Kies bij Strafpunten …").
      const option = refusedOption(err, Object.keys(g.options));
      const named = option ? t("lobby.refused_option", { option: optionLabel(g.game, option) }) : null;
      f.refused = refusalText(err.rule, err.args, { game: g.game }) ?? named ?? errorText(err.code, err.message);
      this.render();
    }
  }

  /** "Speel nu": a short wait in the game's line (kroeg.tables.quick) for other people,
   *  shown in the tile with a way out; who waits together sits together, the house fills
   *  the rest (issue 32, build 3). */
  async playNow(g) {
    try {
      const variant = Object.keys(g.variants)[0];
      this.waitFor(g, await api("POST", "/quick", { game: g.game, variant }));
    } catch (err) {
      toast(errorText(err.code, err.message));
    }
  }

  /** What the line answered: seated (to the table), waiting (shown, asked again in half a
   *  second), or no longer in it. */
  waitFor(g, status) {
    clearTimeout(this.queueTimer);
    const box = this.root.querySelector(`.queue-box[data-queue="${g.game}"]`);
    if (status.state === "seated") {
      this.queueing = null;
      this.app.navigate(`/t/${status.table}`);
      return;
    }
    if (status.state !== "waiting") {
      this.queueing = null;
      if (box) replace(box);
      return;
    }
    this.queueing = g.game;
    if (box) {
      replace(
        box,
        h("p", { class: "prompt", role: "status" }, t("lobby.queue_waiting", { n: status.waiting, seats: status.seats, s: status.seconds_left })),
        h("button", { class: "btn small", dataset: { control: "cancel-queue" }, onclick: () => this.cancelQueue(g) }, t("lobby.queue_cancel")),
      );
    }
    this.queueTimer = setTimeout(async () => {
      try {
        this.waitFor(g, await api("GET", "/quick"));
      } catch {
        this.waitFor(g, status); // asked again in half a second
      }
    }, 500);
  }

  async cancelQueue(g) {
    clearTimeout(this.queueTimer);
    this.queueing = null;
    try {
      await api("DELETE", "/quick");
    } finally {
      this.waitFor(g, { state: "none" });
      this.root.querySelector(`[data-quick="${g.game}"]`)?.focus();
    }
  }

  /** "Tafel met de vaste gasten": one tap, a new table with you and the house, started at
   *  once (what "Speel nu" was before its line). */
  async houseTable(g) {
    this.busy = true;
    try {
      const variant = Object.keys(g.variants)[0];
      const body = { game: g.game, variant, rated: true }; // it counts (docs/ratings.md)
      const [low, high] = seatRange(g, variant);
      if (low !== high) body.seats = usualSeats(g, variant);
      const table = await api("POST", "/tables", body);
      await api("POST", `/tables/${table.id}/sit`, {});
      await api("POST", `/tables/${table.id}/start`);
      this.app.navigate(`/t/${table.id}`);
    } catch (err) {
      toast(errorText(err.code, err.message));
    } finally {
      this.busy = false;
    }
  }

  /** "Duplicate tegen het huis": a set of boards at a private table with the house. */
  async startSet() {
    this.busy = true;
    this.renderTables();
    try {
      await startHouseSet(this.app);
    } finally {
      this.busy = false;
    }
  }

  /** Your tables whose game is not over (a finished game leaves "Jouw tafels"), newest
   *  last: the lobby lists tables in the order they were made. */
  myOpenTables() {
    return (this.tables || []).filter((tb) => Boolean(this.me) && !tb.over && tb.players.some((p) => p.player === this.me));
  }

  /** The table the friends panel invites to: your newest whose game is not over (bug 1:
   *  it was the first where you still sat, a finished Toepen game). */
  inviteTable() {
    const open = this.myOpenTables();
    return open.length ? open[open.length - 1] : null;
  }

  /** "Jouw tafels": where you sit, with the way back. */
  renderMine() {
    const section = this.root.querySelector("#your-tables");
    if (!section || !this.mineBox) return;
    const mine = this.myOpenTables();
    // A club night's online round: its tables are private, so they are not in the list.
    const club = (this.clubTables || []).filter((ct) => ct.running && !mine.some((tb) => tb.id === ct.table));
    section.hidden = !mine.length && !club.length;
    replace(
      this.mineBox,
      h(
        "ul",
        { class: "your-tables" },
        club.map((ct) => h("li", { dataset: { clubTable: ct.table } }, h("a", { class: "btn primary", href: `/t/${ct.table}`, onclick: this.app.link(`/t/${ct.table}`), role: "button" }, t("lobby.club_table", { round: ct.round, title: ct.title })))),
        mine.map((tb) => h("li", {}, h("a", { class: "btn primary", href: `/t/${tb.id}`, onclick: this.app.link(`/t/${tb.id}`), role: "button" }, t("lobby.back_to", { game: t(`game.${tb.game}`), variant: variantLabel(tb.game, tb.variant) })), tb.running ? h("span", { class: "prompt" }, ` ${t("lobby.running")}`) : null)),
      ),
    );
  }

  renderTables() {
    this.renderMine();
    const clubs = this.root.querySelector("#clubs-entry");
    if (clubs) clubs.hidden = !this.account;
    // Duplicate against the house: an account starts a set, a guest is told how to make one.
    // Drawn again only when it changes, so a focused button keeps its focus between polls.
    const account = this.me ? this.account : undefined;
    if (this.houseBox && this.houseBox.dataset.shown !== `${account}/${this.busy}`) {
      replace(this.houseBox, lobbyPanel(this.app, account, this.houseSets ?? [], this.busy, () => this.startSet()));
      this.houseBox.dataset.shown = `${account}/${this.busy}`;
    }
    if (!this.tableBox) return;
    if (!this.tables) {
      replace(this.tableBox, h("p", { class: "empty" }, t("lobby.loading")));
      return;
    }
    // Tables that could not be rebuilt after a restart: said, not silently gone.
    const broken = (this.broken || []).map((tb) => h("p", { class: "empty broken", dataset: { broken: tb.id } }, t("lobby.broken", { game: t(`game.${tb.game}`), id: tb.id })));
    const shown = this.tables.filter((tb) => !this.filter || tb.game === this.filter);
    if (!shown.length) {
      replace(this.tableBox, this.renderFilter(), h("p", { class: "empty" }, t("lobby.no_tables")), ...broken);
      return;
    }
    replace(
      this.tableBox,
      this.renderFilter(),
      ...broken,
      h(
        "table",
        { class: "table-list" },
        h("thead", {}, h("tr", {}, ["lobby.col_game", "lobby.col_variant", "lobby.col_seats", "lobby.col_players", "lobby.col_watching", "lobby.col_actions"].map((k) => h("th", { scope: "col" }, t(k))))),
        h(
          "tbody",
          {},
          shown.map((tb) => {
            const people = tb.players.filter((p) => !p.house);
            const free = tb.players.some((p) => p.house);
            const mine = Boolean(this.me) && tb.players.some((p) => p.player === this.me);
            const linkStyle = { display: "inline-flex", "align-items": "center", "text-decoration": "none" };
            const gameName = t(`game.${tb.game}`);
            return h(
              "tr",
              { dataset: { table: tb.id } },
              h("td", {}, gameName),
              h("td", {}, variantLabel(tb.game, tb.variant)),
              h("td", {}, `${people.length}/${tb.seats}`),
              h("td", {}, tb.players.map((p) => (p.house ? t("seat.house_name", { name: p.name }) : p.name)).join(", "), tb.running ? h("span", { class: "prompt" }, ` · ${t("lobby.running")}`) : null),
              h("td", {}, String(tb.spectators ?? 0)),
              h(
                "td",
                { class: "actions" },
                mine
                  ? h("a", { class: "btn small primary", href: `/t/${tb.id}`, onclick: this.app.link(`/t/${tb.id}`), role: "button", style: linkStyle }, t("lobby.your_table"))
                  : [
                      free ? h("button", { class: "btn small primary", onclick: () => this.sit(tb.id), "aria-label": t("lobby.sit_at", { game: gameName, names: people.map((p) => p.name).join(", ") }) }, tb.running ? t("lobby.wait") : t("lobby.sit")) : null,
                      h("a", { class: "btn small", href: `/t/${tb.id}`, onclick: this.app.link(`/t/${tb.id}`), role: "button", style: linkStyle }, t("lobby.watch")),
                    ],
              ),
            );
          }),
        ),
      ),
    );
  }

  /** The open tables of one game or of all (issue 32, build 10): one button per game of
   *  the tables listed, pressed for the one shown. */
  renderFilter() {
    const games = [...new Set([...(this.games || []).map((g) => g.game), ...this.tables.map((tb) => tb.game)])];
    const choose = (game) => {
      this.filter = game;
      this.renderTables();
      this.root.querySelector(`#table-filter [data-filter="${game ?? "all"}"]`)?.focus();
    };
    const button = (game, label) => h("button", { class: `btn small${this.filter === game ? " primary" : ""}`, "aria-pressed": String(this.filter === game), dataset: { filter: game ?? "all" }, onclick: () => choose(game) }, label);
    return h("div", { class: "row filter", id: "table-filter", role: "group", "aria-label": t("lobby.filter_label") }, button(null, t("lobby.filter_all")), games.map((g) => button(g, t(`game.${g}`))));
  }

  async sit(id) {
    try {
      await api("POST", `/tables/${id}/sit`, {});
      this.app.navigate(`/t/${id}`);
    } catch (err) {
      if (err.code === "already_seated") this.app.navigate(`/t/${id}`);
      else toast(errorText(err.code, err.message));
    }
  }
}

/** Large cards, high contrast and more thinking time (docs/accessibility.md), kept with
 *  the other settings; "meer bedenktijd" reaches each table the player sits at. */
function accessPanel() {
  const s = settings();
  const toggle = (key, label, hint) =>
    h(
      "div",
      { class: "access-choice" },
      h("input", { type: "checkbox", id: `access-${key}`, checked: s[key], "aria-describedby": hint ? `access-${key}-hint` : null, onchange: (e) => updateSettings({ [key]: e.target.checked }) }),
      h("label", { for: `access-${key}` }, t(label)),
      hint ? h("p", { class: "hint", id: `access-${key}-hint` }, t(hint)) : null,
    );
  return h(
    "section",
    { class: "card-panel", "aria-labelledby": "access-h", id: "access-panel" },
    h("h2", { id: "access-h" }, t("settings.access_title")),
    toggle("largeCards", "settings.large_cards"),
    toggle("highContrast", "settings.high_contrast"),
    toggle("moreTime", "settings.more_time", "settings.more_time_hint"),
  );
}
