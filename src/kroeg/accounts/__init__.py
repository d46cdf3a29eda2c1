"""Accounts: registered players with a unique name, a password and passkeys, on the
player id they had as a guest (docs/accounts.md).

Other code asks :func:`of_player` and :func:`by_name` who is an account; the REST calls
are in kroeg.server.accounts_api.
"""

from kroeg.accounts.errors import AccountError
from kroeg.accounts.store import Account, by_name, of_player

__all__ = ["Account", "AccountError", "by_name", "of_player"]
