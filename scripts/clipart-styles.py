#!/usr/bin/env python3
"""Puzzles made from clip art that neither `infer` nor its benchmarks drew,
for measuring `infer` on pictures of another hand: the stamps of Tux Paint
(Debian's tuxpaint-stamps-default, GPL-2, drawn by many artists over twenty
years) and the Open Clip Art Library (Debian's openclipart-png, public
domain, hundreds of artists). Nothing here is committed art: the packages
are fetched into a cache on first use (`apt-get download`, then `dpkg-deb
-x`), as infer-styles.py fetches scikit-image's photographs.

Each picture is one stamp, cropped to what it shows, fitted into the
picture's box and cut through its middle by the tile edge (its upper half
the "+" half), as the commercial puzzles cut an animal in two:

  animals   coloured stamps of animals on a plain ground, one colour per
            puzzle (sky, grass, sand): the Scramble Squares look
  things    coloured stamps of food, vehicles, plants, household things and
            town buildings, each tile on its own pale ground
  openclip  coloured Open Clip Art drawings of animals, food and vehicles
            (vector art of many hands, rasterised by the library) on a plain
            ground, one colour per puzzle
  glyphs    the grey-scale stamps (letters of many alphabets, maths, music
            and money signs, a few drawings) black on a coloured ground:
            no colour to group by

The planting, damage and bench are infer-styles.py's (imported), as in
unseen-styles.py.

Usage: clipart-styles.py bench [--styles A,B] [--seeds 1-8] [--jobs 2] [--keep DIR]
       clipart-styles.py make STYLE SIZE SEED DAMAGE yes/no OUT_DIR
Env as infer-styles.py, and CLIPART: the folder of Tux Paint's stamps
(default target/clipart-cache/stamps), OPENCLIPART: the library's png folder
(default target/clipart-cache/openclipart); each fetched when missing.
"""
import hashlib
import importlib.util
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image

_spec = importlib.util.spec_from_file_location("infer_styles", Path(__file__).with_name("infer-styles.py"))
base = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(base)

STYLES = ["animals", "things", "glyphs", "openclip"]
THINGS = ["food", "vehicles", "plants", "household", "town", "clothes", "hobbies", "sports"]
GROUNDS = [(150, 200, 235), (170, 215, 140), (235, 215, 170), (245, 240, 230), (200, 185, 225)]


def fetched(env, default, package, inside):
    """A package's art folder, fetched from Debian into the cache when
    missing."""
    folder = Path(os.environ.get(env, default))
    if folder.is_dir():
        return folder
    cache = folder.parent
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        try:
            subprocess.run(["apt-get", "download", package], cwd=tmp, check=True, capture_output=True)
        except (OSError, subprocess.CalledProcessError) as e:
            raise SystemExit("cannot fetch %s with apt-get (%s): set %s to its art folder" % (package, e, env))
        deb = next(Path(tmp).glob("*.deb"))
        subprocess.run(["dpkg-deb", "-x", str(deb), tmp + "/x"], check=True)
        Path(tmp, "x", inside).rename(folder)
    return folder


def stamps_folder():
    return fetched("CLIPART", "target/clipart-cache/stamps", "tuxpaint-stamps-default",
                   "usr/share/tuxpaint/stamps")


def openclipart_folder():
    return fetched("OPENCLIPART", "target/clipart-cache/openclipart", "openclipart-png",
                   "usr/share/openclipart/png")


def catalogue(style):
    """The stamps a style draws from, in a fixed order: a file name sorted
    list, so a seed picks the same stamps on every machine. The library's
    few huge rasters (up to 600 million pixels) are left out by their
    headers, and a drawing filed twice (the library files some in two
    folders) is taken once: two identical pictures make a puzzle no
    reader can settle."""
    root = openclipart_folder() if style == "openclip" else stamps_folder()
    dirs = {"animals": ["animals"], "things": THINGS, "openclip": ["animals", "food", "transportation"]}
    dirs = dirs.get(style)
    files = sorted(p for p in root.rglob("*.png") if dirs is None or p.relative_to(root).parts[0] in dirs)
    Image.MAX_IMAGE_PIXELS = None
    keep, seen = [], set()
    for p in files:
        digest = hashlib.sha256(p.read_bytes()).digest()
        if digest in seen:
            continue
        seen.add(digest)
        img = Image.open(p)
        grey = img.mode in ("L", "LA")
        if (style == "glyphs") == grey and max(img.size) <= 1200:
            keep.append(p)
    return keep


def cropped(path):
    """The stamp as RGBA, cut to what it shows (its alpha's box)."""
    img = Image.open(path).convert("RGBA")
    box = img.getchannel("A").point(lambda a: 255 if a > 24 else 0).getbbox()
    return img.crop(box) if box else img


class Clipart:
    def __init__(self, style, side, tokens, rng):
        self.style, self.n, self.rng = style, side, rng
        self.w = int(side * rng.uniform(0.44, 0.5))
        self.h = self.w // 2
        stamps = rng.sample(catalogue(style), tokens)
        self.pics = [self.fit(cropped(p)) for p in stamps]
        self.ground = rng.choice(GROUNDS)

    def fit(self, stamp):
        """The stamp scaled into the picture's box (w x 2h) and centred on
        its middle row, which the tile edge cuts."""
        w, h2 = self.w, 2 * self.h
        k = min(w / stamp.width, h2 / stamp.height)
        s = stamp.resize((max(1, round(stamp.width * k)), max(1, round(stamp.height * k))), Image.LANCZOS)
        box = Image.new("RGBA", (w, h2), (0, 0, 0, 0))
        box.paste(s, ((w - s.width) // 2, (h2 - s.height) // 2))
        return box

    def tile_ground(self, index):
        if self.style == "things":
            h = (index * 0.381966) % 1.0
            return base.hsv(h, 0.12, 0.95)
        return self.ground

    def tile(self, index, edges):
        n, w, h = self.n, self.w, self.h
        img = Image.new("RGBA", (n, n), tuple(self.tile_ground(index)) + (255,))
        for s, (t, sg) in enumerate(edges):
            pic = self.pics[t]
            if sg == "+":
                half = pic.crop((0, 0, w, h)).rotate(180)
            else:
                half = pic.crop((0, h, w, 2 * h))
            layer = Image.new("RGBA", (n, n), (0, 0, 0, 0))
            layer.paste(half, ((n - w) // 2, 0))
            img = Image.alpha_composite(img, layer.rotate([-90, 0, 90, 180][s]))
        return img

    def half(self, t, sign):
        """Picture `t`'s half as a tile edge shows it, cut edge on top."""
        w, h = self.w, self.h
        pic = self.pics[t]
        return pic.crop((0, 0, w, h)).rotate(180) if sign == "+" else pic.crop((0, h, w, 2 * h))

    def tie(self):
        """Why two of this puzzle's pictures cannot be told apart by their
        halves, or None. Two stamps can hold one drawing turned: the filled
        "p" and "d" glyphs are one shape under a half-turn, so the top of
        one and the foot of the other, each seen from its edge, are the same
        pixels, and no reader can say which picture a copy of that half
        belongs to (glyphs 4x4 of seed 38: 1.2 of 255 apart, while the next
        nearest halves of two pictures on seeds 1-42 differ by 5.1)."""
        import numpy as np

        ground = np.array(self.tile_ground(0)[:3], dtype=float)

        def drawn(t, sign):
            a = np.asarray(self.half(t, sign), dtype=float)
            alpha = a[..., 3:4] / 255
            return alpha * a[..., :3] + (1 - alpha) * ground

        halves = {(t, s): drawn(t, s) for t in range(len(self.pics)) for s in "+-"}
        alike = []
        for (a, sa), x in halves.items():
            for (b, sb), y in halves.items():
                if a < b and np.abs(x - y).mean() < TIE_DIFF:
                    alike.append("%d%s and %d%s" % (a + 1, sa, b + 1, sb))
        if not alike:
            return None
        return "halves %s are drawn alike, so a copy of one may belong to either picture" % ", ".join(alike)


# How alike (mean difference of 0-255 channels, drawn on the ground) two
# halves of different pictures must be to be one half to any reader: the
# generator's seeds 1-42 show 0 and 1.2-1.9 (one glyph turned), then 5.1
# and more between pictures a reader tells apart.
TIE_DIFF = 3.0


base.adopt(STYLES, Clipart)

if __name__ == "__main__":
    base.styles_main(sys.argv, __doc__)
