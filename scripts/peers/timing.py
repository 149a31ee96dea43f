"""What the drivers in this folder share: how long to play, and a common start for copies of a
driver run side by side.

A driver plays either a fixed number of games (`--games`) or whole games until a number of
seconds of its timed loop have passed (`--seconds`): a fixed count keeps runs identical, a fixed
time keeps fast and slow libraries measured over the same span. `--start-at` makes a driver
finish its imports and set-up, then wait for a given wall-clock time before timing anything, so
that several copies started one after another (scripts/compare-python runs one per core) all
play over the same span and their rates can be added up.
"""

import time


def add_arguments(parser, games=200):
    """Adds --games, --seconds, --seed and --start-at to an argparse parser."""
    parser.add_argument("--games", type=int, default=games,
                        help=f"games to play (default {games}); ignored with --seconds")
    parser.add_argument("--seconds", type=float, default=None,
                        help="play whole games until this many seconds of timed play have passed")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--start-at", type=float, default=None, metavar="UNIX_TIME",
                        help="after set-up, wait until this time.time() before starting the clock")


def check_arguments(parser, args):
    if args.seconds is None and args.games < 1:
        parser.error("--games must be at least 1")
    if args.seconds is not None and not args.seconds > 0:
        parser.error("--seconds must be more than 0")


def wait_for_start(start_at):
    """Sleeps until `start_at` (a time.time() value; None: at once). Returns how late the caller
    was, in seconds: more than 0 when its set-up ended after `start_at`, so that copies run side
    by side did not all start together."""
    if start_at is None:
        return 0.0
    delay = start_at - time.time()
    if delay > 0:
        time.sleep(delay)
        return 0.0
    return -delay


class Budget:
    """Whether to play another game: until `games` games, or until `seconds` have been spent."""

    def __init__(self, games, seconds):
        self.games = games
        self.seconds = seconds

    def more(self, played, spent):
        if self.seconds is not None:
            return played == 0 or spent < self.seconds
        return played < self.games


def common_fields(args, late):
    """The JSON fields every driver reports about how it was run."""
    fields = {}
    if args.seconds is not None:
        fields["seconds_asked"] = args.seconds
    if args.start_at is not None:
        fields["late_start_seconds"] = round(late, 3)
    return fields


def play_aec(env, budget, seed):
    """Random games of a PettingZoo AEC environment by the agent_iter() loop of PettingZoo's
    documentation, each action drawn uniformly among the legal ones (the observation's
    "action_mask"), until `budget` is spent; the clock starts here. Returns (games, seconds,
    steps, decisions): a step is one env.step() call, a decision one whose action is not None
    (the others are the steps PettingZoo asks of agents once the game is over). The first
    reset is seeded with `seed`, later ones go on with the same generator."""
    import random

    import numpy as np

    randrange = random.Random(seed).randrange
    flatnonzero = np.flatnonzero
    played = steps = decisions = 0
    clock = time.perf_counter
    start = clock()
    while budget.more(played, clock() - start):
        env.reset(seed=seed if played == 0 else None)
        played += 1
        for _agent in env.agent_iter():
            observation, _reward, termination, truncation, _info = env.last()
            if termination or truncation:
                action = None
            else:
                legal = flatnonzero(observation["action_mask"])
                action = legal[randrange(len(legal))]
                decisions += 1
            env.step(action)
            steps += 1
    return played, clock() - start, steps, decisions
