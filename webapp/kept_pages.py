"""A page drawn once and kept, sent as text or gzip without being compressed again.

A kept page (`webapp.web.draw_kept`) is the same for every visitor but in a few places that
each request fills in: the forms' CSRF token and the one-time token of a creating form. It
is kept as the text between those places, each piece deflated once, ending on a byte
boundary. A gzip answer splices the pieces with this request's values in stored blocks: one
ordinary gzip member (RFC 1951 and 1952) that costs a CRC of the page, not a compression.

Each piece is deflated with what comes before it as its dictionary, as one stream would be,
so splicing costs no compression. A place's value is not known then, only its length: it
stands in the dictionary as that many NUL bytes, which no page contains, so that nothing
refers to it. A value of another length cannot be spliced; the page then goes as text.
"""

from __future__ import annotations

import re
import struct
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass

_GZIP_HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff"
"""A gzip member's header: deflate, no name, no time, the best compression, an unknown system."""
_LEVEL = 9
"""A piece is deflated once per page kept: the smallest answer is worth the time."""


_WINDOW = 1 << zlib.MAX_WBITS
"""How far back deflate refers (32 KB): the dictionary of a piece is at most this much."""


def _deflated(piece: bytes, before: bytes, *, last: bool) -> bytes:
    """Return ``piece``, which follows ``before``, as raw deflate blocks ending on a byte boundary."""
    deflater = zlib.compressobj(_LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS, zdict=before[-_WINDOW:])
    return deflater.compress(piece) + deflater.flush(zlib.Z_FINISH if last else zlib.Z_SYNC_FLUSH)


def _stored(value: bytes) -> bytes:
    """Return ``value`` as stored (uncompressed) deflate blocks, none of them final."""
    blocks = []
    for start in range(0, len(value), 0xFFFF):
        chunk = value[start:start + 0xFFFF]
        blocks.append(b"\x00" + struct.pack("<HH", len(chunk), len(chunk) ^ 0xFFFF) + chunk)
    return b"".join(blocks)


@dataclass(frozen=True, slots=True)
class KeptPage:
    """A page's text between the places a request fills in, as UTF-8 and deflated."""

    pieces: tuple[bytes, ...]
    """The text before the first place, between each two and after the last (one more than places)."""
    places: tuple[str, ...]
    """The stand-in drawn at each place, in order."""
    sizes: tuple[int, ...]
    """The length of each place's value (UTF-8 bytes) that the deflated pieces assume."""
    deflated: tuple[bytes, ...]

    @classmethod
    def of(cls, text: str, sizes: Mapping[str, int]) -> KeptPage:
        """Keep ``text``, whose places are marked by the stand-ins in ``sizes`` (strings no page
        contains), each with the length its values are going to have."""
        parts = re.split("(" + "|".join(map(re.escape, sizes)) + ")", text)
        pieces, places = tuple(part.encode() for part in parts[::2]), tuple(parts[1::2])
        lengths = tuple(sizes[place] for place in places)
        if any(b"\x00" in piece for piece in pieces):  # a value's stand-in in the dictionary would be ambiguous
            return cls(pieces, places, lengths, ())
        deflated, before = [], b""
        for piece, length in zip(pieces, [*lengths, None]):
            deflated.append(_deflated(piece, before, last=length is None))
            if length is not None:
                before = (before + piece + b"\x00" * length)[-_WINDOW:]
        return cls(pieces, places, lengths, tuple(deflated))

    def filled(self, fill: Callable[[str], str]) -> list[bytes]:
        """Return the value of each place, as ``fill`` gives it for its stand-in (called place by place)."""
        return [fill(stand_in).encode() for stand_in in self.places]

    def text(self, values: list[bytes]) -> bytes:
        """Return the page with ``values`` in its places, as UTF-8."""
        return b"".join(piece for pair in zip(self.pieces, [*values, b""]) for piece in pair)

    def gzip(self, values: list[bytes]) -> bytes | None:
        """Return the page with ``values`` in its places as one gzip member; None if a value is
        not of the length the pieces were deflated for (or the page could not be deflated so)."""
        if not self.deflated or any(len(value) != size for value, size in zip(values, self.sizes)):
            return None
        body, crc, length = [_GZIP_HEADER], 0, 0
        for piece, deflated, value in zip(self.pieces, self.deflated, [*values, b""]):
            body += (deflated, _stored(value)) if value else (deflated,)
            crc = zlib.crc32(value, zlib.crc32(piece, crc))
            length += len(piece) + len(value)
        body.append(struct.pack("<II", crc, length & 0xFFFFFFFF))
        return b"".join(body)
