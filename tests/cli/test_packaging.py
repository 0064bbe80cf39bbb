"""``pip install .`` (not editable) into a fresh venv, then ``tactics skirmish`` from an empty folder.

The shipped maps, encounters and sheets must travel inside the package
(``docs/cli.md`` § Installing). The checkout is copied (symlinks kept) and built
there, so the worktree gets no ``build/`` folder; the fresh venv borrows
this venv's dependencies through a ``.pth`` file (no download of them), but
the build itself runs isolated, the way a user's ``pip install .`` does
(skipped when the build backend cannot be fetched: no network, no cache).
"""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow
OFFLINE = ("Could not find a version", "NewConnectionError", "No matching distribution", "Network is unreachable")


def _run(cmd: list[str], cwd: Path, **kw) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    env.pop("PYTHONPATH", None)
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=240, **kw)


def test_installed_wheel_ships_its_data(tmp_path: Path) -> None:
    src = tmp_path / "src"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build")
    for name in ("tactics", "maps", "assets"):
        shutil.copytree(ROOT / name, src / name, symlinks=True, ignore=ignore)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    assert (src / "tactics" / "data" / "maps").is_symlink()

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    py = venv / "bin" / "python"
    purelib = Path(_run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                        tmp_path).stdout.strip())
    deps = [p for p in (*site.getsitepackages(), sysconfig.get_paths()["purelib"]) if Path(p).is_dir()]
    (purelib / "deps.pth").write_text("\n".join(dict.fromkeys(deps)) + "\n")

    res = _run([sys.executable, "-m", "pip", "--python", str(py), "install", "--no-deps", "--quiet", str(src)],
               tmp_path)
    if res.returncode != 0 and any(s in res.stdout + res.stderr for s in OFFLINE):
        pytest.skip("cannot fetch the build backend (offline): " + res.stderr.strip().splitlines()[-1])
    assert res.returncode == 0, res.stderr

    empty = tmp_path / "empty"
    empty.mkdir()
    where = _run([str(py), "-c", "import tactics; print(tactics.__file__)"], empty).stdout.strip()
    assert where.startswith(str(purelib)), where  # the installed copy, not the checkout
    installed = Path(where).parent / "data"
    assert (installed / "maps" / "arena.toml").is_file() and not (installed / "maps").is_symlink()
    assert (installed / "assets" / "characters" / "steven.toml").is_file()

    tactics = venv / "bin" / "tactics"
    res = _run([str(tactics), "skirmish", "--quiet", "--until", "5"], empty)
    assert res.returncode == 0, res.stderr
    assert (empty / "replays" / "skirmish-arena-1.jsonl").is_file()
    res = _run([str(tactics), "skirmish", "tower", "--quiet", "--until", "3", "--out", "t.jsonl"], empty)
    assert res.returncode == 0, res.stderr
    # the other rulesets' sheets live in sub-folders (assets/characters/d100/...): shipped too
    res = _run([str(tactics), "skirmish", "firefight", "--quiet", "--until", "3", "--out", "f.jsonl"], empty)
    assert res.returncode == 0, res.stderr
    res = _run([str(tactics), "list", "encounters"], empty)
    assert res.returncode == 0 and "night-village" in res.stdout and "broken" not in res.stdout
    assert sorted(p.name for p in empty.iterdir()) == ["f.jsonl", "replays", "t.jsonl"]
