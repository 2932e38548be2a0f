//! Temporary files and renames inside one output folder, through a
//! descriptor of that folder opened once without following a link: each
//! file then costs an exclusive create, one write, a close and a rename of
//! one path component, and a folder swapped for a link after it was checked
//! cannot redirect a write.

use super::{TMP_PREFIX, TMP_RANDOM};
use std::hash::{BuildHasher, Hasher};
use std::io::{self, Write};
use std::path::Path;
use std::sync::Arc;

/// An open output folder. Temporary names come from a SipHash with keys
/// the standard library draws from the system's randomness, so they cannot
/// be guessed from outside the process.
pub(crate) struct Folder {
    dir: Arc<imp::Dir>,
    path: std::path::PathBuf,
    random: std::collections::hash_map::RandomState,
    count: u64,
}

/// A written temporary file; removed when dropped unless renamed.
pub(crate) struct Temp {
    dir: Arc<imp::Dir>,
    name: String,
    renamed: bool,
}

impl Drop for Temp {
    fn drop(&mut self) {
        if !self.renamed {
            let _ = self.dir.unlink(&self.name);
        }
    }
}

impl Folder {
    /// `dir` must already be a real folder, checked for links on the way.
    pub(crate) fn open(dir: &Path) -> io::Result<Folder> {
        Ok(Folder {
            dir: Arc::new(imp::Dir::open(dir)?),
            path: dir.to_path_buf(),
            random: Default::default(),
            count: 0,
        })
    }

    fn temp_name(&mut self, prefix: &str) -> String {
        const ALNUM: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
        let mut name = String::from(prefix);
        let mut bits = 0u64;
        for i in 0..TMP_RANDOM {
            // 62^6 < 2^64: a fresh 64-bit hash every six letters.
            if i % 6 == 0 {
                self.count += 1;
                let mut h = self.random.build_hasher();
                h.write_u64(self.count);
                bits = h.finish();
            }
            name.push(char::from(ALNUM[(bits % 62) as usize]));
            bits /= 62;
        }
        name
    }

    /// Writes `bytes` to a new temporary file, created exclusively (never
    /// through a link) with the permissions `File::create` gives.
    pub(crate) fn write_temp(&mut self, bytes: &[u8]) -> io::Result<Temp> {
        loop {
            let name = self.temp_name(TMP_PREFIX);
            let mut file = match self.dir.create_new(&name) {
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                other => other?,
            };
            let temp = Temp {
                dir: self.dir.clone(),
                name,
                renamed: false,
            };
            file.write_all(bytes)?;
            return Ok(temp);
        }
    }

    /// Renames `temp` to `name`. With `replace` off, whatever is at `name`
    /// (a file, a link, a folder) stays and the error is `AlreadyExists`.
    pub(crate) fn rename(&self, mut temp: Temp, name: &str, replace: bool) -> io::Result<()> {
        self.dir.rename(&temp.name, name, replace)?;
        temp.renamed = true;
        Ok(())
    }

    /// Makes a new folder named `prefix` plus random letters, to fill and
    /// then move into place whole with [`Staged::rename`]: a reader never
    /// sees it half made, and a failure removes it.
    pub(crate) fn staging_dir(&mut self, prefix: &str) -> io::Result<Staged> {
        loop {
            let name = self.temp_name(prefix);
            match self.dir.mkdir(&name) {
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                other => other?,
            }
            return Ok(Staged {
                dir: self.dir.clone(),
                path: self.path.join(&name),
                name,
                renamed: false,
            });
        }
    }
}

/// A folder made by [`Folder::staging_dir`]; removed with what it holds
/// when dropped unless renamed.
pub(crate) struct Staged {
    dir: Arc<imp::Dir>,
    path: std::path::PathBuf,
    name: String,
    renamed: bool,
}

impl Staged {
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Gives the folder the name `to` in its parent; whatever is at `to`
    /// (even an empty folder) stays, and the error is `AlreadyExists`.
    pub(crate) fn rename(mut self, to: &str) -> io::Result<()> {
        self.dir.rename(&self.name, to, false)?;
        self.renamed = true;
        Ok(())
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if !self.renamed {
            // Does not follow links inside it (std's removal is link-safe).
            let _ = std::fs::remove_dir_all(&self.path);
        }
    }
}

#[cfg(unix)]
mod imp {
    //! Through `rustix`, the safe system-call layer `tempfile` already uses,
    //! so the crate keeps `unsafe_code = "forbid"`.
    use rustix::fs::{AtFlags, Mode, OFlags};
    use std::fs::File;
    use std::io;
    use std::os::fd::OwnedFd;
    use std::path::Path;

    pub(super) struct Dir(OwnedFd);

    impl Dir {
        pub(super) fn open(path: &Path) -> io::Result<Dir> {
            let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC;
            Ok(Dir(rustix::fs::open(path, flags, Mode::empty())?))
        }

        pub(super) fn create_new(&self, name: &str) -> io::Result<File> {
            let flags =
                OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC;
            let mode = Mode::from_raw_mode(0o666);
            Ok(File::from(rustix::fs::openat(&self.0, name, flags, mode)?))
        }

        pub(super) fn unlink(&self, name: &str) -> io::Result<()> {
            Ok(rustix::fs::unlinkat(&self.0, name, AtFlags::empty())?)
        }

        pub(super) fn mkdir(&self, name: &str) -> io::Result<()> {
            Ok(rustix::fs::mkdirat(
                &self.0,
                name,
                Mode::from_raw_mode(0o777),
            )?)
        }

        pub(super) fn rename(&self, from: &str, to: &str, replace: bool) -> io::Result<()> {
            let fd = &self.0;
            if !replace {
                #[cfg(any(target_os = "linux", target_os = "android"))]
                {
                    use rustix::fs::RenameFlags;
                    use rustix::io::Errno;
                    match rustix::fs::renameat_with(fd, from, fd, to, RenameFlags::NOREPLACE) {
                        Ok(()) => return Ok(()),
                        // A file system without it: look, then rename.
                        Err(Errno::INVAL | Errno::NOSYS) => {}
                        Err(e) => return Err(e.into()),
                    }
                }
                match rustix::fs::statat(fd, to, AtFlags::SYMLINK_NOFOLLOW) {
                    Ok(_) => return Err(io::Error::from(io::ErrorKind::AlreadyExists)),
                    Err(rustix::io::Errno::NOENT) => {}
                    Err(e) => return Err(e.into()),
                }
            }
            Ok(rustix::fs::renameat(fd, from, fd, to)?)
        }
    }
}

#[cfg(not(unix))]
mod imp {
    use std::fs::{self, File};
    use std::io;
    use std::path::{Path, PathBuf};

    pub struct Dir(PathBuf);

    impl Dir {
        pub fn open(path: &Path) -> io::Result<Dir> {
            Ok(Dir(path.to_path_buf()))
        }
        pub fn create_new(&self, name: &str) -> io::Result<File> {
            fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(self.0.join(name))
        }
        pub fn unlink(&self, name: &str) -> io::Result<()> {
            fs::remove_file(self.0.join(name))
        }
        pub fn mkdir(&self, name: &str) -> io::Result<()> {
            fs::create_dir(self.0.join(name))
        }
        pub fn rename(&self, from: &str, to: &str, replace: bool) -> io::Result<()> {
            let to = self.0.join(to);
            if !replace && fs::symlink_metadata(&to).is_ok() {
                return Err(io::Error::from(io::ErrorKind::AlreadyExists));
            }
            fs::rename(self.0.join(from), to)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fsio::is_temporary;

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .expect("list")
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn temporaries_have_the_sweepable_shape_and_vanish_unless_renamed() {
        let dir = tempfile::tempdir().expect("tmp");
        let mut f = Folder::open(dir.path()).expect("open");
        let a = f.write_temp(b"a").expect("temp");
        let b = f.write_temp(b"b").expect("temp");
        let listed = names(dir.path());
        assert_eq!(listed.len(), 2);
        assert!(listed.iter().all(|n| is_temporary(n)), "{listed:?}");
        assert_ne!(listed[0], listed[1]);
        f.rename(a, "a.txt", false).expect("rename");
        drop(b);
        assert_eq!(names(dir.path()), ["a.txt"]);
        assert_eq!(std::fs::read(dir.path().join("a.txt")).expect("read"), b"a");
    }

    #[cfg(unix)]
    #[test]
    fn without_replace_nothing_in_place_is_replaced_or_followed() {
        let dir = tempfile::tempdir().expect("tmp");
        let d = dir.path();
        std::fs::write(d.join("mine.md"), b"mine").expect("write");
        std::fs::write(d.join("away"), b"precious").expect("write");
        std::os::unix::fs::symlink(d.join("away"), d.join("link.png")).expect("link");
        let mut f = Folder::open(d).expect("open");
        for name in ["mine.md", "link.png"] {
            let t = f.write_temp(b"new").expect("temp");
            let e = f.rename(t, name, false).expect_err("in place");
            assert_eq!(e.kind(), io::ErrorKind::AlreadyExists, "{name}");
        }
        assert_eq!(std::fs::read(d.join("mine.md")).expect("read"), b"mine");
        assert_eq!(std::fs::read(d.join("away")).expect("read"), b"precious");
        assert_eq!(
            names(d),
            ["away", "link.png", "mine.md"],
            "temporaries gone"
        );
        let t = f.write_temp(b"new").expect("temp");
        f.rename(t, "mine.md", true).expect("replace");
        assert_eq!(std::fs::read(d.join("mine.md")).expect("read"), b"new");
    }

    #[test]
    fn a_staged_folder_never_replaces_another_and_vanishes_unless_renamed() {
        let dir = tempfile::tempdir().expect("tmp");
        let d = dir.path();
        std::fs::create_dir(d.join("taken")).expect("mkdir");
        let mut f = Folder::open(d).expect("open");
        let staged = f.staging_dir(".new-").expect("staged");
        std::fs::write(staged.path().join("a.txt"), b"a").expect("write");
        let other = f.staging_dir(".new-").expect("staged");
        assert_ne!(staged.path(), other.path());
        drop(other);
        assert_eq!(names(d).len(), 2, "the dropped one is gone");
        let err = staged
            .rename("taken")
            .expect_err("an empty folder is taken too");
        assert_eq!(err.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(names(d), ["taken"], "the refused one is removed");
        assert!(names(&d.join("taken")).is_empty());
        let staged = f.staging_dir(".new-").expect("staged");
        std::fs::write(staged.path().join("a.txt"), b"a").expect("write");
        staged.rename("mine").expect("renamed");
        assert_eq!(names(d), ["mine", "taken"]);
        assert_eq!(std::fs::read(d.join("mine/a.txt")).expect("read"), b"a");
    }

    #[cfg(unix)]
    #[test]
    fn a_link_in_place_of_the_folder_is_not_opened() {
        let dir = tempfile::tempdir().expect("tmp");
        std::fs::create_dir(dir.path().join("real")).expect("mkdir");
        std::os::unix::fs::symlink(dir.path().join("real"), dir.path().join("link")).expect("link");
        assert!(Folder::open(&dir.path().join("link")).is_err());
    }
}
