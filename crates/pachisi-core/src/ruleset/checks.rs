//! The checks [`super::Rules::compile`] makes, section by section, and the tables it derives
//! from them (throw outcomes and per-value flags, the board).

use super::*;
use crate::topology::Column;

pub(super) type Invalid<'a> = dyn Fn(&str, String) -> RulesetError + 'a;

pub(super) fn compile_throws(
    ruleset: &Ruleset,
    invalid: &Invalid<'_>,
) -> Result<(Vec<Outcome>, Vec<ValueFlags>), RulesetError> {
    let t = &ruleset.throw;
    let raw = match t.device {
        Device::Cowries => {
            let shells = t
                .shells
                .ok_or_else(|| invalid("throw.shells", "cowries need a number of shells".into()))?;
            if !(1..=12).contains(&shells) {
                return Err(invalid(
                    "throw.shells",
                    format!("needs 1 to 12 shells, not {shells}"),
                ));
            }
            if !(t.p_up > 0.0 && t.p_up < 1.0) {
                return Err(invalid(
                    "throw.p_up",
                    format!("must lie strictly between 0 and 1, not {}", t.p_up),
                ));
            }
            if t.dice.is_some() || t.faces.is_some() {
                return Err(invalid(
                    "throw.dice",
                    "cowries have no dice or faces".into(),
                ));
            }
            cowrie_distribution(shells, t.p_up)
        }
        Device::Dice if t.separate_dice => {
            return compile_separate_dice(ruleset, invalid);
        }
        Device::Dice => {
            let count = t
                .dice
                .ok_or_else(|| invalid("throw.dice", "dice need a number of dice".into()))?;
            if !(1..=4).contains(&count) {
                return Err(invalid(
                    "throw.dice",
                    format!("needs 1 to 4 dice, not {count}"),
                ));
            }
            if t.shells.is_some() || t.values.is_some() {
                return Err(invalid(
                    "throw.values",
                    "dice count their total; shells and values are for cowries".into(),
                ));
            }
            let faces = die_faces(t, invalid)?;
            dice_distribution(count, &faces)
        }
    };
    let values: Vec<u8> = match (&t.values, t.device) {
        (Some(values), _) => {
            if values.len() != raw.len() {
                return Err(invalid(
                    "throw.values",
                    format!(
                        "{} shells give {} results (0 to {} mouths up) but {} values are listed",
                        raw.len() - 1,
                        raw.len(),
                        raw.len() - 1,
                        values.len()
                    ),
                ));
            }
            values.clone()
        }
        (None, Device::Dice) => raw.iter().map(|r| r.0).collect(),
        (None, Device::Cowries) => {
            return Err(invalid(
                "throw.values",
                "cowries need a value for each number of shells mouth up".into(),
            ))
        }
    };
    for (i, &v) in values.iter().enumerate() {
        if v == 0 {
            return Err(invalid(
                "throw.values",
                format!("the value for result {i} is 0; a throw must be worth at least 1"),
            ));
        }
        if values[..i].contains(&v) {
            return Err(invalid(
                "throw.values",
                format!("value {v} appears twice; throws are named by their value"),
            ));
        }
    }
    let mut flags = value_flags(ruleset, &values, invalid)?;
    let mut grouped: Vec<u8> = Vec::new();
    for group in &t.streak_groups {
        let rep = group
            .iter()
            .copied()
            .min()
            .ok_or_else(|| invalid("throw.streak_groups", "a group is empty".into()))?;
        for &v in group {
            if !values.contains(&v) {
                return Err(invalid(
                    "throw.streak_groups",
                    format!("{v} is not the value of any throw"),
                ));
            }
            if grouped.contains(&v) {
                return Err(invalid(
                    "throw.streak_groups",
                    format!("{v} is in two groups"),
                ));
            }
            grouped.push(v);
            flags[usize::from(v)].streak_group = rep;
        }
    }
    let top_face = values.iter().copied().max().unwrap_or(0);
    let doubles = ruleset.doubles.enabled;
    let outcomes = raw
        .iter()
        .zip(&values)
        .map(|(&(result, probability), &value)| {
            let f = flags[usize::from(value)];
            let doublet = doubles && value == top_face;
            Outcome {
                result,
                value,
                name: ThrowName::value(value),
                dice: [0, 0, 0],
                doublet,
                grace: f.grace,
                extra_throw: f.extra_throw
                    || (doublet && ruleset.doubles.throw_again != DoublesAgain::Never),
                probability,
            }
        })
        .collect();
    Ok((outcomes, flags))
}

/// Refuses the first of the value lists that is not empty (`throw.first_entry` where
/// `first_entry`, `throw.needs_piece_on_board`, `throw.bonus_step`, `throw.streak_groups`,
/// `turn.opening`), naming it, with `reason`: the rules these throws leave out.
pub(super) fn refuse_value_lists(
    ruleset: &Ruleset,
    first_entry: bool,
    reason: &str,
    invalid: &Invalid<'_>,
) -> Result<(), RulesetError> {
    let t = &ruleset.throw;
    for (field, list) in [
        (
            "throw.first_entry",
            if first_entry {
                t.first_entry.clone()
            } else {
                Vec::new()
            },
        ),
        ("throw.needs_piece_on_board", t.needs_piece_on_board.clone()),
        ("throw.bonus_step", t.bonus_step.clone()),
        ("throw.streak_groups", t.streak_groups.concat()),
        ("turn.opening", ruleset.turn.opening.clone()),
    ] {
        if !list.is_empty() {
            return Err(invalid(field, reason.into()));
        }
    }
    Ok(())
}

/// What each thrown value counts for, from the value lists of the ruleset (graces, extra throws,
/// first entries, throws that need a piece on the board, bonus steps, openings), each checked to
/// be one of `values`; every value its own streak group until the groups are read.
pub(super) fn value_flags(
    ruleset: &Ruleset,
    values: &[u8],
    invalid: &Invalid<'_>,
) -> Result<Vec<ValueFlags>, RulesetError> {
    let t = &ruleset.throw;
    let mut flags = vec![ValueFlags::default(); 256];
    for (v, f) in flags.iter_mut().enumerate() {
        f.streak_group = v as u8;
    }
    type SetFlag = fn(&mut ValueFlags);
    let lists: [(&str, &Vec<u8>, SetFlag); 6] = [
        ("throw.grace", &t.grace, |f| f.grace = true),
        ("throw.extra_throw", &t.extra_throw, |f| {
            f.extra_throw = true
        }),
        ("throw.first_entry", &t.first_entry, |f| {
            f.first_entry = true
        }),
        ("throw.needs_piece_on_board", &t.needs_piece_on_board, |f| {
            f.needs_piece_on_board = true
        }),
        ("throw.bonus_step", &t.bonus_step, |f| f.bonus_step = true),
        ("turn.opening", &ruleset.turn.opening, |f| f.opening = true),
    ];
    for (field, list, set) in lists {
        for &v in list {
            if !values.contains(&v) {
                return Err(invalid(
                    field,
                    format!("{v} is not the value of any throw (values: {values:?})"),
                ));
            }
            set(&mut flags[usize::from(v)]);
        }
    }
    for &v in &t.first_entry {
        if !t.grace.contains(&v) {
            return Err(invalid(
                "throw.first_entry",
                format!("{v} is not a grace, so it cannot introduce a piece"),
            ));
        }
    }
    Ok(flags)
}

/// The faces of each die: as listed, or an ordinary die's 1 to 6.
pub(super) fn faces_of(t: &ThrowRules) -> Vec<u8> {
    t.faces.clone().unwrap_or_else(|| vec![1, 2, 3, 4, 5, 6])
}

fn die_faces(t: &ThrowRules, invalid: &Invalid<'_>) -> Result<Vec<u8>, RulesetError> {
    let faces = faces_of(t);
    if faces.len() < 2 || faces.iter().any(|&f| f == 0 || f > 60) {
        return Err(invalid(
            "throw.faces",
            "a die needs at least two faces, each from 1 to 60".into(),
        ));
    }
    Ok(faces)
}

/// Two or three dice that count separately (003; Chaupar's three long dice): an outcome per
/// unordered set of numbers; each die's number is an increment, and the value lists name die
/// numbers.
fn compile_separate_dice(
    ruleset: &Ruleset,
    invalid: &Invalid<'_>,
) -> Result<(Vec<Outcome>, Vec<ValueFlags>), RulesetError> {
    let t = &ruleset.throw;
    let count = match t.dice {
        Some(n @ 2..=3) => n,
        _ => {
            return Err(invalid(
                "throw.separate_dice",
                "separate dice need throw.dice = 2 or 3 (one die is always separate)".into(),
            ))
        }
    };
    if count == 3 && (ruleset.doubles.enabled || ruleset.moves.enter_with_sum) {
        return Err(invalid(
            "throw.dice",
            "doublets and entering with the sum of two dice are rules of two dice (003), not \
             of three"
                .into(),
        ));
    }
    if t.shells.is_some() || t.values.is_some() {
        return Err(invalid(
            "throw.values",
            "dice count their own numbers; shells and values are for cowries".into(),
        ));
    }
    let faces = die_faces(t, invalid)?;
    // Each throw is named by the pair of numbers shown; a repeated face would name two ways of
    // throwing alike as one throw and give it the probability of one.
    if faces
        .iter()
        .enumerate()
        .any(|(i, f)| faces[..i].contains(f))
    {
        return Err(invalid(
            "throw.faces",
            "separate dice are named by the numbers they show, so no face may repeat".into(),
        ));
    }
    let mut flags = vec![ValueFlags::default(); 256];
    type SetFlag = fn(&mut ValueFlags);
    let lists: [(&str, &Vec<u8>, SetFlag); 2] = [
        ("throw.grace", &t.grace, |f| f.grace = true),
        ("throw.extra_throw", &t.extra_throw, |f| {
            f.extra_throw = true
        }),
    ];
    for (field, list, set) in lists {
        for &v in list {
            let as_sum = field == "throw.grace"
                && ruleset.moves.enter_with_sum
                && faces.iter().any(|&a| faces.iter().any(|&b| a + b == v));
            if !faces.contains(&v) && !as_sum {
                return Err(invalid(
                    field,
                    format!("{v} is not a face of the dice (faces: {faces:?})"),
                ));
            }
            set(&mut flags[usize::from(v)]);
        }
    }
    refuse_value_lists(
        ruleset,
        true,
        "this rule is for cowries and dice counted by their total, not separate dice",
        invalid,
    )?;
    let outcomes = dice_sets(&faces, count)
        .into_iter()
        .map(|(dice @ [a, b, c], probability)| {
            let doublet = ruleset.doubles.enabled && a == b;
            Outcome {
                result: a + b + c,
                value: a + b + c,
                name: ThrowName::of_dice(&dice[..usize::from(count)]),
                dice,
                doublet,
                grace: dice[..usize::from(count)]
                    .iter()
                    .any(|&d| flags[usize::from(d)].grace)
                    || (ruleset.moves.enter_with_sum && flags[usize::from(a + b)].grace),
                extra_throw: doublet && ruleset.doubles.throw_again != DoublesAgain::Never,
                probability,
            }
        })
        .collect();
    Ok((outcomes, flags))
}

/// Generates the board and lays out its castles.
pub(super) fn compile_board(
    b: &BoardRules,
    invalid: &Invalid<'_>,
) -> Result<Topology, RulesetError> {
    let mut topology = Topology::new(b.arms, b.arm_length, b.outer_castle_row).map_err(|e| {
        let field = match e {
            crate::topology::TopologyError::Arms(_) => "board.arms",
            crate::topology::TopologyError::ArmLength(_) => "board.arm_length",
            _ => "board.outer_castle_row",
        };
        invalid(field, e.to_string())
    })?;
    match b.corner_squares {
        2 => {}
        1 => topology.merge_corners(),
        n => {
            return Err(invalid(
                "board.corner_squares",
                format!("a corner of the Charkoni touches 1 or 2 track squares, not {n}"),
            ))
        }
    }
    let lap = usize::from(topology.track_len());
    if b.start == StartArea::Nest && usize::from(b.entry_offset) >= lap {
        return Err(invalid(
            "board.entry_offset",
            format!("the entry square must lie on the {lap}-square track, less than a lap past the end square"),
        ));
    }
    if b.castles == CastleLayout::None {
        topology.set_castles(&[]);
    } else if b.castles == CastleLayout::OuterRows {
        let row = b.outer_castle_row;
        let castles: Vec<Square> = (0..b.arms)
            .flat_map(|arm| {
                [Column::Left, Column::Right].map(|column| topology.square(arm, column, row))
            })
            .collect();
        topology.set_castles(&castles);
    } else if b.castles != CastleLayout::Cross {
        if b.start != StartArea::Nest {
            return Err(invalid(
                "board.castles",
                "entry squares exist only where pieces start in a nest (board.start = \"nest\")"
                    .into(),
            ));
        }
        let mut castles = Vec::new();
        for arm in 0..b.arms {
            let entry = usize::from(b.entry_offset);
            castles.push(topology.track_square(arm, b.direction, entry));
            if b.castles == CastleLayout::EntryAndStarSquares {
                let star = entry + usize::from(b.star_distance);
                castles.push(topology.track_square(arm, b.direction, star));
            }
        }
        topology.set_castles(&castles);
    }
    Ok(topology)
}

/// The rules of Parcheesi and Ludo: doubles, nests, blockades, bonuses and the use of dice must
/// fit together and with the rest of the ruleset.
pub(super) fn check_family_rules(
    ruleset: &Ruleset,
    invalid: &Invalid<'_>,
) -> Result<(), RulesetError> {
    let (t, m, d) = (&ruleset.throw, &ruleset.moves, &ruleset.doubles);
    let dice = t.device == Device::Dice;
    if d.enabled && !(dice && (t.separate_dice || t.dice == Some(1))) {
        return Err(invalid(
            "doubles.enabled",
            "doublets need two separate dice (throw.separate_dice) or one die (whose top face \
             counts as a doublet)"
                .into(),
        ));
    }
    let mut faces = faces_of(t);
    faces.sort_unstable();
    let standard_die = faces == [1, 2, 3, 4, 5, 6];
    // With doubles off the other doubles fields say nothing, so switching doublets off is one
    // override (003: "Some (MB) versions have no special treatment at all for doubles").
    if d.enabled && d.undersides != Undersides::Never && !standard_die {
        return Err(invalid(
            "doubles.undersides",
            "undersides (7 minus the top) need ordinary dice, faces 1 to 6".into(),
        ));
    }
    if d.enabled && ruleset.turn.three_in_a_row != StreakPenalty::None {
        return Err(invalid(
            "turn.three_in_a_row",
            "with doubles.enabled, a third doublet is governed by doubles.third".into(),
        ));
    }
    if m.enter_with_sum && !t.separate_dice {
        return Err(invalid(
            "moves.enter_with_sum",
            "entering with the sum of two dice needs throw.separate_dice".into(),
        ));
    }
    if (m.must_enter || m.grace_only_enters || m.enter_with_sum) && m.entry != Entry::Grace {
        return Err(invalid(
            "moves.entry",
            "must_enter, grace_only_enters and enter_with_sum need moves.entry = \"grace\"".into(),
        ));
    }
    let each_throw = ruleset.turn.spend == Spend::EachThrow;
    if (m.usage != Usage::Free || d.enabled) && !each_throw {
        return Err(invalid(
            "turn.spend",
            "doublets and the demand to use a throw are 003's, where each throw is spent before \
             the next: they need turn.spend = \"each-throw\""
                .into(),
        ));
    }
    if m.usage != Usage::Free && (m.pass || m.split || m.pairs) {
        return Err(invalid(
            "moves.usage",
            "a throw that must be used cannot be declined or split: set moves.pass, moves.split \
             and moves.pairs to false"
                .into(),
        ));
    }
    if m.blockades && (m.go_round_again || ruleset.capture.before_home) {
        return Err(invalid(
            "moves.blockades",
            "blockades are not modelled together with going round again".into(),
        ));
    }
    if m.blockades && m.pairs {
        return Err(invalid(
            "moves.blockades",
            "Parcheesi's blockades and Humphries' pairs are two readings of two pieces on a square; \
             choose one"
                .into(),
        ));
    }
    if m.stop_behind_blockade && (!m.blockades || m.split) {
        return Err(invalid(
            "moves.stop_behind_blockade",
            "stopping behind a blockade needs moves.blockades and no moves.split".into(),
        ));
    }
    if m.blockades && m.stack_limit != 2 {
        return Err(invalid(
            "moves.stack_limit",
            "a blockade is a pair of pieces: blockades need a stack limit of 2".into(),
        ));
    }
    if ruleset.board.start == StartArea::Nest {
        if m.go_round_again || ruleset.capture.before_home {
            return Err(invalid(
                "moves.go_round_again",
                "going round again (or being sent round by capture.before_home) is only modelled \
                 for pieces that start in the Charkoni"
                    .into(),
            ));
        }
        if m.first_piece_free {
            return Err(invalid(
                "moves.first_piece_free",
                "a first piece leaving the Charkoni freely is Pachisi's; pieces here start in a nest"
                    .into(),
            ));
        }
    }
    check_readings(ruleset, invalid)?;
    check_goal_and_entry(ruleset, invalid)?;
    if ruleset.capture.on_entry && ruleset.board.start != StartArea::Nest {
        return Err(invalid(
            "capture.on_entry",
            "capturing on the entry square needs board.start = \"nest\"".into(),
        ));
    }
    if (ruleset.capture.bonus > 0 || ruleset.finish.bonus > 0)
        && ruleset.turn.spend != Spend::EachThrow
    {
        return Err(invalid(
            "capture.bonus",
            "bonus increments are taken before the next throw: they need turn.spend = \
             \"each-throw\""
                .into(),
        ));
    }
    Ok(())
}

/// The readings where documents 001 and 003 can be taken more than one way: each needs the
/// rules it is a reading of.
fn check_readings(ruleset: &Ruleset, invalid: &Invalid<'_>) -> Result<(), RulesetError> {
    let (t, m, d) = (&ruleset.throw, &ruleset.moves, &ruleset.doubles);
    let closed = ruleset.capture.castles == CastleRule::Closed;
    if m.pair_parts == PairParts::NextTurn && !m.pairs {
        return Err(invalid(
            "moves.pair_parts",
            "when a pair may part is a rule of pairs: it needs moves.pairs = true".into(),
        ));
    }
    if m.held_castle == HeldCastle::LosesTurn && !(closed && m.usage == Usage::Free) {
        return Err(invalid(
            "moves.held_castle",
            "losing the turn to an opponent's castle needs closed castles (capture.castles = \
             \"closed\") and throws that need not be used (moves.usage = \"free\")"
                .into(),
        ));
    }
    let carried = closed && t.separate_dice && !m.split && !m.pairs;
    if m.carry_on && !carried {
        return Err(invalid(
            "moves.carry_on",
            "carrying a pawn on from an opponent's castle needs closed castles, separate dice \
             (throw.separate_dice) and no split throws or pairs"
                .into(),
        ));
    }
    let divisible = d.fourteen != Fourteen::Increments;
    if divisible
        && !(d.enabled
            && t.separate_dice
            && d.undersides != Undersides::Never
            && !d.undersides_all_or_nothing
            && !m.split)
    {
        return Err(invalid(
            "doubles.fourteen",
            "a divisible 14 is the doublet's tops and undersides: it needs doubles.enabled, \
             throw.separate_dice, doubles.undersides other than \"never\", no \
             doubles.undersides_all_or_nothing (which counts four increments) and no moves.split"
                .into(),
        ));
    }
    if d.finish_from_fourteen && !(divisible && m.exact_home) {
        return Err(invalid(
            "doubles.finish_from_fourteen",
            "finishing only from 14 out needs a divisible 14 (doubles.fourteen = \"two-pawns\" \
             or \"any-pawns\") and pawns that finish by exact count (moves.exact_home = true)"
                .into(),
        ));
    }
    Ok(())
}

/// The goal in the lane and the entry square that must be cleared (OpenSpiel's maedn): each needs
/// pieces that start in a nest, and the goal in the lane leaves nothing for the rules about
/// reaching the Charkoni to do.
fn check_goal_and_entry(ruleset: &Ruleset, invalid: &Invalid<'_>) -> Result<(), RulesetError> {
    let (t, m, b) = (&ruleset.throw, &ruleset.moves, &ruleset.board);
    let nest = b.start == StartArea::Nest;
    if ruleset.finish.goal == Goal::Lane {
        let refusal = if !nest {
            Some((
                "board.start",
                "the goal in the lane needs pieces that start in a nest (board.start = \"nest\"): \
                 from the Charkoni a piece comes down its own lane as it sets out",
            ))
        } else if !m.exact_home {
            Some((
                "moves.exact_home",
                "with the goal in the lane nothing goes beyond the lane's last square, so a piece \
                 reaches a goal square only by an exact throw: set moves.exact_home = true",
            ))
        } else if ruleset.finish.bonus > 0 {
            Some((
                "finish.bonus",
                "with the goal in the lane no piece reaches home, so nothing earns a finish bonus",
            ))
        } else if ruleset.turn.extra_throw_on_home {
            Some((
                "turn.extra_throw_on_home",
                "with the goal in the lane no piece reaches home, so nothing earns its extra throw",
            ))
        } else if m.blockades || m.pairs {
            Some((
                "moves.blockades",
                "blockades and pairs are not modelled with the goal in the lane",
            ))
        } else if ruleset.doubles.finish_from_fourteen {
            Some((
                "doubles.finish_from_fourteen",
                "with the goal in the lane no pawn finishes at home, so the 14 never brings one there",
            ))
        } else {
            None
        };
        if let Some((field, reason)) = refusal {
            return Err(invalid(field, reason.into()));
        }
        let lane = u16::from(b.arm_length.saturating_sub(1));
        if m.stack_limit > 0 && lane * u16::from(m.stack_limit) < u16::from(ruleset.players.pieces)
        {
            return Err(invalid(
                "finish.goal",
                format!(
                    "the lane has {lane} squares, room for {} pieces under moves.stack_limit = {}, \
                     fewer than the {} pieces a seat must bring into it",
                    lane * u16::from(m.stack_limit),
                    m.stack_limit,
                    ruleset.players.pieces
                ),
            ));
        }
    }
    if m.clear_entry {
        let one_increment = ruleset.turn.spend == Spend::EachThrow
            && !t.separate_dice
            && !ruleset.doubles.enabled
            && !m.split
            && !m.pairs
            && !m.carry_on
            && m.usage == Usage::Free;
        if !(nest && m.entry == Entry::Grace && one_increment) {
            return Err(invalid(
                "moves.clear_entry",
                "clearing the entry square is modelled for pieces that start in a nest and enter \
                 on a grace (board.start = \"nest\", moves.entry = \"grace\"), one throw spent whole \
                 by one piece before the next (turn.spend = \"each-throw\", no separate dice, \
                 doubles, split throws, pairs or carrying on, moves.usage = \"free\")"
                    .into(),
            ));
        }
    }
    Ok(())
}
