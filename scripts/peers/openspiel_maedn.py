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
"""

import argparse
import importlib.metadata
import json
import platform
import random
import sys
import time

import pyspiel


def play_python(game, games, seed):
    """Play `games` games; return (seconds, throws, moves, actions)."""
    rng = random.Random(seed)
    choice = rng.choice
    rand = rng.random
    throws = moves = actions = 0
    start = time.perf_counter()
    for _ in range(games):
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
    return seconds, throws, moves, actions


def play_cpp(game, games, seed):
    """Play `games` games inside C++; return (seconds, throws, moves, actions)."""
    bots = [pyspiel.make_uniform_random_bot(p, seed * 100 + p) for p in range(game.num_players())]
    throws = moves = actions = 0
    seconds = 0.0
    for i in range(games):
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
    return seconds, throws, moves, actions


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--mode", choices=["python", "cpp"], default="python")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")

    game = pyspiel.load_game("maedn", {"players": args.players})

    play = play_python if args.mode == "python" else play_cpp
    seconds, throws, moves, actions = play(game, args.games, args.seed)

    print(json.dumps({
        "peer": "open_spiel" if args.mode == "python" else "open_spiel (C++ loop)",
        "game": "maedn",
        "version": importlib.metadata.version("open_spiel"),
        "python": platform.python_version(),
        "mode": args.mode,
        "players": args.players,
        "games": args.games,
        "seed": args.seed,
        "seconds": round(seconds, 4),
        "games_per_second": round(args.games / seconds, 2),
        "throws_per_game": round(throws / args.games, 1),
        "moves_per_game": round(moves / args.games, 1),
        "actions_per_game": round(actions / args.games, 1),
    }))


if __name__ == "__main__":
    sys.exit(main())
