#!/usr/bin/env python3
"""Random games of a PettingZoo classic environment, timed on one thread. Prints one JSON line.

PettingZoo's classic board games are other games than Ludo, and small ones: a step of Connect
Four or tic-tac-toe does little game logic, so their rate is close to what the AEC machinery
itself costs per step (the wrappers, env.last(), the observation dict, the reward bookkeeping).
They show how far this project's AEC environment (scripts/peers/pachisi_python.py --api aec) is
from that floor.

The loop is timing.play_aec, the agent_iter() loop of PettingZoo's documentation, the same that
pachisi_python.py --api aec runs. A step is one env.step()
call; a decision one whose action is not None (the others are the steps PettingZoo asks of
agents once the game is over). `--seconds` and `--start-at` are described in timing.py.
"""

import argparse
import importlib
import importlib.metadata
import json
import os
import platform
import sys

# The classic environments import pygame, which greets on standard output unless told not to.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import timing

# Classic environments that need nothing beyond pettingzoo, gymnasium, numpy and pygame.
ENVS = ["connect_four_v3", "tictactoe_v3"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--env", choices=ENVS, default=ENVS[0])
    timing.add_arguments(parser, games=2000)
    args = parser.parse_args()
    timing.check_arguments(parser, args)

    module = importlib.import_module(f"pettingzoo.classic.{args.env}")
    env = module.env()
    late = timing.wait_for_start(args.start_at)
    games, seconds, steps, decisions = timing.play_aec(
        env, timing.Budget(args.games, args.seconds), args.seed
    )
    print(json.dumps({
        "peer": "pettingzoo",
        "api": "aec",
        "game": args.env,
        "version": importlib.metadata.version("pettingzoo"),
        "python": platform.python_version(),
        "players": len(env.possible_agents),
        "games": games,
        "seed": args.seed,
        "seconds": round(seconds, 4),
        "actions": steps,
        "decisions": decisions,
        **timing.common_fields(args, late),
    }))


if __name__ == "__main__":
    sys.exit(main())
