"""Accounts, sessions, passkeys, ratings, follows and blocks (docs/accounts.md)."""
