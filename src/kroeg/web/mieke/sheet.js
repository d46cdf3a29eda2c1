// Mieke's score page for one table at the bar: the token of the table's link is the
// page's fragment (#token), so it stays out of every log. Lines go to an outbox in
// IndexedDB first and are sent from there (queue.js); the other phones' lines arrive
// by waiting on the night's changes. A line that lost a conflict (another phone wrote
// the same deal first) is kept on this phone as a draft, shown beside the line that won,
// until Mieke corrects the sheet with it or throws it away (conflicts.js).

import * as conflicts from "./conflicts.js";
import * as queue from "./queue.js";
import { el, errorText, fillTexts, nextChange, sleep, t } from "./common.js";

const token = decodeURIComponent(location.hash.slice(1));
const api = `/api/clubs/sheets/${encodeURIComponent(token)}`;
let sheet = null;
let editing = null; // the entry being corrected, or null
let syncing = false;
let syncAgain = false;

const $ = (id) => document.getElementById(id);

function newId() {
  if (crypto.randomUUID) return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

function scorer() {
  return localStorage.getItem("kroeg.mieke.name") || "Mieke";
}

function say(text, kind = "error") {
  const box = $("message");
  box.textContent = text;
  box.className = `message ${kind}`;
  box.hidden = !text;
}

async function load() {
  try {
    const r = await fetch(api);
    const body = await r.json();
    if (!r.ok) {
      say(errorText(body));
      return false;
    }
    sheet = body;
  } catch {
    if (!sheet) say(t("club.sheet.offline_empty"));
    return false;
  }
  // Loaded through the worker: a reload without wifi shows this sheet.
  if (navigator.serviceWorker?.controller) document.body.dataset.offline = "ready";
  await render();
  return true;
}

async function render() {
  if (!sheet) return;
  const queued = await queue.waiting(token);
  // A line the server has, whose removal from the outbox is still on its way, is shown
  // once: as the sheet's line (a render between the two showed it twice).
  const onSheet = new Set(sheet.entries.flatMap((e) => e.history.map((h) => h.id)));
  const waiting = queued.filter((item) => !onSheet.has(item.id));
  $("where").textContent = t("club.sheet.where", { round: sheet.round, table: sheet.table });
  $("net").textContent = waiting.length
    ? t("club.sheet.waiting", { n: waiting.length })
    : navigator.onLine
      ? t("club.sheet.synced")
      : t("club.sheet.offline");
  $("net").className = `net ${waiting.length ? "pending" : "ok"}`;
  $("seats").replaceChildren(
    ...sheet.seats.map((s, i) =>
      el("div", { class: `seat${s.house ? " house" : ""}`, "data-seat": i },
        el("span", { class: "seatno" }, seatLabel(i)),
        el("span", { class: "name" }, s.house ? t("club.house") : s.name)),
    ),
  );
  renderConflicts();
  renderForm(waiting);
  renderLines(waiting);
}

/** Each line of this phone that lost to another phone's line for the same deal: both
 * side by side, and what Mieke can do with hers. */
function renderConflicts() {
  const drafts = conflicts.of(token);
  $("conflicts").replaceChildren(...drafts.map((draft) => {
    const won = sheet.entries.find((e) => e.deal === draft.deal && e.line);
    const last = won && won.history[won.history.length - 1];
    return el("article", { class: "conflict", "data-deal": draft.deal },
      el("h2", {}, t("club.sheet.conflict", { deal: draft.deal })),
      el("div", { class: "sides" },
        el("div", { class: "side won" },
          el("h3", {}, won ? t("club.sheet.conflict_won", { by: last.by, at: clock(last.at) }) : t("club.sheet.conflict_gone")),
          el("p", {}, won ? lineText(won.line, won.scored) : "—")),
        el("div", { class: "side mine" },
          el("h3", {}, t("club.sheet.conflict_mine")),
          el("p", {}, lineText(draft.line, null)))),
      el("div", { class: "buttons" },
        el("button", { type: "button", class: "primary", onclick: () => useDraft(draft, won) },
          won ? t("club.sheet.conflict_use") : t("club.sheet.conflict_add")),
        el("button", { type: "button", onclick: () => dropDraft(draft) }, t("club.sheet.conflict_drop"))));
  }));
}

/** Correct the line that won with this phone's line (the form, filled in, to check
 * first), or write it anew when the line that won was withdrawn meanwhile. */
function useDraft(draft, won) {
  if (won) {
    editing = { ...won, line: draft.line, draft: draft.id };
    $("form").dataset.key = "";
    render();
    $("form").querySelector("input, select")?.focus();
    return;
  }
  conflicts.drop(token, draft.id);
  queueLine({ kind: "add", deal: draft.deal, line: draft.line });
}

function dropDraft(draft) {
  conflicts.drop(token, draft.id);
  render();
}

function seatLabel(i) {
  if (sheet.night.game === "klaverjassen") return i % 2 === 0 ? t("club.kj.wij") : t("club.kj.zij");
  return t("club.seat", { n: i + 1 });
}

/** The deals (boards, on a movement night: the boards on this table) a line may be for. */
function dealRange() {
  return sheet.boards ? sheet.boards : [1, sheet.night.deals_per_round];
}

function nextDeal(waiting) {
  const taken = new Set([...sheet.entries.filter((e) => e.line).map((e) => e.deal),
    ...waiting.filter((w) => w.kind === "add").map((w) => w.body.deal)]);
  const [first, last] = dealRange();
  for (let d = first; d <= last; d++) if (!taken.has(d)) return d;
  return null;
}

/** On a movement night Mieke types the number on the portefeuille; a board the table
 *  did not hold this round is refused here, offline too, as the server refuses it. */
function boardProblem(board) {
  if (!sheet.boards) return null;
  const [first, last] = sheet.boards;
  if (Number.isInteger(board) && board >= first && board <= last) return null;
  return t("club.error.board_not_held", { board: Number.isNaN(board) ? "?" : board, table: sheet.table, round: sheet.round, first, last });
}

function numberInput(name, value, attrs = {}) {
  return el("input", { type: "number", inputmode: "numeric", name, value: value ?? "", ...attrs });
}

function field(label, control) {
  return el("label", { class: "field" }, el("span", {}, label), control);
}

function renderForm(waiting) {
  const form = $("form");
  const line = editing ? editing.line : null;
  const deal = editing ? editing.deal : nextDeal(waiting);
  const game = sheet.night.game;
  const closed = sheet.night.status === "closed";
  // Redrawn only when what it is for changes: another phone's line must not wipe what
  // Mieke is typing.
  const key = `${editing ? `${editing.id}/${editing.draft ?? ""}` : "new"}:${deal}:${closed}`;
  if (form.dataset.key === key) return;
  form.dataset.key = key;
  if (deal === null || closed) {
    form.replaceChildren(el("p", { class: "done" }, closed ? t("club.sheet.closed") : t("club.sheet.full")));
    return;
  }
  const parts = [el("h2", {}, editing ? t("club.sheet.correcting", { deal }) : t("club.sheet.deal", { deal }))];
  if (sheet.boards && !editing) {
    // No min/max: the browser would stop the form with its own words; boardProblem says
    // in Dutch which boards lie here.
    const board = numberInput("board", deal);
    board.addEventListener("input", (e) => (parts[0].textContent = t("club.sheet.deal", { deal: e.target.value })));
    parts.push(field(t("club.sheet.board"), board));
  }
  if (game === "klaverjassen") {
    const played = el("select", { name: "played" },
      ...sheet.seats.map((s, i) => el("option", { value: i, selected: line && line.played === i },
        `${seatLabel(i)}: ${s.house ? t("club.house") : s.name}`)));
    const mark = el("select", { name: "mark" },
      ...["", "N", "P", "V"].map((m) => el("option", { value: m, selected: line && (line.mark || "") === m },
        m ? t(`club.kj.mark.${m}`) : t("club.kj.mark.none"))));
    const revoked = el("select", { name: "revoked" },
      el("option", { value: 0, selected: line && line.revoked === 0 }, t("club.kj.wij")),
      el("option", { value: 1, selected: line && line.revoked === 1 }, t("club.kj.zij")));
    parts.push(
      field(t("club.kj.played"), played),
      el("div", { class: "pair" },
        field(t("club.kj.points_wij"), numberInput("points0", line?.points[0], { min: 0, max: 162 })),
        field(t("club.kj.points_zij"), numberInput("points1", line?.points[1], { min: 0, max: 162 }))),
      el("div", { class: "pair" },
        field(t("club.kj.roem_wij"), numberInput("roem0", line?.roem[0] ?? 0, { min: 0, step: 10 })),
        field(t("club.kj.roem_zij"), numberInput("roem1", line?.roem[1] ?? 0, { min: 0, step: 10 }))),
      el("div", { class: "pair" }, field(t("club.kj.mark"), mark), field(t("club.kj.revoked"), revoked)),
    );
    // Typing Wij's points fills Zij's with the rest of 162, as on paper.
    parts.find((p) => p.querySelector?.("[name=points0]")).querySelector("[name=points0]").addEventListener("input", (e) => {
      const rest = 162 - Number(e.target.value);
      if (e.target.value !== "" && rest >= 0) form.querySelector("[name=points1]").value = rest;
    });
  } else if (game === "toepen") {
    parts.push(
      el("div", { class: "grid" },
        ...sheet.seats.map((s, i) => field(s.house ? t("club.house") : s.name,
          numberInput(`pen${i}`, line?.penalties[i] ?? 0, { min: -1, max: 30 })))),
      field(t("club.toepen.winner"), el("select", { name: "winner" },
        ...sheet.seats.map((s, i) => el("option", { value: i, selected: line && line.winner === i },
          s.house ? t("club.house") : s.name)))),
    );
  } else {
    parts.push(
      el("fieldset", { class: "grid" }, el("legend", {}, t("club.euro.coin_lost")),
        ...sheet.seats.map((s, i) => el("label", { class: "check" },
          el("input", { type: "checkbox", name: `lost${i}`, checked: line && line.coin_lost.includes(i) }),
          s.house ? t("club.house") : s.name))),
    );
  }
  parts.push(el("div", { class: "buttons" },
    el("button", { type: "submit", class: "primary" }, editing ? t("club.sheet.save_correction") : t("club.sheet.add")),
    editing && el("button", { type: "button", onclick: cancelCorrection }, t("club.sheet.cancel")),
    editing && el("button", { type: "button", class: "danger", onclick: () => submit(null) }, t("club.sheet.withdraw"))));
  form.replaceChildren(...parts);
  form.dataset.deal = deal;
}

/** Stop correcting a line (its Cancel button, or Escape: docs/accessibility.md). */
function cancelCorrection() {
  editing = null;
  $("form").dataset.key = "";
  render();
}

function readLine() {
  const f = $("form");
  const num = (name) => {
    const v = f.querySelector(`[name=${name}]`).value;
    return v === "" ? NaN : Number(v);
  };
  const game = sheet.night.game;
  if (game === "klaverjassen") {
    const line = {
      played: num("played"),
      points: [num("points0"), num("points1")],
      roem: [num("roem0") || 0, num("roem1") || 0],
    };
    const mark = f.querySelector("[name=mark]").value;
    if (mark) line.mark = mark;
    if (mark === "V") line.revoked = num("revoked");
    return line;
  }
  if (game === "toepen") {
    return { penalties: sheet.seats.map((_, i) => num(`pen${i}`)), winner: num("winner") };
  }
  return { coin_lost: sheet.seats.map((_, i) => i).filter((i) => f.querySelector(`[name=lost${i}]`).checked) };
}

/** A first check on the phone, so that a typing error is said at once, offline too;
 * the server checks everything again with the game's own scoring. */
function localProblem(line) {
  if (sheet.night.game === "klaverjassen") {
    if (line.points.some((p) => !Number.isInteger(p))) return t("club.error.bad_line");
    if (line.points[0] + line.points[1] !== 162) {
      return t("club.error.points_not_162_sum", { sum: line.points[0] + line.points[1] });
    }
    if (line.roem.some((r) => r % 10 !== 0 || r < 0)) return t("club.error.bad_roem");
  }
  if (sheet.night.game === "toepen" && line.penalties.some((p) => !Number.isInteger(p))) {
    return t("club.error.bad_line");
  }
  return null;
}

async function submit(line) {
  if (line !== null) {
    const problem = localProblem(line);
    if (problem) {
      say(problem);
      return;
    }
  }
  const boardInput = $("form").querySelector("[name=board]");
  const deal = boardInput ? (boardInput.value === "" ? NaN : Number(boardInput.value)) : Number($("form").dataset.deal);
  const wrongBoard = editing ? null : boardProblem(deal);
  if (wrongBoard) {
    say(wrongBoard);
    return;
  }
  if (editing && editing.draft) conflicts.drop(token, editing.draft);
  await queueLine(editing ? { kind: "correct", entry: editing.id, deal, line } : { kind: "add", deal, line });
}

/** Put a line (a new one, or a correction of an entry) in the outbox and send it. */
async function queueLine({ kind, entry, deal, line }) {
  const id = newId();
  const item = kind === "correct"
    ? { id, kind, token, path: `${api}/entries/${encodeURIComponent(entry)}`,
        body: { change: id, line, by: scorer() }, deal, queuedAt: Date.now() }
    : { id, kind, token, path: `${api}/entries`, body: { id, deal, line, by: scorer() }, queuedAt: Date.now() };
  await queue.put(item);
  editing = null;
  $("form").dataset.key = "";
  say("");
  await render();
  await sync();
}

async function sync() {
  if (syncing) {
    syncAgain = true; // a line queued while a sync runs goes out right after it
    return;
  }
  syncing = true;
  syncAgain = false;
  let lost = false;
  try {
    for (const item of await queue.waiting(token)) {
      let r;
      try {
        r = await fetch(item.path, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(item.body),
        });
      } catch {
        break; // offline: the item waits for the next try
      }
      const body = await r.json().catch(() => ({}));
      if (r.ok) {
        sheet = body;
      } else if (body.detail && body.detail.code === "duplicate_entry") {
        // Sent before, its answer lost: the server has it once.
      } else if (body.detail && body.detail.code === "deal_taken" && item.kind === "add") {
        // Another phone wrote this deal first: this line stays here as a draft, shown
        // beside the one that won (the sheet is loaded again below).
        conflicts.keep(token, { id: item.id, deal: item.body.deal, line: item.body.line });
        lost = true;
      } else if (r.status >= 500) {
        break;
      } else if (r.status === 429) {
        say(errorText(body)); // over a quota: the line stays queued and goes out later
        break;
      } else {
        say(errorText(body));
      }
      await queue.remove(item.id);
    }
  } finally {
    syncing = false;
  }
  if (!lost || !(await load())) await render();
  if (syncAgain) await sync();
}

function clock(seconds) {
  return new Date(seconds * 1000).toLocaleTimeString(t("club.lang"), { hour: "2-digit", minute: "2-digit" });
}

function lineText(line, scored) {
  const game = sheet.night.game;
  if (game === "klaverjassen") {
    const mark = line.mark ? ` ${line.mark}` : "";
    const [wij, zij] = scored ? scored.score : line.points; // a queued line: its card points
    return `${wij} – ${zij}${mark}`;
  }
  if (game === "toepen") {
    const armoede = scored && scored.armoede.length
      ? ` · ${t("club.toepen.armoede")}: ${scored.armoede.map((i) => sheet.seats[i].name).join(", ")}` : "";
    const lost = scored && scored.lost.length
      ? ` · ${t("club.toepen.lost")}: ${scored.lost.map((i) => sheet.seats[i].name).join(", ")}` : "";
    return `${line.penalties.join(" / ")}${armoede}${lost}`;
  }
  const names = line.coin_lost.map((i) => sheet.seats[i].name).join(", ") || "—";
  const bokje = scored && scored.bokje.length
    ? ` · ${t("club.euro.bokje")}: ${scored.bokje.map((i) => sheet.seats[i].name).join(", ")}` : "";
  return `${names}${bokje}`;
}

function renderLines(waiting) {
  const rows = [el("tr", {}, el("th", {}, "#"), el("th", {}, t("club.sheet.line")), el("th", {}, t("club.sheet.by")), el("th", {}))];
  for (const entry of sheet.entries) {
    const last = entry.history[entry.history.length - 1];
    const changed = entry.history.length > 1
      ? el("div", { class: "history" }, ...entry.history.slice(0, -1).map((h) =>
          el("div", {}, t("club.sheet.was", { by: h.by, at: clock(h.at) }))))
      : null;
    rows.push(el("tr", { class: entry.line ? "" : "withdrawn", "data-entry": entry.id },
      el("td", {}, entry.deal),
      el("td", {}, entry.line ? lineText(entry.line, entry.scored) : t("club.sheet.withdrawn"), changed),
      el("td", {}, `${last.by} ${clock(last.at)}`),
      el("td", {}, entry.line && sheet.night.status !== "closed"
        ? el("button", { type: "button", class: "small", onclick: () => { editing = entry; render(); } }, t("club.sheet.correct"))
        : null)));
  }
  for (const item of waiting) {
    rows.push(el("tr", { class: "pending" },
      el("td", {}, item.kind === "add" ? item.body.deal : item.deal),
      el("td", {}, item.body.line ? lineText(item.body.line, null) : t("club.sheet.withdrawn")),
      el("td", {}, t("club.sheet.pending")), el("td", {})));
  }
  $("lines").replaceChildren(...rows);
}

function showStand() {
  const box = $("standbox");
  if (!sheet) return;
  box.hidden = !box.hidden;
  $("stand").setAttribute("aria-expanded", String(!box.hidden));
  const game = sheet.night.game;
  let rows;
  if (game === "klaverjassen") {
    rows = [0, 1].map((team) => el("div", { class: "standrow" },
      el("span", {}, `${seatLabel(team)}: ${[team, team + 2].map((i) => sheet.seats[i].house ? t("club.house") : sheet.seats[i].name).join(" & ")}`),
      el("strong", {}, sheet.totals[team])));
  } else {
    rows = sheet.seats.map((s, i) => el("div", { class: "standrow" },
      el("span", {}, s.house ? t("club.house") : s.name), el("strong", {}, sheet.totals[i])));
  }
  box.replaceChildren(el("h2", {}, t(`club.stand.${game}`)), ...rows);
}

async function follow() {
  let seen = -1;
  for (;;) {
    if (!sheet) {
      await sleep(2000);
      continue;
    }
    try {
      const changes = await nextChange(sheet.night.id, seen);
      if (changes !== seen) {
        seen = changes;
        await load();
      }
    } catch {
      await sleep(2000);
    }
  }
}

async function main() {
  fillTexts();
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/web/mieke/sw.js", { scope: "/web/mieke/" }).catch(() => {});
    // On a first visit the sheet is loaded before the worker has the page, and a
    // reload without wifi then showed only "no connection" and not the lines waiting;
    // loaded again through the worker once it has the page, the reload shows them.
    navigator.serviceWorker.addEventListener("controllerchange", () => load());
  }
  $("form").addEventListener("submit", (e) => {
    e.preventDefault();
    submit(readLine());
  });
  $("stand").addEventListener("click", showStand);
  document.addEventListener("keydown", (e) => {
    if (e.key !== "Escape") return;
    if (editing) {
      cancelCorrection();
    } else if (!$("standbox").hidden) {
      showStand(); // closes it
      $("stand").focus();
    }
  });
  window.addEventListener("online", () => sync());
  window.addEventListener("offline", () => render());
  await load();
  await sync();
  setInterval(() => sync(), 5000);
  follow();
}

main();
