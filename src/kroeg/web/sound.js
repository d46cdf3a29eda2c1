// Short sounds the client makes itself with the Web Audio API (no sound files): your turn,
// a card played, a knock, the clock's last seconds, a coin lost; and a short vibration on
// your turn where the device has one. "Geluid" in the top bar (settings.sound) mutes both.

import { settings } from "./settings.js";

/** Each sound as notes: frequency (Hz), start and length (s), the oscillator's wave. */
const SOUNDS = {
  turn: [
    { freq: 660, at: 0, length: 0.12, wave: "sine" },
    { freq: 880, at: 0.12, length: 0.18, wave: "sine" },
  ],
  card: [{ freq: 240, at: 0, length: 0.06, wave: "triangle" }],
  knock: [
    { freq: 110, at: 0, length: 0.07, wave: "square" },
    { freq: 110, at: 0.15, length: 0.07, wave: "square" },
  ],
  tick: [{ freq: 1200, at: 0, length: 0.04, wave: "sine" }],
  coin: [
    { freq: 988, at: 0, length: 0.1, wave: "sine" },
    { freq: 1319, at: 0.1, length: 0.3, wave: "sine" },
  ],
  // Your last chance before a second timeout takes you out (timeouts.js): three sharp beeps.
  warning: [
    { freq: 1500, at: 0, length: 0.12, wave: "sawtooth" },
    { freq: 1500, at: 0.2, length: 0.12, wave: "sawtooth" },
    { freq: 1500, at: 0.4, length: 0.12, wave: "sawtooth" },
  ],
};

let context = null;

function audio() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return null;
  context ??= new Context();
  // A browser starts audio suspended until the page has been touched; resuming is allowed then.
  if (context.state === "suspended") context.resume().catch(() => {});
  return context;
}

export function playSound(name) {
  const notes = SOUNDS[name];
  if (!notes || !settings().sound) return;
  const a = audio();
  if (!a) return;
  const now = a.currentTime;
  for (const note of notes) {
    const osc = a.createOscillator();
    const gain = a.createGain();
    osc.type = note.wave;
    osc.frequency.value = note.freq;
    const start = now + note.at;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.2, start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + note.length);
    osc.connect(gain).connect(a.destination);
    osc.start(start);
    osc.stop(start + note.length + 0.02);
  }
}

/** A phone or tablet: touch is how it is used (a desktop browser may have `vibrate` too). */
function onPhone() {
  return typeof navigator.vibrate === "function" && window.matchMedia("(pointer: coarse)").matches;
}

/** A buzz (ms, or a pattern) on a phone, unless "Geluid" is off. */
export function vibrate(pattern) {
  if (settings().sound && onPhone()) navigator.vibrate(pattern);
}

/** Your turn: the chime, and on a phone a short buzz. */
export function yourTurn() {
  playSound("turn");
  vibrate(60);
}
