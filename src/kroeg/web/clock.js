// The clock ring around the seat the game waits for: one SVG circle whose visible part
// shrinks as the deadline comes closer. Deadlines are kept in local time, corrected for
// the server's clock with the `now` each message carries (docs/protocol.md, Conventions).

import { svg } from "./dom.js";
import { t } from "./i18n.js";

const R = 18;
const CIRCUMFERENCE = 2 * Math.PI * R;

/** A local deadline (ms since the epoch) from a server deadline and the server's now. */
export function localDeadline(deadline, serverNow) {
  if (deadline === null || deadline === undefined) return null;
  return Date.now() + (deadline - serverNow) * 1000;
}

export function ringSvg() {
  return svg(
    "svg",
    { class: "ring", viewBox: "0 0 40 40", "aria-hidden": "true" },
    svg("circle", { class: "track", cx: 20, cy: 20, r: R }),
    svg("circle", { class: "left", cx: 20, cy: 20, r: R, "stroke-dasharray": CIRCUMFERENCE, "stroke-dashoffset": 0 }),
  );
}

/** The clock shows its seconds in its last ten. */
const COUNTDOWN = 10;

/** Update one ring (and its seat's accessible label and countdown) for the time left. */
export function updateRing(ring, label, deadline, totalSeconds, countdown = null) {
  const left = ring.querySelector(".left");
  if (!deadline) {
    ring.style.visibility = "hidden";
    if (label) label.textContent = "";
    if (countdown) countdown.textContent = "";
    return;
  }
  const seconds = Math.max(0, (deadline - Date.now()) / 1000);
  const fraction = totalSeconds > 0 ? Math.min(1, seconds / totalSeconds) : 0;
  ring.style.visibility = "visible";
  left.setAttribute("stroke-dashoffset", String(CIRCUMFERENCE * (1 - fraction)));
  left.classList.toggle("hurry", seconds <= 10);
  if (label) label.textContent = t("seat.seconds_left", { n: Math.ceil(seconds) });
  if (countdown) countdown.textContent = seconds <= COUNTDOWN ? String(Math.ceil(seconds)) : "";
}
