// A duplicate night on the big screen (docs/clubs.md, "Duplicate Klaverjassen"): the
// ranking in percent (or butler), each board with what every table made of the same
// cards and, after the close, what the cards were worth (the double-dummy value of the
// table's contract), the set's commitment (and, after the close, that anyone can check it); and for
// a signed-in player, each board of their table beside the others' average ("met deze
// kaarten haalden de anderen gemiddeld 96").

import { el, t } from "./common.js";

const $ = (id) => document.getElementById(id);
const pct = (v) => (v === null || v === undefined ? "–" : `${v.toFixed(1)}%`);
const signed = (v) => (v > 0 ? `+${v.toFixed(1)}` : v.toFixed(1));
const signedInt = (v) => (v > 0 ? `+${v}` : String(v));

/** Draw the duplicate part of the standings (hidden on any other night). */
export function drawDuplicate(body) {
  const dup = body.duplicate;
  $("duplicate").hidden = !dup;
  if (!dup) return;
  const butler = dup.scoring === "butler";
  // An online duplicate night keeps its set in the night; a bar movement night's comes
  // with its standings (docs/clubs.md, "At the bar: boards and movement cards").
  const set = dup.set ?? body.night.duplicate.set;
  $("dup-title").textContent = t(butler ? "club.dup.title_butler" : "club.dup.title");
  $("dup-commitment").textContent = t("club.dup.committed", { commitment: `${set.commitment.slice(0, 16)}…` });
  $("dup-revealed").hidden = !set.secret;
  const rounds = dup.players.length ? dup.players[0].rounds.length : 0;
  const head = el("tr", {}, el("th", {}, t("club.stand.rank")), el("th", {}, t("club.stand.name")),
    ...Array.from({ length: rounds }, (_, i) => el("th", { class: "num" }, t("club.stand.round", { n: i + 1 }))),
    el("th", { class: "num" }, t("club.dup.percent")), el("th", { class: "num" }, t("club.dup.butler")));
  const rows = dup.players.map((p) => el("tr", { "data-member": p.member },
    el("td", { class: "rank" }, p.rank), el("td", {}, p.name),
    ...p.rounds.map((v) => el("td", { class: "num" }, pct(v))),
    el("td", { class: butler ? "num" : "num total" }, pct(p.percent)),
    el("td", { class: butler ? "num total" : "num" }, signed(p.butler))));
  $("dup-standings").replaceChildren(el("thead", {}, head), el("tbody", {}, ...rows));
  const boardHead = el("tr", {}, el("th", {}, t("club.dup.board")), el("th", {}, t("club.dup.table")),
    el("th", {}, t("club.dup.ns")), el("th", { class: "num" }, t("club.dup.points")), el("th", { class: "num" }, "%"),
    el("th", {}, t("club.dup.ew")), el("th", { class: "num" }, t("club.dup.points")), el("th", { class: "num" }, "%"),
    el("th", { class: "num", title: t("club.dup.value_help") }, t("club.dup.value")));
  const boardRows = dup.boards.flatMap((b) => b.results.map((r, i) => el("tr", { "data-board": b.board },
    el("td", {}, i === 0 ? b.board : ""), el("td", {}, r.table),
    el("td", {}, r.ns.join(" & ")), el("td", { class: "num" }, r.ns_points), el("td", { class: "num" }, pct(r.ns_percent)),
    el("td", {}, r.ew.join(" & ")), el("td", { class: "num" }, r.ew_points), el("td", { class: "num" }, pct(r.ew_percent)),
    el("td", { class: "num value" }, r.value === null ? "–" : signedInt(r.value)))));
  $("dup-boards").replaceChildren(el("thead", {}, boardHead), el("tbody", {}, ...boardRows));
}

/** The signed-in player's boards, each beside the other tables' average with the same
 * cards, in their own direction (seats 0 and 2 are Wij/NS). */
export function drawMyBoards(mine) {
  const box = $("dup-mine");
  const boards = mine?.boards;
  box.hidden = !boards?.length;
  if (!boards?.length) return;
  const ns = mine.seat % 2 === 0;
  const items = boards.map((b) => {
    const points = ns ? b.ns_points : b.ew_points;
    const average = ns ? b.ns_average : b.ew_average;
    const others = average === null ? t("club.dup.no_others") : t("club.dup.others", { average: Math.round(average) });
    return el("li", { "data-board": b.board }, `${t("club.dup.mine_board", { board: b.board, mine: points })}; ${others}`);
  });
  $("dup-mine-list").replaceChildren(...items);
}
