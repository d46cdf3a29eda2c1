// The analysis of a finished game in the replay (GET /api/games/{id}/analysis, issue 23):
// each player's accuracy for the game, and for the deal on show every analysed card that
// was not a best card: the card played, the best card, and the points it cost. In Toepen
// a knock, a stay and a fold are analysed too (kind "knock", "stay", "fold": no card,
// best is the better decision), and the points are penalty points. In Eurokaarten the
// decisions are draws, lays and discards of a numbered turn (``choice`` and ``best``:
// the pile, the points left after the lay, the card), the points are hand points (a
// tenth may show), and the decisions that could not be graded say why (``ungraded``).
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

/** Points as the language writes them: "3,5" in Dutch, "3.5" in English, "12" whole. */
function points(value) {
  return new Intl.NumberFormat(lang(), { maximumFractionDigits: 1, useGrouping: false }).format(value);
}

/** Per game: the scope line, the points column's header and the line of a deal without
 * a costly decision. */
const WORDING = {
  toepen: { scope: "analysis.scope_toepen", lost: "analysis.lost_toepen", none: "analysis.no_mistakes_toepen" },
  eurokaarten: { scope: "analysis.scope_eurokaarten", lost: "analysis.lost", none: "analysis.no_mistakes_eurokaarten" },
};
const TRICKS = { scope: "analysis.scope", lost: "analysis.lost", none: "analysis.no_mistakes" };

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
    const ungraded = (this.data.ungraded || []).filter((p) => p.deal === deal);
    const words = WORDING[this.data.game] || TRICKS;
    replace(
      this.element,
      h("h2", {}, t("analysis.title")),
      h("p", { class: "help" }, t(words.scope, { n: this.data.from_tricks_left ?? this.data.samples })),
      h(
        "table",
        { class: "analysis-players" },
        h("thead", {}, h("tr", {}, h("th", {}, t("analysis.player")), h("th", {}, t("analysis.accuracy")), h("th", {}, t(words.lost)))),
        h(
          "tbody",
          {},
          this.data.players.map((p) =>
            h("tr", { dataset: { seat: String(p.seat) } }, h("td", {}, p.name), h("td", {}, p.accuracy === null ? "–" : percent(p.accuracy)), h("td", {}, points(p.lost))),
          ),
        ),
      ),
      costly.length
        ? h(
            "ul",
            { class: "analysis-plays" },
            costly.map((p) => h("li", { dataset: this.where(p) }, this.costText(p))),
          )
        : h("p", { class: "empty" }, t(words.none)),
      ungraded.length
        ? h(
            "ul",
            { class: "analysis-ungraded" },
            ungraded.map((p) =>
              h("li", { dataset: this.where(p) }, t(`analysis.ungraded_${p.reason}`, { name: this.data.players[p.seat].name, turn: p.turn })),
            ),
          )
        : null,
    );
    return this.element;
  }

  /** Where a decision was made, for the list item's data attributes. */
  where(p) {
    const at = p.turn === undefined ? { trick: String(p.trick) } : { turn: String(p.turn), kind: p.kind };
    return { ...at, seat: String(p.seat) };
  }

  /** One costly decision: a card (with the better card) or, in Toepen, a knock decision. */
  costText(p) {
    const name = this.data.players[p.seat].name;
    if (this.data.game === "eurokaarten") return this.euroText(p, name);
    if (p.card === null) return t(`analysis.cost_${p.kind}`, { loss: p.loss, name, trick: p.trick });
    const key = this.data.game === "toepen" ? "analysis.cost_toepen" : "analysis.cost";
    return t(key, { loss: p.loss, name, trick: p.trick, card: cardShort(p.card), best: cardShort(p.best) });
  }

  /** One costly Eurokaarten decision: the pile drawn from, the lay, or the card thrown. */
  euroText(p, name) {
    const loss = points(p.loss);
    if (p.kind === "draw") {
      return t("analysis.cost_draw", { loss, name, turn: p.turn, choice: t(`euro.from_${p.choice}`), best: t(`euro.from_${p.best}`) });
    }
    if (p.kind === "lay") return t("analysis.cost_lay", { loss, name, turn: p.turn, choice: p.choice, best: p.best });
    return t("analysis.cost_discard", { loss, name, turn: p.turn, card: cardShort(p.choice), best: cardShort(p.best) });
  }
}
