"""Actions that attack nobody (000 · List of Actions · Other Actions, Archery and Marksmanship;
000 · Attacking · Readying Weapons; 000 · Rounds: delaying), and loading guns.

A load puts in ``shots / reload_actions`` rounds; less than one round a load (a musket) adds
up over whole turns::

    >>> from tactics.rulesets.mano_a_mano.sheet import Weapon
    >>> rounds_per_load(Weapon("musket", "gun", shots=1, reload_actions=9)) < 1
    True
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tactics.rules.effects import Effect, Harm, Note, Refused, Status
from tactics.rules.records import Modifier

from .grapple import COVER_REACH_M, COVERERS
from .health import rest


def delay_turn(world: Any, c: Any, step: Any, budget: Any, turn: Any) -> Iterator[Effect]:
    """Delay the turn until just after an ally's (000 · Rounds: to move in formation), before
    moving or acting; the turn comes again at its new slot when that is later this round."""
    sched = world.memo.get("schedule")
    ally = world.unit(step.target or "")
    if turn.used > 0 or budget.done_actions > 0 or turn.reaction:
        yield Refused(c.id, "delay: a turn is delayed before moving or acting")
        return
    if sched is None or ally is None or ally.id == c.id or ally.team != c.team or ally.id not in sched.offsets:
        yield Refused(c.id, f"delay: no ally {step.target!r} to follow")
        return
    before = sched.offsets[c.id]
    after = sched.delay(c.id, ally.id)
    budget.done = True
    budget.delayed = after > before
    yield Note(c.id, f"delays its turn until after {ally.name}'s")


def is_quick(spec: Any, c: Any, step: Any) -> bool:
    """Is this action quick? A load that fills less than one round (a musket's nine loads) takes
    a full turn (000 · Archery and Marksmanship · load)."""
    if spec.name == "load":
        w = gun_of(c, step.weapon)
        if w is not None and (w.reload_actions or 1) > max(w.shots, 1):
            return False
    return spec.quick


def gun_of(c: Any, name: str | None) -> Any:
    ch = c.sheet
    if name:
        try:
            return ch.weapon(name)
        except KeyError:
            return None
    return next((w for w in ch.weapons if w.kind == "gun"), None)


def rounds_per_load(w: Any) -> float:
    """Rounds one load action puts in: ``shots / reload_actions`` (a revolver loaded at once: 6;
    one bullet at a time: 1; a musket: 1/9) (000 · Archery and Marksmanship · load)."""
    return max(w.shots, 1) / max(w.reload_actions, 1)


def other_action(world: Any, c: Any, spec: Any, weapon: Any, step: Any) -> Iterator[Effect]:
    """Actions that attack nobody (000 · List of Actions · Other Actions, Archery and Marksmanship)."""
    changes: dict[str, Any] = {}
    name = spec.name
    st = c.state
    ch = c.sheet
    if name == "drop":
        changes["prone"] = True
    elif name in ("stand", "instant stand"):
        changes["prone"] = False
    elif name == "rest":
        stun = c.tracks["stun"]
        after = rest(stun)
        if after != stun:
            yield Harm(c.id, {"stun": after - stun}, "rest")
    elif name == "aim":
        st.aim_bonus = 5
        changes["aiming"] = True
    elif name == "draw":
        w = weapon or next((w for w in ch.weapons if w.kind == "bow"), None)
        if w is None or not ch.can_draw(w):
            yield Refused(c.id, "draw: no bow this character can draw")
            return
        st.drawn = w.name
        changes["drawn"] = True
    elif name == "unload":
        w = weapon or gun_of(c, None)
        if w is not None:
            st.shots_left[w.name] = 0
            st.loads.pop(w.name, None)
    elif name == "load":
        # each load puts in the rounds one action loads; a musket's ninth load makes one round
        w = weapon or gun_of(c, None)
        if w is None or w.kind != "gun":
            yield Refused(c.id, "load: no gun")
            return
        full = max(w.shots, 1)
        have = st.shots_left.get(w.name, 0)
        if have >= full:
            yield Refused(c.id, f"load: {w.name} is already loaded")
            return
        n = st.loads.get(w.name, 0) + 1
        per = rounds_per_load(w)
        got = int(n * per + 1e-9)
        if got >= 1:
            st.shots_left[w.name] = min(full, have + got)
            st.loads.pop(w.name, None)
        else:
            st.loads[w.name] = n
        left = st.shots_left.get(w.name, 0)
        yield Note(c.id, f"loads {w.name}: {left}/{full} rounds" + (f" ({n}/{w.reload_actions} load actions)"
                                                                 if got < 1 else ""))
    elif name == "ready weapon":
        # 000 · Attacking · Readying Weapons: a quick action draws a weapon or picks a dropped one up
        w = weapon or next((w for w in ch.weapons if st.out_of_hand.get(w.name) == "dropped"), None)
        if w is None:
            yield Refused(c.id, "ready weapon: nothing to ready")
            return
        if st.out_of_hand.get(w.name) == "taken":
            yield Refused(c.id, f"ready weapon: {w.name} was taken")
            return
        st.out_of_hand.pop(w.name, None)
        yield Note(c.id, f"readies {w.name}")
    elif name == "let go":
        # DECISIONS · More rulings · Grapple release: either grappler may let go as a quick action
        if c.partner is None:
            yield Refused(c.id, "let go: not grappling")
            return
        other = c.partner
        yield Status(other, {"partner": None, "role": None})
        changes.update(partner=None, role=None)
    elif name == "cover":
        target = world.unit(step.target or "")
        if target is None or target.id == c.id or target.team != c.team or not target.able:
            yield Refused(c.id, f"cover: no ally {step.target!r} to cover")
            return
        if world.distance(c, target) > COVER_REACH_M + 1e-9:
            yield Refused(c.id, f"cover: {target.name} is beyond {COVER_REACH_M:.0f} m")
            return
        if st.covering is None:
            world.memo["covering"] = world.memo.get("covering", 0) + 1
            world.memo.setdefault(COVERERS, {})[c.id] = c  # who may cover: what cover_of looks through
        st.covering = step.target
        changes["covering"] = step.target
    if spec.defense_bonus_until_next_turn:
        st.defense_bonus.append(Modifier(name, spec.defense_bonus_until_next_turn))
        changes["defense_bonus"] = st.defense_bonus_total()
    if changes:
        yield Status(c.id, changes)
