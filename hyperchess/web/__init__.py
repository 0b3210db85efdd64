"""The local web board: ``hyperchess serve`` (``web.server``), one game per browser tab (``web.session``)."""
