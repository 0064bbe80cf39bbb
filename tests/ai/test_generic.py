"""The generic AI plumbing names no ruleset's rules; every AI module stays small (issue #11)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

AI = Path(__file__).resolve().parents[2] / "tactics" / "ai"
WORDS = re.compile(r"d20|stun|toughness|stamina|posture", re.IGNORECASE)
ACTION_NAMES = {
    "quick strike", "powerful strike", "strategic strike", "cautious strike", "quick throw", "powerful throw",
    "heave", "quick shot", "strategic shot", "cautious shot", "draw and fire", "draw", "aim", "prepare counter",
    "evade", "instant stand", "push", "trip", "slam", "hold", "wrench", "choke", "disarm", "cover", "rest",
    "load", "unload", "ready weapon",
}


def generic_modules() -> list[Path]:
    """The modules directly in ``tactics/ai/``; each ``tactics/ai/<ruleset>/`` package may name its rules."""
    return sorted(AI.glob("*.py"))


def test_generic_modules_name_no_mano_a_mano_rules():
    assert generic_modules()
    for path in generic_modules():
        text = path.read_text(encoding="utf-8")
        words = sorted({m.group(0).lower() for m in WORDS.finditer(text)})
        assert not words, f"{path.name} names {words}"
        literals = {n.value for n in ast.walk(ast.parse(text)) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
        assert not (literals & ACTION_NAMES), f"{path.name} has action names {sorted(literals & ACTION_NAMES)}"


def test_every_ai_module_is_small():
    for path in AI.rglob("*.py"):
        n = len(path.read_text(encoding="utf-8").splitlines())
        assert n <= 450, f"{path.relative_to(AI)} has {n} lines"


def test_policies_are_kept_by_ruleset():
    from tactics.ai import GENERIC_POLICIES, POLICIES, policies_for

    mano = policies_for("mano-a-mano")
    assert list(mano)[:1] == ["advance"] and mano["brawler"].__module__.startswith("tactics.ai.mano_a_mano")
    assert policies_for("no-such-ruleset") == GENERIC_POLICIES
    assert policies_for("mano-a-mano") is not POLICIES["mano-a-mano"]   # a fresh dict each call


def test_react_dispatches_to_counter_and_after_counter():
    from tactics.ai.reactions import Reactive
    from tactics.rules.protocol import Window

    class Guard(Reactive):
        def counter(self, view, attacker):
            return ("counter", attacker)

        def after_counter(self, view, plan):
            return ("after", plan)

    class View:
        def unit(self, uid):
            return f"view of {uid}"

    g = Guard()
    assert g.react(View(), Window("counter", "me", actor="them", turn=True)) == ("counter", "view of them")
    assert g.react(View(), Window("replan", "me", plan="rest")) == ("after", "rest")
    assert g.react(View(), Window("let go", "me", options=(True, False), default=False)) is None
    assert Reactive().react(View(), Window("counter", "me", actor="them")) is None
