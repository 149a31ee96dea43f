//! The JSON the API answers with: rulesets, a game's state, and the frames of a replay
//! (docs/api.md describes every field). Built from the engine alone, so a client needs no rules.

use pachisi_core::describe::{describe_move, throw_words};
use pachisi_core::ruleset::Device;
use pachisi_core::{Move, Phase, Position, Rules, Square};
use pachisi_learn::speak::places::on_castle_25;
use pachisi_table::{move_squares, LastMove, Table};
use serde::Serialize;

/// A built-in ruleset, as the new-game form shows it.
#[derive(Serialize)]
pub struct RulesetInfo {
    name: String,
    title: String,
    family: &'static str,
    source: String,
    description: String,
    seats: u8,
    teams: Vec<Vec<u8>>,
    colours: Vec<String>,
    letters: Vec<String>,
    device: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    shells: Option<u8>,
}

impl RulesetInfo {
    /// The description of `rules`: its `description` is the short summary in plain words of the
    /// language of `words`, made from the rules (`pachisi-learn`), with no field names or
    /// document codes.
    pub fn of(rules: &Rules, words: &pachisi_words::Words) -> RulesetInfo {
        let r = rules.ruleset();
        RulesetInfo {
            name: r.name.clone(),
            title: r.title.clone(),
            family: rules.family().name(),
            source: r.source.clone(),
            description: pachisi_learn::explain::summary(rules, words),
            seats: rules.seats(),
            teams: (0..rules.teams())
                .map(|t| {
                    (0..rules.seats())
                        .filter(|&s| rules.team_of(s) == t)
                        .collect()
                })
                .collect(),
            colours: (0..rules.seats())
                .map(|s| rules.seat_colour(s).to_string())
                .collect(),
            letters: (0..rules.seats())
                .map(|s| rules.seat_letter(s).to_string())
                .collect(),
            device: device_name(rules),
            shells: r.throw.shells,
        }
    }
}

fn device_name(rules: &Rules) -> &'static str {
    match rules.ruleset().throw.device {
        Device::Cowries => "cowries",
        Device::Dice => "dice",
    }
}

/// The ruleset in a state: enough to draw the throw.
#[derive(Serialize)]
pub struct RulesetBrief {
    name: String,
    title: String,
    /// The family ([`Rules::family`]), by which the page names the pieces.
    family: &'static str,
    device: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    shells: Option<u8>,
}

/// One square of the board and its cell on the grid.
#[derive(Serialize)]
struct SquareView {
    id: u8,
    name: String,
    x: u16,
    y: u16,
    castle: bool,
}

/// A seat's corner of the grid.
#[derive(Serialize)]
struct CornerView {
    seat: u8,
    x: u16,
    y: u16,
    size: u16,
}

/// The board: a square grid with arm 0 pointing down, arms counter-clockwise.
#[derive(Serialize)]
pub struct BoardView {
    side: u16,
    centre: &'static str,
    squares: Vec<SquareView>,
    corners: Vec<CornerView>,
}

impl BoardView {
    /// The board of `rules`, or why it cannot be drawn as a cross of four arms.
    ///
    /// # Errors
    /// When the board does not have four arms.
    pub fn of(rules: &Rules) -> Result<BoardView, String> {
        let topology = rules.topology();
        let side = topology.grid_side().ok_or_else(|| {
            format!(
                "the board is drawn as a cross of four arms; this ruleset's has {}",
                topology.arms()
            )
        })?;
        let squares = (0..topology.square_count())
            .filter_map(|i| u8::try_from(i).ok())
            .map(|i| {
                let (x, y) = topology.grid_cell(Square(i)).unwrap_or((0, 0));
                SquareView {
                    id: i,
                    name: topology.name(Square(i)).to_string(),
                    x,
                    y,
                    castle: topology.is_castle(Square(i)),
                }
            })
            .collect();
        let corners = (0..rules.seats())
            .map(|seat| {
                let (x, y) = topology.grid_corner(rules.home_arm(seat)).unwrap_or((0, 0));
                CornerView {
                    seat,
                    x,
                    y,
                    size: u16::from(topology.arm_length()),
                }
            })
            .collect();
        Ok(BoardView {
            side,
            centre: if rules.starts_in_nest() {
                "Home"
            } else {
                "Charkoni"
            },
            squares,
            corners,
        })
    }
}

/// Who sits in a seat.
#[derive(Serialize)]
pub struct SeatView {
    seat: u8,
    letter: String,
    colour: String,
    team: u8,
    player: String,
}

/// The seats of a game; `players` names who plays each (`human`, `bot:expectimax`).
pub fn seats(rules: &Rules, players: &[String]) -> Vec<SeatView> {
    (0..rules.seats())
        .map(|s| SeatView {
            seat: s,
            letter: rules.seat_letter(s).to_string(),
            colour: rules.seat_colour(s).to_string(),
            team: rules.team_of(s),
            player: players.get(usize::from(s)).cloned().unwrap_or_default(),
        })
        .collect()
}

/// A piece and where it stands.
#[derive(Serialize)]
pub struct PieceView {
    seat: u8,
    piece: u8,
    progress: u8,
    square: Option<u8>,
    #[serde(rename = "where")]
    place: &'static str,
    /// Whether the piece has finished: home, or in its goal lane where the goal is in the lane
    /// (`maedn`), where it still stands on a square of the board.
    finished: bool,
    /// Whether it stands on the castle 25 squares from home, where a 25 takes it straight home
    /// (`pachisi_learn::speak::places::on_castle_25`); said only when it does.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    castle_25: bool,
}

pub(crate) fn pieces(rules: &Rules, pos: &Position) -> Vec<PieceView> {
    (0..rules.seats())
        .flat_map(|seat| {
            pos.pieces_of(seat)
                .iter()
                .enumerate()
                .map(move |(i, &progress)| PieceView {
                    seat,
                    piece: i as u8,
                    progress,
                    square: rules.square_at(seat, progress).map(|s| s.0),
                    finished: progress > 0 && rules.in_goal(progress),
                    castle_25: on_castle_25(rules, seat, progress),
                    place: if progress == 0 {
                        "waiting"
                    } else if progress == rules.home() {
                        "home"
                    } else {
                        "board"
                    },
                })
        })
        .collect()
}

/// An increment still to spend.
#[derive(Serialize)]
pub struct PoolItem {
    value: u8,
    bonus: bool,
}

/// What is left to spend of the throws.
pub(crate) fn pool(pos: &Position) -> Vec<PoolItem> {
    pos.pool()
        .items()
        .iter()
        .map(|i| PoolItem {
            value: i.value,
            bonus: i.bonus,
        })
        .collect()
}

/// The last throw and what it means.
#[derive(Serialize)]
pub struct ThrowView {
    seat: u8,
    name: String,
    value: u8,
    result: u8,
    /// The separate dice, largest first; 0 for none (all 0 unless dice count separately).
    dice: [u8; 3],
    grace: bool,
    extra_throw: bool,
    doublet: bool,
    words: String,
}

/// The table's last throw, with the seat that made it.
fn last_throw(table: &Table) -> Option<ThrowView> {
    let throw = table.last_throw()?;
    Some(throw_view(
        table.rules(),
        table.last_thrower().unwrap_or(0),
        throw,
    ))
}

/// `throw`, made by `seat`, and what it means.
pub(crate) fn throw_view(rules: &Rules, seat: u8, throw: pachisi_core::Throw) -> ThrowView {
    let o = rules.outcome(throw);
    ThrowView {
        seat,
        name: o.name.to_string(),
        value: o.value,
        result: o.result,
        dice: o.dice,
        grace: o.grace,
        extra_throw: o.extra_throw,
        doublet: o.doublet,
        words: throw_words(rules, throw),
    }
}

/// The last move and the squares it left and reached.
#[derive(Serialize)]
pub struct MoveDone {
    seat: u8,
    #[serde(rename = "move")]
    notation: String,
    from: Option<u8>,
    to: Option<u8>,
}

/// A legal move.
#[derive(Serialize)]
pub struct MoveView {
    index: usize,
    #[serde(rename = "move")]
    notation: String,
    progress: Option<u8>,
    from: Option<u8>,
    to: Option<u8>,
    captures: u32,
    description: String,
}

pub(crate) fn move_views(rules: &Rules, pos: &Position, moves: &[Move]) -> Vec<MoveView> {
    let seat = pos.to_move();
    moves
        .iter()
        .enumerate()
        .map(|(index, &mv)| {
            let d = describe_move(rules, pos, mv);
            let progress = match mv {
                Move::Advance { from, .. } => Some(from),
                Move::Enter { .. } | Move::EnterSum { .. } => Some(0),
                Move::Pass => None,
            };
            let [from, to] = move_squares(rules, seat, mv);
            MoveView {
                index,
                notation: d.notation,
                progress,
                from: from.map(|s| s.0),
                to: to.map(|s| s.0),
                captures: d.captures,
                description: d.description,
            }
        })
        .collect()
}

/// Why the pieces at one progress cannot move.
#[derive(Serialize)]
pub struct WhyNot {
    progress: u8,
    reasons: Vec<String>,
}

pub(crate) fn why_not(rules: &Rules, pos: &Position) -> Vec<WhyNot> {
    pachisi_core::describe::why_not_all(rules, pos)
        .into_iter()
        .map(|(progress, reasons)| WhyNot { progress, reasons })
        .collect()
}

/// A phase as the API names it.
pub(crate) fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Throw => "throw",
        Phase::Move => "move",
        Phase::Over => "over",
    }
}

/// The result in words once the game is over: `yellow and black won`.
pub fn result(rules: &Rules, pos: &Position) -> Option<String> {
    if pos.phase() != Phase::Over {
        return None;
    }
    let team = *pos.placings().first()?;
    let seats: Vec<&str> = (0..rules.seats())
        .filter(|&s| rules.team_of(s) == team)
        .map(|s| rules.seat_colour(s))
        .collect();
    Some(format!("{} won", seats.join(" and ")))
}

/// A game's state, as `GET /api/games/{id}` answers and the WebSocket sends: what never
/// changes during a game (its id, ruleset and board), the [`Moment`] and the log.
#[derive(Serialize)]
pub struct GameState {
    id: String,
    ruleset: RulesetBrief,
    board: BoardView,
    seats: Vec<SeatView>,
    #[serde(flatten)]
    moment: Moment,
    log: Vec<String>,
}

/// The fields of a game's state that change with its table (all but its id, ruleset, board,
/// seats and log), in the order a state lists them. The server keeps each as JSON text and tells
/// a client only those that changed (docs/api.md, "Live updates").
#[derive(Serialize)]
pub struct Moment {
    pub(crate) position: String,
    pub(crate) phase: &'static str,
    pub(crate) to_move: u8,
    /// The seat whose turn it is at the table, only where it is not `to_move`: a seat whose
    /// pieces are all home throwing for its partner (Chaupar), who is `to_move`. None otherwise,
    /// so that the field does not change, nor is told again, at every turn.
    pub(crate) thrower: Option<u8>,
    pub(crate) awaiting: Option<&'static str>,
    pub(crate) pieces: Vec<PieceView>,
    pub(crate) pool: Vec<PoolItem>,
    pub(crate) last_throw: Option<ThrowView>,
    pub(crate) last_move: Option<MoveDone>,
    pub(crate) moves: Vec<MoveView>,
    pub(crate) why_not: Vec<WhyNot>,
    pub(crate) placings: Vec<u8>,
    pub(crate) result: Option<String>,
    pub(crate) actions: usize,
    pub(crate) can_undo: bool,
}

/// The seat whose turn it is at the table where another plays it: a seat whose pieces are all
/// home throwing for its partner (Chaupar). None where the seat to move plays its own turn.
fn partner_thrower(pos: &Position) -> Option<u8> {
    (pos.thrower() != pos.to_move()).then(|| pos.thrower())
}

/// The state of the game `id` at `table`.
///
/// # Errors
/// When the board cannot be drawn (not four arms).
pub fn game_state(id: &str, table: &Table, players: &[String]) -> Result<GameState, String> {
    let rules = table.rules();
    Ok(GameState {
        id: id.to_string(),
        ruleset: brief(rules),
        board: BoardView::of(rules)?,
        seats: seats(rules, players),
        moment: moment(table),
        log: table.log().to_vec(),
    })
}

/// What changes of a game's state with its table, at `table`.
pub fn moment(table: &Table) -> Moment {
    let rules = table.rules();
    let pos = table.position();
    // A pass forced on a person (nothing else is legal) is played by the server like a bot's
    // action: nobody is asked for it.
    let awaiting = match pos.phase() {
        Phase::Over => None,
        _ if table.automatic_due() => Some("bot"),
        _ => Some("human"),
    };
    let moves = if awaiting == Some("human") {
        table.legal_moves()
    } else {
        Vec::new()
    };
    Moment {
        position: pos.to_notation(rules),
        phase: phase_name(pos.phase()),
        to_move: pos.to_move(),
        thrower: partner_thrower(pos),
        awaiting,
        pieces: pieces(rules, pos),
        pool: pool(pos),
        last_throw: last_throw(table),
        last_move: table.last_move().map(move_done),
        // While a pass forced on a person waits to be played, the reasons say why their turn
        // passes. A bot's forced pass needs no reasons, and is never asked for them: this runs
        // at every action.
        why_not: if moves.is_empty() && !persons_forced_pass(table) {
            Vec::new()
        } else {
            why_not(rules, pos)
        },
        moves: move_views(rules, pos, &moves),
        placings: pos.placings().to_vec(),
        result: result(rules, pos),
        actions: table.record().actions.len(),
        // A finished game's result stands (undo is refused then, as every action is).
        can_undo: table.can_undo(),
    }
}

/// Whether the mover has thrown and nothing but a pass is legal.
/// Whether a person's turn is about to pass because only the pass is legal (the seat is
/// checked first, so that a bot's turn costs no move generation).
fn persons_forced_pass(table: &Table) -> bool {
    let pos = table.position();
    pos.phase() == Phase::Move
        && table.is_human(pos.to_move())
        && table.legal_moves() == [Move::Pass]
}

pub(crate) fn move_done(m: LastMove) -> MoveDone {
    MoveDone {
        seat: m.seat,
        notation: m.mv.to_string(),
        from: m.squares[0].map(|s| s.0),
        to: m.squares[1].map(|s| s.0),
    }
}

/// One moment of a replay, said as what changed since the moment before, so that a replay
/// grows with the record and no faster: the pieces that moved (every piece in the first frame),
/// the last throw and last move when they changed (absent when not; `null` when gone), and how
/// much of the replay's log has been written.
#[derive(Serialize)]
pub struct Frame {
    action: Option<String>,
    pieces: Vec<PieceView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    last_throw: Option<Option<ThrowView>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    last_move: Option<Option<MoveDone>>,
    phase: &'static str,
    to_move: u8,
    /// The seat whose turn it is at the table, only where it is not `to_move` (a finished seat
    /// throwing for its partner, Chaupar).
    #[serde(skip_serializing_if = "Option::is_none")]
    thrower: Option<u8>,
    /// The log at this moment: its first `log[0]` lines of the replay's log, the last of them
    /// cut to `log[1]` characters (a turn's line grows as the turn goes on).
    log: [usize; 2],
}

/// The frames of a replay, one after another.
#[derive(Default)]
pub struct Frames {
    frames: Vec<Frame>,
    /// Each piece's progress at the last frame, seat by seat.
    progress: Vec<u8>,
    last_throw: Option<(u8, pachisi_core::Throw)>,
    last_move: Option<LastMove>,
}

impl Frames {
    /// Adds the frame of `table` as it stands, after `action`.
    pub fn push(&mut self, table: &Table, action: Option<String>) {
        let rules = table.rules();
        let pos = table.position();
        let first = self.frames.is_empty();
        let progress: Vec<u8> = (0..rules.seats())
            .flat_map(|seat| pos.pieces_of(seat).iter().copied())
            .collect();
        let moved = pieces(rules, pos)
            .into_iter()
            .enumerate()
            .filter(|(i, _)| first || self.progress.get(*i) != progress.get(*i))
            .map(|(_, p)| p)
            .collect();
        self.progress = progress;
        let thrown = table
            .last_throw()
            .zip(table.last_thrower())
            .map(|(t, s)| (s, t));
        let last_throw = (first || thrown != self.last_throw).then(|| last_throw(table));
        self.last_throw = thrown;
        let last_move = (first || table.last_move() != self.last_move)
            .then(|| table.last_move().map(move_done));
        self.last_move = table.last_move();
        let log = table.log();
        self.frames.push(Frame {
            action,
            pieces: moved,
            last_throw,
            last_move,
            phase: phase_name(pos.phase()),
            to_move: pos.to_move(),
            thrower: partner_thrower(pos),
            log: [log.len(), log.last().map_or(0, |l| l.chars().count())],
        });
    }

    /// The frames so far.
    pub fn into_frames(self) -> Vec<Frame> {
        self.frames
    }
}

/// A whole replay.
#[derive(Serialize)]
pub struct ReplayView {
    /// The ruleset.
    pub ruleset: RulesetBrief,
    /// The board.
    pub board: BoardView,
    /// The seats.
    pub seats: Vec<SeatView>,
    /// The log of the whole game, one line per turn; each frame says how much of it was written.
    pub log: Vec<String>,
    /// One frame at the start and one after each action.
    pub frames: Vec<Frame>,
}

/// The brief of a ruleset.
pub fn brief(rules: &Rules) -> RulesetBrief {
    let r = rules.ruleset();
    RulesetBrief {
        name: r.name.clone(),
        title: r.title.clone(),
        family: rules.family().name(),
        device: device_name(rules),
        shells: r.throw.shells,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pachisi_core::{builtin_rules, GameRecord};
    use pachisi_table::SeatSpec;
    use std::sync::Arc;

    fn table(name: &str) -> Table {
        let rules = Arc::new(builtin_rules(name, &[]).expect("builtin"));
        let seats = vec![SeatSpec::Human; usize::from(rules.seats())];
        Table::new(rules, &seats, 1, GameRecord::new(name)).expect("table")
    }

    #[test]
    fn ruleset_descriptions_carry_no_field_name_or_document_code() {
        for (name, _) in pachisi_core::BUILTIN_RULESETS {
            let rules = builtin_rules(name, &[]).expect("builtin");
            let json = serde_json::to_value(RulesetInfo::of(&rules, pachisi_words::english()))
                .expect("json");
            let description = json["description"].as_str().expect("a description");
            assert!(!description.is_empty(), "{name}");
            let found = pachisi_learn::explain::leaks::leaks(description);
            assert!(found.is_empty(), "{name}: {found:?} in {description}");
        }
    }

    #[test]
    fn a_piece_has_finished_at_home_or_in_a_goal_lane() {
        let finished = |name: &str, notation: &str| -> Vec<(String, bool)> {
            let rules = builtin_rules(name, &[]).expect("builtin");
            let pos = Position::from_notation(&rules, notation).expect("position");
            let json = serde_json::to_value(pieces(&rules, &pos)).expect("json");
            json.as_array()
                .expect("pieces")
                .iter()
                .take(4)
                .map(|p| {
                    let place = p["where"].as_str().unwrap_or_default().to_string();
                    (place, p["finished"].as_bool().unwrap_or_default())
                })
                .collect()
        };
        let pachisi = finished("pachisi", "12,h,0,3/0,0,0,0/0,0,0,0/0,0,0,0 Yt -");
        assert_eq!(
            pachisi.iter().map(|(_, f)| *f).collect::<Vec<_>>(),
            [false, true, false, false]
        );
        // maedn's goal fields are squares of the board: the pieces there stand on it, finished.
        let maedn = finished("maedn", "41,44,40,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -");
        assert_eq!(
            maedn,
            [
                ("board".to_string(), true),
                ("board".to_string(), true),
                ("board".to_string(), false),
                ("waiting".to_string(), false)
            ]
        );
    }

    /// Abu'l Fazl 1590 (Chaupar): a player who has finished throws for the partner. The state
    /// names the seat whose turn it is at the table beside the seat that acts.
    #[test]
    fn the_state_names_the_finished_seat_whose_turn_a_partner_plays() {
        let rules = Arc::new(builtin_rules("chaupar", &[]).expect("builtin"));
        let mut record = GameRecord::new("chaupar");
        let start = "h,h,h,h/20,30,40,50/60,61,62,63/20,21,22,23 Bt - entered=YGBR thrower=Y";
        record.set_tag("Start", start);
        let seats = vec![SeatSpec::Human; 4];
        let t = Table::new(rules, &seats, 1, record).expect("table");
        let m = serde_json::to_value(moment(&t)).expect("json");
        assert_eq!(
            (m["to_move"].as_u64(), m["thrower"].as_u64()),
            (Some(2), Some(0))
        );
        let m = serde_json::to_value(moment(&table("chaupar"))).expect("json");
        assert_eq!(
            (m["to_move"].as_u64(), m["thrower"].as_u64()),
            (Some(0), None)
        );
    }

    #[test]
    fn a_new_game_shows_every_piece_waiting_and_the_whole_board() {
        for name in ["pachisi", "ludo", "parcheesi-sr"] {
            let t = table(name);
            let players = vec!["human".to_string(); usize::from(t.rules().seats())];
            let state = game_state("g", &t, &players).expect("state");
            let json = serde_json::to_value(&state).expect("json");
            let rules = t.rules();
            assert_eq!(
                json["pieces"].as_array().map(Vec::len),
                Some(usize::from(rules.seats()) * usize::from(rules.pieces()))
            );
            assert!(json["pieces"].as_array().is_some_and(|p| p
                .iter()
                .all(|x| x["where"] == "waiting" && x["square"].is_null())));
            assert_eq!(
                json["board"]["squares"].as_array().map(Vec::len),
                Some(rules.topology().square_count())
            );
            assert_eq!(json["board"]["corners"].as_array().map(Vec::len), Some(4));
            assert_eq!(json["phase"], "throw");
            assert_eq!(json["awaiting"], "human");
            assert!(json["moves"].as_array().is_some_and(Vec::is_empty));
        }
    }

    #[test]
    fn moves_name_their_squares_and_why_not_the_pieces_that_cannot_move() {
        let mut t = table("pachisi");
        // Throws until a grace comes, and the moves are listed.
        while t.position().phase() == Phase::Throw || t.legal_moves() == [Move::Pass] {
            if t.human_throw().is_none() {
                t.human_move(Move::Pass).expect("pass");
            }
        }
        let players = vec!["human".to_string(); 4];
        let json =
            serde_json::to_value(game_state("g", &t, &players).expect("state")).expect("json");
        let moves = json["moves"].as_array().expect("moves");
        let entry = moves.iter().find(|m| m["progress"] == 0).expect("an entry");
        let first = t.rules().square_at(t.position().to_move(), 1).map(|s| s.0);
        assert_eq!(entry["to"].as_u64(), first.map(u64::from));
        assert!(entry["description"]
            .as_str()
            .is_some_and(|d| d.contains("introduce")));
        let pass = moves.iter().find(|m| m["move"] == "-").expect("a pass");
        assert!(pass["progress"].is_null());
        assert!(json["last_throw"]["words"]
            .as_str()
            .is_some_and(|w| w.contains("grace")));
    }

    #[test]
    fn a_board_of_six_arms_is_refused_in_words() {
        let rules = builtin_rules("pachisi", &["board.arms=6".to_string()]).expect("six arms");
        let e = BoardView::of(&rules).err().expect("refused");
        assert!(e.contains("four arms"), "{e}");
    }
}
