"""The doctests of the compiled modules (README, "Compiled build"): mypyc keeps no
docstrings, so each compiled module's examples are read from its source and run against the
compiled module, its globals; the same examples pytest's doctest collection finds in the
pure-Python modules (checked in a subprocess). On the pure-Python build pytest's own
``--doctest-modules`` runs them and there is nothing to do here."""

from __future__ import annotations

import ast
import doctest
import importlib
import json
import os
import pkgutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from kaboom import _build

PACKAGES = ("kaboom.engine", "kaboom.games")
#: Single modules compiled besides (``tools/compile.py``'s ``MODULES``).
MODULES = ("kaboom.bots.ismcts", "kaboom.rl.features", "kaboom.rl.batch")


def modules() -> list[ModuleType]:
    found = [importlib.import_module(name) for name in MODULES]
    for package in PACKAGES:
        root = importlib.import_module(package)
        found.append(root)
        for info in pkgutil.walk_packages(root.__path__, f"{package}."):
            found.append(importlib.import_module(info.name))
    return found


def source_doctests(module: ModuleType) -> list[doctest.DocTest]:
    """Every docstring's examples in ``module``'s source, named as ``DocTestFinder`` names
    them, to run in (a copy of) the module's globals."""
    source = _build.source_of(module)
    tree = ast.parse(source.read_text(encoding="utf-8"))
    parser, found = doctest.DocTestParser(), []

    def visit(node: ast.AST, name: str) -> None:
        doc = ast.get_docstring(node, clean=False)  # type: ignore[arg-type]
        if doc is not None:
            body = node.body  # type: ignore[attr-defined]
            test = parser.get_doctest(
                doc, dict(vars(module)), name, str(source), body[0].lineno - 1
            )
            if test.examples:
                found.append(test)
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    continue  # (DocTestFinder does not look inside functions)
                visit(child, f"{name}.{child.name}")

    visit(tree, module.__name__)
    return found


def pure_doctests() -> list[tuple[str, int]]:
    """(name, examples) of what ``DocTestFinder`` finds in the pure-Python modules."""
    finder = doctest.DocTestFinder()
    return sorted(
        (t.name, len(t.examples)) for m in modules() for t in finder.find(m) if t.examples
    )


def compiled_doctests() -> list[doctest.DocTest]:
    found = [t for m in modules() if _build.is_compiled(m) for t in source_doctests(m)]
    return sorted(found, key=lambda t: t.name)


TESTS = compiled_doctests()


@pytest.mark.build
def test_the_compiled_modules_doctests_are_the_pure_ones() -> None:
    if not TESTS:
        pytest.skip("the pure-Python modules run: pytest's --doctest-modules runs their doctests")
    path = filter(None, [str(Path(__file__).parent), os.environ.get("PYTHONPATH")])
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import json, test_doctests as t; print(json.dumps(t.pure_doctests()))",
        ],
        cwd=Path(__file__).parent,
        env={**os.environ, _build.PURE_ENV: "1", "PYTHONPATH": os.pathsep.join(path)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert [tuple(x) for x in json.loads(done.stdout)] == sorted(
        (t.name, len(t.examples)) for t in TESTS
    )


@pytest.mark.parametrize("test", TESTS, ids=[t.name for t in TESTS])
def test_doctest_of_a_compiled_module(test: doctest.DocTest) -> None:
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    result = runner.run(test, out=report.append, clear_globs=True)
    assert result.failed == 0, "".join(report)
