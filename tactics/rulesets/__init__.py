"""The combat systems, one package each, every one behind :class:`tactics.rules.protocol.Ruleset`.

| package | name | system |
| --- | --- | --- |
| ``mano_a_mano`` | ``mano-a-mano`` | Mano a Mano (000), the default |
| ``mano_a_mano_2006`` | ``mano-a-mano-2006`` | its 2006 revision: hit-point pools (001) |
| ``fudge_opposed`` | ``fudge-opposed`` | opposed skills on four Fudge dice (002) |
| ``d100_opposed`` | ``d100-opposed`` | opposed d100 tests (003) |

A ruleset package may import the standard library, ``tactics.rules`` and
``tactics.dice``; never the engine, the map, the AI or the viewer. See
``docs/rulesets.md`` for adding one.
"""
