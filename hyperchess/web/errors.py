"""The web board's refusals: each a one-line message, answered 400 (``BadInput``) or 403 (``NotAllowed``)."""
from __future__ import annotations


class BadInput(ValueError):
    """Input the board refuses; the message is one line."""


class NotAllowed(Exception):
    """A request the caller's link does not allow (a spectator's move, another seat's move): one line."""
