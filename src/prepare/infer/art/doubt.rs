//! The classes in doubt: those a close rival pairs otherwise, and those a
//! check found weak. A refusal names them, and the review sheet marks them.

/// Adds `more` to the sorted, duplicate-free `doubt`.
pub(super) fn add(doubt: &mut Vec<usize>, more: impl IntoIterator<Item = usize>) {
    doubt.extend(more);
    doubt.sort_unstable();
    doubt.dedup();
}

/// Classes whose partner differs between two pairings.
pub(super) fn changed_classes(a: &[(usize, usize)], b: &[(usize, usize)]) -> Vec<usize> {
    let mut out: Vec<usize> = a
        .iter()
        .flat_map(|&(i, j)| [i, j])
        .filter(|&x| partner(a, x) != partner(b, x))
        .collect();
    out.sort_unstable();
    out
}

/// The class `pairs` pairs with `x`, if any.
pub(super) fn partner(pairs: &[(usize, usize)], x: usize) -> Option<usize> {
    pairs.iter().find_map(|&(i, j)| {
        if i == x {
            Some(j)
        } else if j == x {
            Some(i)
        } else {
            None
        }
    })
}
