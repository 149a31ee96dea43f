//! Tests of the turn timer's options: bounded, and the stand-in a bot the server plays.

use super::*;

#[test]
fn options_are_bounded_and_the_stand_in_is_a_bot_the_server_plays() {
    let limits = BotLimits::default();
    assert!(check_options(Some(MIN_TURN_SECONDS), Some(1), None, &limits).is_ok());
    assert!(check_options(Some(MAX_TURN_SECONDS), Some(MAX_AWAY_AFTER), None, &limits).is_ok());
    for (seconds, away) in [
        (Some(1), None),
        (Some(3601), None),
        (None, Some(0)),
        (None, Some(11)),
    ] {
        let e = check_options(seconds, away, None, &limits).expect_err("out of bounds");
        assert!(matches!(e, GameError::Invalid(_)), "{e}");
    }
    assert_eq!(
        check_options(None, None, Some("bot:random"), &limits).expect("a bot"),
        Some("random".into())
    );
    for bad in [
        "human",
        "heuristic:weights=/etc/passwd",
        "expectimax:depth=9",
    ] {
        assert!(
            check_options(None, None, Some(bad), &limits).is_err(),
            "{bad}"
        );
    }
}
