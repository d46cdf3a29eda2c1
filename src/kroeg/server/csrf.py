"""The CSRF token: what a page of ours sends with every REST call that changes state
with the cookie (docs/security.md, "CSRF").

The token is derived from the session's own token (an HMAC keyed by it), so it needs no
storage, changes whenever the session does (a login rotates both) and says nothing of
the session token: reading it (it is in a cookie that scripts may read, ``kroeg_csrf``)
does not let anyone sign in. Another site's page can neither read that cookie nor set
the header, so a forged form or ``fetch`` fails even where SameSite and the origin
check do not stop it (an old browser, a sibling subdomain).
"""

from __future__ import annotations

import base64
import hashlib
import hmac

CSRF_COOKIE = "kroeg_csrf"
CSRF_HEADER = "x-csrf-token"


def csrf_token(session_token: str) -> str:
    """The CSRF token that goes with a session token."""
    key = session_token.encode("utf-8", "surrogatepass")
    digest = hmac.new(key, b"kroeg csrf", hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def csrf_matches(session_token: str, sent: str | None) -> bool:
    """Whether ``sent`` (the request's header) is the session token's CSRF token."""
    if not sent or not sent.isascii():
        return False
    return hmac.compare_digest(sent, csrf_token(session_token))
