"""The layering: the core never imports from bots, clients, server or CLI; no global random."""

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "rami"

LAYERS = [
    {"errors"},
    {"cards"},
    {"melds"},
    {"rules"},
    {"scoring", "shuffle", "actions"},
    {"solver"},
    {"state"},
    {"engine"},
    {"match", "positions"},
    {"views", "records"},
]
CORE = set().union(*LAYERS)
SOLVER_TABLE = {"solver.table", "solver.hint", "solver.moves"}
"""Solver modules that read a player's view: above the engine, never imported by the core."""
SOLVER_CORE = {
    f"solver.{p.stem}"
    for p in (SRC / "solver").glob("*.py")
    if p.stem != "__init__" and f"solver.{p.stem}" not in SOLVER_TABLE
}
UPPER = ("bots", "tui", "server", "accounts", "web", "cli")


def _module_name(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(p for p in parts if p != "__init__")


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return {name.removeprefix("rami.") for name in found if name.startswith("rami.")}


def _layer(name: str) -> int | None:
    top = name.split(".")[0]
    for index, layer in enumerate(LAYERS):
        if top in layer:
            return index
    return None


def _core_files() -> list[Path]:
    files = [SRC / f"{name}.py" for name in CORE if (SRC / f"{name}.py").exists()]
    files += (SRC / "engine").glob("*.py")  # the engine is a package of core modules
    files += [p for p in (SRC / "solver").glob("*.py") if _module_name(p) in SOLVER_CORE]
    solver_init = SRC / "solver" / "__init__.py"
    if solver_init.exists():
        files.append(solver_init)
    return sorted(files)


@pytest.mark.parametrize("path", _core_files(), ids=lambda p: _module_name(p))
def test_core_imports_only_lower_layers(path: Path) -> None:
    own = _layer(_module_name(path))
    assert own is not None
    for imported in _imports(path):
        assert not imported.startswith(UPPER), f"{path.name} imports {imported}"
        layer = _layer(imported)
        if _module_name(path).startswith("engine") and imported.startswith("engine."):
            continue  # the engine's modules import one another
        if _module_name(path).startswith("solver") and imported.startswith("solver"):
            assert imported in SOLVER_CORE, f"the solver core imports {imported}"
            continue
        assert layer is not None, f"{path.name} imports {imported}, which is not core"
        assert layer < own or imported == _module_name(path), f"{path.name} imports {imported}"


def _global_random_uses(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    uses = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "random":
            uses += [a.name for a in node.names if a.name not in ("Random", "SystemRandom")]
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "random"
            and node.attr not in ("Random", "SystemRandom")
        ):
            uses.append(f"random.{node.attr}")
    return uses


def test_nothing_calls_the_global_random() -> None:
    offenders = {
        str(path.relative_to(SRC)): uses
        for path in SRC.rglob("*.py")
        if (uses := _global_random_uses(path))
    }
    assert offenders == {}


def test_core_never_imports_random_at_all() -> None:
    for path in _core_files():
        assert "random" not in {
            alias.name
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Import)
            for alias in node.names
        }, path.name
