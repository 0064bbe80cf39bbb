"""The matched duel: ours against the peer, in the same run.

    .venv/bin/python benchmarks/bench_peer.py [--duels N] [--repeats N]

The peer is jvasilakes/dnd_combat_simulator (MIT; a Python D&D 5e combat
simulator on a square grid). Its code is looked for in ``$TACTICS_PEER_DIR``
and then in ``benchmarks/peer/`` (a checkout: the folder that holds
``combat_simulator/``); nothing is downloaded here. Without it this prints
how to get it (``benchmarks/get_peer.sh``, see ``benchmarks/README.md``) and
times ours alone.

The matched duel: two evenly matched melee fighters, one on one, to the end,
many times, on one core.

- **peer**: two Orcs (its sheet ``assets/character_sheets/orc.json``: greataxe,
  30 hp, AC 15) as two teams of one on a 20×20 grid (its ``run_scenario.py``
  default), driven as its ``Engine.gameloop`` drives a fight, without the
  curses windows that make ``gameloop`` unusable headless and without the
  per-fight ``pandas.concat`` of its log (both would only slow it down):
  ``Engine`` built once, then per fight both sheets reset to full health (its
  loop only resets the dead, so the winner would start the next duel hurt),
  ``initialize_encounter()`` (random placement) and ``run_combat()`` to the
  end. Its dice use numpy's global generator, seeded once here.
- **ours**: Steven against his clone on ``arena``, ``advance`` policy (walk up
  and strike, like the peer's fighters), ``run(until=120)``: the natural
  user loop exactly as the README writes it (``load_map``, ``load_character``
  ×2, ``Encounter``, ``add`` ×2, ``run`` per fight), and the hoisted loop
  (map and sheets loaded once).

Goal (issue 19): ours ≥ 25× the peer's duels/s on the matched duel, judged on
the natural loop (the hoisted loop's ratio is printed too). Lines are the
median (min–max) of ``--repeats`` runs (``_common.py``), the three loops
timed in turns so that a load coming and going hits each alike.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from _common import Rate, goal_line, interleaved, machine_line, report  # noqa: E402

from bench_batch import hoisted_loop, natural_loop  # noqa: E402

GOAL_RATIO = 25.0
PEER_REPO = "https://github.com/jvasilakes/dnd_combat_simulator"


def find_peer() -> Path | None:
    """The peer checkout (the folder holding ``combat_simulator/``), or None."""
    for cand in (os.environ.get("TACTICS_PEER_DIR"), ROOT / "benchmarks" / "peer"):
        if cand and (Path(cand) / "combat_simulator" / "encounter.py").is_file():
            return Path(cand).resolve()
    return None


def _stub_missing(name: str, attrs: dict) -> bool:
    """Register a stand-in for a peer dependency that is not installed; True if stubbed.

    The peer imports pandas and tqdm at module level but uses them only in
    ``Encounter.log`` and ``Engine.gameloop``, which the duel below never
    calls; the stand-ins make any such call fail loudly.
    """
    try:
        __import__(name)
        return False
    except ImportError:
        mod = types.ModuleType(name)

        def missing(*_a, **_k):
            raise RuntimeError(f"{name} is not installed (stand-in for the peer benchmark)")

        for k in attrs:
            setattr(mod, k, missing)
        sys.modules[name] = mod
        return True


def load_peer(path: Path):
    stubbed = [n for n, attrs in (("pandas", {"DataFrame": 0, "concat": 0}), ("tqdm", {"trange": 0, "tqdm": 0}))
               if _stub_missing(n, attrs)]
    sys.path.insert(0, str(path))
    import numpy as np
    from combat_simulator import Character, Engine, Grid, Team

    return np, Character, Engine, Grid, Team, stubbed


def peer_duels(path: Path, sheet: str = "orc"):
    """A function running ``n`` of the peer's matched duels, and a list of its winners."""
    np, Character, Engine, Grid, Team, stubbed = load_peer(path)
    data = json.loads((path / "assets" / "character_sheets" / f"{sheet}.json").read_text())
    a, b = Character(**data), Character(**data)
    engine = Engine(Team([a], name="red"), Team([b], name="blue"), grid=Grid(shape=(20, 20)))
    np.random.seed(1)
    winners: dict[str, int] = {}
    rounds: list[int] = []

    def duels(n: int) -> None:
        for _ in range(n):
            a.reset()
            b.reset()
            enc = engine.initialize_encounter(visual=False)
            r = 0
            for r in enc.run_combat():
                pass
            rounds.append(r)
            winners[enc.winner.name] = winners.get(enc.winner.name, 0) + 1

    return duels, winners, rounds, data, stubbed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--duels", type=int, default=1000, help="duels per measurement (ours; the peer runs "
                                                            "--peer-duels)")
    ap.add_argument("--peer-duels", type=int, default=200, help="duels per measurement of the peer")
    ap.add_argument("--repeats", type=int, default=5)
    a = ap.parse_args()
    print(f"bench_peer: {machine_line()}")
    k, reps = a.duels, a.repeats
    peer = find_peer()
    peer_rate = None
    if peer is None:
        print("peer: not found (looked in $TACTICS_PEER_DIR and benchmarks/peer/); to time it beside ours:\n"
              f"    benchmarks/get_peer.sh {PEER_REPO}\n"
              "  (or any clone or git dir of it as the argument; see benchmarks/README.md)")
        t_nat, t_hoist = interleaved(lambda: natural_loop(k), lambda: hoisted_loop(k), repeat=reps)
    else:
        duels, winners, rounds, data, stubbed = peer_duels(peer)
        duels(20)  # warm up (first imports)
        winners.clear()
        rounds.clear()
        pk = a.peer_duels
        # in turns (peer, ours natural, ours hoisted, peer, ...): the same load for all three
        t_peer, t_nat, t_hoist = interleaved(lambda: duels(pk), lambda: natural_loop(k), lambda: hoisted_loop(k),
                                             repeat=reps)
        peer_rate = Rate(pk, t_peer)
        total = sum(winners.values())
        print(f"peer: {peer} — {data['name']} vs {data['name']} on a 20x20 grid, {pk:,} duels per measurement; "
              f"red won {winners.get('red', 0) / total:.0%}, {sum(rounds) / len(rounds):.1f} rounds a duel"
              + (f"; {', '.join(stubbed)} not installed: stand-ins (never called in a duel)" if stubbed else ""))
        report("peer duel loop (one core)", peer_rate, "duels/s")
    nat, hoist = Rate(k, t_nat), Rate(k, t_hoist)
    print(f"ours: Steven vs clone on arena, advance, until 120 s, {k:,} duels per measurement")
    report("ours, natural user loop (README)", nat, "duels/s", peer_rate)
    report("ours, hoisted loop", hoist, "duels/s", peer_rate)
    if peer_rate is not None:
        cpu = ""
        if nat.per_cpu and peer_rate.per_cpu and hoist.per_cpu:
            cpu = (f"; per CPU-second {nat.per_cpu / peer_rate.per_cpu:.1f}x, hoisted "
                   f"{hoist.per_cpu / peer_rate.per_cpu:.1f}x")
        goal_line(f"ours ≥ {GOAL_RATIO:g}x the peer on the matched duel (natural loop)",
                  nat.median / peer_rate.median >= GOAL_RATIO, f"{nat.median / peer_rate.median:.1f}x of medians; "
                  f"hoisted loop {hoist.median / peer_rate.median:.1f}x" + cpu)
    else:
        print(f"GOAL ours ≥ {GOAL_RATIO:g}x the peer: not measured (no peer code here)")


if __name__ == "__main__":
    main()
