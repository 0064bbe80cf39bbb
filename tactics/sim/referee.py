"""The referee: who can still act, the nearest enemy, when the fight is over, stalemates.

Mixed into :class:`~tactics.sim.encounter.Encounter`. Team lists and the end
check are rebuilt only when someone starts or stops being able to act
(:meth:`Referee.health_changed`); the stalemate clock restarts whenever
something moves or attacks (:meth:`Referee.note_activity`)::

    >>> enc.able_views()["red"]                     # doctest: +SKIP
    [<red-1 Steven red at (3.0, 3.0, 0.0) healthy>]
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

from tactics.replay.schema import End

if TYPE_CHECKING:
    from tactics.sim.combatant import Combatant


_add_rows = np.add.reduce
_square = np.square


class Referee:
    """The end check, team lists and stalemates of an encounter."""

    def _referee(self):
        """Ends fights in which nothing happens any more: ``stall_rounds`` whole rounds in a row
        without a move or an attack (rounds counted from 0 at ``[0, round_seconds)``).

        It sleeps until the end of the last of those rounds after the latest
        activity, and looks again when something happened meanwhile: a fight
        that goes on wakes it once every ``stall_rounds`` rounds at most.
        """
        env = self.env
        rs = self.options.round_seconds
        quiet = self.options.stall_rounds
        while self._ended is None:
            a = self._last_activity
            last_round = -1 if a is None else math.floor(a / rs + 1e-9)
            due = (last_round + 1 + quiet) * rs
            if env.now < due - 1e-9:
                yield env.timeout(due - env.now)
                continue
            self._finish(None, self.turns.stall_reason())

    def _init_referee(self) -> None:
        """The referee's caches, all empty (called by the encounter's ``__init__``)."""
        self._health_version = 0
        self._checked_at = -1
        self._able_by_team: dict[str, list[Any]] | None = None
        self._tables_of: list[Any] | None = None
        """The turn order (``self.order``, the very list) the team lists were built in."""
        self._enemy_rows: dict[Any, tuple[np.ndarray, list[Any]]] | None = None
        self._teams_in: set[str] | None = None
        """The teams still in the fight at the last end check (None: work it out from everyone)."""
        self._recheck: set[str] = set()
        self._expected: set[str] = set()
        """Every team of the fight (worked out with :attr:`_teams_in`)."""
        self._moved = 0
        """How many times anyone was placed: :meth:`enemies_near` reuses its last distances while it stands."""
        self._near_memo: tuple | None = None
        self._xyz_cols: tuple[np.ndarray, dict[int, np.ndarray]] | None = None
        """(position table, a fighter's column of it by row) for :meth:`nearest_enemy`, as ``_xy_cols``."""
        self._xy_cols: tuple[np.ndarray, np.ndarray, dict[int, np.ndarray]] | None = None
        """(position table, its x and y rows, a fighter's column of those by row): views made once
        per fighter for :meth:`enemies_near` (made again when the table grows into a new array)."""
        self._order_pos: tuple[list[Any], dict[str, int]] | None = None
        """(turn order, each fighter's place in it): where a fighter who rises again goes back in."""

    def health_changed(self, c: Combatant | None = None) -> None:
        """Someone became able or unable to act: the end check and team lists look again.

        ``c``: who, when the caller knows. A fighter who can no longer act is taken out of the
        team lists as they are (same order, one list walk each) and only its team is looked at
        again at the end check; a 400 v 400 fight rebuilt all of them from all 800 fighters at
        each of its hundreds of downs. Anything else rebuilds them, and so does the down of a
        team's first able fighter in turn order (the teams come in that order: it may change)."""
        self._health_version += 1
        teams = self._able_by_team
        if c is not None and not c.able and teams is not None and self._tables_of is self.order:
            mine = teams.get(c.team)
            # the teams' order is that of their first able member: when that one goes, rebuild
            if mine and mine[0] is not self._views[c.id]:
                self._drop(c, mine)
                return
        elif c is not None and c.able and teams is not None and self._tables_of is self.order and self._rise(c):
            return
        self._able_by_team = None
        self._enemy_rows = None
        self._teams_in = None

    def _drop(self, c: Combatant, mine: list[Any]) -> None:
        """Take ``c`` out of every cached team list (new lists: a caller may hold the old ones);
        ``mine``: its team's list, where it is not the first."""
        v = self._views[c.id]
        teams = self._able_by_team
        assert teams is not None
        if v in mine:
            teams[c.team] = [u for u in mine if u is not v]
        rows = self._enemy_rows
        if rows:
            for key, (idx, views) in list(rows.items()):
                if v in views:
                    i = views.index(v)
                    rows[key] = (np.delete(idx, i), views[:i] + views[i + 1:])
        self._recheck.add(c.team)

    def _rise(self, c: Combatant) -> bool:
        """Put ``c``, able to act again, back in every cached team list at its place in turn order
        (new lists, as :meth:`_drop`); False, with nothing changed, when it would come before its
        team's first able fighter or its team has none (the teams' order may change: rebuild).
        A 100 v 100 brawl saw some 130 fighters rise, each a rebuild of every list from everyone."""
        teams = self._able_by_team
        assert teams is not None
        mine = teams.get(c.team)
        got = self._order_pos
        if got is None or got[0] is not self.order:
            got = self._order_pos = (self.order, {o.id: i for i, o in enumerate(self.order)})
        pos = got[1]
        here = pos[c.id]
        if not mine or here < pos[mine[0].id]:
            return False
        v = self._views[c.id]
        i = len(mine)
        while pos[mine[i - 1].id] > here:  # (the first one is before c)
            i -= 1
        teams[c.team] = mine[:i] + [v] + mine[i:]
        rows = self._enemy_rows
        for key, (idx, views) in list(rows.items()) if rows else ():
            if type(key) is tuple:  # ("allies", team): that team's list
                at = i if key[1] == c.team else -1
            elif key != c.team:  # a team's enemies: every other team's list, in the teams' order
                at = 0
                for t, vs in teams.items():
                    if t == c.team:
                        at += i
                        break
                    if t != key:
                        at += len(vs)
            else:
                at = -1
            if at >= 0:
                rows[key] = (np.insert(idx, at, c.row), views[:at] + [v] + views[at:])
        alone = getattr(self.rules, "acts_alone", None)
        if self._teams_in is not None and (alone is None or alone(c.sheet)):
            self._teams_in.add(c.team)
        return True

    def place(self, c: Combatant, p: tuple[float, float, float]) -> None:
        """Put ``c`` at ``p``: the one way positions change during a fight."""
        c.x, c.y, c.z = p
        if self._xyz_live:  # (not in a duel: no query reads the table, Encounter._xyz_live)
            xyz, r = self._xyz, c.row
            xyz[0, r], xyz[1, r], xyz[2, r] = p  # three scalar stores: cheaper than one column store
        self._moved += 1
        if self._passengers:
            self.carry_along(c, p)  # a carried unit and its carrier move together (tactics.sim.carrying)

    def _enemy_table(self, team: str) -> tuple[np.ndarray, list[Any]]:
        """(rows in the position table, views) of the able enemies of ``team``, in turn order (cached until
        health changes): the same list and order as ``View.enemies()``."""
        rows = self._enemy_rows
        if rows is None:
            rows = self._enemy_rows = {}
        got = rows.get(team)
        if got is None:
            views = [v for t, vs in self.able_views().items() if t != team for v in vs]
            got = rows[team] = (self._rows_of(views), views)
        return got

    def _rows_of(self, views: list[Any]) -> np.ndarray:
        """The rows in the position table of the fighters of ``views`` (a method of its own: a
        comprehension over ``self`` in the callers would make it a closure cell at every call)."""
        by_id = self.combatants
        return np.array([by_id[v.id].row for v in views], dtype=np.intp)

    def nearest_enemy(self, c: Any) -> Any:
        """The able enemy of ``c`` closest in 3-D, or None (ties: the earlier in turn order)."""
        rows = self._enemy_rows
        got = rows.get(c.team) if rows is not None else None  # the table kept (else _enemy_table builds it)
        idx, views = got if got is not None else self._enemy_table(c.team)
        if len(views) <= 1:
            return views[0] if views else None
        xyz = self._xyz
        got = self._xyz_cols
        if got is None or got[0] is not xyz:
            got = self._xyz_cols = (xyz, {})
        mine = got[1].get(c.row)
        if mine is None:
            mine = got[1][c.row] = xyz[:, c.row:c.row + 1]  # a live view: its (x, y, z) as a column
        # the coordinates as three rows (x, y, z of each enemy): every numpy step below then runs one
        # long inner loop per coordinate instead of a 3-long one per enemy; the sums are the same
        # ((dx² + dy²) + dz², in that order), so is the nearest (argmin: the first of equals)
        d = xyz.take(idx, 1)
        d -= mine
        _square(d, d)  # d *= d, the same products, without the in-place operator's dispatch
        return views[int(_add_rows(d, 0).argmin())]  # d.sum(0) without numpy's Python wrapper

    def enemies_near(self, c: Any, slack: float, within: float = 0.0) -> list[Any]:
        """The able enemies of ``c`` whose flat distance is at most the nearest one's plus ``slack``, or at
        most ``within``, in turn order (a numpy pass over the position table; the bounds are widened by
        a micrometre, so a caller that measures again with ``math.hypot`` loses no enemy to rounding)."""
        views, picked = self.near_enemy_places(c, slack, within)
        if picked is None:
            return list(views)
        get = views.__getitem__  # (no comprehension over ``views``: it would be a closure cell every call)
        return list(map(get, picked))

    def near_enemy_places(self, c: Any, slack: float, within: float = 0.0) -> tuple[list[Any], list[int] | None]:
        """:meth:`enemies_near` as (the enemy table's views, the places in it of those near, in order;
        None: all of them), for a caller that reads more of each than its view
        (:meth:`tactics.sim.view.View.near_placed`)."""
        rows = self._enemy_rows
        got = rows.get(c.team) if rows is not None else None  # the table kept (else _enemy_table builds it)
        idx, views = got if got is not None else self._enemy_table(c.team)
        if len(views) <= 1:
            return views, None
        memo = self._near_memo
        if memo is not None and memo[0] is c and memo[1] == self._moved and memo[2] is idx:
            d2, nearest = memo[3], memo[4]  # asked again before anyone moved (a policy's second look)
        else:
            got = self._xy_cols
            if got is None or got[0] is not self._xyz:
                xyz = self._xyz
                got = self._xy_cols = (xyz, xyz[:2], {})  # x and y rows only (a flat distance)
            _, xy, cols = got
            mine = cols.get(c.row)
            if mine is None:
                mine = cols[c.row] = xy[:, c.row:c.row + 1]  # a live view: its (x, y) as a column
            d = xy.take(idx, 1)
            d -= mine
            d *= d
            d2 = d[0]
            d2 += d[1]  # dx² + dy², the same sums as in nearest_enemy (one add, not a reduce: -9 k instructions)
            nearest = math.sqrt(d2[d2.argmin()])  # argmin (the first of equals) and a look: cheaper than a min reduce
            self._near_memo = (c, self._moved, idx, d2, nearest)
        bound = max(nearest + slack, within) + 1e-6
        return views, (d2 <= bound * bound).nonzero()[0].tolist()

    def allies_near(self, c: Any, within: float) -> list[Any]:
        """The able allies of ``c`` (not ``c`` itself) at most ``within`` metres away in 3-D, in turn
        order: the same as filtering ``View.allies()``, by a numpy pass over the position table (the
        bound is widened by a micrometre: a caller that measures again loses no ally to rounding)."""
        rows = self._enemy_rows
        if rows is None:
            rows = self._enemy_rows = {}
        key = ("allies", c.team)
        got = rows.get(key)  # type: ignore[call-overload]
        if got is None:
            views = self.able_views().get(c.team, [])
            got = rows[key] = (self._rows_of(views),  # type: ignore[index]
                               views)
        idx, views = got
        # plain loops, no comprehension over this frame's names (each would be a closure cell every call)
        me = c.id
        out = []
        if len(views) <= 1:
            for v in views:
                if v.id != me:
                    out.append(v)
            return out
        d = self._xyz.take(idx, 1)  # x, y, z as rows (as in nearest_enemy): the same sums
        d -= self._xyz[:, c.row, None]
        d *= d
        bound = within + 1e-6
        for i in (_add_rows(d, 0) <= bound * bound).nonzero()[0].tolist():
            v = views[i]
            if v.id != me:
                out.append(v)
        return out

    def able_views(self) -> dict[str, list[Any]]:
        """Views of the combatants able to act, by team, in turn order (cached until health changes)."""
        teams = self._able_by_team
        if teams is None:
            teams = {}
            for c in self.order:
                if c.able:
                    teams.setdefault(c.team, []).append(self._views[c.id])
            self._able_by_team = teams
            self._tables_of = self.order
        return teams

    def note_activity(self) -> None:
        """Something moved or attacked now (the referee's stalemate clock starts again)."""
        self._last_activity = self.env.now

    def _check(self) -> None:
        """After every turn: scripted conditions, then whether the fight is over: a team is still in
        it while one of its members is able to act and, when the ruleset says (``acts_alone(sheet)``),
        can act on its own (a driverless vehicle does not keep its team in the fight)."""
        if self._ended is not None:
            return
        for w in self._watches:
            if w.done:
                continue
            if w.cond(self):
                w.fn(self)
                if w.once:
                    w.done = True
        if self._checked_at == self._health_version:
            return
        self._checked_at = self._health_version
        alone = getattr(self.rules, "acts_alone", None)  # optional: a vehicle never acts by itself
        teams = self._teams_in
        if teams is None:
            teams = self._teams_in = {c.team for c in self.order if c.able and (alone is None or alone(c.sheet))}
            self._expected = {c.team for c in self.order}
        else:  # only the teams someone left since the last check can have dropped out
            for team in self._recheck:
                if not any(c.team == team and c.able and (alone is None or alone(c.sheet)) for c in self.order):
                    teams.discard(team)
        self._recheck.clear()
        expected = self._expected
        if len(expected) >= 2 and len(teams) <= 1:
            if teams:
                (winner,) = teams
                losers = sorted(expected - teams)
                self._finish(winner, f"{', '.join(losers)} cannot act any more")
            else:
                self._finish(None, "nobody can act any more")

    def _finish(self, winner: str | None, reason: str) -> None:
        if self._ended is not None:
            return
        standing = [c.id for c in self.order if c.able]
        self._ended = End(t=self.env.now, winner=winner, reason=reason, standing=standing)
        self.record(self._ended)
        if self._end_event is not None and not self._end_event.triggered:
            self._end_event.succeed()
