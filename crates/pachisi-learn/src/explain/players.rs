//! The sections about who plays and the throw: the players, teams and pieces; the throw with
//! the chance of every value; how a turn goes; doublets.

use super::{
    chance, colour, list_and, list_or, start_key, team_count, values, Block, Section, Table,
};
use pachisi_core::ruleset::{
    Device, DoublesAgain, Entry, FirstSeat, Fourteen, Spend, StreakPenalty, ThirdDoublet,
    Undersides,
};
use pachisi_core::Rules;
use pachisi_words::{number, Args, FamilyWords};

/// Who plays: seats, teams, pieces, the order of turns and who begins.
pub(super) fn players(rules: &Rules, words: &FamilyWords) -> Section {
    let mut section = Section::new("players", words.msg("section-players"));
    let mut args = Args::new();
    args.set("seats", number(rules.seats()));
    args.set("pieces", number(rules.pieces()));
    args.set("teams", number(team_count(rules)));
    let mut said = vec![words.msg_with("players-count", &args)];
    if team_count(rules) > 0 {
        let teams: Vec<String> = (0..rules.teams())
            .map(|t| {
                let members: Vec<String> = (0..rules.seats())
                    .filter(|&s| rules.team_of(s) == t)
                    .map(|s| colour(rules, words, s))
                    .collect();
                list_and(words, &members)
            })
            .collect();
        let mut args = Args::new();
        args.set("teams", teams.join(&words.msg("list-against")));
        said.push(words.msg_with("players-teams", &args));
    }
    let order: Vec<String> = (0..rules.seats())
        .map(|s| colour(rules, words, s))
        .collect();
    let mut args = Args::new();
    args.set("order", order.join(&words.msg("list-comma")));
    said.push(words.msg_with("players-order", &args));
    let mut args = Args::new();
    args.set("colour", colour(rules, words, 0));
    said.push(match rules.ruleset().turn.first {
        FirstSeat::FirstSeat => words.msg_with("players-first-seat", &args),
        FirstSeat::HighestThrow => words.msg("players-first-throw"),
    });
    section.say(said);
    section
}

/// What each value of the throw does, for the table: entering, another throw, a bonus step.
fn what_it_does(rules: &Rules, words: &FamilyWords, value: u8) -> String {
    let t = &rules.ruleset().throw;
    let mut does = Vec::new();
    if rules.ruleset().moves.entry == Entry::Grace && t.grace.contains(&value) {
        let first = t.first_entry.is_empty() || t.first_entry.contains(&value);
        does.push(if first {
            words.msg("does-enter")
        } else {
            words.msg("does-enter-later")
        });
    }
    if t.extra_throw.contains(&value) {
        does.push(words.msg("does-again"));
    }
    if t.bonus_step.contains(&value) {
        does.push(words.msg("does-bonus-step"));
    }
    if t.needs_piece_on_board.contains(&value) {
        does.push(words.msg("does-needs-piece"));
    }
    list_and(words, &does)
}

/// The throw: the device, the table of values with their chances, and what values do.
pub(super) fn throw(rules: &Rules, words: &FamilyWords) -> Section {
    let r = rules.ruleset();
    let t = &r.throw;
    let mut section = Section::new("throw", words.msg("section-throw"));
    let mut args = Args::new();
    let mut said = Vec::new();
    match t.device {
        Device::Cowries => {
            args.set("count", number(t.shells.unwrap_or(0)));
            said.push(words.msg_with("throw-cowries", &args));
            if (t.p_up - 0.5).abs() > 1e-12 {
                let mut args = Args::new();
                args.set("percent", number((t.p_up * 1000.0).round() / 10.0));
                said.push(words.msg_with("throw-cowries-uneven", &args));
            }
        }
        Device::Dice => {
            args.set("count", number(t.dice.unwrap_or(1)));
            said.push(words.msg_with("throw-dice", &args));
            if let Some(faces) = t.faces.as_ref().filter(|f| **f != [1, 2, 3, 4, 5, 6]) {
                let mut args = Args::new();
                args.set("faces", list_and(words, &values(faces)));
                said.push(words.msg_with("throw-faces", &args));
            }
            if t.separate_dice {
                said.push(words.msg_with("throw-separate", &args));
            } else if t.named_pairs {
                said.push(words.msg("throw-named-pairs"));
            } else if t.dice.unwrap_or(1) > 1 {
                said.push(words.msg("throw-total"));
            }
        }
    }
    section.say(said);
    section.blocks.push(Block::Table(throw_table(rules, words)));
    let mut said = Vec::new();
    if r.moves.entry == Entry::Grace && !t.grace.is_empty() {
        let mut args = Args::new();
        let graces: Vec<String> = values(&t.grace)
            .into_iter()
            .chain(t.grace_pairs.iter().map(|p| pair_words(words, p)))
            .collect();
        args.set("values", list_or(words, &graces));
        args.set("start", start_key(rules));
        said.push(words.msg_with("throw-graces", &args));
    }
    if !t.first_entry.is_empty() {
        let mut args = Args::new();
        args.set("values", list_or(words, &values(&t.first_entry)));
        said.push(words.msg_with("throw-first-entry", &args));
    }
    if !t.extra_throw.is_empty() {
        let mut args = Args::new();
        let again: Vec<String> = values(&t.extra_throw)
            .into_iter()
            .chain(t.extra_throw_pairs.iter().map(|p| pair_words(words, p)))
            .collect();
        args.set("values", list_or(words, &again));
        said.push(words.msg_with("throw-again", &args));
        if !r.turn.extra_throw_in_first_turn {
            said.push(words.msg("throw-again-not-first-turn"));
        }
    }
    if !t.needs_piece_on_board.is_empty() {
        let mut args = Args::new();
        args.set("values", list_or(words, &values(&t.needs_piece_on_board)));
        said.push(words.msg_with("throw-needs-piece", &args));
    }
    if !t.bonus_step.is_empty() && t.bonus_step_enters && !t.bonus_step_needs_all_entered {
        let mut args = Args::new();
        args.set("values", list_or(words, &values(&t.bonus_step)));
        args.set("start", start_key(rules));
        said.push(words.msg_with("throw-bonus-step-enters", &args));
    } else if !t.bonus_step.is_empty() {
        let mut args = Args::new();
        args.set("values", list_or(words, &values(&t.bonus_step)));
        args.set(
            "all",
            if t.bonus_step_needs_all_entered {
                "yes"
            } else {
                "no"
            },
        );
        said.push(words.msg_with("throw-bonus-step", &args));
    }
    if r.moves.entry == Entry::Grace {
        let mut args = Args::new();
        args.set("chance", chance(words, entering_chance(rules)));
        said.push(words.msg_with("throw-enter-chance", &args));
    }
    section.say(said);
    section
}

/// The chance that a throw can bring a piece in (a grace on a die, as a value, or as a sum).
fn entering_chance(rules: &Rules) -> f64 {
    let r = rules.ruleset();
    let grace = &r.throw.grace;
    rules
        .outcomes()
        .iter()
        .filter(|o| {
            if r.throw.named_pairs {
                o.grace
            } else if r.throw.separate_dice {
                o.dice.iter().any(|d| grace.contains(d))
                    || (r.moves.enter_with_sum && grace.contains(&o.value))
            } else {
                grace.contains(&o.value)
            }
        })
        .map(|o| o.probability)
        .sum()
}

/// Every value the throw can give, with its chance and what it does. Shells are listed by how
/// many fall mouth up; separate dice die by die (each face as likely as the others); dice that
/// count their total by the total.
fn throw_table(rules: &Rules, words: &FamilyWords) -> Table {
    let t = &rules.ruleset().throw;
    if t.separate_dice {
        let faces: Vec<u8> = t.faces.clone().unwrap_or_else(|| (1..=6).collect());
        let each = 1.0 / faces.len().max(1) as f64;
        return Table {
            caption: words.msg("table-one-die"),
            headings: vec![
                words.msg("table-number"),
                words.msg("table-chance"),
                words.msg("table-does"),
            ],
            rows: faces
                .iter()
                .map(|&f| {
                    vec![
                        f.to_string(),
                        chance(words, each),
                        what_it_does(rules, words, f),
                    ]
                })
                .collect(),
        };
    }
    if t.named_pairs {
        return pair_table(rules, words);
    }
    // Outcomes of one value are one row (two dice counting their total).
    let mut rows: Vec<(u8, Vec<u8>, f64)> = Vec::new();
    for o in rules.outcomes() {
        match rows.iter_mut().find(|(v, _, _)| *v == o.value) {
            Some(row) => {
                row.1.push(o.result);
                row.2 += o.probability;
            }
            None => rows.push((o.value, vec![o.result], o.probability)),
        }
    }
    let cowries = t.device == Device::Cowries;
    let mut headings = Vec::new();
    if cowries {
        headings.push(words.msg("table-mouths-up"));
    }
    headings.extend([
        words.msg("table-value"),
        words.msg("table-chance"),
        words.msg("table-does"),
    ]);
    Table {
        caption: if cowries {
            words.msg("table-cowries")
        } else {
            words.msg("table-dice")
        },
        headings,
        rows: rows
            .into_iter()
            .map(|(value, results, p)| {
                let mut row = Vec::new();
                if cowries {
                    row.push(list_or(words, &values(&results)));
                }
                row.extend([
                    value.to_string(),
                    chance(words, p),
                    what_it_does(rules, words, value),
                ]);
                row
            })
            .collect(),
    }
}

/// A pair written `4-0` in words: "4 and 0".
fn pair_words(words: &FamilyWords, pair: &str) -> String {
    let mut numbers = pair.split('-');
    let mut args = Args::new();
    args.set("first", numbers.next().unwrap_or_default().to_string());
    args.set("second", numbers.next().unwrap_or_default().to_string());
    words.msg_with("pair-words", &args)
}

/// Every throw of two dice known by their pair (`throw.named_pairs`, Tayam Sonalu): one row a
/// pair, with its total, its chance and what that pair does.
fn pair_table(rules: &Rules, words: &FamilyWords) -> Table {
    let t = &rules.ruleset().throw;
    Table {
        caption: words.msg("table-dice"),
        headings: vec![
            words.msg("table-pair"),
            words.msg("table-value"),
            words.msg("table-chance"),
            words.msg("table-does"),
        ],
        rows: rules
            .outcomes()
            .iter()
            .map(|o| {
                let mut does = Vec::new();
                if o.grace && rules.ruleset().moves.entry == Entry::Grace {
                    let first = t.first_entry.is_empty() || t.first_entry.contains(&o.value);
                    does.push(words.msg(if first {
                        "does-enter"
                    } else {
                        "does-enter-later"
                    }));
                }
                if o.extra_throw {
                    does.push(words.msg("does-again"));
                }
                if o.value == 0 {
                    does.push(words.msg("does-nothing"));
                }
                vec![
                    pair_words(words, &o.name.to_string()),
                    o.value.to_string(),
                    chance(words, o.probability),
                    list_and(words, &does),
                ]
            })
            .collect(),
    }
}

/// How a turn goes: when throws are moved, three in a row, openings, the first turn.
pub(super) fn turn(rules: &Rules, words: &FamilyWords) -> Section {
    let r = rules.ruleset();
    let mut section = Section::new("turn", words.msg("section-turn"));
    let mut said = vec![match r.turn.spend {
        Spend::EachThrow => words.msg("turn-each-throw"),
        Spend::AfterThrowing => words.msg("turn-after-throwing"),
    }];
    said.push(match r.turn.three_in_a_row {
        StreakPenalty::None => String::new(),
        StreakPenalty::VoidThird => words.msg("turn-three-void-third"),
        StreakPenalty::VoidStreak => words.msg("turn-three-void-streak"),
        StreakPenalty::CancelTurn => words.msg("turn-three-cancel"),
    });
    if r.turn.three_in_a_row != StreakPenalty::None {
        for group in &r.throw.streak_groups {
            let mut args = Args::new();
            args.set("values", list_and(words, &values(group)));
            said.push(words.msg_with("turn-streak-group", &args));
        }
    }
    if !r.turn.opening.is_empty() {
        let mut args = Args::new();
        args.set("values", list_or(words, &values(&r.turn.opening)));
        said.push(words.msg_with("turn-opening", &args));
    }
    if r.turn.first_turn_throws > 1 {
        let mut args = Args::new();
        args.set("count", number(r.turn.first_turn_throws));
        said.push(words.msg_with("turn-first-throws", &args));
    }
    if r.turn.max_throws > 0 {
        let mut args = Args::new();
        args.set("count", number(r.turn.max_throws));
        said.push(words.msg_with("turn-max-throws", &args));
    }
    if r.turn.partner_throws && team_count(rules) > 0 {
        said.push(words.msg("turn-partner-throws"));
    }
    said.push(words.msg("turn-unusable"));
    section.say(said);
    section
}

/// Doublets: what two dice alike (or one die's highest face) give and cost.
pub(super) fn doublets(rules: &Rules, words: &FamilyWords) -> Section {
    let d = &rules.ruleset().doubles;
    let t = &rules.ruleset().throw;
    let mut section = Section::new("doublets", words.msg("section-doublets"));
    if !d.enabled {
        return section;
    }
    let two = t.separate_dice;
    let mut args = Args::new();
    let highest = t
        .faces
        .as_ref()
        .and_then(|f| f.iter().copied().max())
        .unwrap_or(6);
    args.set("face", number(highest));
    args.set("dice", if two { "two" } else { "one" });
    let mut said = vec![words.msg_with("doublets-what", &args)];
    let doublet_p: f64 = rules
        .outcomes()
        .iter()
        .filter(|o| o.doublet)
        .map(|o| o.probability)
        .sum();
    let mut chance_args = Args::new();
    chance_args.set("chance", chance(words, doublet_p));
    said.push(words.msg_with("doublets-chance", &chance_args));
    said.push(match d.throw_again {
        DoublesAgain::Always => words.msg("doublets-again"),
        DoublesAgain::IfAllUsed => words.msg("doublets-again-if-used"),
        DoublesAgain::Never => String::new(),
    });
    said.push(match d.undersides {
        Undersides::Never => String::new(),
        Undersides::AllEntered => words.msg_with("doublets-undersides-entered", &args),
        Undersides::Always => words.msg_with("doublets-undersides", &args),
    });
    if d.undersides != Undersides::Never {
        if d.undersides_all_or_nothing {
            said.push(words.msg("doublets-all-or-nothing"));
        }
        said.push(match d.fourteen {
            Fourteen::Increments => String::new(),
            Fourteen::TwoPawns => words.msg("doublets-fourteen-two"),
            Fourteen::AnyPawns => words.msg("doublets-fourteen-any"),
        });
        if d.finish_from_fourteen {
            said.push(words.msg("doublets-finish-fourteen"));
        }
    }
    said.push(match d.third {
        ThirdDoublet::None => words.msg("doublets-third-none"),
        ThirdDoublet::Void => words.msg("doublets-third-void"),
        ThirdDoublet::SendBack => words.msg("doublets-third-send-back"),
    });
    section.say(said);
    section
}
