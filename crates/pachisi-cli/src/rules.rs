//! `pachisi rules`: the built-in rulesets listed, one ruleset shown whole (board, seats, throw
//! outcomes, every field), explained in plain words (`pachisi-learn`), and a seat's route square
//! by square.

use crate::ruleset::load_rules;
use crate::RulesCommand;
use anyhow::{anyhow, bail, Result};
use pachisi_core::describe::route;
use pachisi_core::{Rules, BUILTIN_RULESETS};
use serde_json::json;

/// `pachisi rules list`, `show`, `explain` and `route`.
pub(crate) fn rules(command: RulesCommand) -> Result<()> {
    match command {
        RulesCommand::List { json } => rules_list(json),
        RulesCommand::Show {
            name,
            rules,
            set,
            json,
        } => {
            let name = ruleset_name("show", name, rules)?;
            rules_show(&load_rules(&name, &set)?, json)
        }
        RulesCommand::Explain {
            name,
            rules,
            set,
            lang,
            html,
        } => {
            let name = ruleset_name("explain", name, rules)?;
            rules_explain(&load_rules(&name, &set)?, lang.as_deref(), html)
        }
        RulesCommand::Route {
            name,
            rules,
            seat,
            set,
            json,
        } => {
            let name = ruleset_name("route", name, rules)?;
            let rules = load_rules(&name, &set)?;
            rules_route(&rules, parse_seat(&rules, &seat)?, json)
        }
    }
}

/// The ruleset of `pachisi rules show`, `explain` or `route`: given by name (`rules show ludo`) or with
/// `--rules` (`rules show --rules ludo`), once.
fn ruleset_name(command: &str, name: Option<String>, rules: Option<String>) -> Result<String> {
    match (name, rules) {
        (Some(name), None) | (None, Some(name)) => Ok(name),
        (Some(name), Some(rules)) => bail!(
            "`pachisi rules {command}` was given two rulesets, `{name}` and --rules {rules}: give \
             one, e.g. `pachisi rules {command} {rules}` or `pachisi rules {command} --rules \
             {rules}`"
        ),
        (None, None) => bail!(
            "`pachisi rules {command}` needs a ruleset: a built-in name (`pachisi rules list`) or \
             a ruleset file, e.g. `pachisi rules {command} pachisi` or `pachisi rules {command} \
             --rules pachisi`"
        ),
    }
}

/// The seat of `--seat`: its number or its letter.
fn parse_seat(rules: &Rules, text: &str) -> Result<u8> {
    let seat = match text.parse::<u8>() {
        Ok(n) => Some(n).filter(|&n| n < rules.seats()),
        Err(_) => text
            .chars()
            .next()
            .filter(|_| text.chars().count() == 1)
            .and_then(|c| rules.seat_by_letter(c)),
    };
    let letters: Vec<String> = (0..rules.seats())
        .map(|s| rules.seat_letter(s).to_string())
        .collect();
    seat.ok_or_else(|| {
        anyhow!(
            "--seat {text}: no seat is called that; the seats are the numbers 0 to {} (0 moves \
             first) or their letters {}, e.g. --seat 0 or --seat {}",
            rules.seats() - 1,
            letters.join(", "),
            letters.last().map_or("0", String::as_str)
        )
    })
}

fn rules_list(json: bool) -> Result<()> {
    let mut rows = Vec::new();
    for (name, text) in BUILTIN_RULESETS {
        let rules = Rules::from_toml(text, name, &[])?;
        let r = rules.ruleset();
        rows.push((r.name.clone(), r.title.clone(), r.source.clone()));
    }
    if json {
        let list: Vec<_> = rows
            .iter()
            .map(|(n, t, s)| json!({"name": n, "title": t, "source": s}))
            .collect();
        outln!("{}", serde_json::to_string_pretty(&list)?);
        return Ok(());
    }
    let width = rows.iter().map(|r| r.0.len()).max().unwrap_or(0);
    for (name, title, source) in rows {
        outln!("{name:width$}  {title} [source {source}]");
    }
    Ok(())
}

/// How to play `rules`, in the language asked for (or the environment's), as text or HTML.
fn rules_explain(rules: &Rules, lang: Option<&str>, html: bool) -> Result<()> {
    let words = match lang {
        Some(tag) if !pachisi_words::is_shipped(tag) => {
            let shipped: Vec<&str> = pachisi_words::SHIPPED.iter().map(|(l, _)| *l).collect();
            bail!(
                "--lang {tag}: no catalogue of that language is shipped; the languages are: {}, \
                 e.g. --lang {}",
                shipped.join(", "),
                pachisi_words::ENGLISH
            )
        }
        Some(tag) => pachisi_words::words(tag),
        None => pachisi_words::from_environment(),
    };
    let explanation = pachisi_learn::explain::explain(rules, words);
    if html {
        out!("{}", pachisi_learn::explain::render::html(&explanation));
    } else {
        out!("{}", pachisi_learn::explain::render::text(&explanation));
    }
    Ok(())
}

fn rules_show(rules: &Rules, json: bool) -> Result<()> {
    let r = rules.ruleset();
    let t = rules.topology();
    let castles: Vec<String> = (0..t.square_count() as u8)
        .map(pachisi_core::Square)
        .filter(|&s| t.is_castle(s))
        .map(|s| t.name(s).to_string())
        .collect();
    if json {
        let outcomes: Vec<_> = rules
            .outcomes()
            .iter()
            .map(|o| json!({"throw": o.name.to_string(), "result": o.result, "value": o.value, "doublet": o.doublet, "probability": o.probability, "grace": o.grace, "extra_throw": o.extra_throw}))
            .collect();
        let out = json!({
            "ruleset": r,
            "board": {"squares": t.square_count(), "track": t.track_len(), "route": rules.route_len(), "castles": castles},
            "outcomes": outcomes,
        });
        outln!("{}", serde_json::to_string_pretty(&out)?);
        return Ok(());
    }
    outln!("{} ({}), source document {}", r.title, r.name, r.source);
    if !r.description.is_empty() {
        outln!("\n{}", r.description.trim());
    }
    outln!(
        "\nBoard: {} arms of 3 x {} squares ({} squares), a {}-square track, routes of {} squares.",
        t.arms(),
        t.arm_length(),
        t.square_count(),
        t.track_len(),
        rules.route_len()
    );
    outln!("Castles: {}", castles.join(" "));
    let seats: Vec<String> = (0..rules.seats())
        .map(|s| {
            format!(
                "{} {} (arm {}, team {})",
                s,
                rules.seat_colour(s),
                r.players.seats[usize::from(s)],
                rules.team_of(s)
            )
        })
        .collect();
    outln!(
        "Seats: {}; {} pieces each.",
        seats.join(", "),
        rules.pieces()
    );
    outln!(
        "\nThrow outcomes ({}):",
        match r.throw.device {
            pachisi_core::ruleset::Device::Cowries => "shells mouth up",
            _ if r.throw.separate_dice => "two dice, each an increment of its own",
            pachisi_core::ruleset::Device::Dice => "dice total",
        }
    );
    outln!("  throw  result  value  probability  grace  extra throw  doublet");
    for o in rules.outcomes() {
        outln!(
            "  {:>5}  {:>6}  {:>5}  {:>11.6}  {:>5}  {:>11}  {}",
            o.name.to_string(),
            o.result,
            o.value,
            o.probability,
            if o.grace { "yes" } else { "" },
            if o.extra_throw { "yes" } else { "" },
            if o.doublet { "yes" } else { "" }
        );
    }
    outln!("\nEvery field (change any with --set FIELD=VALUE):\n");
    out!("{}", r.to_toml());
    Ok(())
}

fn rules_route(rules: &Rules, seat: u8, json: bool) -> Result<()> {
    let steps = route(rules, seat);
    if json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&json!({"seat": seat, "route": steps}))?
        );
        return Ok(());
    }
    let (start, end) = if rules.goal_in_lane() {
        ("its nest", "to the last square of its goal")
    } else if rules.starts_in_nest() {
        ("its nest", "to the finish")
    } else {
        ("the Charkoni", "back to it")
    };
    outln!(
        "Route of seat {seat} ({}), from {start} (progress 0) {end} (progress {}):",
        rules.seat_colour(seat),
        rules.last_progress()
    );
    for s in steps {
        let mark = if s.castle { "  castle" } else { "" };
        outln!("{:>4}  {}{mark}", s.progress, s.square);
    }
    Ok(())
}
