"""The game API: full games on every ruleset, chance, actions, errors, returns."""

import math
import random

import numpy as np
import pytest

import pachisi
from conftest import play_randomly

RULESETS = pachisi.rulesets()


def test_every_builtin_ruleset_is_listed():
    assert "pachisi" in RULESETS and "ludo" in RULESETS and "parcheesi-sr" in RULESETS
    assert len(RULESETS) == len(set(RULESETS)) >= 14
    assert "[board]" in pachisi.ruleset_text("ludo")


@pytest.mark.parametrize("name", RULESETS)
def test_a_random_game_plays_to_the_end_on_every_ruleset(name):
    game = pachisi.Game(name)
    state = game.new_initial_state()
    rng = random.Random(RULESETS.index(name))
    steps = play_randomly(state, rng)
    assert state.is_terminal(), f"{name}: not over after {steps} actions"
    assert state.current_player() == pachisi.TERMINAL_PLAYER
    assert state.legal_actions() == []
    returns = state.returns()
    assert len(returns) == game.num_players()
    by_team = {game.team_of(s): r for s, r in enumerate(returns)}
    assert math.isclose(sum(by_team.values()), 0.0, abs_tol=1e-12)
    assert by_team[state.placings()[0]] == 1.0
    assert len(state.history()) == steps


@pytest.mark.parametrize("name", RULESETS)
def test_legal_actions_round_trip_through_strings(name):
    game = pachisi.Game(name)
    state = game.new_initial_state()
    rng = random.Random(7)
    for _ in range(300):
        if state.is_terminal():
            break
        for action in state.legal_actions():
            text = state.action_to_string(action)
            assert state.string_to_action(text) == action
            if state.is_player_node():
                assert game.action_to_string(action) == text
                assert game.string_to_action(text) == action
                assert 0 <= action < game.num_distinct_actions()
        if state.is_player_node():
            assert state.legal_moves() == [state.action_to_string(a) for a in state.legal_actions()]
            mask = state.legal_actions_mask()
            assert mask.dtype == np.bool_ and mask.shape == (game.num_distinct_actions(),)
            assert list(np.flatnonzero(mask)) == state.legal_actions()
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", ["pachisi", "pachisi-7-cowries", "parcheesi-sr", "ludo", "humphries-1904-dice"])
def test_chance_outcomes_sum_to_one_and_match_the_engine(name):
    game = pachisi.Game(name)
    state = game.new_initial_state()
    assert state.is_chance_node() and state.current_player() == pachisi.CHANCE_PLAYER
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(game.max_chance_outcomes()))
    assert state.legal_actions() == [a for a, _ in outcomes]
    assert math.isclose(sum(p for _, p in outcomes), 1.0, rel_tol=1e-12)
    assert [p for _, p in outcomes] == [p for _, p in game.throws()]
    assert [state.action_to_string(a) for a, _ in outcomes] == [n for n, _ in game.throws()]


def test_six_cowries_follow_the_binomial_distribution():
    throws = dict(pachisi.Game("pachisi").throws())
    assert throws["25"] == 1 / 64 and throws["6"] == 1 / 64 and throws["3"] == 20 / 64


def test_parcheesi_throws_are_pairs_of_dice():
    game = pachisi.Game("parcheesi-sr")
    throws = dict(game.throws())
    assert len(throws) == 21 and throws["5-3"] == 2 / 36 and throws["6-6"] == 1 / 36


def test_an_illegal_action_raises_with_the_engine_message():
    game = pachisi.Game("pachisi")
    state = game.new_initial_state(first_seat=0)
    with pytest.raises(pachisi.IllegalActionError):
        state.apply_action(game.max_chance_outcomes())
    with pytest.raises(pachisi.IllegalActionError):
        state.apply_action(-1)
    state.apply_action(state.string_to_action("3"))
    # A 3 cannot bring a piece in: entering takes a grace.
    with pytest.raises(pachisi.IllegalActionError, match="not a legal move"):
        state.apply_action(game.string_to_action("1+3"))
    with pytest.raises(pachisi.IllegalActionError):
        state.apply_action(game.num_distinct_actions())
    with pytest.raises(pachisi.NotationError):
        game.string_to_action("12x3")
    with pytest.raises(pachisi.IllegalActionError):
        game.string_to_action("1+7")  # no throw of Pachisi is worth 7
    assert issubclass(pachisi.IllegalActionError, pachisi.PachisiError)
    assert issubclass(pachisi.PachisiError, ValueError)
    # The state is unchanged by the refused actions.
    assert state.legal_moves() == ["-"]


def test_a_bad_ruleset_or_option_raises():
    with pytest.raises(pachisi.RulesetError, match="no built-in ruleset or file"):
        pachisi.Game("no-such-ruleset")
    with pytest.raises(pachisi.RulesetError, match="players.pieces"):
        pachisi.Game("pachisi", set={"players.pieces": -3})
    with pytest.raises(pachisi.RulesetError):
        pachisi.Game("pachisi", set={"moves.no_such_rule": True})
    with pytest.raises(pachisi.RulesetError):
        pachisi.Game("pachisi", set={"moves.split": object()})
    with pytest.raises(pachisi.RulesetError):
        pachisi.Game("pachisi", set="moves.split=true")
    with pytest.raises(pachisi.RulesetError):
        pachisi.Game("pachisi", set=["moves.split"])
    with pytest.raises(pachisi.RulesetError):
        pachisi.Game("pachisi", set={"board.castles": "a|b"})


def test_every_kind_of_option_is_taken():
    game = pachisi.Game(
        "pachisi",
        set={
            "moves.split": True,
            "players.pieces": 6,
            "throw.p_up": 0.4,
            "turn.opening": [2, 3, 4],
            "capture.castles": "shared",
        },
    )
    assert game.num_pieces() == 6
    assert "moves.split=true" in game.overrides
    assert pachisi.Game("pachisi", set=["players.pieces=8"]).num_pieces() == 8
    assert sum(p for _, p in game.throws()) == pytest.approx(1.0)


def test_a_ruleset_file_is_read(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(pachisi.ruleset_text("ludo"))
    game = pachisi.Game(str(path), set={"players.pieces": 2})
    assert game.num_pieces() == 2
    assert game.name == str(path)


def test_seats_out_of_range_raise():
    game = pachisi.Game("ludo")
    with pytest.raises(pachisi.PachisiError):
        game.new_initial_state(first_seat=4)
    with pytest.raises(pachisi.PachisiError):
        game.team_of(-1)
    with pytest.raises(pachisi.PachisiError):
        game.new_initial_state().observation_tensor(player=9)
    assert game.new_initial_state(first_seat=2).seat_to_move() == 2
