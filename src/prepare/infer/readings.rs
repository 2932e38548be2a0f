//! The two readings of a puzzle's pictures, each from the tiles' working
//! copies to classes and a pairing checked by solving: the names reading
//! (ink on a ground, paired by the names written on it) and the pictures
//! reading (paired by how the seams continue). [`decide`](super::decide)
//! weighs them.

use super::{
    art, classes, confirm, decide, halves, looks, names, outline, pairing, recut, strokes, timing,
    unsolvable,
};
use std::borrow::Cow;

/// The names reading: halves described as ink on a ground, grouped into
/// classes, paired by the names written on them, checked by solving.
pub(super) fn read_names(
    side: usize,
    works: &[halves::Work],
) -> Result<(classes::Classes, pairing::Pairing), String> {
    let clock = timing::start();
    let mut halves = halves::describe_all(works);
    names::line::explain(works, &mut halves);
    clock.stage("names-halves");
    let clock = timing::start();
    let mut dist = vec![vec![0.0f32; halves.len()]; halves.len()];
    for i in 0..halves.len() {
        for j in i + 1..halves.len() {
            let d = classes::distance(&halves[i], &halves[j]);
            dist[i][j] = d;
            dist[j][i] = d;
        }
    }
    debug_dist(&dist);
    let cuts = classes::cluster_then_coarser(&dist, false)
        .or_else(|even| classes::cluster_then_coarser(&dist, true).map_err(|_| even))?;
    clock.stage("names-classes");
    // The finest clear cut first; a coarser clear one only when that
    // over-split a name: it pairs into nothing that solves, or, with two
    // of its classes reading as one name, only into a pairing that solves
    // against clearly better-fitting names (a guess, refused; which such
    // pairing is found first hangs on the search's order). Without the
    // name twice an overruled reading stays: it is what an unsolvable
    // puzzle gives, and fewer classes solve more easily.
    // Classes merged by the words they read as, whatever the ink says,
    // were tried and backed out: on corpus cards saved as JPEG quality 35
    // they paired misread names and two were written wrong (docs/infer-journal.md,
    // "Corpus cards after JPEG: the merge by words backed out"). The walk
    // merges only where the ink's own ladder goes next.
    let mut first = None;
    let mut guess = None;
    // A cut none of whose pairings solves, read as the puzzle is
    // ([`unsolvable::none`]): taken only when nothing else paired.
    let mut unsolved = None;
    // Each cut is followed by its classes merged up the ink's ladder
    // while the nearest two read as the same words ([`names::walk`]).
    for classes in cuts {
        let cut = classes.clone();
        let walked = std::iter::once_with(|| walked_by_words(&halves, &dist, &cut)).flatten();
        for (k, classes) in std::iter::once(classes).chain(walked).enumerate() {
            match pair_names(side, &halves, &dist, classes) {
                Err(NamesError::Unsolvable(why, read)) => {
                    first.get_or_insert(why);
                    // A walk's classes keep their cut's jump: only a cut's
                    // own classes are read as they are.
                    if let (0, Some(read)) = (k, read) {
                        unsolved.get_or_insert(*read);
                    }
                }
                Err(NamesError::Other(why)) => {
                    return guess.ok_or_else(|| first.unwrap_or(why));
                }
                Ok(read) if decide::overruled(&read.1) && read.1.names_confused => {
                    guess.get_or_insert(read);
                }
                // The walk stopped with two classes of one name left, or
                // its pairing that solves is a guess against the names: a
                // coarser cut may still read them (held-out text 3x3 of
                // seed 113 and 4x4 of seed 66, right by their coarser cut).
                Ok(read) if k > 0 && (read.1.names_confused || decide::overruled(&read.1)) => {
                    guess.get_or_insert(read);
                }
                Ok(read) => return Ok(read),
            }
        }
    }
    // Nothing better: the first guess (refused), a cut read as the puzzle
    // is, or why nothing paired.
    guess.or(unsolved).ok_or_else(|| first.unwrap_or_default())
}

/// A names reading: the classes and their pairing.
type NamesRead = (classes::Classes, pairing::Pairing);

/// Why a cut into classes was not paired: no pairing of them solves (a
/// coarser cut may), or anything else.
enum NamesError {
    /// Why, and the cut read as the puzzle is when that stands
    /// ([`unsolvable::none`]).
    Unsolvable(String, Option<Box<NamesRead>>),
    Other(String),
}

/// The names reading of one cut into classes.
fn pair_names(
    side: usize,
    halves: &[halves::Half],
    dist: &[Vec<f32>],
    mut classes: classes::Classes,
) -> Result<(classes::Classes, pairing::Pairing), NamesError> {
    names::split::split_merged(&mut classes, halves, dist);
    if classes.members.len().div_ceil(2) > crate::kind::tiles::model::MAX_TOKENS {
        let why = format!("{} classes is too many", classes.members.len());
        return Err(NamesError::Unsolvable(why, None));
    }
    let reps = representatives(&classes, dist);
    let mut rep_halves: Vec<&halves::Half> = reps.iter().map(|&r| &halves[r]).collect();
    // An odd number of classes: one picture has a half no tile shows. A
    // class without members stands for it, and the pairing (checked by
    // solving like any other) decides whose partner it is.
    let absent = halves::absent();
    let present = classes.members.len();
    if present % 2 == 1 {
        classes.members.push(Vec::new());
        classes.confidence.push(0.0);
        rep_halves.push(&absent);
    }
    pairing::debug::members(&classes.members);
    let clock = timing::start();
    let (score, differences) = pairing::resemblance(&rep_halves);
    clock.stage("names-resemblance");
    let decided = pairing::decide(
        side,
        &classes.of,
        &score,
        Some(&differences),
        pairing::NODE_BUDGET,
    );
    // No pairing solves: the best-fitting one, weighed below as any
    // overruled reading is, may be the puzzle as it is.
    let (mut pairing, none_solves) = match decided {
        Ok(p) => (p, None),
        Err(e @ pairing::PairingError::Unsolvable { tried, .. }) => {
            let why = e.to_string();
            let overruled =
                unsolvable::none::overruled(side, &classes.of, &score, Some(&differences), tried);
            match overruled {
                Some(p) => (p, Some(why)),
                None => return Err(NamesError::Unsolvable(why, None)),
            }
        }
        Err(e) => return Err(NamesError::Other(e.to_string())),
    };
    let chosen: Vec<&[(usize, usize)]> = std::iter::once(pairing.pairs.as_slice())
        .chain(pairing.preferred.as_deref())
        .chain(pairing.rival.as_deref())
        .collect();
    let twice = names::twice::same_words(&rep_halves);
    pairing.names_confused = names::twice::misleads(&twice, &classes.members, dist, &chosen)
        || names::agree::a_name_paired_with_itself(&rep_halves, &pairing.pairs)
        // What is written when none solves is the best-fitting pairing.
        || (none_solves.is_some()
            && pairing
                .preferred
                .as_deref()
                .is_some_and(|p| names::agree::a_name_paired_with_itself(&rep_halves, p)))
        || classes.members.iter().any(|m| {
            let members: Vec<&halves::Half> = m.iter().map(|&h| &halves[h]).collect();
            names::split::holds_two_names(&members)
        });
    pairing.number_in_name =
        (0..classes.members.len()).any(|c| numbered(&classes.members[c], halves));
    pairing.names_silent = pairing::silent(&score, present);
    pairing.absent_one_side =
        pairing::absent::partner_on_one_side(&classes.members, &pairing.pairs);
    let best = pairing.preferred.as_deref().unwrap_or(&pairing.pairs);
    pairing.support = classes::merged::least_support(&score, best);
    // The words read half by half confirm the cut: the ink's spread does
    // not bound the reading's confidence then.
    names::agree::lift(&mut classes, halves);
    if let Some(why) = none_solves {
        let read = unsolvable::as_read(side, &classes, &pairing);
        return Err(NamesError::Unsolvable(
            why,
            read.map(|p| Box::new((classes, p))),
        ));
    }
    Ok((classes, pairing))
}

/// Each class's most typical member: the one least far from the others.
/// Classes come from a cut and are never empty (the empty class of an odd
/// count is added after); one would stand for half 0 rather than panic.
fn representatives(classes: &classes::Classes, dist: &[Vec<f32>]) -> Vec<usize> {
    classes
        .members
        .iter()
        .map(|m| {
            let total = |a: usize| m.iter().map(|&b| dist[a][b]).sum::<f32>();
            m.iter()
                .copied()
                .min_by(|&a, &b| total(a).total_cmp(&total(b)))
                .unwrap_or_default()
        })
        .collect()
}

/// `classes` (as [`pair_names`] splits them) merged up the ink's ladder
/// while the nearest two read as one name ([`names::walk::by_words`]).
fn walked_by_words(
    halves: &[halves::Half],
    dist: &[Vec<f32>],
    classes: &classes::Classes,
) -> Option<classes::Classes> {
    let mut split = classes.clone();
    names::split::split_merged(&mut split, halves, dist);
    let reps = representatives(&split, dist);
    let rep_halves: Vec<&halves::Half> = reps.iter().map(|&r| &halves[r]).collect();
    let walked = names::walk::by_words(&split, &rep_halves, dist, |c| {
        numbered(&split.members[c], halves)
    });
    if std::env::var_os("UNSCRAMBLE_INFER_DEBUG").is_some() {
        let to = walked.as_ref().map(|w| w.members.len());
        eprintln!("DEBUGWALK {} classes walked to {to:?}", split.members.len());
    }
    walked
}

/// Whether a class (`members`) holds only names that took in the card's
/// number ([`halves::Half::at_centre`]).
fn numbered(members: &[usize], halves: &[halves::Half]) -> bool {
    !members.is_empty() && members.iter().all(|&h| halves[h].at_centre)
}

/// The pictures reading: halves described as pictures, paired by how their
/// seams continue ([`art`]).
/// `jpeg`: most tiles went through JPEG ([`super::jpeg`]), so block colour
/// differences under [`looks::FLOOR`] are not counted between halves.
pub(super) fn read_art(
    side: usize,
    works: &[halves::Work],
    jpeg: bool,
) -> Result<art::Reading, String> {
    // The pictures reading only: a grey card's names on its diagonals are
    // no ground to fit the light on, and the names reading takes light up
    // to a factor of 1.6 in its stride (`halves::colour_distance`).
    let clock = timing::start();
    // A ground whose colour changes across the tile (a gradient) has a
    // brightness slope that is no light: the figures on it are not lit.
    let fields = looks::fields(works);
    let coloured_ground = looks::coloured_ground(&fields);
    let (works, fields) = if coloured_ground {
        (Cow::Borrowed(works), fields)
    } else {
        match halves::light::evened(works) {
            Cow::Borrowed(works) => (Cow::Borrowed(works), fields),
            Cow::Owned(evened) => {
                let fields = looks::fields(&evened);
                (Cow::Owned(evened), fields)
            }
        }
    };
    // Each tile on its own plain ground: the grounds brought to one, so
    // that a half and its copy on another tile compare their drawing.
    let varying: Vec<bool> = fields.iter().map(Option::is_some).collect();
    let (works, moved) = match halves::grounds::common(&works, &varying) {
        Cow::Borrowed(_) => (works, false),
        Cow::Owned(moved) => (Cow::Owned(moved), true),
    };
    // Copies of a half lie on other colours either way, which widens
    // their class ([`super::confirm::confirmed`]).
    let grounds = confirm::Grounds {
        gradient: coloured_ground,
        evened: moved,
    };
    clock.stage("art-light");
    let clock = timing::start();
    let looks: Vec<looks::Look> = works
        .iter()
        .zip(&fields)
        .flat_map(|(w, f)| looks::describe(w, *f))
        .collect();
    clock.stage("art-looks");
    let clock = timing::start();
    let mut outlines: Vec<Option<outline::Outline>> =
        works.iter().flat_map(outline::describe).collect();
    outline::gate(&mut outlines);
    clock.stage("art-outlines");
    // Line drawings' halves are told apart by their strokes too: their
    // looks are mostly ground ([`strokes`]).
    let clock = timing::start();
    let strokes: Option<Vec<strokes::Strokes>> = outlines
        .iter()
        .flatten()
        .any(|o| o.lines.is_some())
        .then(|| works.iter().flat_map(strokes::describe).collect());
    clock.stage("art-strokes");
    let clock = timing::start();
    let floor = if jpeg { looks::FLOOR } else { 0.0 };
    let dist = art::look_distances(&looks, floor, strokes.as_deref());
    let cut = classes::cluster_into(&dist, false, art::FEWEST_CLASSES);
    clock.stage("art-classes");
    let coarse = cut.as_ref().ok().map(|c| c.of.clone());
    // A class that falls into two clearly different groups may be two
    // prints taken for one ([`classes::merged`]), in any cut read.
    let read = |mut classes: classes::Classes, budget: u64| {
        classes::merged::mark(&mut classes, &dist, "art");
        art::read(side, &looks, &outlines, (classes, &dist), grounds, budget)
    };
    let first = cut.and_then(|classes| read(classes, pairing::NODE_BUDGET));
    recut::or_finer(first, coarse.as_deref(), &dist, |classes| {
        read(classes, recut::BUDGET)
    })
}

/// The names reading's distance matrix, one row a line, into the file
/// `UNSCRAMBLE_INFER_DEBUG_DIST` names (for measuring against a truth).
fn debug_dist(dist: &[Vec<f32>]) {
    if let Some(path) = std::env::var_os("UNSCRAMBLE_INFER_DEBUG_DIST") {
        let text: String = dist
            .iter()
            .map(|row| {
                let cells: Vec<String> = row.iter().map(|d| format!("{d:.4}")).collect();
                cells.join(" ") + "\n"
            })
            .collect();
        let _ = std::fs::write(path, text);
    }
}
