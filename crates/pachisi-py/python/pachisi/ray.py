"""Simulations, tournaments and self-play spread over a Ray cluster (needs ``ray``).

``import pachisi`` never imports this module; ``import pachisi.ray`` imports ``ray``. Every
function here cuts its games into ranges of ``per_task`` consecutive games (thousands, not one a
task), plays each range as one Ray task, and merges the results:

- ``simulate`` returns exactly what ``pachisi.simulate`` returns for the same game, games, seed
  and bots: game ``i`` is seeded from the master seed and ``i`` alone, so the per-range counts
  add up to the single-process counts, and every derived figure (means, percentiles, intervals,
  the chi-square test) is computed once, from the merged counts. Only ``threads`` (here the
  number of tasks) and ``seconds`` differ.
- ``tournament`` likewise returns what ``pachisi.tournament`` does, deals being played in
  ranges and the report built from all of them in order (timings apart: ``threads``,
  ``elapsed_seconds``, the bots' ``thinking_seconds`` and ``ms_per_decision``).
- ``self_play`` writes NumPy ``.npz`` shards of decisions for training a network, one shard a
  task, written by the Ray workers themselves.

Call ``ray.init()`` first (a local instance, or ``ray.init(address="ray://HOST:10001")`` /
``RAY_ADDRESS`` for a cluster; docs/python.md, "Ray"); otherwise Ray starts a local instance on
first use. The workers must have ``pachisi`` installed (on a cluster: in the image, or through a
``runtime_env``).
"""

from __future__ import annotations

import os
import time
from typing import Any, Optional, Sequence, Union

import numpy as np
import ray

from . import _pachisi
from ._pachisi import Bot, Game

__all__ = ["simulate", "tournament", "self_play", "ranges"]

GameLike = Union[str, Game]


def _game(game: GameLike) -> Game:
    return game if isinstance(game, Game) else Game(game)


def ranges(total: int, per_task: int) -> list[tuple[int, int]]:
    """``[(first, count)]``: ``0 .. total`` cut into consecutive ranges of ``per_task`` (the last
    one shorter)."""
    if total < 1:
        raise ValueError("games must be at least 1")
    if per_task < 1:
        raise ValueError("per_task must be at least 1")
    return [(first, min(per_task, total - first)) for first in range(0, total, per_task)]


@ray.remote(num_cpus=1)
def _simulate_task(game: Game, seed: int, first: int, count: int, bots: Optional[list[str]]) -> str:
    return _pachisi._simulate_part(game, seed, first, count, bots)


@ray.remote(num_cpus=1)
def _tournament_task(
    game: Game, bots: list[str], games: int, seed: int, first: int, count: int, ladder: bool
) -> list[tuple[int, ...]]:
    return _pachisi._tournament_part(
        game, bots, games, seed, first, count, threads=1, ladder=ladder
    )


def simulate(
    game: GameLike,
    games: int = 1000,
    seed: int = 1,
    bots: Optional[Sequence[str]] = None,
    per_task: int = 10_000,
) -> dict[str, Any]:
    """``pachisi.simulate(game, games, seed, bots)`` played as Ray tasks of ``per_task`` games
    each (one CPU and one thread a task) and merged; ``threads`` is the number of tasks."""
    g = _game(game)
    spec = None if bots is None else list(bots)
    started = time.perf_counter()
    parts = ray.get(
        [_simulate_task.remote(g, seed, first, count, spec) for first, count in ranges(games, per_task)]
    )
    return _pachisi._simulate_merge(
        g, seed, parts, spec, threads=len(parts), seconds=time.perf_counter() - started
    )


def tournament(
    game: GameLike,
    bots: Sequence[str],
    games: int = 200,
    seed: int = 1,
    per_task: int = 2_000,
    ladder: bool = False,
) -> dict[str, Any]:
    """``pachisi.tournament(game, bots, games, seed, ladder=ladder)`` played as Ray tasks of
    about ``per_task`` games each (whole deals, at least one) and merged; ``threads`` is the
    number of tasks."""
    g = _game(game)
    specs = list(bots)
    deals, per_deal = _pachisi._tournament_plan(g, specs, games, ladder)
    deals_per_task = max(1, per_task // max(1, per_deal))
    started = time.perf_counter()
    parts = ray.get(
        [
            _tournament_task.remote(g, specs, games, seed, first, count, ladder)
            for first, count in ranges(deals, deals_per_task)
        ]
    )
    results = [deal for part in parts for deal in part]
    return _pachisi._tournament_merge(
        g,
        specs,
        games,
        seed,
        results,
        threads=len(parts),
        seconds=time.perf_counter() - started,
        ladder=ladder,
    )


def _play_range(
    game: Game, seed: int, first: int, count: int, bot: str
) -> dict[str, np.ndarray]:
    """Games ``first .. first + count``, every seat played by ``bot``; game ``i``'s throws and
    bot are seeded from ``(seed, i)`` alone. One row per decision."""
    obs, actions, masks, returns, players, game_ids = [], [], [], [], [], []
    for i in range(first, first + count):
        seq = np.random.SeedSequence([seed, i])
        rng = np.random.default_rng(seq)
        player = Bot(bot, seed=int(seq.generate_state(1, np.uint64)[0]))
        state = game.new_initial_state()
        movers = []
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(int(outcomes[rng.choice(len(outcomes), p=np.asarray(probs) / sum(probs))]))
                continue
            seat = state.current_player()
            obs.append(state.observation_tensor(seat))
            masks.append(state.legal_actions_mask())
            action = player.choose(state)
            actions.append(action)
            players.append(seat)
            game_ids.append(i)
            movers.append(seat)
            state.apply_action(action)
        final = state.returns()
        returns.extend(final[seat] for seat in movers)
    n_obs = int(np.prod(game.observation_shape()))
    n_actions = game.num_distinct_actions()
    return {
        "observations": np.asarray(obs, np.float32).reshape(-1, n_obs),
        "actions": np.asarray(actions, np.int64),
        "masks": np.asarray(masks, np.bool_).reshape(-1, n_actions),
        "returns": np.asarray(returns, np.float32),
        "players": np.asarray(players, np.int8),
        "games": np.asarray(game_ids, np.int64),
    }


@ray.remote(num_cpus=1)
def _self_play_task(
    game: Game, seed: int, first: int, count: int, bot: str, out_dir: str
) -> tuple[str, int]:
    data = _play_range(game, seed, first, count, bot)
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, f"shard-{first:010d}.npz")
    tmp = path + ".tmp.npz"
    np.savez_compressed(tmp, **data)
    os.replace(tmp, path)
    return path, len(data["actions"])


def self_play(
    game: GameLike,
    games: int,
    seed: int,
    out_dir: str,
    per_task: int = 1_000,
    bot: str = "heuristic",
) -> list[dict[str, Any]]:
    """Plays ``games`` games with ``bot`` in every seat as Ray tasks of ``per_task`` games, each
    task writing ``out_dir/shard-FIRSTGAME.npz`` (``out_dir`` must be storage every worker
    shares, on a cluster). A shard holds one row per decision: ``observations``
    (float32[n, observation size], from the mover's point of view), ``actions`` (int64, the
    move chosen), ``masks`` (bool[n, num_distinct_actions()], the legal moves), ``returns``
    (float32, the mover's return at the game's end), ``players`` (the mover's seat), ``games``
    (the game's index). Returns ``[{"path", "first", "games", "decisions"}]`` in game order."""
    g = _game(game)
    cuts = ranges(games, per_task)
    out = os.path.abspath(out_dir)
    done = ray.get([_self_play_task.remote(g, seed, first, count, bot, out) for first, count in cuts])
    return [
        {"path": path, "first": first, "games": count, "decisions": decisions}
        for (first, count), (path, decisions) in zip(cuts, done)
    ]
