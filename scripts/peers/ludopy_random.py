#!/usr/bin/env python3
"""Random four-player games of LUDOpy, timed on one thread. Prints one JSON line.

LUDOpy is pure Python (with NumPy) and has one interface, the observation loop its README shows:
game.get_observation() rolls the die and lists the pieces that can move, and
game.answer_observation(piece) plays one of them (or -1 when none can). That loop is the fastest
honest way to drive it; nothing below bypasses it. It also records every position in the game's
history on the way, which is part of what the library costs per move.

A game ends at the first winner (`there_is_a_winner`), like this project's `ludo` ruleset.

Counts: one pass through the loop is one throw and one decision (a piece, or -1 when none can
move), so throws and decisions are equal. `--seconds` and `--start-at` are described in
timing.py.
"""

import argparse
import importlib.metadata
import json
import platform
import random
import sys
import time

import numpy as np
import ludopy

import timing


def play(budget, seed):
    """Play games while `budget` allows; return (games, seconds, throws, moves)."""
    # LUDOpy rolls its die with NumPy's global generator, so seeding it fixes the dice; the
    # players' choices come from their own generator.
    np.random.seed(seed)
    rng = random.Random(seed)
    throws = moves = 0
    played = 0
    start = time.perf_counter()
    while budget.more(played, time.perf_counter() - start):
        played += 1
        game = ludopy.Game()
        there_is_a_winner = False
        while not there_is_a_winner:
            (_, move_pieces, _, _, _, _), _ = game.get_observation()
            throws += 1
            if len(move_pieces):
                piece = move_pieces[rng.randrange(len(move_pieces))]
                moves += 1
            else:
                piece = -1
            _, _, _, _, _, there_is_a_winner = game.answer_observation(piece)
    seconds = time.perf_counter() - start
    return played, seconds, throws, moves


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    timing.add_arguments(parser)
    args = parser.parse_args()
    timing.check_arguments(parser, args)

    late = timing.wait_for_start(args.start_at)
    games, seconds, throws, moves = play(timing.Budget(args.games, args.seconds), args.seed)
    print(json.dumps({
        "peer": "ludopy",
        "game": "ludo",
        "version": importlib.metadata.version("ludopy"),
        "python": platform.python_version(),
        "mode": "python",
        "players": 4,
        "games": games,
        "seed": args.seed,
        "seconds": round(seconds, 4),
        "games_per_second": round(games / seconds, 2),
        "throws_per_game": round(throws / games, 1),
        "moves_per_game": round(moves / games, 1),
        # Totals, for rates per step: one loop pass is a throw and a decision.
        "actions": throws,
        "throws": throws,
        "decisions": throws,
        "moves": moves,
        **timing.common_fields(args, late),
    }))


if __name__ == "__main__":
    sys.exit(main())
