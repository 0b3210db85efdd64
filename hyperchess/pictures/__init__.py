"""Pictures of positions: ``render_svg(position, **options) -> str`` (see ``pictures.svg``)."""
from .svg import render_svg

__all__ = ["render_svg"]
