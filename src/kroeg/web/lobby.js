// The lobby: the display name, "Speel nu" per game, the live list of open tables,
// and the form that creates a table with every option of the chosen variant.

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { errorText, toast } from "./errors.js";
import { refusalText } from "./refusals.js";
import { has, hasOwn, t } from "./i18n.js";
import { nameForm } from "./names.js";
import { settings } from "./settings.js";

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

/** The help text of an option in the chosen language; the engine's own text is English. */
export function optionHelp(game, name, spec) {
  const key = `opt.${game}.${name}`;
  return hasOwn(key) ? t(key) : spec.help;
}

export function optionLabel(game, name) {
  const key = `optname.${game}.${name}`;
  return has(key) ? t(key) : name.replaceAll("_", " ");
}

export function variantLabel(game, variant) {
  const key = `variant.${game}.${variant}`;
  return has(key) ? t(key) : variant;
}

/** An option value as the form shows it: "aan"/"uit" for booleans, spaces for underscores. */
function valueText(value) {
  if (typeof value === "boolean") return t(value ? "lobby.on" : "lobby.off");
  return String(value).replaceAll("_", " ");
}

export class LobbyView {
  constructor(root, app) {
    this.root = root;
    this.app = app;
    this.games = null;
    this.tables = null;
    this.creating = null; // game name whose create form is open
    this.invite = null;
    this.busy = false;
    this.render();
    if (settings().name) this.start();
  }

  async start() {
    this.app.ensureConnection();
    try {
      this.games = (await api("GET", "/variants")).games;
    } catch (err) {
      toast(errorText(err.code));
    }
    this.render();
    this.poll();
  }

  async poll() {
    try {
      // Who you are, to tell your own tables (their seats name their player) from others'.
      this.me ??= (await api("GET", "/me")).player;
      const listing = await api("GET", "/tables");
      this.tables = listing.tables;
      this.broken = listing.broken || [];
      this.renderTables();
    } catch {
      /* the next poll tries again */
    }
    this.timer = setTimeout(() => this.poll(), POLL_MS);
  }

  destroy() {
    clearTimeout(this.timer);
  }

  render() {
    const name = settings().name;
    this.tableBox = h("div", { id: "open-tables" });
    replace(
      this.root,
      h(
        "div",
        { class: "lobby" },
        h("h1", {}, t("lobby.welcome")),
        h(
          "section",
          { class: "card-panel", "aria-labelledby": "name-h" },
          h("h2", { id: "name-h" }, t("lobby.name_title")),
          name
            ? h("p", {}, t("lobby.playing_as", { name }), " ", h("button", { class: "btn small", onclick: () => this.changeName() }, t("lobby.change_name")))
            : nameForm(() => this.start()),
        ),
        name && this.games ? this.renderGames() : null,
        name && this.creating ? this.renderCreate() : null,
        name ? h("section", { class: "card-panel", "aria-labelledby": "tables-h" }, h("h2", { id: "tables-h" }, t("lobby.open_tables")), this.tableBox) : null,
      ),
    );
    this.renderTables();
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
            h("p", {}, t(`game.${g.game}.desc`)),
            h("button", { class: "btn primary", disabled: this.busy, onclick: () => this.playNow(g), "aria-label": t("lobby.play_now_game", { game: t(`game.${g.game}`) }) }, t("lobby.play_now")),
            h("button", { class: "btn", onclick: () => this.openCreate(g.game), "aria-label": t("lobby.new_table_game", { game: t(`game.${g.game}`) }) }, t("lobby.new_table")),
          ),
        ),
      ),
    );
  }

  openCreate(game) {
    this.creating = game;
    const g = this.games.find((x) => x.game === game);
    this.form = { game, variant: Object.keys(g.variants)[0], options: {}, seats: null, clock: 60, private: false };
    this.invite = null;
    this.render();
    this.root.querySelector("#create-h")?.scrollIntoView({ block: "start" });
  }

  renderCreate() {
    const g = this.games.find((x) => x.game === this.creating);
    const f = this.form;
    const defaults = g.variants[f.variant];
    const [low, high] = seatRange(g, f.variant);
    const current = (name) => (name in f.options ? f.options[name] : defaults[name]);
    // An option that refines a boolean one (`requires`) matters only while that is on.
    const shown = Object.entries(g.options).filter(([, spec]) => !spec.requires || current(spec.requires) === true);
    const optionRows = shown.map(([name, spec]) => {
      const value = current(name);
      const id = `opt-${name}`;
      let control;
      const set = (v) => {
        f.options[name] = v;
      };
      if (spec.type === "bool") {
        const refined = Object.values(g.options).some((other) => other.requires === name);
        control = h("input", {
          type: "checkbox",
          id,
          checked: Boolean(value),
          onchange: (e) => {
            set(e.target.checked);
            if (!refined) return;
            this.render(); // show or hide the options that refine this one
            this.root.querySelector(`#${id}`)?.focus();
          },
        });
      } else if (spec.type === "int") {
        control = h("input", { type: "number", id, min: spec.min, max: spec.max, value, class: "num", onchange: (e) => set(Number(e.target.value)) });
      } else {
        control = h("select", { id, onchange: (e) => set(e.target.value) }, spec.choices.map((c) => h("option", { value: c, selected: c === value }, c.replaceAll("_", " "))));
      }
      return h(
        "div",
        { class: "option" },
        h("label", { for: id }, optionLabel(g.game, name)),
        control,
        h("span", { class: "help" }, optionHelp(g.game, name, spec), " ", t("lobby.default_is", { value: valueText(defaults[name]) })),
      );
    });
    return h(
      "section",
      { class: "card-panel", "aria-labelledby": "create-h" },
      h("h2", { id: "create-h" }, t("lobby.create_title", { game: t(`game.${g.game}`) })),
      h(
        "form",
        {
          class: "create-form",
          // The server judges the options and names a bad one in the player's language.
          novalidate: true,
          onsubmit: (e) => {
            e.preventDefault();
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
          low !== high
            ? [
                h("label", { for: "seats" }, t("lobby.seats")),
                h("select", { id: "seats", onchange: (e) => (f.seats = Number(e.target.value)) }, Array.from({ length: high - low + 1 }, (_, i) => low + i).map((n) => h("option", { value: n, selected: n === (f.seats ?? usualSeats(g, f.variant)) }, String(n)))),
              ]
            : null,
          h("label", { for: "clock" }, t("lobby.clock")),
          h("select", { id: "clock", onchange: (e) => (f.clock = Number(e.target.value)) }, CLOCKS.map((s) => h("option", { value: s, selected: s === f.clock }, t("lobby.seconds", { n: s })))),
          h("label", { class: "toggle" }, h("input", { type: "checkbox", id: "private", checked: f.private, onchange: (e) => (f.private = e.target.checked) }), " ", t("lobby.private")),
        ),
        optionRows,
        h(
          "div",
          { class: "row" },
          h("button", { type: "submit", class: "btn primary" }, t("lobby.create")),
          h("button", { type: "button", class: "btn", onclick: () => { this.creating = null; this.render(); } }, t("lobby.cancel")),
        ),
      ),
    );
  }

  async create() {
    const g = this.games.find((x) => x.game === this.creating);
    const f = this.form;
    const body = { game: g.game, variant: f.variant, options: f.options, clock_seconds: f.clock, private: f.private };
    const [low, high] = seatRange(g, f.variant);
    if (low !== high) body.seats = f.seats ?? usualSeats(g, f.variant);
    try {
      const table = await api("POST", "/tables", body);
      await api("POST", `/tables/${table.id}/sit`, {});
      this.app.navigate(`/t/${table.id}`);
    } catch (err) {
      // A refused option is named as the form names it ("Kies bij Strafpunten …").
      toast(refusalText(err.rule, err.args, { game: g.game }) ?? errorText(err.code, err.message));
    }
  }

  /** One click: a new table with you and the house, started at once. */
  async playNow(g) {
    this.busy = true;
    try {
      const variant = Object.keys(g.variants)[0];
      const body = { game: g.game, variant };
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

  renderTables() {
    if (!this.tableBox) return;
    if (!this.tables) {
      replace(this.tableBox, h("p", { class: "empty" }, t("lobby.loading")));
      return;
    }
    // Tables that could not be rebuilt after a restart: said, not silently gone.
    const broken = (this.broken || []).map((tb) => h("p", { class: "empty broken", dataset: { broken: tb.id } }, t("lobby.broken", { game: t(`game.${tb.game}`), id: tb.id })));
    if (!this.tables.length) {
      replace(this.tableBox, h("p", { class: "empty" }, t("lobby.no_tables")), ...broken);
      return;
    }
    replace(
      this.tableBox,
      ...broken,
      h(
        "table",
        { class: "table-list" },
        h("thead", {}, h("tr", {}, ["lobby.col_game", "lobby.col_variant", "lobby.col_seats", "lobby.col_players", "lobby.col_watching", "lobby.col_actions"].map((k) => h("th", { scope: "col" }, t(k))))),
        h(
          "tbody",
          {},
          this.tables.map((tb) => {
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
