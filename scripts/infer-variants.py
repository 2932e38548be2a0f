#!/usr/bin/env python3
"""Hunts confident wrong readings of `infer` on pictures a user could have:
seen benchmark cases (every style of infer-styles.py, unseen-styles.py,
clipart-styles.py, and the Legespiel corpus cards) made over as variants,
each read by one or more binaries against the case's truth.

Variants of a case (every tile alike; names as in the log):
  base          the case as the bench makes it
  q16 … q128    quantised to that many colours (median cut, no dither,
                a palette per tile, as the committed fixtures are)
  s0.5n … s1.5s rescaled by 0.5, 0.75 or 1.5, nearest (n) or smooth (s)
  j30 j45 j60   saved as JPEG at that quality (read back, stored as PNG)
  g0.6 g1.6     a gamma change;  c0.6 c1.4  a contrast change
  crop1         one pixel cut off each side;  padw padk  one white / black
                pixel added round each tile
  grey          grey-scale

Usage:
  infer-variants.py make KEEP [--sets styles,unseen,clipart,corpus]
                    [--seeds-styles 121,126] [--seeds-unseen 1029,1034]
                    [--seeds-clipart 5,10] [--corpus-every 5] [--variants a,b]
                    [--styles text,labels]
      makes the base cases (each seed's clean case and its bench damage) and
      their variants under KEEP/cases/ (kept: rerun one with
      `unscramble infer KEEP/cases/NAME --check --json`)
  infer-variants.py read KEEP --bins A[,B] [--jobs 1] [--timeout 40]
      reads every case with each binary (alternating which goes first),
      appending to KEEP/reads.tsv (a rerun reads only what is missing)
  infer-variants.py report KEEP
      right / refused / wrong per binary, per variant and per style, every
      written-wrong reading with its confidence, every case the binaries
      read differently, and the calibration of what was written

Env as infer-styles.py for make (UNSCRAMBLE for `cut`, PHOTOS, CLIPART,
OPENCLIPART); CORPUS (default /work/shared/corpus/legespiel).
Default sets: 3x3 and 4x4 cases only, so that make + read with two
binaries stays under 40 minutes on one core.
"""
import argparse
import io
import json
import os
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from PIL import Image, ImageEnhance, ImageOps

HERE = Path(__file__).resolve().parent
PY = sys.executable
CORPUS = Path(os.environ.get("CORPUS", "/work/shared/corpus/legespiel"))
GENERATORS = {
    "styles": ("infer-styles.py", ["discs", "emoji", "photo", "symbols", "text", "drawn"]),
    "unseen": ("unseen-styles.py", ["stripes", "critters", "squares", "labels", "lineart", "bands"]),
    "clipart": ("clipart-styles.py", ["animals", "things", "glyphs", "openclip"]),
}
DAMAGES = ["jpeg", "blur", "noise", "turn", "light", "sheet", "scan"]
TIE = "tie.txt"


# ---------------------------------------------------------------- variants

def quantised(n):
    return lambda im: im.quantize(n, method=Image.MEDIANCUT, dither=Image.NONE)


def scaled(f, smooth):
    def go(im):
        w, h = max(8, round(im.width * f)), max(8, round(im.height * f))
        return im.resize((w, h), Image.LANCZOS if smooth else Image.NEAREST)
    return go


def jpeg(q):
    def go(im):
        buf = io.BytesIO()
        im.save(buf, "JPEG", quality=q)
        buf.seek(0)
        return Image.open(buf).convert("RGB")
    return go


def gamma(g):
    lut = [round(255 * (x / 255) ** g) for x in range(256)]
    return lambda im: im.point(lut * 3)


def contrast(f):
    return lambda im: ImageEnhance.Contrast(im).enhance(f)


VARIANTS = {
    "base": None,
    "q16": quantised(16), "q32": quantised(32), "q64": quantised(64), "q128": quantised(128),
    "s0.5n": scaled(0.5, False), "s0.5s": scaled(0.5, True),
    "s0.75n": scaled(0.75, False), "s0.75s": scaled(0.75, True),
    "s1.5n": scaled(1.5, False), "s1.5s": scaled(1.5, True),
    "j30": jpeg(30), "j45": jpeg(45), "j60": jpeg(60),
    "g0.6": gamma(0.6), "g1.6": gamma(1.6), "c0.6": contrast(0.6), "c1.4": contrast(1.4),
    "crop1": lambda im: im.crop((1, 1, im.width - 1, im.height - 1)),
    "padw": lambda im: ImageOps.expand(im, 1, fill=(255, 255, 255)),
    "padk": lambda im: ImageOps.expand(im, 1, fill=(0, 0, 0)),
    "grey": lambda im: im.convert("L").convert("RGB"),
}


def tiles(folder):
    return sorted((folder / "input").glob("[0-9]*.png"), key=lambda p: int(p.stem))


def make_variant(base, out, name):
    """`base` made over as variant `name` into `out` (truth and tie copied)."""
    if (out / "input" / "1.png").exists():
        return
    (out / "input").mkdir(parents=True, exist_ok=True)
    shutil.copy(base / "input" / "tile_dict.yaml", out / "input" / "tile_dict.yaml")
    if (base / TIE).exists():
        shutil.copy(base / TIE, out / TIE)
    for t in tiles(base):
        im = Image.open(t).convert("RGB")
        f = VARIANTS[name]
        (f(im) if f else im).save(out / "input" / t.name, optimize=name.startswith("q"))


# ---------------------------------------------------------------- the bases

def bench_cases(seeds):
    """The bench's cases of each seed: its size, solvability, clean and its
    damage (infer-styles.py's `cases`)."""
    for seed in seeds:
        size, solvable = 3 + (seed - 1) % 4, seed % 5 != 0
        for kind in ("clean", DAMAGES[(seed - 1) % len(DAMAGES)]):
            yield size, seed, kind, solvable


def make_base(script, style, size, seed, kind, solvable, out):
    """One bench case into `out`; False when its material cannot be made."""
    if (out / "input" / "1.png").exists():
        return True
    r = subprocess.run([PY, str(HERE / script), "make", style, str(size), str(seed), kind,
                        "yes" if solvable else "no", str(out)], capture_output=True, text=True)
    if r.returncode != 0 or not (out / "input" / "1.png").exists():
        shutil.rmtree(out, ignore_errors=True)
        print("not made: %s (%s)" % (out.name, (r.stdout + r.stderr).strip()[-160:]), file=sys.stderr)
        return False
    return True


def seeds_of(text):
    out = []
    for part in text.split(","):
        if part:
            lo, _, hi = part.partition("-")
            out.extend(range(int(lo), int(hi or lo) + 1))
    return out


def make(argv):
    ap = argparse.ArgumentParser(prog="infer-variants.py make")
    ap.add_argument("keep")
    ap.add_argument("--sets", default="styles,unseen,clipart,corpus")
    ap.add_argument("--seeds-styles", default="121,126")
    ap.add_argument("--seeds-unseen", default="1029,1034")
    ap.add_argument("--seeds-clipart", default="5,10")
    ap.add_argument("--corpus-every", type=int, default=5)
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument("--styles", default="", help="only these styles (default: every one)")
    a = ap.parse_args(argv)
    keep = Path(a.keep)
    bases = keep / "bases"
    names = []
    sets = a.sets.split(",")
    for gen, (script, styles) in GENERATORS.items():
        if gen not in sets:
            continue
        seeds = seeds_of(getattr(a, "seeds_" + gen))
        for style in styles:
            if a.styles and style not in a.styles.split(","):
                continue
            for size, seed, kind, solvable in bench_cases(seeds):
                name = "%s-%dx%d-s%d-%s%s" % (style, size, size, seed, kind, "" if solvable else "-unsolv")
                if make_base(script, style, size, seed, kind, solvable, bases / name):
                    names.append(name)
    if "corpus" in sets:
        slugs = sorted(p.name for p in CORPUS.iterdir() if (p / "input" / "tile_dict.yaml").exists())
        for slug in slugs[::a.corpus_every]:
            out = bases / ("corpus-" + slug)
            if not (out / "input" / "1.png").exists():
                (out / "input").mkdir(parents=True, exist_ok=True)
                for f in (CORPUS / slug / "input").iterdir():
                    if f.suffix in (".png", ".yaml"):
                        shutil.copy(f, out / "input" / f.name)
            names.append("corpus-" + slug)
    for name in names:
        for v in a.variants.split(","):
            make_variant(bases / name, keep / "cases" / ("%s__%s" % (name, v)), v)
    print("%d bases, %d cases under %s" % (len(names), len(list((keep / "cases").iterdir())), keep / "cases"))


# ---------------------------------------------------------------- reading

def read_one(binary, case, timeout):
    """(outcome, confidence, seconds, detail) as the benches classify."""
    start = time.monotonic()
    try:
        out = subprocess.run([binary, "infer", "--check", "--json", "-q", str(case)],
                             capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "refused", None, float(timeout), "timed out"
    secs = time.monotonic() - start
    try:
        doc = json.loads(out.stdout)
    except ValueError:
        return "crash", None, secs, out.stderr[-200:].replace("\n", " ")
    if doc.get("errors"):
        msg = doc["errors"][0]["message"]
        return "refused", None, secs, msg.split("do not decide the edges: ")[-1][:120]
    conf = doc.get("confidence")
    diffs = doc.get("differences", [])
    if diffs:
        return "wrong", conf, secs, "%d edges differ (%s)" % (len(diffs), diffs[0])
    return "right", conf, secs, "%s, %s solutions" % (doc.get("read_from"), doc.get("solutions"))


def read(argv):
    ap = argparse.ArgumentParser(prog="infer-variants.py read")
    ap.add_argument("keep")
    ap.add_argument("--bins", required=True)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--timeout", type=int, default=40)
    a = ap.parse_args(argv)
    keep = Path(a.keep)
    bins = a.bins.split(",")
    log = keep / "reads.tsv"
    done = set()
    if log.exists():
        for line in log.read_text().splitlines():
            f = line.split("\t")
            done.add((f[0], f[1]))
    cases = sorted(p.name for p in (keep / "cases").iterdir())
    todo = [(k, c) for k, c in enumerate(cases) if any((c, b) not in done for b in bins)]

    def one(item):
        k, c = item
        order = bins if k % 2 == 0 else bins[::-1]
        rows = []
        for b in order:
            if (c, b) in done:
                continue
            what, conf, secs, why = read_one(b, keep / "cases" / c, a.timeout)
            tie = (keep / "cases" / c / TIE).exists()
            rows.append("\t".join([c, b, what, "" if conf is None else "%.2f" % conf, "%.2f" % secs,
                                   "tie" if tie else "", why]))
        return rows

    with open(log, "a") as f, ThreadPoolExecutor(a.jobs) as pool:
        for n, rows in enumerate(pool.map(one, todo)):
            for r in rows:
                f.write(r + "\n")
            f.flush()
            if rows and any(r.split("\t")[2] in ("wrong", "crash") for r in rows):
                for r in rows:
                    print(r, flush=True)
    print("read %d cases" % len(todo))


# ---------------------------------------------------------------- report

def report(argv):
    keep = Path(argv[0])
    # One row per case and binary (the last, should a read have been logged twice).
    last = {}
    for line in (keep / "reads.tsv").read_text().splitlines():
        if line:
            f = line.split("\t")
            last[(f[0], f[1])] = f
    rows = list(last.values())
    bins = sorted({r[1] for r in rows})
    by = {(r[0], r[1]): r for r in rows}

    def table(title, key):
        groups = sorted({key(r[0]) for r in rows})
        print("| %s | %s |" % (title, " | ".join("%s right / refused / wrong" % b for b in bins)))
        print("|---|%s" % ("---|" * len(bins)))
        for g in groups + ["all"]:
            cells = []
            for b in bins:
                rs = [r for r in rows if r[1] == b and (g == "all" or key(r[0]) == g)]
                n = lambda w: sum(r[2] in w for r in rs)
                cells.append("%d / %d / %d" % (n(("right",)), n(("refused",)), n(("wrong", "crash"))))
            print("| %s | %s |" % (g, " | ".join(cells)))
        print()

    table("variant", lambda c: c.split("__")[1])
    table("style", lambda c: c.split("-")[0])
    print("Written wrong (case, binary, confidence, tie?, what):")
    for r in rows:
        if r[2] in ("wrong", "crash"):
            print("  %s  %s  %s %s %s" % (r[0], r[1], r[3], r[5], r[6]))
    print("\nRead differently by the binaries:")
    for c in sorted({r[0] for r in rows}):
        outs = [by.get((c, b)) for b in bins]
        if all(outs) and len({(o[2], o[3]) for o in outs}) > 1:
            print("  %s: %s" % (c, "  |  ".join("%s %s %s" % (o[1], o[2], o[3]) for o in outs)))
    print("\nCalibration (written readings by confidence: written, right):")
    for b in bins:
        confs = sorted({r[3] for r in rows if r[1] == b and r[3]})
        cells = ["%s: %d of %d" % (c, sum(r[2] == "right" for r in rows if r[1] == b and r[3] == c),
                                   sum(1 for r in rows if r[1] == b and r[3] == c)) for c in confs]
        print("  %s: %s" % (b, ", ".join(cells)))
    for b in bins:
        ts = sorted(float(r[4]) for r in rows if r[1] == b)
        if ts:
            print("time %s: median %.2f s, max %.2f s, total %.0f s (%d reads)" % (
                b, ts[len(ts) // 2], ts[-1], sum(ts), len(ts)))


if __name__ == "__main__":
    cmds = {"make": make, "read": read, "report": report}
    if len(sys.argv) < 3 or sys.argv[1] not in cmds:
        raise SystemExit(__doc__)
    cmds[sys.argv[1]](sys.argv[2:])
