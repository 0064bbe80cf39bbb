"""The weapon an attack naming none is made with (``resolve.default_weapon``), kept in the fighter's
state while nothing is out of hand or spent: the same weapon as worked out afresh, for every shipped
sheet and attack kind, through throws spent, weapons dropped, taken and picked up again."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace

from tactics import load_character
from tactics.rulesets.mano_a_mano.resolve import DEFAULT_WEAPONS, _default_weapon, default_weapon
from tactics.rulesets.mano_a_mano.state import FighterState

ROOT = Path(__file__).resolve().parents[2]
SHEETS = sorted((ROOT / "assets/characters").glob("*.toml"))
KINDS = tuple(k for k in DEFAULT_WEAPONS if k != "grapple")


def test_kept_default_weapon_is_the_one_worked_out_afresh() -> None:
    rng = random.Random(5)
    asked = kept = 0
    for path in SHEETS:
        ch = load_character(path)
        names = [w.name for w in ch.weapons]
        c = SimpleNamespace(sheet=ch, state=FighterState.of(ch))
        st = c.state
        for _ in range(60):
            roll = rng.random()
            if names and roll < 0.15:
                st.spent.add(rng.choice(names))
            elif names and roll < 0.3:
                st.out_of_hand[rng.choice(names)] = rng.choice(("dropped", "taken"))
            elif roll < 0.55:
                st.spent.clear()
                st.out_of_hand.clear()  # everything back in hand: the kept answers hold again
            for kind in KINDS:
                plain = FighterState.of(ch)
                plain.spent, plain.out_of_hand = set(st.spent), dict(st.out_of_hand)
                want = _default_weapon(ch, kind, plain)
                assert default_weapon(c, kind) is want, (path.stem, kind, st.spent, st.out_of_hand)
                asked += 1
                kept += kind in st.defaults and not st.spent and not st.out_of_hand
    assert asked > 1000 and kept > 300
    assert any(default_weapon(SimpleNamespace(sheet=load_character(p), state=FighterState.of(load_character(p))),
                              "strike") is not None for p in SHEETS)
