//! The older games of the family (docs/rules.md, "The cross-and-circle family") played in a
//! pseudo-terminal as a person would, to the end, against bots.

mod common;
mod terminal;
use std::process::Command;
use terminal::*;

/// The older games of the family (Chaupar, Pachih, Sokkattan, Tayam Sonalu) are played in a
/// terminal against bots, and their records replay; Chaupar's three dice are drawn side by side,
/// Tayam Sonalu's pair too. Tayam Sonalu, whose first piece waits for one pair in eight and whose
/// games run to hundreds of throws, is played for 60 of the person's presses, the others to the
/// end.
#[test]
fn the_older_games_play_to_the_end_in_a_terminal() {
    for name in ["chaupar", "pachih", "sokkattan", "tayam-sonalu"] {
        let dir = scratch(&format!("family-{name}"));
        let record = dir.join("game.record");
        let record_arg = record.display().to_string();
        let mut game = Session::start(
            &[
                "play",
                "--rules",
                name,
                "--seats",
                "human,bot:heuristic,bot:heuristic,bot:heuristic",
                "--seed",
                "3",
                "--pace",
                "0",
                "--save",
                &record_arg,
            ],
            100,
            32,
        );
        game.wait_for("(you) to throw", MINUTE);
        let (mut two_dice, mut three_dice) = (false, false);
        let to_the_end = name != "tayam-sonalu";
        let most = if to_the_end { usize::MAX } else { 60 };
        let presses = enter_until(&mut game, name, most, |screen| {
            // Chaupar's throw: three dice, each drawn as a box; Tayam Sonalu's: two.
            for line in screen.lines().filter(|l| l.contains("] [")) {
                three_dice |= line.matches('[').count() >= 3;
                two_dice = true;
            }
        });
        assert!(
            presses > 5,
            "{name}: a whole game takes more than {presses} presses"
        );
        if name == "chaupar" {
            assert!(three_dice, "chaupar: no throw of three dice was drawn");
        }
        if name == "tayam-sonalu" {
            assert!(two_dice, "tayam-sonalu: no throw of two dice was drawn");
        }
        if to_the_end {
            game.send("s");
            game.wait_for("Saved the record", MINUTE);
            game.send("q");
        } else {
            // Leaving a game under way asks first; `s` saves the record and leaves.
            game.send("q");
            game.wait_for("Leave the game?", MINUTE);
            game.send("s");
        }
        let (ok, output) = game.finish(MINUTE);
        assert!(ok, "{name}: {output}");
        if to_the_end {
            assert!(
                output.contains("won."),
                "{name}: the result is printed: {output}"
            );
        }
        game.assert_restored();
        let check = Command::new(PACHISI)
            .args(["record", "check", &record_arg])
            .output()
            .expect("run record check");
        let report = String::from_utf8_lossy(&check.stdout);
        assert!(check.status.success(), "{name}: {report}");
        assert!(
            report.contains(&format!("replay under {name}")),
            "{name}: {report}"
        );
        if to_the_end {
            assert!(report.contains("finishing order"), "{name}: {report}");
        }
    }
}
