"""Schema 1 to schema 2: every old replay still loads, migrated on read.

Schema 1 was written by tactics 0.1 for Mano a Mano only: one d20 per roll,
``stun`` and ``damage`` on every unit, ``toughness`` and ``stamina`` in the
roster. :func:`migrate` rewrites a decoded schema 1 replay into exactly what
the schema 2 engine writes for the same fight (the regenerated samples are
compared with the migrated old ones), so the fold, the log and the viewer
only ever read schema 2::

    >>> from tactics.replay import v1
    >>> r = v1.RollRec(die=20, total=24, difficulty=12, success=True, modifiers=[("skill", 4)])
    >>> roll(r)
    RollRec(dice='d20', faces=[20], total=24, success=True, mode='beat', target=12, mods=[('skill', 4)], target_mods=[], vs=None, vs_who=None, margin=None, result='', tags=['natural 20'])

The rules of the migration (see ``docs/replay.md``):

- header: schema 2, ``ruleset_version`` "1"; ``options`` keeps the engine's
  (``round_seconds``, ``stall_rounds``, ``keyframe_every``), the rest move to
  ``ruleset_options``; each unit gets the Mano a Mano presentation
  (:func:`mano_presentation`) instead of ``toughness`` and ``stamina``;
- ``damage`` events become ``harm`` events (``changes``, ``tracks``, ``standing``);
- ``stun`` and ``health`` leave ``state`` events: a change of either becomes a
  ``harm`` event just before the state (source ``rest`` when the state also
  sets ``defense_bonus``, else ``recovery``);
- ``state`` keys are renamed in place: ``posture`` -> ``prone`` (a bool),
  ``grapple`` -> ``partner``, ``grapple_role`` -> ``role``, ``counter_ready``
  -> ``prepared`` (``"counter"`` or null);
- attacks and falls carry ``harm`` dicts; attacks ``details`` (power,
  absorbed) and ``reaction`` (``counter``);
- the move a fall ends is put before the fall (and the state and harm it
  brought), where the engine writes it since issue #16.
"""

from __future__ import annotations

from typing import Any

from tactics.replay import schema as s2
from tactics.replay import v1

ENGINE_OPTIONS = ("round_seconds", "stall_rounds", "keyframe_every")
"""Options that stay in the header's ``options``; the others are the ruleset's."""

RULESET_VERSION = "1"


def mano_presentation(toughness: int, stamina: int) -> s2.Presentation:
    """How a Mano a Mano fighter is shown: stun and damage over stamina, a tick at toughness."""
    return s2.Presentation(
        tracks=[s2.TrackInfo("stun", stamina, "temporary"), s2.TrackInfo("damage", stamina, "harm")],
        standings=[
            s2.StandingInfo("healthy", True),
            s2.StandingInfo("injured", True),
            s2.StandingInfo("incapacitated", False),
        ],
        bar=s2.BarInfo(segments=["damage", "stun"], max=stamina, marks=[("toughness", toughness)]),
        statuses=[
            s2.StatusIcon("prone", "prone", "on the ground"),
            s2.StatusIcon("partner", "grapple", "grappling"),
            s2.StatusIcon("prepared", "counter", "counter ready", "counter"),
            s2.StatusIcon("aiming", "aim", "aiming"),
            s2.StatusIcon("drawn", "bow", "bow drawn"),
            s2.StatusIcon("climbing", "climb", "climbing"),
            s2.StatusIcon("defense_bonus", "shield", "defending"),
        ],
    )


def header(h: v1.Header) -> s2.Header:
    options = {k: v for k, v in h.options.items() if k in ENGINE_OPTIONS}
    ruleset_options = {k: v for k, v in h.options.items() if k not in ENGINE_OPTIONS}
    roster = [
        s2.UnitInfo(
            id=u.id,
            name=u.name,
            team=u.team,
            sheet=u.sheet,
            start=u.start,
            presentation=mano_presentation(u.toughness, u.stamina),
            policy=u.policy,
            airspeed=u.airspeed,
            flying=u.flying,
            joins_at=u.joins_at,
        )
        for u in h.roster
    ]
    return s2.Header(
        format=h.format,
        schema=s2.SCHEMA_VERSION,
        tactics_version=h.tactics_version,
        seed=h.seed,
        ruleset=h.ruleset,
        options=options,
        map=h.map,
        roster=roster,
        keyframe_every=h.keyframe_every,
        ruleset_version=RULESET_VERSION,
        ruleset_options=ruleset_options,
    )


def roll(r: v1.RollRec) -> s2.RollRec:
    return s2.RollRec(
        dice="d20",
        faces=[r.die],
        total=r.total,
        success=r.success,
        mode="beat",
        target=r.difficulty,
        mods=list(r.modifiers),
        target_mods=list(r.difficulty_mods),
        tags=["natural 20"] if r.die == 20 else [],
    )


def _opt_roll(r: v1.RollRec | None) -> s2.RollRec | None:
    return None if r is None else roll(r)


def _harm(damage: int, stun: int) -> dict[str, int]:
    out: dict[str, int] = {}
    if damage:
        out["damage"] = damage
    if stun:
        out["stun"] = stun
    return out


_RENAMES = {"posture": "prone", "grapple": "partner", "grapple_role": "role", "counter_ready": "prepared"}


def _state_key(key: str, value: Any) -> tuple[str, Any]:
    if key == "posture":
        return "prone", value == "on_the_ground"
    if key == "counter_ready":
        return "prepared", "counter" if value else None
    return _RENAMES.get(key, key), value


class _Tracker:
    """Each unit's stun, damage and standing as the migration goes (for the harm a state implies)."""

    def __init__(self) -> None:
        self.stun: dict[str, int] = {}
        self.damage: dict[str, int] = {}
        self.standing: dict[str, str] = {}

    def state(self, ev: v1.State) -> list[s2.Event]:
        ch = ev.changes
        who = ev.who
        out: list[s2.Event] = []
        if "stun" in ch or "health" in ch:
            old_stun = self.stun.get(who, 0)
            old_standing = self.standing.get(who, "healthy")
            new_stun = ch.get("stun", old_stun)
            new_standing = ch.get("health", old_standing)
            if new_stun != old_stun or new_standing != old_standing:
                changes = {"stun": new_stun - old_stun} if new_stun != old_stun else {}
                out.append(
                    s2.Harm(
                        t=ev.t,
                        who=who,
                        changes=changes,
                        tracks={"stun": new_stun, "damage": self.damage.get(who, 0)},
                        standing=new_standing,
                        source="rest" if "defense_bonus" in ch else "recovery",
                    )
                )
            self.stun[who] = new_stun
            self.standing[who] = new_standing
        rest = dict(_state_key(k, v) for k, v in ch.items() if k not in ("stun", "health"))
        if rest:
            out.append(s2.State(t=ev.t, who=who, changes=rest))
        return out

    def damage_event(self, ev: v1.Damage) -> s2.Harm:
        self.stun[ev.who] = ev.total_stun
        self.damage[ev.who] = ev.total_damage
        self.standing[ev.who] = ev.health
        return s2.Harm(
            t=ev.t,
            who=ev.who,
            changes=_harm(ev.damage, ev.stun),
            tracks={"stun": ev.total_stun, "damage": ev.total_damage},
            standing=ev.health,
            source=ev.source,
        )


def _leg(leg: v1.LegRec) -> s2.LegRec:
    return s2.LegRec(kind=leg.kind, start=leg.start, end=leg.end, t0=leg.t0, t1=leg.t1)


def _fall_of(out: list[s2.Event], move: s2.Move) -> int | None:
    """Where the move a fall ends goes: before that fall, as the engine writes it since issue #16
    (the fall's harm may leave the unit unable to act, and no move of its own may follow that);
    schema 1 wrote the move after the fall, its state and its harm. None: it stays where it is."""
    if not move.legs or move.legs[-1].kind != "fall":
        return None
    for i in range(len(out) - 1, -1, -1):
        ev = out[i]
        if ev.t != move.t or getattr(ev, "who", None) != move.who or not isinstance(ev, (s2.Fall, s2.State, s2.Harm)):
            return None
        if isinstance(ev, s2.Fall):
            return i
    return None


def events(evs: list[v1.Event]) -> list[s2.Event]:
    """Schema 1 events as schema 2 events (a state may become a harm and a state, or only a harm)."""
    track = _Tracker()
    out: list[s2.Event] = []
    add = out.append
    for ev in evs:
        kind = type(ev)
        if kind is v1.Move:
            move = s2.Move(t=ev.t, who=ev.who, legs=[_leg(x) for x in ev.legs], metres=ev.metres, budget=ev.budget)
            at = _fall_of(out, move)
            if at is None:
                add(move)
            else:
                out.insert(at, move)
        elif kind is v1.Turn:
            add(s2.Turn(t=ev.t, who=ev.who, round=ev.round, actions=ev.actions))
        elif kind is v1.Say:
            add(s2.Say(t=ev.t, who=ev.who, text=ev.text))
        elif kind is v1.Attack:
            add(
                s2.Attack(
                    t=ev.t,
                    who=ev.who,
                    target=ev.target,
                    action=ev.action,
                    weapon=ev.weapon,
                    roll=roll(ev.roll),
                    hit=ev.hit,
                    harm=_harm(ev.damage, ev.stun),
                    details=[("power", ev.power), ("absorbed", ev.absorbed)],
                    distance=ev.distance,
                    light=ev.light,
                    reaction="counter" if ev.counter else "",
                    charge_m=ev.charge_m,
                )
            )
        elif kind is v1.Damage:
            add(track.damage_event(ev))
        elif kind is v1.State:
            out.extend(track.state(ev))
        elif kind is v1.Roll:
            add(s2.Roll(t=ev.t, who=ev.who, purpose=ev.purpose, roll=roll(ev.roll)))
        elif kind is v1.Fall:
            add(
                s2.Fall(
                    t=ev.t,
                    who=ev.who,
                    height=ev.height,
                    severity=ev.severity,
                    start=ev.start,
                    end=ev.end,
                    cause=ev.cause,
                    roll=_opt_roll(ev.roll),
                    harm=_harm(ev.damage, ev.stun),
                    into_water=ev.into_water,
                )
            )
        elif kind is v1.Climb:
            add(s2.Climb(t=ev.t, who=ev.who, surface=ev.surface, metres=ev.metres, roll=_opt_roll(ev.roll),
                         success=ev.success))
        elif kind is v1.Jump:
            add(s2.Jump(t=ev.t, who=ev.who, distance=ev.distance, max_distance=ev.max_distance,
                        running_start=ev.running_start, roll=_opt_roll(ev.roll), success=ev.success))
        elif kind is v1.Fly:
            add(s2.Fly(t=ev.t, who=ev.who, ascended=ev.ascended, descended=ev.descended,
                       airspeed_before=ev.airspeed_before, airspeed_after=ev.airspeed_after, z=ev.z))
        elif kind is v1.End:
            add(s2.End(t=ev.t, winner=ev.winner, reason=ev.reason, standing=list(ev.standing)))
        else:  # pragma: no cover - the v1 union is closed
            raise TypeError(f"not a schema 1 event: {ev!r}")
    return out


def migrate(h: v1.Header, evs: list[v1.Event]) -> tuple[s2.Header, list[s2.Event]]:
    """A decoded schema 1 replay as schema 2 (header and events)."""
    return header(h), events(evs)


__all__ = ["migrate", "header", "events", "roll", "mano_presentation", "ENGINE_OPTIONS", "RULESET_VERSION"]
