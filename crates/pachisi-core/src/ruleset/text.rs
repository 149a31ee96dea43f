//! Reading a ruleset from TOML text, with `field=value` overrides, and the errors that name the
//! line, the field or the override at fault.

use super::Ruleset;

/// Why a ruleset was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesetError {
    /// The text is not valid TOML or does not fit the schema.
    #[error("{origin}:{line}:{column}: {message}")]
    Syntax {
        /// Where the text came from.
        origin: String,
        /// Line (1-based).
        line: usize,
        /// Column (1-based).
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// A field has a value that is out of range or contradicts another field.
    #[error("{origin}: field `{field}`: {reason}")]
    Invalid {
        /// Where the ruleset came from.
        origin: String,
        /// The dotted name of the field.
        field: String,
        /// What is wrong.
        reason: String,
    },
    /// An override given as `field=value` could not be applied.
    #[error("override `{assignment}`: {reason}")]
    Override {
        /// The assignment as given.
        assignment: String,
        /// What is wrong.
        reason: String,
    },
}

impl Ruleset {
    /// Parses a ruleset from TOML text. `origin` names the text in error messages (a file name).
    ///
    /// # Errors
    /// When the text is not TOML or does not fit the schema; the error gives line and column.
    pub fn from_toml(text: &str, origin: &str) -> Result<Ruleset, RulesetError> {
        toml::from_str(text).map_err(|e| syntax_error(text, origin, &e))
    }

    /// Parses TOML text, applies `field=value` overrides (TOML values, e.g. `moves.pass=false`,
    /// `players.seats=[0,2]`), then parses the result as a ruleset.
    ///
    /// # Errors
    /// As [`Ruleset::from_toml`], and when an override is malformed or names no field.
    pub fn from_toml_with(
        text: &str,
        origin: &str,
        overrides: &[String],
    ) -> Result<Ruleset, RulesetError> {
        let mut ruleset = Ruleset::from_toml(text, origin)?;
        if overrides.is_empty() {
            return Ok(ruleset);
        }
        let mut doc: toml::Table =
            toml::from_str(text).map_err(|e| syntax_error(text, origin, &e))?;
        // Apply one override at a time so that an error names the override that caused it.
        for assignment in overrides {
            apply_override(&mut doc, assignment)?;
            let fail = |reason: String| RulesetError::Override {
                assignment: assignment.clone(),
                reason,
            };
            let merged = toml::to_string(&doc).map_err(|e| fail(e.to_string()))?;
            ruleset = toml::from_str(&merged).map_err(|e| fail(e.message().trim().to_string()))?;
        }
        Ok(ruleset)
    }

    /// The ruleset as TOML text.
    pub fn to_toml(&self) -> String {
        toml::to_string_pretty(self).unwrap_or_default()
    }
}

fn apply_override(doc: &mut toml::Table, assignment: &str) -> Result<(), RulesetError> {
    let fail = |reason: &str| RulesetError::Override {
        assignment: assignment.to_string(),
        reason: reason.to_string(),
    };
    let (path, value_text) = assignment
        .split_once('=')
        .ok_or_else(|| fail("expected field=value, e.g. moves.pass=false"))?;
    let path: Vec<&str> = path.trim().split('.').collect();
    if path.iter().any(|p| p.is_empty()) {
        return Err(fail("the field name is empty"));
    }
    let value_text = value_text.trim();
    // A bare word that is not a TOML value (e.g. `each-throw`) is taken as a string.
    let value = toml::from_str::<toml::Table>(&format!("v = {value_text}"))
        .ok()
        .and_then(|mut t| t.remove("v"))
        .unwrap_or_else(|| toml::Value::String(value_text.to_string()));
    let (last, parents) = path
        .split_last()
        .ok_or_else(|| fail("the field name is empty"))?;
    let mut table = doc;
    for part in parents {
        let entry = table
            .entry((*part).to_string())
            .or_insert_with(|| toml::Value::Table(toml::Table::new()));
        table = entry
            .as_table_mut()
            .ok_or_else(|| fail(&format!("`{part}` is not a table")))?;
    }
    table.insert((*last).to_string(), value);
    Ok(())
}

fn syntax_error(text: &str, origin: &str, e: &toml::de::Error) -> RulesetError {
    let (line, column) = e.span().map_or((1, 1), |span| line_col(text, span.start));
    RulesetError::Syntax {
        origin: origin.to_string(),
        line,
        column,
        message: e.message().trim().to_string(),
    }
}

/// 1-based line and column of a byte offset.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}
