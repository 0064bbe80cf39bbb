"""Hostile inputs through the real ``tactics`` command: one line, exit 2, nothing written, in seconds.

The cases (``cases.py``) are built from templates — a good replay, encounter,
map and sheet, each broken one way — plus absurd command-line options. They
all run in one driver process (``driver.py``: imports once, forks a child per
command line, two at a time), so some 250 command lines take seconds rather
than minutes. Each case then asserts, separately:

- exit status 2 (bad input), never 0, 1, a signal or a timeout;
- exactly one non-blank line of output, stdout and stderr together
  (``FAIL file: place: problem`` from ``validate``, ``error: ...`` elsewhere);
- no ``Traceback``;
- the line names the file or the option (and the place, where it is known);
- the case's folder is exactly as it was: no output, no partial or temporary file;
- it took less than :data:`SECONDS`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from .cases import Case, all_cases

CASES = all_cases()
SECONDS = 10.0
DRIVER = Path(__file__).with_name("driver.py")


def _snapshot(folder: Path) -> dict[str, int]:
    return {str(p.relative_to(folder)): (p.stat().st_size if p.is_file() else -1)
            for p in sorted(folder.rglob("*"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[dict[str, Any], dict, dict]]:
    base = tmp_path_factory.mktemp("badinput")
    specs, before = [], {}
    for case in CASES:
        folder = base / case.name
        folder.mkdir()
        for rel, data in case.files.items():
            path = folder / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            if callable(data):
                data(path)
            else:
                path.write_bytes(data)
        before[case.name] = _snapshot(folder)
        specs.append({"name": case.name, "argv": case.argv, "cwd": str(folder), "block": case.block,
                      "env": case.env, "timeout": case.timeout})
    (base / "cases.json").write_text(json.dumps(specs))
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "TACTICS_SCHEDULER": "", "COLUMNS": "80"}
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    subprocess.run([sys.executable, str(DRIVER), str(base / "cases.json"), str(base / "results.json")],
                   check=True, env=env, timeout=600)
    got = {r["name"]: r for r in json.loads((base / "results.json").read_text())}
    return {c.name: (got[c.name], before[c.name], _snapshot(base / c.name)) for c in CASES}


def test_there_are_enough_cases() -> None:
    assert len(CASES) >= 150
    kinds = {c.name.split("-")[0] for c in CASES}
    assert {"replay", "encounter", "map", "sheet", "skirmish", "export", "view", "batch", "validate"} <= kinds


def _params() -> list[Any]:
    out = []
    for c in CASES:
        marks = [pytest.mark.xfail(reason=c.known, strict=False)] if c.known else []
        out.append(pytest.param(c, id=c.name, marks=marks))
    return out


@pytest.mark.parametrize("case", _params())
def test_refused_in_one_line(case: Case, results) -> None:
    res, before, after = results[case.name]
    text = res["stdout"] + res["stderr"]
    lines = [ln for ln in text.splitlines() if ln.strip()]
    assert res["status"] == 2, f"status {res['status']}: {text[-2000:]}"
    assert "Traceback" not in text, text[-2000:]
    assert len(lines) == 1, f"{len(lines)} lines:\n{text[-2000:]}"
    for must in case.must:
        assert must in lines[0], f"{must!r} not in {lines[0]!r}"
    assert after == before, "the folder changed: " + ", ".join(sorted(set(after) ^ set(before)) or ["sizes"])
    assert res["seconds"] < case.seconds, f"{res['seconds']:.1f} s"
