//! The explanation of several rulesets checked against what their rules say, every built-in
//! ruleset's text, page and summary checked for field names and document codes, and the older
//! games (Chaupar, Pachih, Sokkattan, Tayam Sonalu) checked in every shipped language for a
//! missing message.

use super::*;
use pachisi_core::ruleset::TwoOrMore;
use pachisi_core::{builtin_rules, BUILTIN_RULESETS};
use pachisi_words::english;

fn rules(name: &str, set: &[&str]) -> Rules {
    let set: Vec<String> = set.iter().map(|s| (*s).to_string()).collect();
    builtin_rules(name, &set).expect("a built-in ruleset")
}

fn section<'a>(e: &'a Explanation, id: &str) -> &'a Section {
    e.sections
        .iter()
        .find(|s| s.id == id)
        .unwrap_or_else(|| panic!("no section {id}"))
}

fn said(section: &Section) -> String {
    section
        .blocks
        .iter()
        .filter_map(|b| match b {
            Block::Paragraph(p) => Some(p.as_str()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn table(section: &Section) -> &Table {
    section
        .blocks
        .iter()
        .find_map(|b| match b {
            Block::Table(t) => Some(t),
            _ => None,
        })
        .expect("a table")
}

/// The column of a table headed `heading`.
fn column(t: &Table, heading: &str) -> usize {
    t.headings
        .iter()
        .position(|h| h == heading)
        .unwrap_or_else(|| panic!("no column {heading} in {t:?}"))
}

/// The cells under `what` of the row of a throw table whose value (the column headed "Throw"
/// or "Number") is `value`.
fn cell<'a>(t: &'a Table, value: &str, what: &str) -> &'a str {
    let by = if t.headings.iter().any(|h| h == "Number") {
        column(t, "Number")
    } else {
        column(t, "Throw")
    };
    let row = t
        .rows
        .iter()
        .find(|r| r[by] == value)
        .unwrap_or_else(|| panic!("no row {value} in {t:?}"));
    &row[column(t, what)]
}

#[test]
fn in_pachisi_25_is_a_grace_thrown_once_in_64() {
    let e = explain(&rules("pachisi", &[]), english());
    assert_eq!(e.title, "How to play Pachisi, six cowries");
    let throw = section(&e, "throw");
    let t = table(throw);
    assert_eq!(t.rows.len(), 7);
    assert_eq!(
        cell(t, "25", "Shells mouth up"),
        "0",
        "25 is no shell mouth up"
    );
    assert_eq!(cell(t, "25", "Chance"), "1 in 64 (1.6%)");
    let does = cell(t, "25", "What it does");
    assert!(does.contains("brings a piece in") && does.contains("another throw"));
    assert_eq!(cell(t, "2", "Chance"), "15 in 64 (23.4%)");
    assert!(said(throw).contains("A 6, 10 or 25 is a grace"));
    assert!(said(section(&e, "players")).contains("Yellow and Black against Green and Red"));
    assert!(said(section(&e, "route")).contains("83 squares"));
    assert!(said(section(&e, "castles")).contains("12 castles"));
    assert!(e.source.contains("Pachisi. Ancestor of Ludo"));
}

#[test]
fn parcheesi_enters_on_a_5_and_ludo_on_a_6() {
    let e = explain(&rules("parcheesi-sr", &[]), english());
    let entry = said(section(&e, "entry"));
    assert!(entry.contains("only with a 5"), "{entry}");
    assert!(entry.contains("add up to 5"), "{entry}");
    let t = table(section(&e, "throw"));
    assert_eq!(t.rows.len(), 6, "one row for each face of a die");
    assert_eq!(cell(t, "5", "Chance"), "1 in 6 (16.7%)");
    assert!(cell(t, "5", "What it does").contains("brings a pawn in"));
    // 11 throws in 36 show a 5, and 4 more add up to 5: 15 in 36.
    assert!(said(section(&e, "throw")).contains("5 in 12 (41.7%)"));
    let doublets = said(section(&e, "doublets"));
    assert!(doublets.contains("14 squares") && doublets.contains("back to the nest"));
    assert!(said(section(&e, "captures")).contains("20 extra squares"));
    assert!(e.source.contains("Selchow & Righter"));

    let e = explain(&rules("ludo", &[]), english());
    assert!(said(section(&e, "entry")).contains("only with a 6"));
    assert!(said(section(&e, "throw")).contains("1 in 6 (16.7%)"));
    assert!(said(section(&e, "turn")).contains("third does not count"));
    assert!(said(section(&e, "castles")).contains("safe square"));
    assert!(
        e.sections.iter().all(|s| s.id != "doublets"),
        "Ludo has none"
    );
}

#[test]
fn free_entry_and_the_turns_of_humphries_and_herklots_are_said() {
    let e = explain(&rules("humphries-1904", &[]), english());
    assert!(said(section(&e, "entry")).contains("with any throw"));
    assert!(said(section(&e, "turn")).contains("whole turn is lost"));
    let moving = said(section(&e, "moving"));
    assert!(moving.contains("pair") && moving.contains("turn after"));
    assert!(said(section(&e, "route")).contains("once more"));
    assert!(e.source.contains("Karwi, 1904"));
    let e = explain(&rules("herklots-1832", &[]), english());
    assert!(said(section(&e, "throw")).contains("one extra square"));
    assert!(said(section(&e, "end")).contains("every place"));
    assert!(e.source.contains("Herklots"));
}

#[test]
fn uneven_shells_give_percentages() {
    let e = explain(&rules("pachisi", &["throw.p_up=0.4"]), english());
    let throw = section(&e, "throw");
    assert!(said(throw).contains("40%"));
    let t = table(throw);
    assert!(
        t.rows
            .iter()
            .all(|r| !r[column(t, "Chance")].contains(" in ")),
        "{t:?}"
    );
}

#[test]
fn the_figure_follows_the_route_from_start_to_end() {
    let pachisi = rules("pachisi", &[]);
    let figure = RouteFigure::of(&pachisi, english(), 0).expect("four arms");
    assert_eq!(figure.side, 19);
    let centre = (9, 9);
    assert_eq!(figure.path.first(), Some(&centre));
    assert_eq!(figure.path.last(), Some(&centre));
    assert_eq!(figure.path.len(), usize::from(pachisi.route_len()) + 2);
    assert_eq!(figure.cells.iter().filter(|c| c.castle).count(), 12);
    // Each step of the route goes to a neighbouring cell, or round a corner of the centre.
    for pair in figure.path.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let dx = a.0.abs_diff(b.0);
        let dy = a.1.abs_diff(b.1);
        assert!(dx + dy <= 2 && dx <= 2 && dy <= 2, "{a:?} to {b:?}");
    }
    let ludo = rules("ludo", &[]);
    let figure = RouteFigure::of(&ludo, english(), 0).expect("four arms");
    assert_eq!(figure.path.len(), usize::from(ludo.route_len()) + 1);
    assert_ne!(figure.path.first(), Some(&(7, 7)));
    assert!(RouteFigure::of(&rules("pachisi", &["board.arms=6"]), english(), 0).is_none());
}

#[test]
fn html_is_escaped_and_has_headings_a_table_and_the_figure() {
    assert_eq!(
        render::escape("<a & 'b' \"c\">"),
        "&lt;a &amp; &#x27;b&#x27; &quot;c&quot;&gt;"
    );
    let e = explain(&rules("parcheesi-sr", &[]), english());
    let page = render::html(&e);
    assert!(page.contains("<h1>How to play Parcheesi, Selchow &amp; Righter</h1>"));
    assert!(page.contains("<h2 id=\"rules-throw-heading\">The throw</h2>"));
    assert!(page.contains("<th scope=\"col\">Chance</th>"));
    assert!(page.contains("<svg class=\"route-figure\""));
    assert!(page.contains("<figcaption>"));
    assert!(!page.contains(" & "), "an ampersand left unescaped");
    let text = render::text(&e);
    assert!(text.starts_with("How to play Parcheesi, Selchow & Righter\n====="));
    // Paragraphs are wrapped; a table's rows (indented) are as wide as their cells.
    assert!(
        text.lines()
            .all(|l| l.starts_with("  ") || l.chars().count() <= 78),
        "{text}"
    );
    assert!(!text.contains("<svg"));
}

#[test]
fn no_ruleset_shows_a_field_name_a_document_code_or_a_missing_message() {
    assert!(leaks::field_names().contains("moves.split"));
    assert!(leaks::field_names().contains("throw.p_up"));
    assert!(leaks::field_names().contains("doubles.fourteen"));
    assert!(!leaks::leaks("turn.opening=[2,3,4] in 003 (TR) v1942 twoPlayersOpposite").is_empty());
    for (name, _) in BUILTIN_RULESETS {
        let r = rules(name, &[]);
        let e = explain(&r, english());
        for (what, text) in [
            ("text", render::text(&e)),
            ("html", leaks::page_text(&render::html(&e))),
            ("summary", summary(&r, english())),
        ] {
            let found = leaks::leaks(&text);
            assert!(found.is_empty(), "{name} {what} shows {found:?}:\n{text}");
            assert!(!text.contains("{$") && !text.contains("[section-") && !text.contains("-]"));
            for id in english().ids() {
                assert!(!text.contains(&format!("[{id}]")), "{name} {what}: {id}");
            }
        }
        assert!(!e.source.is_empty(), "{name}: its document is named");
        let short = summary(&r, english());
        assert!(
            short.len() < 400 && short.matches(". ").count() >= 2,
            "{name}: {short}"
        );
    }
}

#[test]
fn every_message_formats_without_a_missing_value_for_every_ruleset() {
    // A message asked for without a value it needs shows `{$name}`: the scan above would see
    // it; this one sees a selector that fell back for want of its value.
    for (name, _) in BUILTIN_RULESETS {
        let text = render::text(&explain(&rules(name, &[]), english()));
        assert!(
            !text.contains('{') && !text.contains('}'),
            "{name}:\n{text}"
        );
    }
}

/// The whole explanation as a player reads it, unwrapped: the summary, every section's
/// paragraphs and the route figure's caption (which the terminal's text leaves out).
fn read(e: &Explanation) -> String {
    let mut out = vec![e.summary.clone()];
    out.extend(e.sections.iter().map(said));
    out.extend(
        e.sections
            .iter()
            .flat_map(|s| &s.blocks)
            .filter_map(|b| match b {
                Block::Figure(f) => Some(f.caption.clone()),
                _ => None,
            }),
    );
    out.join("\n")
}

#[test]
fn chaupar_begins_on_the_board_with_three_dice_a_safe_pair_and_the_partners_throws() {
    let e = explain(&rules("chaupar", &[]), english());
    assert_eq!(
        e.source,
        "These rules follow Abu'l Fazl's Ain-i-Akbari, 1590."
    );
    let throw = said(section(&e, "throw"));
    assert!(throw.contains("A throw is three dice."), "{throw}");
    assert!(
        throw.contains("the three numbers are three separate moves"),
        "{throw}"
    );
    assert!(!throw.contains("two"), "{throw}");
    let entry = said(section(&e, "entry"));
    assert!(
        entry.contains(
            "Every piece begins on the board: two on the sixth and seventh squares of its lane \
             and two on the first and second squares past the end square of its arm."
        ),
        "{entry}"
    );
    assert!(entry.contains("No piece ever waits"), "{entry}");
    assert!(!entry.contains("starts in the Charkoni"), "{entry}");
    assert!(!entry.contains("comes out"), "{entry}");
    let captures = said(section(&e, "captures"));
    assert!(
        captures.contains("they go back to the sixth square of their own lane"),
        "{captures}"
    );
    assert!(!captures.contains("back to the Charkoni"), "{captures}");
    assert!(
        captures.contains("Two or more pieces of one player on a square are safe"),
        "{captures}"
    );
    let turn = said(section(&e, "turn"));
    assert!(turn.contains("throws for their partner"), "{turn}");
    assert!(!turn.contains("at most"), "{turn}");
    assert!(said(section(&e, "moving")).contains("the three may move"));
    assert!(said(section(&e, "castles")).contains("There are no castles"));
    assert!(e.summary.contains("three dice"), "{}", e.summary);
    assert!(e.summary.contains("begins on the board"), "{}", e.summary);
    assert!(!e.summary.contains("leaves the Charkoni"), "{}", e.summary);
    assert!(read(&e).contains("They begin on the board"));
    assert!(!read(&e).contains("must bring a waiting piece"));
}

#[test]
fn pachih_begins_on_the_lanes_first_square_and_a_turn_holds_three_throws() {
    let e = explain(&rules("pachih", &[]), english());
    assert_eq!(
        e.source,
        "These rules follow C. Snouck Hurgronje's The Achehnese, 1906."
    );
    let entry = said(section(&e, "entry"));
    assert!(
        entry
            .contains("Every piece begins on the board: all four on the first square of its lane."),
        "{entry}"
    );
    let captures = said(section(&e, "captures"));
    assert!(
        captures.contains("they go back to the first square of their own lane"),
        "{captures}"
    );
    assert!(!captures.contains("are safe"), "{captures}");
    let turn = said(section(&e, "turn"));
    assert!(
        turn.contains("A turn holds at most 3 throws, even when a throw earns another."),
        "{turn}"
    );
    assert!(!turn.contains("partner"), "{turn}");
    assert!(said(section(&e, "castles")).contains("The end squares are not castles"));
    assert!(!read(&e).contains("must bring a waiting piece"));
}

#[test]
fn sokkattans_bonus_step_must_bring_a_piece_in() {
    let e = explain(&rules("sokkattan", &[]), english());
    assert_eq!(
        e.source,
        "These rules follow H. Parker's Ancient Ceylon, 1909."
    );
    let throw = said(section(&e, "throw"));
    assert!(
        throw.contains(
            "A 10 or 25 also gives one extra square, as a move of its own: it must bring a \
             waiting piece out of the Charkoni onto the first square of its lane where one can \
             come, and only where none can does it move any piece one square."
        ),
        "{throw}"
    );
    assert!(!throw.contains("moved by any piece"), "{throw}");
    // Its pieces wait in the Charkoni and a captured piece goes back there.
    let text = read(&e);
    assert!(
        text.contains("Every piece starts in the Charkoni"),
        "{text}"
    );
    assert!(said(section(&e, "captures")).contains("back to the Charkoni"));
    for never in [
        "on the board:",
        "square of their own lane",
        "are safe:",
        "for their partner",
        "at most",
    ] {
        assert!(!text.contains(never), "{never}:\n{text}");
    }
}

#[test]
fn each_field_is_said_where_the_ruleset_has_it_and_nowhere_else() {
    for (name, _) in BUILTIN_RULESETS {
        let r = rules(name, &[]);
        let rs = r.ruleset();
        let text = read(&explain(&r, english()));
        let separate = |n: u8| rs.throw.separate_dice && rs.throw.dice == Some(n);
        for (has, phrase) in [
            (rs.players.start.iter().any(|&p| p > 0), "on the board:"),
            (r.captured_to() > 0, "square of their own lane"),
            (
                rs.capture.two_or_more == TwoOrMore::Safe,
                "of one player on a square are safe",
            ),
            (rs.turn.partner_throws, "throws for their partner"),
            (rs.turn.max_throws > 0, "A turn holds at most"),
            (rs.throw.bonus_step_enters, "must bring a waiting piece"),
            (separate(3), "three numbers are three separate moves"),
            (separate(2), "two numbers are two separate moves"),
        ] {
            assert_eq!(text.contains(phrase), has, "{name}: {phrase}\n{text}");
        }
    }
}

#[test]
fn pieces_that_begin_on_the_board_are_grouped_by_their_squares() {
    let said_of = |set: &[&str]| {
        said(section(
            &explain(&rules("pachisi", set), english()),
            "entry",
        ))
    };
    let entry = said_of(&["players.start=[6,6,7,7]"]);
    assert!(
        entry.contains(
            "Every piece begins on the board: all four on the sixth and seventh squares of its \
             lane, two on each."
        ),
        "{entry}"
    );
    // Captured pieces wait in the Charkoni again, so the way in is still said.
    assert!(entry.contains("only with a grace"), "{entry}");
    let entry = said_of(&["players.start=[0,0,8,9]"]);
    assert!(
        entry.contains(
            "Some pieces begin on the board: one on the end square of its arm and one on the \
             first square past the end square of its arm. The others start in the Charkoni"
        ),
        "{entry}"
    );
}

#[test]
fn the_sources_of_the_older_games_are_named_in_words() {
    let base = rules("pachisi", &[]);
    for (code, name) in [
        (
            "Abu'l Fazl 1590: Ain-i-Akbari",
            "Abu'l Fazl's Ain-i-Akbari, 1590",
        ),
        (
            "Snouck Hurgronje 1906: The Achehnese",
            "C. Snouck Hurgronje's The Achehnese, 1906",
        ),
        (
            "Parker 1909: Ancient Ceylon",
            "H. Parker's Ancient Ceylon, 1909",
        ),
        (
            "Bell 1960: Board and Table Games, vol. 1",
            "R. C. Bell's Board and Table Games from Many Civilizations, 1960",
        ),
        (
            "Falkener 1892: Games Ancient and Oriental",
            "E. Falkener's Games Ancient and Oriental, 1892",
        ),
        (
            "Vasantha 2006",
            "Vasantha's account of Pagade Kayi Ata, 2006",
        ),
    ] {
        let mut ruleset = base.ruleset().clone();
        ruleset.source = code.to_string();
        let r = Rules::compile(ruleset, "test").expect("the ruleset compiles");
        assert_eq!(source(&r, english()), name);
        assert!(summary(&r, english()).contains(name));
        for lang in ["hi", "ta"] {
            let words = pachisi_words::words(lang);
            let named = source(&r, words);
            assert!(!named.is_empty() && named != name, "{lang}: {named}");
        }
    }
}

#[test]
fn the_older_games_are_explained_in_hindi_and_tamil_with_no_message_missing() {
    for (lang, files) in pachisi_words::SHIPPED.iter().skip(1) {
        // The language's own files with nothing behind them: a message it lacks shows as its id
        // in brackets, where the shipped catalogue would say it in English.
        let own = Words::from_texts(pachisi_words::ENGLISH, files);
        assert!(own.problems().is_empty(), "{lang}: {:?}", own.problems());
        for name in [
            "chaupar",
            "pachih",
            "sokkattan",
            "tayam-sonalu",
            "pahada-keliya",
        ] {
            let r = rules(name, &[]);
            let e = explain(&r, &own);
            for (what, text) in [
                ("text", read(&e)),
                ("html", leaks::page_text(&render::html(&e))),
                ("summary", summary(&r, &own)),
            ] {
                for id in english().ids() {
                    assert!(
                        !text.contains(&format!("[{id}]")),
                        "{lang} {name} {what}: {id}"
                    );
                }
                assert!(
                    !text.contains('{') && !text.contains('}'),
                    "{lang} {name}:\n{text}"
                );
                let found = leaks::leaks(&text);
                assert!(found.is_empty(), "{lang} {name} {what} shows {found:?}");
            }
            assert!(!e.source.is_empty(), "{lang} {name}: its document is named");
            // The sentences of these rules are the language's own, not English.
            let shipped = explain(&r, pachisi_words::words(lang));
            let english = explain(&r, english());
            for id in ["entry", "captures", "turn"] {
                assert_ne!(said(section(&shipped, id)), said(section(&english, id)));
            }
        }
    }
}

/// Parker 1909: Tayam (0 and 1) brings the first piece in, Sonal (0 and 4) a later one, and 2 and
/// 2, a 4 too, does neither: the table lists the throws by their pair.
#[test]
fn tayam_sonalus_throws_are_told_by_their_pair() {
    let e = explain(&rules("tayam-sonalu", &[]), english());
    let throw = section(&e, "throw");
    let t = table(throw);
    assert_eq!(t.rows.len(), 10);
    let pair = column(t, "Dice");
    let does = |dice: &str| {
        let row = t
            .rows
            .iter()
            .find(|r| r[pair] == dice)
            .unwrap_or_else(|| panic!("no row {dice} in {t:?}"));
        row[column(t, "What it does")].clone()
    };
    assert!(does("1 and 0").contains("brings a piece in and earns another throw"));
    assert!(does("4 and 0").contains("once the first is in"));
    assert_eq!(does("2 and 2"), "");
    assert_eq!(does("0 and 0"), "moves nothing");
    let text = said(throw);
    assert!(text.contains("known by the two numbers it shows"), "{text}");
    assert!(text.contains("A 1, 5 or 4 and 0 is a grace"), "{text}");
    assert!(e.source.contains("Ancient Ceylon"));
}

/// Parker 1909: Pahada Keliya's players turn for home only once two of their partner's pieces
/// have gone past their arm; no other ruleset says so.
#[test]
fn pahada_keliyas_gate_before_home_is_told() {
    let gate = "only once 2 of their partner's pieces have gone past that arm";
    let e = explain(&rules("pahada-keliya", &[]), english());
    assert!(
        said(section(&e, "route")).contains(gate),
        "{}",
        said(section(&e, "route"))
    );
    let e = explain(&rules("chaupar", &[]), english());
    assert!(!said(section(&e, "route")).contains("partner's pieces have gone past"));
}

/// Each family's pieces by its own word: Ludo's tokens, Parcheesi's pawns, Pachisi's pieces, in
/// the whole explanation and its summary.
#[test]
fn the_pieces_are_named_as_the_family_names_them() {
    for (name, own, others) in [
        ("ludo", "token", ["piece", "pawn"]),
        ("maedn", "token", ["piece", "pawn"]),
        ("parcheesi-sr", "pawn", ["piece", "token"]),
        ("pachisi", "piece", ["pawn", "token"]),
    ] {
        let rules = rules(name, &[]);
        let e = explain(&rules, english());
        let text = render::text(&e).to_lowercase();
        assert!(text.contains(own), "{name}: {text}");
        for other in others {
            assert!(!text.contains(other), "{name} says {other}: {text}");
        }
        assert!(e.summary.contains(&format!("{own}s each")), "{}", e.summary);
    }
}

/// In Hindi and Tamil the heading names the ruleset by the catalogue's title, not the ruleset's
/// English one, and the game's own terms carry the English a player meets in other books beside
/// them.
#[test]
fn hindi_and_tamil_name_the_ruleset_in_their_words_with_the_english_terms_beside() {
    let r = rules("pachisi", &[]);
    for (lang, title) in [
        ("hi", "खेलने का तरीका: पचीसी, छह कौड़ियाँ"),
        ("ta", "ஆடும் முறை: பச்சீசி, ஆறு சோழிகள்"),
    ] {
        let e = explain(&r, pachisi_words::words(lang));
        assert_eq!(e.title, title, "{lang}");
        assert!(!e.title.contains("Pachisi"), "{lang}: {}", e.title);
        let headings: Vec<&str> = e.sections.iter().map(|s| s.heading.as_str()).collect();
        let text = format!("{}\n{}", headings.join("\n"), read(&e));
        for term in ["(grace)", "(Charkoni)", "(castles)", "(cowrie shells)"] {
            assert!(text.contains(term), "{lang}: no {term} in\n{text}");
        }
        let html = render::html(&e);
        assert!(
            html.contains(&format!("<h1>{title}</h1>")),
            "{lang}: {html}"
        );
    }
}
