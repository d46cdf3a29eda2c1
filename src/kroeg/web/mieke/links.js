// The organiser's sheet of links: per round and table who sits where (the house
// marked), the scorer's link and its QR code, to print and lay on the tables.

import { el, errorText, fillTexts, t } from "./common.js";

const nightId = decodeURIComponent(location.hash.slice(1));

async function main() {
  fillTexts();
  // The way back to the night's page (issue 32, bug 14: the sheet opened in its own tab).
  document.getElementById("back-night").href = `/clubs/avond/${encodeURIComponent(nightId)}`;
  const [night, links] = await Promise.all([
    fetch(`/api/clubs/nights/${encodeURIComponent(nightId)}`).then((r) => r.json().then((b) => [r, b])),
    fetch(`/api/clubs/nights/${encodeURIComponent(nightId)}/links`).then((r) => r.json().then((b) => [r, b])),
  ]);
  for (const [r, body] of [night, links]) {
    if (!r.ok) {
      const box = document.getElementById("message");
      box.textContent = errorText(body);
      box.hidden = false;
      return;
    }
  }
  const tokens = new Map(links[1].tables.map((x) => [`${x.round}/${x.number}`, x.token]));
  const rounds = night[1].schedule.map((round) => el("section", { class: "round" },
    el("h2", {}, t("club.stand.round", { n: round.round })),
    ...round.tables.map((table) => {
      const token = tokens.get(`${round.round}/${table.number}`);
      const href = `${location.origin}/web/mieke/sheet.html#${encodeURIComponent(token)}`;
      return el("div", { class: "tablecard" },
        el("h3", {}, t("club.links.table", { n: table.number })),
        el("ol", {}, ...table.seats.map((s) => el("li", { class: s.house ? "house" : "" }, s.house ? t("club.house") : s.name))),
        el("img", { class: "qr", alt: t("club.links.qr"), src: `/api/clubs/sheets/${encodeURIComponent(token)}/qr.svg` }),
        el("a", { href, class: "scorelink" }, t("club.links.open")));
    })));
  document.getElementById("rounds").replaceChildren(...rounds);
}

main();
