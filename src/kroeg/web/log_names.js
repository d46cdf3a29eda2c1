// Who held each seat when a log line's event happened (issue 32, bug 2): a line names the
// player who made the move then, not whoever sits there now, so a seat that changes hands
// (a friend in a house seat, a player taken out by the clock) never rewrites the past.

/** The names of `seats` (a frame's or an event's seat list), by seat. */
export function seatNames(seats) {
  return Array.isArray(seats) ? seats.map((s) => s?.name ?? null) : [];
}

/**
 * The names of one frame's events as they arrive: `known` are the seats' names when the
 * frame began (kept from frame to frame: a frame re-sent after a resume, or one of a run of
 * house moves, has no seats of its own), `after` the frame's own seats or null. A `sit` or a
 * `game_start` names the seats from then on; after an `out` or a `stand` the seat is the
 * house's, named as the frame's seats name it (null: not known yet, the line then names
 * the seat's holder when it is drawn). Returns the names for each event, in order, and
 * the names known after the frame.
 */
export function frameNames(events, known, after) {
  const names = [...known];
  const each = events.map((ev) => {
    if (ev.kind === "game_start" && Array.isArray(ev.seats)) names.splice(0, names.length, ...seatNames(ev.seats));
    if (ev.kind === "sit") names[ev.seat] = ev.name;
    const now = [...names];
    if (ev.kind === "out" || ev.kind === "stand") names[ev.seat] = after?.[ev.seat]?.name ?? null;
    return now;
  });
  return { each, after: Array.isArray(after) ? seatNames(after) : names };
}

/**
 * The names for a restored log (a snapshot's `log`, oldest first), whose frames carried
 * no seats. Walked back from the seats as they are now, an `out` gives its seat back to
 * the player it names (so a player taken out keeps their name on their past lines); walked
 * forward from a `game_start`, the seats are named as the game began and each `sit` since.
 * The forward name wins where both know one; null where neither does (the line then names
 * the seat's present holder).
 */
export function restoredNames(events, current) {
  const back = [...current];
  const backward = new Array(events.length);
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const ev = events[i];
    if (ev.kind === "out" && ev.name) back[ev.seat] = ev.name;
    backward[i] = [...back];
    if (ev.kind === "sit") back[ev.seat] = null; // who sat there before is not known
  }
  let forward = [];
  return events.map((ev, i) => {
    if (ev.kind === "game_start" && Array.isArray(ev.seats)) forward = seatNames(ev.seats);
    if (ev.kind === "sit") forward[ev.seat] = ev.name;
    const names = backward[i].map((name, seat) => forward[seat] ?? name);
    if (ev.kind === "out" || ev.kind === "stand") forward[ev.seat] = null;
    return names;
  });
}

/** A context whose `name(seat)` is the name the seat had for this entry, else today's. */
export function namedContext(ctx, names) {
  if (!names) return ctx;
  return { ...ctx, name: (seat) => names[seat] ?? ctx.name(seat) };
}
