//! Tips for a first game: a few words at the moments a new player needs them (their turn passed
//! and why, their first grace, a piece of theirs captured, a piece on the castle 25 squares from
//! home). Decided from the position before and after each action, so the tests need no screen;
//! each kind is said a few times at most, then the player is trusted to know it.

use pachisi_core::ruleset::Family;
use pachisi_core::{Move, Position, Rules};
use pachisi_learn::speak::places::on_castle_25;
use pachisi_learn::speak::{family_words, why_not_lines, Voice};
use pachisi_table::Happening;
use pachisi_words::{Args, Words};

/// The kinds of tip, each said at most [`Tips::TIMES`] times.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Passed,
    Grace,
    Captured,
    Castle25,
}

const KINDS: usize = 4;

/// Which tips a game has given.
#[derive(Clone, Debug, Default)]
pub struct Tips {
    said: [u8; KINDS],
}

impl Tips {
    /// How many times each kind of tip is said.
    pub const TIMES: u8 = 2;

    /// The tip for what `happening` did, if it is one a new player needs and has not heard
    /// often enough: `before` is the position it was made in, `after` the one it led to,
    /// `person` whether a seat is played by someone at this keyboard.
    pub fn after(
        &mut self,
        rules: &Rules,
        before: &Position,
        happening: &Happening,
        after: &Position,
        person: impl Fn(u8) -> bool,
        words: &Words,
    ) -> Option<String> {
        let (kind, text) = tip(rules, before, happening, after, &person, words)?;
        let said = &mut self.said[kind as usize];
        if *said >= Self::TIMES {
            return None;
        }
        *said += 1;
        Some(text)
    }
}

fn tip(
    rules: &Rules,
    before: &Position,
    happening: &Happening,
    after: &Position,
    person: &impl Fn(u8) -> bool,
    words: &Words,
) -> Option<(Kind, String)> {
    let mut args = Args::new();
    match *happening {
        Happening::Threw(seat, throw) if person(seat) => {
            let outcome = rules.outcome(throw);
            let waiting = before.pieces_of(seat).contains(&0);
            (outcome.grace && waiting).then(|| (Kind::Grace, words.msg(family_tips(rules).0)))
        }
        Happening::Moved(seat, Move::Pass) if person(seat) => {
            // Only a pass the player could not avoid: every other move was refused.
            if before.legal_moves(rules) != [Move::Pass] {
                return None;
            }
            let reasons = why_not_lines(&Voice::new(words, rules, Some(seat)), before);
            let pool: Vec<String> = before
                .pool()
                .items()
                .iter()
                .map(|i| i.value.to_string())
                .collect();
            args.set("throw", pool.join(", "));
            args.set("reasons", reasons.join(" "));
            let words = family_words(words, rules);
            Some((Kind::Passed, words.msg_with("learn-tip-passed", &args)))
        }
        Happening::Moved(mover, mv) if person(mover) => {
            let Move::Advance { .. } = mv else {
                return None;
            };
            let to = mv.destination(rules)?;
            on_castle_25(rules, mover, to).then(|| (Kind::Castle25, words.msg("tip-castle-25")))
        }
        Happening::Moved(mover, _) => {
            // A piece of a person's, sent back by someone of the other side.
            let hit = (0..rules.seats()).any(|s| {
                person(s)
                    && rules.team_of(s) != rules.team_of(mover)
                    && sent_back(before.pieces_of(s), after.pieces_of(s))
            });
            if !hit {
                return None;
            }
            Some((Kind::Captured, words.msg(family_tips(rules).1)))
        }
        Happening::Threw(..) => None,
    }
}

/// The tips on a grace and on a capture in the words of the ruleset's family, as the tours
/// say them: Pachisi's cowries and Charkoni, Parcheesi's two dice and nest, Ludo's die and nest.
fn family_tips(rules: &Rules) -> (&'static str, &'static str) {
    match rules.family() {
        Family::Pachisi => ("learn-pachisi-tip-grace", "learn-pachisi-tip-captured"),
        Family::Parcheesi => ("learn-parcheesi-tip-grace", "learn-parcheesi-tip-captured"),
        Family::Ludo => ("learn-ludo-tip-grace", "learn-ludo-tip-captured"),
    }
}

/// Whether a piece on its way in `before` waits at the start in `after`.
fn sent_back(before: &[u8], after: &[u8]) -> bool {
    let home = |pieces: &[u8]| pieces.iter().filter(|&&p| p == 0).count();
    home(after) > home(before)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pachisi_core::builtin_rules;
    use pachisi_words::english;

    fn rules() -> Rules {
        builtin_rules("pachisi", &[]).expect("pachisi")
    }

    fn at(rules: &Rules, text: &str) -> Position {
        Position::from_notation(rules, text).expect("position")
    }

    /// The position `text` after a throw of 3, and after the pass it forces.
    fn passed_with_3(rules: &Rules, text: &str) -> (Position, Position) {
        let mut before = at(rules, text);
        before
            .apply_throw(rules, rules.throw_by_value(3).expect("3"))
            .expect("throw");
        let mut after = before;
        after.play(rules, Move::Pass).expect("pass");
        (before, after)
    }

    #[test]
    fn a_forced_pass_says_why_twice_and_then_no_more() {
        let rules = rules();
        let mut tips = Tips::default();
        let (before, after) = passed_with_3(&rules, "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt -");
        let pass = Happening::Moved(0, Move::Pass);
        let you = |s: u8| s == 0;
        let first = tips.after(&rules, &before, &pass, &after, you, english());
        let text = first.expect("a tip");
        assert!(text.contains("3"), "{text}");
        assert!(text.contains("grace"), "the engine's reason: {text}");
        assert!(tips
            .after(&rules, &before, &pass, &after, you, english())
            .is_some());
        assert!(tips
            .after(&rules, &before, &pass, &after, you, english())
            .is_none());
        // A bot's pass is no tip for the person.
        let mut tips = Tips::default();
        let bot = |s: u8| s == 1;
        assert!(tips
            .after(&rules, &before, &pass, &after, bot, english())
            .is_none());
    }

    #[test]
    fn a_forced_pass_in_ludo_speaks_of_tokens() {
        let rules = builtin_rules("ludo", &[]).expect("ludo");
        let (before, after) = passed_with_3(&rules, "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -");
        let text = Tips::default()
            .after(
                &rules,
                &before,
                &Happening::Moved(0, Move::Pass),
                &after,
                |s| s == 0,
                english(),
            )
            .expect("a tip");
        assert!(text.contains("none of your tokens"), "{text}");
        assert!(!text.contains("piece"), "{text}");
    }

    #[test]
    fn a_capture_of_your_piece_is_explained() {
        let rules = rules();
        let mut before = at(&rules, "13,0,0,0/61,0,0,0/0,0,0,0/0,0,0,0 Gt - entered=YG");
        before
            .apply_throw(&rules, rules.throw_by_value(3).expect("3"))
            .expect("throw");
        let mv: Move = "61+3".parse().expect("move");
        let mut after = before;
        after.play(&rules, mv).expect("capture");
        assert_eq!(after.pieces_of(0)[0], 0, "Yellow's piece went back");
        let text = Tips::default()
            .after(
                &rules,
                &before,
                &Happening::Moved(1, mv),
                &after,
                |s| s == 0,
                english(),
            )
            .expect("a tip");
        assert!(text.contains("captured"), "{text}");
        assert!(text.contains("Charkoni"), "Pachisi's words: {text}");
    }

    #[test]
    fn the_castle_25_from_home_is_pointed_out() {
        let rules = rules();
        let mut before = at(&rules, "56,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y");
        before
            .apply_throw(&rules, rules.throw_by_value(3).expect("3"))
            .expect("throw");
        let mv: Move = "56+3".parse().expect("move");
        let mut after = before;
        after.play(&rules, mv).expect("move");
        let text = Tips::default()
            .after(
                &rules,
                &before,
                &Happening::Moved(0, mv),
                &after,
                |s| s == 0,
                english(),
            )
            .expect("a tip");
        assert!(text.contains("25"), "{text}");
    }

    #[test]
    fn a_grace_with_a_piece_waiting_is_pointed_out() {
        let rules = rules();
        let before = at(&rules, "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt -");
        let throw = rules.throw_by_value(25).expect("25");
        let mut after = before;
        after.apply_throw(&rules, throw).expect("throw");
        let text = Tips::default()
            .after(
                &rules,
                &before,
                &Happening::Threw(0, throw),
                &after,
                |s| s == 0,
                english(),
            )
            .expect("a tip");
        assert!(text.contains("grace"), "{text}");
    }
}
