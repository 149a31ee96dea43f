"""Bots, simulation and tournaments from Python."""

import random
import threading

import pytest

import pachisi
from conftest import play_randomly


def decision_state(name="pachisi"):
    state = pachisi.Game(name).new_initial_state(first_seat=0)
    state.apply_action(state.string_to_action("25" if name.startswith("pachisi") else "6"))
    return state


@pytest.mark.parametrize("spec", ["random", "heuristic", "expectimax:depth=1", "mcts:playouts=30"])
def test_a_bot_chooses_a_legal_action(spec):
    bot = pachisi.Bot(spec, seed=4)
    for name in ["pachisi", "ludo", "parcheesi-sr"]:
        state = pachisi.Game(name).new_initial_state()
        rng = random.Random(1)
        for _ in range(200):
            if state.is_terminal():
                break
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                action = bot.choose(state)
                assert action in state.legal_actions()
                state.apply_action(action)


def test_a_bot_ranks_every_legal_move_best_first():
    state = decision_state()
    ranked = pachisi.Bot("expectimax:depth=1").rank(state)
    assert sorted(a for a, _ in ranked) == state.legal_actions()
    chances = [c for _, c in ranked]
    assert chances == sorted(chances, reverse=True) and all(0 <= c <= 1 for c in chances)
    assert pachisi.Bot("random").rank(state) is None


def test_bots_refuse_what_they_cannot_do():
    with pytest.raises(pachisi.BotSpecError):
        pachisi.Bot("grandmaster")
    with pytest.raises(pachisi.BotSpecError):
        pachisi.Bot("expectimax:depth=banana")
    chance = pachisi.Game("pachisi").new_initial_state()
    with pytest.raises(pachisi.PachisiError, match="chance node"):
        pachisi.Bot("heuristic").choose(chance)


def test_bots_run_in_threads():
    bot = pachisi.Bot("expectimax:depth=1")
    state = decision_state()
    results = []
    threads = [threading.Thread(target=lambda: results.append(bot.choose(state))) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 4 and all(r in state.legal_actions() for r in results)


def test_simulation_statistics_come_back_as_python_data():
    game = pachisi.Game("ludo")
    stats = pachisi.simulate(game, games=64, seed=3, threads=2)
    assert stats["games"] == 64 and stats["bots"] == ["random"] * 4
    assert len(stats["seat_wins"]) == 4
    assert stats == {**pachisi.simulate(game, games=64, seed=3, threads=1), "seconds": stats["seconds"], "threads": stats["threads"]}
    bots = pachisi.simulate(game, games=8, seed=1, bots=["heuristic"])
    assert bots["bots"] == ["heuristic"] * 4
    with pytest.raises(pachisi.PachisiError):
        pachisi.simulate(game, games=0)
    with pytest.raises(pachisi.PachisiError):
        pachisi.simulate(game, games=4, threads=0)
    with pytest.raises(pachisi.BotSpecError):
        pachisi.simulate(game, games=4, bots=["random", "random"])


def test_tournament_report_comes_back_as_python_data():
    report = pachisi.tournament(pachisi.Game("pachisi"), ["random", "heuristic"], games=8, seed=2)
    assert [b["spec"] if "spec" in b else b for b in report["bots"]]
    assert len(report["bots"]) == 2 and len(report["pairings"]) == 1
    assert report["games"] >= 8
    with pytest.raises(pachisi.PachisiError):
        pachisi.tournament(pachisi.Game("pachisi"), ["random"], games=8)


def test_a_ladder_pairs_each_bot_with_the_next_only():
    game = pachisi.Game("ludo")
    bots = ["random", "heuristic", "expectimax:depth=0"]
    ladder = pachisi.tournament(game, bots, games=4, seed=2, ladder=True)
    pairs = [(p["first"], p["second"]) for p in ladder["pairings"]]
    assert pairs == [("random", "heuristic"), ("heuristic", "expectimax:depth=0")]
    assert len(pachisi.tournament(game, bots, games=4, seed=2)["pairings"]) == 3
