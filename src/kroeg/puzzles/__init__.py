"""Puzzles from real deals (docs/puzzles.md): positions of finished games where one card
is clearly best, mined with the exact solver (:mod:`.klaverjassen`), and the rating of
players and puzzles against each other (:mod:`.rating`). Pure: no database, no server;
the store is :mod:`kroeg.store.puzzles`, the REST :mod:`kroeg.server.puzzles_api`."""
