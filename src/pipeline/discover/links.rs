//! A folder link that leads out of the puzzles folder: not followed, and
//! reported as a problem naming the link.

use crate::error::InputError;
use crate::fsio::links;
use std::path::Path;

/// The problem for the link at `path`, if it leads out of `real_root`.
pub(crate) fn out_of_root(path: &Path, real_root: &Path) -> Option<InputError> {
    let target = links::leaves(path, real_root)?;
    Some(
        InputError::new(
            path,
            format!(
                "the link leads out of the puzzles folder (to {}); it is not followed",
                target.display()
            ),
        )
        .hint(links::ALLOW_HINT),
    )
}
