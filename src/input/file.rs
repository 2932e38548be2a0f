//! The one way an input file is read: notation files, `board.yaml` and tile
//! pictures. A puzzles folder may come from anyone (a pull request to a blog),
//! so a name may stand for a FIFO that never ends, a link to `/dev/zero`, a
//! device or a folder. Only regular files are read (a link to one is fine),
//! and only up to a size cap, so no input can hang the run or fill memory.

use crate::error::InputError;
use std::fs::File;
use std::io::Read;
use std::path::Path;

const MIB: u64 = 1024 * 1024;

/// The most a notation file (or `board.yaml`) may hold. The largest real one
/// (121 tiles, or a 64x64 Domino Fit board) is a few tens of KiB; 16 MiB
/// leaves room for comments and anything hand-written, while keeping a
/// parser's work on a hostile file to well under a second.
pub const NOTATION_CAP: u64 = 16 * MIB;

/// The most a tile picture may hold: the raw 8-bit RGBA pixels of the largest
/// picture `--max-tile-side` admits (64 MiB at the default 4096), and never
/// less than 64 MiB. A PNG is compressed; one larger than its own raw pixels
/// is padding or garbage, and reading it would only spend memory.
pub fn picture_cap(max_side: u32) -> u64 {
    (4 * u64::from(max_side) * u64::from(max_side)).max(64 * MIB)
}

/// Reads `path` if it is a regular file of at most `cap` bytes.
pub fn read_capped(path: &Path, cap: u64) -> Result<Vec<u8>, InputError> {
    let file = open(path).map_err(|e| read_error(path, &e))?;
    let meta = file.metadata().map_err(|e| read_error(path, &e))?;
    if !meta.is_file() {
        return Err(InputError::new(
            path,
            format!("not a regular file: it is {}", kind(&meta.file_type())),
        )
        .hint("replace it with a regular file (a link to one is fine)"));
    }
    // The size from fstat may be stale or wrong (procfs says 0), so the cap
    // is enforced on the bytes actually read.
    let mut bytes = Vec::with_capacity(meta.len().min(cap) as usize);
    file.take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| read_error(path, &e))?;
    if bytes.len() as u64 > cap {
        return Err(InputError::new(
            path,
            format!("the file is larger than {}, the most this file may hold", size(cap)),
        )
        .hint(if is_png(path) {
            "a tile picture this large is padded or damaged: export it again, or raise --max-tile-side"
        } else if path.extension().is_some_and(|e| e == "toml") {
            "a config file this large is not a config file: check that the right file has this name"
        } else {
            "a puzzle file this large is not a puzzle: check that the right file has this name"
        }));
    }
    Ok(bytes)
}

/// Opens without blocking: opening a FIFO for reading waits for a writer,
/// and a wait in `open` cannot be interrupted by the run's Ctrl-C handler.
#[cfg(unix)]
fn open(path: &Path) -> std::io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(rustix::fs::OFlags::NONBLOCK.bits() as i32)
        .open(path)
}

#[cfg(not(unix))]
fn open(path: &Path) -> std::io::Result<File> {
    File::open(path)
}

/// Does `path` name something (a file, a folder, a FIFO, even a broken
/// link)? A notation file's name that names anything makes its folder a
/// puzzle, so what stands there is reported instead of silently skipped.
pub fn exists(path: &Path) -> bool {
    path.symlink_metadata().is_ok()
}

fn kind(t: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_char_device() {
            return "a character device (such as /dev/zero)";
        }
        if t.is_block_device() {
            return "a block device";
        }
    }
    if t.is_dir() {
        "a folder"
    } else {
        "not a regular file"
    }
}

fn size(bytes: u64) -> String {
    if bytes.is_multiple_of(MIB) {
        format!("{} MiB", bytes / MIB)
    } else {
        format!("{bytes} bytes")
    }
}

/// One wording for a file that cannot be read, whatever the notation.
pub fn read_error(path: &Path, e: &std::io::Error) -> InputError {
    use std::io::ErrorKind;
    match e.kind() {
        ErrorKind::NotFound if is_png(path) => InputError::new(path, "the file is missing").hint(
            "every tile K needs its picture input/K.png; `unscramble draw-tiles PUZZLE_DIR` draws missing ones from the edges",
        ),
        ErrorKind::NotFound => InputError::new(path, "the file is missing").hint("check the file's name and folder"),
        ErrorKind::PermissionDenied => {
            InputError::new(path, "cannot read the file: permission denied")
                .hint("make it readable, e.g. chmod a+r")
        }
        _ => InputError::new(path, format!("cannot read the file: {e}"))
            .hint("check that the file is a readable regular file"),
    }
}

fn is_png(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("png"))
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn refuses_what_is_not_a_regular_file_and_what_is_too_large() {
        let dir = tempfile::tempdir().expect("tmp");
        let e = read_capped(Path::new("/dev/zero"), 10).expect_err("device");
        assert!(e.problem.contains("a character device"), "{e}");
        let e = read_capped(dir.path(), 10).expect_err("folder");
        assert!(e.problem.contains("it is a folder"), "{e}");
        let fifo = dir.path().join("2.png");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.expect("mkfifo runs").success());
        let e = read_capped(&fifo, 10).expect_err("fifo");
        assert!(e.problem.contains("a FIFO"), "{e}");
        let big = dir.path().join("big.yaml");
        std::fs::write(&big, [b'x'; 11]).expect("write");
        let e = read_capped(&big, 10).expect_err("big");
        assert!(e.problem.contains("larger than 10 bytes"), "{e}");
        assert_eq!(read_capped(&big, 11).expect("fits").len(), 11);
        let link = dir.path().join("link.yaml");
        std::os::unix::fs::symlink(&big, &link).expect("symlink");
        assert_eq!(read_capped(&link, 11).expect("a link is fine").len(), 11);
    }
}
