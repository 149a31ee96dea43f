#!/usr/bin/env python3
"""Turns one run of scripts/compare-peers into a Markdown section for docs/performance.md.

Inputs: the JSON of `pachisi bench --json` (this project) and the JSON lines of the peer drivers.
Everything is compared on one thread: the peers are single-threaded, so our all-thread figure
would flatter us for nothing but the core count.
"""

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys

# How each driver mode is named in the table, so a reader sees which way the library was driven.
PEER_LABELS = {
    ("open_spiel", "python"): "OpenSpiel {v}, Python loop",
    ("open_spiel (C++ loop)", "cpp"): "OpenSpiel {v}, C++ loop (`evaluate_bots`)",
    ("ludopy", "python"): "LUDOpy {v}",
}

GAME_LABELS = {
    "maedn": "maedn (Mensch ärgere dich nicht)",
    "ludo": "LUDOpy's Ludo",
}

# How our rows name the peer game they reproduce.
PEER_GAMES = {
    "maedn": "OpenSpiel's maedn",
    "ludo": "LUDOpy's Ludo",
}

# The game each peer driver plays (its "game" field) and our ruleset that reproduces its rules
# exactly (tests/test_conformance*.py check them move by move): each ratio compares one game.
LIKE_FOR_LIKE = {
    "maedn": "maedn",
    "ludo": "ludopy",
}


def command_output(args):
    try:
        return subprocess.run(args, capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return ""


def cpu_model():
    for line in command_output(["lscpu"]).splitlines():
        if line.startswith("Model name:"):
            return line.split(":", 1)[1].strip()
    return platform.processor() or "unknown"


def fmt_int(x):
    return f"{x:,.0f}"


def fmt_ratio(ours, theirs):
    r = ours / theirs
    return f"{r:,.0f}×" if r >= 10 else f"{r:,.1f}×"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ours", required=True, help="file with `pachisi bench --json` output")
    parser.add_argument("--peers", required=True, help="file with one JSON line per peer run")
    parser.add_argument("--command", default="scripts/compare-peers",
                        help="the command line to print as how the table was made")
    parser.add_argument("--rustc", default="", help="`rustc --version` of the build measured")
    parser.add_argument("--load", default="", help="load averages (1, 5, 15 min) before the run")
    parser.add_argument("--skipped", action="append", default=[],
                        help="a peer that could not be measured, with the reason (repeatable)")
    args = parser.parse_args()

    with open(args.ours, encoding="utf-8") as f:
        ours = json.load(f)
    peers = []
    with open(args.peers, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                peers.append(json.loads(line))

    by_rules = {r["rules"]: r for r in ours["rulesets"]}
    missing = [r for r in sorted(set(LIKE_FOR_LIKE.values())) if r not in by_rules]
    if missing:
        sys.exit(f"report: the bench output lacks {', '.join(missing)}, which the ratios are taken from")

    rows = []
    # Our rows first: the rulesets that reproduce a peer's game, then the rest for reference.
    like = sorted(set(LIKE_FOR_LIKE.values()))
    for name in like + [n for n in by_rules if n not in like]:
        r = by_rules[name]
        one = r["one_thread"]
        peer_of = [PEER_GAMES[g] for g, ours_name in LIKE_FOR_LIKE.items() if ours_name == name]
        rows.append([
            "pachisi (this project), Rust",
            f"`{name}`" + (f" (as {', '.join(peer_of)})" if peer_of else " (reference)"),
            fmt_int(ours["games"]),
            fmt_int(one["games_per_second"]),
            fmt_int(one["throws_per_second"]),
            f"{r['throws_per_game']:.1f}",
            "—",
            "—",
            "—",
        ])
    for p in peers:
        label = PEER_LABELS.get((p["peer"], p["mode"]), "{p} {v} ({m})").format(
            v=p["version"], p=p["peer"], m=p["mode"])
        throws_per_second = p["games_per_second"] * p["throws_per_game"]
        mine = by_rules[LIKE_FOR_LIKE[p["game"]]]
        rows.append([
            label,
            GAME_LABELS.get(p["game"], p["game"]),
            fmt_int(p["games"]),
            fmt_int(p["games_per_second"]),
            fmt_int(throws_per_second),
            f"{p['throws_per_game']:.1f}",
            f"{p['moves_per_game']:.1f}",
            f"`{LIKE_FOR_LIKE[p['game']]}`: "
            + fmt_ratio(mine["one_thread"]["games_per_second"], p["games_per_second"]),
            fmt_ratio(mine["one_thread"]["throws_per_second"], throws_per_second),
        ])

    header = ["engine", "game (4 players, random play)", "games", "games/s (1 thread)",
              "throws/s", "throws/game", "moves/game", "ours ÷ this, games/s",
              "ours ÷ this, throws/s"]
    align = ["---", "---", "---:", "---:", "---:", "---:", "---:", "---:", "---:"]

    out = []
    out.append(f"`{args.command}`")
    out.append("")
    out.append("| " + " | ".join(header) + " |")
    out.append("|" + "|".join(align) + "|")
    for row in rows:
        out.append("| " + " | ".join(row) + " |")
    out.append("")

    versions = ", ".join(sorted({f"{p['peer'].split(' ')[0]} {p['version']}" for p in peers}))
    python_version = peers[0]["python"] if peers else platform.python_version()
    out.append(f"- Machine: {cpu_model()}, {os.cpu_count()} cores, Linux {platform.release()}")
    out.append(f"- Python {python_version} (CPython); peers from PyPI: {versions or 'none'}")
    if args.rustc:
        out.append(f"- {args.rustc}, release profile; this project's figures use one thread "
                   f"(seed {ours.get('seed', '?')}), the peers' too")
    out.append(f"- Date: {datetime.date.today().isoformat()}")
    if args.load:
        out.append(f"- Load average before the run (1, 5, 15 min): {args.load}")
    for s in args.skipped:
        out.append(f"- Not measured: {s}")
    out.append("")
    out.append("Like with like: each peer against our ruleset that reproduces its rules exactly "
               "(`maedn` for OpenSpiel's maedn, `ludopy` for LUDOpy's Ludo; "
               "crates/pachisi-py/tests/test_conformance*.py check them move by move against the "
               "peers), four players, uniform random choice among legal moves, a game ending at the "
               "first player home. `ludo` (our Ludo) and `pachisi` (six cowries, two teams of "
               "two, a 68-square track) are other games, listed for reference only.")
    out.append("")
    out.append("Throws/game counts every die roll; moves/game the rolls that moved a piece (the "
               "rest were passes, or a void third six). Throws/s is games/s × throws/game: the "
               "rate per step of play, which allows for rules that make games longer or shorter. "
               "The OpenSpiel Python loop is the way its examples drive a game and is bound by "
               "the Python/C++ crossing per action; the C++ loop plays whole games inside the "
               "library and measures its engine. Wall-clock figures on a shared virtual machine "
               "vary between runs: compare rows of one run only.")
    print("\n".join(out))


if __name__ == "__main__":
    main()
