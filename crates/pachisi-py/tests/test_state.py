"""States: notation, records, clone and pickling, observations, returns."""

import copy
import pickle
import random

import numpy as np
import pytest

import pachisi
from conftest import play_randomly


def midgame(name="pachisi", seed=3, steps=120):
    state = pachisi.Game(name).new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name", ["pachisi", "parcheesi-sr", "ludo"])
def test_pickling_and_clone_give_equal_independent_states(name):
    state = midgame(name)
    for other in (state.clone(), copy.copy(state), copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert other == state
        assert other.to_notation() == state.to_notation()
        assert other.history() == state.history()
        assert other.legal_actions() == state.legal_actions()
        action = other.legal_actions()[0]
        other.apply_action(action)
        assert other != state
    assert pickle.loads(pickle.dumps(state.game)) == state.game


def test_a_game_with_options_pickles_with_them():
    game = pachisi.Game("ludo", set={"players.pieces": 2})
    again = pickle.loads(pickle.dumps(game))
    assert again == game and again.num_pieces() == 2
    state = game.new_initial_state()
    assert pickle.loads(pickle.dumps(state)).game.num_pieces() == 2


def test_notation_in_and_out():
    game = pachisi.Game("pachisi")
    text = "12,40,h,0/0,0,0,0/3,0,0,0/0,0,0,0 Gm 25"
    state = game.new_state_from_notation(text)
    assert state.to_notation() == text
    assert str(state) == text
    assert state.current_player() == 1
    assert "E25" in state.legal_moves()
    with pytest.raises(pachisi.NotationError):
        game.new_state_from_notation("1,2,3 Zq")
    assert game.new_state_from_notation("start") == game.new_initial_state(first_seat=0)
    # Pachisi's new game opens with the throw-off instead: the same board, throws still due.
    assert game.new_state_from_notation("start") != game.new_initial_state()


@pytest.mark.parametrize("name", ["pachisi", "parcheesi-sr", "ludo"])
def test_records_replay_to_the_same_state(name):
    state = midgame(name, steps=300)
    record = state.to_record(tags={"Event": "test"})
    assert '[Event "test"]' in record
    again = state.game.new_state_from_record(record)
    assert again == state
    loaded = pachisi.load_record(record)
    assert loaded.to_notation() == state.to_notation()
    assert loaded.history() == state.history()


def test_a_record_from_a_position_keeps_its_start():
    game = pachisi.Game("pachisi", set={"players.pieces": 4})
    state = game.new_state_from_notation("12,40,h,0/0,0,0,0/3,0,0,0/0,0,0,0 Gt -")
    state.apply_action(state.string_to_action("10"))
    record = state.to_record()
    assert "[Start " in record and "[Set " in record
    assert pachisi.load_record(record) == state


def test_bad_records_raise():
    with pytest.raises(pachisi.NotationError):
        pachisi.load_record("no header")
    with pytest.raises(pachisi.NotationError, match="line 3"):
        pachisi.load_record('[Ruleset "pachisi"]\n\nY: (3) E25\n')
    with pytest.raises(pachisi.RulesetError):
        pachisi.load_record('[Ruleset "nothing"]\n\n')
    with pytest.raises(pachisi.NotationError):
        pachisi.Game("pachisi").new_initial_state().to_record(tags={"Final": "x"})


def test_the_observation_of_a_known_position():
    game = pachisi.Game("pachisi")
    layout = {name: (start, shape) for name, start, shape in game.observation_layout()}
    assert [name for name, _, _ in game.observation_layout()] == [
        "pieces", "team", "to_move", "finished", "opened", "entered", "credits", "phase", "pool", "turn",
    ]
    home = 84  # Pachisi's route has 83 squares; progress 84 is home
    assert layout["pieces"] == (0, [4, home + 1])
    state = game.new_state_from_notation("12,40,h,0/0,0,0,0/3,0,0,0/0,0,0,0 Gm 25,3 entered=YB")
    obs = state.observation_tensor(0)
    assert obs.dtype == np.float32 and obs.shape == game.observation_shape()
    pieces = obs[: 4 * (home + 1)].reshape(4, home + 1)
    assert pieces[0, 12] == 0.25 and pieces[0, 40] == 0.25 and pieces[0, home] == 0.25 and pieces[0, 0] == 0.25
    assert pieces[2, 3] == 0.25 and pieces[2, 0] == 0.75
    assert pieces[1, 0] == 1.0 and pieces[3, 0] == 1.0
    section = lambda name: obs[layout[name][0] : layout[name][0] + int(np.prod(layout[name][1]))]
    assert list(section("team")) == [1, 0, 1, 0]
    assert list(section("to_move")) == [0, 1, 0, 0]
    assert list(section("entered")) == [1, 0, 1, 0]
    assert list(section("phase")) == [0, 1, 0]
    pool = section("pool").reshape(3, -1)
    values = game.increment_values()
    assert pool[0, values.index(25)] == 1 and pool[0, values.index(3)] == 1 and pool.sum() == 2
    assert obs.size == sum(int(np.prod(shape)) for _, _, shape in game.observation_layout())


def test_seats_are_rotated_to_the_observer():
    state = midgame("ludo", seed=11, steps=400)
    game = state.game
    h = game.observation_layout()[0][2][1]
    seats = game.num_players()
    views = [state.observation_tensor(p)[: seats * h].reshape(seats, h) for p in range(seats)]
    for p in range(seats):
        for r in range(seats):
            np.testing.assert_array_equal(views[p][r], views[0][(p + r) % seats])
    # The default observer is the seat to move.
    np.testing.assert_array_equal(state.observation_tensor(), state.observation_tensor(state.seat_to_move()))


def test_returns_are_zero_until_the_end_and_rank_the_teams():
    state = midgame("pachisi")
    assert state.returns() == [0.0] * 4
    play_randomly(state, random.Random(5))
    r = state.returns()
    winner = state.placings()[0]
    assert sorted(set(r)) == [-1.0, 1.0]
    assert all((r[s] == 1.0) == (state.game.team_of(s) == winner) for s in range(4))


def test_every_place_is_ranked_where_the_ruleset_plays_them_out():
    game = pachisi.Game("ludo", set={"finish.placings": "all"})
    state = game.new_initial_state()
    play_randomly(state, random.Random(2))
    places = state.placings()
    assert sorted(places) == [0, 1, 2, 3]
    r = state.returns()
    expected = {team: 1 - 2 * k / 3 for k, team in enumerate(places)}
    assert r == pytest.approx([expected[game.team_of(s)] for s in range(4)])


def test_pieces_give_each_seats_progress_as_the_notation_does():
    game = pachisi.Game("ludo")
    state = game.new_initial_state()
    assert state.pieces() == [[0, 0, 0, 0]] * 4
    # 51 track squares from the start square round to the home column, then its 5 squares.
    assert game.route_length() == 56
    state = midgame("ludo", seed=5, steps=300)
    pieces = state.pieces()
    assert len(pieces) == game.num_players()
    assert all(len(seat) == game.num_pieces() for seat in pieces)
    assert all(0 <= p <= game.route_length() + 1 for seat in pieces for p in seat)
    # The notation's first field lists the same progress, seat by seat (`h` for home).
    home = game.route_length() + 1
    board = state.to_notation().split()[0]
    progress = lambda p: home if p == "h" else int(p)  # noqa: E731
    assert [sorted(progress(p) for p in seat.split(",")) for seat in board.split("/")] == [
        sorted(seat) for seat in pieces
    ]
    # A finished game has the winner's pieces all home.
    over = game.new_initial_state()
    play_randomly(over, random.Random(9))
    winner = over.placings()[0]
    assert all(p == game.route_length() + 1 for p in over.pieces()[winner])


def test_a_new_game_opens_with_the_throw_off_where_the_rules_have_one():
    game = pachisi.Game("pachisi")
    state = game.new_initial_state()
    # Every seat throws in turn (chance nodes, the seat throwing is seat_to_move).
    throw = {name: action for action, name in enumerate(n for n, _ in game.throws())}
    for seat, name in enumerate(["10", "25", "2", "25"]):
        assert state.is_chance_node() and state.seat_to_move() == seat
        assert [a for a, _ in state.chance_outcomes()] == list(range(len(throw)))
        state.apply_action(throw[name])
    # Green and red tied on 25 and throw again; red's 10 beats green's 2.
    for seat, name in [(1, "2"), (3, "10")]:
        assert state.is_chance_node() and state.seat_to_move() == seat
        state.apply_action(throw[name])
    assert state.is_chance_node() and state.seat_to_move() == 3
    assert state.to_notation().split()[1] == "Rt"
    assert state.history() == [throw[n] for n in ["10", "25", "2", "25", "2", "10"]]
    # The record keeps the throw-off in its Opening tag and reads back to the same state.
    record = state.to_record()
    assert '[Opening "Y 10, G 25, B 2, R 25; G 2, R 10"]' in record
    assert game.new_state_from_record(record) == state
    assert pachisi.load_record(record) == state
    # Mid-throw-off states pickle and clone as they are.
    half = game.new_initial_state()
    for name in ["25", "25"]:
        half.apply_action(throw[name])
    for copy_ in (pickle.loads(pickle.dumps(half)), half.clone(), copy.deepcopy(half)):
        assert copy_ == half and copy_.seat_to_move() == 2
    fresh = game.new_initial_state()
    assert pickle.loads(pickle.dumps(fresh)) == fresh
    # first_seat skips the throw-off; rules naming the first seat have none.
    assert game.new_initial_state(first_seat=2).seat_to_move() == 2
    ludo = pachisi.Game("ludo").new_initial_state()
    assert ludo == pachisi.Game("ludo").new_initial_state(first_seat=0)
