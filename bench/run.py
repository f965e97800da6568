"""`make bench`: every game's random-playout speed and clone cost, with the targets, and each
researchers' interface next to its yardstick, measured side by side in the same run: the
OpenSpiel adapter and `simulate` (random agents) against the plain engine loop, the PettingZoo
environment against PettingZoo's own `tictactoe_v3`. The load average is printed with them: on
a shared machine only the ratios mean much."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from boardwright.bench import run_benchmarks

TARGETS = {
    "beowulf": {"actions_per_second": 50_000, "clone_us": 20.0},
    "mesopotamia": {"actions_per_second": 30_000, "clone_us": 50.0},
    "runebound": {"actions_per_second": 20_000, "clone_us": 60.0},
}
SEARCH_TARGET_MS = {"beowulf": 1000.0}  # ISMCTS at 1,000 iterations per move
#: each interface's speed as a share of its yardstick's (issue 23): OpenSpiel and simulate for
#: every game, PettingZoo for two-player Beowulf (other games' PettingZoo rows show the share)
RATIO_TARGETS = {"openspiel": ("native", 0.8), "pettingzoo": ("tictactoe", 0.5),
                 "simulate": ("native", 0.7)}
PETTINGZOO_TARGETED = {("beowulf", 2)}


def main() -> int:
    parser = argparse.ArgumentParser(
        description="Random-playout actions/s, clone() µs and ISMCTS ms per move for every "
                    "game (one core), with the targets, and each researchers' interface "
                    "(OpenSpiel, PettingZoo, simulate) as a share of its yardstick, measured "
                    "side by side. The last line is the results as JSON.")
    parser.add_argument("seconds", nargs="?", type=float, default=3.0,
                        help="seconds per measurement (default 3)")
    parser.add_argument("--game", action="append", dest="games", metavar="GAME",
                        help="only this game (repeatable; default every game)")
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    results = run_benchmarks(args.seconds, ratios=True, games=args.games)
    print(f"{'game':<10} {'players':>7} {'actions/s':>12} {'clone µs':>9}  target")
    for r in results:
        if "interface" in r:
            print(f"{'':<10} {'':>7} {interface_line(r)}")
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
    load = (load_before, os.getloadavg()[0])
    print(f"load average (1 min) {load[0]:.1f} at the start, {load[1]:.1f} at the end")
    print(json.dumps({"results": results, "load_average": load}))
    return 0


def interface_line(r: dict[str, Any]) -> str:
    """`openspiel: 41,000 actions/s = 84.1% of native (50,000) ≥80%: met`."""
    name = r["interface"]
    if "error" in r:
        return f"{name}: not run: {r['error']}"
    against, goal = RATIO_TARGETS[name]
    unit = "steps" if name == "pettingzoo" else "actions"
    share = r[f"of_{against}"]
    line = (f"{name}: {r[f'{unit}_per_second']:,.0f} {unit}/s = {share:.1%} of {against} "
            f"({r[f'{against}_per_second']:,.0f})")
    if name == "pettingzoo" and (r["game"], r["players"]) not in PETTINGZOO_TARGETED:
        return line
    return f"{line} ≥{goal:.0%}: {'met' if share >= goal else 'MISSED'}"


if __name__ == "__main__":
    sys.exit(main())
