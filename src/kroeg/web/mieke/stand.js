// The bar's big screen: the night's standings, redrawn whenever the night changes
// (a score line, a correction, a round started), with a CSV export and a print view.

import { el, errorText, fillTexts, nextChange, sleep, t } from "./common.js";

const nightId = decodeURIComponent(location.hash.slice(1));
const $ = (id) => document.getElementById(id);

async function draw() {
  const r = await fetch(`/api/clubs/nights/${encodeURIComponent(nightId)}/standings`);
  const body = await r.json();
  if (!r.ok) {
    $("message").textContent = errorText(body);
    $("message").hidden = false;
    return null;
  }
  const night = body.night;
  $("title").textContent = night.title;
  $("round").textContent = night.current_round
    ? t(night.round_running ? "club.stand.round_running" : "club.stand.round_done", { round: night.current_round, rounds: night.rounds })
    : t("club.stand.not_started");
  const rounds = night.current_round;
  const head = el("tr", {}, el("th", {}, t("club.stand.rank")), el("th", {}, t("club.stand.name")),
    ...Array.from({ length: rounds }, (_, i) => el("th", { class: "num" }, t("club.stand.round", { n: i + 1 }))),
    el("th", { class: "num" }, t("club.stand.total")));
  const rows = body.standings.map((s) => el("tr", { "data-member": s.member },
    el("td", { class: "rank" }, s.rank), el("td", {}, s.name),
    ...s.rounds.map((v) => el("td", { class: "num" }, v ?? "–")),
    el("td", { class: "num total" }, s.total)));
  $("standings").replaceChildren(el("thead", {}, head), el("tbody", {}, ...rows));
  return night.changes;
}

async function main() {
  fillTexts();
  $("csv").href = `/api/clubs/nights/${encodeURIComponent(nightId)}/standings.csv`;
  $("print").addEventListener("click", () => window.print());
  let seen = -1;
  for (;;) {
    try {
      const drawn = await draw();
      if (drawn === null) return;
      seen = drawn;
      await nextChange(nightId, seen);
    } catch {
      await sleep(3000);
    }
  }
}

main();
