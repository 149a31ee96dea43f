"""A large simulation, a bot tournament and self-play data, spread over Ray.

    python crates/pachisi-py/examples/ray_simulate.py                  # a local Ray instance
    python crates/pachisi-py/examples/ray_simulate.py --address ray://HOST:10001
    RAY_ADDRESS=ray://HOST:10001 python crates/pachisi-py/examples/ray_simulate.py

Needs `pip install ray numpy` beside pachisi (on every node of a cluster too). Each Ray task
plays a range of thousands of games; the merged results are exactly those of one process's
`pachisi.simulate` / `pachisi.tournament` for the same seed (timings apart). Self-play shards go
to --out, which on a cluster must be storage every worker shares. docs/python.md, "Ray".
"""

import argparse
import time

import numpy as np
import ray

import pachisi
import pachisi.ray as pray


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--address", help="a Ray cluster (ray://HOST:10001); default RAY_ADDRESS or a local instance")
    ap.add_argument("--game", default="ludo")
    ap.add_argument("--games", type=int, default=200_000)
    ap.add_argument("--per-task", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tournament-games", type=int, default=2_000, help="games per pairing")
    ap.add_argument("--self-play-games", type=int, default=400)
    ap.add_argument("--out", default="self-play-shards")
    ap.add_argument("--check", action="store_true", help="also run the simulation in this process and compare")
    args = ap.parse_args()

    ray.init(address=args.address)  # None: RAY_ADDRESS if set, else a new local instance
    print(f"Ray: {ray.cluster_resources().get('CPU', 0):.0f} CPUs")

    started = time.perf_counter()
    stats = pray.simulate(args.game, games=args.games, seed=args.seed, per_task=args.per_task)
    print(f"simulate: {stats['games']} games in {stats['threads']} tasks, {time.perf_counter() - started:.1f} s")
    print(f"  throws per game {stats['throws_per_game']['mean']:.1f}")
    for seat in stats["seat_wins"]:
        print(f"  {seat['name']:>8} wins {seat['share']['rate']:.4f}")
    if args.check:
        single = pachisi.simulate(pachisi.Game(args.game), games=args.games, seed=args.seed)
        same = {k: v for k, v in single.items() if k not in ("threads", "seconds")} == {
            k: v for k, v in stats.items() if k not in ("threads", "seconds")
        }
        print(f"  identical to one process: {same}")

    report = pray.tournament(
        args.game, ["random", "heuristic", "expectimax:depth=1"], games=args.tournament_games, seed=args.seed
    )
    print(f"tournament: {report['games']} games in {report['threads']} tasks")
    for bot in report["bots"]:
        print(f"  {bot['label']:>20} score {bot['score']:.3f} Elo {bot['elo']:+.0f}")

    shards = pray.self_play(args.game, games=args.self_play_games, seed=args.seed, out_dir=args.out, per_task=100)
    decisions = sum(s["decisions"] for s in shards)
    print(f"self-play: {len(shards)} shards, {decisions} decisions in {args.out}/")
    with np.load(shards[0]["path"]) as shard:
        print("  " + ", ".join(f"{k} {shard[k].shape}" for k in shard.files))


if __name__ == "__main__":
    main()
