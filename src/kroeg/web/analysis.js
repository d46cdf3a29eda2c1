// The analysis of a finished game in the replay (GET /api/games/{id}/analysis, issue 23):
// each player's accuracy for the game, and for the deal on show every analysed card that
// was not a best card: the card played, the best card, and the points it cost. In Toepen
// a knock, a stay and a fold are analysed too (kind "knock", "stay", "fold": no card,
// best is the better decision), and the points are penalty points.
//
// The replay gives it one container element; the panel fills it once the analysis has
// come (the server computes it on the first request) and says nothing for a game whose
// kind has no analysis.

import { api } from "./api.js";
import { cardShort } from "./cards.js";
import { h, replace } from "./dom.js";
import { errorText } from "./errors.js";
import { lang, t } from "./i18n.js";

/** A share in per cent as the language writes it: "92,5%" in Dutch, "92.5%" in English. */
function percent(value) {
  return `${new Intl.NumberFormat(lang(), { maximumFractionDigits: 1 }).format(value)}%`;
}

export class AnalysisPanel {
  constructor(gameId) {
    this.element = h("section", { class: "analysis", id: "analysis", "aria-label": t("analysis.title") }, h("p", { class: "empty" }, t("analysis.loading")));
    this.data = null;
    this.deal = 0;
    this.load(gameId);
  }

  async load(gameId) {
    try {
      this.data = await api("GET", `/games/${gameId}/analysis`);
    } catch (err) {
      if (err.code === "no_analysis") replace(this.element);
      else replace(this.element, h("p", { role: "alert" }, errorText(err.code, err.message)));
      return;
    }
    this.show(this.deal);
  }

  /** Show the analysis of deal ``deal`` (0-based); the replay calls it on every render. */
  show(deal) {
    this.deal = deal;
    if (!this.data) return this.element;
    const costly = this.data.plays.filter((p) => p.deal === deal && p.loss > 0);
    const toepen = this.data.game === "toepen";
    replace(
      this.element,
      h("h2", {}, t("analysis.title")),
      h("p", { class: "help" }, t(toepen ? "analysis.scope_toepen" : "analysis.scope", { n: this.data.from_tricks_left })),
      h(
        "table",
        { class: "analysis-players" },
        h("thead", {}, h("tr", {}, h("th", {}, t("analysis.player")), h("th", {}, t("analysis.accuracy")), h("th", {}, t(toepen ? "analysis.lost_toepen" : "analysis.lost")))),
        h(
          "tbody",
          {},
          this.data.players.map((p) =>
            h("tr", { dataset: { seat: String(p.seat) } }, h("td", {}, p.name), h("td", {}, p.accuracy === null ? "–" : percent(p.accuracy)), h("td", {}, String(p.lost))),
          ),
        ),
      ),
      costly.length
        ? h(
            "ul",
            { class: "analysis-plays" },
            costly.map((p) =>
              h(
                "li",
                { dataset: { trick: String(p.trick), seat: String(p.seat) } },
                this.costText(p),
              ),
            ),
          )
        : h("p", { class: "empty" }, t(toepen ? "analysis.no_mistakes_toepen" : "analysis.no_mistakes")),
    );
    return this.element;
  }

  /** One costly decision: a card (with the better card) or, in Toepen, a knock decision. */
  costText(p) {
    const name = this.data.players[p.seat].name;
    if (p.card === null) return t(`analysis.cost_${p.kind}`, { loss: p.loss, name, trick: p.trick });
    const key = this.data.game === "toepen" ? "analysis.cost_toepen" : "analysis.cost";
    return t(key, { loss: p.loss, name, trick: p.trick, card: cardShort(p.card), best: cardShort(p.best) });
  }
}
