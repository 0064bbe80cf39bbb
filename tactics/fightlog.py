"""A fight on the terminal: the round-by-round log in team colours, and the final table.

Both read a replay (header and events) only, through :mod:`tactics.log`, so
``tactics skirmish`` prints the same words the viewer's log panel shows; the
final table's columns are the tracks of the roster's presentations.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

TEAM_STYLES = {"red": "bold red", "blue": "bold blue", "green": "bold green", "yellow": "bold yellow"}


def _team_style(team: str) -> str:
    return TEAM_STYLES.get(team, "bold magenta")


def print_log(header: Any, events: list[Any], reasons: bool = False, detail: bool = False,
              out: Console | None = None) -> None:
    """The round-by-round log of a replay's events."""
    from tactics.log import FightLog

    out = out or Console(highlight=False)
    log = FightLog(header, events)
    current = None
    for line in log.lines(reasons=reasons, detail=detail):
        if line.round != current:
            current = line.round
            out.rule(f"round {line.round}", style="dim", align="left")
        style = {"down": "bold", "reason": "dim", "recover": "green"}.get(line.kind, "")
        text = Text(f"{line.t:6.2f}s  ", style="dim")
        text.append(line.text, style=style)
        team = line.team
        name = log.label(line.who) if line.who else ""
        if name and line.text.startswith(name):
            text.stylize(_team_style(team), 9, 9 + len(name))
        elif line.text.startswith("counter: ") and name:
            text.stylize(_team_style(team), 18, 18 + len(name))
        out.print(text, soft_wrap=True)


def final_table(header: Any, events: list[Any]) -> Table:
    from tactics.log import final_rows

    table = Table(title="Final state", title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False,
                  collapse_padding=True)
    tracks: list[str] = []  # every track of the roster's presentations, in their order
    for u in header.roster:
        for t in u.presentation.tracks:
            if t.name not in tracks:
                tracks.append(t.name)
    for col, just in (("unit", "left"), ("name", "left"), ("policy", "left"), ("standing", "left"),
                      *((t, "right") for t in tracks), ("hits", "right"), ("misses", "right")):
        table.add_column(col, justify=just, no_wrap=True, overflow="ellipsis",
                         min_width=len(col) if just == "right" else None)
    for r in sorted(final_rows(header, events), key=_unit_key):
        standing = Text(r["standing"], style="" if r.get("able", True) else "dim")
        table.add_row(Text(r["id"], style=_team_style(r["team"])), r["name"], r["policy"], standing,
                      *(str(r.get(t, "")) for t in tracks), str(r["hits"]), str(r["misses"]))
    return table


def _unit_key(row: dict[str, Any]) -> tuple[Any, ...]:
    team, _, n = row["id"].rpartition("-")
    return (row["team"], team, int(n) if n.isdigit() else 0, row["id"])
