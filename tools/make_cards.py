#!/usr/bin/env python3
"""Draw Kiebitz's playing cards as SVG files (standard library only).

Writes ``webapp/static/cards/{french,four-colour,colour-safe,german}/{CARD}.svg`` and
``webapp/static/cards/back.svg``, where ``{CARD}`` is the engine notation: suit
letter ``C S H D`` and rank ``7 8 9 T J Q K A`` (``CJ.svg``, ``HT.svg``).

Every card shares one canvas (``viewBox="0 0 240 336"``, 5:7) so that cards of
all three decks can replace each other in any layout. Letters and digits are drawn
as stroked paths, not text, so the cards look the same with or without fonts and
nothing is loaded from anywhere. Each file is self-contained: the only references
are ``href="#id"`` to its own ``<defs>``.

Run ``python tools/make_cards.py`` from the project root; ``--out DIR`` writes
elsewhere (the tests use it to check the committed files are up to date).
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterable
from pathlib import Path

W, H = 240, 336
CX, CY = W / 2, H / 2
SUITS = "CSHD"  # clubs/acorns, spades/leaves, hearts, diamonds/bells
RANKS = "789TJQKA"
ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "webapp" / "static" / "cards"

BORDER = "#5f5f5f"
GOLD, GOLD_DARK = "#e7b52c", "#8a6410"
SKIN, SKIN_LINE = "#f4d3b0", "#6e4a2e"
HAIR = "#5a3b1f"
LINE = "#2b2b2b"

# --------------------------------------------------------------------------
# Small helpers


def num(x: float) -> str:
    """Format a coordinate compactly (no trailing zeros)."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def attrs(**kw: object) -> str:
    """Render keyword arguments as SVG attributes (``stroke_width`` → ``stroke-width``)."""
    parts = []
    for key, value in kw.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        if isinstance(value, float):
            value = num(value)
        parts.append(f'{name}="{value}"')
    return " ".join(parts)


def el(tag: str, **kw: object) -> str:
    return f"<{tag} {attrs(**kw)}/>"


def use(ref: str, x: float, y: float, scale: float = 1.0, rotate: float = 0) -> str:
    """Place the definition ``#ref`` centred at (x, y)."""
    t = f"translate({num(x)} {num(y)})"
    if rotate:
        t += f" rotate({num(rotate)})"
    if scale != 1:
        t += f" scale({num(scale)})"
    return f'<use href="#{ref}" transform="{t}"/>'


def flip(ref: str) -> str:
    """Repeat ``#ref`` turned half round the card's centre (the other end of the card)."""
    return f'<use href="#{ref}" transform="rotate(180 {num(CX)} {num(CY)})"/>'


def compact(svg: str) -> str:
    """Squeeze whitespace out of a path-heavy document."""
    svg = re.sub(r"\s*\n\s*", "", svg)
    svg = re.sub(r" {2,}", " ", svg)
    return svg


# --------------------------------------------------------------------------
# Letters and digits, drawn as strokes in a box 100 units high (y grows down).
# Each glyph is (width, path). Strokes have round caps, so they read as a bold
# rounded sans-serif at any size.

GLYPHS: dict[str, tuple[float, str]] = {
    "A": (66, "M0 100L33 0L66 100M14 66H52"),
    "K": (58, "M0 0V100M57 0L2 62M22 40L59 100"),
    "Q": (66, "M33 0C52 0 66 22 66 50C66 78 52 100 33 100C14 100 0 78 0 50C0 22 14 0 33 0ZM40 70L66 102"),
    "J": (50, "M50 0V66C50 88 40 100 25 100C10 100 0 90 0 74"),
    "U": (60, "M0 0V62C0 88 12 100 30 100C48 100 60 88 60 62V0"),
    "O": (66, "M33 0C52 0 66 22 66 50C66 78 52 100 33 100C14 100 0 78 0 50C0 22 14 0 33 0Z"),
    "D": (60, "M0 0V100H18C45 100 60 80 60 50C60 20 45 0 18 0Z"),
    "1": (30, "M0 22L28 0V100"),
    "0": (54, "M27 0C44 0 54 22 54 50C54 78 44 100 27 100C10 100 0 78 0 50C0 22 10 0 27 0Z"),
    "7": (58, "M0 0H58C40 28 26 60 22 100"),
    "8": (58, "M29 0C16 0 7 10 7 23C7 36 16 46 29 46C42 46 51 36 51 23C51 10 42 0 29 0Z"
              "M29 46C13 46 0 57 0 73C0 89 13 100 29 100C45 100 58 89 58 73C58 57 45 46 29 46Z"),
    "9": (58, "M29 0C13 0 1 12 1 31C1 50 13 62 29 62C44 62 57 50 57 31C57 12 45 0 29 0Z"
              "M57 31C57 70 46 100 20 100C12 100 6 98 2 94"),
}
GLYPH_GAP = 14


def glyph_run(text: str, cx: float, top: float, height: float, colour: str,
              weight: float = 17, squeeze: float = 1.0) -> str:
    """Draw ``text`` centred on ``cx`` with its top at ``top``."""
    s = height / 100
    widths = [GLYPHS[ch][0] for ch in text]
    total = sum(widths) + GLYPH_GAP * (len(text) - 1)
    x = -total / 2
    paths = []
    for ch, w in zip(text, widths):
        paths.append(f'<path transform="translate({num(x)} 0)" d="{GLYPHS[ch][1]}"/>' if x else
                     f'<path d="{GLYPHS[ch][1]}"/>')
        x += w + GLYPH_GAP
    sx = s * squeeze
    return (f'<g transform="translate({num(cx)} {num(top)}) scale({num(sx)} {num(s)})" fill="none" '
            f'stroke="{colour}" stroke-width="{num(weight)}" stroke-linecap="round" '
            f'stroke-linejoin="round">{"".join(paths)}</g>')


# The König's index on the German deck: a crown, which needs no language.
CROWN = ("M-32 40L-36-14L-16 8L0-30L16 8L36-14L32 40Z")


def crown_index(cx: float, top: float, height: float, colour: str) -> str:
    s = height / 80
    return (f'<g transform="translate({num(cx)} {num(top + height / 2)}) scale({num(s)})">'
            f'<path d="{CROWN}" fill="{colour}" stroke="{colour}" stroke-width="8" '
            f'stroke-linejoin="round"/>'
            f'<circle cx="-36" cy="-20" r="7" fill="{colour}"/><circle cx="0" cy="-36" r="7" fill="{colour}"/>'
            f'<circle cx="36" cy="-20" r="7" fill="{colour}"/></g>')


# --------------------------------------------------------------------------
# Suit signs, each centred on (0, 0) and about 100 units tall.

HEART = ("M0 46C-9 33-50 9-50-19C-50-38-38-48-25-48C-12-48-3-40 0-28"
         "C3-40 12-48 25-48C38-48 50-38 50-19C50 9 9 33 0 46Z")
DIAMOND = "M0-50C9-32 24-14 40 0C24 14 9 32 0 50C-9 32-24 14-40 0C-24-14-9-32 0-50Z"
SPADE = ("M0-50C8-32 50-14 50 14C50 31 38 41 25 41C14 41 7 36 3 30C4 40 9 47 19 52H-19"
         "C-9 47-4 40-3 30C-7 36-14 41-25 41C-38 41-50 31-50 14C-50-14-8-32 0-50Z")
CLUB = ("M-21-25a21 21 0 1 0 42 0a21 21 0 1 0-42 0Z"
        "M-46 10a21 21 0 1 0 42 0a21 21 0 1 0-42 0Z"
        "M4 10a21 21 0 1 0 42 0a21 21 0 1 0-42 0Z"
        "M0-12L-17 16H17Z"
        "M-4 12C-4 32-9 44-19 52H19C9 44 4 32 4 12Z")
FRENCH_SIGNS = {"C": CLUB, "S": SPADE, "H": HEART, "D": DIAMOND}


def french_sign_def(suit: str, colour: str, outline: str | None = None) -> str:
    extra = f' stroke="{outline}" stroke-width="3" stroke-linejoin="round"' if outline else ""
    return f'<path id="p" d="{FRENCH_SIGNS[suit]}" fill="{colour}"{extra}/>'


# German signs are drawn in colour, as on Prague-pattern cards.
ACORN_NUT, ACORN_CUP, ACORN_INK = "#d9a23a", "#7a4b12", "#5b3509"
LEAF, LEAF_DARK, LEAF_VEIN = "#2f8f3a", "#1a5a22", "#bfe6b5"
GHEART, GHEART_DARK = "#d7261e", "#8e1212"
BELL, BELL_DARK, BELL_BAND = "#f2b705", "#8a5a00", "#c8302a"


def acorn() -> str:
    return (
        '<g id="p">'
        f'<path d="M-3 30C-4 40-8 46-15 52L-9 55C-2 49 2 42 4 32Z" fill="{ACORN_CUP}"/>'
        f'<path d="M0-54C4-54 6-50 8-47C24-41 32-23 32-3H-32C-32-23-24-41-8-47C-6-50-4-54 0-54Z" '
        f'fill="{ACORN_NUT}" stroke="{ACORN_INK}" stroke-width="3"/>'
        f'<path d="M-14-38C-20-30-23-20-23-8" fill="none" stroke="#f6dc9c" stroke-width="5" '
        'stroke-linecap="round"/>'
        f'<path d="M-37-6C-37 21-21 34 0 34C21 34 37 21 37-6Z" fill="{ACORN_CUP}" '
        f'stroke="{ACORN_INK}" stroke-width="3" stroke-linejoin="round"/>'
        '<path d="M-30 4L-10 30M-14-4L12 31M2-4L27 24M18-4L34 12M-34 14L-22-4M-24 26L-2-4M-6 33L18-4'
        'M12 32L33-2" stroke="#a8773a" stroke-width="2.5" fill="none"/>'
        "</g>"
    )


def leaf() -> str:
    return (
        '<g id="p">'
        f'<path d="M0 28C1 38 5 46 12 53" fill="none" stroke="{LEAF_DARK}" stroke-width="6" '
        'stroke-linecap="round"/>'
        f'<path d="M0-52C10-40 22-34 30-24C40-12 47 0 46 14C45 30 32 40 18 40C10 40 4 37 0 32'
        f'C-4 37-10 40-18 40C-32 40-45 30-46 14C-47 0-40-12-30-24C-22-34-10-40 0-52Z" '
        f'fill="{LEAF}" stroke="{LEAF_DARK}" stroke-width="3" stroke-linejoin="round"/>'
        f'<path d="M0-42V32M0-22L-14-30M0-22L14-30M0-4L-25-14M0-4L25-14M0 14L-32 6M0 14L32 6" '
        f'fill="none" stroke="{LEAF_VEIN}" stroke-width="3" stroke-linecap="round"/>'
        "</g>"
    )


def german_heart() -> str:
    return (
        '<g id="p">'
        f'<path d="{HEART}" fill="{GHEART}" stroke="{GHEART_DARK}" stroke-width="3" '
        'stroke-linejoin="round"/>'
        '<path d="M-33-30C-28-38-18-38-14-32" fill="none" stroke="#fff" stroke-opacity=".55" '
        'stroke-width="6" stroke-linecap="round"/>'
        "</g>"
    )


def bell() -> str:
    return (
        '<g id="p">'
        f'<circle cx="0" cy="-42" r="7" fill="none" stroke="{BELL_DARK}" stroke-width="4"/>'
        f'<circle cx="0" cy="4" r="40" fill="{BELL}" stroke="{BELL_DARK}" stroke-width="3"/>'
        f'<path d="M-39-6H39C40-2 40 10 39 14H-39C-40 10-40-2-39-6Z" fill="{BELL_BAND}" '
        f'stroke="{BELL_DARK}" stroke-width="2"/>'
        '<path d="M-20-22C-16-28-10-31-4-32" fill="none" stroke="#fff" stroke-opacity=".6" '
        'stroke-width="5" stroke-linecap="round"/>'
        f'<path d="M0 20V40" stroke="{BELL_DARK}" stroke-width="6" stroke-linecap="round"/>'
        f'<circle cx="0" cy="22" r="7" fill="{BELL_DARK}"/>'
        f'<circle cx="0" cy="22" r="3.2" fill="{BELL}"/>'
        "</g>"
    )


GERMAN_SIGNS = {"C": acorn, "S": leaf, "H": german_heart, "D": bell}


# --------------------------------------------------------------------------
# Palettes

class Palette:
    """The colours of one suit in one deck."""

    def __init__(self, ink: str, robe: str, robe2: str, outline: str | None = None):
        self.ink = ink          # index, pips
        self.robe = robe        # main colour of a figure's clothes
        self.robe2 = robe2      # second colour of a figure's clothes
        self.outline = outline  # thin edge for light pips


RED, BLACK, BLUE = "#c8102e", "#1a1a1a", "#2c5aa0"
GREEN, ORANGE, ORANGE_INK = "#178a3a", "#e08a00", "#b86a00"
SAFE_BLUE = "#1d5fc8"
"""Spades of the colour-safe faces: the four-colour deck's green and red look alike to a red-green
colour-blind eye (CIELAB distance 12 under simulated deuteranopia); this blue stays 30 or more
from black, red and orange under deuteranopia and protanopia alike."""

PALETTES = {
    "french": {
        "C": Palette(BLACK, BLUE, RED),
        "S": Palette(BLACK, "#33343a", BLUE),
        "H": Palette(RED, RED, BLUE),
        "D": Palette(RED, RED, "#33343a"),
    },
    "four-colour": {
        "C": Palette(BLACK, "#33343a", GOLD),
        "S": Palette(GREEN, GREEN, GOLD),
        "H": Palette(RED, RED, GOLD),
        "D": Palette(ORANGE, ORANGE, BLUE, outline="#9a5800"),
    },
    # High contrast: the four-colour deck with blue spades, for French-suited cards.
    "colour-safe": {
        "C": Palette(BLACK, "#33343a", GOLD),
        "S": Palette(SAFE_BLUE, SAFE_BLUE, GOLD),
        "H": Palette(RED, RED, GOLD),
        "D": Palette(ORANGE, ORANGE, BLUE, outline="#9a5800"),
    },
    "german": {
        "C": Palette(ACORN_CUP, "#8a5a2b", "#2c5aa0"),
        "S": Palette("#1f7a2e", "#2f7d3a", "#c8302a"),
        "H": Palette("#c8102e", "#c8302a", "#2c5aa0"),
        "D": Palette("#a86400", "#d99a12", "#2f7d3a"),
    },
}
# Index colour where the pip colour itself is too light on white.
INDEX_INK = {("four-colour", "D"): ORANGE_INK, ("colour-safe", "D"): ORANGE_INK}


# --------------------------------------------------------------------------
# The card's frame and corner indices

def face(defs: str, body: Iterable[str]) -> str:
    return compact(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}">'
        f"<defs>{defs}</defs>"
        f'<rect x="1.5" y="1.5" width="{W - 3}" height="{H - 3}" rx="14" fill="#fff" '
        f'stroke="{BORDER}" stroke-width="3"/>'
        + "".join(body)
        + "</svg>\n"
    )


INDEX_X, INDEX_TOP, INDEX_H = 30, 12, 52
INDEX_SIGN_Y, INDEX_SIGN = 97, 0.44


def index(rank_token: str, colour: str, sign_scale: float = INDEX_SIGN) -> str:
    """The top-left corner index: the rank above the suit sign (flipped for bottom-right)."""
    if rank_token == "crown":
        top = crown_index(INDEX_X, INDEX_TOP + 2, INDEX_H - 4, colour)
    else:
        squeeze = 0.78 if len(rank_token) > 1 else 1.0
        top = glyph_run(rank_token, INDEX_X, INDEX_TOP, INDEX_H, colour, squeeze=squeeze)
    return f'<g id="i">{top}{use("p", INDEX_X, INDEX_SIGN_Y, sign_scale)}</g>' + flip("i")


# --------------------------------------------------------------------------
# Pip cards

COL_L, COL_R = 80, 160
ROWS3 = (72, 168, 264)
ROWS4 = (72, 136, 200, 264)


def pip_positions(rank: str) -> list[tuple[float, float]]:
    if rank == "7":
        grid = [(x, y) for y in ROWS3 for x in (COL_L, COL_R)]
        return grid + [(CX, 120)]
    if rank == "8":
        grid = [(x, y) for y in ROWS3 for x in (COL_L, COL_R)]
        return grid + [(CX, 120), (CX, 216)]
    if rank == "9":
        grid = [(x, y) for y in ROWS4 for x in (COL_L, COL_R)]
        return grid + [(CX, CY)]
    if rank == "T":
        grid = [(x, y) for y in ROWS4 for x in (COL_L, COL_R)]
        return grid + [(CX, 104), (CX, 232)]
    raise ValueError(rank)


def french_pips(rank: str) -> list[str]:
    out = []
    for x, y in pip_positions(rank):
        out.append(use("p", x, y, 0.4, 180 if y > CY else 0))
    return out


def german_pip_positions(rank: str) -> list[tuple[float, float]]:
    # German pips stand upright (stems down), in two columns like Prague-pattern cards.
    if rank == "7":
        return [(COL_L, 70), (COL_R, 70), (CX, 128), (COL_L, 190), (COL_R, 190),
                (COL_L, 266), (COL_R, 266)]
    if rank == "8":
        return [(x, y) for y in ROWS4 for x in (COL_L, COL_R)]
    if rank == "9":
        return [(x, y) for y in ROWS4 for x in (COL_L - 3, COL_R + 3)] + [(CX, CY)]
    if rank == "T":
        return [(x, y) for y in (64, 122, 180, 238, 292) for x in (COL_L, COL_R)]
    raise ValueError(rank)


def german_pips(rank: str) -> list[str]:
    scale = 0.44 if rank in "9T" else 0.5
    return [use("p", x, y, scale) for x, y in german_pip_positions(rank)]


# --------------------------------------------------------------------------
# French court cards: a framed, double-ended half figure (as on real cards)

FRAME = (58, 20, 124, 296)  # x, y, w, h


def court_frame(p: Palette) -> str:
    x, y, w, h = FRAME
    return (f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" fill="#fbf5e6" '
            f'stroke="{p.ink}" stroke-width="2.5"/>')


def french_half(rank: str, p: Palette) -> str:
    """The upper half of a court card; the lower half is the same turned round."""
    parts = []
    # attribute held in the right hand (behind the body)
    if rank == "K":  # sceptre
        parts.append(f'<path d="M152 164L160 56" stroke="{GOLD_DARK}" stroke-width="5" '
                     'stroke-linecap="round"/>')
        parts.append(f'<circle cx="160" cy="50" r="8" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="2"/>'
                     f'<path d="M160 34V44M155 38H165" stroke="{GOLD_DARK}" stroke-width="3" '
                     'stroke-linecap="round"/>')
    elif rank == "J":  # halberd
        parts.append(f'<path d="M154 166L162 44" stroke="#6b4a2a" stroke-width="4.5" '
                     'stroke-linecap="round"/>')
        parts.append(f'<path d="M162 26L167 46L158 46Z M158 46C150 44 146 52 148 60L160 58Z" '
                     f'fill="#c9ccd3" stroke="{LINE}" stroke-width="1.8" stroke-linejoin="round"/>')
    # body / robe
    parts.append(f'<path d="M84 166C84 126 96 104 122 102C148 104 162 126 162 166Z" '
                 f'fill="{p.robe}" stroke="{LINE}" stroke-width="2"/>')
    # front panel and collar
    parts.append(f'<path d="M112 104L122 166L132 104Z" fill="{p.robe2}" stroke="{LINE}" '
                 'stroke-width="1.5"/>')
    if rank == "K":  # ermine collar
        parts.append('<path d="M96 114C108 124 136 124 148 114L142 106C132 112 112 112 102 106Z" '
                     f'fill="#fff" stroke="{LINE}" stroke-width="1.5"/>'
                     f'<path d="M108 115v4M122 118v4M136 115v4" stroke="{LINE}" stroke-width="2.5" '
                     'stroke-linecap="round"/>')
    elif rank == "Q":  # lace collar with a jewel
        parts.append('<path d="M100 108C110 120 134 120 144 108" fill="none" stroke="#fff" '
                     'stroke-width="6" stroke-linecap="round"/>'
                     f'<circle cx="122" cy="120" r="4.5" fill="{GOLD}" stroke="{GOLD_DARK}" '
                     'stroke-width="1.5"/>')
    else:  # jack: a belt of gold buttons
        parts.append(f'<path d="M122 124v2M122 138v2M122 152v2" stroke="{GOLD}" stroke-width="5" '
                     'stroke-linecap="round"/>')
    # sleeve and hand holding the attribute
    parts.append(f'<path d="M150 124C156 134 156 142 154 150" fill="none" stroke="{p.robe2}" '
                 'stroke-width="12" stroke-linecap="round"/>')
    if rank == "Q":  # a flower
        parts.append(f'<path d="M150 150C150 120 146 96 146 86" fill="none" stroke="{LEAF_DARK}" '
                     'stroke-width="3"/>'
                     f'<path d="M148 116C156 110 162 112 164 104C156 104 150 108 148 116Z" fill="{LEAF}"/>'
                     f'<circle cx="146" cy="80" r="9" fill="{p.robe}" stroke="{LINE}" stroke-width="1.5"/>'
                     f'<circle cx="146" cy="80" r="3.5" fill="{GOLD}"/>')
    parts.append(f'<circle cx="153" cy="152" r="6" fill="{SKIN}" stroke="{SKIN_LINE}" stroke-width="1.5"/>')
    # hair behind the head
    if rank == "Q":
        parts.append(f'<path d="M100 70C98 90 100 104 106 112L138 112C144 104 146 90 144 70'
                     f'C140 50 104 50 100 70Z" fill="{HAIR}"/>')
    # neck and head
    parts.append(f'<path d="M116 88V104H128V88Z" fill="{SKIN}"/>')
    parts.append(f'<circle cx="122" cy="76" r="17" fill="{SKIN}" stroke="{SKIN_LINE}" stroke-width="1.8"/>')
    parts.append(f'<circle cx="116" cy="75" r="1.8" fill="{LINE}"/><circle cx="128" cy="75" r="1.8" fill="{LINE}"/>')
    if rank == "K":  # beard and moustache
        parts.append(f'<path d="M106 78C106 98 114 104 122 104C130 104 138 98 138 78C134 86 128 86 122 84'
                     f'C116 86 110 86 106 78Z" fill="{HAIR}"/>')
    elif rank == "J":
        parts.append(f'<path d="M117 84C120 86 124 86 127 84" fill="none" stroke="{SKIN_LINE}" '
                     'stroke-width="1.6" stroke-linecap="round"/>')
        parts.append(f'<path d="M105 72C104 80 106 86 108 88M139 72C140 80 138 86 136 88" fill="none" '
                     f'stroke="{HAIR}" stroke-width="4" stroke-linecap="round"/>')
    else:
        parts.append(f'<path d="M118 85C121 87 123 87 126 85" fill="none" stroke="{RED}" '
                     'stroke-width="2" stroke-linecap="round"/>')
    # headwear
    if rank == "K":
        parts.append(f'<path d="M103 64L101 38L112 50L122 32L132 50L143 38L141 64Z" fill="{GOLD}" '
                     f'stroke="{GOLD_DARK}" stroke-width="2" stroke-linejoin="round"/>'
                     f'<path d="M103 58H141" stroke="{p.robe2}" stroke-width="4"/>')
    elif rank == "Q":
        parts.append(f'<path d="M106 62L107 48L114 55L122 44L130 55L137 48L138 62Z" fill="{GOLD}" '
                     f'stroke="{GOLD_DARK}" stroke-width="2" stroke-linejoin="round"/>'
                     f'<circle cx="122" cy="42" r="3" fill="{p.robe}"/>')
    else:  # beret with a feather
        parts.append(f'<path d="M140 56C150 44 156 34 162 22C160 38 154 50 144 62Z" fill="#fff" '
                     f'stroke="{LINE}" stroke-width="1.5"/>'
                     f'<path d="M102 68C98 54 108 46 124 46C140 46 148 54 144 66C132 60 114 60 102 68Z" '
                     f'fill="{p.robe}" stroke="{LINE}" stroke-width="1.8"/>')
    # the suit sign by the head, as on real court cards
    parts.append(use("p", 78, 44, 0.26))
    return "".join(parts)


def french_court(rank: str, p: Palette) -> list[str]:
    x, y, w, h = FRAME
    return [
        court_frame(p),
        f'<g id="h">{french_half(rank, p)}</g>',
        flip("h"),
        f'<path d="M{x} {num(CY)}H{x + w}" stroke="{p.ink}" stroke-width="2"/>',
    ]


# --------------------------------------------------------------------------
# German figure cards: single-ended full figures (Bohemian / Prague pattern)

GFRAME = (56, 14, 128, 308)


def german_frame() -> str:
    x, y, w, h = GFRAME
    return (f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" fill="#fbf5e6" '
            f'stroke="#8a6a3a" stroke-width="2"/>')


def head(cx: float, cy: float, *, moustache: bool, beard: bool = False) -> str:
    out = [f'<circle cx="{num(cx)}" cy="{num(cy)}" r="15" fill="{SKIN}" stroke="{SKIN_LINE}" '
           'stroke-width="1.8"/>',
           f'<circle cx="{num(cx - 5.5)}" cy="{num(cy - 1)}" r="1.7" fill="{LINE}"/>'
           f'<circle cx="{num(cx + 5.5)}" cy="{num(cy - 1)}" r="1.7" fill="{LINE}"/>']
    if beard:
        out.append(f'<path d="M{num(cx - 15)} {num(cy + 1)}C{num(cx - 15)} {num(cy + 22)} {num(cx - 6)} '
                   f'{num(cy + 28)} {num(cx)} {num(cy + 28)}C{num(cx + 6)} {num(cy + 28)} {num(cx + 15)} '
                   f'{num(cy + 22)} {num(cx + 15)} {num(cy + 1)}C{num(cx + 10)} {num(cy + 9)} {num(cx + 5)} '
                   f'{num(cy + 8)} {num(cx)} {num(cy + 6)}C{num(cx - 5)} {num(cy + 8)} {num(cx - 10)} '
                   f'{num(cy + 9)} {num(cx - 15)} {num(cy + 1)}Z" fill="#7a7a7a"/>')
    elif moustache:
        out.append(f'<path d="M{num(cx - 9)} {num(cy + 8)}C{num(cx - 5)} {num(cy + 4)} {num(cx - 1)} '
                   f'{num(cy + 5)} {num(cx)} {num(cy + 6)}C{num(cx + 1)} {num(cy + 5)} {num(cx + 5)} '
                   f'{num(cy + 4)} {num(cx + 9)} {num(cy + 8)}" fill="none" stroke="{HAIR}" '
                   'stroke-width="3" stroke-linecap="round"/>')
    else:
        out.append(f'<path d="M{num(cx - 3)} {num(cy + 8)}H{num(cx + 3)}" stroke="{SKIN_LINE}" '
                   'stroke-width="1.6" stroke-linecap="round"/>')
    return "".join(out)


def standing(p: Palette, cx: float, *, hat: str, sign_high: bool) -> list[str]:
    """A standing figure; its left hand holds the suit sign high (Ober) or low (Unter)."""
    hy = 112 if sign_high else 96  # head centre
    sh = hy + 26                   # shoulder line
    parts = []
    # legs and shoes
    parts.append(f'<path d="M{num(cx - 12)} {num(sh + 96)}V290M{num(cx + 12)} {num(sh + 96)}V290" '
                 f'stroke="{p.robe2}" stroke-width="14"/>')
    parts.append(f'<path d="M{num(cx - 24)} 298C{num(cx - 24)} 290 {num(cx - 6)} 288 {num(cx - 4)} 298Z'
                 f'M{num(cx + 4)} 298C{num(cx + 6)} 288 {num(cx + 24)} 290 {num(cx + 24)} 298Z" '
                 f'fill="{LINE}"/>')
    # sword at the right hip
    parts.append(f'<path d="M{num(cx + 20)} {num(sh + 62)}L{num(cx + 34)} {num(sh + 140)}" '
                 'stroke="#9aa0aa" stroke-width="5" stroke-linecap="round"/>'
                 f'<path d="M{num(cx + 12)} {num(sh + 62)}L{num(cx + 28)} {num(sh + 58)}" '
                 f'stroke="{GOLD_DARK}" stroke-width="4" stroke-linecap="round"/>')
    # coat
    parts.append(f'<path d="M{num(cx - 22)} {num(sh)}C{num(cx - 10)} {num(sh - 6)} {num(cx + 10)} '
                 f'{num(sh - 6)} {num(cx + 22)} {num(sh)}L{num(cx + 30)} {num(sh + 100)}'
                 f'H{num(cx - 30)}Z" fill="{p.robe}" stroke="{LINE}" stroke-width="2" '
                 'stroke-linejoin="round"/>')
    parts.append(f'<path d="M{num(cx)} {num(sh - 4)}V{num(sh + 100)}" stroke="{GOLD}" stroke-width="4"/>')
    parts.append(f'<path d="M{num(cx - 25)} {num(sh + 52)}H{num(cx + 25)}" stroke="{LINE}" '
                 'stroke-width="6"/>'
                 f'<rect x="{num(cx - 5)}" y="{num(sh + 47)}" width="10" height="10" fill="{GOLD}" '
                 f'stroke="{GOLD_DARK}" stroke-width="1.5"/>')
    # right arm on the hip
    parts.append(f'<path d="M{num(cx + 20)} {num(sh + 4)}C{num(cx + 36)} {num(sh + 20)} '
                 f'{num(cx + 36)} {num(sh + 36)} {num(cx + 22)} {num(sh + 50)}" fill="none" '
                 f'stroke="{p.robe2}" stroke-width="12" stroke-linecap="round"/>')
    # left arm: raised to the sign (Ober) or lowered to it (Unter)
    if sign_high:
        hand = (cx - 40, 84)
        parts.append(f'<path d="M{num(cx - 18)} {num(sh + 4)}C{num(cx - 36)} {num(sh - 4)} '
                     f'{num(cx - 40)} {num(sh - 24)} {num(hand[0])} {num(hand[1] + 6)}" fill="none" '
                     f'stroke="{p.robe2}" stroke-width="12" stroke-linecap="round"/>')
    else:
        hand = (cx - 42, 238)
        parts.append(f'<path d="M{num(cx - 18)} {num(sh + 4)}C{num(cx - 34)} {num(sh + 30)} '
                     f'{num(cx - 42)} {num(sh + 70)} {num(hand[0])} {num(hand[1] - 6)}" fill="none" '
                     f'stroke="{p.robe2}" stroke-width="12" stroke-linecap="round"/>')
    # collar, neck, head
    parts.append(f'<path d="M{num(cx - 6)} {num(hy + 10)}V{num(sh)}H{num(cx + 6)}V{num(hy + 10)}Z" '
                 f'fill="{SKIN}"/>')
    parts.append(f'<path d="M{num(cx - 16)} {num(sh - 2)}L{num(cx)} {num(sh + 10)}L{num(cx + 16)} '
                 f'{num(sh - 2)}" fill="#fff" stroke="{LINE}" stroke-width="1.5" stroke-linejoin="round"/>')
    parts.append(head(cx, hy, moustache=sign_high))
    # hat
    if hat == "cap":  # Unter: a flat cap with a feather
        parts.append(f'<path d="M{num(cx + 6)} {num(hy - 14)}C{num(cx + 16)} {num(hy - 30)} '
                     f'{num(cx + 26)} {num(hy - 36)} {num(cx + 34)} {num(hy - 40)}C{num(cx + 30)} '
                     f'{num(hy - 28)} {num(cx + 22)} {num(hy - 18)} {num(cx + 12)} {num(hy - 10)}Z" '
                     f'fill="#fff" stroke="{LINE}" stroke-width="1.5"/>'
                     f'<path d="M{num(cx - 19)} {num(hy - 6)}C{num(cx - 22)} {num(hy - 20)} {num(cx - 10)} '
                     f'{num(hy - 24)} {num(cx + 2)} {num(hy - 24)}C{num(cx + 16)} {num(hy - 24)} '
                     f'{num(cx + 22)} {num(hy - 16)} {num(cx + 19)} {num(hy - 6)}Z" fill="{p.robe2}" '
                     f'stroke="{LINE}" stroke-width="1.8"/>')
    else:  # Ober: a tall hat with a brim and a plume
        parts.append(f'<path d="M{num(cx - 8)} {num(hy - 30)}C{num(cx - 20)} {num(hy - 50)} '
                     f'{num(cx - 6)} {num(hy - 56)} {num(cx + 8)} {num(hy - 50)}C{num(cx + 2)} '
                     f'{num(hy - 44)} {num(cx - 2)} {num(hy - 38)} {num(cx - 2)} {num(hy - 30)}Z" '
                     f'fill="#fff" stroke="{LINE}" stroke-width="1.5"/>'
                     f'<path d="M{num(cx - 14)} {num(hy - 12)}L{num(cx - 10)} {num(hy - 36)}H{num(cx + 10)}'
                     f'L{num(cx + 14)} {num(hy - 12)}Z" fill="{p.robe2}" stroke="{LINE}" stroke-width="1.8"/>'
                     f'<path d="M{num(cx - 22)} {num(hy - 12)}H{num(cx + 22)}" stroke="{LINE}" '
                     'stroke-width="5" stroke-linecap="round"/>')
    # the suit sign in the left hand
    if sign_high:
        parts.append(use("p", hand[0] + 2, 52, 0.56))
    else:
        parts.append(use("p", hand[0] + 2, 270, 0.56))
    parts.append(f'<circle cx="{num(hand[0])}" cy="{num(hand[1])}" r="6.5" fill="{SKIN}" '
                 f'stroke="{SKIN_LINE}" stroke-width="1.5"/>')
    return parts


def seated_king(p: Palette) -> list[str]:
    """The König: crowned, on his throne, with a sceptre; the suit sign beside him."""
    cx, hy = 134, 98
    sh = hy + 26
    feet = 282
    parts = []
    # throne
    parts.append(f'<path d="M92 52H176V266H92Z" fill="#7a2e2a" stroke="{LINE}" stroke-width="2"/>'
                 f'<path d="M92 52C100 34 168 34 176 52Z" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="2"/>'
                 f'<path d="M99 60H169V258H99Z" fill="none" stroke="{GOLD}" stroke-width="2.5"/>')
    parts.append(f'<path d="M88 {feet}H180V{feet + 14}H88Z" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="2"/>')
    # robe falling over the knees to the footstool
    parts.append(f'<path d="M{cx - 24} {sh}C{cx - 10} {sh - 6} {cx + 10} {sh - 6} {cx + 24} {sh}'
                 f'L{cx + 42} {feet}H{cx - 42}Z" fill="{p.robe}" stroke="{LINE}" stroke-width="2" '
                 'stroke-linejoin="round"/>')
    # ermine cape edges
    parts.append(f'<path d="M{cx - 24} {sh}L{cx - 42} {feet}H{cx - 29}L{cx - 10} {sh + 4}Z'
                 f'M{cx + 24} {sh}L{cx + 42} {feet}H{cx + 29}L{cx + 10} {sh + 4}Z" fill="#fff" '
                 f'stroke="{LINE}" stroke-width="1.5"/>'
                 f'<path d="M{cx - 27} 160v4M{cx - 31} 198v4M{cx - 35} 236v4M{cx + 27} 160v4'
                 f'M{cx + 31} 198v4M{cx + 35} 236v4" stroke="{LINE}" stroke-width="3" stroke-linecap="round"/>')
    parts.append(f'<path d="M{cx - 30} {feet}C{cx - 26} {feet - 10} {cx - 10} {feet - 10} {cx - 6} {feet}Z'
                 f'M{cx + 6} {feet}C{cx + 10} {feet - 10} {cx + 26} {feet - 10} {cx + 30} {feet}Z" '
                 f'fill="{LINE}"/>')
    # sceptre in the right hand
    parts.append(f'<path d="M{cx + 24} 196L{cx + 34} 62" stroke="{GOLD_DARK}" stroke-width="5" '
                 'stroke-linecap="round"/>'
                 f'<circle cx="{cx + 35}" cy="54" r="9" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="2"/>'
                 f'<path d="M{cx + 35} 34V45M{cx + 30} 39H{cx + 40}" stroke="{GOLD_DARK}" stroke-width="3" '
                 'stroke-linecap="round"/>')
    # arms: right to the sceptre, left resting on the lap
    parts.append(f'<path d="M{cx + 18} {sh + 6}C{cx + 30} {sh + 24} {cx + 30} {sh + 44} {cx + 25} 186" '
                 f'fill="none" stroke="{p.robe2}" stroke-width="12" stroke-linecap="round"/>'
                 f'<circle cx="{cx + 25}" cy="190" r="6.5" fill="{SKIN}" stroke="{SKIN_LINE}" stroke-width="1.5"/>')
    parts.append(f'<path d="M{cx - 18} {sh + 6}C{cx - 28} {sh + 30} {cx - 20} {sh + 56} {cx - 4} {sh + 60}" '
                 f'fill="none" stroke="{p.robe2}" stroke-width="12" stroke-linecap="round"/>'
                 f'<circle cx="{cx}" cy="{sh + 60}" r="6.5" fill="{SKIN}" stroke="{SKIN_LINE}" stroke-width="1.5"/>')
    # neck, head with beard, crown
    parts.append(f'<path d="M{cx - 6} {hy + 10}V{sh}H{cx + 6}V{hy + 10}Z" fill="{SKIN}"/>')
    parts.append(head(cx, hy, moustache=True, beard=True))
    parts.append(f'<path d="M{cx - 17} {hy - 10}L{cx - 21} {hy - 40}L{cx - 9} {hy - 24}L{cx} {hy - 46}'
                 f'L{cx + 9} {hy - 24}L{cx + 21} {hy - 40}L{cx + 17} {hy - 10}Z" fill="{GOLD}" '
                 f'stroke="{GOLD_DARK}" stroke-width="2" stroke-linejoin="round"/>'
                 f'<path d="M{cx - 17} {hy - 15}H{cx + 17}" stroke="{RED}" stroke-width="4"/>')
    # the suit sign on a pedestal at his side, halfway up the card
    parts.append(f'<path d="M69 198H79V{feet + 14}H69Z" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="2"/>'
                 f'<path d="M62 198H86M62 {feet + 14}H86" stroke="{GOLD_DARK}" stroke-width="5" '
                 'stroke-linecap="round"/>')
    parts.append(use("p", 74, 170, 0.5))
    return parts


def german_daus(suit: str) -> list[str]:
    """The Daus: two large suit signs, framed like a coat of arms."""
    return [
        f'<ellipse cx="{num(CX)}" cy="{num(CY)}" rx="72" ry="132" fill="#fbf5e6" stroke="#8a6a3a" '
        'stroke-width="2"/>',
        f'<ellipse cx="{num(CX)}" cy="{num(CY)}" rx="64" ry="124" fill="none" stroke="#c9a860" '
        'stroke-width="1.5" stroke-dasharray="4 5"/>',
        use("p", CX - 16, 114, 0.94),
        use("p", CX + 16, 222, 0.94),
    ]


# --------------------------------------------------------------------------
# Whole cards

FRENCH_INDEX = {"7": "7", "8": "8", "9": "9", "T": "10", "J": "J", "Q": "Q", "K": "K", "A": "A"}
GERMAN_INDEX = {"7": "7", "8": "8", "9": "9", "T": "10", "J": "U", "Q": "O", "K": "crown", "A": "D"}


def french_card(deck: str, suit: str, rank: str) -> str:
    p = PALETTES[deck][suit]
    ink = INDEX_INK.get((deck, suit), p.ink)
    defs = french_sign_def(suit, p.ink, p.outline)
    body: list[str] = [index(FRENCH_INDEX[rank], ink)]
    if rank == "A":
        body.append(use("p", CX, CY, 1.15))
    elif rank in "JQK":
        body.extend(french_court(rank, p))
    else:
        body.extend(french_pips(rank))
    return face(defs, body)


def german_card(suit: str, rank: str) -> str:
    p = PALETTES["german"][suit]
    defs = GERMAN_SIGNS[suit]()
    body: list[str] = []
    if rank == "A":
        body.extend(german_daus(suit))
    elif rank == "K":
        body.append(german_frame())
        body.extend(seated_king(p))
    elif rank == "Q":
        body.append(german_frame())
        body.extend(standing(p, 132, hat="tall", sign_high=True))
    elif rank == "J":
        body.append(german_frame())
        body.extend(standing(p, 132, hat="cap", sign_high=False))
    else:
        body.extend(german_pips(rank))
    body.append(index(GERMAN_INDEX[rank], p.ink, 0.42))
    return face(defs, body)


def back() -> str:
    """A calm back: a fine lattice in two blues around a lapwing (Kiebitz) medallion."""
    return compact(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}">'
        "<defs>"
        '<pattern id="l" width="16" height="16" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)">'
        '<rect width="16" height="16" fill="#2e5878"/>'
        '<path d="M0 0H16M0 0V16" stroke="#4a7597" stroke-width="2"/>'
        '<circle cx="8" cy="8" r="1.6" fill="#6f97b6"/>'
        "</pattern>"
        "</defs>"
        f'<rect x="1.5" y="1.5" width="{W - 3}" height="{H - 3}" rx="14" fill="#fff" '
        f'stroke="{BORDER}" stroke-width="3"/>'
        f'<rect x="12" y="12" width="{W - 24}" height="{H - 24}" rx="8" fill="url(#l)"/>'
        f'<rect x="18" y="18" width="{W - 36}" height="{H - 36}" rx="5" fill="none" stroke="#d9e4ec" '
        'stroke-width="2"/>'
        f'<ellipse cx="{num(CX)}" cy="{num(CY)}" rx="56" ry="74" fill="#f4efe2" stroke="#d9e4ec" '
        'stroke-width="3"/>'
        f'<ellipse cx="{num(CX)}" cy="{num(CY)}" rx="48" ry="66" fill="none" stroke="#2e5878" '
        'stroke-width="1.5"/>'
        # a lapwing (Kiebitz): dark back and crest, white cheek and belly, dark breast band
        '<g transform="translate(121 170) scale(.9)" stroke-linejoin="round">'
        '<path d="M-2 24L-6 52M10 24L12 52M-12 52H0M6 52H18" stroke="#9a5a4a" stroke-width="2.5" '
        'stroke-linecap="round" fill="none"/>'
        '<path d="M-52 2C-34-16-4-22 16-18C30-15 36-2 30 10C22 26-2 30-20 24C-34 19-44 11-52 2Z" '
        'fill="#fbf8f0" stroke="#1f3d52" stroke-width="2.5"/>'
        '<path d="M-52 2C-34-16-4-22 16-18C20-8 10 2-6 6C-22 9-38 7-52 2Z" fill="#2b4f43"/>'
        '<path d="M-36 0C-24-4-10-6 4-2" fill="none" stroke="#6f9a7e" stroke-width="2.5" '
        'stroke-linecap="round"/>'
        '<path d="M12-22C18-12 30-8 36-10C34-18 30-24 24-26Z" fill="#1f3d52"/>'
        '<circle cx="26" cy="-34" r="12" fill="#fbf8f0" stroke="#1f3d52" stroke-width="2.5"/>'
        '<path d="M14-36C16-46 26-50 36-44C34-38 26-37 14-36Z" fill="#1f3d52"/>'
        '<path d="M18-44C8-58-8-64-22-60C-8-58 4-52 14-40Z" fill="#1f3d52"/>'
        '<path d="M37-33L47-31L37-28Z" fill="#1f3d52"/>'
        '<circle cx="30" cy="-36" r="2.2" fill="#1f3d52"/>'
        '<path d="M20-28C24-26 30-26 34-28" fill="none" stroke="#1f3d52" stroke-width="2" '
        'stroke-linecap="round"/>'
        "</g>"
        "</svg>\n"
    )


def cards() -> dict[str, str]:
    """Every file to write, by its path under the cards folder."""
    out = {"back.svg": back()}
    for suit in SUITS:
        for rank in RANKS:
            name = f"{suit}{rank}.svg"
            out[f"french/{name}"] = french_card("french", suit, rank)
            out[f"four-colour/{name}"] = french_card("four-colour", suit, rank)
            out[f"colour-safe/{name}"] = french_card("colour-safe", suit, rank)
            out[f"german/{name}"] = german_card(suit, rank)
    return out


def contact_sheet(width: int) -> str:
    """An HTML page showing every card of every deck at ``width`` pixels (for checking the art)."""
    rows = []
    for deck in ("french", "four-colour", "colour-safe", "german"):
        for suit in SUITS:
            imgs = "".join(
                f'<img src="{deck}/{suit}{rank}.svg" width="{width}" alt="{suit}{rank}">'
                for rank in reversed(RANKS)
            )
            rows.append(f"<div>{imgs}</div>")
    rows.append(f'<div><img src="back.svg" width="{width}" alt="back"></div>')
    return (
        '<!doctype html><html lang="en"><meta charset="utf-8"><title>Kiebitz cards</title>'
        "<style>body{margin:8px;background:#2d6a4f}div{white-space:nowrap}"
        "img{margin:3px;vertical-align:top}</style>" + "".join(rows) + "</html>\n"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="folder to write into")
    parser.add_argument("--sheet", type=int, metavar="PX",
                        help="also write contact-sheet.html (every card at PX wide) into the folder")
    args = parser.parse_args(argv)
    files = cards()
    for relative, text in files.items():
        path = args.out / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    if args.sheet:
        (args.out / "contact-sheet.html").write_text(contact_sheet(args.sheet), encoding="utf-8")
    print(f"wrote {len(files)} files to {args.out}")


if __name__ == "__main__":
    main()
