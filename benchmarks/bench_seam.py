"""The ruleset seam's cost: the engine before it (commit be78a44) and now, in the same run.

Issue #11 asks that 100-versus-100 turns per second and duels per second stay
within 10 % of the engine before the seam. Both trees run the same workload
(``seam_workload.py``: 100 v 100 ``advance`` on a walled 128 x 128 map;
Steven against his clone with ``brawler``) in fresh processes, alternately,
each beside a bare SimPy loop measured in the same process; CPU time, medians.
The figure compared is each tree's rate divided by its own bare SimPy rate,
so a busier machine during one measurement does not count against it.
A third line times duels with one scripted policy (``seam_workload.Scripted``), the
same code in both trees: the engine and ruleset alone, as the shipped ``brawler``
has grown since the seam (its figure is printed, not held to the goal)::

    python benchmarks/bench_seam.py            # needs git and the project's history

The old tree is checked out with ``git worktree`` into a temporary folder
(and removed afterwards); without git or the commit, the script says so and
measures today's tree alone.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BEFORE = "be78a44"
"""The last commit before the seam (tactics 0.1 as it landed with issues #4 and #7)."""


def measure(tree: Path, repeat: int, n_duels: int) -> dict[str, float]:
    cmd = [sys.executable, str(HERE / "seam_workload.py"), "--root", str(tree), "--repeat", str(repeat),
           "--duels", str(n_duels)]
    env = {"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy"}
    out = subprocess.run(cmd, cwd=tree, env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> int:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp) / "before"
        made = subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(old), BEFORE],
                              capture_output=True, text=True)
        if made.returncode != 0:
            print(f"no checkout of {BEFORE} ({made.stderr.strip()}); today's tree alone:")
            print(measure(ROOT, 3, 1000))
            return 0
        try:
            runs: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
            for _ in range(rounds):
                runs["before"].append(measure(old, 1, 1000))
                runs["after"].append(measure(ROOT, 1, 1000))
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)],
                           capture_output=True)
    print(f"engine before the seam ({BEFORE}) and now, {rounds} alternating runs each, CPU time, medians")
    worst = 1.0
    for what, unit in (("battle", "turns/s (100 v 100 advance, walled 128x128)"),
                       ("duels", "duels/s (Steven v clone, brawler)"),
                       ("scripted", "duels/s (the same scripted policy in both)")):
        rates = {k: statistics.median(r[what] for r in v) for k, v in runs.items()}
        ratios = {k: statistics.median(r[what] / r[f"{what}_bare"] for r in v) for k, v in runs.items()}
        change = ratios["after"] / ratios["before"]
        if what != "scripted":  # issue 11's two figures; the scripted duel is the engine alone, for reading
            worst = min(worst, change)
        print(f"  {unit:<44} before {rates['before']:>9,.0f} (ratio to bare SimPy {ratios['before']:.4f})"
              f"   after {rates['after']:>9,.0f} (ratio {ratios['after']:.4f})   after/before {change:.3f}")
    turns = {k: statistics.median(r["duel_turns"] for r in v) for k, v in runs.items() if "duel_turns" in v[0]}
    if len(turns) == 2:
        print(f"  brawler duels are not the same fights in the two trees (rulings changed since): "
              f"{turns['before']:.2f} turns a duel before, {turns['after']:.2f} after")
    print(f"goal: within 10 % of before: {'met' if worst >= 0.9 else 'NOT met'} (worst {worst:.3f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
