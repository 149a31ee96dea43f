//! A game at the table: the position, who sits in each seat (people and bots), the throws, the
//! record being written, and the history that undo goes back through. Every front end plays
//! through it: the terminal game and the web server. It does no input or output; a game is
//! restored from its record ([`Table::restore`]), or taken over from a snapshot of it and the
//! actions since ([`Table::resume`]).
//!
//! The throws come from a seed ([`Table::new`]) or are fair throws anyone can check once the
//! game is over ([`Table::new_fair`], docs/fair-throws.md); the rest of the table does not
//! know which.
//!
//! - `seats`: who plays each seat ([`SeatSpec`]);
//! - `header`: the record's header ([`record_header`], [`fair_record_header`]);
//! - `dice`: the two sources of throws;
//! - `restore`: a game rebuilt from its record, every throw checked against its source;
//! - `fair`: the constructors of a game with fair throws;
//! - `snapshot`: a table taken over from a snapshot of it and the actions since
//!   ([`Table::snapshot`], [`Table::resume`]), without replaying the whole record.

mod dice;
mod fair;
mod header;
mod restore;
mod seats;
mod snapshot;

use dice::Dice;
pub use dice::{throw_off, TableThrows};
pub use header::{
    fair_record_header, record_header, record_overrides, throw_off_into, SET_SEPARATOR,
};
use pachisi_core::{Action, GameRecord, Move, Phase, Position, Rules, Square, Throw, ThrowOff};
use pachisi_sim::game_seed;
pub use seats::{Player, SeatSpec, DEFAULT_BOT};
pub use snapshot::{TableSnapshot, SNAPSHOT_VERSION};
use std::sync::Arc;

/// The longest line that forced passes are folded into (the narrowest log of the terminal
/// game): a turn that would make it longer begins a line of its own.
pub const LOG_FOLD_WIDTH: usize = 40;

/// What separates the turns folded into one line of the log: `G: (3) -  R: (2) -`.
pub const LOG_FOLD_SEPARATOR: &str = "  ";

/// Where the last move went, for highlighting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LastMove {
    /// The seat that moved.
    pub seat: u8,
    /// The move.
    pub mv: Move,
    /// The squares it left and reached (`None` off the board: waiting, home, or a pass).
    pub squares: [Option<Square>; 2],
}

/// The squares a move of `seat` leaves and reaches (`None` off the board: waiting, home, or a
/// pass), for highlighting.
pub fn move_squares(rules: &Rules, seat: u8, mv: Move) -> [Option<Square>; 2] {
    let from = match mv {
        Move::Advance { from, .. } => rules.square_at(seat, from),
        _ => None,
    };
    let to = mv.destination(rules).and_then(|p| rules.square_at(seat, p));
    [from, to]
}

/// Everything undo restores.
#[derive(Clone)]
struct UndoPoint {
    position: Position,
    actions: usize,
    throws: Dice,
    /// Log lines then, and the last one as it read then: later actions only add lines or extend
    /// the last one, so the log need not be copied.
    log_lines: usize,
    last_line: String,
    log_passes: bool,
    last_move: Option<LastMove>,
    last_throw: Option<(u8, Throw)>,
    throw_count: u64,
}

/// What one step of the game did, for the status line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Happening {
    /// A seat threw.
    Threw(u8, Throw),
    /// A seat moved (passes included).
    Moved(u8, Move),
}

/// A game between people and bots.
pub struct Table {
    rules: Arc<Rules>,
    position: Position,
    record: GameRecord,
    players: Vec<Player>,
    throws: Dice,
    /// The game so far in record notation, one line per turn (`Y: (10) E10 (3) 1+3`), turns
    /// that were forced passes folded together (`G: (3) -  R: (2) -  B: (4) -`).
    log: Vec<String>,
    /// Whether the next action opens a new log line: a turn has ended.
    log_turn_over: bool,
    /// Whether the log's last line holds only turns that began with a forced pass, so that the
    /// next such turn joins it.
    log_passes: bool,
    history: Vec<UndoPoint>,
    last_move: Option<LastMove>,
    /// The last throw and the seat that made it.
    last_throw: Option<(u8, Throw)>,
    /// Throws made in the game (the throw-off's not counted).
    throw_count: u64,
    saved_actions: Option<usize>,
    /// What the bots are seeded from (bot `i` with `game_seed(bot_seed, 1 + i)`).
    bot_seed: u64,
}

/// The player of seat `i` as `spec` says, a bot seeded with `game_seed(bot_seed, 1 + i)`.
fn player(rules: &Arc<Rules>, spec: &SeatSpec, bot_seed: u64, i: usize) -> Player {
    match spec {
        SeatSpec::Human => Player::Human,
        SeatSpec::Bot(spec) => Player::Bot {
            spec: spec.clone(),
            bot: spec.build(rules.clone(), game_seed(bot_seed, 1 + i as u64)),
        },
    }
}

impl Table {
    /// A new game. `record` carries the header (ruleset, overrides, seed, seats, and a `Start`
    /// position if the game does not begin at the usual one); the throws come from `seed`, and
    /// bot `i` is seeded from `seed` and its seat.
    ///
    /// # Errors
    /// When the record's `Start` position is not a position of these rules.
    pub fn new(
        rules: Arc<Rules>,
        seats: &[SeatSpec],
        seed: u64,
        record: GameRecord,
    ) -> Result<Table, String> {
        Table::with_dice(rules, seats, Dice::seeded(seed), seed, record)
    }

    /// A new game whose throws come from `throws`; bot `i` is seeded with
    /// `game_seed(bot_seed, 1 + i)`.
    fn with_dice(
        rules: Arc<Rules>,
        seats: &[SeatSpec],
        throws: Dice,
        bot_seed: u64,
        record: GameRecord,
    ) -> Result<Table, String> {
        // Who begins: the record's Start or Opening tag, or else seat 0 (a new game's throw-off
        // is written into its header first: `throw_off_into`).
        let opening = match record.tag("Opening") {
            Some(text) => Some(
                ThrowOff::parse(&rules, text)
                    .map_err(|e| format!("the Opening throw-off is bad: {e}"))?,
            ),
            None => None,
        };
        let position = record.start_position(&rules).map_err(|e| e.to_string())?;
        // A bot that cannot play here (a network made for other rules) says so before the game
        // begins, instead of playing with another evaluation.
        for seat in seats {
            if let SeatSpec::Bot(spec) = seat {
                spec.check(&rules)
                    .map_err(|e| format!("bot `{spec}` cannot play under these rules: {e}"))?;
            }
        }
        // The throw-off opens the log, on a line of its own.
        let log = opening.iter().map(|o| o.describe(&rules)).collect();
        let players = seats
            .iter()
            .enumerate()
            .map(|(i, s)| player(&rules, s, bot_seed, i))
            .collect();
        Ok(Table {
            position,
            rules,
            record,
            players,
            throws,
            log,
            log_turn_over: true,
            log_passes: false,
            history: Vec::new(),
            last_move: None,
            last_throw: None,
            throw_count: 0,
            saved_actions: None,
            bot_seed,
        })
    }

    /// Gives `seat` to `spec` from the next action on: a person, or a bot seeded as this
    /// table seeds its bots (a person who leaves is replaced by a bot, and back). The record's
    /// `Seats` tag, if it has one, says who plays each seat now.
    pub fn set_seat(&mut self, seat: u8, spec: SeatSpec) {
        let i = usize::from(seat);
        let Some(slot) = self.players.get_mut(i) else {
            return;
        };
        *slot = player(&self.rules, &spec, self.bot_seed, i);
        if self.record.tag("Seats").is_some() {
            let seats: Vec<String> = self
                .players
                .iter()
                .map(|p| match p {
                    Player::Human => SeatSpec::Human.to_string(),
                    Player::Bot { spec, .. } => SeatSpec::Bot(spec.clone()).to_string(),
                })
                .collect();
            self.record.set_tag("Seats", seats.join(","));
        }
    }

    /// The rules played.
    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The record so far.
    pub fn record(&self) -> &GameRecord {
        &self.record
    }

    /// The game in record notation, one line per turn, as it is shown: a run of turns that were
    /// forced passes (a throw after which the only legal move is a pass) shares one line, the
    /// turns separated by [`LOG_FOLD_SEPARATOR`] (`G: (3) -  R: (2) -  B: (4) -`), up to
    /// [`LOG_FOLD_WIDTH`] characters. The record is not folded: split on the separator, the
    /// lines are the record's, one per turn. As the game goes on, lines are only added or the
    /// last one extended.
    pub fn log(&self) -> &[String] {
        &self.log
    }

    /// The last move made, if any.
    pub fn last_move(&self) -> Option<LastMove> {
        self.last_move
    }

    /// The last throw made, if any.
    pub fn last_throw(&self) -> Option<Throw> {
        self.last_throw.map(|(_, t)| t)
    }

    /// The seat that made the last throw.
    pub fn last_thrower(&self) -> Option<u8> {
        self.last_throw.map(|(seat, _)| seat)
    }

    /// Whether [`Table::undo`] would take a move back now: a person's move against bots, while
    /// the game is still being played.
    pub fn can_undo(&self) -> bool {
        self.humans() <= 1 && !self.history.is_empty() && self.position.phase() != Phase::Over
    }

    /// How many of the record's actions would stay if [`Table::undo`] were called now: those
    /// before the person's last move. `None` when there is nothing to take back. A server uses it
    /// to refuse an undo that would take back more than the asker may (a throw seen since, a
    /// move another person made).
    pub fn undo_reach(&self) -> Option<usize> {
        self.history.last().map(|s| s.actions)
    }

    /// Throws made in the game so far, the throw-off's not counted (a stable number for drawing
    /// each throw). Throws replayed with [`Table::apply_action`] count too.
    pub fn throw_count(&self) -> u64 {
        self.throw_count
    }

    /// The number of the next throw the table's source gives, as the source counts them. With
    /// fair throws it is the number that docs/fair-throws.md and `pachisi verify` give that
    /// throw: the throw-off's throws come first, so it is [`Table::throw_count`] plus the
    /// throw-off's throws. With seeded throws, whose throw-off draws from a stream of its own,
    /// it counts the game's throws drawn from the seed. Throws replayed with
    /// [`Table::apply_action`] are not drawn and do not count.
    pub fn throw_number(&self) -> u64 {
        self.throws.count()
    }

    /// Whether a person plays `seat`.
    pub fn is_human(&self, seat: u8) -> bool {
        matches!(self.players.get(usize::from(seat)), Some(Player::Human))
    }

    /// How many seats people play.
    pub fn humans(&self) -> usize {
        self.players
            .iter()
            .filter(|p| matches!(p, Player::Human))
            .count()
    }

    /// Who plays each seat, as shown beside it: `you` when one person plays, `human N` for
    /// several.
    pub fn seat_labels(&self) -> Vec<String> {
        let several = self.humans() > 1;
        let mut n = 0;
        self.players
            .iter()
            .map(|p| match p {
                Player::Human if several => {
                    n += 1;
                    format!("human {n}")
                }
                Player::Human => "you".into(),
                Player::Bot { spec, .. } => format!("bot {spec}"),
            })
            .collect()
    }

    /// Whether a person must act now (throw or move); `false` when a bot or the game acts, or
    /// the game is over.
    pub fn awaits_human(&self) -> bool {
        self.position.phase() != Phase::Over && self.is_human(self.position.to_move())
    }

    /// The legal moves now (empty unless a move is due).
    pub fn legal_moves(&self) -> Vec<Move> {
        self.position.legal_moves(&self.rules)
    }

    /// Whether every action is in the last save: true before the first action, as there is
    /// nothing to lose, and false once a move that was saved is taken back.
    pub fn is_saved(&self) -> bool {
        self.saved_actions.unwrap_or(0) == self.record.actions.len()
    }

    /// Notes that the record as it stands has been written out.
    pub fn mark_saved(&mut self) {
        self.saved_actions = Some(self.record.actions.len());
    }

    /// Whether [`Table::step_automatic`] would act now: a bot is to throw or move, or a person's
    /// only legal move is a pass, which is played for them.
    pub fn automatic_due(&self) -> bool {
        match self.position.phase() {
            Phase::Over => false,
            _ if !self.awaits_human() => true,
            Phase::Move => self.legal_moves() == [Move::Pass],
            Phase::Throw => false,
        }
    }

    /// Plays one action that needs no person: a bot's throw or move, or a move forced on a person
    /// (a pass when nothing else is legal). `None` when a person must act or the game is over.
    pub fn step_automatic(&mut self) -> Option<Happening> {
        if !self.automatic_due() {
            return None;
        }
        let seat = usize::from(self.position.to_move());
        match (self.position.phase(), self.players.get_mut(seat)) {
            (Phase::Move, Some(Player::Bot { bot, .. })) => {
                let mv = bot.choose(&self.position);
                // A bot's move is checked like a person's: an illegal one would corrupt the record.
                let mv = if self.position.is_legal(&self.rules, mv) {
                    mv
                } else {
                    self.legal_moves().first().copied().unwrap_or(Move::Pass)
                };
                Some(self.play(mv))
            }
            (Phase::Move, _) => Some(self.play(Move::Pass)),
            _ => Some(self.throw()),
        }
    }

    /// A person throws. `None` unless a throw is due from a person.
    pub fn human_throw(&mut self) -> Option<Happening> {
        (self.awaits_human() && self.position.phase() == Phase::Throw).then(|| self.throw())
    }

    /// A person plays `mv`, which must be legal now.
    ///
    /// # Errors
    /// When no person is to move, or the move is not legal.
    pub fn human_move(&mut self, mv: Move) -> Result<Happening, String> {
        if !self.awaits_human() || self.position.phase() != Phase::Move {
            return Err("it is not a person's move now".into());
        }
        if !self.position.is_legal(&self.rules, mv) {
            return Err(format!("{mv} is not a legal move here"));
        }
        self.history.push(self.undo_point());
        Ok(self.play(mv))
    }

    /// Takes back the last move a person made, and everything since (bots' moves and throws). The
    /// throws come again as they fell: undo changes a choice, never the luck.
    ///
    /// # Errors
    /// When several people play (a move another player has seen stands), or nothing is left to
    /// undo.
    pub fn undo(&mut self) -> Result<(), String> {
        if self.humans() > 1 {
            return Err("undo is for games against bots: with several people at the keyboard, a move stands".into());
        }
        if self.position.phase() == Phase::Over {
            return Err("the game is over: its result stands, and undo cannot take it back".into());
        }
        let point = self
            .history
            .pop()
            .ok_or("there is no move of yours to take back")?;
        self.position = point.position;
        self.record.actions.truncate(point.actions);
        self.throws = point.throws;
        self.log.truncate(point.log_lines);
        if let Some(line) = self.log.last_mut() {
            *line = point.last_line;
        }
        self.log_passes = point.log_passes;
        // A save of the moves taken back no longer matches the game.
        if self.saved_actions.is_some_and(|n| n > point.actions) {
            self.saved_actions = None;
        }
        // A person's move is never the first action of a turn, so the line goes on.
        self.log_turn_over = self.log.is_empty();
        self.last_move = point.last_move;
        self.last_throw = point.last_throw;
        self.throw_count = point.throw_count;
        Ok(())
    }

    /// The record to save: the header, a `Final` tag with the position reached, and every action.
    pub fn record_to_save(&self) -> GameRecord {
        let mut record = self.record.clone();
        record.set_tag("Final", self.position.to_notation(&self.rules));
        record
    }

    fn undo_point(&self) -> UndoPoint {
        UndoPoint {
            position: self.position,
            actions: self.record.actions.len(),
            throws: self.throws.clone(),
            log_lines: self.log.len(),
            last_line: self.log.last().cloned().unwrap_or_default(),
            log_passes: self.log_passes,
            last_move: self.last_move,
            last_throw: self.last_throw,
            throw_count: self.throw_count,
        }
    }

    fn throw(&mut self) -> Happening {
        let throw = self.throws.next_throw(&self.rules);
        self.apply_throw(throw)
    }

    /// Applies a throw the phase accepts, and records and logs it.
    fn apply_throw(&mut self, throw: Throw) -> Happening {
        let seat = self.position.to_move();
        let name = self.rules.outcome(throw).name;
        // Throws come from the rules' own outcomes, which a throw phase always accepts.
        if self.position.apply_throw(&self.rules, throw).is_ok() {
            self.record.push(Action::Throw(name));
            self.write_log(seat, &format!("({name})"));
        }
        self.last_throw = Some((seat, throw));
        self.throw_count += 1;
        Happening::Threw(seat, throw)
    }

    fn play(&mut self, mv: Move) -> Happening {
        let seat = self.position.to_move();
        let squares = move_squares(&self.rules, seat, mv);
        let before = self.position;
        self.position.play_unchecked(&self.rules, mv);
        self.record.push(Action::Move(mv));
        self.write_log(seat, &mv.to_string());
        if mv != Move::Pass || before.pieces_of(seat) != self.position.pieces_of(seat) {
            self.last_move = Some(LastMove { seat, mv, squares });
        }
        Happening::Moved(seat, mv)
    }

    /// Adds an action of `seat` to the log: to the current turn's line, or on a new line when
    /// a turn has ended, as records are written; a turn that begins with a forced pass joins a
    /// line of such turns (see [`Table::log`]).
    fn write_log(&mut self, seat: u8, token: &str) {
        // Whether the position reached leaves a pass as the only move.
        let forced = self.position.phase() == Phase::Move
            && self.position.legal_moves(&self.rules) == [Move::Pass];
        match self.log.last_mut() {
            Some(line) if !self.log_turn_over => {
                line.push(' ');
                line.push_str(token);
                if !forced && token != "-" {
                    self.log_passes = false;
                }
            }
            last => {
                let turn = format!("{}: {token}", self.rules.seat_letter(seat));
                // The pass to come (` -`) counts towards the width.
                match last {
                    Some(line)
                        if forced
                            && self.log_passes
                            && line.chars().count()
                                + LOG_FOLD_SEPARATOR.len()
                                + turn.chars().count()
                                + 2
                                <= LOG_FOLD_WIDTH =>
                    {
                        line.push_str(LOG_FOLD_SEPARATOR);
                        line.push_str(&turn);
                    }
                    _ => {
                        self.log.push(turn);
                        self.log_passes = forced;
                    }
                }
            }
        }
        self.log_turn_over =
            self.position.to_move() != seat || self.position.phase() == Phase::Over;
    }
}

#[cfg(test)]
mod tests;
