"""What ships with tactics, and how names find it: maps, sheets per ruleset, encounters, default policies.

A map, sheet or encounter is named by its file stem (``"arena"``,
``"spear-thrower"``), an archetype (``"brawler"`` plays ``steven``) or a
path; shipped sheets of the other rulesets live in a folder each under
``assets/characters/``. Loaded maps and sheets are remembered per file and
modification time (they are immutable)::

    >>> sorted(shipped_encounters())[:3]
    ['arena', 'brawl', 'canyon']
    >>> sheet_policy("trooper", ruleset="fudge-opposed")
    'trooper'
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import tactics
from tactics.errors import InputError
from tactics.rules.registry import DEFAULT

ARCHETYPES: dict[str, str] = {
    "brawler": "steven",
    "archer": "archer",
    "skirmisher": "spear_thrower",
    "thrower": "spear_thrower",
    "grappler": "grappler",
    "flyer": "winged",
    "cautious": "soldier",
    "soldier": "soldier",
    "climber": "climber",
    "advance": "steven",
    "passive": "clone",
}
"""The sheet (stem in ``assets/characters/``) that plays each policy or archetype name."""

SHEET_POLICIES: dict[str, str] = {
    "steven": "brawler",
    "clone": "brawler",
    "climber": "brawler",
    "archer": "archer",
    "spear_thrower": "skirmisher",
    "grappler": "grappler",
    "winged": "flyer",
    "soldier": "cautious",
    "lancer": "rider",
    "horse": "mount",
    "war_horse": "mount",
    "cart": "mount",
    "carter": "rider",
    "gunner": "archer",
    "giant": "skirmisher",
    "knife_thrower": "skirmisher",
    "knight": "brawler",
    "swashbuckler": "brawler",
}
"""The AI policy a shipped sheet plays when its member names none (``advance`` when that policy is missing)."""


# ----------------------------------------------------------------- where things are
@lru_cache(maxsize=1)
def data_root() -> Path:
    """The shipped data: ``tactics/data/`` holds ``maps/`` and ``assets/characters/``.

    In a checkout they are symlinks to the top-level ``maps/`` and ``assets/``
    (where people edit them and the README points); a wheel or a plain
    ``pip install .`` copies the files into the installed package, so a
    ``tactics`` installed anywhere finds them (``docs/cli.md`` § Installing).
    """
    return Path(tactics.__file__).resolve().parent / "data"


@lru_cache(maxsize=1)
def repo_root() -> Path:
    """The checkout holding ``maps/`` and ``assets/`` (meaningful only when installed editable).

    Kept for scripts; the shipped files are found through :func:`data_root`.
    """
    return Path(tactics.__file__).resolve().parents[1]


def _dir(name: str) -> Path:
    d = (data_root() / name).resolve()  # in a checkout: the top-level folder the symlink names
    if not d.is_dir():
        raise InputError(str(d), "", f"the shipped {name}/ folder is missing; reinstall tactics "
                         "(pip install . from its checkout)")
    return d


@lru_cache(maxsize=16)
def _glob(folder: str, pattern: str, mtime: float) -> tuple[Path, ...]:
    return tuple(sorted(Path(folder).glob(pattern)))


def _files(folder: Path, pattern: str) -> tuple[Path, ...]:
    """``sorted(folder.glob(pattern))``, listed again only when the folder changes (its mtime)."""
    return _glob(str(folder), pattern, folder.stat().st_mtime)


def shipped_maps() -> dict[str, Path]:
    """Map name (file stem) -> path, for ``maps/*.toml`` (encounter files excluded)."""
    return {p.stem: p for p in _files(_dir("maps"), "*.toml") if not p.name.endswith(".encounter.toml")}


RULESET_FOLDERS = {"mano-a-mano": "", "mano-a-mano-2006": "mam2006", "fudge-opposed": "fudge", "d100-opposed": "d100"}
"""Where each ruleset's shipped sheets live, under ``assets/characters/``."""


def _sheet_folder(ruleset: str) -> Path:
    return _dir("assets") / "characters" / RULESET_FOLDERS.get(ruleset, ruleset)


def shipped_characters(ruleset: str = DEFAULT) -> dict[str, Path]:
    """Sheet name (file stem) -> path, for ``assets/characters/*.toml`` (another ruleset's
    sheets live in their own folder: ``assets/characters/fudge/``...)."""
    folder = _sheet_folder(ruleset)
    return {p.stem: p for p in _files(folder, "*.toml")} if folder.is_dir() else {}


def shipped_encounters() -> dict[str, Path]:
    """Encounter name -> path, for ``maps/*.encounter.toml``."""
    return {p.name[: -len(".encounter.toml")]: p for p in _files(_dir("maps"), "*.encounter.toml")}


def _norm(name: str) -> str:
    return name.strip().lower().replace("-", "_").replace(" ", "_")


def map_path(name: str, base: Path | None = None) -> Path:
    """A map by shipped name (``"arena"``) or by path (relative to ``base``); ValueError if unknown."""
    p = Path(name)
    if p.suffix == ".toml" or "/" in name or "\\" in name:
        for cand in ([base / p] if base is not None and not p.is_absolute() else []) + [p]:
            if cand.is_file():
                return cand
        raise ValueError(f"map file {name!r} not found")
    maps = shipped_maps()
    if name in maps:
        return maps[name]
    norm = {_norm(k): v for k, v in maps.items()}
    if _norm(name) in norm:
        return norm[_norm(name)]
    raise ValueError(f"unknown map {name!r}; shipped maps: {', '.join(maps)}")


def character_path(name: str, base: Path | None = None, ruleset: str = DEFAULT) -> Path:
    """A sheet by shipped name (``"steven"``, ``"spear-thrower"``), archetype (``"brawler"``) or path."""
    if name.endswith(".toml") or "/" in name or "\\" in name:
        return _character_path(name, base, 0.0, ruleset)   # a path: looked up afresh (the working folder may change)
    folder = _sheet_folder(ruleset)
    return _cached_character_path(name, folder.stat().st_mtime if folder.is_dir() else 0.0, ruleset)


@lru_cache(maxsize=256)
def _cached_character_path(name: str, mtime: float, ruleset: str = DEFAULT) -> Path:
    """A shipped sheet by name, listed again only when the folder changes."""
    return _character_path(name, None, mtime, ruleset)


def _character_path(name: str, base: Path | None, mtime: float, ruleset: str = DEFAULT) -> Path:
    p = Path(name)
    if p.suffix == ".toml" or "/" in name or "\\" in name:
        for cand in ([base / p] if base is not None and not p.is_absolute() else []) + [p]:
            if cand.is_file():
                return cand
        raise ValueError(f"character file {name!r} not found")
    sheets = {_norm(k): v for k, v in shipped_characters(ruleset).items()}
    key = _norm(name)
    if key in sheets:
        return sheets[key]
    archetypes = ARCHETYPES if ruleset == DEFAULT else {}
    if key in archetypes and archetypes[key] in sheets:
        return sheets[archetypes[key]]
    known = sorted(set(shipped_characters(ruleset)) | set(archetypes))
    which = "" if ruleset == DEFAULT else f" {ruleset}"
    raise ValueError(f"unknown{which} character {name!r}; known: {', '.join(known)}")


def policy_names(ruleset: str = DEFAULT) -> list[str]:
    """Every policy name the engine resolves for ``ruleset``: the ruleset's AI and the generic ones."""
    from tactics.sim.policy import policy_names as names

    return names(ruleset)


RULESET_SHEET_POLICIES: dict[str, dict[str, str]] = {
    DEFAULT: SHEET_POLICIES,
    "mano-a-mano-2006": {"*": "duelist", "shield_bearer": "guard", "wrestler": "wrestler"},
    "fudge-opposed": {"trooper": "trooper", "swordsman": "duelist", "shield_bearer": "duelist",
                      "brawler": "wrestler", "sneak": "sneak", "marksman": "marksman"},
    "d100-opposed": {"gunner": "gunner", "sniper": "sniper", "heavy": "gunner", "duelist": "melee",
                     "runner": "melee", "civilian": "civilian"},
}
"""Ruleset -> sheet stem -> the policy a shipped sheet of that ruleset plays when its member names
none; ``"*"`` is the ruleset's default for its other sheets (else ``advance``)."""


def sheet_policy(character: str, base: Path | None = None, ruleset: str = DEFAULT) -> str:
    """The policy a member with no ``policy`` gets: its sheet's archetype AI, else ``advance``."""
    try:
        stem = _norm(character_path(character, base, ruleset).stem)
    except ValueError:
        return "advance"
    table = RULESET_SHEET_POLICIES.get(ruleset, {})
    name = table.get(stem) or table.get("*", "advance")
    return name if name in policy_names(ruleset) else "advance"


def _check_policy(name: str, ruleset: str = DEFAULT) -> None:
    known = policy_names(ruleset)
    if name not in known:
        raise ValueError(f"unknown policy {name!r} for {ruleset}; known: {', '.join(sorted(known))}")


@lru_cache(maxsize=64)
def _load_map_cached(path: str, mtime: float, light: str | None) -> Any:
    from tactics.map import TacticalMap, load_map

    m = load_map(path)
    if light is None:
        return m
    d = m.to_dict()
    li = dict(d.get("light") or {})
    if light == "day":
        li = {"default": "bright"}
    elif light == "night":
        li["default"] = "dark"
    else:
        li = {"default": light}
    d["light"] = li
    return TacticalMap.from_dict(d, source=path)


@lru_cache(maxsize=256)
def _load_character_cached(path: str, mtime: float, ruleset: str = DEFAULT) -> Any:
    from tactics.sheets import load_sheet

    return load_sheet(path, ruleset)


def map_for(name: str, base: Path | None = None, light: str | None = None) -> Any:
    """The :class:`TacticalMap` for a map name or path, with an optional light override (cached)."""
    p = map_path(name, base)
    return _load_map_cached(str(p), p.stat().st_mtime, light)


def character_for(name: str, base: Path | None = None, ruleset: str = DEFAULT) -> Any:
    """The sheet for a name, archetype or path, of ``ruleset`` (cached; sheets are frozen)."""
    p = character_path(name, base, ruleset)
    return _load_character_cached(str(p), p.stat().st_mtime, ruleset)
