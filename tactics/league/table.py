"""A league's results as tables: ratings, the cross table of win rates, the coverage of tactics.

    >>> res = League.from_outcomes(outcomes, boots=200, seed=1)       # doctest: +SKIP
    >>> for table in res.tables(): console.print(table)                 # doctest: +SKIP
    >>> print(res.coverage_markdown("mano-a-mano"))                     # doctest: +SKIP

Policies of different rulesets never meet, so everything is per ruleset.
The cross table's cell (row A, column B) is A's score against B — wins plus
half the draws over the games they played, both sides counted. The coverage
table counts the actions each policy's plans held, per 100 decisions (a
decision is a plan asked for a turn or a reaction turn).
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tactics.league.elo import Rating, ratings
from tactics.league.play import Outcome


@dataclass
class Group:
    """The games of one ruleset, folded."""

    ruleset: str
    ratings: dict[str, Rating]
    score: dict[tuple[str, str], tuple[float, int]]
    """(a, b) -> (points of a against b, games)."""
    decisions: Counter[str] = field(default_factory=Counter)
    acts: dict[str, Counter[str]] = field(default_factory=dict)
    ms: dict[str, float] = field(default_factory=dict)
    """Median milliseconds per decision."""

    @property
    def players(self) -> list[str]:
        return list(self.ratings)

    def rate(self, a: str, b: str) -> float | None:
        pts, n = self.score.get((a, b), (0.0, 0))
        return pts / n if n else None


@dataclass
class League:
    groups: dict[str, Group]
    failures: list[Outcome]
    games: int

    @classmethod
    def from_outcomes(cls, outcomes: Sequence[Outcome], boots: int = 200, seed: int = 0) -> League:
        by: dict[str, list[Outcome]] = defaultdict(list)
        failures = [o for o in outcomes if o.error]
        for o in outcomes:
            if not o.error:
                by[o.game.ruleset].append(o)
        groups = {}
        for rs, outs in sorted(by.items()):
            games = [(o.game.first, o.game.second, o.score(o.game.first)) for o in outs]
            score: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0.0, 0])
            decisions: Counter[str] = Counter()
            acts: dict[str, Counter[str]] = defaultdict(Counter)
            ms: dict[str, list[float]] = defaultdict(list)
            for o in outs:
                a, b = o.game.first, o.game.second
                for x, y in ((a, b), (b, a)):
                    score[(x, y)][0] += o.score(x)
                    score[(x, y)][1] += 1
                for p, t in o.tallies.items():
                    decisions[p] += t.decisions
                    acts[p].update(t.acts)
                    ms[p].extend(t.ms)
            groups[rs] = Group(rs, ratings(games, boots=boots, seed=seed),
                               {k: (v[0], int(v[1])) for k, v in score.items()}, decisions, dict(acts),
                               {p: statistics.median(v) for p, v in ms.items() if v})
        return cls(groups, failures, len(outcomes))

    # -- rich tables --------------------------------------------------------
    def tables(self) -> list[Any]:
        out = []
        for g in self.groups.values():
            out += [ratings_table(g), cross_table(g), coverage_table(g)]
        return out

    def coverage_markdown(self, ruleset: str) -> str:
        return coverage_markdown(self.groups[ruleset])


def ratings_table(g: Group) -> Any:
    from rich.table import Table

    t = Table(title=f"{g.ruleset}: Elo (95 % bootstrap interval)", title_justify="left")
    for col in ("policy", "Elo", "interval", "games", "score", "ms/decision"):
        t.add_column(col, justify="left" if col == "policy" else "right")
    for p, r in g.ratings.items():
        ms = g.ms.get(p)
        t.add_row(p, f"{r.elo:.0f}", f"{r.low:.0f}–{r.high:.0f}", str(r.games), f"{r.score:.0%}",
                  "" if ms is None else f"{ms:.2f}")
    return t


def cross_table(g: Group) -> Any:
    """Row against column; the columns are numbered (the rows name them) so the table fits a terminal."""
    from rich.table import Table

    from rich import box

    title = f"{g.ruleset}: score of the row against the column, in % (both sides)"
    t = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 0, 0, 1),
              min_width=len(title))
    t.add_column("", no_wrap=True)
    for i, _ in enumerate(g.players, 1):
        t.add_column(str(i), justify="right", no_wrap=True, min_width=3)
    for i, a in enumerate(g.players, 1):
        cells = []
        for b in g.players:
            r = g.rate(a, b)
            cells.append("·" if a == b else "" if r is None else f"{100 * r:.0f}")
        t.add_row(f"{i:>2} {a}", *cells)
    return t


def coverage_rows(g: Group) -> tuple[list[str], list[list[str]]]:
    """Column names (the actions any policy used) and one row per policy: uses per 100 decisions."""
    actions = sorted({a for c in g.acts.values() for a in c})
    rows = []
    for p in g.players:
        n = g.decisions.get(p, 0)
        c = g.acts.get(p, Counter())
        rows.append([p, str(n)] + [_per100(c[a], n) for a in actions])
    return ["policy", "decisions", *actions], rows


def _per100(k: int, n: int) -> str:
    if not k or not n:
        return ""
    v = 100 * k / n
    return "<1" if v < 0.5 else f"{v:.0f}"


def coverage_table(g: Group) -> Any:
    """A row per policy: its decisions and the tactics it used, most used first (``--markdown`` gives
    the wide table, a column per tactic)."""
    from rich.table import Table

    cols, rows = coverage_rows(g)
    t = Table(title=f"{g.ruleset}: tactics used, per 100 decisions", title_justify="left")
    t.add_column("policy")
    t.add_column("decisions", justify="right")
    t.add_column("tactics (uses per 100 decisions)", ratio=1)
    for r in rows:
        used = sorted(((c, v) for c, v in zip(cols[2:], r[2:]) if v), key=lambda cv: -_value(cv[1]))
        t.add_row(r[0], r[1], ", ".join(f"{c} {v}" for c, v in used) or "-")
    return t


def _value(per100: str) -> float:
    return 0.25 if per100 == "<1" else float(per100)


def coverage_markdown(g: Group) -> str:
    cols, rows = coverage_rows(g)
    lines = ["| " + " | ".join(cols) + " |", "|" + " --- |" * len(cols)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def games_csv(outcomes: Sequence[Outcome]) -> str:
    """One line per game: encounter, ruleset, seed, the two policies, winner, reason, duration, error."""
    import csv
    import io

    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["game", "encounter", "ruleset", "seed_index", "seed", "first", "second", "winner", "reason",
                "duration", "error"])
    for o in outcomes:
        g = o.game
        w.writerow([g.index, g.encounter, g.ruleset, g.seed_index, g.seed, g.first, g.second, o.winner or "",
                    o.reason, f"{o.duration:g}", o.error.splitlines()[0] if o.error else ""])
    return buf.getvalue()


__all__ = ["League", "Group", "ratings_table", "cross_table", "coverage_table", "coverage_rows",
           "coverage_markdown", "games_csv"]
