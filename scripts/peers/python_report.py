#!/usr/bin/env python3
"""Turns one run of scripts/compare-python into a Markdown section for docs/performance.md.

Input: one file per measurement, each with the JSON lines of the driver processes that made it
(scripts/peers/pachisi_python.py, pettingzoo_classic.py, openspiel_maedn.py, ludopy_random.py):
one line for a measurement on one process, one line per process for copies run side by side
(their rates are added up). Run it with the Python of the measurements, so that the package
versions it prints are theirs.
"""

import argparse
import datetime
import importlib.metadata
import json
import os
import platform
import sys

# The machine and number formats as scripts/compare-peers reports them.
from report import cpu_model, fmt_int

# Packages whose versions the section names, in this order.
PACKAGES = ["pachisi", "numpy", "pettingzoo", "gymnasium", "pygame", "open_spiel", "ludopy"]

GOAL = 10.0


def version(name):
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return None


def fmt_ratio(r):
    return f"{r:,.0f}×" if r >= 10 else f"{r:,.2f}×" if r < 1 else f"{r:,.1f}×"


class Measurement:
    """One row: the runs of one driver configuration, on one process or several at once."""

    def __init__(self, runs):
        self.runs = runs
        first = runs[0]
        self.peer = first["peer"]
        self.api = first.get("api") or first.get("mode")
        self.game = first["game"]
        self.version = first.get("version", "")
        self.num_envs = first.get("num_envs")
        self.processes = len(runs)
        self.threads = first.get("threads", 1)
        # The vector environment's options (measurements made before they existed had neither).
        self.observations = first.get("observations", True)
        self.reuse_buffers = first.get("reuse_buffers", False)
        self.steps_per_second = sum(r["actions"] / r["seconds"] for r in runs)
        self.decisions_per_second = sum(r["decisions"] / r["seconds"] for r in runs)
        self.late = max(r.get("late_start_seconds", 0.0) for r in runs)
        self.games = sum(r["games"] for r in runs)
        self.actions = sum(r["actions"] for r in runs)
        self.decisions = sum(r["decisions"] for r in runs)
        self.throws = sum(r.get("throws", 0) for r in runs)

    @property
    def parallel(self):
        """How many cores the row uses: threads of one process, or processes."""
        return self.threads * self.processes

    @property
    def lean(self):
        """A vector row with observations off or reused buffers, not the default."""
        return not self.observations or self.reuse_buffers

    def options_text(self):
        """The vector environment's options, as its constructor takes them."""
        options = []
        if not self.observations:
            options.append("`observations=False`")
        if self.reuse_buffers:
            options.append("`reuse_buffers=True`")
        return ", ".join(options) or "defaults"

    def label(self):
        if self.peer == "pachisi":
            options = f", {self.options_text()}" if self.lean else ""
            return {
                "vec": f"pachisi `VecEnv`, {self.num_envs} envs{options}",
                "aec": "pachisi `pachisi.env()` (PettingZoo AEC)",
                "aec-raw": "pachisi `pettingzoo.raw_env` (AEC, no wrappers)",
                "state": "pachisi `State` loop (Python)",
            }[self.api]
        if self.peer == "open_spiel":
            return f"OpenSpiel {self.version} `maedn`, Python loop"
        if self.peer.startswith("open_spiel"):
            return f"OpenSpiel {self.version} `maedn`, C++ loop (`evaluate_bots`)"
        if self.peer == "pettingzoo":
            return f"PettingZoo {self.version} classic (AEC)"
        if self.peer == "ludopy":
            return f"LUDOpy {self.version}"
        return f"{self.peer} {self.version} ({self.api})"

    def cores_text(self):
        if self.processes > 1:
            return f"{self.processes} processes"
        if self.peer == "pachisi" and self.api == "vec":
            return f"{self.threads} thread" + ("s" if self.threads > 1 else "")
        return "1"

    def is_cpp_loop(self):
        return self.peer.startswith("open_spiel") and self.api == "cpp"


def load(paths):
    out = []
    for path in paths:
        runs = []
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    runs.append(json.loads(line))
        if not runs:
            sys.exit(f"python_report: {path} holds no measurement")
        out.append(Measurement(runs))
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("measurements", nargs="+", help="files of JSON lines, one per measurement")
    parser.add_argument("--rules", required=True, help="the ruleset this project's rows played")
    parser.add_argument("--cores", type=int, required=True, help="the 'all cores' count used")
    parser.add_argument("--command", default="scripts/compare-python",
                        help="the command line to print as how the table was made")
    parser.add_argument("--rustc", default="", help="`rustc --version` of the build measured")
    parser.add_argument("--load", default="", help="load averages (1, 5, 15 min) before the run")
    parser.add_argument("--skipped", action="append", default=[],
                        help="a peer that could not be measured, with the reason (repeatable)")
    args = parser.parse_args()

    rows = load(args.measurements)
    # The base of every ratio: OpenSpiel's C++ loop, on as many cores as the row.
    base = {m.parallel: m.decisions_per_second for m in rows if m.is_cpp_loop()}

    out = []
    out.append(f"`{args.command}`")
    out.append("")
    header = ["engine / API", "game", "cores", "steps/s", "decisions/s",
              "÷ OpenSpiel C++ loop (decisions/s)"]
    out.append("| " + " | ".join(header) + " |")
    out.append("|---|---|---|---:|---:|---:|")
    for m in rows:
        ratio = base.get(m.parallel)
        game = f"`{m.game}`"
        out.append("| " + " | ".join([
            m.label(), game, m.cores_text(), fmt_int(m.steps_per_second),
            fmt_int(m.decisions_per_second),
            fmt_ratio(m.decisions_per_second / ratio) if ratio else "—",
        ]) + " |")
    out.append("")

    vec = [m for m in rows if m.peer == "pachisi" and m.api == "vec"]
    if vec:
        out.append("The vector environment's loop, split: `step()` alone, and the rest (drawing the "
                   "actions from the masks in NumPy, counting the ended games):")
        out.append("")
        out.append("| num_envs | threads | options | decisions/s, whole loop "
                   "| decisions/s, `step()` alone "
                   "| µs per `step()` call | share of the loop outside `step()` |")
        out.append("|---:|---:|---|---:|---:|---:|---:|")
        for m in vec:
            r = m.runs[0]
            calls = r["calls"]
            out.append("| " + " | ".join([
                str(m.num_envs), str(m.threads), m.options_text(), fmt_int(m.decisions_per_second),
                fmt_int(r["decisions"] / r["step_seconds"]),
                f"{r['step_seconds'] / calls * 1e6:,.0f}",
                f"{1 - r['step_seconds'] / r['seconds']:.0%}",
            ]) + " |")
        out.append("")

    # The verdict on the goal, from the figures above.
    cpp1 = base.get(1)
    # The goal is judged on the defaults, which write every observation; the lean rows follow.
    one_thread = [m for m in vec if m.threads == 1 and not m.lean]
    lean_one_thread = [m for m in vec if m.threads == 1 and m.lean]
    if cpp1 and one_thread:
        best = max(one_thread, key=lambda m: m.decisions_per_second)
        ratio = best.decisions_per_second / cpp1
        verdict = "met" if ratio >= GOAL else "**not met**"
        out.append(f"Goal, `VecEnv` on one thread at least {GOAL:.0f}× OpenSpiel's C++ loop per "
                   f"decision: {verdict}. Best one-thread figure {fmt_int(best.decisions_per_second)}"
                   f" decisions/s ({best.num_envs} envs) against "
                   f"{fmt_int(cpp1)}: {fmt_ratio(ratio)}.")
        if lean_one_thread:
            lean = max(lean_one_thread, key=lambda m: m.decisions_per_second)
            out.append(f"With {lean.options_text()}, one thread: "
                       f"{fmt_int(lean.decisions_per_second)} decisions/s ({lean.num_envs} envs), "
                       f"{fmt_ratio(lean.decisions_per_second / cpp1)}.")
        scaling = []
        for m in vec:
            if m.threads > 1:
                single = next((s for s in vec if s.threads == 1 and s.num_envs == m.num_envs
                               and s.lean == m.lean), None)
                if single:
                    lean = ", lean" if m.lean else ""
                    scaling.append(f"{m.num_envs} envs{lean} "
                                   f"{m.decisions_per_second / single.decisions_per_second:.2f}×")
        if scaling:
            out.append(f"Speed-up of the whole loop from 1 to {args.cores} threads: "
                       + ", ".join(scaling) + ".")
        out.append("")

    versions = ", ".join(f"{p} {v}" for p in PACKAGES if (v := version(p)))
    out.append(f"- Machine: {cpu_model()}, {os.cpu_count()} cores, Linux {platform.release()}; "
               f"\"all cores\" is {args.cores}")
    out.append(f"- Python {platform.python_version()} (CPython); {versions}")
    if args.rustc:
        out.append(f"- {args.rustc}, the wheel built by `maturin build --release`")
    out.append(f"- Date: {datetime.date.today().isoformat()}")
    if args.load:
        out.append(f"- Load average before the run (1, 5, 15 min): {args.load}")
    late = [m for m in rows if m.late > 0.05]
    for m in late:
        out.append(f"- {m.label()} on {m.cores_text()}: a process started {m.late:.2f} s late, "
                   "so its copies did not all run over the same span")
    for s in args.skipped:
        out.append(f"- Not measured: {s}")
    out.append("")

    state = next((m for m in rows if m.peer == "pachisi" and m.api == "state"
                  and m.processes == 1), None)
    maedn = next((m for m in rows if m.peer == "open_spiel" and m.processes == 1), None)
    lengths = []
    if state:
        lengths.append(f"`{state.game}` here {state.decisions / state.games:.0f} decisions and "
                       f"{state.throws / state.games:.0f} throws a game")
    if maedn:
        lengths.append(f"`maedn` {maedn.decisions / maedn.games:.0f} decisions and "
                       f"{maedn.throws / maedn.games:.0f} throws")
    if args.rules != "maedn":
        out.append(f"This project's rows play `{args.rules}`, not `maedn`: the games differ, so "
                   "the ratios compare engines playing related but not identical rules.")
        out.append("")
    out.append(
        "Uniform random legal actions, seeded, four players, each driver timing only its own loop. "
        "A **step** is one action applied: for the `State` loop and OpenSpiel's loops one "
        "`apply_action`, throws (chance nodes) included; for the AEC environments one "
        "`env.step()`, the steps given to agents after the end included; for LUDOpy one pass "
        "through its observation loop (a throw and its answer). A **decision** is a step at "
        "which a player chose (a pass included where the rules make one), so decisions/s is the "
        "like-for-like rate. The vector environment draws the throws inside (`chance=\"inside\"`): "
        "one env-step is one decision of one game, and its steps/s and decisions/s are the same "
        "figure. By default each of its decisions also writes an observation and a legal-action "
        "mask for the next one, which neither the `State` loop nor OpenSpiel's loops compute, into "
        "fresh arrays; its rows with `observations=False, reuse_buffers=True` write the masks "
        "alone, into the same arrays every step. The ratio column divides "
        "decisions/s by OpenSpiel's C++ loop on as many cores. "
        + (("Game lengths: " + "; ".join(lengths) + ". ") if lengths else "")
        + "The peers and every Python loop are single-threaded: on all cores they run as that "
        "many processes side by side, started together, and their rates are added up; the "
        "vector environment runs as one process with `num_threads` threads. PettingZoo's classic "
        "games are other, smaller games, listed for the cost of the AEC API per step. Wall-clock "
        "figures on a shared virtual machine vary between runs: compare rows of one run only.")
    print("\n".join(out))


if __name__ == "__main__":
    main()
