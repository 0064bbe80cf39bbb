"""Mano a Mano, 2006 revision: hit points moved between five pools (issue #15).

The seed is ``001_53e7945816de0552.txt`` (cited ``001 · <heading>``), its
rulings ``DECISIONS-2006.md``, and the rulings taken here
``docs/rules-2006.md``. One idea a module:

| module | holds |
| --- | --- |
| ``pools`` | HP, HP/round, the five pools, phases 1 and 2, spending, harm, standings |
| ``contest`` | opposed d6 rolls, half successes, Random Damage and Critical Hit |
| ``harm`` | the stun/damage split, cover-roll armor |
| ``defending`` | defense rolls, parries, evasion, interfering, counters |
| ``manipulation`` | manipulation, disarm, hold, choke, wrench, throw |
| ``moving`` | strides, stances (±2), standing up, climbing, jumping, falls |
| ``sheet`` | the TOML sheet |
| ``state`` | per-fighter rule state, the options |
| ``budget`` | a turn's ready points |
| ``schedule`` | initiative and cadence |
| ``ledger`` | pools while one action resolves |
| ``reacting`` | the ``defend`` and ``interfere`` choice windows |
| ``fighters`` | reading a fighter's weapons and position |
| ``attack`` | one attack or manipulation as effects |
| ``actions`` | the catalogue and the actions that are not attacks |
| ``estimates`` | the AI's odds and expected harm |
| ``example`` | 001 · Combat Example as data (dice, plans, answers, pools) |
| ``ruleset`` | :data:`RULESET`, the object the engine asks |

    >>> RULESET.name, RULESET.round_seconds, sorted(RULESET.options_type.__struct_fields__)
    ('mano-a-mano-2006', 1.0, ['charging', 'critical_hit', 'random_damage'])
"""

from __future__ import annotations

from .ruleset import RULESET, VERSION, ManoAMano2006
from .sheet import Sheet, load_sheet, sheet_from_dict
from .state import Options

__all__ = ["RULESET", "VERSION", "ManoAMano2006", "Options", "Sheet", "load_sheet", "sheet_from_dict"]
