"""What every fudge-opposed policy does the same way: getting out of a pin or a hold, standing up,
clearing a jam, answering the pinner's let-go window, walking into reach, standing off at range.

A policy subclasses :class:`FudgePolicy` and writes ``decide(view, me, enemies)``;
the base class handles the turns that leave no choice first::

    class Guard(FudgePolicy):
        name = "guard"
        def decide(self, view, me, enemies):
            return Plan([], "holding")

The let-go window (002 · Status effects · Pinned: the pinner may let go when
attacked and then defends in full) is answered by :meth:`FudgePolicy.react`:
let go when the harm the full Block or Dodge saves is more than the pin is
worth (the partner's attacks it stops, the allies' free hits on a defenceless
target).
"""

from __future__ import annotations

import math
from typing import Any

from tactics.ai.approach import move_toward
from tactics.ai.fields import movers, reach_field
from tactics.ai.routes import route
from tactics.ai.targets import pick_target
from tactics.rulesets.fudge_opposed import conditions, group
from tactics.rulesets.fudge_opposed.attacks import LET_GO
from tactics.rulesets.fudge_opposed.manoeuvres import HOLD_BREAK
from tactics.rulesets.fudge_opposed.odds import p_at_least, p_beats
from tactics.rulesets.fudge_opposed.ranges import SHORT_RANGE_M
from tactics.rulesets.fudge_opposed.state import is_hidden, status, weapons
from tactics.sim.plan import Act, MoveTo, Plan
from tactics.sim.view import EYE_HEIGHT_DOWN_M, EYE_HEIGHT_M, eye

from .odds import Option, best_weapon, explain, pooled, squad

MELEE_STOP_M = 1.5
"""How close a fighter walks to strike: short range is under 2 m (3-D)."""

FAR_OFF, FAR_OFF_M = 2, 8.0
"""Beyond ``FAR_OFF`` moves plus ``FAR_OFF_M`` metres (flat) no single move arrives in reach:
:func:`~tactics.ai.approach.move_toward` then steers by the team field and says so, and
:func:`close_in` asks it only for the run (two moves)."""


def role(u: Any) -> str | None:
    return conditions.role(status(u))


def round_of(view: Any) -> int:
    """The round the acting fighter is in (its rule state's latest round)."""
    r = getattr(view.me.state, "last_round", None)
    return int(r) if r is not None else int(view.time // view.ruleset.round_seconds)


def before_initiative(view: Any) -> bool:
    """Initiative not rolled yet: the surprise round (take-downs only then)."""
    return getattr(view.me.state, "initiative", None) is None


def focus(view: Any, me: Any, enemies: list[Any]) -> Any:
    """The generic team focus (hurt enemies first)."""
    return pick_target(view, me, enemies)


def in_reach(view: Any, me: Any, target: Any) -> bool:
    return view.distance(me, target) < SHORT_RANGE_M


def close_in(view: Any, me: Any, target: Any, enemies: list[Any], stop: float = MELEE_STOP_M
             ) -> tuple[list[MoveTo], bool] | None:
    """Moves toward ``target`` this turn and whether they end in reach (None: no way there).
    When they do not, the moves are cut to a run (two moves, no action)."""
    if in_reach(view, me, target):
        return [], True
    mv = movers(view, me)
    ok, field = reach_field(view, me, enemies, mv)   # the team field, handed on: move_toward keeps its answers
    if not ok:
        return None
    walk = view.movement(me)
    d = view.flat_distance(me, target)
    if d <= FAR_OFF * walk + FAR_OFF_M:
        r = move_toward(view, me, target, enemies, stop=stop, budget=walk, field=field, mv=mv, distance=d)
        if r is not None and r.arrives and math.dist((*r.end, view.map.ground_height(*r.end)), target.pos) < SHORT_RANGE_M - 0.05:
            return list(r.steps), True
    # (farther off, one move never ends in reach: move_toward only steers by the team field then)
    r = move_toward(view, me, target, enemies, stop=stop, budget=2 * walk, field=field, mv=mv, distance=d)
    if r is None:
        return None
    return list(r.steps), False


def sees_from(view: Any, x: float, y: float, target: Any, low: bool = False) -> bool:
    z = view.map.ground_height(x, y) + (EYE_HEIGHT_DOWN_M if low else EYE_HEIGHT_M)
    return bool(view.map.line_of_sight((x, y, z), eye(target)))


def stand_off(view: Any, me: Any, target: Any, lo: float, hi: float, budget: float | None = None,
              avoid: list[Any] | None = None) -> tuple[list[MoveTo], tuple[float, float]] | None:
    """Moves to a spot ``lo`` .. ``hi`` metres (flat) from ``target`` with a line of sight to it,
    within ``budget`` metres (default one move), keeping clear of ``avoid`` (melee enemies); the
    spot nearest to where ``me`` stands wins. None when there is none."""
    budget = view.movement(me) if budget is None else budget
    low = bool(status(me).get("gone_to_ground") or me.prone)
    d = view.flat_distance(me, target)
    if lo <= d <= hi and sees_from(view, me.x, me.y, target, low) and not _crowded(view, me.x, me.y, avoid):
        return [], (me.x, me.y)
    tmap = view.map
    base = math.atan2(me.y - target.y, me.x - target.x)
    want = min(max(d, lo + 0.5), hi - 0.5)
    cands = []
    for k in range(12):
        a = base + (k + 1) // 2 * (math.pi / 6) * (1 if k % 2 else -1)
        for rad in (want, (lo + hi) / 2):
            x, y = target.x + math.cos(a) * rad, target.y + math.sin(a) * rad
            if not tmap.is_passable(x, y):
                continue
            far = math.hypot(x - me.x, y - me.y)
            if far <= budget + 0.1:
                cands.append((far, x, y))
    cands.sort()
    for far, x, y in cands[:10]:
        if _crowded(view, x, y, avoid) or not sees_from(view, x, y, target, low):
            continue
        r = route(view, me, (x, y), budget=budget)
        if r is not None and r.arrives:
            return list(r.steps), (x, y)
    return None


def _crowded(view: Any, x: float, y: float, avoid: list[Any] | None) -> bool:
    return any(math.hypot(e.x - x, e.y - y) < SHORT_RANGE_M + 0.5 for e in avoid or ())


def break_free_odds(me: Any, partner: Any, held: bool) -> float:
    """P(the pin or hold is gone after one break_free): a pin breaks on a tie or a win; a hold only
    on a win against Strength − 4 (002 · Status effects · Pinned, Held)."""
    mine = me.sheet.skill("Strength")
    theirs = partner.sheet.skill("Strength") + (HOLD_BREAK if held else 0)
    if held:
        return float(p_beats(mine, theirs, crits=False))
    return float(p_beats(mine, theirs - 1, crits=False))


def let_go_pays(saved: float, worth: float, me: Any, partner: Any) -> bool:
    """Let go when the hit points the full defence saves, as a share of ours left, beat what the pin is
    worth this round as a share of the partner's left (a worn pinner lets go sooner)."""
    return saved / max(1, me.tracks.get("hp", 1)) > worth / max(1, partner.tracks.get("hp", 1))


class FudgePolicy:
    """The turns that leave little choice, then :meth:`decide`."""

    name = "fudge"

    def plan(self, view: Any) -> Plan:
        me = view.me
        every = view.enemies()
        enemies = [e for e in every if not is_hidden(e)]
        if not enemies:
            if every:
                return self.unseen(view, me)
            return Plan([], "no enemy left")
        st = status(me)
        r = conditions.role(st)
        if r in ("pinned", "held"):
            partner = view.unit(st["partner"])
            p = break_free_odds(me, partner, r == "held")
            return Plan([Act("break_free")], f"{r} by {partner.name}: break free {p:.0%} (Strength vs Strength"
                                             f"{' − 4' if r == 'held' else ', a tie breaks a pin'})")
        if r == "pinner":
            return self.pinning(view, me, enemies)
        if st.get("prone"):
            return self.when_prone(view, me, enemies)
        if st.get("jammed") or st.get("dropped"):
            jammed = [w for w in conditions.names(st, "jammed") + conditions.names(st, "dropped")]
            if jammed and not [w for w in weapons(me) if w.name != "hands"]:
                return Plan([Act("ready")], f"{', '.join(jammed)} out of use: clearing it (one action)")
        return self.paid(view, me, enemies, st, len(every) - len(enemies))

    def paid(self, view: Any, me: Any, enemies: list[Any], st: dict[str, Any] | None = None, hidden: int = 0) -> Plan:
        """:meth:`decide`, passed through :func:`~.pays.pays` (no shot at poor odds a move would better);
        ``st``: my statuses, ``hidden``: how many enemies hide (left out of ``enemies``), for a policy
        that keeps turns."""
        from .pays import pays  # pays builds on this module's close_in

        return pays(view, me, enemies, self.decide(view, me, enemies))

    def when_prone(self, view: Any, me: Any, enemies: list[Any]) -> Plan:
        """Knocked down: −4 to attacks and Block until it spends an action to stand (002 · Prone)."""
        return Plan([Act("rise")], "prone: standing up (−4 to attacks and Block while down)")

    def unseen(self, view: Any, me: Any) -> Plan:
        """Every enemy left is hidden: full defence (a sneak attack always hits, but a critical
        needs the roll to beat the defence), else wait."""
        if not me.sheet.shield and not status(me).get("full_defence"):
            return Plan([Act("full_defence")], "every enemy is hidden: full defence against the sneak attack")
        return Plan([], "every enemy is hidden: waiting")

    def decide(self, view: Any, me: Any, enemies: list[Any]) -> Plan:  # pragma: no cover - abstract
        raise NotImplementedError

    # -- the pinner -------------------------------------------------------------
    def pin_worth(self, view: Any, me: Any) -> tuple[float, str]:
        """Hit points a pin is worth this round: the allies' extra harm on a target that defends at
        0, and the harm its partner would deal if free."""
        partner = view.unit(status(me)["partner"])
        free_st = {k: v for k, v in status(partner).items() if k not in ("role", "partner")}
        gain = 0.0
        for ally in view.allies():
            if view.distance(ally, partner) > view.movement(ally) + SHORT_RANGE_M:
                continue
            best_gain = 0.0
            for d in {SHORT_RANGE_M / 2, max(SHORT_RANGE_M / 2, view.distance(ally, partner))}:
                pinned = best_weapon(view, ally, partner, d)
                free = best_weapon(view, ally, partner, d, st=free_st)
                if pinned and free:
                    best_gain = max(best_gain, pinned[2] - free[2])
            gain += best_gain
        stopped = best_weapon(view, partner, me, SHORT_RANGE_M / 2, st={})
        stop = stopped[2] if stopped and gain > 0 else 0.0   # alone, a pin only stalls both
        return gain + stop, f"allies +{gain:.1f} hp on a defenceless {partner.name}, stops {stop:.1f} hp"

    def pinning(self, view: Any, me: Any, enemies: list[Any]) -> Plan:
        partner = view.unit(status(me)["partner"])
        worth, why = self.pin_worth(view, me)
        hit = best_weapon(view, me, partner, SHORT_RANGE_M / 2, st={})
        strike_ev = hit[2] if hit else 0.0
        keep = Option(f"keep the pin on {partner.name}", [], 1.0, worth, why)
        go = Option(f"let go and strike {partner.name}", [Act("let_go"), Act("melee", partner.id, hit[0].name)] if hit
                    else [Act("let_go")], hit[1] if hit else 1.0, strike_ev)
        best = keep if keep.value >= go.value and worth > 0.5 else go
        return Plan(best.steps, explain(best, [keep, go], "pinning"))

    # -- the let-go window ----------------------------------------------------------
    def react(self, view: Any, window: Any) -> Any:
        if window.kind != LET_GO:
            return None
        me = view.me
        attacker = view.unit(window.actor) if window.actor else None
        if attacker is None or not role(me):
            return None
        worth, _ = self.pin_worth(view, me)
        free_st = {k: v for k, v in status(me).items() if k not in ("role", "partner")}
        d = view.distance(attacker, me)
        label = window.action or ""
        if label in group.LABEL.values():
            kind = "dogpile" if label == group.LABEL["dogpile"] else "fire"
            n = len(squad(view, attacker))
            w = best_weapon(view, attacker, me, max(d, SHORT_RANGE_M) if kind == "fire" else 1.0)
            if w is None:
                return False
            _, held = pooled(view, attacker, me, w[0], n, kind)
            _, free = pooled(view, attacker, me, w[0], n, kind, st=free_st)
        else:
            held_w = best_weapon(view, attacker, me, d)
            free_w = best_weapon(view, attacker, me, d, st=free_st)
            held = held_w[2] if held_w else 0.0
            free = free_w[2] if free_w else 0.0
            if label not in ("melee", "shoot", "sneak attack"):
                held, free = 1.0, 0.0  # a manoeuvre on a fighter who cannot defend: let go
        return let_go_pays(held - free, worth, me, view.unit(status(me)["partner"]))


__all__ = ["MELEE_STOP_M", "FudgePolicy", "role", "round_of", "before_initiative", "focus", "in_reach", "close_in",
           "sees_from", "stand_off", "break_free_odds", "let_go_pays", "p_at_least"]
