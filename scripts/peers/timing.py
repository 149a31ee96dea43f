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
