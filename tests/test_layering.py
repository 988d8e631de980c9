"""The layering: every module imports only from layers below its own (inside the server too,
package by package, with no import circle); no global random."""

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
    {"views", "records", "duplicate", "tournaments"},
]
WORDS = [{"i18n"}, {"narration", "rulespage"}]
PLANNING = [{"planning"}]
UPPER = [{"bots"}, {"review"}, {"accounts"}, {"server", "tui"}, {"cli"}]
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


SERVER = SRC / "server"
SERVER_LAYERS = [{"messages", "store"}, {"tables"}, {"social"}, {"edge"}, {"cluster"}]
"""The server's packages, bottom first. A server module imports modules of its own package and
of packages below; ``rami.server`` itself (the face: ``create_app``, ``Settings``) is imported
from outside the server only."""


def _server_module(name: str) -> str:
    """``name`` resolved to a module file of the server (``from package import module``)."""
    path = SRC.joinpath(*name.split(".")[1:])
    return name if path.is_dir() or path.with_suffix(".py").exists() else name.rsplit(".", 1)[0]


def _server_imports(path: Path) -> set[str]:
    """The server modules ``path`` imports anywhere in it (under TYPE_CHECKING, in functions)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("rami.server"))
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("rami.server"):
            found.update(_server_module(f"{node.module}.{a.name}") for a in node.names)
    return {name.removeprefix("rami.") for name in found}


def _server_package(name: str) -> int | None:
    parts = name.split(".")
    for index, layer in enumerate(SERVER_LAYERS):
        if len(parts) > 1 and parts[1] in layer:
            return index
    return None


SERVER_FILES = sorted(SERVER.rglob("*.py"))


def test_every_server_module_is_in_a_package_with_a_docstring() -> None:
    loose = [p.name for p in SERVER.glob("*.py") if p.name != "__init__.py"]
    assert loose == []
    packages = {p.name for p in SERVER.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert packages == set().union(*SERVER_LAYERS)
    for package in packages:
        doc = ast.get_docstring(ast.parse((SERVER / package / "__init__.py").read_text()))
        assert doc and "\n" not in doc, f"server/{package}/__init__.py needs a one-line docstring"


@pytest.mark.parametrize("path", SERVER_FILES, ids=lambda p: _module_name(p))
def test_server_imports_point_down(path: Path) -> None:
    name = _module_name(path)
    if name == "server":
        return  # the face imports the app and the settings (lazily)
    own = _server_package(name)
    assert own is not None
    for imported in _server_imports(path):
        assert imported != "server", f"{name} imports the face rami.server"
        layer = _server_package(imported)
        same_package = imported.split(".")[1] == name.split(".")[1]
        assert layer is not None and (layer < own or same_package), f"{name} imports {imported}"


def _circle(graph: dict[str, set[str]]) -> list[str]:
    """One import circle of ``graph`` (empty: none), found by a depth-first walk."""
    done: set[str] = set()
    path: list[str] = []

    def walk(node: str) -> list[str]:
        if node in path:
            return [*path[path.index(node) :], node]
        if node in done:
            return []
        path.append(node)
        for target in sorted(graph.get(node, ())):
            if found := walk(target):
                return found
        path.pop()
        done.add(node)
        return []

    for node in sorted(graph):
        if found := walk(node):
            return found
    return []


def test_no_import_circle_among_server_modules() -> None:
    graph = {_module_name(p): _server_imports(p) for p in SERVER_FILES}
    assert len(graph) > 40 and all(imports <= set(graph) for imports in graph.values())
    assert _circle(graph) == []


def test_the_circle_finder_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _circle(graph) == ["a", "b", "c", "a"]
    assert _circle({"a": {"b"}, "b": set()}) == []


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
