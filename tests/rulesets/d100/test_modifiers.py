"""Target-number modifiers (003 · steps 2-3; DECISIONS-d100 · Attacks, · Time and turns)."""

from __future__ import annotations

import pytest

from tactics.rulesets.d100_opposed.modifiers import attack_mods, defense_mods, defense_skills, range_band, total
from tactics.rulesets.d100_opposed.sheet import Ranges

from .fakes import BLADE, sheet

R = Ranges(short=10, medium=30, long=50, extreme=100)


@pytest.mark.parametrize("d, band", [
    (0.5, ("point-blank", 10)), (2.0, ("point-blank", 10)), (2.01, ("short range", 0)), (10, ("short range", 0)),
    (10.5, ("medium range", -10)), (30, ("medium range", -10)), (50, ("long range", -20)),
    (51, ("extreme range", -30)), (100, ("extreme range", -30)), (100.1, None),
])
def test_range_bands(d: float, band: tuple[str, int] | None) -> None:
    assert range_band(d, R) == band


def _mods(**kw: object) -> list[tuple[str, int]]:
    base = dict(ranged=False, distance=1.0, ranges=None, light="bright", target_prone=False, attacker_prone=False,
                aiming=False, running=False, wounds=0)
    base.update(kw)
    return attack_mods(**base)  # type: ignore[arg-type]


def test_light_at_the_target() -> None:
    assert _mods(light="bright") == []
    assert _mods(light="dim") == [("dim light at the target", -10)]
    assert _mods(light="dark") == [("darkness at the target", -20)]


def test_prone() -> None:
    assert _mods(target_prone=True) == [("prone target", 10)]
    assert _mods(ranged=True, distance=5, ranges=R, target_prone=True) == [("prone target", -10)]
    assert _mods(attacker_prone=True) == [("prone attacker", -20)]
    assert _mods(ranged=True, distance=5, ranges=R, attacker_prone=True) == []


def test_aim_running_wounds() -> None:
    assert _mods(aiming=True) == [("aimed", 10)]
    assert _mods(running=True) == [("running", -10)]
    assert _mods(wounds=2) == [("wounds ×2", -20)]
    assert total([("Melee", 60), *_mods(aiming=True, running=True, wounds=1, light="dim")]) == 40


def test_defense_targets() -> None:
    assert total(defense_mods(("Fray", 40), ranged=True, full_defense=False, running=False, wounds=0)) == 20
    assert total(defense_mods(("Fray", 41), ranged=True, full_defense=False, running=False, wounds=0)) == 20
    assert total(defense_mods(("Fray", 40), ranged=False, full_defense=True, running=True, wounds=1)) == 50


def test_melee_defence_is_the_better_of_fray_and_melee_skills() -> None:
    duelist = sheet(skills={"Fray": 50, "Melee": 65}, weapons=[BLADE])
    assert defense_skills(duelist, ranged=False)[0] == ("Melee", 65)
    assert defense_skills(duelist, ranged=True) == [("Fray", 50)]
    dodger = sheet(skills={"Fray": 60, "Unarmed": 30})
    assert defense_skills(dodger, ranged=False) == [("Fray", 60), ("Unarmed", 30)]
    # no Melee rating and no blade: Melee is not offered; Unarmed (fists) always is
    civ = sheet()
    assert [label for label, _ in defense_skills(civ, ranged=False)] == ["Fray (REF default)", "Unarmed (SOM default)"]
