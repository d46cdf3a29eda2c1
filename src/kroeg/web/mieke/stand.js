// The bar's big screen: the night's standings, redrawn whenever the night changes
// (a score line, a correction, a round started, a deal's end at an online table), with a
// CSV export and a print view. On an online night a signed-in player also finds the way
// to their own table here ("Je tafel voor ronde N"), and a round the house played for
// a player who dropped out is marked, as is a round a player sat out ("rust", a bye).

import { el, errorText, fillTexts, nextChange, sleep, t } from "./common.js";
import { drawDuplicate, drawMyBoards } from "./stand_duplicate.js";

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
    ...s.rounds.map((v, i) => roundCell(v, (s.house_rounds || []).includes(i + 1), (s.bye_rounds || []).includes(i + 1))),
    el("td", { class: "num total" }, s.total)));
  $("standings").replaceChildren(el("thead", {}, head), el("tbody", {}, ...rows));
  $("legend").hidden = !body.standings.some((s) => s.house_rounds?.length);
  $("bye-legend").hidden = !body.standings.some((s) => s.bye_rounds?.length);
  if (night.byes && night.byes !== "house") $("bye-legend").textContent = t(`club.stand.bye_legend.${night.byes}`, { score: night.bye_score });
  drawDuplicate(body);
  if (night.mode === "online") await drawMyTable();
  return night.changes;
}

function roundCell(value, house, bye) {
  const cell = el("td", { class: "num" }, value ?? "–");
  if (bye) {
    cell.classList.add("bye");
    cell.title = t("club.stand.bye");
    cell.prepend(el("span", { class: "bye-mark" }, `${t("club.stand.bye")} `));
  }
  if (house) {
    cell.classList.add("house-played");
    cell.title = t("club.stand.house_played");
    cell.append(el("span", { class: "house-mark", "aria-label": t("club.stand.house_played") }, " H"));
  }
  return cell;
}

/** The signed-in player's table in this night's current round (none for anyone else). */
async function drawMyTable() {
  const r = await fetch("/api/clubs/my-tables");
  const mine = r.ok ? (await r.json()).tables.filter((tb) => tb.night === nightId) : [];
  const link = $("my-table");
  link.hidden = !mine.length;
  drawMyBoards(mine[0]);
  if (!mine.length) return;
  link.href = `/t/${encodeURIComponent(mine[0].table)}`;
  link.textContent = t(mine[0].over ? "club.stand.my_table_done" : "club.stand.my_table", { round: mine[0].round, table: mine[0].number });
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
