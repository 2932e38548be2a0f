#!/usr/bin/env python3
"""The corpus cards after scan damage of a kind the clean corpus never shows:
every puzzle of ../shared/corpus/legespiel/ has its card pictures damaged
three ways (JPEG at quality 35; shrunk to 55 %; shrunk, sharpened, then
JPEG at 50), each read by `infer --check --json` against the puzzle's
transcription. A case is right (the edges equal the transcription, up to
renaming tokens and swapping halves), refused (exit 1 with a reason) or
wrong (edges written that differ): wrong is the one that must stay at 0.

The damage is deterministic (no randomness), so two binaries read the same
cases; `--keep DIR` keeps them for reading one again.

Usage: bench-infer-damaged.py BINARY [--jobs 2] [--keep DIR] [--only SLUG,SLUG]
Env:   CORPUS=DIR (default ../shared/corpus/legespiel), INFER_TIMEOUT (s, 40)
Needs Pillow (scripts use target/seed-venv, see infer-styles.py).
Nothing here is used by the tests.
"""
import argparse
import json
import os
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from PIL import Image, ImageFilter

DAMAGES = ["jpeg", "shrink", "both"]


def damage(kind, src, dst):
    im = Image.open(src).convert("RGB")
    if kind in ("shrink", "both"):
        w, h = im.size
        im = im.resize((max(1, round(w * 0.55)), max(1, round(h * 0.55))), Image.LANCZOS)
    if kind == "both":
        im = im.filter(ImageFilter.UnsharpMask(radius=2, percent=80, threshold=2))
    if kind in ("jpeg", "both"):
        tmp = dst.with_suffix(".jpg")
        im.save(tmp, quality=35 if kind == "jpeg" else 50)
        im = Image.open(tmp).convert("RGB")
        tmp.unlink()
    im.save(dst)


def make(corpus, work, slug, kind):
    d = work / ("%s-%s" % (slug, kind))
    inp = d / "input"
    if not (inp / "tile_dict.yaml").exists():
        inp.mkdir(parents=True, exist_ok=True)
        for png in sorted((corpus / slug / "input").glob("*.png")):
            if png.stem.isdigit():
                damage(kind, png, inp / png.name)
        shutil.copy(corpus / slug / "input" / "tile_dict.yaml", inp / "tile_dict.yaml")
    return d


def read(binary, d, timeout):
    try:
        out = subprocess.run([binary, "infer", "--check", "--json", "-q", str(d)], capture_output=True,
                             text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "refused", "timed out after %d s" % timeout
    try:
        doc = json.loads(out.stdout)
    except ValueError:
        return "crash", out.stderr[-300:]
    if doc.get("errors"):
        return "refused", doc["errors"][0]["message"].split("do not decide the edges: ")[-1][:200]
    diffs = doc.get("differences", [])
    if diffs:
        return "wrong", "%d edges differ (%s)" % (len(diffs), diffs[0])
    return "right", ""


def main():
    ap = argparse.ArgumentParser(prog="bench-infer-damaged.py")
    ap.add_argument("binary")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--keep")
    ap.add_argument("--only")
    a = ap.parse_args()
    corpus = Path(os.environ.get("CORPUS", Path(__file__).resolve().parent.parent / "../shared/corpus/legespiel"))
    if not (corpus / "expected.tsv").exists():
        raise SystemExit("no corpus at %s (set CORPUS)" % corpus)
    timeout = int(os.environ.get("INFER_TIMEOUT", "40"))
    slugs = sorted(p.name for p in corpus.iterdir() if (p / "input" / "tile_dict.yaml").exists())
    if a.only:
        slugs = [s for s in slugs if s in a.only.split(",")]
    work = Path(a.keep or tempfile.mkdtemp(prefix="bench-infer-damaged."))
    todo = [(s, k) for s in slugs for k in DAMAGES]

    def one(case):
        return case, read(a.binary, make(corpus, work, *case), timeout)

    with ThreadPoolExecutor(a.jobs) as pool:
        results = list(pool.map(one, todo))
    if not a.keep:
        shutil.rmtree(work, ignore_errors=True)
    print("| damage | cases | right | refused | wrong |")
    print("|---|---|---|---|---|")
    for kind in DAMAGES + ["all"]:
        rs = [r for (s, k), r in results if kind in (k, "all")]
        print("| %s | %d | %d | %d | %d |" % (kind, len(rs), sum(r[0] == "right" for r in rs),
                                              sum(r[0] == "refused" for r in rs),
                                              sum(r[0] in ("wrong", "crash") for r in rs)))
    print()
    for (slug, kind), (what, why) in results:
        print("%s: %s %s%s" % (what, slug, kind, ": " + why if why else ""))


if __name__ == "__main__":
    main()
