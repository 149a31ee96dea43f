//! Who sits in each seat: a person, or a bot built from its spec.

use pachisi_bots::{Bot, BotSpec};

/// Who plays a seat.
pub enum Player {
    /// A person at the keyboard.
    Human,
    /// A computer player, with the spec it was built from.
    Bot {
        /// The spec (`expectimax:depth=1`), shown beside the seat.
        spec: BotSpec,
        /// The bot.
        bot: Box<dyn Bot>,
    },
}

/// Who plays a seat, before the bots are built.
#[derive(Clone, Debug)]
pub enum SeatSpec {
    /// A person at the keyboard.
    Human,
    /// A computer player.
    Bot(BotSpec),
}

impl std::fmt::Display for SeatSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SeatSpec::Human => f.write_str("human"),
            SeatSpec::Bot(spec) => write!(f, "bot:{spec}"),
        }
    }
}

impl std::str::FromStr for SeatSpec {
    type Err = String;

    /// `human`, `bot` (the default bot, expectimax) or `bot:SPEC` (`bot:mcts:playouts=300`).
    fn from_str(text: &str) -> Result<SeatSpec, String> {
        SeatSpec::parse_with(text, |spec| spec.parse())
    }
}

impl SeatSpec {
    /// Parses a seat from someone who may not read this machine's files (a visitor of a
    /// server): a bot's weights must be built in ([`BotSpec::parse_untrusted`]).
    ///
    /// # Errors
    /// As [`str::parse`], and for weights that are not built in.
    pub fn parse_untrusted(text: &str) -> Result<SeatSpec, String> {
        SeatSpec::parse_with(text, BotSpec::parse_untrusted)
    }

    fn parse_with(
        text: &str,
        bot: impl FnOnce(&str) -> Result<BotSpec, pachisi_bots::SpecError>,
    ) -> Result<SeatSpec, String> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("human") {
            return Ok(SeatSpec::Human);
        }
        let spec = match text.strip_prefix("bot") {
            Some("") => DEFAULT_BOT,
            Some(rest) => rest.strip_prefix(':').ok_or_else(|| seat_help(text))?,
            None => return Err(seat_help(text)),
        };
        bot(spec)
            .map(SeatSpec::Bot)
            .map_err(|e| format!("`{text}`: {e}"))
    }
}

fn seat_help(text: &str) -> String {
    format!("`{text}` is not a seat: write `human`, `bot` or `bot:SPEC` such as `bot:heuristic` or `bot:mcts:playouts=300`")
}

/// The bot a bare `bot` seat gets.
pub const DEFAULT_BOT: &str = "expectimax";
