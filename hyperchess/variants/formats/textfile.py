"""Text files from outside (PGN, openings, position strings, match state, variants files) read one way: a
regular file only, as UTF-8, a byte-order mark accepted, and every failure one line naming the file (and, for
bytes that are not UTF-8, the offset of the first bad byte)."""
from __future__ import annotations

import codecs
import errno
import os
import stat

# what a path that is not a regular file turned out to be, for the refusal's line
KINDS = {stat.S_IFIFO: "a named pipe", stat.S_IFCHR: "a device", stat.S_IFBLK: "a device",
         stat.S_IFSOCK: "a socket"}


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
    """The text of the regular file at ``path`` (see :func:`decode_text`), at most ``limit`` bytes (a huge file
    is refused rather than read). Anything else, a named pipe, a device, a folder, is refused at once: a named
    pipe with no writer blocked the reader for ever (an engine given one as VariantPath answered nothing), a
    device that never ends was read to the limit. The file is opened without blocking and its kind read from
    the open file, so nothing can take its place between the check and the read. Raises FileError."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise FileError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise FileError(f"cannot read {path}: {os.strerror(errno.EISDIR)}")
        if not stat.S_ISREG(mode):
            raise FileError(f"{path}: not a regular file ({KINDS.get(stat.S_IFMT(mode), 'not a file')})")
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        raise FileError(f"cannot read {path}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise FileError(f"{path}: larger than {limit:,} bytes")
    return decode_text(data, path)


def shorten(text: str, limit: int = 300) -> str:
    """``text`` cut to ``limit`` characters (a message quoting a huge input stays readable)."""
    return text if len(text) <= limit else text[:limit - 1] + "\u2026"
