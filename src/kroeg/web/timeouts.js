// The clock's two strikes (issue 32, bug 3; docs/protocol.md, "Clocks"): after a first
// timeout your next turn warns you (a sound, a buzz where the device has one, your seat's
// ring in red and a line where the prompt is); once the clock took you out, a screen says
// so and offers the next game instead of a turn that is no longer yours.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { playSound, vibrate } from "./sound.js";

/** Whether your next timeout takes you out: your seat's clock ran out once in a row and
 *  the game waits for you. */
export function lastChance(ctx, toAct) {
  if (ctx.you === null || !ctx.running) return false;
  const seat = ctx.seats[ctx.you];
  return Boolean(seat && !seat.out && seat.timeouts > 0 && (toAct || []).includes(ctx.you));
}

/** The warning as your turn starts: the alarm's notes and a long buzz on a phone. */
export function warn() {
  playSound("warning");
  vibrate([200, 100, 200]);
}

/** The line shown where the prompt is while your last chance runs. */
export function warningNote() {
  return h("span", { class: "prompt warning", id: "timeout-warning", role: "alert" }, t("timeout.warning"));
}

/** Whether `ev` takes this player out of the game: the `out` event names the player. */
export function outOfGame(ev, player) {
  return ev.kind === "out" && Boolean(player) && ev.player === player;
}

/**
 * The screen once you are out (`out.reason`: timeouts, left or away): what happened, that
 * the house plays your seat to the end, and the next game (the waiting list, so the table's
 * next game seats you) or the lobby. `actions`: {next, lobby, close, waiting}.
 */
export function outDialog(out, actions) {
  const reason = ["timeouts", "left", "away"].includes(out.reason) ? out.reason : "timeouts";
  return h(
    "div",
    { class: "result out-screen", role: "dialog", "aria-labelledby": "out-title" },
    h("h2", { id: "out-title" }, t("timeout.out_title")),
    h("p", {}, t(`timeout.out_${reason}`, { name: out.name })),
    h("p", {}, actions.waiting ? t("timeout.on_waitlist") : t("timeout.next_game")),
    h(
      "div",
      { class: "buttons" },
      actions.waiting ? null : h("button", { class: "btn primary", dataset: { control: "next-game" }, onclick: actions.next }, t("timeout.join_next")),
      h("a", { class: "btn", role: "button", href: "/", onclick: actions.lobby }, t("nav.lobby")),
      h("button", { class: "btn", onclick: actions.close }, t("timeout.watch")),
    ),
  );
}
