//! Two dice counted by their total but known by the pair they show (`throw.named_pairs`): Tayam
//! Sonalu's two long dice (Parker 1909), each showing 0, 1, 2 or 4, where 0 and 1 is Tayam and 0
//! and 4 is Sonal. A throw is an unordered pair written `4-0`, worth its total, and a pair may be a
//! grace or throw again where its total is not (`throw.grace_pairs`, `throw.extra_throw_pairs`):
//! Sonal's 4 brings a piece in where 2 and 2 does not.
//!
//! A pair that is no grace though its total is one of a grace pair (2 and 2 beside Sonal) puts a
//! plain increment in the pool, which moves a piece but never brings one in; a throw totalling 0
//! puts nothing there.

use super::checks::Invalid;
use super::*;

/// The outcomes and per-value flags of named pairs.
pub(super) fn compile_named_pairs(
    ruleset: &Ruleset,
    invalid: &Invalid<'_>,
) -> Result<(Vec<Outcome>, Vec<ValueFlags>), RulesetError> {
    let t = &ruleset.throw;
    let fits = t.device == Device::Dice
        && t.dice == Some(2)
        && !t.separate_dice
        && !ruleset.doubles.enabled
        && t.shells.is_none()
        && t.values.is_none();
    if !fits {
        return Err(invalid(
            "throw.named_pairs",
            "pairs are named for two dice counted by their total: throw.device = \"dice\", \
             throw.dice = 2, no separate dice, doublets, shells or values"
                .into(),
        ));
    }
    let faces = super::checks::faces_of(t);
    let repeated = faces
        .iter()
        .enumerate()
        .any(|(i, f)| faces[..i].contains(f));
    if faces.len() < 2 || faces.iter().any(|&f| f > 60) || repeated {
        return Err(invalid(
            "throw.faces",
            "a die needs at least two different faces, each from 0 to 60".into(),
        ));
    }
    let sets = dice_sets(&faces, 2);
    let totals: Vec<u8> = sets.iter().map(|([a, b, _], _)| a + b).collect();
    if ruleset.turn.three_in_a_row != StreakPenalty::None {
        return Err(invalid(
            "turn.three_in_a_row",
            "streaks are not modelled for named pairs of dice".into(),
        ));
    }
    super::checks::refuse_value_lists(
        ruleset,
        false,
        "this rule is not modelled for named pairs of dice",
        invalid,
    )?;
    // Totals that move: a total of 0 is no grace and earns nothing.
    let moving: Vec<u8> = totals.iter().copied().filter(|&v| v > 0).collect();
    let mut flags = super::checks::value_flags(ruleset, &moving, invalid)?;
    let pairs = |field: &str, list: &[String]| -> Result<Vec<ThrowName>, RulesetError> {
        list.iter()
            .map(|text| {
                let name: ThrowName = text
                    .parse()
                    .ok()
                    .filter(|n: &ThrowName| n.second.is_some() && n.third.is_none())
                    .ok_or_else(|| invalid(field, format!("`{text}` is not a pair such as 4-0")))?;
                let known = sets
                    .iter()
                    .any(|([a, b, _], _)| ThrowName::dice(*a, *b) == name);
                if !known || name.first + name.second.unwrap_or(0) == 0 {
                    return Err(invalid(
                        field,
                        format!("`{text}` is no throw of these dice that moves"),
                    ));
                }
                Ok(name)
            })
            .collect()
    };
    let grace_pairs = pairs("throw.grace_pairs", &t.grace_pairs)?;
    let extra_pairs = pairs("throw.extra_throw_pairs", &t.extra_throw_pairs)?;
    let listed_grace = flags.clone();
    for name in &grace_pairs {
        // The total is a grace where its pair says so; its other pairs become plain.
        flags[usize::from(name.first + name.second.unwrap_or(0))].grace = true;
    }
    let outcomes = sets
        .into_iter()
        .map(|([a, b, _], probability)| {
            let name = ThrowName::dice(a, b);
            let value = a + b;
            Outcome {
                result: value,
                value,
                name,
                dice: [0, 0, 0],
                doublet: false,
                grace: listed_grace[usize::from(value)].grace || grace_pairs.contains(&name),
                extra_throw: flags[usize::from(value)].extra_throw || extra_pairs.contains(&name),
                probability,
            }
        })
        .collect();
    Ok((outcomes, flags))
}
