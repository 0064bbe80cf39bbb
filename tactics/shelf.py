"""The tables of ``tactics list``: maps, characters of every system, policies, encounters, rulesets.

    >>> [t.title.split(" (")[0] for t in shelf_tables(("rulesets",))]
    ['Rulesets']
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec
from rich.table import Table
from rich.text import Text

from tactics.errors import InputError


def shelf_tables(show: Iterable[str]) -> list[Table]:
    """One rich table per kind asked for, in the order asked."""
    from tactics import scenario as sc

    show = tuple(show)
    tables: list[Table] = []
    if "maps" in show:
        t = Table(title="Maps (maps/)", title_justify="left")
        t.add_column("name", style="bold")
        t.add_column("size")
        t.add_column("description", overflow="fold")
        from tactics.map import load_map

        for name, p in sc.shipped_maps().items():
            try:
                m = load_map(p)
                t.add_row(name, f"{m.cols}×{m.rows}", m.description)
            except InputError as err:
                t.add_row(name, "?", Text(f"broken: {err}", style="red"))
        tables.append(t)
    if "characters" in show:
        t = Table(title="Characters (assets/characters/)", title_justify="left")
        t.add_column("name", style="bold")
        t.add_column("ruleset")
        t.add_column("sheet")
        t.add_column("description", overflow="fold")
        from tactics.rules.registry import available
        from tactics.sheets import load_sheet

        for rs in available():
            for name, p in sc.shipped_characters(rs).items():
                try:
                    ch = load_sheet(p, rs)
                    desc = getattr(ch, "description", "") or ""
                    t.add_row(name, rs, ch.name, desc)
                except InputError as err:
                    t.add_row(name, rs, "?", Text(f"broken: {err}", style="red"))
        tables.append(t)
    if "policies" in show:
        t = Table(title="Policies", title_justify="left")
        t.add_column("name", style="bold")
        t.add_column("plays (with --team)")
        t.add_column("what it does", overflow="fold")
        for name, cls in _policies().items():
            doc = (cls.__doc__ or "").strip().splitlines()
            t.add_row(name, sc.ARCHETYPES.get(name, "steven"), doc[0] if doc else "")
        tables.append(t)
    if "rulesets" in show:
        from tactics.rules.registry import DEFAULT, available, get_ruleset

        t = Table(title="Rulesets (the combat systems; `ruleset = \"...\"` in sheets and encounters)",
                  title_justify="left")
        t.add_column("name", style="bold")
        t.add_column("version")
        t.add_column("round")
        t.add_column("options", overflow="fold")
        t.add_column("about", overflow="fold")
        for name in available():
            rs = get_ruleset(name)
            doc = (type(rs).__doc__ or "").strip().splitlines()
            opts = ", ".join(f"{k}={v}" for k, v in msgspec.to_builtins(rs.options_type()).items())
            label = f"{name} (default)" if name == DEFAULT else name
            t.add_row(label, str(rs.version), f"{rs.round_seconds:g} s", opts, doc[0] if doc else "")
        tables.append(t)
    if "encounters" in show:
        t = Table(title="Encounters (maps/*.encounter.toml)", title_justify="left")
        t.add_column("name", style="bold")
        t.add_column("map")
        t.add_column("teams")
        t.add_column("description", overflow="fold")
        for name, p in sc.shipped_encounters().items():
            try:
                e = sc.load_scenario(p)
                teams = "  ".join(f"{k}: {sum(m.count for m in v.members)}" for k, v in e.teams.items())
                t.add_row(name, e.map, teams, e.description)
            except InputError as err:
                t.add_row(name, "?", "", Text(f"broken: {err}", style="red"))
        tables.append(t)
    return tables


def _policies() -> dict[str, type]:
    """Policy name -> class, for every ruleset present (a ruleset's own first, then the generic ones)."""
    from tactics.rules.registry import available
    from tactics.sim.policy import BUILT_IN, _ai_policies

    out = dict(BUILT_IN)
    for rs in available():
        for name, cls in _ai_policies(rs).items():
            out.setdefault(name, cls)
    return out
