#!/usr/bin/env python3
"""Random games of OpenSpiel's `maedn` (Mensch ärgere dich nicht), timed on one thread.

Prints one JSON line. Two ways of driving the library are offered, because they measure
different things:

  --mode python   the loop OpenSpiel's own examples show (python/examples/example.py): a Python
                  loop over state.legal_actions() / state.chance_outcomes() / state.apply_action().
                  This is what a Python user of the library gets; most of the time goes into
                  crossing the Python/C++ boundary, not into the game's rules.
  --mode cpp      pyspiel.evaluate_bots with pyspiel.make_uniform_random_bot for every seat: the
                  whole game runs in C++ (uniform choice among legal actions, chance outcomes
                  sampled from their probabilities), one Python call per game. It is the
                  fastest honest way to play random games through the published package, and
                  so the like-for-like figure against a native engine.

A game ends, as in OpenSpiel, when the first player has all four pieces in the goal.

Counts: an action is one apply_action, a throw (chance node) or a decision (player node: a move,
or action 0, the pass, when no piece can move). Every throw is followed by a decision in maedn,
so there are about as many decisions as throws. `--seconds` and `--start-at` are described in
timing.py.
"""

import argparse
import importlib.metadata
import json
import platform
import random
import sys
import time

import pyspiel

import timing


def play_python(game, budget, seed):
    """Play games while `budget` allows; return (games, seconds, throws, moves, actions)."""
    rng = random.Random(seed)
    choice = rng.choice
    rand = rng.random
    throws = moves = actions = 0
    played = 0
    start = time.perf_counter()
    while budget.more(played, time.perf_counter() - start):
        played += 1
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                # Sample from the game's own outcome distribution rather than assuming a fair die.
                outcomes = state.chance_outcomes()
                r = rand()
                acc = 0.0
                action = outcomes[-1][0]
                for a, p in outcomes:
                    acc += p
                    if r < acc:
                        action = a
                        break
                throws += 1
            else:
                action = choice(state.legal_actions())
                # Action 0 is maedn's pass: a decision, but no piece moves.
                if action != 0:
                    moves += 1
            state.apply_action(action)
            actions += 1
    seconds = time.perf_counter() - start
    return played, seconds, throws, moves, actions


def play_cpp(game, budget, seed):
    """Play games inside C++ while `budget` allows; return (games, seconds, throws, moves,
    actions)."""
    bots = [pyspiel.make_uniform_random_bot(p, seed * 100 + p) for p in range(game.num_players())]
    throws = moves = actions = 0
    seconds = 0.0
    i = 0
    while budget.more(i, seconds):
        i += 1
        start = time.perf_counter()
        state = game.new_initial_state()
        # evaluate_bots seeds its chance sampler from this argument on every call, so each game
        # needs its own.
        pyspiel.evaluate_bots(state, bots, seed * 1_000_003 + i)
        seconds += time.perf_counter() - start
        # Counted from the finished game's history, outside the timed part: keeping every
        # finished state to count later would cost hundreds of megabytes and slow the run.
        for step in state.full_history():
            actions += 1
            if step.player == pyspiel.PlayerId.CHANCE:
                throws += 1
            elif step.action != 0:
                moves += 1
    return i, seconds, throws, moves, actions


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    timing.add_arguments(parser)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--mode", choices=["python", "cpp"], default="python")
    args = parser.parse_args()
    timing.check_arguments(parser, args)

    game = pyspiel.load_game("maedn", {"players": args.players})

    play = play_python if args.mode == "python" else play_cpp
    late = timing.wait_for_start(args.start_at)
    games, seconds, throws, moves, actions = play(
        game, timing.Budget(args.games, args.seconds), args.seed)

    print(json.dumps({
        "peer": "open_spiel" if args.mode == "python" else "open_spiel (C++ loop)",
        "game": "maedn",
        "version": importlib.metadata.version("open_spiel"),
        "python": platform.python_version(),
        "mode": args.mode,
        "players": args.players,
        "games": games,
        "seed": args.seed,
        "seconds": round(seconds, 4),
        "games_per_second": round(games / seconds, 2),
        "throws_per_game": round(throws / games, 1),
        "moves_per_game": round(moves / games, 1),
        "actions_per_game": round(actions / games, 1),
        # Totals, for rates per step: every action, and the decisions among them.
        "actions": actions,
        "throws": throws,
        "decisions": actions - throws,
        "moves": moves,
        **timing.common_fields(args, late),
    }))


if __name__ == "__main__":
    sys.exit(main())
