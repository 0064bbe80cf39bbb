"""Made-up fights for the viewer's tests, benchmark and demos — no engine needed.

    >>> header, events = synthetic_fight(units=4, cols=16, rows=12, duration=5.0)
    >>> header.roster[0].team, len(events) > 10
    ('red', True)

The events follow the replay schema (``tactics.replay.schema``) and look like
a fight — units walk toward the enemy, attack, take damage, fall, jump, fly and
talk — but nothing here follows the rules: it only exercises the drawing.
"""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np

from tactics.replay.schema import (
    Attack,
    BarInfo,
    End,
    Event,
    Fall,
    Fly,
    Harm,
    Header,
    Jump,
    LegRec,
    Move,
    Presentation,
    RollRec,
    Say,
    StandingInfo,
    State,
    StatusIcon,
    TrackInfo,
    Turn,
    UnitInfo,
)

TEAMS = ("red", "blue", "green", "yellow")

PRESENTATION = Presentation(
    tracks=[TrackInfo("fatigue", 14, role="temporary"), TrackInfo("wounds", 14, role="harm")],
    standings=[StandingInfo("fit", True), StandingInfo("hurt", True), StandingInfo("down", False)],
    bar=BarInfo(segments=["wounds", "fatigue"], max=14, marks=[("threshold", 7)]),
    statuses=[StatusIcon("prone", "prone", "on the ground"), StatusIcon("partner", "grapple", "grappling")],
)
"""A made-up two-track fighter (the same bar shape as the first ruleset's)."""

LEGEND: dict[str, Any] = {}
"""Extra legend entries on top of the map layer's DEFAULT_LEGEND
(``.`` floor, ``#`` wall 4 m, ``~`` water, ``_`` gap, ``^`` cliff, ``H`` ladder,
``|`` rope, ``%`` rubble)."""

LIGHT_CHAR = {"bright": "b", "dim": "d", "dark": "k"}


def map_dict(
    rows: list[str],
    legend: dict[str, Any] | None = None,
    cell_size: float = 2.0,
    heights: Any = None,
    light: Any = None,
    name: str = "synthetic",
) -> dict[str, Any]:
    """A header ``map`` dict: ``TacticalMap.from_grid(...).to_dict()``.

    ``heights`` is rows×cols ground heights (m); ``light`` rows×cols of
    ``"bright"``/``"dim"``/``"dark"`` (or the map layer's light lines).
    """
    from tactics.map import TacticalMap

    light_lines = None
    if light is not None:
        arr = np.asarray(light, dtype=object)
        if arr.ndim == 2:
            light_lines = ["".join(LIGHT_CHAR.get(str(v), str(v)) for v in row) for row in arr]
        else:
            light_lines = list(light)
    m = TacticalMap.from_grid(
        rows, legend=dict(legend or LEGEND), cell_size=cell_size,
        heights=None if heights is None else np.asarray(heights, dtype=float), light=light_lines, name=name,
    )
    return m.to_dict()


def battlefield(cols: int, rows: int, seed: int = 0) -> tuple[list[str], np.ndarray, np.ndarray]:
    """An ASCII grid with some of everything, its ground heights and its light."""
    rng = random.Random(seed)
    g = [["."] * cols for _ in range(rows)]
    heights = np.zeros((rows, cols))
    light = np.full((rows, cols), "bright", dtype=object)
    # a hill in the middle
    yy, xx = np.mgrid[0:rows, 0:cols]
    heights += 3.0 * np.exp(-(((xx - cols * 0.5) / (cols * 0.2)) ** 2 + ((yy - rows * 0.5) / (rows * 0.2)) ** 2))
    # a few walled buildings with a ladder
    for _ in range(max(1, cols * rows // 900)):
        w, h = rng.randint(3, 7), rng.randint(3, 6)
        c0, r0 = rng.randint(1, max(1, cols - w - 2)), rng.randint(1, max(1, rows - h - 2))
        for r in range(r0, min(rows, r0 + h)):
            for c in range(c0, min(cols, c0 + w)):
                g[r][c] = "#"
        if r0 + h < rows:
            g[r0 + h][c0] = "H"
    # a pond
    pc, pr, pr_ = int(cols * 0.25), int(rows * 0.7), max(1, min(cols, rows) // 10)
    for r in range(max(0, pr - pr_), min(rows, pr + pr_ + 1)):
        for c in range(max(0, pc - pr_), min(cols, pc + pr_ + 1)):
            if (r - pr) ** 2 + (c - pc) ** 2 <= pr_ * pr_:
                g[r][c] = "~"
    # a chasm with a rope
    gc = int(cols * 0.75)
    for r in range(int(rows * 0.2), int(rows * 0.45)):
        g[r][gc] = "_"
    g[int(rows * 0.3)][gc] = "|"
    # rubble and a cliff
    for _ in range(cols * rows // 60):
        r, c = rng.randrange(rows), rng.randrange(cols)
        if g[r][c] == ".":
            g[r][c] = "%"
    for c in range(int(cols * 0.1), int(cols * 0.3)):
        r = int(rows * 0.15)
        if g[r][c] == ".":
            g[r][c] = "^"
    # dark in the north-east, dim ring around it
    light[(yy < rows * 0.4) & (xx > cols * 0.6)] = "dim"
    light[(yy < rows * 0.3) & (xx > cols * 0.7)] = "dark"
    return ["".join(row) for row in g], np.round(heights, 2), light


def synthetic_fight(
    units: int = 20,
    cols: int = 32,
    rows: int = 24,
    duration: float = 30.0,
    seed: int = 0,
    teams: int = 2,
    cell_size: float = 2.0,
    keyframe_every: float = 10.0,
    harm: float = 1.0,
) -> tuple[Header, list[Event]]:
    """A header and events of a made-up fight of ``units`` combatants.

    ``harm`` scales how often a hit hurts: a small value makes a long fight.
    """
    rng = random.Random(seed)
    grid, heights, light = battlefield(cols, rows, seed)
    mapd = map_dict(grid, LEGEND, cell_size, heights, light)
    W, H = cols * cell_size, rows * cell_size
    roster: list[UnitInfo] = []
    pos: dict[str, list[float]] = {}
    team_of: dict[str, str] = {}
    for i in range(units):
        team = TEAMS[i % teams]
        k = i // teams
        side = i % teams
        x = (0.1 + 0.8 * side / max(1, teams - 1)) * W + rng.uniform(-2, 2)
        y = (k + 0.5) / max(1, (units + teams - 1) // teams) * H * 0.9 + H * 0.05
        x, y = min(max(x, 1.0), W - 1.0), min(max(y, 1.0), H - 1.0)
        flying = i % 17 == 5
        uid = f"{team}-{k + 1}"
        z = 6.0 if flying else 0.0
        roster.append(
            UnitInfo(
                id=uid,
                name=f"{team.title()} {k + 1}",
                team=team,
                sheet={"name": f"{team.title()} {k + 1}", "speed": 1, "agility": 2, "strength": 1,
                       "weapons": [{"name": "sword", "power": 5}], "armor": []},
                start=(x, y, z),
                presentation=PRESENTATION,
                policy="aggressive",
                airspeed=10.0 if flying else 0.0,
                flying=flying,
            )
        )
        pos[uid] = [x, y, z]
        team_of[uid] = team
    hurt = {u.id: [0, 0] for u in roster}
    # a dict, not a set: its order (the roster's) is the same in every
    # process, so the nearest foe's ties, and the replay, do not depend on
    # PYTHONHASHSEED
    alive = dict.fromkeys(u.id for u in roster)
    events: list[Event] = []
    t = 0.0
    rnd = 0
    while t < duration and len({team_of[u] for u in alive}) > 1:
        rnd += 1
        for u in roster:
            uid = u.id
            if uid not in alive:
                continue
            tt = round(t + rng.uniform(0.0, 0.9), 3)
            if tt >= duration:
                continue
            events.append(Turn(t=tt, who=uid, round=rnd))
            foes = [v for v in alive if team_of[v] != team_of[uid]]
            if not foes:
                continue
            px, py, pz = pos[uid]
            foe = min(foes, key=lambda v: (pos[v][0] - px) ** 2 + (pos[v][1] - py) ** 2)
            fx, fy, _ = pos[foe]
            d = math.hypot(fx - px, fy - py)
            if d > 1.5:
                step = min(d - 1.2, 6.0)
                nx, ny = px + (fx - px) / d * step, py + (fy - py) / d * step
                kind = "walk"
                if u.flying:
                    kind = "fly"
                elif rng.random() < 0.05:
                    kind = "jump"
                nz = pz
                legs = [LegRec(kind=kind, start=(px, py, pz), end=(nx, ny, nz), t0=tt, t1=tt + 0.6)]
                events.append(Move(t=tt, who=uid, legs=legs, metres=step, budget=6.0))
                if kind == "jump":
                    events.append(Jump(t=tt, who=uid, distance=step, max_distance=6.0, running_start=True,
                                       roll=RollRec(dice="d10", faces=[7], total=9, target=6, success=True)))
                pos[uid] = [nx, ny, nz]
                if rng.random() < 0.08:
                    events.append(Say(t=tt, who=uid, text=f"closing on {foe}"))
            else:
                die = rng.randint(1, 10)
                mod = rng.randint(0, 5)
                diff = rng.randint(4, 11)
                hit = (die + mod > diff or die == 10) and rng.random() < harm
                dmg = rng.randint(1, 6) if hit else 0
                tired = rng.randint(0, 3) if hit else 0
                roll = RollRec(dice="d10", faces=[die], total=die + mod, target=diff, success=hit,
                               mods=[("skill", mod)], target_mods=[("defense", diff)])
                harm_done = {k: v for k, v in (("wounds", dmg), ("fatigue", tired)) if v}
                events.append(Attack(t=tt, who=uid, target=foe, action="strike", weapon="sword", roll=roll,
                                     hit=hit, harm=harm_done,
                                     details=[("power", dmg + 1 if hit else 0), ("armor", 1 if hit else 0)],
                                     distance=d))
                if hit:
                    h = hurt[foe]
                    h[0] += tired
                    h[1] += dmg
                    total = h[0] + h[1]
                    where = "down" if total >= 14 else "hurt" if total >= 7 else "fit"
                    events.append(Harm(t=tt, who=foe, changes=harm_done, tracks={"fatigue": h[0], "wounds": h[1]},
                                       standing=where, source=uid))
                    if where == "down":
                        del alive[foe]
                        fz = pos[foe][2]
                        if fz > 0.5:
                            gx, gy = pos[foe][0], pos[foe][1]
                            events.append(Move(t=tt, who=foe, legs=[LegRec(kind="fall", start=(gx, gy, fz), end=(gx, gy, 0.0), t0=tt, t1=tt + 0.8)]))
                            events.append(Fall(t=tt, who=foe, height=fz, severity="serious", start=(gx, gy, fz),
                                               end=(gx, gy, 0.0), cause="down in flight", harm={"wounds": 2}))
                            events.append(State(t=tt, who=foe, changes={"flying": False}))
                            pos[foe][2] = 0.0
                        events.append(State(t=tt, who=foe, changes={"prone": True, "active": False}))
                elif u.flying and rng.random() < 0.3:
                    events.append(Fly(t=tt, who=uid, ascended=0.0, descended=2.0, airspeed_before=10, airspeed_after=12, z=max(0.0, pz - 2)))
        t += 1.0
    events.sort(key=lambda e: e.t)
    end_t = max(t, events[-1].t if events else 0.0)
    standing = sorted(alive)
    winners = sorted({team_of[u] for u in alive})
    events.append(End(t=end_t, winner=winners[0] if len(winners) == 1 else None,
                      reason="one team left" if len(winners) == 1 else "time", standing=standing))
    header = Header(
        format="tactics-replay", schema=2, tactics_version="0.2.0", seed=seed, ruleset="synthetic",
        options={}, map=mapd, roster=roster, keyframe_every=keyframe_every,
    )
    return header, events
