//! Teaching the game to someone who knows Ludo, or nothing.
//!
//! - [`explain`]: how to play a ruleset, in plain words made from the ruleset itself (the throw
//!   with its chances, entry, the route, castles, captures, bonuses, the end), for
//!   `pachisi rules explain`, the page `/rules/NAME` and the descriptions of `/api/rulesets`.
//! - [`tour`]: the guided first game, short steps on the real board with the real engine, each
//!   a prepared position where the player makes the move the step teaches.
//! - [`speak`]: the game in words, for a player who cannot see the board and for every front
//!   end that says what happens: where the pieces stand and what threatens them, the moves, why
//!   a piece cannot move, one line per action, and the commands a player types.
//!
//! Every sentence comes from the catalogues of `pachisi-words`; this crate decides what to say,
//! from the rules, and the front ends (the terminal, the page) only show it.

pub mod explain;
pub mod speak;
pub mod tour;
