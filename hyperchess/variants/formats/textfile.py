"""Text files from outside (PGN, openings, position strings, match state, variants files) read one way: as
UTF-8, a byte-order mark accepted, and every failure one line naming the file (and, for bytes that are not
UTF-8, the offset of the first bad byte)."""
from __future__ import annotations

import codecs


class FileError(ValueError):
    """A file that cannot be read as text; the message is one line saying why."""


def decode_text(data: bytes, name: str) -> str:
    """``data`` as text: UTF-8, after an optional UTF-8 byte-order mark. Raises FileError."""
    skip = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
    try:
        return data[skip:].decode("utf-8")
    except UnicodeDecodeError as exc:
        offset = skip + exc.start
        raise FileError(f"{name}: not UTF-8 text (byte 0x{data[offset]:02x} at offset {offset})") from None


def read_text(path: str, limit: int = 1 << 28) -> str:
    """The text of the file at ``path`` (see :func:`decode_text`), at most ``limit`` bytes (a device that never
    ends, or a huge file, is refused rather than read). Raises FileError."""
    try:
        with open(path, "rb") as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        raise FileError(f"cannot read {path}: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise FileError(f"{path}: larger than {limit:,} bytes")
    return decode_text(data, path)


def shorten(text: str, limit: int = 300) -> str:
    """``text`` cut to ``limit`` characters (a message quoting a huge input stays readable)."""
    return text if len(text) <= limit else text[:limit - 1] + "\u2026"
