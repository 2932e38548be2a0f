#!/usr/bin/env python3
"""Puzzles in art styles that `draw-tiles` does not draw, each from a known
truth, for scripts/bench-infer-styles and the fixtures of tests/infer_styles/.

A puzzle is planted: a random board whose every inner seam carries one
picture, a random picture on every outer edge, then every tile turned and the
tiles shuffled. Its `input/tile_dict.yaml` is the truth `infer --check`
compares with. The unsolvable variant changes edges until `unscramble solve`
finds no solution. A picture's two halves are the two halves of one image cut
by the tile edge (its "+" half on one tile, "-" on the other), as on the
commercial puzzles; the styles:

  discs    colour half-discs: "+" solid with a white cross, "-" pale with a
           dark dot, the two halves of a picture in one hue (coded art: the
           halves do not continue each other across the seam)
  emoji    a colour emoji (Debian's fonts-noto-color-emoji, OFL) cut in two
  photo    round crops of scikit-image's sample photographs (public domain or
           CC0) on a wood-like ground, cut through the middle
  symbols  arrows, hearts, stars, moons, drops cut in two, in a few colours
  text     cards with a name written beside each edge ("EAGLE TOP" / "EAGLE
           BOTTOM", "Frosch Kopf" / "Frosch Bein"), as the Legespiel corpus
  drawn    `unscramble draw-tiles` (this project's own tiles)

Damage (a scan): jpeg, blur, noise, turn (scale and a slight turn), light
(uneven), sheet (laid crooked on a sheet, cut back by `unscramble cut`), scan
(all of these mildly at once).

Usage: infer-styles.py make STYLE SIZE SEED DAMAGE yes/no OUT_DIR   (yes: solvable)
       infer-styles.py fixture STYLE SEED OUT_DIR [SIZE yes/no [shared]]   (a small
           puzzle for tests/infer_styles/: 3x3 and solvable unless told;
           shared: one palette for all tiles)
       infer-styles.py bench [--styles A,B] [--seeds 1-40] [--jobs 2] [--keep DIR]
Env: UNSCRAMBLE (the binary), PHOTOS (folder of the sample photographs),
     EMOJI_FONT, TEXT_FONT.
"""
import math
import os
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

BIN = os.environ.get("UNSCRAMBLE", "target/release/unscramble")
EMOJI_FONT = os.environ.get("EMOJI_FONT", "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")
TEXT_FONTS = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
]
# Photographs with shapes in them. hubble_deep_field.jpg and ihc.png were
# dropped: texture all over (black with specks, a stained tissue), the two
# halves of one crop look alike and the reading refuses them.
PHOTOS = ["astronaut.png", "chelsea.png", "coffee.png", "rocket.jpg", "retina.jpg"]
TOKENS = {3: (4, 4), 4: (4, 6), 5: (5, 8), 6: (6, 10)}


# ---------------------------------------------------------------- the truth

def plant(size, tokens, rng):
    """Tiles (edges right, top, left, bottom as (token, sign)) of a board
    with a planted solution, turned and shuffled."""
    def rand_edge():
        return (rng.randrange(tokens), rng.choice("+-"))
    grid = [[[None] * 4 for _ in range(size)] for _ in range(size)]
    for r in range(size):
        for c in range(size):
            e = grid[r][c]
            for s in range(4):
                if e[s] is None:
                    e[s] = rand_edge()
            other = lambda sg: "-" if sg == "+" else "+"
            if c + 1 < size:  # right neighbour's left edge
                t, sg = e[0]
                grid[r][c + 1][2] = (t, other(sg))
            if r + 1 < size:  # lower neighbour's top edge
                t, sg = e[3]
                grid[r + 1][c][1] = (t, other(sg))
    # Every token used at least once on an inner seam when possible.
    tiles = []
    for row in grid:
        for e in row:
            k = rng.randrange(4)
            tiles.append([e[(s - k) % 4] for s in range(4)])
    rng.shuffle(tiles)
    return tiles


def yaml_text(tiles):
    name = lambda t: "p%02d" % t
    lines = ["# planted by scripts/infer-styles.py"]
    for i, t in enumerate(tiles):
        lines.append("%d: [%s]" % (i + 1, ", ".join("['%s', '%s']" % (name(a), s) for a, s in t)))
    return "\n".join(lines) + "\n"


def solutions(folder):
    """Solutions found (at most 1); None when the search stopped before it
    could prove there are none (a large board: try another change)."""
    import json
    out = subprocess.run([BIN, "solve", "--json", "--max-solutions", "1", "--no-closest",
                          "--max-nodes", "20000000", str(folder)],
                         capture_output=True, text=True)
    try:
        doc = json.loads(out.stdout[:out.stdout.rindex("}") + 1])
    except ValueError:
        raise SystemExit("solve failed on %s: %s" % (folder, out.stderr[-300:]))
    total = doc.get("solutions_total", 0)
    if total == 0 and not doc.get("complete", False):
        return None
    return total


def truth(folder, size, tokens, solvable, rng):
    """Writes input/tile_dict.yaml; returns the tiles."""
    (folder / "input").mkdir(parents=True, exist_ok=True)
    path = folder / "input" / "tile_dict.yaml"
    for _ in range(50):
        tiles = plant(size, tokens, rng)
        # Both halves of every picture shown, as on a bought puzzle.
        used = {e for tile in tiles for e in tile}
        if len(used) < 2 * tokens:
            continue
        if solvable:
            path.write_text(yaml_text(tiles))
            return tiles
        for _ in range(30):
            i, s = rng.randrange(len(tiles)), rng.randrange(4)
            t, sg = tiles[i][s]
            tiles[i][s] = (t, "-" if sg == "+" else "+")
            path.write_text(yaml_text(tiles))
            if solutions(folder) == 0:
                return tiles
    raise SystemExit("could not plant a puzzle")


# ---------------------------------------------------------------- art

def hsv(h, s, v):
    import colorsys
    r, g, b = colorsys.hsv_to_rgb(h % 1.0, s, v)
    return (int(r * 255), int(g * 255), int(b * 255))


def hues(n, rng):
    start = rng.random()
    order = list(range(n))
    rng.shuffle(order)
    return [(start + k / n) % 1.0 for k in order]


class Style:
    """Draws the picture of token t as an RGBA image `w x 2h`, its upper
    half the '+' half; tiles get a ground."""

    def __init__(self, name, side, tokens, rng):
        self.name, self.side, self.tokens, self.rng = name, side, tokens, rng
        self.w = int(side * rng.uniform(0.50, 0.62))
        self.h = int(self.w * rng.uniform(0.40, 0.5))
        getattr(self, "setup_" + name)()

    # -- grounds
    def ground(self, index):
        return getattr(self, "ground_" + self.name)(index)

    def plain(self, colour):
        return Image.new("RGBA", (self.side, self.side), colour + (255,))

    # -- discs
    def setup_discs(self):
        self.hue = hues(self.tokens, self.rng)
        self.paper = tuple(int(v) for v in np.array(hsv(self.rng.random(), 0.08, 0.97)))
        self.h = self.w // 2

    def ground_discs(self, index):
        return self.plain(self.paper)

    def picture_discs(self, t):
        w, h = self.w, self.h
        img = Image.new("RGBA", (w, 2 * h), (0, 0, 0, 0))
        d = ImageDraw.Draw(img)
        solid = hsv(self.hue[t], 0.85, 0.85)
        pale = hsv(self.hue[t], 0.30, 1.0)
        dark = hsv(self.hue[t], 0.9, 0.35)
        d.ellipse([0, 0, w - 1, 2 * h - 1], fill=pale + (255,), outline=dark + (255,), width=max(2, w // 40))
        top = Image.new("RGBA", (w, h), (0, 0, 0, 0))
        td = ImageDraw.Draw(top)
        td.ellipse([0, 0, w - 1, 2 * h - 1], fill=solid + (255,))
        # a white cross in the solid half, a dark dot in the pale one
        cx, cy, a = w // 2, h // 2, w // 9
        td.line([cx - a, cy, cx + a, cy], fill=(255, 255, 255, 255), width=max(3, w // 18))
        td.line([cx, cy - a, cx, cy + a], fill=(255, 255, 255, 255), width=max(3, w // 18))
        img.paste(top, (0, 0))
        d.ellipse([cx - a * 0.7, h + h // 2 - a * 0.7, cx + a * 0.7, h + h // 2 + a * 0.7], fill=dark + (255,))
        return img

    # -- emoji
    EMOJI = ("\U0001F418 \U0001F436 \U0001F431 \U0001F98A \U0001F438 \U0001F435 \U0001F414 \U0001F427 "
             "\U0001F422 \U0001F419 \U0001F98B \U0001F41E \U0001F34E \U0001F353 \U0001F34C \U0001F349 "
             "\U0001F41F \U0001F42C \U0001F984 \U0001F40C \U0001F337 \U0001F680 \U0001F697 \U00002708 "
             "\U0001F98E \U0001F40E \U0001F43B \U0001F437").split()

    def setup_emoji(self):
        self.font = ImageFont.truetype(EMOJI_FONT, 109)
        self.glyphs = self.rng.sample(self.EMOJI, self.tokens)
        self.paper = hsv(self.rng.random(), self.rng.uniform(0.05, 0.3), self.rng.uniform(0.85, 1.0))
        self.w = int(self.side * self.rng.uniform(0.42, 0.5))
        self.h = int(self.w * 0.5)

    def ground_emoji(self, index):
        return self.plain(self.paper)

    def picture_emoji(self, t):
        img = Image.new("RGBA", (160, 160), (0, 0, 0, 0))
        ImageDraw.Draw(img).text((80, 80), self.glyphs[t], font=self.font, embedded_color=True, anchor="mm")
        img = img.crop(img.getbbox())
        scale = min(self.w / img.width, 2 * self.h / img.height)
        img = img.resize((max(1, int(img.width * scale)), max(1, int(img.height * scale))), Image.LANCZOS)
        out = Image.new("RGBA", (self.w, 2 * self.h), (0, 0, 0, 0))
        out.paste(img, ((self.w - img.width) // 2, (2 * self.h - img.height) // 2))
        return out

    # -- photo
    def setup_photo(self):
        folder = Path(os.environ.get("PHOTOS", "target/infer-styles-cache/photos"))
        self.photos = [Image.open(folder / p).convert("RGB") for p in PHOTOS]
        self.h = self.w // 2
        self.crops = []
        for t in range(self.tokens):
            ph = self.rng.choice(self.photos)
            r = self.rng.randint(min(ph.size) // 6, min(ph.size) // 3)
            x = self.rng.randint(r, ph.width - r - 1)
            y = self.rng.randint(r, ph.height - r - 1)
            self.crops.append(ph.crop((x - r, y - r, x + r, y + r)))
        n = self.side
        yy, xx = np.mgrid[0:n, 0:n].astype(np.float32)
        self.woods = []
        for k in range(3):
            f = self.rng.uniform(0.04, 0.09)
            wobble = 6 * np.sin(yy / self.rng.uniform(15, 40) + k) + 3 * np.sin(yy / 7.0)
            grain = 0.5 + 0.5 * np.sin((xx + wobble) * f * 2 * math.pi / 3)
            base = np.array(hsv(self.rng.uniform(0.06, 0.1), self.rng.uniform(0.45, 0.65), self.rng.uniform(0.55, 0.75)), np.float32)
            col = base[None, None, :] * (0.8 + 0.25 * grain[..., None])
            col += np.random.default_rng(self.rng.randrange(1 << 30)).normal(0, 4, col.shape)
            self.woods.append(np.clip(col, 0, 255).astype(np.uint8))

    def ground_photo(self, index):
        wood = Image.fromarray(self.woods[index % len(self.woods)], "RGB")
        if index % 2:
            wood = wood.transpose(Image.ROTATE_90)
        return wood.convert("RGBA")

    def picture_photo(self, t):
        w, h = self.w, self.h
        crop = self.crops[t].resize((w, 2 * h), Image.LANCZOS).convert("RGBA")
        mask = Image.new("L", (w, 2 * h), 0)
        ImageDraw.Draw(mask).ellipse([0, 0, w - 1, 2 * h - 1], fill=255)
        crop.putalpha(mask)
        ring = Image.new("RGBA", (w, 2 * h), (0, 0, 0, 0))
        ImageDraw.Draw(ring).ellipse([0, 0, w - 1, 2 * h - 1], outline=(245, 240, 225, 255), width=max(2, w // 30))
        return Image.alpha_composite(crop, ring)

    # -- symbols
    SHAPES = ["arrow", "heart", "star", "moon", "drop", "bolt"]

    def setup_symbols(self):
        combos = [(s, c) for s in self.SHAPES for c in range(4)]
        self.rng.shuffle(combos)
        self.colours = [hsv(h, 0.8, 0.85) for h in hues(4, self.rng)]
        self.combos = combos[: self.tokens]
        self.paper = hsv(self.rng.random(), 0.12, 0.95)
        self.h = self.w // 2

    def ground_symbols(self, index):
        return self.plain(self.paper)

    def picture_symbols(self, t):
        shape, c = self.combos[t]
        w, h = self.w, self.h
        S = 4  # drawn large, shrunk smooth
        img = Image.new("RGBA", (w * S, 2 * h * S), (0, 0, 0, 0))
        d = ImageDraw.Draw(img)
        col = self.colours[c] + (255,)
        W, H = w * S, 2 * h * S
        cx, cy = W / 2, H / 2
        if shape == "arrow":  # points up: head on the "+" half
            d.polygon([(cx, H * 0.02), (W * 0.85, H * 0.45), (W * 0.62, H * 0.45), (W * 0.62, H * 0.98),
                       (W * 0.38, H * 0.98), (W * 0.38, H * 0.45), (W * 0.15, H * 0.45)], fill=col)
        elif shape == "heart":
            r = W * 0.24
            d.ellipse([cx - 2 * r, H * 0.08, cx, H * 0.08 + 2 * r], fill=col)
            d.ellipse([cx, H * 0.08, cx + 2 * r, H * 0.08 + 2 * r], fill=col)
            d.polygon([(cx - 2 * r + 2, H * 0.08 + r * 1.3), (cx + 2 * r - 2, H * 0.08 + r * 1.3), (cx, H * 0.97)], fill=col)
        elif shape == "star":
            R, r = min(W, H) * 0.48, min(W, H) * 0.2
            pts = [(cx + (R if k % 2 == 0 else r) * math.sin(k * math.pi / 5),
                    cy - (R if k % 2 == 0 else r) * math.cos(k * math.pi / 5)) for k in range(10)]
            d.polygon(pts, fill=col)
        elif shape == "moon":
            R = min(W, H) * 0.46
            d.ellipse([cx - R, cy - R, cx + R, cy + R], fill=col)
            d.ellipse([cx - R * 0.45, cy - R * 1.05, cx + R * 1.3, cy + R * 0.75], fill=(0, 0, 0, 0))
        elif shape == "drop":
            R = W * 0.3
            d.ellipse([cx - R, H * 0.95 - 2 * R, cx + R, H * 0.95], fill=col)
            d.polygon([(cx - R * 0.97, H * 0.95 - R * 1.2), (cx + R * 0.97, H * 0.95 - R * 1.2), (cx, H * 0.03)], fill=col)
        else:  # bolt
            d.polygon([(W * 0.6, H * 0.02), (W * 0.2, H * 0.55), (W * 0.48, H * 0.55), (W * 0.38, H * 0.98),
                       (W * 0.82, H * 0.42), (W * 0.53, H * 0.42)], fill=col)
        outline = tuple(int(v * 0.45) for v in self.colours[c]) + (255,)
        edge = img.split()[3].filter(ImageFilter.FIND_EDGES).point(lambda v: 255 if v > 40 else 0)
        edge = edge.filter(ImageFilter.MaxFilter(2 * S + 1))
        img.paste(Image.new("RGBA", img.size, outline), (0, 0), edge)
        return img.resize((w, 2 * h), Image.LANCZOS)

    # -- text
    WORDS = ["EAGLE", "TIGER", "Frosch", "Katze", "OWL", "Hund", "PANDA", "Biene", "SHARK", "Zebra",
             "LION", "Pferd", "Maus", "FOX", "Igel", "Ente", "WOLF", "Kuh"]
    HALVES = [("TOP", "BOTTOM"), ("Kopf", "Bein"), ("head", "tail"), ("oben", "unten"), ("FRONT", "BACK")]

    def setup_text(self):
        self.words = self.rng.sample(self.WORDS, self.tokens)
        self.marks = self.rng.choice(self.HALVES)
        self.font = ImageFont.truetype(self.rng.choice(TEXT_FONTS), int(self.side * self.rng.uniform(0.055, 0.07)))
        self.numfont = ImageFont.truetype(TEXT_FONTS[0], int(self.side * 0.12))
        self.upright = self.rng.random() < 0.5
        self.ink = hsv(self.rng.random(), self.rng.uniform(0, 0.8), self.rng.uniform(0.1, 0.5))

    def text_tile(self, index, edges):
        """Cards are drawn whole: the names stay upright or turn with their edge."""
        n = self.side
        img = Image.new("RGBA", (n, n), (255, 255, 255, 255))
        d = ImageDraw.Draw(img)
        d.rectangle([0, 0, n - 1, n - 1], outline=(150, 150, 150, 255), width=max(2, n // 80))
        d.line([0, 0, n, n], fill=(200, 200, 200, 255), width=1)
        d.line([0, n, n, 0], fill=(200, 200, 200, 255), width=1)
        d.text((n / 2, n / 2), str(index + 1), font=self.numfont, fill=(0, 0, 0, 255), anchor="mm")
        for s, (t, sg) in enumerate(edges):
            label = "%s %s" % (self.words[t], self.marks[0] if sg == "+" else self.marks[1])
            box = self.font.getbbox(label)
            tw, th = box[2] - box[0] + 4, box[3] - box[1] + 8
            lab = Image.new("RGBA", (tw, th), (0, 0, 0, 0))
            ImageDraw.Draw(lab).text((2 - box[0], 4 - box[1]), label, font=self.font, fill=self.ink + (255,))
            if lab.width > n * 0.6:
                lab = lab.resize((int(n * 0.6), lab.height * int(n * 0.6) // lab.width), Image.LANCZOS)
            if not self.upright:
                lab = lab.rotate([90, 0, -90, 180][s], expand=True)
            m = int(n * 0.06)
            if s == 0:
                pos = (n - m - lab.width, (n - lab.height) // 2)
            elif s == 1:
                pos = ((n - lab.width) // 2, m)
            elif s == 2:
                pos = (m, (n - lab.height) // 2)
            else:
                pos = ((n - lab.width) // 2, n - m - lab.height)
            img.alpha_composite(lab, pos)
        return img

    # -- one tile
    def tile(self, index, edges, pictures):
        if self.name == "text":
            return self.text_tile(index, edges)
        img = self.ground(index)
        n = self.side
        for s, (t, sg) in enumerate(edges):
            pic = pictures[t]
            half = pic.crop((0, 0, self.w, self.h)).rotate(180) if sg == "+" else pic.crop((0, self.h, self.w, 2 * self.h))
            layer = Image.new("RGBA", (n, n), (0, 0, 0, 0))
            layer.paste(half, ((n - self.w) // 2, 0))
            layer = layer.rotate([-90, 0, 90, 180][s])
            img = Image.alpha_composite(img, layer)
        return img


def draw(style, folder, tiles, tokens, rng):
    side = rng.choice([200, 240, 280, 320])
    if os.environ.get("TILE_SIDE"):
        side = int(os.environ["TILE_SIDE"])
    if style == "drawn":
        out = subprocess.run([BIN, "draw-tiles", "-q", str(folder)],
                             capture_output=True, text=True)
        if out.returncode:
            raise SystemExit("draw-tiles failed: " + out.stderr)
        return
    st = Style(style, side, tokens, rng)
    pictures = [getattr(st, "picture_" + style)(t) for t in range(tokens)] if style != "text" else []
    for i, edges in enumerate(tiles):
        st.tile(i, edges, pictures).convert("RGB").save(folder / "input" / ("%d.png" % (i + 1)))


# ---------------------------------------------------------------- damage

def jpeg(img, q):
    import io
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=q)
    buf.seek(0)
    return Image.open(buf).convert("RGB")


def noise(img, sigma, rng):
    a = np.asarray(img, np.float32)
    a = a + np.random.default_rng(rng.randrange(1 << 30)).normal(0, sigma, a.shape)
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))


def light(img, low, angle):
    a = np.asarray(img, np.float32)
    h, w = a.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w]
    t = (xx * math.cos(angle) + yy * math.sin(angle))
    t = (t - t.min()) / max(1e-6, t.max() - t.min())
    return Image.fromarray(np.clip(a * (low + (1 - low) * t)[..., None], 0, 255).astype(np.uint8))


def turn(img, degrees, scale):
    w = img.width
    border = tuple(int(v) for v in np.median(np.asarray(img)[[0, -1]].reshape(-1, 3), axis=0))
    img = img.rotate(degrees, Image.BICUBIC, fillcolor=border)
    return img.resize((max(40, int(w * scale)),) * 2, Image.BICUBIC)


def damage(kind, folder, size, rng):
    tiles = sorted((folder / "input").glob("[0-9]*.png"), key=lambda p: int(p.stem))
    if kind == "sheet":
        side = Image.open(tiles[0]).width
        gap = side // 4
        sheet = Image.new("RGB", (size * side + (size + 1) * gap,) * 2, (62, 66, 74))
        for i, t in enumerate(tiles):
            im = Image.open(t).convert("RGBA")
            tu = im.rotate(rng.choice([-1, 1]) * rng.uniform(0.5, 2.5), Image.BICUBIC, expand=True)
            r, c = divmod(i, size)
            x = gap + c * (side + gap) + (side - tu.width) // 2 + rng.randint(-gap // 4, gap // 4)
            y = gap + r * (side + gap) + (side - tu.height) // 2 + rng.randint(-gap // 4, gap // 4)
            sheet.paste(tu, (x, y), tu)
        sheet = jpeg(noise(sheet, 4, rng), 85)
        sheet.save(folder / "sheet.png")
        cut = folder / "cut"
        out = subprocess.run([BIN, "cut", "-q", str(folder / "sheet.png"), "--grid", "%dx%d" % (size, size),
                              "-o", str(cut / "input")], capture_output=True, text=True)
        if out.returncode:
            return "cut refused: " + out.stderr.strip().splitlines()[-1][:150]
        for t in tiles:
            t.unlink()
        for p in (cut / "input").glob("[0-9]*.png"):
            p.replace(folder / "input" / p.name)
        return None
    # One scan: one scale and one light for all its tiles.
    low, angle = rng.uniform(0.6, 0.75), rng.uniform(0, 2 * math.pi)
    scale = rng.uniform(0.7, 1.3) if kind == "turn" else rng.uniform(0.8, 1.2)
    for t in tiles:
        img = Image.open(t).convert("RGB")
        if kind == "jpeg":
            img = jpeg(img, rng.randint(30, 70))
        elif kind == "blur":
            img = img.filter(ImageFilter.GaussianBlur(rng.uniform(1.0, 2.0)))
        elif kind == "noise":
            img = noise(img, rng.uniform(6, 14), rng)
        elif kind == "turn":
            img = turn(img, rng.uniform(-1.5, 1.5), scale)
        elif kind == "light":
            img = light(img, low, angle + rng.uniform(-0.3, 0.3))
        elif kind == "scan":
            img = turn(img, rng.uniform(-1, 1), scale)
            img = img.filter(ImageFilter.GaussianBlur(0.7))
            img = light(img, rng.uniform(0.75, 0.9), angle)
            img = jpeg(noise(img, 5, rng), rng.randint(60, 85))
        elif kind != "clean":
            raise SystemExit("unknown damage " + kind)
        img.save(t)
    return None


def fixture(style, seed, out, size=3, solvable=True, shared=False):
    """A small puzzle for the tests (3x3 unless told): 128-pixel tiles
    stored as 8-bit palette PNGs (a few KB each). `shared`: one palette of
    64 colours for all tiles, so that copies of one half keep one colour
    each (a palette per tile gives copies of a photo crop other colours)."""
    os.environ["TILE_SIDE"] = "200" if style == "text" else "128"
    make(style, size, seed, "clean", solvable, out)
    tiles = sorted((Path(out) / "input").glob("[0-9]*.png"), key=lambda p: int(p.stem))
    if shared:
        ims = [Image.open(t).convert("RGB") for t in tiles]
        w = ims[0].width
        mosaic = Image.new("RGB", (w * len(ims), w))
        for k, im in enumerate(ims):
            mosaic.paste(im, (k * w, 0))
        palette = mosaic.quantize(64, method=Image.MEDIANCUT, dither=Image.NONE)
        for t, im in zip(tiles, ims):
            im.quantize(palette=palette, dither=Image.NONE).save(t, optimize=True)
        return
    colours = 40 if style == "photo" else 96
    for t in tiles:
        Image.open(t).convert("RGB").quantize(colours, method=Image.MEDIANCUT, dither=Image.NONE).save(t, optimize=True)


def make(style, size, seed, kind, solvable, out):
    # The truth and the art depend on (style, size, seed, solvable) only, so
    # a puzzle's clean and damaged cases show the same tiles.
    key = "%s/%d/%d/%s" % (style, size, seed, solvable)
    rng = random.Random(key)
    out = Path(out)
    lo, hi = TOKENS[size]
    tokens = rng.randint(lo, hi)
    tiles = truth(out, size, tokens, solvable, rng)
    draw(style, out, tiles, tokens, rng)
    why = damage(kind, out, size, random.Random(key + "/" + kind))
    if why:
        print(why)
        sys.exit(3)


# ---------------------------------------------------------------- the bench

TIMEOUT = int(os.environ.get("INFER_TIMEOUT", "300"))
STYLES = ["discs", "emoji", "photo", "symbols", "text", "drawn"]
DAMAGES = ["jpeg", "blur", "noise", "turn", "light", "sheet", "scan"]


def parse_seeds(text):
    """Seeds as a list of single seeds and ranges, "135-139,141-143": a
    held-out set leaves out the seeds that the generator makes too costly."""
    seeds = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        seeds.extend(range(int(lo), int(hi or lo) + 1))
    return seeds


def cases(styles, seeds):
    """Per style and seed: a puzzle 3x3 to 6x6 (one in five unsolvable),
    read clean and after one kind of damage."""
    for style in styles:
        for seed in seeds:
            size = 3 + (seed - 1) % 4
            solvable = seed % 5 != 0
            for kind in ("clean", DAMAGES[(seed - 1) % len(DAMAGES)]):
                yield style, size, seed, kind, solvable


# Beside input/ in a case whose pictures the pixels cannot pair by
# construction (two pictures whose halves continue each other's exactly as
# well as their own): a refusal is the right answer there, so the report
# counts these cases apart instead of as misses.
TIE = "tie.txt"


def run_case(work, case):
    d = Path(work) / ("%s-%dx%d-s%d-%s" % (case[0], case[1], case[1], case[2], case[3]))
    result = read_case(d, case)
    return result + ((d / TIE).exists(),)


def read_case(d, case):
    import json
    import time
    style, size, seed, kind, solvable = case
    try:
        if not (d / "input" / "1.png").exists():
            make(style, size, seed, kind, solvable, d)
    except SystemExit as e:
        # The clean tiles drawn before a damage that failed (`cut` refusing
        # the crooked sheet) must not stay behind to be read as the case
        # by a later run of the bench on the kept folder.
        import shutil
        shutil.rmtree(d, ignore_errors=True)
        return case, "material", "%s" % e, None, 0.0
    start = time.monotonic()
    try:
        out = subprocess.run([BIN, "infer", "--check", "--json", "-q", str(d)], capture_output=True, text=True,
                             timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return case, "refused", "timed out after %d s" % TIMEOUT, None, TIMEOUT
    secs = time.monotonic() - start
    debug = " ".join(l for l in out.stderr.splitlines() if l.startswith("DEBUG"))
    try:
        doc = json.loads(out.stdout)
    except ValueError:
        return case, "crash", out.stderr[-300:], None, secs
    if doc.get("errors"):
        msg = doc["errors"][0]["message"]
        return case, "refused", msg.split("do not decide the edges: ")[-1][:240] + debug, None, secs
    conf = doc.get("confidence")
    if conf is None:
        conf = min((c["confidence"] for c in doc.get("classes", [])), default=0.0)
        if doc.get("weak"):
            conf = min(conf, 0.5)
    diffs = doc.get("differences", [])
    if diffs:
        return case, "wrong", "%d edges differ (%s)" % (len(diffs), diffs[0]) + debug, conf, secs
    return case, "right", debug, conf, secs


def bench(argv):
    import argparse
    import tempfile
    from concurrent.futures import ThreadPoolExecutor
    ap = argparse.ArgumentParser(prog="infer-styles.py bench")
    ap.add_argument("--styles", default=",".join(STYLES))
    ap.add_argument("--seeds", default="1-40", help="a list of seeds and ranges: A-B,C,D-E")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--keep", help="keep the puzzles in this folder")
    a = ap.parse_args(argv)
    seeds = parse_seeds(a.seeds)
    work = a.keep or tempfile.mkdtemp(prefix="bench-infer-styles.")
    todo = list(cases(a.styles.split(","), seeds))
    with ThreadPoolExecutor(a.jobs) as pool:
        results = list(pool.map(lambda c: run_case(work, c), todo))
    if os.environ.get("UNSCRAMBLE_INFER_DEBUG"):
        for r in results:
            print("case", r[0], r[1], "%.1fs" % r[4], r[2][-300:])
    if not a.keep:
        import shutil
        shutil.rmtree(work, ignore_errors=True)
    report(results, a.styles.split(","))


def report(results, styles):
    print("| style | cases | right | refused | wrong |")
    print("|---|---|---|---|---|")
    tot = [0, 0, 0, 0]
    for style in styles:
        rs = [r for r in results if r[0][0] == style and r[1] != "material"]
        n = len(rs)
        k = [sum(1 for r in rs if r[1] == w) for w in ("right", "refused")]
        wrong = sum(1 for r in rs if r[1] in ("wrong", "crash"))
        pc = lambda x: "%d (%d%%)" % (x, round(100 * x / max(n, 1)))
        print("| %s | %d | %s | %s | %s |" % (style, n, pc(k[0]), pc(k[1]), pc(wrong)))
        for i, v in enumerate((n, k[0], k[1], wrong)):
            tot[i] += v
    print("| all | %d | %d | %d | %d |" % tuple(tot))
    ties = [r for r in results if r[5] and r[1] != "material"]
    if ties:
        print("\nTies by construction (the pixels cannot pair two pictures' halves; a refusal is right):")
        for style in styles:
            rs = [r for r in ties if r[0][0] == style]
            if rs:
                print("  %s: %d cases, %d refused, %d right, %d wrong" % (
                    style, len(rs), sum(r[1] == "refused" for r in rs), sum(r[1] == "right" for r in rs),
                    sum(r[1] in ("wrong", "crash") for r in rs)))
    bad = [r for r in results if r[1] == "material"]
    if bad:
        print("\nnot counted (the material could not be made, e.g. cut refused the sheet): %d" % len(bad))
        for r in bad:
            print("  %s: %s" % (r[0], r[2][-160:]))
    print()
    print("| damage | cases | right | refused | wrong |")
    print("|---|---|---|---|---|")
    for kind in ["clean"] + DAMAGES:
        rs = [r for r in results if r[0][3] == kind and r[1] != "material"]
        if rs:
            print("| %s | %d | %d | %d | %d |" % (kind, len(rs), sum(r[1] == "right" for r in rs),
                                                  sum(r[1] == "refused" for r in rs),
                                                  sum(r[1] in ("wrong", "crash") for r in rs)))
    print()
    print("Calibration (inferences written, by the confidence they were written with):")
    print("| confidence | written | right |")
    print("|---|---|---|")
    bins = [(0.0, 0.5), (0.5, 0.8), (0.8, 0.9), (0.9, 0.95), (0.95, 0.99), (0.99, 1.01)]
    for lo, hi in bins:
        rs = [r for r in results if r[3] is not None and lo <= r[3] < hi]
        if rs:
            print("| %.2f-%.2f | %d | %d |" % (lo, min(hi, 1.0), len(rs), sum(r[1] == "right" for r in rs)))
    print()
    for size in (3, 4, 5, 6):
        ts = sorted(r[4] for r in results if r[0][1] == size and r[4] > 0)
        if ts:
            print("time %dx%d: median %.2f s, max %.2f s (%d runs)" % (size, size, ts[len(ts) // 2], ts[-1], len(ts)))
    print()
    for r in results:
        if r[1] not in ("right", "material"):
            (style, size, seed, kind, solvable), what, why = r[0], r[1], r[2]
            print("%s: %s %dx%d seed %d %s%s%s: %s" % (what, style, size, size, seed, kind,
                                                       "" if solvable else " (unsolvable)",
                                                       " (tie)" if r[5] else "", why))


def adopt(styles, art):
    """Makes this module draw `styles` with `art(style, side, tokens, rng)`,
    whose `tile(index, edges)` draws one tile: how unseen-styles.py and
    clipart-styles.py bring their own art to this planting and bench."""
    global STYLES, draw

    def draw_with(style, folder, tiles, tokens, rng):
        side = rng.choice([200, 240, 280, 320])
        drawer = art(style, side, tokens, rng)
        for i, edges in enumerate(tiles):
            drawer.tile(i, edges).convert("RGB").save(folder / "input" / ("%d.png" % (i + 1)))
        tie = drawer.tie() if hasattr(drawer, "tie") else None
        if tie:
            (folder / TIE).write_text(tie + "\n")

    STYLES, draw = styles, draw_with


def styles_main(argv, doc):
    """The command line of a script that adopted its own styles."""
    if len(argv) >= 2 and argv[1] == "bench":
        rest = argv[2:]
        if "--styles" not in rest:
            rest += ["--styles", ",".join(STYLES)]
        bench(rest)
    elif len(argv) == 8 and argv[1] == "make":
        _, _, style, size, seed, kind, solvable, out = argv
        make(style, int(size), int(seed), kind, solvable == "yes", out)
    else:
        raise SystemExit(doc)


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "fixture":
        fixture(sys.argv[2], int(sys.argv[3]), sys.argv[4])
    elif len(sys.argv) in (7, 8) and sys.argv[1] == "fixture":
        fixture(sys.argv[2], int(sys.argv[3]), sys.argv[4], int(sys.argv[5]), sys.argv[6] == "yes",
                sys.argv[7:] == ["shared"])
    elif len(sys.argv) >= 2 and sys.argv[1] == "bench":
        bench(sys.argv[2:])
    elif len(sys.argv) == 8 and sys.argv[1] == "make":
        _, _, style, size, seed, kind, solvable, out = sys.argv
        make(style, int(size), int(seed), kind, solvable == "yes", out)
    else:
        raise SystemExit(__doc__)
