//! Where things are, in the words players use: the arm or lane a square is on, named by whose it
//! is (`on your arm`, `in Green's lane`), and where a piece stands (`waiting in the Charkoni`,
//! `on the castle on Green's arm, 30 squares from the start, 54 to go`, `in the home column,
//! 3 squares from home`, `home`).

use super::Voice;
use pachisi_core::{Rules, Square};
use pachisi_words::{number, Args};

/// Where a square lies: an arm or a lane, by whose it is, said to the voice's listener as the
/// terminal's `term-where` says it (`on your arm`, `in your lane`, `on Green's arm`, `in Red's
/// lane`, `on the top arm`).
pub fn where_words(voice: &Voice, sq: Square) -> String {
    let rules = voice.rules;
    let topology = rules.topology();
    let (arm, _, _) = topology.coordinates(sq);
    let lane = !topology.on_track(sq);
    let mut args = Args::new();
    match (0..rules.seats()).find(|&s| rules.home_arm(s) == arm) {
        Some(owner) if voice.listener == Some(owner) => {
            args.set("kind", if lane { "lane" } else { "own" });
        }
        Some(owner) => {
            args.set("kind", if lane { "seat-lane" } else { "seat" });
            args.set("owner", voice.colour(owner));
        }
        None => {
            args.set("kind", "side");
            // Arm 0 points down on the screen, and the others follow counter-clockwise.
            let side = ["bottom", "right", "top", "left"][usize::from(arm % 4)];
            args.set("side", side);
        }
    }
    voice.words.msg_with("term-where", &args)
}

/// A square named in a reason: `the castle on Green's arm`, `the square on your arm`.
pub fn square_words(voice: &Voice, sq: Square) -> String {
    let mut args = Args::new();
    args.set(
        "castle",
        if voice.rules.topology().is_castle(sq) {
            "yes"
        } else {
            "no"
        },
    );
    args.set("where", where_words(voice, sq));
    voice.words.msg_with("speak-square", &args)
}

/// A square named as the engine's reasons name it (`0m8`), in words; the name itself when it
/// names no square of the board.
pub fn named_square_words(voice: &Voice, name: &str) -> String {
    match voice.rules.topology().parse_square(name) {
        Some(sq) => square_words(voice, sq),
        None => name.to_string(),
    }
}

/// Where a piece of `seat` at `progress` stands, said to the voice's listener.
pub fn place_words(voice: &Voice, seat: u8, progress: u8) -> String {
    let rules = voice.rules;
    let words = voice.words;
    let mut args = Args::new();
    if progress == 0 {
        args.set(
            "start",
            if rules.starts_in_nest() {
                "nest"
            } else {
                "charkoni"
            },
        );
        return words.msg_with("speak-place-waiting", &args);
    }
    if progress == rules.home() {
        return words.msg("speak-place-home");
    }
    if rules.goal_in_lane() && rules.in_goal(progress) {
        return words.msg("speak-place-goal");
    }
    let Some(sq) = rules.square_at(seat, progress) else {
        return words.msg("speak-place-home");
    };
    let left = rules.home().saturating_sub(progress);
    args.set("left", number(left));
    if returning_up_the_lane(rules, sq, progress) {
        return words.msg_with("speak-place-lane", &args);
    }
    args.set(
        "castle",
        if rules.topology().is_castle(sq) {
            "yes"
        } else {
            "no"
        },
    );
    args.set("where", where_words(voice, sq));
    args.set("along", number(progress));
    words.msg_with("speak-place-track", &args)
}

/// Whether a piece of `seat` at `progress` stands on the castle exactly 25 squares from home,
/// under rules that have a throw of 25: Pachisi's castle at the end of an arm, where players
/// wait, safe, for the 25 that takes the piece straight home (a first game's tip says so).
pub fn on_castle_25(rules: &Rules, seat: u8, progress: u8) -> bool {
    progress > 0
        && rules.home().checked_sub(progress) == Some(25)
        && rules.throw_by_value(25).is_some()
        && rules
            .square_at(seat, progress)
            .is_some_and(|sq| rules.topology().is_castle(sq))
}

/// Whether a piece at `progress` on square `sq` is on its way home up its own lane (the home
/// column), rather than setting out down it as Pachisi's pieces do.
fn returning_up_the_lane(rules: &Rules, sq: Square, progress: u8) -> bool {
    !rules.topology().on_track(sq) && u16::from(progress) * 2 > u16::from(rules.home())
}

/// Whether a piece at `progress` stands where no opponent travels (a lane) or finished: no
/// threat is looked for there.
pub fn out_of_reach(rules: &Rules, seat: u8, progress: u8) -> bool {
    progress == 0
        || progress == rules.home()
        || rules.in_goal(progress)
        || rules
            .square_at(seat, progress)
            .map_or(true, |sq| !rules.topology().on_track(sq))
}
