"""The reader checks what a replay's numbers mean: rolls add up, positions lie on the map.

Rolls of every ruleset's kinds (d20 beat a difficulty, d6 opposed, 4dF
opposed and meet, d100 under and opposed, schema 1 d20) are judged by
:func:`tactics.replay.meaning.roll_problem`; every shipped sample and a
fresh replay of every ruleset still pass ``tactics validate``. The hostile
files are in ``tests/badinput/meaning_cases.py``.
"""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest
from typer.testing import CliRunner

from tactics.cli import app
from tactics.replay import v1
from tactics.replay.meaning import dice_shape, event_checker, map_bounds, roll_problem
from tactics.replay.schema import LegRec, Move, RollRec

ROOT = Path(__file__).resolve().parents[2]


def R(**kw) -> RollRec:
    return RollRec(**{"success": True, **kw})


def bad(r) -> str:
    why = roll_problem(r, {})
    assert why is not None
    return why


D20 = R(dice="d20", faces=[15], total=19, target=12, mods=[("machete", 4)], target_mods=[("defense", 12)])
D6 = R(dice="d6", faces=[5], total=7, mode="opposed", mods=[("blade", 2)], margin=0, result="half",
       vs=R(dice="d6", faces=[3], total=7, success=False, mods=[("guard", 3), ("shield", 1)]))
FUDGE = R(dice="4dF", faces=[1, 1, 0, -1], total=4, mode="opposed", mods=[("Melee", 3)], margin=3,
          vs=R(dice="4dF", faces=[0, 0, -1, 0], total=1, success=False, mode="opposed", mods=[("Block", 2)]))
MEET = R(dice="4dF", faces=[0, 0, 0, -1], total=2, mode="meet", target=2, mods=[("Athletics", 3)],
         target_mods=[("good", 2)], margin=0)
D100 = R(dice="d100", faces=[37], total=37, mode="under", target=55, target_mods=[("Blades", 60), ("dim", -5)],
         margin=37, vs=R(dice="d100", faces=[61], total=61, success=False, mode="under", target=20,
                         target_mods=[("Fray", 20)]))


@pytest.mark.parametrize("roll", [D20, D6, FUDGE, MEET, D100], ids=["d20", "d6", "4dF", "meet", "d100"])
def test_rolls_of_every_kind_that_add_up_pass(roll) -> None:
    assert roll_problem(roll, {}) is None


def test_a_d20_roll_must_add_up() -> None:
    assert "total 20" in bad(msgspec.structs.replace(D20, total=20))
    assert "target 13" in bad(msgspec.structs.replace(D20, target=13))
    assert "success is false" in bad(msgspec.structs.replace(D20, success=False))
    # a natural 20 says otherwise: the verdict is the ruleset's
    nat = R(dice="d20", faces=[20], total=22, target=30, mods=[("x", 2)], tags=["natural 20"])
    assert roll_problem(nat, {}) is None
    assert "1 to 20" in bad(msgspec.structs.replace(D20, faces=[0], total=4))


def test_an_opposed_roll_checks_its_margin_and_the_other_side() -> None:
    assert "margin 1" in bad(msgspec.structs.replace(D6, margin=1))
    assert "the other side's roll: total 8" in bad(
        msgspec.structs.replace(D6, vs=msgspec.structs.replace(D6.vs, total=8), margin=-1))
    assert "-1 to 1" in bad(msgspec.structs.replace(FUDGE, faces=[2, 1, 0, -1], total=5, margin=4))
    # ties and automatic results are the ruleset's: an opposed verdict is not judged
    assert roll_problem(msgspec.structs.replace(D6, success=False), {}) is None


def test_meet_and_under_compare_as_their_modes_say() -> None:
    assert "2 >= 2 is true" in bad(msgspec.structs.replace(MEET, success=False))
    assert "margin 1" in bad(msgspec.structs.replace(MEET, margin=1))
    assert "37 <= 55 is true" in bad(msgspec.structs.replace(D100, success=False))
    assert "0 to 99" in bad(msgspec.structs.replace(D100, faces=[100], total=100))
    assert "total 38" in bad(msgspec.structs.replace(D100, total=38))
    # 00 always succeeds, 99 never: those are doubles, tagged critical, and the tag says otherwise
    assert roll_problem(msgspec.structs.replace(D100, faces=[99], total=99, success=False, margin=None,
                                                tags=["critical"]), {}) is None


def test_notations_with_several_dice_and_a_constant() -> None:
    assert dice_shape("2d10+3") == (2, 1, 10, 3)
    assert roll_problem(R(dice="2d10+3", faces=[4, 9], total=16), {}) is None
    assert "plus the modifiers 3 (16)" in bad(R(dice="2d10+3", faces=[4, 9], total=13))
    assert "2 dice, but 1 faces" in bad(R(dice="2d10", faces=[4], total=4))


def test_schema_1_rolls_are_judged_as_the_d20_rolls_they_migrate_to() -> None:
    good = v1.RollRec(die=15, total=19, difficulty=12, success=True, modifiers=[("skill", 4)],
                      difficulty_mods=[("defense", 12)])
    assert roll_problem(good, {}) is None
    assert "total 18" in bad(msgspec.structs.replace(good, total=18))


def test_positions_are_judged_against_the_headers_map() -> None:
    m = {"map": {"cell_size": 2.0, "grid": ["....", "...."]}}
    bounds = map_bounds(m)
    check = event_checker(Move(t=0, who="a", legs=[]), bounds, {})
    leg = LegRec("walk", (1.0, 1.0, 0.0), (8.9, 4.9, 0.0), 0.0, 1.0)
    assert check(Move(t=0, who="a", legs=[leg])) is None
    off = msgspec.structs.replace(leg, end=(9.5, 1.0, 0.0))
    assert "leg 2 ends at (9.5, 1, 0), off the map (x 0 to 8 m" in check(Move(t=0, who="a", legs=[leg, off]))
    # no grid to measure (a hand-made header): positions are not judged, times still are
    assert map_bounds({}) is None and map_bounds({"map": {"grid": []}}) is None
    unmapped = event_checker(Move(t=0, who="a", legs=[]), None, {})
    assert unmapped(Move(t=0, who="a", legs=[off])) is None
    assert "before it starts" in unmapped(Move(t=0, who="a", legs=[msgspec.structs.replace(leg, t1=-1.0)]))


FRESH = {"mano-a-mano": "arena", "mano-a-mano-2006": "melee2006", "fudge-opposed": "squad",
         "d100-opposed": "firefight"}


def test_the_samples_and_fresh_replays_of_every_ruleset_validate(tmp_path: Path) -> None:
    runner = CliRunner()
    fresh = []
    for ruleset, name in FRESH.items():
        out = tmp_path / f"{name}.jsonl"
        res = runner.invoke(app, ["skirmish", name, "--seed", "5", "--until", "30", "--quiet", "--out", str(out)])
        assert res.exit_code == 0, res.output
        assert f'"ruleset":"{ruleset}"' in out.read_text().partition("\n")[0]
        fresh.append(out)
    files = sorted((ROOT / "replays").glob("*.jsonl")) + sorted((ROOT / "tests/replay/v1").glob("*.jsonl")) + fresh
    res = runner.invoke(app, ["validate", *map(str, files)])
    assert res.exit_code == 0, res.output
    assert res.output.count("OK") == len(files)
