"""The team lists the referee keeps through a fight's downs are the lists a rebuild would make."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactics import Encounter, load_character
from tactics.map import TacticalMap

ROOT = Path(__file__).resolve().parents[2]


def _rebuilt(enc: Encounter) -> tuple[dict, dict]:
    """Every cached list, worked out afresh from every fighter."""
    teams: dict[str, list[str]] = {}
    for c in enc.order:
        if c.able:
            teams.setdefault(c.team, []).append(c.id)
    enemies = {t: [u for o, us in teams.items() if o != t for u in us] for t in teams}
    return teams, enemies


@pytest.mark.parametrize("seed", range(4))
def test_lists_kept_through_downs_equal_a_rebuild(seed):
    enc = Encounter(TacticalMap.from_grid(["." * 16] * 16, name="open-16"), seed=seed)
    steven = load_character(ROOT / "assets/characters/steven.toml")
    clone = load_character(ROOT / "assets/characters/clone.toml")
    for k, (team, sheet) in enumerate((("red", steven), ("blue", clone), ("green", clone))):
        for i in range(6):
            enc.add(sheet, team, at=(3 + 5 * i, 3 + 12 * k + (i % 2)), policy="brawler")
    downs = 0
    for t in range(1, 60):
        if not enc.run_until(float(t)):
            break
        teams, enemies = _rebuilt(enc)
        downs = sum(1 for c in enc.order if not c.able)
        assert {t: [v.id for v in vs] for t, vs in enc.able_views().items() if vs} == teams
        for team in teams:
            view = enc.view_for(next(c for c in enc.order if c.team == team))
            assert [v.id for v in view.enemies()] == enemies[team]
            me = view.me
            assert [v.id for v in view.allies_near(1000.0)] == [u for u in teams[team] if u != me.id]
    result = enc.run(until=60)
    assert downs > 0  # the lists were kept through downs, not only rebuilt
    assert result.winner in (None, "red", "blue", "green")
    able_teams = {c.team for c in enc.order if c.able}
    if result.winner is not None:
        assert able_teams == {result.winner}


def _tables(enc: Encounter) -> tuple[dict, dict]:
    """The cached team lists and enemy tables (ids, and the rows checked against each fighter's)."""
    teams = {t: [v.id for v in vs] for t, vs in enc.able_views().items() if vs}
    enemies = {}
    for team in teams:
        idx, views = enc._enemy_table(team)
        assert idx.tolist() == [enc.combatants[v.id].row for v in views]
        enemies[team] = [v.id for v in views]
    return teams, enemies


@pytest.mark.parametrize("seed", range(3))
def test_lists_kept_through_rises_equal_a_rebuild(seed):
    """Fighters going down and getting up again, in any order (three teams): the kept lists are put
    back together, not rebuilt, whenever the teams' order cannot change, and always equal a rebuild."""
    import random

    enc = Encounter(TacticalMap.from_grid(["." * 16] * 16, name="open-16"), seed=seed)
    clone = load_character(ROOT / "assets/characters/clone.toml")
    for k, team in enumerate(("red", "blue", "green")):
        for i in range(5):
            enc.add(clone, team, at=(3 + 5 * i, 3 + 5 * k), policy="brawler")
    rng = random.Random(seed)
    kept = 0
    for _ in range(200):
        c = rng.choice(enc.order)
        before = enc.able_views()
        enc.allies_near(c, 1000.0)  # an allies table too
        c.set_standing("injured" if not c.able else "incapacitated")
        enc.health_changed(c)
        kept += enc._able_by_team is before
        assert _tables(enc) == _rebuilt(enc)
        assert [v.id for v in enc.allies_near(c, 1000.0)] == [o.id for o in enc.order
                                                             if o.team == c.team and o.able and o is not c]
    assert kept > 100  # most changes kept the lists (a rise back in place, a down not the first)
