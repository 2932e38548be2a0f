//! The names resemblance laid out term by term, for finding why a pairing
//! won (`UNSCRAMBLE_INFER_DEBUG_NAMES=1`, on stderr): each class's glyph
//! string and words, each two classes' glyph and word likeness and their
//! score, and the best-scoring candidate pairings with their summed
//! resemblance, consistency and weighed score.

use super::Differences;

/// Whether the names' debug lines are asked for.
pub(crate) fn on() -> bool {
    std::env::var_os("UNSCRAMBLE_INFER_DEBUG_NAMES").is_some()
}

/// The halves of each class, by tile and side (`3r`: tile 3's right).
pub(crate) fn members(members: &[Vec<usize>]) {
    if !on() {
        return;
    }
    for (c, m) in members.iter().enumerate() {
        let hs: Vec<String> = m
            .iter()
            .map(|h| format!("{}{}", h / 4 + 1, ["r", "t", "l", "b"][h % 4]))
            .collect();
        eprintln!("DEBUG names class {c} halves: {}", hs.join(" "));
    }
}

/// A glyph string with glyph numbers as letters (`a` … `z`, then `#n`) and
/// word gaps as spaces.
fn spelled(s: &[usize]) -> String {
    s.iter()
        .map(|&g| match g {
            usize::MAX => " ".to_string(),
            0..=25 => char::from(b'a' + g as u8).to_string(),
            _ => format!("#{g}"),
        })
        .collect()
}

/// The classes' names and the resemblance's terms, pair by pair.
pub(super) fn resemblance(
    strings: &[Vec<usize>],
    words: &[Vec<usize>],
    glyphs: &[Vec<f32>],
    word_likeness: &[Vec<f32>],
    score: &[Vec<f32>],
) {
    for (c, (s, w)) in strings.iter().zip(words).enumerate() {
        eprintln!("DEBUG names class {c}: glyphs '{}' words {w:?}", spelled(s));
    }
    for i in 0..score.len() {
        for j in i + 1..score.len() {
            eprintln!(
                "DEBUG names pair {i}-{j}: glyphs {:.3} words {:.3} score {:.3}",
                glyphs[i][j], word_likeness[i][j], score[i][j]
            );
        }
    }
}

/// The first `shown` candidates, best first: pairs, summed resemblance,
/// consistency and the weighed score they are ranked by.
pub(super) fn candidates(
    candidates: &[(f32, Vec<(usize, usize)>)],
    score: &[Vec<f32>],
    differences: Option<&Differences>,
    shown: usize,
) {
    for (rank, (weighed, pairs)) in candidates.iter().take(shown).enumerate() {
        let sum: f32 = pairs.iter().map(|&(i, j)| score[i][j]).sum();
        let consistency = differences.map_or(1.0, |d| d.consistency(pairs));
        eprintln!(
            "DEBUG names candidate {rank}: {pairs:?} sum {sum:.3} consistency {consistency:.3} weighed {weighed:.3}"
        );
    }
}
