//! Where an output path the user typed may lead. The folders above the
//! current folder, and the start of an absolute path that lies outside it,
//! are the user's (their home, `/tmp`, a mount); what lies below the
//! current folder comes with the repository, where a pull request can turn
//! `static` or `output` into a link. So every component of the path below
//! the current folder, and the last one wherever it is, must not be a
//! symbolic link (a trailing `/` does not hide one): the tool never writes
//! through a link it did not choose.

use std::io;
use std::path::{Component, Path, PathBuf};

/// A link found on the way to an output path.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Link {
    /// The link, relative to the current folder when below it.
    pub link: PathBuf,
    /// What the link says.
    pub target: PathBuf,
    /// The same place without the link, to pass instead.
    pub instead: PathBuf,
    /// The link is the path's last component (the folder itself).
    pub last: bool,
}

impl Link {
    /// The message for a refused path, wherever it was given.
    pub(crate) fn problem(&self) -> String {
        format!(
            "{} is a symbolic link (to {}), and the tool never writes through a link below the current folder: pass {} instead",
            self.link.display(),
            self.target.display(),
            self.instead.display()
        )
    }
}

/// The first link on the way to `path` that the rule above refuses.
pub(crate) fn link_on_the_way(path: &Path) -> io::Result<Option<Link>> {
    link_from(&std::env::current_dir()?, path)
}

/// As [`link_on_the_way`] from the real folder `cwd`.
fn link_from(cwd: &Path, path: &Path) -> io::Result<Option<Link>> {
    let abs = if path.is_absolute() {
        path.to_path_buf()
    } else {
        cwd.join(path)
    };
    let parts: Vec<Component> = abs.components().collect();
    let last = parts.len().saturating_sub(1);
    let shown = |p: &Path| match p.strip_prefix(cwd) {
        Ok(rel) if !rel.as_os_str().is_empty() => rel.to_path_buf(),
        _ => p.to_path_buf(),
    };
    // Always a real path: a link the user may take is replaced by its target.
    let mut cur = PathBuf::new();
    for (i, part) in parts.iter().enumerate() {
        let name = match part {
            Component::Normal(name) => name,
            Component::ParentDir => {
                cur.pop();
                continue;
            }
            Component::CurDir => continue,
            other => {
                cur.push(other);
                continue;
            }
        };
        let next = cur.join(name);
        let meta = match std::fs::symlink_metadata(&next) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                cur = next;
                continue;
            }
            other => other?,
        };
        if !meta.file_type().is_symlink() {
            cur = next;
            continue;
        }
        let below = next.starts_with(cwd) && next != cwd;
        if below || i == last {
            let target = std::fs::read_link(&next)?;
            let real = next.canonicalize().unwrap_or_else(|_| target.clone());
            let rest: PathBuf = parts[i + 1..].iter().collect();
            return Ok(Some(Link {
                link: shown(&next),
                target,
                // `real` alone when the link is last: no trailing `/` to show.
                instead: shown(&if rest.as_os_str().is_empty() {
                    real
                } else {
                    real.join(rest)
                }),
                last: i == last,
            }));
        }
        cur = next.canonicalize()?;
    }
    Ok(None)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    /// The rule, with `dir/repo` as the current folder.
    #[test]
    fn links_below_the_current_folder_or_last_are_refused() {
        let dir = tempfile::tempdir().expect("tmp");
        let base = dir.path().canonicalize().expect("real");
        let repo = base.join("repo");
        let away = base.join("away");
        std::fs::create_dir_all(repo.join("real/sub")).expect("mkdir");
        std::fs::create_dir_all(away.join("puzzles")).expect("mkdir");
        symlink(&away, repo.join("static")).expect("link");
        symlink(&away, repo.join("output")).expect("link");
        symlink(&away, base.join("mine")).expect("link");
        let refused = |p: &str| link_from(&repo, Path::new(p)).expect("looks");
        let link = refused("static/puzzles").expect("through static");
        assert_eq!(link.link, Path::new("static"));
        assert_eq!(link.instead, away.join("puzzles"));
        assert!(!link.last);
        assert!(refused("output/").expect("trailing slash").last);
        assert!(refused("./output").is_some());
        assert!(refused(&repo.join("static/x").display().to_string()).is_some());
        // Above the current folder, or a link the user names outside it
        // on the way: the user's choice; as the last component: refused.
        assert_eq!(refused("../mine/puzzles"), None);
        assert_eq!(
            refused(&base.join("mine/new/x").display().to_string()),
            None
        );
        assert!(refused("../mine").expect("last").last);
        assert_eq!(refused("real/sub/new"), None);
        assert_eq!(refused("real/../real/sub"), None);
    }
}
