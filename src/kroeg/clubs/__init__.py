"""Club nights and competitions (docs/clubs.md): who sits where each round, score sheets
checked by the games' own scoring, and the standings, as pure functions without I/O
(schedule, sheets, standings, online, quotas); and the service over the store that the
API's club routes call (:mod:`kroeg.clubs.service`). Nothing here imports the web layer.
"""
