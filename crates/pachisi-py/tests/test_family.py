"""The older games of the family from Python: Chaupar, Pachih, Sokkattan and Tayam Sonalu."""

import math
import random

import pachisi
from conftest import play_randomly

FAMILY = ["chaupar", "pachih", "sokkattan", "tayam-sonalu"]


def test_the_older_games_are_listed_and_play_to_the_end():
    for name in FAMILY:
        assert name in pachisi.rulesets()
        state = pachisi.Game(name).new_initial_state()
        play_randomly(state, random.Random(11))
        assert state.is_terminal(), name


def test_chaupar_begins_on_the_board_and_throws_three_long_dice():
    game = pachisi.Game("chaupar")
    state = game.new_initial_state()
    assert state.pieces() == [[6, 7, 9, 10]] * 4
    throws = dict(game.throws())
    assert len(throws) == 20
    assert throws["6-6-6"] == 1 / 64 and throws["6-5-2"] == 6 / 64
    assert math.isclose(sum(throws.values()), 1.0, rel_tol=1e-12)
    state.apply_action(state.string_to_action("6-5-2"))
    assert state.to_notation().split()[2] == "6,5,2"
    assert "10+6" in state.legal_moves()


def test_a_finished_chaupar_player_throws_for_the_partner():
    game = pachisi.Game("chaupar")
    state = game.new_state_from_notation(
        "h,h,h,h/20,30,40,50/60,61,62,63/20,21,22,23 Rm 1 entered=YGBR"
    )
    state.apply_action(state.string_to_action("20+1"))
    # Yellow's turn at the table: Black's pieces move.
    assert state.to_notation().endswith("thrower=Y")
    assert state.seat_to_move() == 2


def test_pachih_begins_on_the_lanes_first_square_and_a_turn_holds_three_throws():
    game = pachisi.Game("pachih")
    state = game.new_initial_state()
    assert state.pieces() == [[1, 1, 1, 1]] * 4
    for name, move in [("25", "1+25"), ("30", "1+30"), ("14", "1+14")]:
        state.apply_action(state.string_to_action(name))
        state.apply_action(state.string_to_action(move))
    assert state.seat_to_move() == 1


def test_tayam_sonalus_throws_are_pairs_and_sonal_brings_a_piece_in():
    game = pachisi.Game("tayam-sonalu")
    throws = dict(game.throws())
    assert throws["4-0"] == 2 / 16 and throws["2-2"] == 1 / 16 and throws["0-0"] == 1 / 16
    state = game.new_state_from_notation("20,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y")
    state.apply_action(state.string_to_action("4-0"))
    state.apply_action(state.string_to_action("2-1"))
    assert "E4" in state.legal_moves()
    state = game.new_state_from_notation("20,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y")
    state.apply_action(state.string_to_action("2-2"))
    assert state.legal_moves() == ["20+4"]


def test_sokkattans_step_must_bring_a_piece_in():
    game = pachisi.Game("sokkattan")
    state = game.new_initial_state()
    state.apply_action(state.string_to_action("25"))
    state.apply_action(state.string_to_action("E25"))
    assert state.legal_moves() == ["0+1"]
