"""Copies the Markdown snippets unscramble wrote (docs/puzzles/**/*.md,
left out of the pages by exclude_docs) into the built site as they are, so
the gallery's "Markdown for a post" links work. Symbolic links are skipped."""
import os
import shutil


def on_post_build(config, **kwargs):
    src = os.path.join(config["docs_dir"], "puzzles")
    dest = os.path.join(config["site_dir"], "puzzles")
    for folder, dirs, files in os.walk(src):
        dirs[:] = [d for d in dirs if not os.path.islink(os.path.join(folder, d))]
        for name in files:
            path = os.path.join(folder, name)
            if name.endswith(".md") and not os.path.islink(path):
                target = os.path.join(dest, os.path.relpath(path, src))
                os.makedirs(os.path.dirname(target), exist_ok=True)
                shutil.copyfile(path, target)
