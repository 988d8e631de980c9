"""The layering: every module imports only from layers below its own; no global random."""

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "rami"

CORE = [
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
WORDS = [{"i18n"}, {"narration", "rulespage"}]
PLANNING = [{"planning"}]
UPPER = [{"bots"}, {"accounts"}, {"server", "tui"}, {"cli"}]
LAYERS = [*CORE, *WORDS, *PLANNING, *UPPER]
"""Bottom first. A module may import any layer below its own and, inside a package, the
package's own modules; never a module of its own layer or one above it."""


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


def _files(layers: list[set[str]]) -> list[Path]:
    names = set().union(*layers)
    return sorted(
        path
        for path in SRC.rglob("*.py")
        if path != SRC / "__init__.py" and _module_name(path).split(".")[0] in names
    )


def test_every_module_has_a_layer() -> None:
    unplaced = {
        _module_name(path)
        for path in SRC.rglob("*.py")
        if path != SRC / "__init__.py" and _layer(_module_name(path)) is None
    }
    assert unplaced == set()
    assert _imports(SRC / "__init__.py") == set()


@pytest.mark.parametrize("path", _files(LAYERS), ids=lambda p: _module_name(p))
def test_imports_point_down(path: Path) -> None:
    name = _module_name(path)
    own = _layer(name)
    assert own is not None
    for imported in _imports(path):
        layer = _layer(imported)
        assert layer is not None, f"{name} imports {imported}, which has no layer"
        same_package = path.parent != SRC and imported.split(".")[0] == name.split(".")[0]
        assert layer < own or same_package, f"{name} imports {imported}"


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


def test_core_and_planning_never_import_random_at_all() -> None:
    for path in _files([*CORE, *PLANNING]):
        assert "random" not in {
            alias.name
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Import)
            for alias in node.names
        }, path.name
