#!/usr/bin/env python3
"""The pipeline of the blog series "Scramble Squares, Pt. 1/3: Constraint
Programming", rebuilt from its description, as a yardstick for timing.

Usage: seed-000-pipeline.py PUZZLES OUT

That post (Python, OR-Tools CP-SAT, PIL) solves one puzzle in these
steps, which this script repeats for every folder P below PUZZLES whose input/
holds tile_dict.yaml, writing into OUT/<P>/:

1. load input/tile_dict.yaml with pyyaml (keys 1..N, each value the edges
   right, top, left, bottom as [token, half]);
2. draw the unsolved board: an RGBA canvas of n x n tiles filled white, tile K
   pasted unturned at row-major cell K with its alpha as the mask, a 1 px black
   border added with ImageOps.expand; save it as unsolved.png (PIL defaults);
3. build a CP-SAT model: per cell a tile variable (1..max key) and a turns
   variable (0..3, counter-clockwise quarter turns; side e of a tile turned r
   shows base edge (e - r) mod 4), AllDifferent over the tile variables, and
   allowed-assignment tables for horizontal and vertical neighbours (same
   token, different half);
4. enumerate every solution with a solution callback;
5. for each solution write <i>.txt ("[t=..,r=..]" cells, one board row per
   line) and draw it as in step 2, every tile picture opened again and turned
   with Image.rotate(r * 90), and save it as <i>.png (PIL defaults).

The post also shows each image on screen (Image.show) and prints every
solution; neither is done here. It keeps its solutions in a set of objects
(so in no particular order); this keeps them in the order found. A tile
picture without alpha (`unscramble generate` draws RGB tiles, on which the
seed's mask=split()[3] fails) is converted to RGBA before it is pasted. Only square
boards can be read, as in the post: a folder with input/board.yaml is skipped.

It prints one line per puzzle, "<P>\t<solutions>", on stdout.
This is a benchmark helper, not part of the tool, and no test uses it.
"""

import sys
from itertools import permutations, product
from pathlib import Path

import yaml
from ortools.sat.python import cp_model
from PIL import Image, ImageOps

RIGHT, TOP, LEFT, BOTTOM = 0, 1, 2, 3


def load_tiles(case):
    """tile_dict.yaml as {tile: [(token, half), ...]} in the post's way."""
    with open(case / 'input' / 'tile_dict.yaml', encoding='utf-8') as fh:
        raw = yaml.load(fh, Loader=yaml.Loader)
    return {key: [tuple(edge) for edge in edges] for key, edges in raw.items()}


def side(tiles, tile, turns, edge):
    """What side `edge` of `tile` shows after `turns` counter-clockwise turns."""
    return tiles[tile][(edge - turns) % 4]


def fits(a, b):
    return a[0] == b[0] and a[1] != b[1]


def new_canvas(case, n):
    with Image.open(case / 'input' / '1.png') as first:
        px = first.size[0]
    canvas = Image.new('RGBA', (px * n, px * n), (255, 255, 255, 255))
    return canvas, px


def paste(canvas, picture, x, y):
    if picture.mode != 'RGBA':
        # The post's pictures have alpha; `unscramble generate` draws RGB ones,
        # on which the post's split()[3] would fail: give them an opaque alpha.
        picture = picture.convert('RGBA')
    canvas.paste(picture, (x, y), mask=picture.split()[3])


def draw_unsolved(case, tiles, n):
    canvas, px = new_canvas(case, n)
    for key in tiles:
        i, j = divmod(key - 1, n)
        picture = Image.open(case / 'input' / f'{key}.png')
        paste(canvas, picture, px * j, px * i)
    return ImageOps.expand(canvas, border=1, fill='black')


def draw_solution(case, placed, n):
    canvas, px = new_canvas(case, n)
    for (i, j), (tile, turns) in placed.items():
        picture = Image.open(case / 'input' / f'{tile}.png')
        picture = picture.rotate(turns * 90)
        paste(canvas, picture, px * (j - 1), px * (i - 1))
    return ImageOps.expand(canvas, border=1, fill='black')


def solution_text(placed, n):
    rows = []
    for i in range(1, n + 1):
        rows.append(' '.join(f'[t={placed[i, j][0]},r={placed[i, j][1]}]'
                             for j in range(1, n + 1)))
    return '\n'.join(rows) + '\n'


def allowed(tiles, edge_a, edge_b):
    """(t1, r1, t2, r2) such that side edge_a of t1 meets side edge_b of t2."""
    table = []
    for t1, t2 in permutations(tiles, 2):
        for r1, r2 in product(range(4), repeat=2):
            if fits(side(tiles, t1, r1, edge_a), side(tiles, t2, r2, edge_b)):
                table.append((t1, r1, t2, r2))
    return table


class Collector(cp_model.CpSolverSolutionCallback):
    def __init__(self, tile_vars, turn_vars):
        super().__init__()
        self.tile_vars = tile_vars
        self.turn_vars = turn_vars
        self.found = []

    def on_solution_callback(self):
        self.found.append({cell: (self.value(self.tile_vars[cell]),
                                  self.value(self.turn_vars[cell]))
                           for cell in sorted(self.tile_vars)})


def solve_all(tiles, n):
    cells = list(product(range(1, n + 1), repeat=2))
    model = cp_model.CpModel()
    tile_vars = {c: model.new_int_var(1, max(tiles), f'tile_{c}') for c in cells}
    turn_vars = {c: model.new_int_var(0, 3, f'turns_{c}') for c in cells}
    model.add_all_different(tile_vars.values())
    across = allowed(tiles, RIGHT, LEFT)
    down = allowed(tiles, BOTTOM, TOP)
    for (i, j) in cells:
        if j < n:
            model.add_allowed_assignments(
                [tile_vars[i, j], turn_vars[i, j],
                 tile_vars[i, j + 1], turn_vars[i, j + 1]], across)
        if i < n:
            model.add_allowed_assignments(
                [tile_vars[i, j], turn_vars[i, j],
                 tile_vars[i + 1, j], turn_vars[i + 1, j]], down)
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    collector = Collector(tile_vars, turn_vars)
    solver.solve(model, collector)
    return collector.found


def run_case(case, out):
    tiles = load_tiles(case)
    n = int(len(tiles) ** 0.5)
    out.mkdir(parents=True, exist_ok=True)
    draw_unsolved(case, tiles, n).save(out / 'unsolved.png')
    found = solve_all(tiles, n)
    for k, placed in enumerate(found, start=1):
        (out / f'{k}.txt').write_text(solution_text(placed, n), encoding='utf-8')
        draw_solution(case, placed, n).save(out / f'{k}.png')
    return len(found)


def main(argv):
    if len(argv) != 3:
        print(__doc__.split('\n\n')[1], file=sys.stderr)
        return 2
    puzzles, out = Path(argv[1]), Path(argv[2])
    cases = sorted(p.parent.parent for p in puzzles.rglob('input/tile_dict.yaml'))
    if not cases:
        print(f'no input/tile_dict.yaml below {puzzles}', file=sys.stderr)
        return 1
    for case in cases:
        name = case.relative_to(puzzles).as_posix()
        if (case / 'input' / 'board.yaml').exists():
            print(f'skipped {name}: not a square board', file=sys.stderr)
            continue
        count = run_case(case, out / name)
        print(f'{name}\t{count}', flush=True)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
