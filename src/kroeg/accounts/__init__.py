"""Accounts: registered players with a unique name, a password and passkeys, on the
player id they had as a guest (docs/accounts.md).

Other code asks :func:`of_player` and :func:`by_name` who is an account; the REST calls
are in kroeg.server.accounts_api.
"""

from kroeg.accounts.directory import by_name
from kroeg.accounts.errors import AccountError
from kroeg.store.accounts import Account, kind_of, make_bot, of_player, set_invisible

__all__ = [
    "Account",
    "AccountError",
    "by_name",
    "kind_of",
    "make_bot",
    "of_player",
    "set_invisible",
]
