//! The sections about the board: how a piece comes in, the route it travels (with its figure),
//! and the castles.

use super::{
    direction_key, figure, goal_key, grace_values, list_or, start, start_key, values, Block,
    Section,
};
use pachisi_core::ruleset::{Bounce, CastleLayout, CastleRule, Entry, HeldCastle, LastJump};
use pachisi_core::{Rules, Square};
use pachisi_words::{number, Args, FamilyWords};

/// Arguments most sentences of the board take: where pieces start, the direction, the goal.
fn board_args(rules: &Rules) -> Args<'static> {
    let mut args = Args::new();
    args.set("start", start_key(rules));
    args.set("direction", direction_key(rules));
    args.set("goal", goal_key(rules));
    args
}

/// How a piece comes into play.
pub(super) fn entry(rules: &Rules, words: &FamilyWords) -> Section {
    let r = rules.ruleset();
    let mut section = Section::new("entry", words.msg("section-entry"));
    let mut args = board_args(rules);
    args.set("offset", number(r.board.entry_offset));
    args.set("graces", list_or(words, &values(&grace_values(rules))));
    let mut said =
        vec![start::begin(rules, words).unwrap_or_else(|| words.msg_with("entry-start", &args))];
    if start::none_waits(rules) {
        said.push(words.msg("entry-none-waits"));
        section.say(said);
        return section;
    }
    said.push(match r.moves.entry {
        Entry::Grace => words.msg_with("entry-grace", &args),
        Entry::Free => words.msg_with("entry-free", &args),
    });
    if r.moves.first_piece_free && r.moves.entry == Entry::Grace {
        said.push(words.msg("entry-first-free"));
    }
    if r.moves.enter_with_sum && r.throw.separate_dice {
        said.push(words.msg_with("entry-sum", &args));
    }
    if r.moves.must_enter {
        said.push(words.msg("entry-must"));
    }
    if r.moves.grace_only_enters {
        said.push(words.msg_with("entry-grace-only", &args));
    }
    if r.moves.clear_entry {
        said.push(words.msg("entry-clear"));
    }
    if r.capture.on_entry {
        said.push(words.msg("entry-captures"));
    }
    section.say(said);
    section
}

/// The route: the board, the way round, the lane, going round again, the end, and the figure.
pub(super) fn route(rules: &Rules, words: &FamilyWords) -> Section {
    let r = rules.ruleset();
    let topology = rules.topology();
    let mut section = Section::new("route", words.msg("section-route"));
    let mut args = board_args(rules);
    args.set("arms", number(topology.arms()));
    args.set("length", number(topology.arm_length()));
    args.set("track", number(topology.track_len()));
    args.set("lane", number(topology.arm_length().saturating_sub(1)));
    args.set("route", number(rules.route_len()));
    let mut said = vec![words.msg_with("route-board", &args)];
    if r.board.corner_squares == 1 {
        said.push(words.msg("route-one-corner"));
    }
    said.push(words.msg_with("route-path", &args));
    if rules.goal_in_lane() {
        said.push(words.msg("route-goal-lane"));
    }
    if r.moves.go_round_again {
        said.push(words.msg_with("route-round-again", &args));
    }
    if r.moves.exact_home && !rules.goal_in_lane() {
        said.push(match r.moves.bounce {
            Bounce::None => words.msg_with("route-exact", &args),
            Bounce::BackByExcess => words.msg_with("route-bounce-excess", &args),
            Bounce::BackByThrow => words.msg_with("route-bounce-throw", &args),
        });
    }
    if r.moves.home_gate > 0 {
        let mut args = Args::new();
        args.set("count", number(r.moves.home_gate));
        said.push(words.msg_with("route-home-gate", &args));
    }
    if !r.board.jump_squares.is_empty() {
        let mut args = Args::new();
        args.set("places", list_or(words, &values(&r.board.jump_squares)));
        said.push(words.msg_with("route-stars", &args));
        if r.board.last_jump == LastJump::Home {
            said.push(words.msg("route-last-star-home"));
        }
    }
    section.say(said);
    if let Some(figure) = figure::RouteFigure::of(rules, words.words(), 0) {
        section.blocks.push(Block::Figure(figure));
    }
    section
}

/// The castles (safety spaces): where they are and what they do.
pub(super) fn castles(rules: &Rules, words: &FamilyWords) -> Section {
    let r = rules.ruleset();
    let topology = rules.topology();
    let mut section = Section::new("castles", words.msg("section-castles"));
    let count = (0..topology.square_count())
        .filter_map(|i| u8::try_from(i).ok())
        .filter(|&i| topology.is_castle(Square(i)))
        .count();
    let mut args = board_args(rules);
    args.set("count", number(count as u32));
    args.set("row", number(r.board.outer_castle_row));
    args.set("distance", number(r.board.star_distance));
    let mut said = vec![match r.board.castles {
        CastleLayout::Cross => words.msg_with("castles-cross", &args),
        CastleLayout::OuterRows => words.msg_with("castles-outer-rows", &args),
        CastleLayout::EntrySquares => words.msg_with("castles-entry", &args),
        CastleLayout::EntryAndStarSquares => words.msg_with("castles-entry-star", &args),
        CastleLayout::None => words.msg_with("castles-none", &args),
    }];
    if r.board.castles != CastleLayout::None {
        said.push(match r.capture.castles {
            CastleRule::Closed => words.msg("castles-closed"),
            CastleRule::Shared => words.msg("castles-shared"),
            CastleRule::SendBack => words.msg_with("castles-send-back", &args),
        });
        if r.capture.castles == CastleRule::Closed {
            said.push(match r.moves.held_castle {
                HeldCastle::LosesThrow => String::new(),
                HeldCastle::LosesTurn => words.msg("castles-held-loses-turn"),
            });
            if r.moves.carry_on {
                said.push(words.msg("castles-carry-on"));
            }
        }
    }
    section.say(said);
    section
}
