"""`make bench`: every game's random-playout speed and clone cost, with the targets, and the
speed of the same random games through the OpenSpiel and PettingZoo adapters."""

from __future__ import annotations

import argparse
import json
import sys

from boardwright.bench import run_benchmarks

TARGETS = {
    "beowulf": {"actions_per_second": 50_000, "clone_us": 20.0},
    "mesopotamia": {"actions_per_second": 30_000, "clone_us": 50.0},
    "runebound": {"actions_per_second": 20_000, "clone_us": 60.0},
}
SEARCH_TARGET_MS = {"beowulf": 1000.0}  # ISMCTS at 1,000 iterations per move


def main() -> int:
    parser = argparse.ArgumentParser(
        description="Random-playout actions/s, clone() µs and ISMCTS ms per move for every "
                    "game (one core), with the targets, and the same random games through the "
                    "OpenSpiel and PettingZoo adapters. The last line is the results as JSON.")
    parser.add_argument("seconds", nargs="?", type=float, default=3.0,
                        help="seconds per measurement (default 3)")
    parser.add_argument("--game", action="append", dest="games", metavar="GAME",
                        help="only this game (repeatable; default every game)")
    args = parser.parse_args()
    results = run_benchmarks(args.seconds, adapters=True, games=args.games)
    print(f"{'game':<10} {'players':>7} {'actions/s':>12} {'clone µs':>9}  target")
    for r in results:
        if "adapter" in r:
            speed = (f"{r['actions_per_second']:>12,.0f}  ({r['of_native']:.1%} of native)"
                     if "error" not in r else f"  not run: {r['error']}")
            print(f"{'':<10} {'':>7} via {r['adapter']}: {speed}")
            continue
        if "agent" in r:
            goal = SEARCH_TARGET_MS.get(r["game"])
            verdict = f"≤{goal:,.0f} ms: {'met' if r['ms_per_move'] <= goal else 'MISSED'}" \
                if goal else ""
            print(f"{r['game']:<10} {r['players']:>7} {r['agent']}: {r['ms_per_move']:,.0f} ms "
                  f"per move, {r['iterations_per_second']:,.0f} iterations/s  {verdict}")
            continue
        target = TARGETS.get(r["game"], {})
        ok = (r["actions_per_second"] >= target.get("actions_per_second", 0)
              and r["clone_us"] <= target.get("clone_us", float("inf")))
        note = (f"≥{target['actions_per_second']:,} a/s, ≤{target['clone_us']} µs: "
                f"{'met' if ok else 'MISSED'}") if target else ""
        print(f"{r['game']:<10} {r['players']:>7} {r['actions_per_second']:>12,.0f} "
              f"{r['clone_us']:>9.2f}  {note}")
    print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
