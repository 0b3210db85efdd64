"""``first-contact``: L. Lynn Smith's First Contact (contract ``shared/rules/first-contact.md``): the rules
(``rules.py``), the names and move text (``notation.py``) and the picture (``picture.py``)."""
from hyperchess.variants.games.first_contact.notation import DROP, PLACE, PLATFORM
from hyperchess.variants.games.first_contact.rules import POSITION_88, FirstContact

__all__ = ["FirstContact", "DROP", "PLACE", "PLATFORM", "POSITION_88"]
