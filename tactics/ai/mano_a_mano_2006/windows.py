"""Answers to the 2006 ruleset's choice windows, asked in the middle of an attack (``reacting.py``).

``defend`` (I am attacked): every ready point into defense, a parry (1
point, d6 + parry modifier + passive, the defense pool not counted) or a
counter (points to its modifier and power, no more than the attack spent;
its roll replaces my defense roll and the better total lands). ``interfere``
(an ally is attacked and my weapon reaches the attacker): a parry, an
interfering attack, or nothing. Each option is weighed as harm I should
deal minus harm I (or my ally) should take::

    >>> defend_answer(view, window)              # doctest: +SKIP
    ({'reaction': 'counter', 'weapon': 'body', 'modifier': 1, 'power': 2}, 'counter 1/2 (...)')

The window's default carries the attack as the table sees it (its weapon
and the points on its modifier and power: the counters already moved on the
attacker's sheet); without it the modifier is guessed as the best weapon's
attack plus half the points spent.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tactics.rulesets.mano_a_mano_2006.estimates import chances
from tactics.rulesets.mano_a_mano_2006.fighters import best_defense, state_of, weapons_in_hand
from tactics.rulesets.mano_a_mano_2006.ledger import pools_of

from .odds import EVADE_BONUS, absorbed_by, expected_blow, held, reaches

POINT_COST = 0.12
"""What a ready point spent on an interference is worth to its spender (it no longer defends it)."""


def guess_blow(view: Any, attacker: Any, victim: Any, points: int,
               seen: dict[str, Any] | None = None) -> tuple[int, Any, int]:
    """``(modifier, weapon, power points)`` of the attack: as ``seen`` (the window's ``attack``) when
    given, else its weapon that reaches with the best attack and half its points to the modifier."""
    if seen:
        w = next((w for w in weapons_in_hand(attacker) if w.name == seen.get("weapon")), None)
        if w is not None:
            return w.attack + int(seen.get("modifier", 0)) - held(attacker), w, int(seen.get("power", 0))
    ws = [w for w in weapons_in_hand(attacker) if reaches(view, attacker, victim, w, slack=0.5)]
    w = max(ws or weapons_in_hand(attacker), key=lambda w: (w.attack, w.power))
    m = (points + 1) // 2
    return w.attack + m - held(attacker), w, max(0, points - m)


def _passive(u: Any) -> int:
    st = state_of(u)
    return (EVADE_BONUS if st.evading else 0) + (4 if st.turn < 0 and st.opening_evade else 0)


DEFEND_MEMORY = 20_000
"""How many :func:`defend_options` answers the scenario-shared cache keeps (all are forgotten when full)."""


def defend_options(view: Any, me: Any, attacker: Any, ready: int, attack_points: int,
                   aggression: float = 1.0, seen: dict[str, Any] | None = None) -> list[tuple[float, Any, str]]:
    """Every answer to a ``defend`` window, weighed, best first: ``(value, answer, words)``. A pure
    function of the numbers it reads (the attack's, my pools and passive bonus, my weapons and whether
    each reaches, both armours), kept in the scenario-shared cache: a long duel asks the same few
    questions again (each answer handed out is a fresh copy)."""
    return [(v, dict(a), words) for v, a, words in _kept_defend_options(view, me, attacker, ready, attack_points,
                                                                        aggression, seen)]


def _kept_defend_options(view: Any, me: Any, attacker: Any, ready: int, attack_points: int, aggression: float,
                         seen: dict[str, Any] | None) -> list[tuple[float, Any, str]]:
    """:func:`defend_options` as kept (not to be changed: hand out copies)."""
    a_mod, aw, a_pow = guess_blow(view, attacker, me, attack_points, seen)
    key = (a_mod, aw.power, aw.sharpness, a_pow, ready, attack_points, aggression, pools_of(me).defense,
           best_defense(me).defense, _passive(me), held(me), absorbed_by(view, me), absorbed_by(view, attacker),
           tuple((w.name, w.attack, w.power, w.sharpness, w.parry, w.is_missile,
                  not w.is_missile and reaches(view, me, attacker, w)) for w in weapons_in_hand(me)))
    memo = view.shared.get("2006 defend options")
    if memo is None or len(memo) >= DEFEND_MEMORY:
        memo = view.shared["2006 defend options"] = {}
    got = memo.get(key)
    if got is None:
        got = memo[key] = _defend_options(view, me, attacker, ready, attack_points, aggression, a_mod, aw, a_pow)
    return got


def _defend_options(view: Any, me: Any, attacker: Any, ready: int, attack_points: int, aggression: float,
                    a_mod: int, aw: Any, a_pow: int) -> list[tuple[float, Any, str]]:
    """:func:`defend_options` worked out, the attack guessed (:func:`guess_blow`)."""
    blow = expected_blow(view, aw, a_pow, me, 1.0, 0.0)
    out = []
    p = pools_of(me)
    pen = held(me)
    d_all = p.defense + ready + best_defense(me).defense + _passive(me) - pen
    pf, ph = chances(a_mod, d_all)
    out.append((-(pf * blow + ph * blow / 2), {"reaction": "defense", "points": ready},
                f"all {ready} ready into defense (hit {pf + ph:.0%})"))
    if ready >= 1:
        pw = max((w for w in weapons_in_hand(me) if not w.is_missile), key=lambda w: w.parry, default=None)
        if pw is not None and pw.parry > 0:
            d_p = pw.parry + _passive(me) - pen
            pf, ph = chances(a_mod, d_p)
            out.append((-(pf * blow + ph * blow / 2) - 0.05, {"reaction": "parry", "weapon": pw.name},
                        f"parry with {pw.name} (hit {pf + ph:.0%})"))
    for w, m, pw_ in _blows(view, me, attacker, min(ready, max(1, attack_points))):
        mine = w.attack + m - pen
        af, ah = chances(a_mod, mine)          # the attack beats (or ties) the counter
        cf, _ = chances(mine, a_mod)           # the counter beats the attack
        mine_harm = expected_blow(view, w, pw_, attacker, cf, ah)
        value = aggression * mine_harm - (af * blow + ah * blow / 2) - 0.02 * (m + pw_)
        out.append((value, {"reaction": "counter", "weapon": w.name, "modifier": m, "power": pw_},
                    f"counter with {w.name} {m}/{pw_} (hit {af + ah:.0%}, lands {cf + ah:.0%})"))
    out.sort(key=lambda o: -o[0])
    return out


def _blows(view: Any, me: Any, attacker: Any, cap: int) -> Iterator[tuple[Any, int, int]]:
    """Each hand-to-hand weapon of ``me`` that reaches ``attacker``, with each split of at most
    ``cap`` points between modifier and power (at least one point)."""
    for w in weapons_in_hand(me):
        if w.is_missile or not reaches(view, me, attacker, w):
            continue
        for m in range(0, cap + 1):
            for pw_ in range(0, cap - m + 1):
                if m + pw_ >= 1:
                    yield w, m, pw_


def interfere_options(view: Any, me: Any, attacker: Any, ally: Any | None, ready: int, attack_points: int,
                      aggression: float = 1.0, seen: dict[str, Any] | None = None) -> list[tuple[float, Any, str]]:
    """Every answer to an ``interfere`` window, weighed, best first (doing nothing is worth 0)."""
    victim = ally or me
    a_mod, aw, a_pow = guess_blow(view, attacker, victim, attack_points, seen)
    blow = expected_blow(view, aw, a_pow, victim, 1.0, 0.0)
    hits = sum(chances(a_mod, victim.tracks.get("defense", 0) + best_defense(victim).defense))
    out: list[tuple[float, Any, str]] = [(0.0, {"reaction": "none"}, "lets it be")]
    pen = held(me)
    if ready >= 1:
        for w in weapons_in_hand(me):
            if w.is_missile or w.parry <= 0 or not reaches(view, me, attacker, w):
                continue
            pf, _ = chances(w.parry - pen, a_mod)
            out.append((pf * hits * blow - POINT_COST, {"reaction": "parry", "weapon": w.name},
                        f"parry with {w.name} (stops {pf:.0%})"))
    for w, m, pw_ in _blows(view, me, attacker, min(ready, max(1, attack_points))):
        pf, ph = chances(w.attack + m - pen, a_mod)
        dealt = expected_blow(view, w, pw_, attacker, pf, ph)
        value = aggression * dealt + pf * hits * blow - POINT_COST * (m + pw_)
        out.append((value, {"reaction": "attack", "weapon": w.name, "modifier": m, "power": pw_},
                    f"strike {attacker.name} with {w.name} {m}/{pw_} (stops {pf:.0%})"))
    out.sort(key=lambda o: -o[0])
    return out


def answer(view: Any, window: Any, aggression: float = 1.0) -> Any:
    """The answer to a 2006 choice window (None: the window's default, or a plan window's own)."""
    if getattr(window, "turn", False):
        return None
    if window.kind == "replan":
        return window.plan
    default = window.default if isinstance(window.default, dict) else {}
    me = view.me
    attacker = view.unit(window.actor) if window.actor else None
    if attacker is None:
        return None
    points = int(default.get("attack_points", 1))
    seen = default.get("attack") if isinstance(default.get("attack"), dict) else None
    if window.kind == "defend":
        ready = int(default.get("points", me.tracks.get("ready", 0)))
        best = _kept_defend_options(view, me, attacker, ready, points, aggression, seen)[0]
        return dict(best[1])   # a copy of the kept answer
    if window.kind == "interfere":
        ready = int(me.tracks.get("ready", 0))
        target = seen.get("target") if seen else None
        ally = view.unit(target) if target else _victim(view, attacker, me)
        opts = interfere_options(view, me, attacker, ally, ready, points, aggression, seen)
    else:
        return None
    return opts[0][1]


def _victim(view: Any, attacker: Any, me: Any) -> Any | None:
    """The ally the attacker most likely strikes (the nearest of my side to it)."""
    allies = [a for a in view.allies() if a.id != me.id]
    return min(allies, key=lambda a: view.distance(a, attacker), default=None)


__all__ = ["guess_blow", "defend_options", "interfere_options", "answer"]
