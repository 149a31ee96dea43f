//! The guided first game's API (`/api/learn`, docs/api.md): the tours of `pachisi-learn`, each
//! step answered from nothing but the request. A step is a fixed position, so the server keeps no
//! lesson: the page sends the actions it made in the step so far (`["throw", "10+3"]`), and the
//! step is played again from its prepared position by them, answered with what the last one led
//! to, the board as a game's state shows it (so the page draws it as it draws a game) and the
//! moves left. The work is a handful of moves on one position, so it runs inline; the body, the
//! number of actions and each action's length are bounded.
//!
//! The words come from the learn catalogue in the language the browser asks for
//! (`crate::language::chosen`: the page's chooser, then `Accept-Language`), English otherwise.

use crate::answer::{ApiError, ApiResult};
use crate::view::{self, BoardView, MoveDone, MoveView, PieceView, RulesetBrief, SeatView};
use axum::extract::rejection::JsonRejection;
use axum::extract::Path;
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use pachisi_core::{Move, Phase, Position, Rules};
use pachisi_learn::speak::family_words;
use pachisi_learn::tour::{self, parse_move, Feedback, LearnError, Lesson, Stage, Tour, TOURS};
use pachisi_table::{move_squares, LastMove};
use pachisi_words::{Args, Words};
use serde::{Deserialize, Serialize};

/// The most actions a request may name: a step is a throw and a move, and a wrong move or two
/// tried on the way are allowed (they change nothing).
pub const MAX_ACTIONS: usize = 4;
/// The longest action, in bytes (the longest move of the tours is a few characters).
pub const MAX_ACTION_LEN: usize = 16;
/// The largest body of `POST /api/learn/{tour}/{step}`, in bytes.
pub const MAX_LEARN_BODY: usize = 512;

fn refused(status: StatusCode, message: impl Into<String>) -> ApiError {
    ApiError(status, message.into(), None)
}

impl From<LearnError> for ApiError {
    fn from(e: LearnError) -> ApiError {
        let status = match e {
            LearnError::UnknownTour(_) => StatusCode::NOT_FOUND,
            LearnError::NoSuchStep(_) => StatusCode::BAD_REQUEST,
            LearnError::NotNow(_) => StatusCode::CONFLICT,
            LearnError::BadStep(_) => StatusCode::INTERNAL_SERVER_ERROR,
        };
        refused(status, e.to_string())
    }
}

/// A tour in the list: its name, ruleset and words, and its steps' titles.
#[derive(Serialize)]
struct TourInfo {
    name: &'static str,
    ruleset: &'static str,
    title: String,
    intro: String,
    outro: String,
    steps: Vec<StepInfo>,
    tips: Tips,
}

#[derive(Serialize)]
struct StepInfo {
    key: &'static str,
    title: String,
}

/// What the first game after the tour says when something happens to the player, in the words
/// of the tour's family (Ludo's tokens). `passed` has `{throw}` and `{reasons}` where the page
/// puts the throw and the engine's reasons; `castle` is said when a piece of theirs stops on
/// the castle 25 squares from home (a piece's `castle_25` in the state), as the terminal's tip.
#[derive(Serialize)]
struct Tips {
    grace: String,
    captured: String,
    passed: String,
    castle: String,
}

fn tips(tour: &Tour, rules: &Rules, words: &Words) -> Tips {
    let words = family_words(words, rules);
    let mut args = Args::new();
    args.set("throw", "{throw}");
    args.set("reasons", "{reasons}");
    Tips {
        grace: words.msg(&format!("learn-{}-tip-grace", tour.name)),
        captured: words.msg(&format!("learn-{}-tip-captured", tour.name)),
        passed: words.msg_with("learn-tip-passed", &args),
        castle: words.msg("tip-castle-25"),
    }
}

/// `GET /api/learn`: every tour, Pachisi's first.
pub async fn tours(headers: HeaderMap) -> ApiResult<Json<serde_json::Value>> {
    let words = crate::language::chosen(&headers);
    let mut list = Vec::new();
    for tour in TOURS {
        let rules = pachisi_core::builtin_rules(tour.ruleset, &[])
            .map_err(|e| refused(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
        list.push(TourInfo {
            name: tour.name,
            ruleset: tour.ruleset,
            // The game's name without its edition ("Pachisi", not "Pachisi, six cowries").
            title: rules
                .ruleset()
                .title
                .split(',')
                .next()
                .unwrap_or_default()
                .trim()
                .to_string(),
            intro: words.msg(tour.intro),
            outro: words.msg(tour.outro),
            steps: tour
                .steps
                .iter()
                .map(|s| StepInfo {
                    key: s.key,
                    title: words.msg(s.text.title),
                })
                .collect(),
            tips: tips(tour, &rules, words),
        });
    }
    Ok(Json(serde_json::json!({ "tours": list })))
}

/// The body of `POST /api/learn/{tour}/{step}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Actions {
    actions: Vec<String>,
}

/// One action of a step: the throw, or a move in notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    Throw,
    Move(Move),
}

/// The actions of a request, checked: at most [`MAX_ACTIONS`], each `throw` or a move.
fn parse_actions(actions: &[String]) -> ApiResult<Vec<Action>> {
    if actions.len() > MAX_ACTIONS {
        return Err(refused(
            StatusCode::BAD_REQUEST,
            format!(
                "{} actions: a step takes at most {MAX_ACTIONS} (the throw and a move)",
                actions.len()
            ),
        ));
    }
    actions
        .iter()
        .map(|a| {
            if a.len() > MAX_ACTION_LEN {
                return Err(refused(
                    StatusCode::BAD_REQUEST,
                    format!("an action is at most {MAX_ACTION_LEN} characters"),
                ));
            }
            if a == "throw" {
                return Ok(Action::Throw);
            }
            parse_move(a).map(Action::Move).ok_or_else(|| {
                refused(
                    StatusCode::BAD_REQUEST,
                    format!(
                        "{a:?} is neither \"throw\" nor a move in notation (docs/notation.md: E10, 10+3, -)"
                    ),
                )
            })
        })
        .collect()
}

/// The board of a step, shaped as a game's state is (docs/api.md), so that the page draws it
/// with the game's own drawing.
#[derive(Serialize)]
struct BoardState {
    id: &'static str,
    ruleset: RulesetBrief,
    board: BoardView,
    seats: Vec<SeatView>,
    position: String,
    phase: &'static str,
    to_move: u8,
    awaiting: Option<&'static str>,
    pieces: Vec<PieceView>,
    pool: Vec<view::PoolItem>,
    last_throw: Option<view::ThrowView>,
    last_move: Option<MoveDone>,
    moves: Vec<MoveView>,
    why_not: Vec<view::WhyNot>,
    placings: Vec<u8>,
    result: Option<String>,
    actions: usize,
    log: Vec<String>,
}

/// What the last action led to.
#[derive(Serialize)]
struct Said {
    kind: &'static str,
    text: String,
}

/// A step as it stands after the actions.
#[derive(Serialize)]
pub(crate) struct StepState {
    tour: &'static str,
    /// The step's number, from 1, and how many the tour has.
    step: usize,
    steps: usize,
    key: &'static str,
    title: String,
    task: String,
    source: String,
    stage: &'static str,
    /// The seat the player plays in this step.
    seat: u8,
    last: bool,
    feedback: Option<Said>,
    state: BoardState,
}

fn stage_name(stage: Stage) -> &'static str {
    match stage {
        Stage::Throw => "throw",
        Stage::Move => "move",
        Stage::Done => "done",
    }
}

/// The step `number` (from 1) of `tour` after `actions`, in `words`.
fn step_after(
    tour: &str,
    number: usize,
    actions: &[Action],
    words: &Words,
) -> Result<StepState, LearnError> {
    let index = number.saturating_sub(1);
    let mut lesson = Lesson::at(tour, index)?;
    let seat = lesson.position().to_move();
    let mut feedback = None;
    let mut last_move = None;
    for &action in actions {
        feedback = Some(match action {
            Action::Throw => lesson.throw(words)?,
            Action::Move(mv) => {
                let squares = move_squares(lesson.rules(), lesson.position().to_move(), mv);
                let said = lesson.play(mv, words)?;
                if let Feedback::Right(_) = said {
                    last_move = Some(LastMove { seat, mv, squares });
                }
                said
            }
        });
    }
    let state =
        board_state(&lesson, seat, last_move, actions.len()).map_err(LearnError::BadStep)?;
    let step = lesson.step();
    Ok(StepState {
        tour: lesson.tour().name,
        step: number,
        steps: lesson.tour().steps.len(),
        key: step.key,
        title: words.msg(step.text.title),
        task: lesson.task(words),
        source: words.msg(step.text.source),
        stage: stage_name(lesson.stage()),
        seat,
        last: lesson.is_last(),
        feedback: feedback.map(|f| {
            let kind = match f {
                Feedback::Thrown(_) => "thrown",
                Feedback::Right(_) => "right",
                Feedback::Wrong(_) => "wrong",
            };
            Said {
                kind,
                text: f.text().to_string(),
            }
        }),
        state,
    })
}

fn board_state(
    lesson: &Lesson,
    seat: u8,
    last_move: Option<LastMove>,
    actions: usize,
) -> Result<BoardState, String> {
    let rules: &Rules = lesson.rules();
    let pos: &Position = lesson.position();
    // Nobody plays the other seats of a tour: they are named by their colour alone.
    let players: Vec<String> = (0..rules.seats())
        .map(|s| if s == seat { "human" } else { "" }.to_string())
        .collect();
    let moves = lesson.legal_moves();
    let stage = lesson.stage();
    Ok(BoardState {
        id: "learn",
        ruleset: view::brief(rules),
        board: BoardView::of(rules)?,
        seats: view::seats(rules, &players),
        position: pos.to_notation(rules),
        phase: view::phase_name(pos.phase()),
        to_move: pos.to_move(),
        awaiting: (stage != Stage::Done && pos.phase() != Phase::Over).then_some("human"),
        pieces: view::pieces(rules, pos),
        pool: view::pool(pos),
        last_throw: lesson
            .last_throw()
            .map(|t| view::throw_view(rules, seat, t)),
        last_move: last_move.map(view::move_done),
        why_not: if moves.is_empty() {
            Vec::new()
        } else {
            view::why_not(rules, pos)
        },
        moves: view::move_views(rules, pos, &moves),
        placings: pos.placings().to_vec(),
        result: view::result(rules, pos),
        actions,
        log: Vec::new(),
    })
}

fn answer(
    tour: &str,
    step: &str,
    actions: &[Action],
    headers: &HeaderMap,
) -> ApiResult<Json<StepState>> {
    if tour::tour(tour).is_none() {
        return Err(LearnError::UnknownTour(tour.chars().take(40).collect()).into());
    }
    let number: usize = step.parse().map_err(|_| {
        refused(
            StatusCode::BAD_REQUEST,
            "a step is a number, from 1 to the tour's count of steps",
        )
    })?;
    let count = tour::tour(tour).map_or(0, |t| t.steps.len());
    if number == 0 || number > count {
        return Err(refused(
            StatusCode::BAD_REQUEST,
            format!("the tour {tour} has steps 1 to {count}: there is no step {number}"),
        ));
    }
    Ok(Json(step_after(
        tour,
        number,
        actions,
        crate::language::chosen(headers),
    )?))
}

/// `GET /api/learn/{tour}/{step}`: the step before the player acts.
pub(crate) async fn step(
    Path((tour, step)): Path<(String, String)>,
    headers: HeaderMap,
) -> ApiResult<Json<StepState>> {
    answer(&tour, &step, &[], &headers)
}

/// `POST /api/learn/{tour}/{step}`: the step after the actions of the body.
pub(crate) async fn act(
    Path((tour, step)): Path<(String, String)>,
    headers: HeaderMap,
    body: Result<Json<Actions>, JsonRejection>,
) -> ApiResult<Json<StepState>> {
    let Json(body) = body?;
    let actions = parse_actions(&body.actions)?;
    answer(&tour, &step, &actions, &headers)
}

#[cfg(test)]
mod tests;
