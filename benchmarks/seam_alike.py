"""Where the seam benchmark's battle is the same fight in both trees: a signature both replays give.

The engine before the seam (``be78a44``, replay format v1) and today's (v2)
record the same fight differently (``Damage`` became ``Harm``, a roll's ``die``
became ``faces``, ``power``/``absorbed`` moved into ``details``), so the events
are compared by what both say alike: every turn (time, who, round, actions),
every move's legs, every line said, every attack (who, whom, action, weapon,
the die, the total, hit or not, the harm done, the distance, the charge), every
harm taken (the stun and damage tracks, the standing) and every state change.

Run in whichever checkout is on ``sys.path`` (as ``seam_workload.py``)::

    PYTHONPATH=TREE python benchmarks/seam_alike.py --root TREE [--dump F]

It plays the battle twice: to ``seam_workload.ALIKE_UNTIL`` (the stretch the
like-for-like line times; one JSON line with its turns and a digest of its
signatures) and to the end, whose signatures ``--dump`` writes, one a line.
:func:`first_difference` of the two trees' dumps is how ``ALIKE_UNTIL`` was
found; ``bench_seam.py`` runs this in both trees on every run, compares the
digests and the dumps, and withholds the like-for-like line when the stretch
is no longer alike.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from seam_workload import ALIKE_UNTIL, battle_encounter, big_map  # noqa: E402


def _r(x: float) -> float:
    return round(x, 6)


def _legs(legs: Any) -> tuple:
    return tuple((g.kind, tuple(map(_r, g.start)), tuple(map(_r, g.end)), _r(g.t0), _r(g.t1)) for g in legs)


def signature(e: Any) -> tuple | None:
    """What a v1 and a v2 event of the same fight say alike (``None``: nothing both record)."""
    kind = type(e).__name__
    if kind == "Turn":
        return ("turn", _r(e.t), e.who, e.round, e.actions)
    if kind == "Move":
        return ("move", _r(e.t), e.who, _legs(e.legs), _r(e.metres))
    if kind == "Say":
        return ("say", _r(e.t), e.who, e.text)
    if kind == "Attack":
        roll = e.roll
        die = roll.die if hasattr(roll, "die") else tuple(roll.faces)
        if isinstance(die, int):
            die = (die,)
        harm = {"damage": e.damage, "stun": e.stun} if hasattr(e, "damage") else dict(e.harm)
        harm = tuple(sorted((k, v) for k, v in harm.items() if v))
        return ("attack", _r(e.t), e.who, e.target, e.action, e.weapon, die, roll.total, e.hit, harm,
                _r(e.distance), _r(e.charge_m))
    if kind == "Damage":  # v1
        return ("harm", _r(e.t), e.who, e.total_stun, e.total_damage, e.health)
    if kind == "Harm":  # v2
        return ("harm", _r(e.t), e.who, e.tracks.get("stun", 0), e.tracks.get("damage", 0), e.standing)
    if kind == "State":
        return ("state", _r(e.t), e.who, tuple(sorted((k, repr(v)) for k, v in e.changes.items())))
    return None  # Header, End (the end's reason differs by format), the rest: this battle has none


def signatures(events: list) -> list[tuple]:
    return [s for s in map(signature, events) if s is not None]


def first_difference(a: list, b: list) -> int:
    """The index of the first signature that differs (``min(len)`` when one is a prefix of the other)."""
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return i
    return min(len(a), len(b))


def digest(sigs: list[tuple]) -> str:
    return hashlib.sha256(repr(sigs).encode()).hexdigest()[:16]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=".")
    ap.add_argument("--until", type=float, default=ALIKE_UNTIL)
    ap.add_argument("--dump", help="write every signature of the whole battle (repr, one a line) here")
    a = ap.parse_args()
    from tactics import load_character

    root = Path(a.root)
    steven = load_character(root / "assets/characters/steven.toml")
    clone = load_character(root / "assets/characters/clone.toml")
    tmap = big_map()
    sigs = signatures(battle_encounter(tmap, steven, clone).run(until=a.until).events)
    if a.dump:
        whole = signatures(battle_encounter(tmap, steven, clone).run(until=120).events)
        Path(a.dump).write_text("".join(repr(s) + "\n" for s in whole))
    turns = sum(1 for s in sigs if s[0] == "turn")
    attacks = sum(1 for s in sigs if s[0] == "attack")
    print(json.dumps({"until": a.until, "turns": turns, "attacks": attacks, "signatures": len(sigs),
                      "digest": digest(sigs)}))


if __name__ == "__main__":
    main()
