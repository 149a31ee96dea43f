//! Perft tables, checked against an independent reference move generator.
//!
//! Every file `tests/data/*.perft` lists positions and their move-sequence counts:
//!
//! ```text
//! # a comment
//! ruleset pachisi        a built-in ruleset, optionally followed by field=value overrides
//! position start         or a position in one-line notation
//! perft 2 1234           the depth in throws, and the count
//! ```
//!
//! Positions other than the start were taken from seeded random games (the comment above each says
//! which). The counts come from the reference generator (tests/perft_ref/, one file per family of
//! rules), not from the engine: it re-derives the rules from the ruleset's fields, as ruleset.rs
//! documents them and docs/rules.md reads them, on its own plain data structures. It takes from the
//! engine only the board (each seat's route, which squares are castles), the seat letters and the
//! list of throws (each throw's name, value and, for separate dice, the numbers shown). The tests
//! check that the engine's `pachisi_core::perft` matches every table line, that the reference does
//! too, and that engine and reference agree move for move along random games. When the engine and a
//! table disagree, the failure names the first position where the engine and the reference part
//! ways.
//!
//! Setting the environment variable `PACHISI_BLESS=1` rewrites the counts of every table from
//! the reference (a count written `?` is filled in), instead of checking them.
//!
//! The reference covers every mechanic of the ruleset schema: grace and free entry, first piece
//! free, first-entry graces, opening throws, throws that need a piece on the board, bonus steps,
//! streak groups and the three streak penalties, both spending orders, passing, splitting, pairs,
//! going round again, exact home (with its no-stranding rule), captures with their extra throw,
//! capturing before home with invalidation, teams, and both kinds of placings; and the Parcheesi
//! and Ludo mechanics (003, and the Ludo rule book): nests and entry squares, separate dice and
//! one-die doublets, the whole `[doubles]` section (throwing again, undersides, their
//! all-or-nothing penalty, the third doublet void or sending the leader back), the fullest use of
//! a throw (`moves.usage` most and all-or-nothing), entering with a grace or with the sum of two
//! dice, must-enter, graces that only enter, stack limits, blockades (no passing, no landing, no
//! moving one intact, stopping behind one), closed and shared castles, capture and finish
//! bonuses, capturing on the entry square, capturing by overtaking, and the extra throws for a
//! capture or for bringing a piece home. It covers too the readings where those documents can
//! be taken more than one way: a pair that may part on a castle only from the next turn (with the
//! pieces moved during the turn, `arrived=`), a throw that could only end on an opponent's castle
//! costing the whole turn, a die that lands a pawn on an opponent's castle when another die
//! carries it on (`carry=`), a doublet's 14 squares divided between two pawns or among any
//! number (the shares `f`, `fs`, `r`), and finishing with a doublet only from 14 out. And it
//! covers OpenSpiel's maedn: no castles (the board's, read like any layout), the goal in the lane
//! (routes end on the lane's last square, a piece in the lane has finished and may move on in
//! it), and the entry square that must be cleared before anything else moves. And the
//! mechanics of LUDOpy's Ludo (`tests/perft_ref/landing.rs`): jump squares and the last one,
//! castles and crowds of two that send the mover back, both bounces from home, and the first
//! turn's throws (`first=`, `tries=`). And the mechanics of the cross-and-circle family, Chaupar,
//! Pachih and Sokkattan (`tests/perft_ref/family.rs`): pieces that begin on the board, a turn's
//! most throws, every throw counted and the last one earning nothing more (`throws=`), castles
//! only in the outer rows (the board's, read like any layout), crowds of two or more that cannot
//! be captured, a captured piece sent back onto the nearest square where pieces begin, a finished
//! seat's turns thrown and played by its partner (`thrower=`), a bonus step that must bring a
//! waiting piece out, and three separate dice.

use pachisi_core::{
    builtin_rules, perft, Move, Phase, Position, Rules, ThrowName, BUILTIN_RULESETS,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

mod perft_ref;

use perft_ref::{RefMove, RefPhase, RefRules, RefState, Share};

// ---------------------------------------------------------------------------------------------
// Comparing the engine with the reference.
// ---------------------------------------------------------------------------------------------

fn engine_moves(rules: &Rules, pos: &Position) -> BTreeSet<String> {
    pos.legal_moves(rules).iter().map(Move::to_string).collect()
}

fn reference_moves(r: &RefRules, s: &RefState) -> BTreeSet<String> {
    r.moves(s).iter().map(RefMove::to_string).collect()
}

fn throw_by_name(rules: &Rules, name: &str) -> pachisi_core::Throw {
    let name: ThrowName = name.parse().expect("a throw name");
    rules.throw_by_name(name).expect("a throw of the rules")
}

/// Walks engine and reference side by side towards a node where their counts differ and
/// describes the first place where the two part ways.
fn first_divergence(
    rules: &Rules,
    r: &RefRules,
    pos: &Position,
    s: &RefState,
    depth: u32,
    path: &mut Vec<String>,
) -> Option<String> {
    let (en, rn) = (pos.to_notation(rules), r.notation(s));
    if en != rn {
        return Some(format!(
            "after `{}` the engine reached `{en}` but the reference `{rn}`",
            path.join(" ")
        ));
    }
    match pos.phase() {
        Phase::Over => None,
        Phase::Throw if depth == 0 => None,
        Phase::Throw => {
            for throw in &r.throws {
                let mut p = *pos;
                p.apply_throw(rules, throw_by_name(rules, &throw.name))
                    .expect("throw");
                let mut t = s.clone();
                r.throw(&mut t, throw);
                if perft(rules, &p, depth - 1) != r.perft(&t, depth - 1) {
                    path.push(format!("({})", throw.name));
                    return first_divergence(rules, r, &p, &t, depth - 1, path);
                }
            }
            None
        }
        Phase::Move => {
            let (em, rm) = (engine_moves(rules, pos), reference_moves(r, s));
            if em != rm {
                return Some(format!(
                    "at `{en}` (after `{}`) the engine lists {:?} but the reference {:?}",
                    path.join(" "),
                    em.difference(&rm).collect::<Vec<_>>(),
                    rm.difference(&em).collect::<Vec<_>>()
                ));
            }
            for mv in r.moves(s) {
                let text = mv.to_string();
                let mut p = *pos;
                p.play(rules, text.parse().expect("move text"))
                    .expect("a legal move");
                let mut t = s.clone();
                r.play(&mut t, mv);
                if perft(rules, &p, depth) != r.perft(&t, depth) {
                    path.push(text);
                    return first_divergence(rules, r, &p, &t, depth, path);
                }
            }
            None
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The tables.
// ---------------------------------------------------------------------------------------------

struct Line {
    file: PathBuf,
    line: usize,
    ruleset: String,
    overrides: Vec<String>,
    position: String,
    depth: u32,
    count: Option<u64>,
}

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

fn table_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(data_dir())
        .expect("tests/data exists")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    files.sort();
    files
}

fn read_table(file: &Path) -> Vec<Line> {
    let text = std::fs::read_to_string(file).expect("readable table");
    let mut lines = Vec::new();
    let (mut ruleset, mut overrides, mut position) = (None::<String>, Vec::new(), None::<String>);
    for (n, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        let where_ = format!("{}:{}", file.display(), n + 1);
        if line.is_empty() {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "ruleset" => {
                let mut words = rest.split_whitespace();
                ruleset = Some(words.next().expect("a ruleset name").to_string());
                overrides = words.map(String::from).collect();
                position = None;
            }
            "position" => position = Some(rest.trim().to_string()),
            "perft" => {
                let (depth, count) = rest
                    .trim()
                    .split_once(' ')
                    .unwrap_or_else(|| panic!("{where_}: expected `perft DEPTH COUNT`"));
                lines.push(Line {
                    file: file.to_path_buf(),
                    line: n + 1,
                    ruleset: ruleset
                        .clone()
                        .unwrap_or_else(|| panic!("{where_}: no ruleset line before"))
                        .clone(),
                    overrides: overrides.clone(),
                    position: position
                        .clone()
                        .unwrap_or_else(|| panic!("{where_}: no position line before")),
                    depth: depth.parse().expect("a depth"),
                    count: count.trim().parse().ok(),
                });
            }
            other => panic!("{where_}: unknown line `{other}`"),
        }
    }
    lines
}

/// The engine's rules and position for a table line, or why the engine cannot read them (such a
/// line fails on its own, and blessing leaves its count as it is).
fn engine_reading(line: &Line) -> Result<(Rules, Position), String> {
    let at = format!("{}:{}", line.file.display(), line.line);
    let rules = builtin_rules(&line.ruleset, &line.overrides).map_err(|e| format!("{at}: {e}"))?;
    let pos = Position::from_notation(&rules, &line.position).map_err(|e| format!("{at}: {e}"))?;
    Ok((rules, pos))
}

fn bless() -> bool {
    std::env::var("PACHISI_BLESS").is_ok_and(|v| v == "1")
}

#[test]
fn every_builtin_ruleset_has_a_table_with_the_start_and_midgame_positions() {
    let lines: Vec<Line> = table_files().iter().flat_map(|f| read_table(f)).collect();
    for (name, _) in BUILTIN_RULESETS {
        let positions: BTreeSet<&str> = lines
            .iter()
            .filter(|l| l.ruleset == *name && l.overrides.is_empty())
            .map(|l| l.position.as_str())
            .collect();
        assert!(positions.contains("start"), "{name}: no start position");
        assert!(
            positions.len() >= 3,
            "{name}: only {} positions",
            positions.len()
        );
    }
}

#[test]
fn the_engine_perft_matches_every_table_line() {
    let mut failures = Vec::new();
    for file in table_files() {
        for line in read_table(&file) {
            let (rules, pos) = match engine_reading(&line) {
                Ok(reading) => reading,
                Err(why) => {
                    failures.push(why);
                    continue;
                }
            };
            let Some(count) = line.count else { continue };
            let engine = perft(&rules, &pos, line.depth);
            if engine != count {
                let r = RefRules::new(&rules);
                let s = r.parse(&line.position);
                let why = first_divergence(&rules, &r, &pos, &s, line.depth, &mut Vec::new())
                    .unwrap_or_else(|| "the engine and the reference agree here".into());
                failures.push(format!(
                    "{}:{}: perft {} is {engine}, the table says {count}: {why}",
                    file.display(),
                    line.line,
                    line.depth
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_reference_generator_matches_every_table_line() {
    let mut failures = Vec::new();
    for file in table_files() {
        let mut text = std::fs::read_to_string(&file).expect("readable table");
        let mut out = Vec::new();
        let lines = read_table(&file);
        for line in &lines {
            let (rules, pos) = match engine_reading(line) {
                Ok(reading) => reading,
                Err(why) => {
                    failures.push(why);
                    continue;
                }
            };
            let r = RefRules::new(&rules);
            let s = r.parse(&line.position);
            let (en, rn) = (pos.to_notation(&rules), r.notation(&s));
            if en != rn {
                failures.push(format!(
                    "{}:{}: the reference reads the position as `{rn}`, the engine as `{en}`",
                    file.display(),
                    line.line
                ));
                continue;
            }
            let count = r.perft(&s, line.depth);
            if bless() {
                out.push((line.line, count));
            } else if Some(count) != line.count {
                failures.push(format!(
                    "{}:{}: the reference counts {count}",
                    file.display(),
                    line.line
                ));
            }
        }
        if bless() {
            let mut rewritten: Vec<String> = text.lines().map(String::from).collect();
            for (n, count) in out {
                let old = &rewritten[n - 1];
                let depth = old.split_whitespace().nth(1).expect("a depth").to_string();
                let comment = old.find('#').map(|i| format!("  {}", &old[i..]));
                rewritten[n - 1] = format!("perft {depth} {count}{}", comment.unwrap_or_default());
            }
            text = rewritten.join("\n") + "\n";
            std::fs::write(&file, text).expect("writable table");
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Rulesets and overrides for the side-by-side walk: every built-in ruleset, the optional rules
/// no built-in ruleset switches on, and a few unusual boards and combinations.
fn walk_configurations() -> Vec<(&'static str, Vec<String>)> {
    let mut out: Vec<(&'static str, Vec<String>)> = BUILTIN_RULESETS
        .iter()
        .map(|(n, _)| (*n, Vec::new()))
        .collect();
    let extra: [(&str, &[&str]); 44] = [
        ("pachisi", &["moves.split=true"]),
        (
            "pachisi",
            &["capture.before_home=true", "capture.invalidation=true"],
        ),
        ("pachisi", &["players.pieces=8", "moves.exact_home=true"]),
        ("pachisi", &["turn.opening=[2,3,4]", "moves.pass=false"]),
        (
            "pachisi-encyclopedia",
            &[
                "moves.split=true",
                "capture.before_home=true",
                "capture.invalidation=true",
                "turn.opening=[2,3,4]",
            ],
        ),
        ("humphries-1904", &["board.direction=\"clockwise\""]),
        ("herklots-1832", &["turn.three_in_a_row=\"none\""]),
        // A lap of ten squares, shorter than the biggest throw.
        (
            "humphries-1904",
            &[
                "board.arms=2",
                "board.arm_length=2",
                "board.outer_castle_row=1",
                "players.seats=[0,1]",
                "players.colours=[]",
                "players.teams=[]",
            ],
        ),
        // Six arms, six seats in two teams of three, the default colours.
        (
            "pachisi",
            &[
                "board.arms=6",
                "players.seats=[0,1,2,3,4,5]",
                "players.colours=[]",
                "players.teams=[[0,2,4],[1,3,5]]",
            ],
        ),
        (
            "pachisi",
            &[
                "players.seats=[0,1,2]",
                "players.colours=[]",
                "players.teams=[]",
                "finish.placings=\"all\"",
            ],
        ),
        (
            "humphries-1904-dice",
            &[
                "throw.dice=3",
                "throw.faces=[1,2,5,6]",
                "throw.extra_throw=[18]",
            ],
        ),
        (
            "humphries-1904",
            &[
                "moves.exact_home=true",
                "moves.split=true",
                "capture.before_home=true",
                "capture.invalidation=true",
                "players.teams=[[0,2],[1,3]]",
            ],
        ),
        (
            "pachisi",
            &[
                "moves.first_piece_free=true",
                "throw.first_entry=[25]",
                "throw.bonus_step=[25]",
                "throw.bonus_step_needs_all_entered=true",
            ],
        ),
        // Parcheesi and Ludo switches (003, the Ludo rule book).
        ("parcheesi-sr", &["board.corner_squares=1"]),
        ("parcheesi-sr", &["board.direction=\"clockwise\""]),
        (
            "parcheesi-sr",
            &["moves.must_enter=false", "moves.grace_only_enters=true"],
        ),
        ("parcheesi-mb", &["board.entry_offset=0", "throw.grace=[7]"]),
        ("parcheesi-mb", &["moves.usage=\"all-or-nothing\""]),
        ("parcheesi-mb", &["capture.overtake=true"]),
        (
            "parcheesi-mb",
            &[
                "throw.separate_dice=false",
                "moves.enter_with_sum=false",
                "doubles.enabled=false",
                "doubles.undersides=\"never\"",
            ],
        ),
        // One die: a 6 is a doublet, its undersides one increment of 7.
        (
            "parcheesi-sr",
            &[
                "throw.dice=1",
                "throw.separate_dice=false",
                "moves.enter_with_sum=false",
            ],
        ),
        // The readings of 001 and 003 the built-in rulesets do not take.
        ("humphries-1904", &["moves.pair_parts=\"at-once\""]),
        ("humphries-1904", &["moves.held_castle=\"loses-turn\""]),
        ("humphries-1904-dice", &["moves.held_castle=\"loses-turn\""]),
        ("parcheesi-sr", &["moves.carry_on=true"]),
        ("parcheesi-tr", &["doubles.fourteen=\"any-pawns\""]),
        ("ludo", &["board.castles=\"entry-and-star-squares\""]),
        ("ludo", &["moves.stack_limit=2", "moves.blockades=true"]),
        (
            "ludo",
            &[
                "finish.goal=\"lane\"",
                "moves.clear_entry=true",
                "board.castles=\"none\"",
            ],
        ),
        ("maedn", &["finish.placings=\"all\""]),
        (
            "ludo",
            &[
                "turn.extra_throw_on_capture=true",
                "turn.extra_throw_on_home=true",
                "throw.grace=[1,6]",
                "finish.placings=\"all\"",
            ],
        ),
        // LUDOpy's mechanics in other combinations: crowds captured, shared castles, a last
        // jump square that does nothing, the other bounce, a first turn with extra throws, and
        // partners.
        (
            "ludopy",
            &[
                "capture.two_or_more=\"captured\"",
                "board.last_jump=\"none\"",
            ],
        ),
        (
            "ludopy",
            &[
                "capture.castles=\"shared\"",
                "moves.bounce=\"back-by-excess\"",
            ],
        ),
        (
            "ludopy",
            &[
                "turn.first_turn_throws=3",
                "turn.extra_throw_in_first_turn=true",
            ],
        ),
        ("ludopy", &["players.teams=[[0,2],[1,3]]"]),
        (
            "ludo",
            &[
                "moves.bounce=\"back-by-throw\"",
                "capture.castles=\"send-back\"",
            ],
        ),
        // The cross-and-circle family: pieces that begin on the board, safe crowds, captures
        // back to the start square, a turn's most throws, partners throwing for a finished seat,
        // a bonus step that enters, castles in the outer rows only, and three separate dice.
        (
            "pachisi",
            &[
                "players.start=[6,7,9,10]",
                "capture.two_or_more=\"safe\"",
                "capture.back_to=\"start-square\"",
            ],
        ),
        (
            "pachisi",
            &[
                "players.start=[0,0,6,9]",
                "capture.back_to=\"start-square\"",
                "turn.partner_throws=true",
            ],
        ),
        (
            "pachisi",
            &["turn.max_throws=3", "throw.extra_throw=[2,3,4,6,10,25]"],
        ),
        (
            "humphries-1904",
            &[
                "turn.max_throws=2",
                "turn.partner_throws=true",
                "players.teams=[[0,2],[1,3]]",
            ],
        ),
        (
            "pachisi",
            &["throw.bonus_step=[10,25]", "throw.bonus_step_enters=true"],
        ),
        ("herklots-1832", &["throw.bonus_step_enters=true"]),
        ("pachisi", &["board.castles=\"outer-rows\""]),
        (
            "humphries-1904-dice",
            &[
                "throw.dice=3",
                "throw.faces=[1,2,5,6]",
                "throw.separate_dice=true",
                "turn.three_in_a_row=\"none\"",
                "players.start=[6,7,9,10]",
                "players.teams=[[0,2],[1,3]]",
                "turn.partner_throws=true",
                "capture.two_or_more=\"safe\"",
                "capture.back_to=\"start-square\"",
            ],
        ),
    ];
    for (name, overrides) in extra {
        out.push((name, overrides.iter().map(|o| o.to_string()).collect()));
    }
    out
}

/// Plays one seeded random game with the engine and the reference side by side, noting in
/// `unseen` the readings it comes across; the first place where the two differ is an error.
fn walk(rules: &Rules, r: &RefRules, seed: u64, unseen: &mut BTreeSet<&str>) -> Result<(), String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pos = Position::new(rules);
    let mut s = r.start();
    let mut path: Vec<String> = Vec::new();
    for _ in 0..4000 {
        let (en, rn) = (pos.to_notation(rules), r.notation(&s));
        if en != rn {
            return Err(format!(
                "seed {seed}: after `{}` the engine reached `{en}` but the reference `{rn}`",
                path.join(" ")
            ));
        }
        unseen.retain(|&what| match what {
            "arrived" => s.arrived.iter().all(|&a| !a),
            "carry" => s.carrying == 0,
            "part" => s.pool.iter().all(|i| i.share != Share::Part),
            "rest" => s.pool.iter().all(|i| i.share != Share::Rest),
            "thrower" => !s.for_partner(),
            _ => {
                s.phase != RefPhase::Move
                    || !r.held_loses_turn
                    || !r.castle_costs_turn(&s, &r.candidates(&s))
            }
        });
        match pos.phase() {
            Phase::Over => break,
            Phase::Throw => {
                let name = rules.outcome(rules.throw_for(rng.gen())).name.to_string();
                let throw = r
                    .throws
                    .iter()
                    .find(|t| t.name == name)
                    .expect("the reference knows every throw");
                pos.apply_throw(rules, throw_by_name(rules, &name))
                    .expect("throw");
                r.throw(&mut s, throw);
                path.push(format!("({name})"));
            }
            Phase::Move => {
                let list: Vec<RefMove> = r.moves(&s).into_iter().collect();
                let rm: BTreeSet<String> = list.iter().map(RefMove::to_string).collect();
                let em = engine_moves(rules, &pos);
                if em != rm {
                    return Err(format!(
                        "seed {seed}: at `{en}` after `{}` the engine lists {:?} but the \
                         reference {:?}",
                        path.join(" "),
                        em.difference(&rm).collect::<Vec<_>>(),
                        rm.difference(&em).collect::<Vec<_>>()
                    ));
                }
                let mv = list[rng.gen_range(0..list.len())];
                let text = mv.to_string();
                pos.play(rules, text.parse().expect("move text"))
                    .expect("legal");
                r.play(&mut s, mv);
                path.push(text);
            }
        }
    }
    Ok(())
}

#[test]
fn the_engine_and_the_reference_agree_move_for_move_along_random_games() {
    // The readings that only show in the middle of a turn must come up somewhere on the walks.
    let mut unseen: BTreeSet<&str> = BTreeSet::from([
        "arrived",
        "carry",
        "part",
        "rest",
        "thrower",
        "turn lost to a castle",
    ]);
    // Each configuration is walked until its first difference, and every one is walked.
    let mut failures = Vec::new();
    for (name, overrides) in walk_configurations() {
        let rules = match builtin_rules(name, &overrides) {
            Ok(rules) => rules,
            Err(e) => {
                failures.push(format!("{name} {overrides:?}: {e}"));
                continue;
            }
        };
        let r = RefRules::new(&rules);
        if let Some(why) = (0..8u64).find_map(|seed| walk(&rules, &r, seed, &mut unseen).err()) {
            failures.push(format!("{name} {overrides:?} {why}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(unseen.is_empty(), "the walks never reached {unseen:?}");
}
