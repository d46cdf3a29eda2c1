// The rules pages (/regels/{game}, issue 32 build 9): each game's rules written for players
// from RULES.md (the catalogs' rules.* texts, Dutch and English), then each variant with
// what makes it different and its table options: every option the new-table form offers,
// with its help text and the variant's default (GET /api/variants, as the form reads it).

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { optionHelp, optionLabel, valueText, variantLabel } from "./option_fields.js";

export const RULES_GAMES = ["toepen", "klaverjassen", "eurokaarten"];

/** The sections of each game's rules, in the order a player needs them. */
const SECTIONS = {
  toepen: ["cards", "play", "knock", "end"],
  klaverjassen: ["cards", "bid", "follow", "roem", "score"],
  eurokaarten: ["turn", "melds", "end", "bokje"],
};

/** The path of a game's rules, at one variant's section when given. */
export function rulesPath(game, variant = null) {
  return `/regels/${game}${variant ? `#${variant}` : ""}`;
}

/** "Spelregels" at a table: the game's rules at its variant, in a tab of their own so the
 *  table (and its clock) stays where it is. */
export function rulesButton(game, variant) {
  if (!RULES_GAMES.includes(game)) return null;
  return h("a", { href: rulesPath(game, variant), class: "btn small", role: "button", target: "_blank", rel: "noopener", id: "rules-link", style: { display: "inline-flex", "align-items": "center", "text-decoration": "none" } }, t("rules.link"));
}

/** A text of several paragraphs (separated by an empty line) as paragraphs. */
function paragraphs(text) {
  return text.split("\n\n").map((p) => h("p", {}, p));
}

export class RulesView {
  constructor(root, app, game) {
    this.root = root;
    this.app = app;
    this.game = RULES_GAMES.includes(game) ? game : RULES_GAMES[0];
    this.schema = null;
    this.render();
    this.load();
  }

  async load() {
    try {
      const found = await api("GET", "/variants");
      this.schema = found.games.find((g) => g.game === this.game) ?? null;
    } catch {
      this.schema = null; // the rules still read; the options are left out
    }
    this.render();
    if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
  }

  render() {
    const game = this.game;
    document.title = t("rules.title", { game: t(`game.${game}`) });
    replace(
      this.root,
      h(
        "div",
        { class: "lobby rules-page", dataset: { game } },
        h(
          "nav",
          { class: "rules-games", "aria-label": t("rules.games") },
          h("a", { href: "/", class: "btn", onclick: this.app.link("/") }, t("nav.lobby")),
          RULES_GAMES.map((g) => h("a", { href: rulesPath(g), class: `btn${g === game ? " primary" : ""}`, "aria-current": g === game ? "page" : null, onclick: this.app.link(rulesPath(g)) }, t(`game.${g}`))),
        ),
        h("h1", {}, t("rules.title", { game: t(`game.${game}`) })),
        h("section", { class: "card-panel" }, paragraphs(t(`rules.${game}.intro`))),
        SECTIONS[game].map((id) => h("section", { class: "card-panel", "aria-labelledby": `rules-${id}` }, h("h2", { id: `rules-${id}` }, t(`rules.${game}.${id}.title`)), paragraphs(t(`rules.${game}.${id}.body`)))),
        h("section", { class: "card-panel", "aria-labelledby": "rules-clock" }, h("h2", { id: "rules-clock" }, t("rules.clock.title")), paragraphs(t("rules.clock.body"))),
        h("h2", { class: "rules-variants" }, t("rules.variants")),
        this.variants().map((variant) => this.renderVariant(variant)),
      ),
    );
  }

  /** The game's variants: from the server once it answered, else those the texts name. */
  variants() {
    if (this.schema) return Object.keys(this.schema.variants);
    return { toepen: ["kroegregels", "klassiek"], klaverjassen: ["nku", "amsterdams"], eurokaarten: ["standaard"] }[this.game];
  }

  renderVariant(variant) {
    const game = this.game;
    const label = variantLabel(game, variant);
    const defaults = this.schema?.variants?.[variant];
    return h(
      "section",
      { class: "card-panel rules-variant", id: variant, "aria-labelledby": `variant-${variant}` },
      h("h3", { id: `variant-${variant}` }, label),
      paragraphs(t(`rules.variant.${game}.${variant}`)),
      defaults
        ? h(
            "details",
            { class: "rules-options" },
            h("summary", {}, t("rules.options_title", { variant: label })),
            h("p", { class: "prompt" }, t("rules.options_intro", { variant: label })),
            h(
              "dl",
              {},
              Object.entries(this.schema.options).map(([name, spec]) => [
                h("dt", {}, optionLabel(game, name), h("span", { class: "default" }, ` — ${t("rules.default", { value: valueText(game, name, defaults[name]) })}`)),
                h("dd", {}, optionHelp(game, name, spec)),
              ]),
            ),
          )
        : h("p", { class: "prompt" }, t("rules.loading")),
    );
  }

  destroy() {}
}
