//! The decision's debug lines (`UNSCRAMBLE_INFER_DEBUG=1`, and the
//! classes with `UNSCRAMBLE_INFER_DEBUG2=1`), on stderr, for measuring.

use super::super::classes::Classes;
use super::super::pairing::{self, Pairing};
use super::art;

pub(super) fn line(
    names: &Result<(Classes, Pairing), String>,
    art: &Result<art::Reading, String>,
    side: usize,
) {
    let n = match names {
        Ok((c, p)) => format!(
            "names: {} classes weak={} margin={:.4} tried={} below={:.4} classconf={:.3} lead={:.4} finer={:.3} support={:.3}",
            c.members.len(),
            p.weak,
            p.margin,
            p.tried,
            p.below_best,
            c.confidence
                .iter()
                .copied()
                .filter(|&k| k > 0.0)
                .fold(1.0f32, f32::min),
            p.lead,
            c.finer,
            p.support
        ),
        Err(e) => format!(
            "names: refused ({})",
            e.chars().take(60).collect::<String>()
        ),
    };
    let a = match art {
        Ok(r) => {
            let agree = names.as_ref().ok().map(|(_, p)| {
                super::super::yaml::compare(
                    &p.puzzle,
                    &pairing::puzzle(side, &r.classes.of, &r.pairs),
                )
                .is_empty()
            });
            format!(
                "art: {} classes cost {:.3} rival {:.3} margin {:.3} solves={} agree={:?} support {:.3} classmin {:.3} finer {:.3}",
                r.classes.members.len(),
                r.cost,
                r.rival,
                r.rival - r.cost,
                r.solves,
                agree,
                r.support,
                r.classes.confidence.iter().copied().fold(1.0f32, f32::min),
                r.classes.finer
            )
        }
        Err(e) => format!("art: refused ({})", e.chars().take(60).collect::<String>()),
    };
    eprintln!("DEBUG {n} | {a}");
    if let Ok((c, p)) = names {
        for (k, m) in c.members.iter().enumerate() {
            let hs: Vec<String> = m
                .iter()
                .map(|h| format!("{}{}", h / 4 + 1, ["r", "t", "l", "b"][h % 4]))
                .collect();
            eprintln!("DEBUG3 class {k}: {}", hs.join(" "));
        }
        eprintln!("DEBUG3 pairs {:?}", p.pairs);
        eprintln!("DEBUG3 preferred {:?}", p.preferred);
    }
    if std::env::var_os("UNSCRAMBLE_INFER_DEBUG2").is_some() {
        if let Ok(r) = art {
            for (c, m) in r.classes.members.iter().enumerate() {
                let hs: Vec<String> = m
                    .iter()
                    .map(|h| format!("{}{}", h / 4 + 1, ["r", "t", "l", "b"][h % 4]))
                    .collect();
                eprintln!("DEBUG2 class {c}: {}", hs.join(" "));
            }
            for row in &r.costs {
                eprintln!(
                    "DEBUG2 {}",
                    row.iter()
                        .map(|c| format!("{c:5.2}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                );
            }
            eprintln!("DEBUG2 pairs {:?}", r.pairs);
        }
    }
}
