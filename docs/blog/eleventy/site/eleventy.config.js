// Eleventy reads src/; unscramble writes the boards into src/puzzles/, which
// is copied to the site as it is: not read as templates (Eleventy would turn
// play.html into play/index.html and break the links to it). (Its dot files,
// the tool's records, are copied too: harmless, they hold only hashes.)
const fs = require("node:fs");
const path = require("node:path");

const PUZZLES = "src/puzzles";

module.exports = function (eleventyConfig) {
  eleventyConfig.addPassthroughCopy(PUZZLES);
  eleventyConfig.ignores.add(PUZZLES + "/**");

  // {% puzzle "NAME" %}: the Markdown snippet unscramble wrote for the
  // puzzle NAME, put in the page before its Markdown is rendered.
  eleventyConfig.addShortcode("puzzle", function (name) {
    if (typeof name !== "string" || !name || name.split("/").some((p) => !p || p.startsWith("."))) {
      throw new Error(`puzzle: give a puzzle folder name, e.g. {% puzzle "owls" %} (got ${name})`);
    }
    const file = path.join(PUZZLES, name, "index.md");
    if (!fs.existsSync(file) || fs.lstatSync(file).isSymbolicLink()) {
      throw new Error(`puzzle: ${file} is missing: run unscramble first`);
    }
    return fs.readFileSync(file, "utf8");
  });

  return { dir: { input: "src", output: "_site" } };
};
