"""A strict JSON5 reader that keeps the line and column of every value and key.

It is the Swift board loader's reader (Sources/Core/SwivelBoard/JSON5) in Python,
so a board file means the same to `swivel-vision` as to `swiveld`: comments,
unquoted keys (ECMAScript identifier names, `\\uXXXX` escapes included),
single- or double-quoted strings with JSON5's escapes, trailing commas,
hexadecimal integers, `.5`, `5.`, `+1`, `Infinity` and `NaN` (parsed as
numbers; every board key then rejects them as not finite, as the Swift
decoder does). On top of the grammar: a duplicate key in one object, nesting
deeper than 64 levels and input over 1 MiB are errors. Parsing stops at the
first error, a `Json5Error` with its line:column.
"""
from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass, field
from enum import Enum

MAXIMUM_DEPTH = 64
MAXIMUM_BYTES = 1 << 20
# The Swift reader's integers are Int (64-bit); a larger literal is a Double there.
_INT64_MIN, _INT64_MAX = -(1 << 63), (1 << 63) - 1


class Json5ErrorKind(Enum):
    SYNTAX = "syntax"
    DUPLICATE_KEY = "duplicateKey"
    TOO_DEEP = "tooDeep"
    TOO_LARGE = "tooLarge"


class Json5Error(ValueError):
    """Why a JSON5 text was rejected, with where (1-based line and column, in characters)."""

    def __init__(self, kind: Json5ErrorKind, line: int, column: int, message: str, key_path: str = "") -> None:
        super().__init__(f"{line}:{column}: {message}")
        self.kind = kind
        self.line = line
        self.column = column
        self.message = message
        # The member being parsed, e.g. `axes.yaw` or `serial[0].baud`; "" at the top.
        self.key_path = key_path


@dataclass(frozen=True, slots=True)
class Json5Member:
    key: str
    key_line: int
    key_column: int
    value: "Json5Value"


@dataclass(frozen=True, slots=True)
class Json5Value:
    """A parsed value and where it starts.

    `value` is None (null), bool, int (an integer literal that fits 64 bits),
    float (anything else numeric: fractions, exponents, Infinity, NaN), str,
    a tuple of Json5Value (array) or a tuple of Json5Member (object, in source
    order; `is_object` tells the two apart when empty).
    """

    value: object
    line: int
    column: int
    is_object: bool = False
    is_array: bool = False
    members: tuple[Json5Member, ...] = field(default=())
    elements: tuple["Json5Value", ...] = field(default=())

    def member(self, key: str) -> Json5Member | None:
        for candidate in self.members:
            if candidate.key == key:
                return candidate
        return None

    def to_python(self) -> object:
        """Plain dicts, lists and scalars, for callers that need no positions."""
        if self.is_object:
            return {m.key: m.value.to_python() for m in self.members}
        if self.is_array:
            return [e.to_python() for e in self.elements]
        return self.value


def describe_number(value: int | float) -> str:
    """A number as the Swift reader's messages print it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "-Infinity" if value < 0 else "Infinity"
    return repr(value)


def loads(text: str, maximum_depth: int = MAXIMUM_DEPTH, maximum_bytes: int = MAXIMUM_BYTES) -> Json5Value:
    size = len(text.encode("utf-8", errors="surrogatepass"))
    if size > maximum_bytes:
        raise Json5Error(Json5ErrorKind.TOO_LARGE, 1, 1, f"input is {size} bytes; the limit is {maximum_bytes} bytes")
    return _Parser(text, maximum_depth).parse_document()


def _is_line_terminator(c: str) -> bool:
    return c in "\n\r\u2028\u2029"


def _is_whitespace(c: str) -> bool:
    return c in "\t\x0b\x0c \xa0\ufeff" or _is_line_terminator(c) or unicodedata.category(c) == "Zs"


def _is_identifier_start(c: str) -> bool:
    # str.isidentifier on one character is XID_Start (and "_"): ECMAScript's ID_Start.
    return c in "$_" or c.isidentifier()


def _is_identifier_part(c: str) -> bool:
    return _is_identifier_start(c) or ("a" + c).isidentifier() or c in "\u200c\u200d"


def _hex_value(c: str | None) -> int | None:
    if c is None:
        return None
    if "0" <= c <= "9":
        return ord(c) - 0x30
    if "a" <= c <= "f":
        return ord(c) - 0x61 + 10
    if "A" <= c <= "F":
        return ord(c) - 0x41 + 10
    return None


def _describe(c: str | None) -> str:
    if c is None:
        return "end of input"
    if _is_line_terminator(c):
        return "a line break"
    if c == "'":
        return "\"'\""
    if unicodedata.category(c) in ("Cc", "Cf", "Zs", "Zl", "Zp", "Cs", "Co", "Cn"):
        return f"U+{ord(c):04X}"
    return f"'{c}'"


class _Parser:
    def __init__(self, text: str, maximum_depth: int) -> None:
        self.text = text
        self.maximum_depth = maximum_depth
        self.index = 0
        self.line = 1
        self.column = 1
        self.depth = 0
        self.path: list[str | int] = []

    # --- cursor ---
    @property
    def current(self) -> str | None:
        return self.text[self.index] if self.index < len(self.text) else None

    def peek(self, offset: int) -> str | None:
        at = self.index + offset
        return self.text[at] if at < len(self.text) else None

    def advance(self) -> None:
        c = self.current
        if c is None:
            return
        self.index += 1
        if c in "\n\u2028\u2029":
            self.line += 1
            self.column = 1
        elif c == "\r":
            # CR LF is one line break: the LF ends the line.
            if self.current == "\n":
                self.column += 1
            else:
                self.line += 1
                self.column = 1
        else:
            self.column += 1

    @property
    def rendered_path(self) -> str:
        text = ""
        for component in self.path:
            if isinstance(component, int):
                text += f"[{component}]"
            else:
                text += ("." if text else "") + component
        return text

    def error(self, message: str, at: tuple[int, int] | None = None, kind: Json5ErrorKind = Json5ErrorKind.SYNTAX) -> Json5Error:
        line, column = at if at is not None else (self.line, self.column)
        return Json5Error(kind, line, column, message, self.rendered_path)

    def skip_trivia(self) -> None:
        while (c := self.current) is not None:
            if _is_whitespace(c):
                self.advance()
            elif c == "/":
                self.skip_comment()
            else:
                return

    def skip_comment(self) -> None:
        start = (self.line, self.column)
        self.advance()
        if self.current == "/":
            while (c := self.current) is not None and not _is_line_terminator(c):
                self.advance()
        elif self.current == "*":
            self.advance()
            while True:
                c = self.current
                if c is None:
                    raise self.error(f"unterminated block comment (it starts at {start[0]}:{start[1]}); expected '*/'")
                self.advance()
                if c == "*" and self.current == "/":
                    self.advance()
                    return
        else:
            raise self.error(
                f"expected '//' or '/*' to start a comment, found '/' followed by {_describe(self.current)}", start
            )

    # --- values ---
    def parse_document(self) -> Json5Value:
        self.skip_trivia()
        value = self.parse_value()
        self.skip_trivia()
        if self.current is not None:
            raise self.error(f"expected end of input after the top-level value, found {_describe(self.current)}")
        return value

    def parse_value(self) -> Json5Value:
        c = self.current
        if c is None:
            raise self.error("expected a value, found end of input")
        if c == "{":
            return self.parse_object()
        if c == "[":
            return self.parse_array()
        if c in "\"'":
            line, column = self.line, self.column
            return Json5Value(self.parse_string(), line, column)
        if c in "0123456789+-.":
            return self.parse_number()
        if not _is_identifier_start(c):
            raise self.error(f"expected a value, found {_describe(c)}")
        return self.parse_literal_word()

    def parse_literal_word(self) -> Json5Value:
        line, column = self.line, self.column
        word = ""
        while (c := self.current) is not None and _is_identifier_part(c):
            word += c
            self.advance()
        literals: dict[str, object] = {"true": True, "false": False, "null": None, "Infinity": math.inf, "NaN": math.nan}
        if word in literals:
            return Json5Value(literals[word], line, column)
        raise self.error(f"expected a value, found the bare word '{word}' (strings need quotes)", (line, column))

    def enter_container(self, at: tuple[int, int]) -> None:
        self.depth += 1
        if self.depth > self.maximum_depth:
            raise self.error(
                f"objects and arrays nested deeper than {self.maximum_depth} levels", at, Json5ErrorKind.TOO_DEEP
            )

    def parse_object(self) -> Json5Value:
        start = (self.line, self.column)
        self.advance()
        self.enter_container(start)
        members: list[Json5Member] = []
        first_line: dict[str, int] = {}
        self.skip_trivia()
        while True:
            c = self.current
            if c is None:
                raise self.error("expected a key or '}', found end of input")
            if c == "}":
                self.advance()
                break
            key_at = (self.line, self.column)
            key = self.parse_key()
            if key in first_line:
                self.path.append(key)
                raise self.error(
                    f'duplicate key "{key}": first at line {first_line[key]}, again at line {key_at[0]}',
                    key_at,
                    Json5ErrorKind.DUPLICATE_KEY,
                )
            first_line[key] = key_at[0]
            self.skip_trivia()
            if self.current != ":":
                raise self.error(f"expected ':' after the key \"{key}\", found {_describe(self.current)}")
            self.advance()
            self.skip_trivia()
            self.path.append(key)
            value = self.parse_value()
            self.path.pop()
            members.append(Json5Member(key, key_at[0], key_at[1], value))
            self.skip_trivia()
            if self.current == ",":
                self.advance()
                self.skip_trivia()
                continue
            if self.current == "}":
                self.advance()
                break
            raise self.error(f"expected ',' or '}}' after the value of \"{key}\", found {_describe(self.current)}")
        self.depth -= 1
        return Json5Value(None, start[0], start[1], is_object=True, members=tuple(members))

    def parse_key(self) -> str:
        c = self.current
        if c is None:
            raise self.error("expected a key or '}', found end of input")
        if c in "\"'":
            return self.parse_string()
        if c == "\\" or _is_identifier_start(c):
            return self.parse_identifier_name()
        raise self.error(f"expected a key (a name or a quoted string) or '}}', found {_describe(c)}")

    def parse_array(self) -> Json5Value:
        start = (self.line, self.column)
        self.advance()
        self.enter_container(start)
        elements: list[Json5Value] = []
        self.skip_trivia()
        while True:
            c = self.current
            if c is None:
                raise self.error("expected a value or ']', found end of input")
            if c == "]":
                self.advance()
                break
            self.path.append(len(elements))
            elements.append(self.parse_value())
            self.path.pop()
            self.skip_trivia()
            if self.current == ",":
                self.advance()
                self.skip_trivia()
                continue
            if self.current == "]":
                self.advance()
                break
            raise self.error(f"expected ',' or ']' after an array element, found {_describe(self.current)}")
        self.depth -= 1
        return Json5Value(None, start[0], start[1], is_array=True, elements=tuple(elements))

    # --- names and strings ---
    def parse_hex_digits(self, count: int) -> int:
        value = 0
        for _ in range(count):
            digit = _hex_value(self.current)
            if digit is None:
                raise self.error(f"expected {count} hexadecimal digits, found {_describe(self.current)}")
            value = value * 16 + digit
            self.advance()
        return value

    def parse_identifier_name(self) -> str:
        name = ""
        while (c := self.current) is not None:
            if c == "\\":
                escape_at = (self.line, self.column)
                self.advance()
                if self.current != "u":
                    raise self.error(f"expected 'u' after '\\' in a key name, found {_describe(self.current)}")
                self.advance()
                value = self.parse_hex_digits(4)
                decoded = chr(value) if not 0xD800 <= value <= 0xDFFF else None
                allowed = decoded is not None and (
                    _is_identifier_start(decoded) if not name else _is_identifier_part(decoded)
                )
                if not allowed or decoded is None:
                    raise self.error(f"\\u{value:04X} is not a character allowed in a key name", escape_at)
                name += decoded
            elif _is_identifier_start(c) if not name else _is_identifier_part(c):
                name += c
                self.advance()
            else:
                break
        return name

    def parse_string(self) -> str:
        quote = self.current
        start = (self.line, self.column)
        self.advance()
        text: list[str] = []
        while True:
            c = self.current
            if c is None:
                raise self.error(f"unterminated string (it starts at {start[0]}:{start[1]}); expected {_describe(quote)}")
            if c == quote:
                self.advance()
                return "".join(text)
            if c in "\n\r":
                raise self.error(
                    f"unterminated string (it starts at {start[0]}:{start[1]}): a line break inside a string must be escaped with '\\'"
                )
            if c == "\\":
                self.parse_escape(text)
            else:
                text.append(c)
                self.advance()

    def parse_escape(self, text: list[str]) -> None:
        escape_at = (self.line, self.column)
        self.advance()
        c = self.current
        if c is None:
            raise self.error("unterminated string: expected an escaped character after '\\', found end of input")
        if _is_line_terminator(c):
            self.advance()
            if c == "\r" and self.current == "\n":
                self.advance()
            return
        simple = {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v"}
        if c in simple:
            text.append(simple[c])
        elif c == "0":
            following = self.peek(1)
            if following is not None and following in "0123456789":
                raise self.error(f"octal escapes such as '\\0{following}' are not allowed", escape_at)
            text.append("\0")
        elif c in "123456789":
            raise self.error(f"'\\{c}' is not a valid escape (octal escapes are not allowed)", escape_at)
        elif c == "x":
            self.advance()
            text.append(chr(self.parse_hex_digits(2)))
            return
        elif c == "u":
            self.advance()
            text.append(self.parse_unicode_escape(escape_at))
            return
        else:
            text.append(c)
        self.advance()

    def parse_unicode_escape(self, escape_at: tuple[int, int]) -> str:
        first = self.parse_hex_digits(4)
        if 0xD800 <= first <= 0xDBFF and self.current == "\\" and self.peek(1) == "u":
            self.advance()
            self.advance()
            second = self.parse_hex_digits(4)
            if not 0xDC00 <= second <= 0xDFFF:
                raise self.error(f"\\u{first:04X} is a high surrogate not followed by a low surrogate", escape_at)
            return chr(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
        if 0xD800 <= first <= 0xDFFF:
            raise self.error(f"\\u{first:04X} is a lone surrogate, which a string cannot hold", escape_at)
        return chr(first)

    # --- numbers ---
    def parse_number(self) -> Json5Value:
        start = (self.line, self.column)
        negative = False
        if self.current in ("+", "-"):
            negative = self.current == "-"
            self.advance()
        number: int | float
        if self.current in ("I", "N"):
            number = self.parse_named_number(negative, start)
        elif self.current == "0" and self.peek(1) in ("x", "X"):
            self.advance()
            self.advance()
            number = self.parse_hex_integer(negative)
        else:
            number = self.parse_decimal(negative, start)
        following = self.current
        if following is not None and (following == "\\" or following in "0123456789" or _is_identifier_start(following)):
            raise self.error(f"expected a delimiter after the number, found {_describe(following)}")
        return Json5Value(number, start[0], start[1])

    def parse_named_number(self, negative: bool, start: tuple[int, int]) -> float:
        word = ""
        while (c := self.current) is not None and _is_identifier_part(c):
            word += c
            self.advance()
        if word == "Infinity":
            return -math.inf if negative else math.inf
        if word == "NaN":
            return math.nan
        raise self.error(f"expected a number, found '{word}'", start)

    def parse_hex_integer(self, negative: bool) -> int | float:
        if _hex_value(self.current) is None:
            raise self.error(f"expected hexadecimal digits after '0x', found {_describe(self.current)}")
        value = 0
        while (digit := _hex_value(self.current)) is not None:
            value = value * 16 + digit
            self.advance()
        signed = -value if negative else value
        # Swift keeps the magnitude in an Int and negates it: beyond Int.max it is a Double.
        return signed if value <= _INT64_MAX else float(signed)

    def collect_digits(self) -> str:
        digits = ""
        while (c := self.current) is not None and c in "0123456789":
            digits += c
            self.advance()
        return digits

    def parse_decimal(self, negative: bool, start: tuple[int, int]) -> int | float:
        integer_digits = self.collect_digits()
        fraction_digits = ""
        has_point = False
        if self.current == ".":
            has_point = True
            self.advance()
            fraction_digits = self.collect_digits()
        if not integer_digits and not fraction_digits:
            if has_point:
                raise self.error("expected digits before or after '.'", start)
            raise self.error(f"expected a number, found {_describe(self.current)}")
        if len(integer_digits) > 1 and integer_digits[0] == "0":
            raise self.error(f"leading zeros are not allowed, found {integer_digits}", start)
        exponent = ""
        if self.current in ("e", "E"):
            self.advance()
            if self.current in ("+", "-"):
                exponent += self.current or ""
                self.advance()
            digits = self.collect_digits()
            if not digits:
                raise self.error(f"expected exponent digits, found {_describe(self.current)}")
            exponent += digits
        sign = "-" if negative else ""
        if not has_point and not exponent:
            value = int(sign + integer_digits)
            if _INT64_MIN <= value <= _INT64_MAX:
                return value
        text = f"{sign}{integer_digits or '0'}.{fraction_digits or '0'}" + (f"e{exponent}" if exponent else "")
        try:
            return float(text)
        except (ValueError, OverflowError):
            raise self.error(f"cannot read the number {text}", start) from None
