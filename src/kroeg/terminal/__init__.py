"""Terminal front-ends: play against the house, write and replay records."""
