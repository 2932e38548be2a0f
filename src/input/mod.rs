//! Reading the files a user hands the tool, for every puzzle kind and the
//! commands around them: the one guarded way to read a file ([`file`]),
//! its text as UTF-8 ([`utf8`]), and YAML as a tree of located nodes
//! ([`yaml`]). Knows nothing of any kind of puzzle.

pub mod file;
pub(crate) mod yaml;

use crate::error::InputError;
use std::path::Path;

/// The text of a notation file: UTF-8, without the byte order mark some
/// editors put first (every notation accepts one, as YAML and XML do).
pub fn utf8<'a>(path: &Path, bytes: &'a [u8]) -> Result<&'a str, InputError> {
    let text = std::str::from_utf8(bytes).map_err(|_| {
        InputError::new(path, "the file is not UTF-8 text").hint("save it as UTF-8")
    })?;
    Ok(text.strip_prefix('\u{feff}').unwrap_or(text))
}
