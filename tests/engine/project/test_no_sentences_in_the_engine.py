"""The engine holds no sentence: what it says to a reader is a message key and named
parameters (``tractor.positions.saying``), and the sentences are the catalogs'
(``web/locale/*/LC_MESSAGES/tractor.po``). Docstrings and comments may quote them.

Found in the code proper (not a docstring): a string with a CJK character, or a dict
display keyed by a language (``{"en": "…", "zh": …}``) whose value is written text (a
string or an f-string). A dict of languages built from other values (a scenario's own
texts normalised, ``{"en": value, "zh": value}``) is not a sentence of the engine's,
nor is notation the engine reads (``NOTATION``).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[3] / "pyengine" / "tractor"
CJK = re.compile("[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")
LANGUAGES = ("en", "zh", "zh-Hant")
NOTATION = frozenset({"无主"})
"""Words the engine reads, not says: ``trump.parse_trump_suit`` takes 无主 for NT."""


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string nodes that are docstrings (of the module, a class, a function,
    or an attribute's, the string right after an assignment)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for i, statement in enumerate(body):
            first = i == 0 and isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef
                                          | ast.AsyncFunctionDef)
            after_assignment = i > 0 and isinstance(body[i - 1], ast.Assign | ast.AnnAssign)
            if (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
                    and isinstance(statement.value.value, str) and (first or after_assignment)):
                found.add(id(statement.value))
    return found


def sentences(source: str, name: str) -> list[str]:
    """Where ``source`` holds a sentence (see the module's docstring)."""
    tree = ast.parse(source)
    skip = docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and id(node) not in skip and CJK.search(node.value)
                and node.value not in NOTATION):
            found.append(f"{name}:{node.lineno}: {node.value[:40]!r}")
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                language = isinstance(key, ast.Constant) and key.value in LANGUAGES
                written = isinstance(value, ast.JoinedStr) or (
                    isinstance(value, ast.Constant) and isinstance(value.value, str))
                if language and written:
                    found.append(f"{name}:{node.lineno}: a sentence in {key.value!r}")  # type: ignore[union-attr]
    return found


def test_no_sentence_is_left_in_the_engine_s_code() -> None:
    found = [where for path in sorted(ENGINE.rglob("*.py"))
             for where in sentences(path.read_text(encoding="utf-8"),
                                    str(path.relative_to(ENGINE)))]
    assert not found, found


def test_the_search_finds_a_sentence_of_each_kind_but_not_in_a_docstring() -> None:
    source = '''
"""A module that quotes 你 in its docstring."""
WORDS = {"en": f"Hand {1}.", "zh": "第一局"}
NAMES = {"en": name, "zh": name}
HINT = "先出对子"
"""A docstring after an assignment: 对家."""
def f() -> None:
    """Quoting 下家 here is fine."""
    return {"zh-Hant": "對家"}
'''
    found = sentences(source, "m.py")
    assert sorted(where.split(":")[1] for where in found) == ["3", "3", "3", "5", "9", "9"], found
    assert not [where for where in found if "你" in where or "對家." in where or "下家" in where]
