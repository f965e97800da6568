"""No import cycle in `boardwright/`: the module graph, read from the source with `ast`, has no
strongly connected component of more than one module.

Python runs a package's `__init__` before any of its modules, so `from . import payloads` is an
edge to `payloads`, not to the package; `from .pkg import name` is an edge to the module `name`
when there is one, else to `pkg` (the name lives in its `__init__`). Imports inside functions
count (they run), and so do imports under `if TYPE_CHECKING:`: they never run, but a cycle through
them is still a design cycle a reader has to untangle, so none is allowed either.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import boardwright

ROOT = Path(boardwright.__file__).parent
Graph = dict[str, set[str]]

def modules(root: Path) -> dict[str, Path]:
    found = {}
    for path in root.rglob("*.py"):
        name = ".".join(path.relative_to(root.parent).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            test = node.test
            name = test.id if isinstance(test, ast.Name) else getattr(test, "attr", "")
            if name == "TYPE_CHECKING":
                inside.update(id(sub) for sub in ast.walk(node))
    return inside


def import_graph(root: Path, *, with_type_checking: bool) -> Graph:
    """module -> the modules it imports (only modules under `root`)."""
    found = modules(root)
    graph: Graph = {name: set() for name in found}
    for name, path in found.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        skip = set() if with_type_checking else _type_checking_nodes(tree)
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*parts, base] if base else parts)
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    targets.append(sub if sub in found else base)
            graph[name].update(t for t in targets if t in found and t != name)
    return graph


def cycles(graph: Graph) -> Iterator[tuple[str, ...]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()

    def visit(v: str) -> Iterator[tuple[str, ...]]:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                yield from visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                yield tuple(sorted(component))

    for v in sorted(graph):
        if v not in index:
            yield from visit(v)


def test_no_import_cycle_runs() -> None:
    assert list(cycles(import_graph(ROOT, with_type_checking=False))) == []


def test_no_import_cycle_for_types_either() -> None:
    assert list(cycles(import_graph(ROOT, with_type_checking=True))) == []


def test_the_walker_finds_a_cycle_through_a_package_and_ignores_parent_imports(
        tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("from .a import A\n")
    (pkg / "a.py").write_text("from . import b\nA = 1\n")
    (pkg / "b.py").write_text("def f():\n    from pkg.a import A\n    return A\n")
    (pkg / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                              "    from .d import D\n")
    (pkg / "d.py").write_text("from .c import C\nD = 1\n")
    runtime = import_graph(pkg, with_type_checking=False)
    assert list(cycles(runtime)) == [("pkg.a", "pkg.b")]  # b imports a inside a function
    assert "pkg" not in runtime["pkg.a"]  # `from . import b` reaches b, not the package
    typed = import_graph(pkg, with_type_checking=True)
    assert set(cycles(typed)) == {("pkg.a", "pkg.b"), ("pkg.c", "pkg.d")}
