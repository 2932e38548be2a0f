#!/usr/bin/env python3
"""Repaints the tile pictures of generated puzzles with pictures of thousands
of colours, for timing the RGB path of `unscramble render` (scripts/bench-batch).

Usage: paint-rgb-tiles.py PHOTOS PUZZLE:KIND:SEED ...

Needs Pillow (`pip install pillow`). PHOTOS is a folder holding the four
photographs named below; scripts/bench-batch takes them from scikit-image's
wheel on PyPI, installed into its venv without dependencies
(`pip install --no-deps scikit-image==0.26.0`, then
`<venv>/lib/python3.*/site-packages/skimage/data`).

Each PUZZLE is a folder that `unscramble generate` wrote; its input/K.png
are replaced (same size, 8-bit RGB), its tile_dict.yaml is left as it is
(the render does not look at what the pictures show). KIND is one of:

  art    anti-aliased drawing: a two-colour gradient and shapes in random
         colours, drawn at four times the size and scaled down with a
         Lanczos filter, so every edge is a ramp of blended colours;
  photo  crops of colour photographs (the files in PHOTOS, e.g. the
         public-domain and CC0 samples that the scikit-image wheel ships:
         astronaut, chelsea, coffee, rocket), each a random square of 0.3
         to 0.8 of the photo's short side, scaled to the tile's size;
  scan   the puzzle's own drawn tile as a scanner returns it after JPEG:
         slightly blurred, lit unevenly, sensor noise, saved as JPEG at
         quality 85 and decoded again.

The same arguments always give the same pictures (random.Random(SEED);
Pillow's own filters and its libjpeg are deterministic). It prints each
puzzle with the number of colours in its tiles.
This is a benchmark helper, not part of the tool, and no test uses it.
"""

import random
import sys
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFilter

PHOTO_NAMES = ('astronaut.png', 'chelsea.png', 'coffee.png', 'rocket.jpg')


def colour(rng):
    return tuple(rng.randrange(256) for _ in range(3))


def gradient(size, a, b, horizontal):
    """A linear ramp from colour a to colour b across `size` pixels."""
    ramp = Image.linear_gradient('L').resize((size, size))
    if horizontal:
        ramp = ramp.transpose(Image.Transpose.ROTATE_90)
    return Image.composite(Image.new('RGB', (size, size), b),
                           Image.new('RGB', (size, size), a), ramp)


def art(side, rng):
    big = side * 4
    img = gradient(big, colour(rng), colour(rng), rng.random() < 0.5)
    draw = ImageDraw.Draw(img)
    for _ in range(rng.randint(6, 12)):
        x0, y0 = rng.randrange(big), rng.randrange(big)
        w, h = rng.randint(big // 10, big // 2), rng.randint(big // 10, big // 2)
        shape = rng.choice(('ellipse', 'polygon', 'line', 'ring'))
        if shape == 'ellipse':
            draw.ellipse((x0 - w // 2, y0 - h // 2, x0 + w // 2, y0 + h // 2), fill=colour(rng))
        elif shape == 'ring':
            draw.ellipse((x0 - w // 2, y0 - w // 2, x0 + w // 2, y0 + w // 2),
                         outline=colour(rng), width=rng.randint(8, 40))
        elif shape == 'polygon':
            points = [(x0 + rng.randint(-w, w), y0 + rng.randint(-h, h))
                      for _ in range(rng.randint(3, 6))]
            draw.polygon(points, fill=colour(rng))
        else:
            draw.line((x0, y0, x0 + rng.randint(-w, w), y0 + rng.randint(-h, h)),
                      fill=colour(rng), width=rng.randint(6, 30))
    return img.resize((side, side), Image.Resampling.LANCZOS)


def photo(side, rng, photos):
    src = rng.choice(photos)
    short = min(src.size)
    crop = int(short * rng.uniform(0.3, 0.8))
    x, y = rng.randrange(src.width - crop + 1), rng.randrange(src.height - crop + 1)
    return src.crop((x, y, x + crop, y + crop)).resize((side, side), Image.Resampling.LANCZOS)


def scan(picture, rng, scratch):
    side = picture.width
    img = picture.convert('RGB').filter(ImageFilter.GaussianBlur(0.8))
    # Uneven light: darker towards one corner, by up to 12%.
    light = gradient(side, (255, 255, 255), (224, 224, 224), rng.random() < 0.5)
    img = ImageChops.multiply(img, light)
    # Sensor noise of +-4 in each channel, from the seeded generator.
    noise = Image.frombytes('RGB', (side, side), rng.randbytes(side * side * 3))
    noise = noise.point(lambda v: v % 9)
    img = ImageChops.add(img, noise, offset=-4)
    img.save(scratch, quality=85)
    with Image.open(scratch) as decoded:
        return decoded.convert('RGB')


def main(argv):
    if len(argv) < 3:
        print(__doc__.split('\n\n')[1], file=sys.stderr)
        return 2
    photo_dir = Path(argv[1])
    photos = [Image.open(photo_dir / name).convert('RGB') for name in PHOTO_NAMES]
    for spec in argv[2:]:
        folder, kind, seed = spec.rsplit(':', 2)
        rng = random.Random(int(seed))
        inputs = Path(folder) / 'input'
        tiles = sorted(inputs.glob('[0-9]*.png'), key=lambda p: int(p.stem))
        sheet = None
        for n, tile in enumerate(tiles):
            with Image.open(tile) as drawn:
                drawn.load()
            side = drawn.width
            if kind == 'art':
                img = art(side, rng)
            elif kind == 'photo':
                img = photo(side, rng, photos)
            elif kind == 'scan':
                img = scan(drawn, rng, inputs / 'scan.jpg')
            else:
                print(f'unknown kind {kind!r}', file=sys.stderr)
                return 2
            img.save(tile)
            if sheet is None:
                sheet = Image.new('RGB', (side * len(tiles), side))
            sheet.paste(img, (side * n, 0))
        (inputs / 'scan.jpg').unlink(missing_ok=True)
        colours = len(sheet.getcolors(sheet.width * sheet.height)) if sheet else 0
        print(f'{folder}\t{kind}\t{colours} colours')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
