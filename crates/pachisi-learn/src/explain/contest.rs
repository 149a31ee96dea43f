//! The sections about play between the players: captures, how pieces move (splitting, pairs,
//! blockades, passing), and how the game ends.

use super::{start, start_key, team_count, Section};
use pachisi_core::ruleset::{CastleLayout, PairParts, Placings, TwoOrMore, Usage};
use pachisi_core::Rules;
use pachisi_words::{number, Args, FamilyWords};

/// Captures: what they do, who is safe, their bonuses and conditions.
pub(super) fn captures(rules: &Rules, words: &FamilyWords) -> Section {
    let r = rules.ruleset();
    let c = &r.capture;
    let mut section = Section::new("captures", words.msg("section-captures"));
    let mut args = Args::new();
    args.set("start", start_key(rules));
    args.set("count", number(c.bonus));
    let mut said = vec![if rules.captured_to() > 0 {
        // Back onto the board, in the captured piece's own lane.
        let mut args = Args::new();
        args.set("place", start::ordinal(words, rules.captured_to()));
        words.msg_with("capture-basic-square", &args)
    } else {
        words.msg_with("capture-basic", &args)
    }];
    if c.two_or_more == TwoOrMore::Safe {
        said.push(words.msg("capture-safe-pair"));
    }
    if team_count(rules) > 0 {
        said.push(words.msg("capture-partners"));
    }
    if r.board.castles == CastleLayout::None {
        said.push(words.msg("capture-anywhere"));
    }
    if r.moves.pairs {
        said.push(words.msg("capture-pairs"));
    }
    if c.two_or_more == TwoOrMore::SendBack {
        said.push(words.msg_with("capture-crowd", &args));
    }
    if c.overtake {
        said.push(words.msg("capture-overtake"));
    }
    if r.turn.extra_throw_on_capture {
        said.push(words.msg("capture-again"));
    }
    if c.bonus > 0 {
        said.push(words.msg_with("capture-bonus", &args));
    }
    if c.before_home {
        said.push(words.msg_with("capture-before-home", &args));
    }
    if c.invalidation {
        said.push(words.msg("capture-invalidation"));
    }
    section.say(said);
    section
}

/// Moving: passing, splitting a throw, using it fully, pairs, stacks and blockades.
pub(super) fn moving(rules: &Rules, words: &FamilyWords) -> Section {
    let r = rules.ruleset();
    let m = &r.moves;
    let mut section = Section::new("moving", words.msg("section-moving"));
    let mut said = vec![if m.pass {
        words.msg("moving-pass")
    } else {
        words.msg("moving-no-pass")
    }];
    let mut args = Args::new();
    args.set("count", number(r.throw.dice.unwrap_or(2)));
    said.push(match (m.split, r.throw.separate_dice) {
        (true, _) => words.msg("moving-split"),
        (false, true) => words.msg_with("moving-each-die", &args),
        (false, false) => words.msg("moving-whole"),
    });
    said.push(match m.usage {
        Usage::Free => String::new(),
        Usage::Most => words.msg("moving-most"),
        Usage::AllOrNothing => words.msg("moving-all-or-nothing"),
    });
    section.say(said);
    let mut said = Vec::new();
    if m.pairs {
        said.push(words.msg("moving-pairs"));
        said.push(match m.pair_parts {
            PairParts::AtOnce => words.msg("moving-pair-parts"),
            PairParts::NextTurn => words.msg("moving-pair-parts-next-turn"),
        });
    }
    let mut args = Args::new();
    args.set("count", number(m.stack_limit));
    said.push(match m.stack_limit {
        0 if !m.pairs => words.msg("moving-stack-any"),
        0 => String::new(),
        1 => words.msg("moving-stack-one"),
        _ => words.msg_with("moving-stack", &args),
    });
    if m.blockades {
        said.push(words.msg("moving-blockades"));
        if m.stop_behind_blockade {
            said.push(words.msg("moving-stop-behind"));
        }
    }
    section.say(said);
    section
}

/// The end: when a piece has finished, bonuses for it, and the places played for.
pub(super) fn end(rules: &Rules, words: &FamilyWords) -> Section {
    let r = rules.ruleset();
    let mut section = Section::new("end", words.msg("section-end"));
    let mut args = Args::new();
    args.set("start", start_key(rules));
    args.set("teams", number(team_count(rules)));
    args.set("count", number(r.finish.bonus));
    let mut said = Vec::new();
    if !rules.goal_in_lane() {
        said.push(words.msg_with("end-home", &args));
    }
    if r.turn.extra_throw_on_home {
        said.push(words.msg("end-again"));
    }
    if r.finish.bonus > 0 {
        said.push(words.msg_with("end-bonus", &args));
    }
    said.push(match r.finish.placings {
        Placings::Winner => words.msg_with("end-winner", &args),
        Placings::All => words.msg_with("end-all", &args),
    });
    section.say(said);
    section
}
