"""Every rule lives where a reader can find it, under the number RULES.md gives it
(`docs/architecture.md`, "One game package").

Each game's modules are sorted into rule modules (the legal actions and their effects, scoring)
and the rest (data, the table, ids, the bots, words, the engine's contract). A new module must be
sorted too, so a rule cannot land in a module nobody checks. In a rule module every function at
module level says in its docstring which rule it implements or serves ("R4.7"), and that number
is one RULES.md has.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import boardwright

GAMES = Path(boardwright.__file__).parent / "games"

RULE_MODULES = {
    "beowulf": {"rules", "scoring"},
    "mesopotamia": {"rules", "turn", "movement", "exploration", "ziggurat", "building", "cards"},
    "feinde": {"rules", "setup", "turn", "movement", "sight", "knowledge", "fights", "exploring",
               "wandering", "spells", "endgame"},
    "runebound": {"rules", "turn", "movement", "adventures", "decks", "combat", "damage", "pvp",
                  "pvp_cards",
                  "trading", "market", "experience", "endgame", "queries"},
}
#: modules that hold no rule: the contract, data, ids, the bots, learners' fields, words
OTHER_MODULES = {"__init__", "data", "state", "forward", "actions", "notation", "sample",
                 "heuristic", "policy", "observation", "refusals", "text", "render", "game",
                 "paths", "content", "gen_content"}
#: builds an event's dict; it serves every rule alike
HELPERS = {"_ev"}
RULE_NUMBER = re.compile(r"\bR(\d+(?:\.\d+)*)")


def _functions(path: Path) -> list[ast.FunctionDef]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node for node in tree.body if isinstance(node, ast.FunctionDef)]


def _numbers_in_rules(game: str) -> set[str]:
    text = (GAMES / game / "RULES.md").read_text(encoding="utf-8")
    return set(RULE_NUMBER.findall(text))


@pytest.mark.parametrize("game", sorted(RULE_MODULES))
def test_every_module_of_a_game_is_sorted_into_rules_or_the_rest(game: str) -> None:
    names = {path.stem for path in (GAMES / game).glob("*.py")}
    unsorted = names - RULE_MODULES[game] - OTHER_MODULES
    assert not unsorted, f"{game}: sort {sorted(unsorted)} into RULE_MODULES or OTHER_MODULES"
    assert RULE_MODULES[game] <= names


@pytest.mark.parametrize("game", sorted(RULE_MODULES))
def test_every_function_of_a_rule_module_names_its_rule(game: str) -> None:
    known = _numbers_in_rules(game)
    unnamed: list[str] = []
    unknown: list[str] = []
    for module in sorted(RULE_MODULES[game]):
        for function in _functions(GAMES / game / f"{module}.py"):
            if function.name in HELPERS:
                continue
            cited = RULE_NUMBER.findall(ast.get_docstring(function) or "")
            where = f"{module}.{function.name}"
            if not cited:
                unnamed.append(where)
            # "R4.1–R4.7" cites two numbers; "R4" a section whose rules RULES.md numbers R4.x
            unknown += [f"{where}: R{n}" for n in cited
                        if n not in known and not any(k.startswith(n + ".") for k in known)]
    assert not unnamed, f"{game}: no rule number in the docstring of {unnamed}"
    assert not unknown, f"{game}: rule numbers RULES.md does not have: {unknown}"


def test_a_function_without_a_rule_number_is_found(tmp_path: Path) -> None:
    path = tmp_path / "rules.py"
    path.write_text('def named():\n    """Draw a tile (R3.1)."""\n\n'
                    'def unnamed():\n    """Draw a tile."""\n', encoding="utf-8")
    found = {f.name: RULE_NUMBER.findall(ast.get_docstring(f) or "") for f in _functions(path)}
    assert found == {"named": ["3.1"], "unnamed": []}
