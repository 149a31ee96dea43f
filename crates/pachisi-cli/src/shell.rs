//! The command line as a shell reads it: words quoted where a shell would need it, and this
//! command as it was typed.

/// A word as a POSIX shell reads it back: as it is when it is plain, otherwise single-quoted.
pub(crate) fn quote(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.,/:=+@%".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// This command as typed, for a file's `made_by`: `pachisi` and its arguments, quoted where
/// a shell would need it.
pub(crate) fn command_line() -> String {
    std::iter::once("pachisi".to_string())
        .chain(std::env::args().skip(1).map(|a| quote(&a)))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_quoted_only_when_the_shell_needs_it() {
        assert_eq!(quote("pachisi,ludo"), "pachisi,ludo");
        assert_eq!(quote("expectimax:depth=1"), "expectimax:depth=1");
        assert_eq!(quote("my rules.toml"), "'my rules.toml'");
        assert_eq!(quote("it's"), r"'it'\''s'");
        assert_eq!(quote(""), "''");
    }
}
