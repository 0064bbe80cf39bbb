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
has grown since the seam (its figure is printed, not held to the goal).

The two trees do not play the same battle (the rulings changed since: 8,213
turns before, 5,485 now), so the battle line compares different work. The
like-for-like line times only the battle's first ``seam_workload.ALIKE_UNTIL``
seconds, which both trees play alike; before measuring, ``seam_alike.py`` runs
in both trees and the line is withheld unless that stretch is still the same
fight (its signatures' digests equal, and no earlier difference in the whole
battle's)::

    python benchmarks/bench_seam.py            # needs git and the project's history
    python benchmarks/bench_seam.py 9 --counted   # nine timed rounds, then callgrind's counts

The timed lines divide each rate by a bare SimPy rate timed in slices between slices of the
work (``seam_workload.Yardstick``), yet on a shared machine they still wander by ±10 % from run
to run, as much as the goal allows. ``--counted`` adds what does not wander: callgrind's
instruction counts of the same four workloads (``seam_counts.py --root``, the counted work
alone, collector off, ``PYTHONHASHSEED=0``) in both trees, as instructions a turn (the battles)
or a duel, before over after, so a ratio above 1 is fewer instructions now. Counts are not
seconds (mispredicts and cache misses are not in them), so they back the timed lines rather
than replace them; about two minutes more, and only where ``valgrind`` is installed.

The old tree is checked out with ``git worktree`` into a temporary folder
(and removed afterwards); without git or the commit, the script says so and
measures today's tree alone.
"""

from __future__ import annotations

import ast
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
from seam_workload import ALIKE_UNTIL  # noqa: E402

BEFORE = "be78a44"
"""The last commit before the seam (tactics 0.1 as it landed with issues #4 and #7)."""


def measure(tree: Path, repeat: int, n_duels: int) -> dict[str, float]:
    cmd = [sys.executable, str(HERE / "seam_workload.py"), "--root", str(tree), "--repeat", str(repeat),
           "--duels", str(n_duels)]
    env = {"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy"}
    out = subprocess.run(cmd, cwd=tree, env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


WORKLOADS = (("battle", "instructions a turn (100 v 100 advance)"),
             ("alike", "instructions a turn (the like-for-like stretch)"),
             ("duels", "instructions a duel (Steven v clone, brawler)"),
             ("scripted", "instructions a duel (the same scripted policy)"))


def count(tree: Path, workload: str, tmp: Path) -> tuple[int, int, int]:
    """``(instructions, fights, turns)`` of ``seam_counts.py WORKLOAD`` run in ``tree`` under
    callgrind, instrumentation on for the counted work only."""
    import re

    subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree / "tactics")], check=True,
                   capture_output=True)  # the imports' compiling is not the engine's work
    env = {"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy",
           "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1"}
    out = subprocess.run(["valgrind", "--tool=callgrind", "--instr-atstart=no",
                          f"--callgrind-out-file={tmp / 'cg.out'}", sys.executable,
                          str(HERE / "seam_counts.py"), workload, "--root", str(tree), "--callgrind"],
                         cwd=tree, env=env, capture_output=True, text=True)
    got = re.search(r"Collected : (\d+)", out.stderr)
    work = re.search(r"(\d+) fights, (\d+) turns", out.stdout)
    if out.returncode != 0 or got is None or work is None:
        last = (out.stderr.strip().splitlines() or ["?"])[-1]
        raise RuntimeError(f"seam_counts.py {workload} under callgrind failed in {tree} ({last})")
    return int(got.group(1)), int(work.group(1)), int(work.group(2))


def counts(old: Path, tmp: Path) -> list[str]:
    """The four workloads' instruction counts in both trees, before over after (above 1: fewer now),
    as lines to print."""
    import shutil

    if shutil.which("valgrind") is None:
        return ["counted: valgrind is not installed here; no instruction counts"]
    lines = [f"callgrind's instruction counts, {BEFORE} and now (the counted work alone; before / after,"
          " above 1 is fewer now):"]
    for what, unit in WORKLOADS:
        (bi, bf, bt), (ai, af, at) = count(old, what, tmp), count(ROOT, what, tmp)
        per = (lambda i, f, t: i / t) if what in ("battle", "alike") else (lambda i, f, t: i / f)
        b, a = per(bi, bf, bt), per(ai, af, at)
        lines.append(f"  {unit:<48} before {b:>12,.0f}   after {a:>12,.0f}   before/after {b / a:.3f}"
                     f"   ({bi / 1e6:,.1f} M over {bt:,} turns / {ai / 1e6:,.1f} M over {at:,})")
    return lines


def alike_check(old: Path, tmp: Path) -> tuple[bool, str]:
    """Is the like-for-like stretch still the same fight in both trees? (``seam_alike.py``)"""
    from seam_alike import first_difference

    got = {}
    for name, tree in (("before", old), ("after", ROOT)):
        env = {"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy"}
        dump = tmp / f"alike-{name}.txt"
        out = subprocess.run([sys.executable, str(HERE / "seam_alike.py"), "--root", str(tree), "--dump", str(dump)],
                             cwd=tree, env=env, capture_output=True, text=True)
        if out.returncode != 0:
            last = (out.stderr.strip().splitlines() or ["?"])[-1]
            return False, f"seam_alike.py failed in the {name} tree ({last})"
        got[name] = json.loads(out.stdout.strip().splitlines()[-1]), dump.read_text().splitlines()
    (b, b_sigs), (a, a_sigs) = got["before"], got["after"]
    i = first_difference(b_sigs, a_sigs)
    first = ast.literal_eval(b_sigs[i]) if i < len(b_sigs) else None
    parted = "nowhere" if first is None else f"{first[0]} at {first[1]:g} s by {first[2]}"
    alike = b["digest"] == a["digest"] and i >= b["signatures"]
    what = (f"the fights part at signature #{i + 1} ({parted}); the stretch to {b['until']:g} s: "
            f"{b['turns']:,} / {a['turns']:,} turns, {b['attacks']} / {a['attacks']} attacks, digests "
            f"{b['digest']} / {a['digest']}: {'alike' if alike else 'NOT ALIKE'}")
    return alike, what


def main() -> int:
    args = [a for a in sys.argv[1:] if a != "--counted"]
    rounds = int(args[0]) if args else 3
    counted = "--counted" in sys.argv[1:]
    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp) / "before"
        made = subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(old), BEFORE],
                              capture_output=True, text=True)
        if made.returncode != 0:
            print(f"no checkout of {BEFORE} ({made.stderr.strip()}); today's tree alone:")
            print(measure(ROOT, 3, 1000))
            return 0
        try:
            alike, alike_note = alike_check(old, Path(tmp))
            runs: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
            for _ in range(rounds):
                runs["before"].append(measure(old, 1, 1000))
                runs["after"].append(measure(ROOT, 1, 1000))
            counted_lines = counts(old, Path(tmp)) if counted else []
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)],
                           capture_output=True)
    print(f"engine before the seam ({BEFORE}) and now, {rounds} alternating runs each, CPU time, medians")
    worst = float("inf")
    changes: dict[str, float] = {}
    for what, unit in (("battle", "turns/s (100 v 100 advance, walled 128x128)"),
                       ("alike", "turns/s (the same, like for like: see below)"),
                       ("duels", "duels/s (Steven v clone, brawler)"),
                       ("scripted", "duels/s (the same scripted policy in both)")):
        if what == "alike" and not alike:
            print(f"  {unit:<44} withheld: the stretch is no longer the same fight in both trees")
            continue
        rates = {k: statistics.median(r[what] for r in v) for k, v in runs.items()}
        ratios = {k: statistics.median(r[what] / r[f"{what}_bare"] for r in v) for k, v in runs.items()}
        change = changes[what] = ratios["after"] / ratios["before"]
        if what in ("battle", "duels"):  # issue 11's two figures; the scripted duel is the engine alone
            worst = min(worst, change)
        paired = [(a[what] / a[f"{what}_bare"]) / (b[what] / b[f"{what}_bare"])
                  for b, a in zip(runs["before"], runs["after"])]
        print(f"  {unit:<44} before {rates['before']:>9,.0f} (ratio to bare SimPy {ratios['before']:.4f})"
              f"   after {rates['after']:>9,.0f} (ratio {ratios['after']:.4f})   after/before {change:.3f}"
              f"   (round by round min/median/max {min(paired):.3f} / {statistics.median(paired):.3f}"
              f" / {max(paired):.3f})")
    print("  the battle line compares different fights (the rulings changed since be78a44: more turns "
          "before than after, other strikes); the like-for-like line times its first "
          f"{ALIKE_UNTIL:g} s, the same fight in both when checked (below; walking only: the fights part "
          "before the first strike)")
    print(f"  like-for-like check: {alike_note}")
    turns = {k: statistics.median(r["duel_turns"] for r in v) for k, v in runs.items() if "duel_turns" in v[0]}
    if len(turns) == 2:
        print(f"  brawler duels are not the same fights in the two trees (rulings changed since): "
              f"{turns['before']:.2f} turns a duel before, {turns['after']:.2f} after")
    print(f"goal: within 10 % of before: {'met' if worst >= 0.9 else 'NOT met'} (worst {worst:.3f}; "
          "the battle and brawler lines, both different fights in the two trees)")
    if "alike" in changes:
        verdict = "met" if changes["alike"] >= 0.9 else "NOT met"
        print(f"goal on the like-for-like battle (the same {ALIKE_UNTIL:g} s in both, walking turns only): "
              f"{verdict} ({changes['alike']:.3f})")
    else:
        print("goal on the like-for-like battle: not judged (the stretch is no longer alike)")
    for line in counted_lines:
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
