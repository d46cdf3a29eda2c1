"""Club nights and competitions (docs/clubs.md): who sits where each round, score sheets
checked by the games' own scoring, and the standings, as pure functions without I/O.

The server (``kroeg.server.clubs_api``) and the store (``kroeg.store.clubs``) call these;
nothing here reaches into a live table's state.
"""
