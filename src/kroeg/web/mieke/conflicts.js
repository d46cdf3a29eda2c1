// The lines of this phone that lost a conflict: another phone wrote the same deal
// first. Each stays here as a draft (in localStorage, so a reload or a closed tab keeps
// it) until Mieke corrects the sheet with it or throws it away (issue 32, point 7).

const key = (token) => `kroeg.mieke.conflicts.${token}`;

/** The drafts of one table, oldest first: [{id, deal, line}]. */
export function of(token) {
  try {
    return JSON.parse(localStorage.getItem(key(token)) || "[]");
  } catch {
    return [];
  }
}

function save(token, drafts) {
  if (drafts.length) localStorage.setItem(key(token), JSON.stringify(drafts));
  else localStorage.removeItem(key(token));
}

export function keep(token, draft) {
  save(token, [...of(token).filter((d) => d.id !== draft.id), draft]);
}

export function drop(token, id) {
  save(token, of(token).filter((d) => d.id !== id));
}
