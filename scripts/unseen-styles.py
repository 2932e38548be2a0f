#!/usr/bin/env python3
"""Puzzles in six more art styles, drawn to differ from the ones `infer` was
tuned on (scripts/infer-styles.py), for measuring it on art nobody tuned for.

The planted truth, the damage and the bench are infer-styles.py's (imported);
only the tiles are drawn differently, each style breaking one assumption of
its kin there:

  stripes   coded art on a DARK ground: rounded squares, the "+" half striped,
            the "-" half solid with a white ring, a picture's halves in one hue
            (kin of discs: another shape, other marks, dark instead of paper)
  critters  colour emoji cut in two, each picture shifted along its edge by
            up to a twelfth of the tile, on a per-tile two-colour
            gradient (kin of emoji: off-centre halves, no plain ground)
  squares   SQUARE crops of all seven scikit-image sample photographs (the two
            all-texture ones too) in a thin dark frame on cream (kin of photo)
  labels    names running ALONG their edge, turned with it, in a Liberation
            font, black on a pastel card with no number ("+Apfel" / "-Apfel",
            "Birne links" / "Birne rechts"; kin of text)
  lineart   outline-only shapes (ring, box, triangle, diamond, hexagon) with a
            detail in each half, black lines on white, cut in two (kin of
            symbols)
  bands     flags of three colour bands from one small palette, cut through
            the middle band; pictures share colours, no two halves alike (a
            pairing the pixels cannot always settle: a refusal is right there)

Usage: unseen-styles.py bench [--styles A,B] [--seeds 1-14] [--jobs 2] [--keep DIR]
       unseen-styles.py make STYLE SIZE SEED DAMAGE yes/no OUT_DIR
Env as infer-styles.py (UNSCRAMBLE, PHOTOS, EMOJI_FONT, INFER_TIMEOUT).
"""
import importlib.util
import math
import sys
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

_spec = importlib.util.spec_from_file_location("infer_styles", Path(__file__).with_name("infer-styles.py"))
base = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(base)

STYLES = ["stripes", "critters", "squares", "labels", "lineart", "bands"]
ALL_PHOTOS = base.PHOTOS + ["hubble_deep_field.jpg", "ihc.png"]
LABEL_FONTS = [
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSerif-Bold.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Bold.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationMono-Bold.ttf",
]
FRUIT = ["Apfel", "Birne", "Kirsche", "Pflaume", "Mango", "Kiwi", "Melone", "Banane", "Orange",
         "Zitrone", "Traube", "Feige", "Quitte", "Dattel"]
MARKS = [("+%s", "-%s"), ("%s links", "%s rechts"), ("%s 1", "%s 2"), ("%s Stiel", "%s Bl\u00fcte")]


class Unseen:
    """Draws whole tiles for one puzzle; `pic(t)` is picture t as RGBA
    `w x 2h`, its upper half the '+' half."""

    def __init__(self, name, side, tokens, rng):
        self.name, self.n, self.tokens, self.rng = name, side, tokens, rng
        self.w = int(side * rng.uniform(0.42, 0.5))
        self.h = self.w // 2
        self.shift = [0] * tokens
        getattr(self, "setup_" + name)()
        self.pics = [self.pic(t) for t in range(tokens)] if name != "labels" else []

    def tile(self, index, edges):
        if self.name == "labels":
            return self.labels_tile(edges)
        img = self.ground(index)
        n, w, h = self.n, self.w, self.h
        for s, (t, sg) in enumerate(edges):
            pic, d = self.pics[t], self.shift[t]
            if sg == "+":
                half, x = pic.crop((0, 0, w, h)).rotate(180), (n - w) // 2 - d
            else:
                half, x = pic.crop((0, h, w, 2 * h)), (n - w) // 2 + d
            layer = Image.new("RGBA", (n, n), (0, 0, 0, 0))
            layer.paste(half, (x, 0))
            img = Image.alpha_composite(img, layer.rotate([-90, 0, 90, 180][s]))
        return img

    def plain(self, colour):
        return Image.new("RGBA", (self.n, self.n), tuple(colour) + (255,))

    # -- stripes
    def setup_stripes(self):
        self.hue = base.hues(self.tokens, self.rng)
        self.dark = base.hsv(self.rng.random(), 0.25, 0.22)

    def ground(self, index):
        if self.name == "critters":
            return self.gradient(index)
        if self.name == "squares":
            return self.plain((244, 238, 222))
        if self.name == "lineart":
            return self.plain((255, 255, 255))
        if self.name == "bands":
            return self.plain(self.paper)
        return self.plain(self.dark)

    def pic_stripes(self, t):
        w, h = self.w, self.h
        col = base.hsv(self.hue[t], 0.8, 0.9)
        img = Image.new("RGBA", (w, 2 * h), (0, 0, 0, 0))
        mask = Image.new("L", (w, 2 * h), 0)
        ImageDraw.Draw(mask).rounded_rectangle([0, 0, w - 1, 2 * h - 1], radius=w // 6, fill=255)
        fill = Image.new("RGBA", (w, 2 * h), col + (255,))
        d = ImageDraw.Draw(fill)
        step = max(6, w // 8)
        for k in range(-2 * h, w + 2 * h, step):  # stripes on the upper half only
            d.line([(k, 0), (k + h, h)], fill=(255, 255, 255, 255), width=max(2, step // 3))
        d.rectangle([0, h, w, 2 * h], fill=col + (255,))
        r = h // 3
        d.ellipse([w // 2 - r, h + h // 2 - r, w // 2 + r, h + h // 2 + r], outline=(255, 255, 255, 255),
                  width=max(2, w // 25))
        img.paste(fill, (0, 0), mask)
        return img

    # -- critters
    def setup_critters(self):
        self.font = ImageFont.truetype(base.EMOJI_FONT, 109)
        self.glyphs = self.rng.sample(base.Style.EMOJI, self.tokens)
        self.w = int(self.n * self.rng.uniform(0.44, 0.5))
        self.h = self.w // 2
        d = self.n // 12
        self.shift = [self.rng.randint(-d, d) for _ in range(self.tokens)]
        self.pair = [base.hsv(self.rng.random(), 0.25, 0.95), base.hsv(self.rng.random(), 0.35, 0.8)]

    def gradient(self, index):
        n = self.n
        a, b = (np.array(c, np.float32) for c in self.pair)
        angle = (index * 2.39996) % (2 * math.pi)
        yy, xx = np.mgrid[0:n, 0:n].astype(np.float32) / n - 0.5
        f = np.clip(0.5 + xx * math.cos(angle) + yy * math.sin(angle), 0, 1)[..., None]
        return Image.fromarray((a * (1 - f) + b * f).astype(np.uint8), "RGB").convert("RGBA")

    # The emoji drawn and cut as infer-styles.py's emoji style draws them.
    pic_critters = base.Style.picture_emoji

    # -- squares
    def setup_squares(self):
        import os
        folder = Path(os.environ.get("PHOTOS", "target/infer-styles-cache/photos"))
        photos = [Image.open(folder / p).convert("RGB") for p in ALL_PHOTOS]
        self.crops = []
        for _ in range(self.tokens):
            ph = self.rng.choice(photos)
            r = self.rng.randint(min(ph.size) // 8, min(ph.size) // 3)
            x = self.rng.randint(r, ph.width - r - 1)
            y = self.rng.randint(r, ph.height - r - 1)
            self.crops.append(ph.crop((x - r, y - r, x + r, y + r)))

    def pic_squares(self, t):
        w, h = self.w, self.h
        img = self.crops[t].resize((w, 2 * h), Image.LANCZOS).convert("RGBA")
        ImageDraw.Draw(img).rectangle([0, 0, w - 1, 2 * h - 1], outline=(40, 35, 30, 255), width=max(2, w // 50))
        return img

    # -- labels
    def setup_labels(self):
        self.words = self.rng.sample(FRUIT, self.tokens)
        self.marks = self.rng.choice(MARKS)
        self.font = ImageFont.truetype(self.rng.choice(LABEL_FONTS), int(self.n * self.rng.uniform(0.07, 0.09)))
        self.card = base.hsv(self.rng.random(), self.rng.uniform(0.1, 0.25), 0.96)

    def labels_tile(self, edges):
        n = self.n
        img = self.plain(self.card)
        d = ImageDraw.Draw(img)
        d.rectangle([0, 0, n - 1, n - 1], outline=(90, 90, 90, 255), width=max(1, n // 100))
        r = n // 14
        d.ellipse([n // 2 - r, n // 2 - r, n // 2 + r, n // 2 + r], outline=(150, 150, 150, 255), width=2)
        for s, (t, sg) in enumerate(edges):
            text = self.marks[0 if sg == "+" else 1] % self.words[t]
            box = self.font.getbbox(text)
            lab = Image.new("RGBA", (box[2] - box[0] + 4, box[3] - box[1] + 6), (0, 0, 0, 0))
            ImageDraw.Draw(lab).text((2 - box[0], 3 - box[1]), text, font=self.font, fill=(20, 20, 20, 255))
            if lab.width > n * 0.8:
                lab = lab.resize((int(n * 0.8), max(1, lab.height * int(n * 0.8) // lab.width)), Image.LANCZOS)
            layer = Image.new("RGBA", (n, n), (0, 0, 0, 0))
            layer.paste(lab, ((n - lab.width) // 2, int(n * 0.05)))
            img = Image.alpha_composite(img, layer.rotate([-90, 0, 90, 180][s]))
        return img

    # -- lineart
    SHAPES = ["ring", "box", "triangle", "diamond", "hexagon"]
    # A picture's upper half carries a detail of the first set, its lower
    # half one of the second: no two halves in a puzzle look alike (a ring's
    # two halves alone would, and a half that looks like another picture's
    # is a puzzle no one can read).
    UPPER = ["dot", "cross", "bar"]
    LOWER = ["dots", "circle", "zigzag"]

    def setup_lineart(self):
        tops = [(s, a) for s in self.SHAPES for a in self.UPPER]
        self.rng.shuffle(tops)
        self.combos, lows = [], set()
        for shape, a in tops:
            free = [b for b in self.LOWER if (shape, b) not in lows]
            if free and len(self.combos) < self.tokens:
                b = self.rng.choice(free)
                lows.add((shape, b))
                self.combos.append((shape, a, b))

    def pic_lineart(self, t):
        shape, upper, lower = self.combos[t]
        S = 4
        W, H = self.w * S, 2 * self.h * S
        img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
        d = ImageDraw.Draw(img)
        ink, lw = (0, 0, 0, 255), max(3, W // 30)
        cx, cy, R = W / 2, H / 2, min(W, H) * 0.45
        if shape == "ring":
            d.ellipse([cx - R, cy - R, cx + R, cy + R], outline=ink, width=lw)
        elif shape == "box":
            d.rectangle([cx - R, cy - R * 0.9, cx + R, cy + R * 0.9], outline=ink, width=lw)
        else:
            k = {"triangle": 3, "diamond": 4, "hexagon": 6}[shape]
            pts = [(cx + R * math.sin(2 * math.pi * i / k), cy - R * math.cos(2 * math.pi * i / k)) for i in range(k)]
            d.polygon(pts, outline=ink, width=lw)
        a = R * 0.25
        for detail, y in ((upper, cy - R * 0.45), (lower, cy + R * 0.45)):
            if detail == "dot":
                d.ellipse([cx - a / 2, y - a / 2, cx + a / 2, y + a / 2], fill=ink)
            elif detail == "cross":
                d.line([cx - a, y, cx + a, y], fill=ink, width=lw)
                d.line([cx, y - a, cx, y + a], fill=ink, width=lw)
            elif detail == "bar":
                d.line([cx - a * 1.5, y - a * 0.6, cx + a * 1.5, y + a * 0.6], fill=ink, width=lw)
            elif detail == "dots":
                for dx in (-a, a):
                    d.ellipse([cx + dx - a / 3, y - a / 3, cx + dx + a / 3, y + a / 3], fill=ink)
            elif detail == "circle":
                d.ellipse([cx - a, y - a * 0.8, cx + a, y + a * 0.8], outline=ink, width=lw)
            else:  # zigzag
                d.line([(cx - a * 1.5, y), (cx - a * 0.5, y - a * 0.6), (cx + a * 0.5, y + a * 0.6),
                        (cx + a * 1.5, y)], fill=ink, width=lw)
        return img.resize((self.w, 2 * self.h), Image.LANCZOS)

    # -- bands
    def setup_bands(self):
        palette = [base.hsv(h, 0.75, 0.85) for h in base.hues(5, self.rng)] + [(30, 30, 30), (250, 250, 250)]
        combos = [(a, b, c) for a in range(7) for b in range(7) for c in range(7) if len({a, b, c}) == 3]
        self.rng.shuffle(combos)
        # A half shows the middle band at the edge and one outer band: no
        # (middle, outer) pair twice, or two halves look alike.
        self.bands, seen = [], set()
        for a, b, c in combos:
            if (b, a) not in seen and (b, c) not in seen and len(self.bands) < self.tokens:
                seen |= {(b, a), (b, c)}
                self.bands.append((palette[a], palette[b], palette[c]))
        self.paper = base.hsv(self.rng.random(), 0.05, 0.85)

    def pic_bands(self, t):
        w, h = self.w, self.h
        img = Image.new("RGBA", (w, 2 * h), (0, 0, 0, 255))
        d = ImageDraw.Draw(img)
        top, mid, bottom = self.bands[t]
        third = 2 * h / 3
        d.rectangle([1, 1, w - 2, third], fill=top + (255,))
        d.rectangle([1, third, w - 2, 2 * third], fill=mid + (255,))
        d.rectangle([1, 2 * third, w - 2, 2 * h - 2], fill=bottom + (255,))
        return img

    def pic(self, t):
        return getattr(self, "pic_" + self.name)(t)

    def tie(self):
        """Why two of this puzzle's pictures cannot be paired from their
        pixels, or None. Two rings (or two boxes...) differ only in the
        details away from the seam, so a ring's top half continues the other
        ring's lower half exactly as well as its own; two flags with one
        middle band meet in that band's colour on either pairing."""
        if self.name == "lineart":
            key, what = (lambda t: self.combos[t][0]), "the same outline shape"
        elif self.name == "bands":
            key, what = (lambda t: self.bands[t][1]), "the same middle band"
        else:
            return None
        groups = {}
        for t in range(self.tokens):
            groups.setdefault(key(t), []).append(t + 1)
        same = [g for g in groups.values() if len(g) > 1]
        if not same:
            return None
        return "pictures %s: %s, so their halves pair either way at the seam" % (
            "; ".join(" and ".join(map(str, g)) for g in same), what)


base.adopt(STYLES, Unseen)

if __name__ == "__main__":
    base.styles_main(sys.argv, __doc__)
