#!/usr/bin/env python3
"""Writes the bad-input corpus (tests/bad_inputs/<case>/) and the good
pictures beside it (tests/good_inputs/). Run once and commit the result; the
test `tests/bad_input.rs` reads the folders, it never runs this script.

Each case is `<case>/input/...` plus `expected.txt` (the text its `error:`
line must contain) or `warning.txt` (the text of a `warning:` line, for a
puzzle that must still render). Pictures are 8x8 PNGs written by hand with
zlib, so every colour type and bit depth can be made without extra packages.
"""
import os
import shutil
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
GOOD = os.path.join(os.path.dirname(HERE), "good_inputs")

# A 2x2 puzzle with one solution up to turning (tiles 1 2 / 3 4 unturned) in
# which every token appears with both halves, so it makes no warning.
TILES = [
    "[['red', '+'], ['blu', '+'], ['ylw', '+'], ['grn', '+']]",
    "[['blu', '-'], ['ylw', '-'], ['red', '-'], ['pur', '+']]",
    "[['org', '+'], ['grn', '-'], ['pur', '-'], ['ylw', '+']]",
    "[['grn', '+'], ['pur', '-'], ['org', '-'], ['blu', '+']]",
]
YAML = "".join(f"{k}: {t}\n" for k, t in enumerate(TILES, 1))
COLOURS = [(200, 30, 30), (30, 160, 40), (20, 60, 210), (240, 200, 10)]


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def png(w, h, rows, colour_type=2, depth=8, extra=b"", ihdr_size=None):
    """A PNG from raw scanlines (without filter bytes)."""
    iw, ih = ihdr_size or (w, h)
    ihdr = struct.pack(">IIBBBBB", iw, ih, depth, colour_type, 0, 0, 0)
    raw = b"".join(b"\x00" + r for r in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def rgb(colour, w=8, h=8):
    return png(w, h, [bytes(colour) * w] * h)


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    mode = "w" if isinstance(data, str) else "wb"
    with open(path, mode) as f:
        f.write(data)


def case(name, expected, yaml=YAML, pictures=True, warning=False, **files):
    """A case folder: the YAML, pictures 1..4 (unless told otherwise) and overrides."""
    base = os.path.join(HERE, name)
    shutil.rmtree(base, ignore_errors=True)
    if yaml is not None:
        write(os.path.join(base, "input/tile_dict.yaml"), yaml)
    if pictures:
        for k, c in enumerate(COLOURS, 1):
            write(os.path.join(base, f"input/{k}.png"), rgb(c))
    for rel, data in files.items():
        path = os.path.join(base, "input", rel.replace("__", "."))
        if data is None:
            os.remove(path)
        else:
            write(path, data)
    write(os.path.join(base, "warning.txt" if warning else "expected.txt"), expected + "\n")


# A valid 2x2 Legespiel file: a picture that fits itself on every edge.
XML = """<?xml version="1.0" encoding="UTF-8"?>
<legespielConfiguration>
  <numberOfRows>2</numberOfRows>
  <numberOfColumns>2</numberOfColumns>
  <pictures>
    <picture id="1" name="Sun" matchWithIds="1" />
  </pictures>
  <cards>
    <card north="1" west="1" east="1" south="1" />
    <card north="1" west="1" east="1" south="1" />
    <card north="1" west="1" east="1" south="1" />
    <card north="1" west="1" east="1" south="1" />
  </cards>
</legespielConfiguration>
"""


def tile(k, text):
    return YAML.replace(f"{k}: {TILES[k - 1]}", f"{k}: {text}")


def main():
    for d in os.listdir(HERE):
        if os.path.isdir(os.path.join(HERE, d)):
            shutil.rmtree(os.path.join(HERE, d))
    y = "tile_dict.yaml"
    # The notation file.
    case("empty-yaml", f"{y}: the file is empty", yaml="", pictures=False)
    case("comments-only", f"{y}: the file is empty", yaml="# tiles to come\n\n", pictures=False)
    case("yaml-list", f"{y}:1:1: expected a mapping from tile numbers to edges, found a list",
         yaml="- [['a', '+'], ['a', '-'], ['a', '+'], ['a', '-']]\n", pictures=False)
    case("yaml-scalar", f"{y}:1:1: expected a mapping from tile numbers to edges, found text",
         yaml="tiles\n", pictures=False)
    case("syntax-error", f"{y}:2:2: not valid YAML: illegal placement of ':' indicator (each line looks like 1: [['red', '+']",
         yaml="1: [['a', '+'], ['a', '-']\n2: x\n", pictures=False)
    case("not-utf8", f"{y}: the file is not UTF-8 text", yaml=None, pictures=False,
         tile_dict__yaml=YAML.encode().replace(b"red", b"r\xe9d"))
    case("duplicate-key", f"{y}:5:1: not valid YAML: duplicate key 4 (a key may appear only once",
         yaml=YAML + "4: " + TILES[0] + "\n", pictures=False)
    case("keys-from-zero", f"{y}:1:1: tile key 0: keys are numbered 1..4",
         yaml="".join(f"{k}: {t}\n" for k, t in enumerate(TILES)), pictures=False)
    case("key-gap", f"{y}:4:1: tile keys must be 1..4 with no gap, but 4 is missing",
         yaml=YAML.replace("4: ", "5: "), pictures=False)
    case("key-negative", "tile key -1: keys are numbered 1..4",
         yaml=YAML.replace("1: ", "-1: "), pictures=False)
    case("key-text", f"{y}:2:1: tile key must be a whole number, found 'two'",
         yaml=YAML.replace("2: ", "two: "), pictures=False)
    case("key-float", "tile key must be a whole number, found the number 2.5",
         yaml=YAML.replace("2: ", "2.5: "), pictures=False)
    case("key-huge", f"{y}:4:1: tile key must be a whole number",
         yaml=YAML.replace("4: ", "340282366920938463463374607431768211457: "), pictures=False)
    case("three-tiles", f"{y}: 3 tiles do not fill a square board",
         yaml="".join(f"{k}: {t}\n" for k, t in enumerate(TILES[:3], 1)), pictures=False)
    case("tile-not-list", f"{y}:3:4: tile 3: expected a list of four edges, found text",
         yaml=tile(3, "red"), pictures=False)
    case("tile-three-edges", f"{y}:4:4: tile 4 has 3 edges, expected 4",
         yaml=tile(4, "[['red', '-'], ['ylw', '-'], ['blu', '-']]"), pictures=False)
    case("edge-three-entries", f"{y}:2:5: tile 2, right edge: expected [token, half], found a list of 3",
         yaml=tile(2, "[['blu', '-', 'x'], ['blu', '+'], ['ylw', '-'], ['grn', '+']]"), pictures=False)
    case("edge-not-list", f"{y}:2:19: tile 2, top edge: expected [token, half], found 'blu+'",
         yaml=tile(2, "[['blu', '-'], 'blu+', ['ylw', '-'], ['grn', '+']]"), pictures=False)
    case("half-star", f"{y}:3:41: tile 3, left edge: the half must be '+', '-' or '=', found '*'",
         yaml=tile(3, "[['red', '-'], ['grn', '-'], ['blu', '*'], ['ylw', '-']]"), pictures=False)
    case("half-number", f"{y}:1:13: tile 1, right edge: the half must be '+', '-' or '=', found the number 1",
         yaml=tile(1, "[['ylw', 1], ['red', '-'], ['grn', '+'], ['blu', '+']]"), pictures=False)
    case("half-missing", "tile 1, bottom edge: expected [token, half], found a list of 1",
         yaml=tile(1, "[['ylw', '+'], ['red', '-'], ['grn', '+'], ['blu']]"), pictures=False)
    case("token-number", f"{y}:4:6: tile 4, right edge: the token is the number 7, not text",
         yaml=tile(4, "[[7, '-'], ['ylw', '-'], ['blu', '-'], ['grn', '-']]"), pictures=False)
    case("token-empty", f"{y}:4:20: tile 4, top edge: the token is empty",
         yaml=tile(4, "[['red', '-'], ['', '-'], ['blu', '-'], ['grn', '-']]"), pictures=False)
    case("token-null", "tile 4, top edge: the token is empty",
         yaml=tile(4, "[['red', '-'], [~, '-'], ['blu', '-'], ['grn', '-']]"), pictures=False)
    case("token-list", "tile 4, top edge: the token is a list, not text",
         yaml=tile(4, "[['red', '-'], [['y'], '-'], ['blu', '-'], ['grn', '-']]"), pictures=False)
    case("alias-bomb", f"{y}:5:17: not valid YAML: the document expands beyond the reader's limits",
         yaml="a: &a ['x','x','x','x','x','x','x','x','x','x']\n"
         + "".join(f"{c}: &{c} [*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p}]\n"
                   for p, c in zip("abcdefgh", "bcdefghi")),
         pictures=False)
    case("deep-nesting", f"{y}:1:259: not valid YAML: the document expands beyond the reader's limits", yaml="1: " + "[" * 5000 + "]" * 5000 + "\n", pictures=False)
    case("two-notations", "more than one puzzle file: tile_dict.yaml, domino_fit.yaml",
         domino_fit__yaml="board: x\n")
    case("one-half-token", f"{y}: token 'org' appears only with half '+', so its edges can never match",
         yaml=YAML.replace("['org', '-']", "['org', '+']"), warning=True)
    case("empty-mapping", f"{y}:1:1: no tiles", yaml="{}\n", pictures=False)
    case("too-many-tiles", f"{y}: 144 tiles; at most 128 are supported",
         yaml="".join(f"{k}: {TILES[0]}\n" for k in range(1, 145)), pictures=False)
    # YAML errors get hints of their own kind, not the duplicate-key one.
    case("yaml-tab", f"{y}:2:2: not valid YAML: tabs disallowed within this context (block indentation) "
         "(indent with spaces: YAML does not allow tabs for indentation)",
         yaml=YAML.replace("\n2: ", "\n\t2: "), pictures=False)
    case("yaml-nul", f"{y}:2:9: not valid YAML: unexpected character: `\\u{{0}}' "
         "(remove the character: YAML allows no control characters",
         yaml=YAML.replace("[['blu', '-']", "[['bl\0u', '-']"), pictures=False)
    case("yaml-two-documents", f"{y}:4:1: not valid YAML: a second document starts here "
         "(after a line `---` or `...`) (keep one puzzle per file",
         yaml=YAML.replace("\n3: ", "\n---\n3: "), pictures=False)
    # One rule for all notations: a byte order mark is accepted, a repeated
    # element refused.
    case("letters-bom", "input/letters.txt:2:3: piece 1: '1' is not a letter A-Z", yaml=None,
         pictures=False, letters__txt="\ufeffACFH\nAB1D\nBDEG\nACEG\n")
    case("signed-bom", "input/signed.txt:2:5: piece 1: 'x' is not part of a number", yaml=None,
         pictures=False, signed__txt="\ufeff[-2, -3, +1, +4]\n1 2 x 4\n1 2 3 4\n1 2 3 4\n")
    x = "input/legespiel.xml"
    case("xml-rows-twice", f"{x}:4:3: <numberOfRows> appears a second time; it may appear only once",
         yaml=None, pictures=False, legespiel__xml=XML.replace(
             "  <numberOfColumns>", "  <numberOfRows>2</numberOfRows>\n  <numberOfColumns>"))
    case("xml-cards-twice", f"{x}:14:3: <cards> appears a second time; it may appear only once",
         yaml=None, pictures=False, legespiel__xml=XML.replace(
             "</legespielConfiguration>", "  <cards>\n  </cards>\n</legespielConfiguration>"))
    case("xml-pictures-twice", f"{x}:8:3: <pictures> appears a second time; it may appear only once",
         yaml=None, pictures=False, legespiel__xml=XML.replace(
             "  <cards>", "  <pictures>\n  </pictures>\n  <cards>"))
    case("xml-attribute-twice", f"{x}:9:49: not valid XML: the attribute 'north' appears twice in one element",
         yaml=None, pictures=False, legespiel__xml=XML.replace(
             'south="1" />', 'south="1" north="2" />', 1))

    # The tile pictures.
    case("missing-png", "input/3.png: the file is missing (every tile K needs its picture",
         **{"3__png": None})
    case("zero-byte-png", "input/2.png: the file is empty (0 bytes)", **{"2__png": b""})
    case("truncated-png", "input/4.png: cannot decode the PNG",
         **{"4__png": rgb(COLOURS[3])[:60]})
    case("jpeg-as-png", "input/1.png: not a PNG file (it looks like a JPEG)",
         **{"1__png": b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"})
    case("gif-as-png", "input/1.png: not a PNG file (it looks like a GIF)",
         **{"1__png": b"GIF89a\x08\x00\x08\x00\x00\x00\x00;"})
    case("text-as-png", "input/2.png: not a PNG file (it looks like something else)",
         **{"2__png": b"not a picture\n"})
    case("huge-declared-size",
         "input/2.png: the picture declares 1000000x1000000 pixels, above the limit of 4096 per side "
         "(scale the picture down, or raise the limit with --max-tile-side)",
         **{"2__png": png(8, 8, [bytes(COLOURS[1]) * 8] * 8, ihdr_size=(1000000, 1000000))})
    case("zero-width", "input/3.png: the picture declares 0x8 pixels",
         **{"3__png": png(8, 8, [bytes(COLOURS[2]) * 8] * 8, ihdr_size=(0, 8))})
    case("different-sizes", "input/3.png: the tile picture is 6x6, but 1.png is 8x8",
         **{"3__png": rgb(COLOURS[2], 6, 6)})
    case("non-square-tile", "input/1.png: the tile picture is 8x6, not square",
         **{"1__png": rgb(COLOURS[0], 8, 6)})
    case("png-is-folder", "input/4.png: not a regular file: it is a folder",
         **{"4__png": None, "4__png/README": "a folder where a picture should be\n"})

    # Valid but unusual pictures: they must render, pixel for pixel.
    shutil.rmtree(GOOD, ignore_errors=True)
    palette = b"".join(bytes(c) for c in COLOURS)
    for k in range(1, 5):
        rows = [bytes([k - 1]) * 8] * 8
        write(os.path.join(GOOD, f"palette/input/{k}.png"),
              png(8, 8, rows, colour_type=3, extra=chunk(b"PLTE", palette)))
        # 16-bit: each channel v as v*257, which maps back to exactly v.
        c = COLOURS[k - 1]
        row = b"".join(struct.pack(">HHH", *(v * 257 for v in c)) for _ in range(8))
        write(os.path.join(GOOD, f"sixteen-bit/input/{k}.png"), png(8, 8, [row] * 8, depth=16))
    for name in ["palette", "sixteen-bit"]:
        write(os.path.join(GOOD, name, "input/tile_dict.yaml"), YAML)


if __name__ == "__main__":
    main()
