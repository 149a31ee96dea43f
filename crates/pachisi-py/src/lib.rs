//! The `pachisi` Python package's native module, `pachisi._pachisi`, on the Rust crates.
//!
//! - [`encode`]: the observation tensor and the returns (pure Rust, tested without Python);
//! - [`opening`]: the throw-off before a game, as chance nodes (pure Rust);
//! - `errors`: the exception classes and the engine's errors mapped to them;
//! - `ruleset`: `GameCore`, a compiled ruleset with its overrides, and the `Game` class holding it;
//! - `game`: `Game`'s methods, and `rulesets()`;
//! - `state`: `State`, a position with its history, the OpenSpiel-shaped game API;
//! - `bots`: `Bot`, `simulate` and `tournament`, run with the interpreter released;
//! - [`vector`]: many games stepped together on a thread pool (pure Rust);
//! - `vecenv`: `VecEnv`, the Python class on it.
//!
//! The Python module exists only with the `python` feature, which maturin turns on
//! (`pyproject.toml`); without it this crate is [`encode`], [`opening`] and [`vector`] alone, so that `cargo test
//! --workspace` needs no Python. The dense action numbering is pachisi-core's
//! [`pachisi_core::ActionSpace`].

pub mod encode;
pub mod opening;
pub mod vector;

#[cfg(feature = "python")]
mod bots;
#[cfg(feature = "python")]
mod errors;
#[cfg(feature = "python")]
mod game;
#[cfg(feature = "python")]
mod ruleset;
#[cfg(feature = "python")]
mod state;
#[cfg(feature = "python")]
mod vecenv;

#[cfg(feature = "python")]
use pyo3::prelude::*;

/// The native module.
#[cfg(feature = "python")]
#[pymodule(gil_used = false)]
fn _pachisi(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add_class::<ruleset::Game>()?;
    m.add_class::<state::State>()?;
    m.add_class::<bots::Bot>()?;
    m.add_class::<vecenv::VecEnv>()?;
    m.add_function(wrap_pyfunction!(game::rulesets, m)?)?;
    m.add_function(wrap_pyfunction!(game::ruleset_text, m)?)?;
    m.add_function(wrap_pyfunction!(state::load_record, m)?)?;
    m.add_function(wrap_pyfunction!(game::_restore_game, m)?)?;
    m.add_function(wrap_pyfunction!(state::_restore_state, m)?)?;
    m.add_function(wrap_pyfunction!(bots::simulate, m)?)?;
    m.add_function(wrap_pyfunction!(bots::tournament, m)?)?;
    m.add_function(wrap_pyfunction!(bots::_simulate_part, m)?)?;
    m.add_function(wrap_pyfunction!(bots::_simulate_merge, m)?)?;
    m.add_function(wrap_pyfunction!(bots::_tournament_plan, m)?)?;
    m.add_function(wrap_pyfunction!(bots::_tournament_part, m)?)?;
    m.add_function(wrap_pyfunction!(bots::_tournament_merge, m)?)?;
    m.add("CHANCE_PLAYER", state::CHANCE_PLAYER)?;
    m.add("TERMINAL_PLAYER", state::TERMINAL_PLAYER)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
