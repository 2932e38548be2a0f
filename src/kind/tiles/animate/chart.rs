//! Nodes per depth as an SVG bar chart: the numbers `solve --stats` prints,
//! on a log scale because they span orders of magnitude (the backtracking post's calls go
//! from 9 to 165 and back to 2; a 6x6 board's from 144 to millions).
//! Hand-written text with integer coordinates, so the bytes depend only on
//! the counts and the title.

use std::fmt::Write;

/// The narrowest bar; bars widen so that their count fits above them.
const MIN_BAR_W: u32 = 28;
const GAP: u32 = 8;
const PLOT_H: u32 = 220;
const LEFT: u32 = 56;
const TOP: u32 = 48;
const BOTTOM: u32 = 44;

/// The chart of `nodes_per_depth` (depth 1 first) under `title`.
pub(crate) fn svg(nodes_per_depth: &[u64], title: &str) -> String {
    let most = nodes_per_depth.iter().copied().max().unwrap_or(0).max(1);
    // Decades up to the one holding the largest count.
    let decades = most.ilog10() + 1;
    let height_of = |n: u64| -> u32 {
        if n == 0 {
            return 0;
        }
        // Log scale with 1 at the bottom: one decade per PLOT_H / decades.
        let h = f64::from(PLOT_H) * (n as f64).log10() / f64::from(decades);
        (h.round() as u32).max(2)
    };
    // About 7 px per digit or letter at these font sizes.
    let mut bar_w = MIN_BAR_W.max(7 * (most.ilog10() + 1));
    let n = (nodes_per_depth.len() as u32).max(1);
    let bars = LEFT + n * (bar_w + GAP) + GAP;
    let width = bars.max(LEFT + 7 * title.chars().count() as u32);
    // A title wider than the bars widens the bars too, so that the plot
    // fills the chart instead of leaving its right part empty.
    bar_w = bar_w.max((width - LEFT - GAP) / n - GAP);
    let height = TOP + PLOT_H + BOTTOM;
    let base = TOP + PLOT_H;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(s, "<title>{}</title>", crate::html::esc(title));
    let _ = writeln!(
        s,
        r#"<rect width="{width}" height="{height}" fill="white"/>"#
    );
    let _ = writeln!(
        s,
        r#"<text x="{LEFT}" y="18" font-size="13">{}</text>"#,
        crate::html::esc(title)
    );
    let _ = writeln!(
        s,
        r##"<text transform="translate(14 {}) rotate(-90)" text-anchor="middle" fill="#666">nodes (log scale)</text>"##,
        TOP + PLOT_H / 2
    );
    for d in 0..=decades {
        let y = base - PLOT_H * d / decades;
        let _ = writeln!(
            s,
            r##"<line x1="{LEFT}" y1="{y}" x2="{width}" y2="{y}" stroke="#ddd"/><text x="{}" y="{}" text-anchor="end" fill="#666">{}</text>"##,
            LEFT - 6,
            y + 4,
            10u64.pow(d)
        );
    }
    for (d, &n) in nodes_per_depth.iter().enumerate() {
        let x = LEFT + GAP + d as u32 * (bar_w + GAP);
        let h = height_of(n);
        let mid = x + bar_w / 2;
        let depth = d + 1;
        let _ = writeln!(
            s,
            r##"<rect class="bar" data-depth="{depth}" data-nodes="{n}" x="{x}" y="{}" width="{bar_w}" height="{h}" fill="#4a78b5"/>"##,
            base - h
        );
        let _ = writeln!(
            s,
            r#"<text x="{mid}" y="{}" text-anchor="middle">{n}</text>"#,
            base - h - 4
        );
        let _ = writeln!(
            s,
            r##"<text x="{mid}" y="{}" text-anchor="middle" fill="#666">{depth}</text>"##,
            base + 16
        );
    }
    let _ = writeln!(
        s,
        r##"<text x="{}" y="{}" text-anchor="middle" fill="#666">depth (tiles placed)</text>"##,
        LEFT + (width - LEFT) / 2,
        base + 34
    );
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_bar_per_depth_on_a_log_scale() {
        let svg = svg(&[9, 43, 165, 0, 2], "seed <002>");
        assert_eq!(svg.matches(r#"class="bar""#).count(), 5);
        assert!(svg.contains(r#"data-depth="3" data-nodes="165""#));
        assert!(svg.contains("<title>seed &lt;002&gt;</title>"));
        // 165 needs three decades: 1, 10, 100, 1000 on the axis.
        assert!(svg.contains(">1000</text>") && !svg.contains(">10000<"));
        // 2 nodes: log10(2) / 3 of 220 px; 0 nodes: no bar.
        assert!(svg.contains(r#"data-nodes="2" x="208" y="246" width="28" height="22""#));
        assert!(svg.contains(r#"data-nodes="0" x="172" y="268" width="28" height="0""#));
        assert_eq!(svg, super::svg(&[9, 43, 165, 0, 2], "seed <002>"));
        assert!(
            svg.contains(">nodes (log scale)</text>"),
            "the y axis has a title"
        );
        assert!(
            svg.contains(">depth (tiles placed)</text>"),
            "the x axis has a title"
        );
    }

    /// A long title made the chart wider than its bars, which then filled
    /// about 60% of it.
    #[test]
    fn bars_fill_the_width_a_long_title_gives() {
        let title =
            "3x3-original: nodes per depth, spiral order, all solutions with symmetry breaking";
        let svg = svg(&[9, 43, 165, 0, 2], title);
        let width: u32 = svg
            .split(r#"width=""#)
            .nth(1)
            .and_then(|w| w.split('"').next())
            .and_then(|w| w.parse().ok())
            .expect("width");
        let right = |line: &str| -> Option<u32> {
            let field = |k: &str| -> Option<u32> {
                line.split(&format!(r#" {k}=""#))
                    .nth(1)?
                    .split('"')
                    .next()?
                    .parse()
                    .ok()
            };
            Some(field("x")? + field("width")?)
        };
        let last_bar = svg
            .lines()
            .filter(|l| l.contains(r#"class="bar""#))
            .filter_map(right)
            .max()
            .expect("bars");
        assert!(
            last_bar + 2 * GAP >= width,
            "bars end at {last_bar} of {width} px"
        );
    }
}
