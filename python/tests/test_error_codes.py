"""The client's ERR code table against docs/PROTOCOL.md §4.2's, the one the Swift
tests check the stand's `SwivelError.Code` against (ErrorCodeTableTests.swift).

`ErrorCode` is written out by hand (a reader of errors.py should see the codes),
so this is what keeps it from drifting: the same numbers and names as the
document, and for each code the `StandError` subclass named for it.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from swivel import errors
from swivel.errors import ErrorCode, StandError, stand_error

PROTOCOL = Path(__file__).resolve().parents[2] / "docs" / "PROTOCOL.md"
_ROW = re.compile(r"^\| (0x[0-9a-f]+|\d+) \| `(\w+)` \|", re.MULTILINE)


def _documented() -> dict[int, str]:
    """Code → camelCase name, from the table that follows the ERR layout."""
    text = PROTOCOL.read_text(encoding="utf-8")
    start = text.index("| Code | Name | When |")
    end = text.index("\n\n", start)
    rows = {int(code, 0): name for code, name in _ROW.findall(text[start:end])}
    assert rows, "no rows under docs/PROTOCOL.md's error code table"
    return rows


def _upper_snake(camel: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", camel).upper()


DOCUMENTED = _documented()


def test_the_table_has_the_codes_it_had_at_issue_28() -> None:
    # A parse that found nothing, or half, must fail rather than compare two empty tables.
    assert sorted(DOCUMENTED) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0x20, 0x21, 0x22, 0x23]


def test_error_code_is_the_documented_table() -> None:
    assert {code.value: code.name for code in ErrorCode} == {
        value: _upper_snake(name) for value, name in DOCUMENTED.items()
    }


@pytest.mark.parametrize("value", sorted(DOCUMENTED))
def test_each_code_raises_the_class_named_for_it(value: int) -> None:
    name = DOCUMENTED[value]
    cls = getattr(errors, name[0].upper() + name[1:])
    assert issubclass(cls, StandError) and cls.code == value
    error = stand_error(value, "r", axis=1, value=0.5, command_id=0x25)
    assert type(error) is cls
    assert (error.code, error.reason, error.axis, error.value, error.command_id) == (value, "r", 1, 0.5, 0x25)
    assert ErrorCode(value) == value


def test_an_undocumented_code_is_a_plain_stand_error() -> None:
    undocumented = next(v for v in range(256) if v not in DOCUMENTED)
    error = stand_error(undocumented, "r")
    assert type(error) is StandError and error.code == undocumented
