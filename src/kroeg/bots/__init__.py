"""The house's regulars: bots that see only what their seat may see (DESIGN.md, "Bots").

A bot gets its seat's ``view()``, the legal actions, a random source and a time
budget, and returns one of the legal actions; it never gets the state. Levels:

- ``random``: a uniformly random legal action (the arena's baseline);
- ``huis``: the game's own ``default()``, what the house plays for its own seats (a
  person whose clock ran out gets ``Game.timeout_action``);
- ``basis``: a rule-based player per game (:mod:`kroeg.bots.<game>.basis`);
- ``sterk``: determinised search (:mod:`kroeg.bots.<game>.sterk`).

:func:`kroeg.bots.levels.make_bot` builds one; :class:`kroeg.bots.pool.BotPool` runs
them in worker processes for the server; ``kroeg arena`` (:mod:`kroeg.bots.arena`)
measures them against each other.
"""
