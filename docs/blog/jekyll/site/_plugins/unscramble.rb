# {% puzzle NAME %}: the Markdown snippet unscramble wrote for the puzzle
# NAME (puzzles/NAME/index.md), put in the page before it is converted.
# Jekyll's include tags read only _includes/ or below the page's folder,
# hence this tag. The folder is `unscramble.out` in _config.yml, or puzzles.
module Unscramble
  class PuzzleTag < Liquid::Tag
    def initialize(tag_name, markup, tokens)
      super
      @name = markup.strip
    end

    def render(context)
      site = context.registers[:site]
      if @name.empty? || @name.split("/").any? { |part| part.empty? || part.start_with?(".") }
        raise ArgumentError, "puzzle: give a puzzle folder name, e.g. {% puzzle owls %} (got '#{@name}')"
      end
      out = site.config.fetch("unscramble", {}).fetch("out", "puzzles")
      path = File.join(site.source, out, @name, "index.md")
      unless File.file?(path) && !File.symlink?(path)
        raise ArgumentError, "puzzle: #{path} is missing: run unscramble first"
      end
      File.read(path, encoding: "utf-8")
    end
  end
end

Liquid::Template.register_tag("puzzle", Unscramble::PuzzleTag)
