//! The language a command speaks: `--lang TAG`, or else the environment's (`LC_ALL`,
//! `LC_MESSAGES`, `LANG`). A language given with `--lang` that has no catalogue is said in
//! English, and a one-line note on standard error says so; a message a catalogue lacks is said
//! in English too (`pachisi-words`).

use pachisi_words::{Args, Words};
use std::io::Write;

/// The catalogue for `--lang` (`None`: the environment's).
pub fn chosen(tag: Option<&str>) -> &'static Words {
    let Some(tag) = tag else {
        return pachisi_words::from_environment();
    };
    if !pachisi_words::is_shipped(tag) {
        let mut args = Args::new();
        args.set("tag", tag.to_string());
        let note = pachisi_words::english().msg_with("play-language-unknown", &args);
        // A note only: the game goes on in English even when standard error is closed.
        let _ = writeln!(std::io::stderr(), "{note}");
    }
    pachisi_words::words(tag)
}
