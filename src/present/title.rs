//! A puzzle's name as readers see it: the gallery, the play page and the
//! snippets head a puzzle the same way, so the function lives below all three.

/// A puzzle's folder name as a title: `3x3-original` is "3x3 original",
/// `kids/owls` is "Kids / owls".
pub(crate) fn title(name: &str) -> String {
    name.split('/')
        .map(|part| {
            let words = part.replace(['-', '_'], " ");
            let mut chars = words.chars();
            match chars.next() {
                Some(c) => c.to_uppercase().chain(chars).collect(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" / ")
}

#[cfg(test)]
mod tests {
    use super::title;

    #[test]
    fn folder_names_read_as_titles() {
        assert_eq!(title("3x3-original"), "3x3 original");
        assert_eq!(title("kids/owls_2"), "Kids / Owls 2");
        assert_eq!(title(""), "");
    }
}
