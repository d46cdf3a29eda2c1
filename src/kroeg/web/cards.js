// Cards drawn as SVG by the project. Notation as in RECORDS.md: rank then suit
// ("Th", "As"), jokers "X1"/"X2", a joker in a meld "X1=5h".
// Suit shapes live once in a hidden sprite; every card <use>s them, coloured by CSS
// variables so the four-colour deck is only a class on <body>.

import { svg } from "./dom.js";
import { t } from "./i18n.js";

export const SUITS = ["c", "d", "h", "s"];
const RANKS = "23456789TJQKA";

const SUIT_PATHS = {
  h: "M50 92C20 68 2 48 2 28C2 12 14 3 27 3C38 3 46 10 50 20C54 10 62 3 73 3C86 3 98 12 98 28C98 48 80 68 50 92Z",
  d: "M50 2L86 50L50 98L14 50Z",
  s: "M50 2C62 22 98 40 98 62C98 77 87 86 75 86C65 86 58 81 54 75C55 85 60 92 68 98L32 98C40 92 45 85 46 75C42 81 35 86 25 86C13 86 2 77 2 62C2 40 38 22 50 2Z",
  c: "M46 58C46 80 40 90 30 98L70 98C60 90 54 80 54 58Z",
};

/** The sprite with the four suit shapes; added to the page once. */
export function installSuitSprite() {
  if (document.getElementById("suit-sprite")) return;
  const symbols = SUITS.map((suit) => {
    const shapes = [svg("path", { d: SUIT_PATHS[suit] })];
    if (suit === "c") {
      shapes.push(
        svg("circle", { cx: 50, cy: 27, r: 22 }),
        svg("circle", { cx: 25, cy: 58, r: 22 }),
        svg("circle", { cx: 75, cy: 58, r: 22 }),
      );
    }
    return svg("symbol", { id: `suit-${suit}`, viewBox: "0 0 100 100" }, shapes);
  });
  const sprite = svg("svg", { id: "suit-sprite", width: 0, height: 0, "aria-hidden": "true", style: "position:absolute" }, svg("defs", {}, symbols));
  document.body.prepend(sprite);
}

/** {code, rank, suit, joker, standsFor} for a card notation. */
export function parseCard(code) {
  const [base, stands] = code.split("=");
  if (base === "X1" || base === "X2") {
    return { code, base, joker: true, rank: null, suit: null, standsFor: stands ? parseCard(stands) : null };
  }
  return { code, base, joker: false, rank: base.slice(0, -1), suit: base.slice(-1), standsFor: null };
}

export function rankIndex(rank) {
  return RANKS.indexOf(rank);
}

export function rankLabel(rank) {
  return t(`rank.${rank}`);
}

export function suitSymbol(suit) {
  return { c: "♣", d: "♦", h: "♥", s: "♠" }[suit];
}

/** The spoken name of a card: "harten tien", "joker als schoppen vijf". */
export function cardName(code) {
  const card = parseCard(code);
  if (card.joker) {
    return card.standsFor ? t("card.joker_as", { card: cardName(card.standsFor.code) }) : t("card.joker");
  }
  return t("card.name", { suit: t(`suit.${card.suit}`), rank: t(`rankname.${card.rank}`) });
}

/** The short face of a card for text: "♥10", "♣B", "Joker". */
export function cardShort(code) {
  const card = parseCard(code);
  if (card.joker) return card.standsFor ? `${t("card.joker")}=${cardShort(card.standsFor.code)}` : t("card.joker");
  return suitSymbol(card.suit) + rankLabel(card.rank);
}

function pip(suit, x, y, size, flip = false) {
  const attrs = { href: `#suit-${suit}`, x: x - size / 2, y: y - size / 2, width: size, height: size, class: `suit suit-${suit}` };
  if (flip) attrs.transform = `rotate(180 ${x} ${y})`;
  return svg("use", attrs);
}

function corner(card, flip) {
  const group = svg(
    "g",
    flip ? { transform: "rotate(180 30 42)" } : {},
    svg("text", { x: 7.5, y: 14, class: `rank suit-${card.suit}`, "text-anchor": "middle" }, rankLabel(card.rank)),
    pip(card.suit, 7.5, 21, 8),
  );
  return group;
}

/** An SVG picture of a face-up card (60 × 84 user units; CSS sizes it). */
export function cardSvg(code) {
  const card = parseCard(code);
  const parts = [svg("rect", { x: 0.75, y: 0.75, width: 58.5, height: 82.5, rx: 5, class: "face" })];
  if (card.joker) {
    const tone = card.base === "X1" ? "joker-red" : "joker-black";
    parts.push(
      svg("text", { x: 30, y: 38, class: `joker-star ${tone}`, "text-anchor": "middle" }, "★"),
      svg("text", { x: 30, y: 56, class: `joker-word ${tone}`, "text-anchor": "middle" }, t("card.joker").toUpperCase()),
    );
    if (card.standsFor) {
      const target = card.standsFor;
      parts.push(
        svg("rect", { x: 14, y: 62, width: 32, height: 16, rx: 3, class: "joker-badge" }),
        svg("text", { x: 24, y: 74, class: `rank small suit-${target.suit}`, "text-anchor": "middle" }, rankLabel(target.rank)),
        pip(target.suit, 37, 70, 9),
      );
    }
  } else {
    parts.push(corner(card, false), corner(card, true));
    if ("JQK".includes(card.rank)) {
      parts.push(
        svg("rect", { x: 15, y: 17, width: 30, height: 50, rx: 3, class: `court suit-${card.suit}` }),
        svg("text", { x: 30, y: 47, class: `court-letter suit-${card.suit}`, "text-anchor": "middle" }, rankLabel(card.rank)),
        pip(card.suit, 30, 58, 10),
      );
    } else {
      parts.push(pip(card.suit, 30, 42, card.rank === "A" ? 30 : 24));
    }
  }
  return svg("svg", { viewBox: "0 0 60 84", class: "card-svg", "aria-hidden": "true", focusable: "false" }, parts);
}

/** The back of a card: what everyone sees of a hidden card. */
export function cardBackSvg() {
  return svg(
    "svg",
    { viewBox: "0 0 60 84", class: "card-svg", "aria-hidden": "true", focusable: "false" },
    svg("rect", { x: 0.75, y: 0.75, width: 58.5, height: 82.5, rx: 5, class: "back" }),
    svg("rect", { x: 5, y: 5, width: 50, height: 74, rx: 3, class: "back-inner" }),
    svg("text", { x: 30, y: 48, class: "back-mark", "text-anchor": "middle" }, "K"),
  );
}
