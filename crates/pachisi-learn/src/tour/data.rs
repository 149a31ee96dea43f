//! The tours themselves: Pachisi's, then shorter ones for Ludo and Parcheesi that say how each
//! differs. Positions are in position notation (docs/notation.md); in `pachisi` the seats are
//! Yellow, Green, Black, Red, and the player is Yellow, whose partner is Black.

use super::{Step, StepText, Tour};

/// Every tour, Pachisi's first.
pub const TOURS: &[Tour] = &[
    Tour {
        name: "pachisi",
        ruleset: "pachisi",
        intro: "learn-pachisi-intro",
        outro: "learn-pachisi-outro",
        steps: PACHISI,
    },
    Tour {
        name: "ludo",
        ruleset: "ludo",
        intro: "learn-ludo-intro",
        outro: "learn-ludo-outro",
        steps: LUDO,
    },
    Tour {
        name: "parcheesi",
        ruleset: "parcheesi-sr",
        intro: "learn-parcheesi-intro",
        outro: "learn-parcheesi-outro",
        steps: PARCHEESI,
    },
];

const PACHISI: &[Step] = &[
    // Nothing is on the board and a 2 is no grace: the turn can only pass. This is the opening
    // that reads as "nothing happens" to a Ludo player.
    Step {
        key: "throw",
        position: "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt -",
        throw: Some("2"),
        answers: &["-"],
        wrong: &[],
        text: StepText {
            title: "learn-pachisi-throw-title",
            task: "learn-pachisi-throw-task",
            thrown: Some("learn-pachisi-throw-thrown"),
            wrong: "learn-pachisi-throw-wrong",
            done: "learn-pachisi-throw-done",
            source: "learn-pachisi-throw-source",
        },
    },
    // One shell up is a 10, a grace: it brings a piece in, and throws again.
    Step {
        key: "grace",
        position: "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt -",
        throw: Some("10"),
        answers: &["E10"],
        wrong: &[("-", "learn-pachisi-grace-pass")],
        text: StepText {
            title: "learn-pachisi-grace-title",
            task: "learn-pachisi-grace-task",
            thrown: Some("learn-pachisi-grace-thrown"),
            wrong: "learn-pachisi-grace-wrong",
            done: "learn-pachisi-grace-done",
            source: "learn-pachisi-grace-source",
        },
    },
    // The throw again after the grace: the piece sets off down its own arm.
    Step {
        key: "route",
        position: "1,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y",
        throw: Some("4"),
        answers: &["1+4"],
        wrong: &[("-", "learn-pachisi-route-pass")],
        text: StepText {
            title: "learn-pachisi-route-title",
            task: "learn-pachisi-route-task",
            thrown: Some("learn-pachisi-route-thrown"),
            wrong: "learn-pachisi-route-wrong",
            done: "learn-pachisi-route-done",
            source: "learn-pachisi-route-source",
        },
    },
    // Green's piece stands 3 squares ahead of Yellow's piece at 10, on 0l4 (no castle).
    Step {
        key: "capture",
        position: "10,30,0,0/64,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=YG",
        throw: Some("3"),
        answers: &["10+3"],
        wrong: &[("30+3", "learn-pachisi-capture-other")],
        text: StepText {
            title: "learn-pachisi-capture-title",
            task: "learn-pachisi-capture-task",
            thrown: Some("learn-pachisi-capture-thrown"),
            wrong: "learn-pachisi-capture-wrong",
            done: "learn-pachisi-capture-done",
            source: "learn-pachisi-capture-source",
        },
    },
    // Green's piece holds the castle 0l5, 3 squares ahead of Yellow's front piece: nobody of
    // the other team may land there, so only the piece at 20 can move the 3.
    Step {
        key: "castle-blocks",
        position: "9,20,0,0/63,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=YG",
        throw: Some("3"),
        answers: &["20+3"],
        wrong: &[],
        text: StepText {
            title: "learn-pachisi-castle-blocks-title",
            task: "learn-pachisi-castle-blocks-task",
            thrown: Some("learn-pachisi-castle-blocks-thrown"),
            wrong: "learn-pachisi-castle-blocks-wrong",
            done: "learn-pachisi-castle-blocks-done",
            source: "learn-pachisi-castle-blocks-source",
        },
    },
    // Green's piece on 0l2 is 2 squares behind Yellow's piece on 1r1; a 4 takes Yellow's piece
    // onto the castle 1r5, where it is safe.
    Step {
        key: "castle-safe",
        position: "17,40,0,0/66,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=YG",
        throw: Some("4"),
        answers: &["17+4"],
        wrong: &[("40+4", "learn-pachisi-castle-safe-other")],
        text: StepText {
            title: "learn-pachisi-castle-safe-title",
            task: "learn-pachisi-castle-safe-task",
            thrown: Some("learn-pachisi-castle-safe-thrown"),
            wrong: "learn-pachisi-castle-safe-wrong",
            done: "learn-pachisi-castle-safe-done",
            source: "learn-pachisi-castle-safe-source",
        },
    },
    // Black (the partner) stands on the castle 1m8, 5 ahead of Yellow's piece at 20; Green's
    // piece stands on 2r8, 5 ahead of Yellow's piece at 36.
    Step {
        key: "partner",
        position: "20,36,0,0/24,0,0,0/59,0,0,0/0,0,0,0 Yt - entered=YGB",
        throw: Some("5"),
        answers: &["36+5"],
        wrong: &[("20+5", "learn-pachisi-partner-join")],
        text: StepText {
            title: "learn-pachisi-partner-title",
            task: "learn-pachisi-partner-task",
            thrown: Some("learn-pachisi-partner-thrown"),
            wrong: "learn-pachisi-partner-wrong",
            done: "learn-pachisi-partner-done",
            source: "learn-pachisi-partner-source",
        },
    },
    // Yellow's last piece waits on the castle 3m8, exactly 25 squares from home; Green's piece
    // on 3r6 is 3 squares behind it. A 3 would leave the castle for 3l6, 6 ahead of Green.
    Step {
        key: "wait",
        position: "59,h,h,h/39,0,0,0/30,0,0,0/0,0,0,0 Yt - entered=YGB",
        throw: Some("3"),
        answers: &["-"],
        wrong: &[("59+3", "learn-pachisi-wait-move")],
        text: StepText {
            title: "learn-pachisi-wait-title",
            task: "learn-pachisi-wait-task",
            thrown: Some("learn-pachisi-wait-thrown"),
            wrong: "learn-pachisi-wait-wrong",
            done: "learn-pachisi-wait-done",
            source: "learn-pachisi-wait-source",
        },
    },
    // The 25 the piece waited for: straight home.
    Step {
        key: "home",
        position: "59,h,h,h/39,0,0,0/30,0,0,0/0,0,0,0 Yt - entered=YGB",
        throw: Some("25"),
        answers: &["59+25"],
        wrong: &[("-", "learn-pachisi-home-pass")],
        text: StepText {
            title: "learn-pachisi-home-title",
            task: "learn-pachisi-home-task",
            thrown: Some("learn-pachisi-home-thrown"),
            wrong: "learn-pachisi-home-wrong",
            done: "learn-pachisi-home-done",
            source: "learn-pachisi-home-source",
        },
    },
];

// Ludo's seats are Red, Green, Yellow, Blue, each alone; the player is Red.
const LUDO: &[Step] = &[
    Step {
        key: "six",
        position: "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -",
        throw: Some("6"),
        answers: &["E6"],
        wrong: &[],
        text: StepText {
            title: "learn-ludo-six-title",
            task: "learn-ludo-six-task",
            thrown: Some("learn-ludo-six-thrown"),
            wrong: "learn-ludo-six-wrong",
            done: "learn-ludo-six-done",
            source: "learn-ludo-six-source",
        },
    },
    // Green's token stands 4 squares ahead of Red's token at 5.
    Step {
        key: "capture",
        position: "5,20,0,0/48,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=RG",
        throw: Some("4"),
        answers: &["5+4"],
        wrong: &[("20+4", "learn-ludo-capture-other")],
        text: StepText {
            title: "learn-ludo-capture-title",
            task: "learn-ludo-capture-task",
            thrown: Some("learn-ludo-capture-thrown"),
            wrong: "learn-ludo-capture-wrong",
            done: "learn-ludo-capture-done",
            source: "learn-ludo-capture-source",
        },
    },
    // Red's token in the home column needs exactly 3; a 5 must move the other token, since in
    // Ludo moving is compulsory.
    Step {
        key: "exact",
        position: "54,20,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=R",
        throw: Some("5"),
        answers: &["20+5"],
        wrong: &[],
        text: StepText {
            title: "learn-ludo-exact-title",
            task: "learn-ludo-exact-task",
            thrown: Some("learn-ludo-exact-thrown"),
            wrong: "learn-ludo-exact-wrong",
            done: "learn-ludo-exact-done",
            source: "learn-ludo-exact-source",
        },
    },
];

// Parcheesi's seats are Red, Blue, Green, Yellow, each alone; the player is Red.
const PARCHEESI: &[Step] = &[
    Step {
        key: "five",
        position: "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -",
        throw: Some("5-3"),
        answers: &["E5"],
        wrong: &[],
        text: StepText {
            title: "learn-parcheesi-five-title",
            task: "learn-parcheesi-five-task",
            thrown: Some("learn-parcheesi-five-thrown"),
            wrong: "learn-parcheesi-five-wrong",
            done: "learn-parcheesi-five-done",
            source: "learn-parcheesi-five-source",
        },
    },
    // Blue's pawn stands 3 spaces ahead of Red's pawn at 9, on no safety space.
    Step {
        key: "bonus",
        position: "9,30,0,0/63,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=RB",
        throw: Some("3-1"),
        answers: &["9+3"],
        wrong: &[],
        text: StepText {
            title: "learn-parcheesi-bonus-title",
            task: "learn-parcheesi-bonus-task",
            thrown: Some("learn-parcheesi-bonus-thrown"),
            wrong: "learn-parcheesi-bonus-wrong",
            done: "learn-parcheesi-bonus-done",
            source: "learn-parcheesi-bonus-source",
        },
    },
];
