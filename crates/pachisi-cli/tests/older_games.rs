//! The older games of the family (docs/rules.md, "The cross-and-circle family") played in a
//! pseudo-terminal as a person would, to the end, against bots.

mod common;
mod terminal;
use std::process::Command;
use terminal::*;

/// The older games of the family (Chaupar, Pachih, Sokkattan, Tayam Sonalu) are played to the
/// end in a terminal against bots, and their records replay; Chaupar's three dice are drawn side
/// by side.
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
        let mut three_dice = false;
        let presses = enter_until_game_over(&mut game, name, |screen| {
            // Chaupar's throw: three dice, each drawn as a box.
            three_dice |= screen
                .lines()
                .any(|l| l.matches('[').count() >= 3 && l.contains("] ["));
        });
        assert!(
            presses > 5,
            "{name}: a whole game takes more than {presses} presses"
        );
        if name == "chaupar" {
            assert!(three_dice, "chaupar: no throw of three dice was drawn");
        }
        game.send("s");
        game.wait_for("Saved the record", MINUTE);
        game.send("q");
        let (ok, output) = game.finish(MINUTE);
        assert!(ok, "{name}: {output}");
        assert!(
            output.contains("won."),
            "{name}: the result is printed: {output}"
        );
        game.assert_restored();
        let check = Command::new(PACHISI)
            .args(["record", "check", &record_arg])
            .output()
            .expect("run record check");
        let report = String::from_utf8_lossy(&check.stdout);
        assert!(check.status.success(), "{name}: {report}");
        assert!(report.contains("finishing order"), "{name}: {report}");
    }
}
