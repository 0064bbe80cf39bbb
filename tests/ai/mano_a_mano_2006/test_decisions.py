"""Single decisions of the 2006 policies, from set-up positions: when to spend, when to hold back."""

from __future__ import annotations

from pathlib import Path

from tactics import Encounter
from tactics.ai.mano_a_mano_2006 import Duelist, Guard
from tactics.rulesets.mano_a_mano_2006 import load_sheet
from tactics.scenario import map_for
from tactics.sim.plan import Act, MoveTo

SHEETS = Path(__file__).resolve().parents[3] / "assets" / "characters" / "mam2006"


def view_of(a: str, b: str, gap: float = 0.5, b_tracks: dict | None = None):
    """``a`` (red, the one deciding) at the arena's centre, ``b`` (blue) ``gap`` metres east."""
    enc = Encounter(map_for("arena"), seed=1, ruleset="mano-a-mano-2006")
    enc.add(load_sheet(SHEETS / f"{a}.toml"), team="red", at=(19.0, 13.0), id="a", policy="passive")
    enc.add(load_sheet(SHEETS / f"{b}.toml"), team="blue", at=(19.0 + gap, 13.0), id="b", policy="passive")
    if b_tracks:
        enc.combatants["b"].tracks.update(b_tracks)
    return enc.view_for(enc.combatants["a"])


def spent(plan) -> int:
    acts = [s for s in plan.steps if isinstance(s, Act)]
    return sum(sum((a.options or {}).values()) + (a.action in ("evade", "defend")) for a in acts)


def test_a_hopeless_swing_is_held_back() -> None:
    # the bare clone (+2) against the shield bearer's 5 ready points and great shield (+3): it keeps its points
    plan = Duelist().plan(view_of("clone", "shield_bearer"))
    assert all(isinstance(s, Act) and s.action == "evade" for s in plan.steps)
    assert plan.reason.startswith(("keeps", "evades")) and "; weighed: " in plan.reason


def test_a_defenseless_target_gets_power() -> None:
    # the clone with nothing in ready or defense: Modre puts most of his points into power
    plan = Duelist().plan(view_of("modre", "clone", b_tracks={"ready": 0, "defense": 0, "other": 6}))
    (act,) = plan.steps
    assert act.action in ("attack", "defend") and act.target == "b" and act.weapon == "Ice Blade"
    assert act.options["power"] > act.options["modifier"] and spent(plan) <= 6
    assert "hits " in plan.reason and "%" in plan.reason


def test_closing_in_pays_the_strides_and_strikes_with_the_rest() -> None:
    plan = Duelist().plan(view_of("modre", "clone", gap=5.0))
    moves = [s for s in plan.steps if isinstance(s, MoveTo)]
    assert moves and plan.reason.startswith("closes on Clone")
    acts = [s for s in plan.steps if isinstance(s, Act)]
    assert len(acts) <= 1 and spent(plan) <= 6 - 4          # 4 m at least, a point a 1 m stride


def test_the_guard_keeps_more_back_than_the_duelist() -> None:
    v = view_of("swordsman", "shield_bearer", gap=0.6)
    assert spent(Guard().plan(v)) <= spent(Duelist().plan(v))
