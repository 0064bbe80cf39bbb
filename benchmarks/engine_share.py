"""What the engine alone costs a turn in a system's matched duel: the policies and the ruleset left out of the count.

Plays ``duel_counts.py``'s duels (the same sheets, policies, seeds and shared
cache) under callgrind, with the collection switched off while a policy's
methods or the ruleset's run (``--leave-out ai,rules``, the default; or
``ai``, or ``rules``): a client request (``CALLGRIND_TOGGLE_COLLECT``, from a
one-function C extension built with gcc at start) at the outermost crossing into
them, so what they call (the engine's view for a policy, ``world.ask`` for the
ruleset) is left out with them, while what the engine does around them (its
turn, the events, applying effects, the clock) is counted. Left out: every
method of the ruleset object's class, of the classes of the objects it hands
the engine (budget, schedule, rule state: patched when first seen), and every
method of the policies' classes. The fights are the very same (the wrappers
only switch the count; ``--hashes`` writes the digests to compare with
``duel_counts.py --hashes``)::

    PYTHONHASHSEED=0 valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=/tmp/e.cg \\
        python benchmarks/engine_share.py mano-a-mano-2006 --leave-out ai,rules
    PYTHONHASHSEED=0 valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=/tmp/c.cg \\
        python benchmarks/engine_share.py mano-a-mano-2006 --calibrate

Each outermost crossing leaves a little of the wrapper and of the C call
in the count: ``--calibrate`` counts ``--duels`` × 1,000 crossings into a
function that does nothing, to take off (the script prints the crossings;
about 2,240 instructions each on Python 3.11).

``--fn MODULE:NAME`` leaves out one function instead, wherever it is called
from (its inclusive count: the plain ``duel_counts.py --callgrind`` count
less this one, less the crossings). ``--time`` needs no valgrind: the CPU
seconds of the left-out parts are timed instead, in rounds alternating with
Mano a Mano's plain matched duels, and the line ends with the best ratio the
system could reach if what is left out cost nothing (Mano's duel over the
engine alone)::

    python benchmarks/engine_share.py d100-opposed --time --runs 3
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import inspect
import subprocess
import statistics
import sys
import tempfile
import time
import types
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from _common import counted  # noqa: E402
from bench_rulesets import DUELS, ROOT  # noqa: E402

from tactics import Encounter, load_map  # noqa: E402
from tactics.rules.registry import get_ruleset  # noqa: E402
from tactics.scenario import sheet_policy  # noqa: E402
from tactics.sheets import load_sheet  # noqa: E402

C_SOURCE = r"""
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <valgrind/callgrind.h>
static PyObject *toggle(PyObject *self, PyObject *unused) { CALLGRIND_TOGGLE_COLLECT; Py_RETURN_NONE; }
static PyMethodDef methods[] = {{"toggle", toggle, METH_NOARGS, "callgrind's collection on <-> off"}, {NULL}};
static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "cgtoggle", NULL, -1, methods};
PyMODINIT_FUNC PyInit_cgtoggle(void) { return PyModule_Create(&module); }
"""
"""A C extension of one function: a ctypes call would leave about ten times more of itself in the count."""


def toggler():
    """``toggle()``: callgrind's collection on ↔ off (a no-op outside valgrind), built with gcc."""
    import importlib.util
    import sysconfig

    out = Path(tempfile.mkdtemp()) / ("cgtoggle" + sysconfig.get_config_var("EXT_SUFFIX"))
    src = out.parent / "cgtoggle.c"
    src.write_text(C_SOURCE)
    subprocess.run(["gcc", "-O2", "-shared", "-fPIC", "-I", sysconfig.get_paths()["include"], "-o", str(out),
                    str(src)], check=True)
    spec = importlib.util.spec_from_file_location("cgtoggle", out)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.toggle


class Switch:
    """Wraps functions so that the count stops while one of a left-out kind runs (outermost call only)."""

    def __init__(self, toggle, leave_out: set[str]) -> None:
        self.toggle, self.leave_out = toggle, leave_out
        self.off = False
        self.crossings = {k: 0 for k in ("ai", "rules", "fn")}
        self.patched: set[type] = set()
        self.package = ""

    def wrap(self, f, kind: str):
        switch = self
        if kind not in self.leave_out:
            return f   # counted as it is: no wrapper of its own in the count

        def call(*a, **k):
            if switch.off:
                return f(*a, **k)
            switch.off = True
            switch.crossings[kind] += 1
            switch.toggle()
            try:
                out = f(*a, **k)
                if isinstance(out, types.GeneratorType):
                    out = list(out)   # effects made inside the left-out code (none ship: lists)
                switch.adopt(out)
            finally:
                switch.toggle()
                switch.off = False
            return out
        return call

    def adopt(self, out) -> None:
        """Patch the class of an object the ruleset hands the engine (a budget, a schedule), once."""
        cls = type(out)
        if cls in self.patched or not cls.__module__.startswith(self.package):
            return
        self.patch_class(cls, "rules")

    def patch_class(self, cls: type, kind: str) -> None:
        """Wrap every method and property getter ``cls`` has from a class of tactics (its own or inherited)."""
        self.patched.add(cls)
        for name in dir(cls):
            if name.startswith("__"):
                continue
            owner = next((k for k in cls.__mro__ if name in vars(k)), None)
            if owner is None or not owner.__module__.startswith("tactics."):
                continue
            attr = vars(owner)[name]
            if isinstance(attr, property) and attr.fget is not None:
                setattr(cls, name, property(self.wrap(attr.fget, kind), attr.fset, attr.fdel, attr.__doc__))
            elif isinstance(attr, staticmethod):
                setattr(cls, name, staticmethod(self.wrap(attr.__func__, kind)))
            elif isinstance(attr, classmethod):
                setattr(cls, name, classmethod(self.wrap(attr.__func__, kind)))
            elif inspect.isfunction(attr):
                setattr(cls, name, self.wrap(attr, kind))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("ruleset", choices=list(DUELS))
    ap.add_argument("--warm", type=int, default=200)
    ap.add_argument("--duels", type=int, default=100)
    ap.add_argument("--leave-out", default="ai,rules", help="what the count leaves out: ai, rules or ai,rules")
    ap.add_argument("--fn", action="append", default=[], metavar="MODULE:NAME",
                    help="leave out this function (or Class.method) instead, wherever it is called from "
                         "(repeatable): its inclusive count is the plain count less this one")
    ap.add_argument("--calibrate", action="store_true", help="count 1,000 crossings a duel into a no-op instead")
    ap.add_argument("--no-callgrind", action="store_true", help="run outside valgrind (a dry run)")
    ap.add_argument("--hashes", help="write a sha256 of every duel's replay to this file")
    ap.add_argument("--time", action="store_true",
                    help="no valgrind: CPU seconds instead of instructions (the left-out parts timed), in "
                         "--runs rounds alternating with --mano plain duels of Mano a Mano")
    ap.add_argument("--runs", type=int, default=5, help="--time: rounds (default 5)")
    ap.add_argument("--mano", type=int, default=300, help="--time: Mano a Mano's duels a round (default 300)")
    args = ap.parse_args(argv)
    gc.disable()
    clock = Clock() if args.time else None
    switch = Switch(clock.toggle if clock else toggler(), set(filter(None, args.leave_out.split(","))))
    if args.calibrate:
        noop = switch.wrap(lambda *a: None, "ai")
        n = args.duels * 1000

        def work() -> int:
            for _ in range(n):
                noop(1, 2, 3)
            return n
        done, _ = counted(work, not args.no_callgrind)
        print(f"calibration: {done} crossings")
        return 0
    rs = get_ruleset(args.ruleset)
    switch.package = type(rs).__module__.rsplit(".", 1)[0]
    if args.fn:
        switch.leave_out = {"fn"}
        for spec in args.fn:
            patch_function(switch, spec)
    switch.patch_class(type(rs), "rules")
    arena = load_map(ROOT / "maps/arena.toml")
    a, b = (ROOT / "assets/characters" / f for f in DUELS[args.ruleset])
    sheets = (load_sheet(a, args.ruleset), load_sheet(b, args.ruleset))
    policies = tuple(sheet_policy(str(p), None, args.ruleset) for p in (a, b))
    shared: dict = {}
    digests: list[str] = []

    def duel(seed: int) -> int:
        enc = Encounter(arena, seed=seed, ruleset=args.ruleset, shared=shared)
        enc.add(sheets[0], team="red", policy=policies[0])
        enc.add(sheets[1], team="blue", policy=policies[1])
        for c in enc.order:
            if type(c.policy) not in switch.patched:
                switch.patch_class(type(c.policy), "ai")
        res = enc.run(until=120)
        if args.hashes:
            digests.append(hashlib.sha256(res.to_bytes()).hexdigest())
        return sum(c.turns for c in res._encounter.order)

    for seed in range(args.warm):
        duel(seed)
    if clock:
        return timed(args, switch, clock, duel)
    before = dict(switch.crossings)
    seeds = range(args.warm, args.warm + args.duels)
    turns, _ = counted(lambda: sum(duel(seed) for seed in seeds), not args.no_callgrind)
    crossed = {k: switch.crossings[k] - before[k] for k in before}
    print(f"{args.ruleset}: {args.duels} duels, {turns} turns ({turns / args.duels:.2f} a duel), left out "
          f"{sorted(switch.leave_out)}; outermost crossings counted: {crossed} "
          f"({sum(crossed[k] for k in switch.leave_out)} left out)")
    if args.hashes:
        Path(args.hashes).write_text("\n".join(digests) + "\n")
    return 0


def patch_function(switch: "Switch", spec: str) -> None:
    """Wrap ``module:name`` (a function, or ``Class.method``) as kind ``fn``, in every module that holds it."""
    import importlib

    mod_name, _, qual = spec.partition(":")
    mod = importlib.import_module(mod_name)
    if "." in qual:
        cls_name, meth = qual.split(".", 1)
        cls = getattr(mod, cls_name)
        attr = vars(cls)[meth]
        if isinstance(attr, property):
            setattr(cls, meth, property(switch.wrap(attr.fget, "fn"), attr.fset, attr.fdel, attr.__doc__))
        else:
            setattr(cls, meth, switch.wrap(attr, "fn"))
        return
    f = getattr(mod, qual)
    w = switch.wrap(f, "fn")
    for m in list(sys.modules.values()):
        d = getattr(m, "__dict__", None)
        if d is not None and d.get(qual) is f:
            setattr(m, qual, w)


def timed(args, switch: "Switch", clock: "Clock", duel) -> int:
    """``--time``: ``--runs`` rounds, each ``--duels`` duels of the system (new seeds each round) and
    ``--mano`` plain duels of Mano a Mano's matched duel (its own warm cache), alternately; CPU
    seconds, medians."""
    if args.ruleset == "mano-a-mano":
        raise SystemExit("--time compares with Mano a Mano's plain duels: time another system")
    mano = plain_duels("mano-a-mano", args.warm)
    per = clock.overhead(switch)
    engine, mano_ms, rows = [], [], []
    for k in range(args.runs):
        first = args.warm + k * args.duels
        before = dict(switch.crossings)
        clock.left = 0.0
        t0 = time.process_time()
        turns = sum(duel(seed) for seed in range(first, first + args.duels))
        cpu = time.process_time() - t0
        n_out = sum(switch.crossings[j] - before[j] for j in switch.leave_out)
        alone = cpu - clock.left - n_out * per
        engine.append(alone / args.duels)
        m = mano(args.warm + k * args.mano, args.mano) / args.mano
        mano_ms.append(m)
        rows.append(f"  run {k}: all {cpu / args.duels * 1e3:.3f} ms a duel with the wrappers, left out "
                    f"{clock.left / args.duels * 1e3:.3f}, wrappers {n_out * per / args.duels * 1e3:.3f}; engine "
                    f"alone {alone / args.duels * 1e3:.3f} ms ({alone / turns * 1e6:.1f} us a turn, {turns} turns); "
                    f"Mano a Mano {m * 1e3:.3f} ms a duel: {m / (alone / args.duels):.3f}")
    print("\n".join(rows))
    e, m = statistics.median(engine), statistics.median(mano_ms)
    print(f"{args.ruleset}, left out {sorted(switch.leave_out)}: engine alone {e * 1e3:.3f} ms a duel (median of "
          f"{args.runs}; a crossing's wrapper {per * 1e6:.2f} us taken off), Mano a Mano's plain duel {m * 1e3:.3f} "
          f"ms: best ratio {m / e:.3f}")
    return 0


class Clock:
    """The ``--time`` toggle: CPU seconds spent while the count is off (the left-out parts)."""

    def __init__(self) -> None:
        self.left = 0.0
        self._t0: float | None = None

    def toggle(self) -> None:
        now = time.process_time()
        if self._t0 is None:
            self._t0 = now
        else:
            self.left += now - self._t0
            self._t0 = None

    def overhead(self, switch: "Switch", n: int = 200_000) -> float:
        """CPU seconds a crossing leaves outside the left-out part: ``n`` crossings into a no-op."""
        noop = switch.wrap(lambda *a: None, sorted(switch.leave_out)[0])
        before = self.left
        t0 = time.process_time()
        for _ in range(n):
            noop(1, 2, 3)
        total = time.process_time() - t0
        inner = self.left - before
        self.left = before
        return (total - inner) / n


def plain_duels(ruleset: str, warm: int):
    """``time(first, n)``: CPU seconds of ``n`` plain duels of ``ruleset`` (no wrapper) on seeds from
    ``first``, on one shared cache warmed by ``warm`` duels first."""
    arena = load_map(ROOT / "maps/arena.toml")
    a, b = (ROOT / "assets/characters" / f for f in DUELS[ruleset])
    sheets = (load_sheet(a, ruleset), load_sheet(b, ruleset))
    policies = tuple(sheet_policy(str(p), None, ruleset) for p in (a, b))
    shared: dict = {}

    def duel(seed: int) -> None:
        enc = Encounter(arena, seed=seed, ruleset=ruleset, shared=shared)
        enc.add(sheets[0], team="red", policy=policies[0])
        enc.add(sheets[1], team="blue", policy=policies[1])
        enc.run(until=120)

    for seed in range(warm):
        duel(seed)

    def timed_duels(first: int, n: int) -> float:
        t0 = time.process_time()
        for seed in range(first, first + n):
            duel(seed)
        return time.process_time() - t0
    return timed_duels


if __name__ == "__main__":
    raise SystemExit(main())
