"""``first-contact``: L. Lynn Smith's First Contact (contract ``shared/rules/first-contact.md``): the rules
(``rules.py``), the names and move text (``notation.py``) and the picture (``picture.py``)."""
from .notation import DROP, PLACE, PLATFORM
from .rules import POSITION_88, FirstContact

__all__ = ["FirstContact", "DROP", "PLACE", "PLATFORM", "POSITION_88"]
