"""The guard's remembered odds of a blow (tactics/ai/mano_a_mano/lawful.py · blow_odds) answer as attack_odds does."""

from pathlib import Path

from tactics import Encounter, load_character, load_map
from tactics.ai.mano_a_mano.lawful import _NONE, attack_odds, blow_odds
from tactics.sim.plan import Act

ROOT = Path(__file__).resolve().parents[2]


def _duel():
    enc = Encounter(load_map(ROOT / "maps/arena.toml"), seed=3)
    enc.add(load_character(ROOT / "assets/characters/steven.toml"), team="red", policy="advance")
    enc.add(load_character(ROOT / "assets/characters/clone.toml"), team="blue", policy="advance")
    a, b = enc.order[0], enc.order[1]
    return enc.view_for(a), b.id


def test_blow_odds_is_attack_odds_remembered():
    view, target = _duel()
    me = view.me
    weapon = next(w.name for w in me.character.weapons if w.kind in ("natural", "hand"))
    act = Act("quick strike", target=target, weapon=weapon)
    first = blow_odds(view, me, act)
    assert first == attack_odds(view, me, act)
    assert blow_odds(view, me, act) == first  # the second answer from the memo


def test_blow_odds_leaves_other_acts_to_attack_odds():
    view, target = _duel()
    assert blow_odds(view, view.me, Act("aim")) is _NONE
    assert blow_odds(view, view.me, Act("stand up", target=target)) is _NONE
