"""Runebound's package has the shape docs/architecture.md describes: the table (`state.py`)
imports no rule module, not even for types, and the rule modules take the table and never
import the engine's `State` (`forward.py`)."""

from __future__ import annotations

import ast
from pathlib import Path

import boardwright.games.runebound as runebound

PKG = Path(runebound.__file__).parent
RULE_MODULES = ("adventures", "combat", "damage", "decks", "endgame", "experience", "market",
                "movement", "pvp", "queries", "rules", "trading", "turn")


def sibling_imports(module: str) -> set[str]:
    """The package's modules that `module` imports anywhere (under TYPE_CHECKING too)."""
    tree = ast.parse((PKG / f"{module}.py").read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                found.add(node.module.split(".")[0])
            else:
                found.update(alias.name for alias in node.names)
    return found


def test_the_table_imports_no_rule_module() -> None:
    assert sibling_imports("state") == {"content", "data"}


def test_the_rule_modules_take_the_table_and_never_import_the_engine_state() -> None:
    for name in RULE_MODULES:
        imports = sibling_imports(name)
        assert "forward" not in imports, name
        assert "state" in imports, name
        assert not imports & {"heuristic", "policy", "refusals", "text", "game"}, name
