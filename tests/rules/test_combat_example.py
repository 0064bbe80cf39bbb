"""000 · Combat Example, replayed turn by turn with the pure rules.

Dice in the order the text rolls them: ambush 13, Steven's powerful strike 2,
the clone's two quick strikes 14 and 12, Steven's counter 14, Steven's kick 12
and machete 17.
"""

from __future__ import annotations

from tactics.dice import ScriptedDice
from tactics.rules import (
    ACTIONS,
    Modifier,
    can_do,
    combo_size,
    health_state,
    recover_stun,
    resolve_attack,
    success_roll,
)


def test_steven_and_the_clone(steven, clone):
    dice = ScriptedDice([13, 2, 14, 12, 14, 12, 17])
    hurt = {"Steven": [0, 0], "Clone": [0, 0]}  # [stun, damage]

    def state(who):
        c = steven if who == "Steven" else clone
        stun, damage = hurt[who]
        return health_state(stun, damage, c.toughness, c.stamina)

    def land(who, result):
        hurt[who][0] += result.stun
        hurt[who][1] += result.damage

    def end_turn(who):
        hurt[who][0] = recover_stun(hurt[who][0], state(who))

    # 1. Establishing initiative: stealth 0 vs 10 + detection 0.
    ambush = success_roll(
        dice.d20(),
        (Modifier("stealth", steven.ability("stealth")),),
        (Modifier("ambush", 10), Modifier("detection", clone.ability("detection"))),
    )
    assert (ambush.total, ambush.difficulty, ambush.success) == (13, 10, True)

    # 2. Steven's powerful strike with the machete: 2 + 4 = 6 vs 12, a miss.
    assert can_do("powerful strike", state("Steven"), "standing", False, False) == (True, "")
    r = resolve_attack(steven, "machete", "powerful strike", clone, dice.d20())
    assert (r.roll, r.roll + r.attack, r.difficulty, r.hit) == (2, 6, 12, False)
    assert r.difficulty_mods == (Modifier("melee defense", 12),)
    end_turn("Steven")

    # 3. The clone's combo: two quick strikes with his hands vs Steven's 14.
    assert combo_size(clone.speed, multiple_weapons=True, health=state("Clone")) == 2
    r = resolve_attack(clone, "hands", "quick strike", steven, dice.d20())
    assert (r.roll + r.attack, r.difficulty, r.hit) == (16, 14, True)
    assert (r.power, r.damage, r.stun) == (3, 1, 2)
    land("Steven", r)
    assert hurt["Steven"] == [2, 1]
    r = resolve_attack(clone, "hands", "quick strike", steven, dice.d20())
    assert (r.roll + r.attack, r.difficulty, r.hit) == (14, 14, False)
    end_turn("Clone")

    # 4. The second round: Steven prepares a counter (his turn waits for an attack).
    assert ACTIONS["prepare counter"].kind == "other"

    # The clone plans a powerful strike; Steven's counter (powerful strike) comes first.
    assert can_do("powerful strike", state("Clone"), "standing", False, False)[0]
    r = resolve_attack(steven, "machete", "powerful strike", clone, dice.d20())
    assert (r.roll + r.attack, r.difficulty, r.hit) == (18, 12, True)
    assert (r.power, r.absorbed, r.damage, r.stun) == (10, 0, 10, 0)
    land("Clone", r)
    end_turn("Steven")  # the counter was Steven's delayed turn: it recovers 1 stun
    assert hurt["Steven"] == [1, 1]
    assert state("Clone") == "injured"  # 10 >= 7 and < 14
    allowed, reason = can_do("powerful strike", state("Clone"), "standing", False, False)
    assert not allowed and "strenuous" in reason
    evade = ACTIONS["evade"]
    assert can_do(evade, state("Clone"), "standing", False, False) == (True, "")
    evading = Modifier("evading", evade.defense_bonus_until_next_turn)
    end_turn("Clone")

    # 5. Steven's third turn: a combo, kick then machete, against 12 + 5.
    assert combo_size(steven.speed, multiple_weapons=True, health=state("Steven")) == 2
    r = resolve_attack(steven, "feet", "quick strike", clone, dice.d20(), difficulty_mods=(evading,))
    assert (r.roll + r.attack, r.difficulty, r.hit) == (14, 17, False)
    r = resolve_attack(steven, "machete", "quick strike", clone, dice.d20(), difficulty_mods=(evading,))
    assert (r.roll + r.attack, r.difficulty, r.hit) == (21, 17, True)
    assert (r.power, r.damage, r.stun) == (5, 5, 0)
    land("Clone", r)
    assert hurt["Clone"] == [0, 15]
    assert state("Clone") == "incapacitated"
    assert can_do("quick strike", state("Clone"), "standing", False, False)[0] is False
    assert dice.remaining == 0


def test_reference_sheets(steven, clone):
    hands, machete = steven.weapon("hands"), steven.weapon("machete")
    assert (steven.power_with(hands), steven.attack_with(hands), steven.defense_with(hands)) == (3, 2, 12)
    assert (steven.power_with("feet"), steven.attack_with("feet"), steven.defense_with("feet")) == (3, 2, 12)
    assert (steven.power_with(machete), steven.attack_with(machete), steven.defense_with(machete)) == (5, 4, 14)
    assert (steven.stamina, steven.melee_defense, steven.missile_defense) == (14, 10 + 4, 10)
    assert (steven.grapple_attack, steven.grapple_defense) == (3, 13)
    assert (steven.best_absorption, steven.total_cover) == (0, 0)
    assert clone.melee_defense == 12
    assert [w.name for w in clone.weapons] == ["hands", "feet"]
