//! What the pairing search ends with: the pairing decided on and how it was
//! reached, or why the pictures do not decide.

use crate::kind::tiles::model::Puzzle;
use crate::kind::tiles::solve;

/// The decision: which class pairs with which, and how it was reached.
#[derive(Clone, Debug)]
pub struct Pairing {
    /// `(plus, minus)` classes of each picture.
    pub pairs: Vec<(usize, usize)>,
    pub puzzle: Puzzle,
    /// The best other pairing that also solves, when its score came close.
    pub weak: bool,
    /// Pairings handed to the solver (1 when the best-looking one solved).
    pub tried: usize,
    /// How far the next pairing that also solves scores below this one, as
    /// a share of this one's score: [`super::SURE_MARGIN`] when none solves that
    /// close; a lower bound when the budget ran out first.
    pub margin: f32,
    /// That next pairing, when one was found within [`super::SURE_MARGIN`].
    pub rival: Option<Vec<(usize, usize)>>,
    /// How far below the best-scoring pairing this one scores, as a share
    /// of the best's score: 0 when the best-looking pairing solved; more
    /// when the names preferred pairings the solver ruled out.
    pub below_best: f32,
    /// That best-scoring pairing, when it is not this one (it solves
    /// nothing): `decide` names the classes whose partner it changes.
    pub preferred: Option<Vec<(usize, usize)>>,
    /// How far the second-best-scoring pairing scores below the best one,
    /// as a share of the best's score, whether either solves: how clearly
    /// the names alone chose (1 when there is no second).
    pub lead: f32,
    /// Whether this is the best-fitting pairing written although it solves
    /// nothing: the puzzle read as unsolvable ([`super::super::unsolvable`]).
    pub no_solution: bool,
    /// Whether two classes on the card's ground read as the same words
    /// ([`super::names::twice`]) and mislead the pairing, or one class as two names
    /// ([`super::names::split::holds_two_names`]): then the names are not being
    /// read.
    pub names_confused: bool,
    /// Whether a class holds only names that took in the card's number
    /// ([`super::super::halves::Half::at_centre`]): read as names no other class matches.
    pub number_in_name: bool,
    /// Whether every two classes resemble each other alike ([`super::silent`]):
    /// no name, no ground colour tells one pairing from another, and the
    /// pairing was chosen by solving alone.
    pub names_silent: bool,
    /// Whether the class paired with the half no tile shows lies on one
    /// side of every tile it is on ([`super::absent`]): copies of a name
    /// misread alike, paired with nothing.
    pub absent_one_side: bool,
    /// How much better the least joined pair of the names' best-scoring
    /// pairing (this one, or [`Self::preferred`]) resembles than either of
    /// its classes resembles any third class
    /// ([`super::super::classes::merged::least_support`]): about 0 when a
    /// class is paired only because it was left over.
    pub support: f32,
    /// What the check that this pairing solves searched, for its count
    /// ([`solve::Searched`]).
    pub searched: solve::Searched,
}

/// Why no pairing of the classes was decided on.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PairingError {
    #[error("the search for a pairing of the {classes} classes that solves the puzzle used up its budget of {budget} placements after {tried} pairings")]
    Budget {
        classes: usize,
        budget: u64,
        tried: usize,
    },
    #[error("two pairings of the {classes} classes solve the puzzle and the pictures cannot tell them apart (scores {best:.3} and {other:.3})")]
    Tie {
        classes: usize,
        best: f32,
        other: f32,
    },
    #[error("no pairing of the {classes} classes into {pictures} pictures gives a solvable puzzle ({tried} tried)")]
    Unsolvable {
        classes: usize,
        pictures: usize,
        tried: usize,
    },
}
