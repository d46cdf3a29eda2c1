// The player's own choices, kept in localStorage: display name, language, deck colours,
// sound, and the accessibility choices (docs/accessibility.md): large cards, high
// contrast, and more thinking time at their tables (the table's clock doubled).

const KEY = "kroeg.settings";

const defaults = { name: "", lang: "nl", fourColour: false, sound: true, largeCards: false, highContrast: false, moreTime: false };

let current = load();
const listeners = new Set();

function load() {
  try {
    return { ...defaults, ...JSON.parse(localStorage.getItem(KEY) || "{}") };
  } catch {
    return { ...defaults };
  }
}

export function settings() {
  return current;
}

export function updateSettings(changes) {
  current = { ...current, ...changes };
  localStorage.setItem(KEY, JSON.stringify(current));
  for (const fn of listeners) fn(current);
}

export function onSettings(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
