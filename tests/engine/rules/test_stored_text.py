"""Every text from storage is safe to encode and to hash (issue 39, finding 1).

A lone surrogate (half of a UTF-16 pair: JavaScript strings may hold one) cannot be
encoded to UTF-8; a stored match that carried one in a field the record does not
have was accepted, and hashing its text stopped the page on every visit. JSON from
outside now refuses lone surrogates, raw or escaped, and a record refuses fields it
does not have.
"""

from __future__ import annotations

import json

import pytest
from tractor.jsondata import DataError, parse_json
from tractor.match import Match
from tractor.rules import Rules
from tractor.save import SaveError, dumps, loads


def a_record() -> dict[str, object]:
    m = Match(Rules(decks=1), 3)
    deal = m.system_action()
    assert deal is not None
    m.apply(deal)
    data: dict[str, object] = json.loads(dumps(m))
    return data


@pytest.mark.parametrize(
    "value", ["\ud800", "ok", 1, None], ids=["surrogate", "text", "int", "null"]
)
def test_a_stored_match_with_a_field_the_record_does_not_have_is_refused(value: object) -> None:
    data = a_record()
    data["note"] = value
    with pytest.raises(SaveError) as refused:
        loads(json.dumps(data, ensure_ascii=False))
    assert refused.value.reason == "damaged"
    assert "unknown field" in str(refused.value) or "lone surrogate" in str(refused.value)
    str(refused.value).encode("utf-8")  # the message itself is safe to show and to log


@pytest.mark.parametrize(
    "text",
    ['{"note": "\ud800"}', '{"note": "\\ud800"}', '{"\\udfff": 1}', '["a\\udc00b"]',
     '{"x": ["\\uD83D"]}'],
    ids=["raw", "escaped", "escaped-key", "low-half", "upper-case-escape"],
)
def test_json_from_outside_with_a_lone_surrogate_is_refused(text: str) -> None:
    with pytest.raises(DataError, match="lone surrogate"):
        parse_json(text, max_chars=1000, max_depth=4)


def test_a_surrogate_pair_is_text_and_parses() -> None:
    from tractor.jsondata import lone_surrogate

    assert parse_json('["\\ud83c\\udccf", "🃏"]', max_chars=100, max_depth=2) == ["🃏", "🃏"]
    assert not lone_surrogate("🃏 拖拉机") and lone_surrogate("\ud83c")


def test_a_record_with_a_lone_surrogate_escaped_in_a_field_is_refused() -> None:
    data = a_record()
    text = json.dumps(data)[:-1] + ', "note": "\\ud800"}'
    with pytest.raises(SaveError):
        loads(text)
