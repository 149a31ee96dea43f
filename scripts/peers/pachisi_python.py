#!/usr/bin/env python3
"""Random play of this project's Python package, timed, one API at a time. Prints one JSON line.

  --api vec     pachisi.VecEnv(game, num_envs, seed, num_threads): one step() call moves every
                game by one decision (throws are drawn inside, chance="inside"), so one env-step
                is one decision. The actions are drawn for all games at once in NumPy (a uniform
                choice among each row's legal actions, from one np.flatnonzero of the mask), so the
                Python cost is per call, not per game. Reported: env-steps (= decisions), the
                seconds of the whole loop (step() and the choice of actions) and the seconds
                inside step() alone. A few untimed steps come first: the thread pool is built
                on reset() and the first steps warm the caches. --no-observations and
                --reuse-buffers pass observations=False and reuse_buffers=True: the loop
                reads only the masks and the ended games, so it needs neither.
  --api aec     pachisi.env(ruleset=...), the PettingZoo AEC environment as users get it (with
                PettingZoo's wrappers), driven by the agent_iter() loop of PettingZoo's
                documentation; a step is one env.step() call, a decision one whose action is
                not None (the others are the steps PettingZoo asks of agents once the game is
                over). Throws are drawn inside.
  --api aec-raw the same loop on pachisi.pettingzoo.raw_env, without PettingZoo's wrappers
                (TerminateIllegalWrapper, AssertOutOfBoundsWrapper, OrderEnforcingWrapper):
                what the environment itself costs, the wrappers' delegation of every attribute
                aside.
  --api state   the single-state API, the loop OpenSpiel's examples show: Game.new_initial_state,
                chance_outcomes() sampled at chance nodes, legal_actions() chosen from at
                decision nodes, apply_action() for both. A step is one apply_action (a throw or
                a decision), as in scripts/peers/openspiel_maedn.py --mode python.

Uniform random legal actions everywhere, seeded. `--seconds` and `--start-at` are described in
timing.py.
"""

import argparse
import importlib.metadata
import json
import os
import platform
import random
import sys
import time

import numpy as np

import pachisi

import timing


def choose(mask, rng):
    """One uniformly random legal action per row of a boolean mask, for all rows at once."""
    n, width = mask.shape
    # np.flatnonzero of the C-contiguous mask is about ten times as fast as a 2-D np.nonzero.
    flat = np.flatnonzero(mask)
    rows = flat // width
    counts = np.bincount(rows, minlength=n)
    firsts = np.cumsum(counts) - counts
    picks = (rng.random(n) * counts).astype(np.int64)
    return flat[firsts + picks] - np.arange(n, dtype=np.int64) * width


def play_vec(game, args):
    # The options are passed only when asked for, so that builds from before them are timed too.
    options = {}
    if args.no_observations:
        options["observations"] = False
    if args.reuse_buffers:
        options["reuse_buffers"] = True
    env = pachisi.VecEnv(game, num_envs=args.num_envs, seed=args.seed, num_threads=args.threads,
                         **options)
    rng = np.random.default_rng(args.seed)
    _, mask, _ = env.reset()
    for _ in range(args.warmup_steps):
        _, mask, _, _, _ = env.step(choose(mask, rng))
    late = timing.wait_for_start(args.start_at)
    # --games counts step() calls here: every call is num_envs decisions.
    budget = timing.Budget(args.games, args.seconds)
    calls = games_ended = 0
    in_step = 0.0
    clock = time.perf_counter
    start = clock()
    while budget.more(calls, clock() - start):
        actions = choose(mask, rng)
        t = clock()
        _, mask, _, terminated, _ = env.step(actions)
        in_step += clock() - t
        games_ended += int(np.count_nonzero(terminated))
        calls += 1
    seconds = clock() - start
    steps = calls * args.num_envs
    return late, {
        "num_envs": args.num_envs,
        "threads": env.num_threads,
        "observations": getattr(env, "observations", True),
        "reuse_buffers": getattr(env, "reuse_buffers", False),
        "calls": calls,
        "games": games_ended,
        "seconds": round(seconds, 4),
        "step_seconds": round(in_step, 4),
        "actions": steps,
        "decisions": steps,
    }


def play_aec(game, args, raw=False):
    if raw:
        from pachisi.pettingzoo import raw_env

        env = raw_env(game)
    else:
        env = pachisi.env(ruleset=game)
    late = timing.wait_for_start(args.start_at)
    played, seconds, steps, decisions = timing.play_aec(
        env, timing.Budget(args.games, args.seconds), args.seed
    )
    return late, {
        "games": played,
        "seconds": round(seconds, 4),
        "actions": steps,
        "decisions": decisions,
    }


def play_state(game, args):
    rng = random.Random(args.seed)
    choice = rng.choice
    rand = rng.random
    budget = timing.Budget(args.games, args.seconds)
    late = timing.wait_for_start(args.start_at)
    played = throws = actions = 0
    clock = time.perf_counter
    start = clock()
    while budget.more(played, clock() - start):
        played += 1
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                # The same sampling as the OpenSpiel driver's: from the game's own distribution.
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
            state.apply_action(action)
            actions += 1
    seconds = clock() - start
    return late, {
        "games": played,
        "seconds": round(seconds, 4),
        "actions": actions,
        "throws": throws,
        "decisions": actions - throws,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--api", choices=["vec", "aec", "aec-raw", "state"], required=True)
    parser.add_argument("--rules", default="ludo", help="a built-in ruleset's name")
    timing.add_arguments(parser, games=200)
    parser.add_argument("--num-envs", type=int, default=256, help="--api vec: games in the vector")
    parser.add_argument("--threads", type=int, default=1,
                        help="--api vec: num_threads (0: one per core)")
    parser.add_argument("--no-observations", action="store_true",
                        help="--api vec: observations=False (step() encodes no observations)")
    parser.add_argument("--reuse-buffers", action="store_true",
                        help="--api vec: reuse_buffers=True (step() overwrites the same arrays)")
    parser.add_argument("--warmup-steps", type=int, default=20,
                        help="--api vec: untimed step() calls before the clock starts")
    args = parser.parse_args()
    timing.check_arguments(parser, args)
    if args.num_envs < 1:
        parser.error("--num-envs must be at least 1")
    if args.threads < 0 or args.warmup_steps < 0:
        parser.error("--threads and --warmup-steps must not be negative")
    if args.threads == 0:
        args.threads = os.cpu_count() or 1
    if args.rules not in pachisi.rulesets():
        sys.exit(f"pachisi_python.py: `{args.rules}` is not a ruleset of pachisi "
                 f"{pachisi.__version__}; it has: {', '.join(pachisi.rulesets())}")

    game = pachisi.Game(args.rules)
    play = {
        "vec": play_vec,
        "aec": play_aec,
        "aec-raw": lambda g, a: play_aec(g, a, raw=True),
        "state": play_state,
    }[args.api]
    late, result = play(game, args)
    print(json.dumps({
        "peer": "pachisi",
        "api": args.api,
        "game": args.rules,
        "version": pachisi.__version__,
        "numpy": importlib.metadata.version("numpy"),
        "python": platform.python_version(),
        "players": game.num_players(),
        "seed": args.seed,
        **result,
        **timing.common_fields(args, late),
    }))


if __name__ == "__main__":
    sys.exit(main())
