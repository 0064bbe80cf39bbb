"""``d100-opposed``: a percentile opposed-test combat system (seed 003, Eclipse Phase style).

Roll d100 read 00-99 under a skill; attacker and defender test at once and
the higher success wins (003 · steps 4-5); a hit rolls its Damage Value,
gains +5/+10 for an excellent margin, loses the target's armor of its kind
less the weapon's AP (003 · step 6), piles up against Durability and the
Death Rating (step 7) and leaves wounds at every Wound Threshold (step 8).
Rulings: ``/work/shared/rules/DECISIONS-d100.md`` and ``docs/rules-d100.md``.

Modules, one idea each:

| module | holds |
| --- | --- |
| ``checks`` | a percentile test, criticals, the opposed outcome |
| ``damage`` | DV expressions, MoS bonus, armor and AP, wounds, standings |
| ``odds`` | exact P(hit) and expected damage for the AI |
| ``modifiers`` | range bands, light, prone, aim, running, wounds, defence skills |
| ``sheet`` | the TOML sheet (msgspec), aptitude defaults |
| ``state`` | options, per-fighter rule state, a phase's budget |
| ``schedule`` | initiative and action phases |
| ``movement`` | jumps, climbs and falls |
| ``attack`` | one attack from target numbers to effects |
| ``ruleset`` | the object the engine talks to |

    >>> from tactics.rulesets.d100_opposed import RULESET
    >>> RULESET.name
    'd100-opposed'
"""

from __future__ import annotations

from tactics.rulesets.d100_opposed.ruleset import ACTIONS, RULESET, D100Opposed
from tactics.rulesets.d100_opposed.sheet import Sheet, load_sheet, sheet_from_dict
from tactics.rulesets.d100_opposed.state import Options

__all__ = ["RULESET", "ACTIONS", "D100Opposed", "Sheet", "Options", "load_sheet", "sheet_from_dict"]
