"""Live tables: one asyncio task per table with seats, clocks, versions, spectators and
the house (DESIGN.md, "Live tables"). :class:`~kroeg.tables.lobby.Lobby` holds them all."""
