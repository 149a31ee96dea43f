//! The exception classes, and the engine's errors as Python exceptions with its messages.
//!
//! `PachisiError` is a `ValueError`, so callers that catch bad values catch it; its subclasses
//! say which kind of input was refused.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    pachisi,
    PachisiError,
    PyValueError,
    "Any error of the engine: a bad argument, an action or text it refuses."
);
create_exception!(
    pachisi,
    IllegalActionError,
    PachisiError,
    "An action that is not legal in the state, or no action at all."
);
create_exception!(
    pachisi,
    RulesetError,
    PachisiError,
    "An unknown ruleset, a ruleset file that cannot be read, or a bad option."
);
create_exception!(
    pachisi,
    NotationError,
    PachisiError,
    "A position, move, throw or record text that cannot be read or does not fit the rules."
);
create_exception!(
    pachisi,
    BotSpecError,
    PachisiError,
    "A bot spec string that does not name a bot or gives it a bad option."
);

/// Adds the exception classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("PachisiError", py.get_type::<PachisiError>())?;
    m.add("IllegalActionError", py.get_type::<IllegalActionError>())?;
    m.add("RulesetError", py.get_type::<RulesetError>())?;
    m.add("NotationError", py.get_type::<NotationError>())?;
    m.add("BotSpecError", py.get_type::<BotSpecError>())?;
    Ok(())
}

/// A `PachisiError` with a message.
pub fn engine(message: impl std::fmt::Display) -> PyErr {
    PachisiError::new_err(message.to_string())
}

/// An `IllegalActionError` with a message.
pub fn illegal(message: impl std::fmt::Display) -> PyErr {
    IllegalActionError::new_err(message.to_string())
}

/// A `RulesetError` with a message.
pub fn ruleset(message: impl std::fmt::Display) -> PyErr {
    RulesetError::new_err(message.to_string())
}

/// A `NotationError` with a message.
pub fn notation(message: impl std::fmt::Display) -> PyErr {
    NotationError::new_err(message.to_string())
}

/// A `BotSpecError` with a message.
pub fn bot_spec(message: impl std::fmt::Display) -> PyErr {
    BotSpecError::new_err(message.to_string())
}
