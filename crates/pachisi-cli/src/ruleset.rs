//! Loading the ruleset a command names: a built-in ruleset or a ruleset file, with its `--set`
//! overrides, and a refused override explained in the words the user typed.

use crate::shell::quote;
use crate::RulesArgs;
use anyhow::{anyhow, bail, Context, Result};
use pachisi_core::{builtin_text, Rules, BUILTIN_RULESETS};
use std::path::Path;

impl RulesArgs {
    /// The ruleset these arguments name, with their overrides.
    pub(crate) fn load(&self) -> Result<Rules> {
        load_rules(&self.name, &self.set)
    }
}

/// A built-in ruleset by name, or a ruleset file by path.
pub(crate) fn load_rules(name: &str, overrides: &[String]) -> Result<Rules> {
    if let Some(text) = builtin_text(name) {
        let origin = format!("{name}.toml");
        return Rules::from_toml(text, &origin, overrides)
            .map_err(|e| override_error(text, &origin, overrides, e));
    }
    let path = Path::new(name);
    if !path.exists() {
        let names: Vec<&str> = BUILTIN_RULESETS.iter().map(|(n, _)| *n).collect();
        bail!(
            "no built-in ruleset or file is called `{name}`; the built-in rulesets are: {}",
            names.join(", ")
        );
    }
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the ruleset file {}", path.display()))?;
    let origin = path.display().to_string();
    Rules::from_toml(&text, &origin, overrides)
        .map_err(|e| override_error(&text, &origin, overrides, e))
}

/// A ruleset refused because of an override, said in the words the user typed: the `--set`
/// that failed, what its field takes (found by trying values) and an example (the ruleset's own
/// value). When the field refused is another one (`players.seats=[0,2]` leaves four colours),
/// the first override that makes the ruleset fail is named with that field's complaint.
fn override_error(
    text: &str,
    origin: &str,
    overrides: &[String],
    e: pachisi_core::RulesetError,
) -> anyhow::Error {
    use pachisi_core::RulesetError;
    let field_of = |o: &str| o.split_once('=').map_or(o, |(f, _)| f).trim().to_string();
    let (culprit, reason) = match &e {
        RulesetError::Override { assignment, reason } => {
            (overrides.iter().position(|o| o == assignment), reason)
        }
        RulesetError::Invalid { field, reason, .. } => (
            overrides.iter().rposition(|o| {
                let path = field_of(o);
                field == &path
                    || field.starts_with(&format!("{path}."))
                    || field.starts_with(&format!("{path}["))
            }),
            reason,
        ),
        _ => (None, &String::new()),
    };
    let Some(i) = culprit else {
        let failing = (0..overrides.len())
            .find_map(|i| Some(i).zip(Rules::from_toml(text, origin, &overrides[..=i]).err()));
        return match failing {
            Some((i, RulesetError::Invalid { field, reason, .. })) => {
                anyhow!("`--set {}`: field `{field}`: {reason}", overrides[i])
            }
            _ => e.into(),
        };
    };
    let (assignment, path) = (&overrides[i], field_of(&overrides[i]));
    let accepts = |value: &str| {
        let mut tried = overrides[..i].to_vec();
        tried.push(format!("{path}={value}"));
        Rules::from_toml(text, origin, &tried).is_ok()
    };
    let numbers: Vec<u32> = (0..=255).filter(|v| accepts(&v.to_string())).collect();
    let expected = match (numbers.first(), numbers.last()) {
        (Some(low), Some(high)) if numbers.len() as u32 == high - low + 1 => {
            Some(format!("a whole number from {low} to {high} is expected"))
        }
        (Some(_), Some(_)) if numbers.len() <= 8 => {
            let list: Vec<String> = numbers.iter().map(ToString::to_string).collect();
            Some(format!("one of {} is expected", list.join(", ")))
        }
        _ if numbers.is_empty() && accepts("true") && accepts("false") => {
            Some("true or false is expected".to_string())
        }
        _ => None,
    };
    let reason = expected.unwrap_or_else(|| {
        reason
            .replace("unknown variant", "unknown value")
            .replace("expected u8", "expected a whole number from 0 to 255")
            .replace("expected f64", "expected a number")
    });
    let own_value = Rules::from_toml(text, origin, &overrides[..i])
        .ok()
        .and_then(|base| serde_json::to_value(base.ruleset()).ok())
        .and_then(|v| v.pointer(&format!("/{}", path.replace('.', "/"))).cloned())
        .map(|v| match v {
            serde_json::Value::String(s) => s,
            other => other.to_string(),
        })
        .filter(|v| accepts(v));
    let example = own_value.or_else(|| numbers.first().map(ToString::to_string));
    match example {
        Some(value) => anyhow!(
            "`--set {assignment}`: {reason}, e.g. --set {}",
            quote(&format!("{path}={value}"))
        ),
        None => anyhow!("`--set {assignment}`: {reason}"),
    }
}
