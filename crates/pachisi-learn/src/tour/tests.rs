//! The tours against the engine: every step reads, throws and accepts what it names, and a
//! walk through each tour by its answers reaches the end.

use super::*;
use pachisi_core::describe::describe_move;
use pachisi_words::english;

fn ids_of(step: &Step) -> Vec<&'static str> {
    let t = step.text;
    let mut ids = vec![t.title, t.task, t.wrong, t.done, t.source];
    ids.extend(t.thrown);
    ids.extend(step.wrong.iter().map(|(_, id)| *id));
    ids
}

#[test]
fn every_message_of_every_tour_is_in_the_english_catalogue() {
    for tour in TOURS {
        let mut ids = vec![tour.intro, tour.outro];
        for step in tour.steps {
            ids.extend(ids_of(step));
        }
        for id in ids {
            let text = english().check(id, &Args::new());
            assert!(text.is_ok(), "{}: {text:?}", tour.name);
        }
    }
}

#[test]
fn every_step_reads_throws_and_allows_what_it_names() {
    for tour in TOURS {
        let mut keys = Vec::new();
        for (i, step) in tour.steps.iter().enumerate() {
            assert!(
                !keys.contains(&step.key),
                "{}: {} twice",
                tour.name,
                step.key
            );
            keys.push(step.key);
            let mut lesson = Lesson::at(tour.name, i).expect(step.key);
            if lesson.stage() == Stage::Throw {
                lesson.throw(english()).expect(step.key);
            }
            assert_eq!(lesson.stage(), Stage::Move, "{}: {}", tour.name, step.key);
            let legal = lesson.legal_moves();
            assert!(!step.answers.is_empty(), "{}: {}", tour.name, step.key);
            for text in step.answers.iter().chain(step.wrong.iter().map(|(m, _)| m)) {
                let mv = parse_move(text).unwrap_or_else(|| panic!("{}: {text}", step.key));
                assert!(
                    legal.contains(&mv),
                    "{}/{}: {text} not in {legal:?}",
                    tour.name,
                    step.key
                );
            }
            // A step that asks for one move among several teaches a choice; one where the
            // answer is the only move says so in its text, and Ludo's and Parcheesi's forced
            // moves are the point of their steps.
            for wrong in step.wrong {
                assert!(
                    !step.answers.contains(&wrong.0),
                    "{}: {}",
                    step.key,
                    wrong.0
                );
            }
        }
    }
}

#[test]
fn a_walk_by_the_answers_reaches_the_end_of_every_tour() {
    for tour in TOURS {
        let mut lesson = Lesson::new(tour.name).expect(tour.name);
        let mut steps = 0;
        loop {
            steps += 1;
            if lesson.stage() == Stage::Throw {
                assert!(matches!(lesson.throw(english()), Ok(Feedback::Thrown(_))));
            }
            let answer = parse_move(lesson.step().answers[0]).expect("answer");
            let feedback = lesson.play(answer, english()).expect("play");
            assert!(matches!(feedback, Feedback::Right(_)), "{feedback:?}");
            assert_eq!(lesson.stage(), Stage::Done);
            if !lesson.next_step().expect("next") {
                break;
            }
        }
        assert_eq!(steps, tour.steps.len());
        assert!(lesson.is_last());
    }
}

#[test]
fn a_wrong_move_is_explained_and_refused_and_the_board_stays() {
    for tour in TOURS {
        for (i, step) in tour.steps.iter().enumerate() {
            let mut lesson = Lesson::at(tour.name, i).expect(step.key);
            if lesson.stage() == Stage::Throw {
                lesson.throw(english()).expect(step.key);
            }
            let before = *lesson.position();
            for mv in lesson.legal_moves() {
                if step.answers.iter().any(|a| parse_move(a) == Some(mv)) {
                    continue;
                }
                let feedback = lesson.play(mv, english()).expect("play");
                let Feedback::Wrong(text) = feedback else {
                    panic!("{}/{}: {mv} accepted", tour.name, step.key);
                };
                assert!(!text.is_empty() && !text.starts_with('['), "{text}");
                assert_eq!(lesson.position(), &before);
                assert_eq!(lesson.stage(), Stage::Move);
            }
        }
    }
}

#[test]
fn the_capture_steps_capture() {
    for (tour, key) in [
        ("pachisi", "capture"),
        ("pachisi", "partner"),
        ("ludo", "capture"),
        ("parcheesi", "bonus"),
    ] {
        let index = super::tour(tour)
            .expect(tour)
            .steps
            .iter()
            .position(|s| s.key == key)
            .expect(key);
        let mut lesson = Lesson::at(tour, index).expect(key);
        lesson.throw(english()).expect(key);
        let answer = parse_move(lesson.step().answers[0]).expect(key);
        let report = describe_move(lesson.rules(), lesson.position(), answer);
        assert_eq!(report.captures, 1, "{tour}/{key}");
    }
}

#[test]
fn the_castle_step_leaves_the_front_piece_unable_to_move() {
    // Pachisi's castle: Green holds 0l5, so Yellow's piece 3 squares behind cannot land there
    // (000: "enemy piece may not move onto a castle square that is already occupied").
    let mut lesson = Lesson::at("pachisi", 4).expect("castle-blocks");
    assert_eq!(lesson.step().key, "castle-blocks");
    lesson.throw(english()).expect("throw");
    let movers: Vec<u8> = lesson
        .legal_moves()
        .iter()
        .filter_map(|m| match m {
            Move::Advance { from, .. } => Some(*from),
            _ => None,
        })
        .collect();
    assert_eq!(movers, vec![20]);
}

#[test]
fn actions_out_of_turn_are_refused() {
    let mut lesson = Lesson::new("pachisi").expect("tour");
    assert_eq!(
        lesson.play(Move::Pass, english()),
        Err(LearnError::NotNow("throw first"))
    );
    assert!(!lesson.next_step().expect("next"));
    lesson.throw(english()).expect("throw");
    assert!(lesson.throw(english()).is_err());
    // A move the engine does not allow is refused with the engine's reason.
    let not_legal = Move::Advance {
        from: 1,
        value: 2,
        steps: 2,
        pair: false,
        round_again: false,
    };
    assert!(matches!(
        lesson.play(not_legal, english()),
        Ok(Feedback::Wrong(_))
    ));
    assert_eq!(
        Lesson::new("chess").err(),
        Some(LearnError::UnknownTour("chess".into()))
    );
    assert_eq!(
        Lesson::at("pachisi", 99).err(),
        Some(LearnError::NoSuchStep(99))
    );
}

#[test]
fn the_throw_is_said_in_words() {
    let lesson = Lesson::new("pachisi").expect("tour");
    let rules = lesson.rules();
    let ten = rules.throw_by_value(10).expect("10");
    let said = throw_said(rules, ten, english());
    assert!(said.contains("One shell"), "{said}");
    assert!(said.contains("10"), "{said}");
    assert!(said.contains("grace"), "{said}");
}

#[test]
fn every_colour_of_the_built_in_rulesets_has_a_name_in_the_catalogue() {
    for (name, _) in pachisi_core::BUILTIN_RULESETS {
        let rules = pachisi_core::builtin_rules(name, &[]).expect(name);
        for seat in 0..rules.seats() {
            let colour = rules.seat_colour(seat);
            let id = format!("colour-{colour}");
            assert!(english().has(&id), "{name}: no message {id}");
        }
    }
}
