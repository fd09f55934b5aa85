"""The loaders of every Python package promptc generates.

The custom mode's file and the user's instruction files, read at run time
from the harness's project directory exactly as the generated Go package's
LoadCustom, LoadInstructions and LoadLayers read them (the same limits,
the same include rules, the same problems and messages). It uses the
standard library only.

Its parts follow the Go code they port, one for one: the Markdown line
scanner (compiler/markdown), the include engine (genruntime include.go),
the instruction loader (instructions.go), the custom file's reading
(custom.go, customtext.go) and the confined open (project.go).
"""

import errno
import os
import re
import stat
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple

# ---------------------------------------------------------------------
# Strings as Go sees them.

# The white space of Go's unicode.IsSpace (strings.TrimSpace), which is
# not Python's: U+001C..U+001F are not in it.
_SPACE = "\t\n\v\f\r \u0085\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
_HAS_SPACE = re.compile("[" + re.escape(_SPACE) + "]")


def _trim_space(s: str) -> str:
    """strings.TrimSpace."""
    return s.strip(_SPACE)


# ---------------------------------------------------------------------
# The Markdown line scanner: which lines are text, code or an HTML
# comment, following CommonMark 0.31.2 block structure. It works on bytes,
# as the Go scanner does.

_TEXT = 0
_CODE = 1
_COMMENT = 2

_K_DOCUMENT = 0
_K_QUOTE = 1
_K_ITEM = 2
_K_PARAGRAPH = 3
_K_FENCE = 4
_K_INDENTED = 5
_K_HTML = 6

_CONT_MATCHED = 0
_CONT_FAILED = 1
_CONT_FENCE_CLOSED = 2

_START_NONE = 0
_START_CONTAINER = 1
_START_LEAF = 2

_SP = 0x20
_TAB = 0x09
_NL = 0x0A


def _is_space_or_tab(c: int) -> bool:
    return c == _SP or c == _TAB


def _all_space_or_tab(b: bytes, start: int = 0) -> bool:
    for i in range(start, len(b)):
        if b[i] != _SP and b[i] != _TAB:
            return False
    return True


_SPECIAL = frozenset(b"#`~*+_=<>-0123456789")


class _Block:
    __slots__ = ("kind", "children", "indent", "fence_char", "fence_len", "html_type")

    def __init__(self, kind: int, indent: int = 0, fence_char: int = 0, fence_len: int = 0, html_type: int = 0) -> None:
        self.kind = kind
        self.children = 0
        self.indent = indent
        self.fence_char = fence_char
        self.fence_len = fence_len
        self.html_type = html_type

    def is_container(self) -> bool:
        return self.kind in (_K_DOCUMENT, _K_QUOTE, _K_ITEM)

    def ends_on_blank(self) -> bool:
        if self.kind in (_K_QUOTE, _K_PARAGRAPH):
            return True
        if self.kind == _K_ITEM:
            return self.children == 0
        if self.kind == _K_HTML:
            return self.html_type >= 6
        return False


def _scan_markdown(src: bytes) -> List[List[int]]:
    """One [start, end, kind] per line of src: its byte range (the line ending left out) and its kind."""
    s = _Scanner(src)
    s.run()
    return s.out


class _Scanner:
    def __init__(self, src: bytes) -> None:
        self.src = src
        self.out: List[List[int]] = []
        self.stack: List[_Block] = [_Block(_K_DOCUMENT)]
        self.ln = b""
        self.line_start = 0
        self.offset = 0
        self.column = 0
        self.nonspace = 0
        self.ns_column = 0
        self.indent = 0
        self.indented = False
        self.blank = False
        self.all_closed = False
        self.matched = 0
        self.leaf_done = False
        self.ns_from = 1
        self.ns_to = 0
        self.ns_col = 0
        self.tb_from = 0
        self.tb_bad = 0
        self.tb_char = 0
        self.blank_stop = 1
        self.pending: List[int] = []
        self.para_lines = 0
        self.para_track = False
        self.para_ranges: List[Tuple[int, int]] = []

    def run(self) -> None:
        src = self.src
        start = 0
        while start < len(src):
            nxt = len(src)
            end = len(src)
            i = src.find(b"\n", start)
            if i >= 0:
                end = i
                nxt = end + 1
                if end > start and src[end - 1] == 0x0D:
                    end -= 1
            self.out.append([start, end, _TEXT])
            self.line(start, src[start:end])
            start = nxt
        while len(self.stack) > 1:
            self.close_top()

    def top(self) -> _Block:
        return self.stack[-1]

    def peek(self, i: int) -> int:
        return self.ln[i] if i < len(self.ln) else 0

    def find_next_nonspace(self) -> None:
        if self.offset < self.ns_from or self.offset > self.ns_to:
            i = self.offset
            cols = self.column
            while i < len(self.ln):
                c = self.ln[i]
                if c == _SP:
                    cols += 1
                elif c == _TAB:
                    cols += 4 - cols % 4
                else:
                    break
                i += 1
            self.ns_from, self.ns_to, self.ns_col = self.offset, i, cols
        self.blank = self.ns_to == len(self.ln)
        self.nonspace = self.ns_to
        self.ns_column = self.ns_col
        self.indent = self.ns_col - self.column
        self.indented = self.indent >= 4

    def advance_next_nonspace(self) -> None:
        self.offset = self.nonspace
        self.column = self.ns_column

    def advance(self, count: int, columns: bool) -> None:
        while count > 0 and self.offset < len(self.ln):
            if self.ln[self.offset] == _TAB:
                to_tab = 4 - self.column % 4
                if not columns:
                    self.column += to_tab
                    self.offset += 1
                    count -= 1
                elif to_tab > count:
                    self.column += count
                    count = 0
                else:
                    self.column += to_tab
                    self.offset += 1
                    count -= to_tab
            else:
                self.offset += 1
                self.column += 1
                count -= 1

    def line(self, start: int, ln: bytes) -> None:
        self.ln, self.line_start = ln, start
        self.offset, self.column = 0, 0
        self.leaf_done = False
        self.ns_from, self.ns_to = 1, 0
        self.tb_char = 0

        c = 0
        if _all_space_or_tab(ln):
            c = self.blank_stop - 1
        else:
            while c + 1 < len(self.stack):
                self.find_next_nonspace()
                r = self.continues(self.stack[c + 1])
                if r == _CONT_MATCHED:
                    c += 1
                    continue
                if r == _CONT_FENCE_CLOSED:
                    self.mark(_CODE)
                    self.close_top()
                    return
                break
        self.matched = c
        self.all_closed = c == len(self.stack) - 1

        container = c
        leaf = self.stack[c].kind in (_K_FENCE, _K_INDENTED, _K_HTML)
        while not leaf:
            self.find_next_nonspace()
            if not self.indented and self.peek(self.nonspace) not in _SPECIAL:
                self.advance_next_nonspace()
                break
            r = self.start(container)
            if r == _START_NONE:
                self.advance_next_nonspace()
                break
            container = len(self.stack) - 1
            leaf = r == _START_LEAF

        if not self.all_closed and not self.blank and self.top().kind == _K_PARAGRAPH:
            self.add_paragraph_line()
            return
        self.close_unmatched()
        if self.leaf_done:
            return
        k = self.stack[container].kind
        if k == _K_PARAGRAPH:
            self.add_paragraph_line()
        elif k == _K_FENCE:
            self.mark(_CODE)
        elif k == _K_INDENTED:
            self.add_code_line()
        elif k == _K_HTML:
            b = self.stack[container]
            if b.html_type == 2:
                self.mark(_COMMENT)
            if b.html_type <= 5 and _html_ends(b.html_type, self.ln[self.offset :]):
                self.close_top()
        else:
            if self.offset < len(self.ln) and not self.blank:
                self.add_child(_Block(_K_PARAGRAPH))
                self.advance_next_nonspace()
                self.add_paragraph_line()

    def mark(self, k: int) -> None:
        self.out[-1][2] = k

    def continues(self, b: _Block) -> int:
        k = b.kind
        if k == _K_QUOTE:
            if not self.indented and self.peek(self.nonspace) == 0x3E:
                self.advance_next_nonspace()
                self.advance(1, False)
                if _is_space_or_tab(self.peek(self.offset)):
                    self.advance(1, True)
                return _CONT_MATCHED
            return _CONT_FAILED
        if k == _K_ITEM:
            if self.blank:
                if b.children == 0:
                    return _CONT_FAILED
                self.advance_next_nonspace()
                return _CONT_MATCHED
            if self.indent >= b.indent:
                self.advance(b.indent, True)
                return _CONT_MATCHED
            return _CONT_FAILED
        if k == _K_PARAGRAPH:
            return _CONT_FAILED if self.blank else _CONT_MATCHED
        if k == _K_FENCE:
            if self.indent <= 3 and self.peek(self.nonspace) == b.fence_char:
                i = self.nonspace
                while i < len(self.ln) and self.ln[i] == b.fence_char:
                    i += 1
                if i - self.nonspace >= b.fence_len and _all_space_or_tab(self.ln, i):
                    return _CONT_FENCE_CLOSED
            return _CONT_MATCHED
        if k == _K_INDENTED:
            if self.indent >= 4:
                self.advance(4, True)
                return _CONT_MATCHED
            if self.blank:
                self.advance_next_nonspace()
                return _CONT_MATCHED
            return _CONT_FAILED
        if k == _K_HTML:
            if self.blank and b.html_type in (6, 7):
                return _CONT_FAILED
            return _CONT_MATCHED
        return _CONT_MATCHED

    def start(self, container: int) -> int:
        rest = self.ln[self.nonspace :]
        if not self.indented:
            c0 = self.peek(self.nonspace)
            if c0 == 0x3E:  # >
                self.advance_next_nonspace()
                self.advance(1, False)
                if _is_space_or_tab(self.peek(self.offset)):
                    self.advance(1, True)
                self.close_unmatched()
                self.add_child(_Block(_K_QUOTE))
                return _START_CONTAINER
            if c0 == 0x23:  # #
                if _is_atx_heading(rest):
                    self.close_unmatched()
                    self.add_leaf_line()
                    return _START_LEAF
            elif c0 in (0x60, 0x7E):  # ` ~
                n = _fence_open(rest)
                if n > 0:
                    self.close_unmatched()
                    self.add_child(_Block(_K_FENCE, fence_char=c0, fence_len=n))
                    return _START_LEAF
            elif c0 == 0x3C:  # <
                in_para = self.stack[container].kind == _K_PARAGRAPH or (
                    not self.all_closed and not self.blank and self.top().kind == _K_PARAGRAPH
                )
                t = _html_start(rest, in_para)
                if t > 0:
                    self.close_unmatched()
                    self.add_child(_Block(_K_HTML, html_type=t))
                    return _START_LEAF
            c = self.peek(self.nonspace)
            if c in (0x3D, 0x2D) and self.stack[container].kind == _K_PARAGRAPH and _is_setext_underline(rest):
                self.close_unmatched()
                if not self.para_track or self.resolve_refs() > 0:
                    self.para_lines, self.para_track = 0, False
                    self.pop()
                    self.leaf_done = True
                    return _START_LEAF
            if c in (0x2A, 0x5F, 0x2D) and self.thematic_break():
                self.close_unmatched()
                self.add_leaf_line()
                return _START_LEAF
            if self.list_item(container):
                return _START_CONTAINER
            return _START_NONE
        if self.top().kind != _K_PARAGRAPH and not self.blank:
            self.advance(4, True)
            self.close_unmatched()
            self.add_child(_Block(_K_INDENTED))
            self.add_code_line()
            self.leaf_done = True
            return _START_LEAF
        return _START_NONE

    def add_leaf_line(self) -> None:
        self.adopt()
        self.leaf_done = True

    def adopt(self) -> None:
        while not self.top().is_container():
            self.close_top()
        top = self.top()
        top.children += 1
        if self.blank_stop == len(self.stack) - 1 and not top.ends_on_blank():
            self.blank_stop = len(self.stack)

    def add_child(self, b: _Block) -> None:
        self.adopt()
        self.stack.append(b)
        if self.blank_stop == len(self.stack) - 1 and not b.ends_on_blank():
            self.blank_stop = len(self.stack)

    def pop(self) -> None:
        self.stack.pop()
        self.blank_stop = min(self.blank_stop, len(self.stack))

    def close_unmatched(self) -> None:
        if self.all_closed:
            return
        while len(self.stack) - 1 > self.matched:
            self.close_top()
        self.all_closed = True

    def close_top(self) -> None:
        k = self.top().kind
        if k == _K_INDENTED:
            self.pending = []
        elif k == _K_PARAGRAPH:
            i = len(self.stack) - 2
            parent = self.stack[i]
            if parent.kind == _K_ITEM and parent.children == 1:
                if self.para_lines == 0 or (self.para_track and self.resolve_refs() == 0):
                    parent.children -= 1
                    self.blank_stop = min(self.blank_stop, i)
            self.para_lines, self.para_track = 0, False
        self.pop()

    def add_code_line(self) -> None:
        if _all_space_or_tab(self.ln, self.offset):
            self.pending.append(len(self.out) - 1)
            return
        for i in self.pending:
            self.out[i][2] = _CODE
        self.pending = []
        self.mark(_CODE)

    def add_paragraph_line(self) -> None:
        if self.para_lines == 0:
            self.para_track = self.peek(self.offset) == 0x5B
            self.para_ranges = []
        self.para_lines += 1
        if self.para_track:
            self.para_ranges.append((self.line_start + self.offset, self.line_start + len(self.ln)))

    def resolve_refs(self) -> int:
        buf = b"".join(self.src[r[0] : r[1]] + b"\n" for r in self.para_ranges)
        pos = 0
        while pos < len(buf) and buf[pos] == 0x5B:
            n = _parse_ref_def(buf[pos:])
            if n == 0:
                break
            pos += n
        used = buf.count(b"\n", 0, pos)
        self.para_ranges = self.para_ranges[used:]
        self.para_lines -= used
        self.para_track = self.para_lines > 0 and self.src[self.para_ranges[0][0]] == 0x5B
        return self.para_lines

    def list_item(self, container: int) -> bool:
        if self.indent >= 4:
            return False
        in_para = self.stack[container].kind == _K_PARAGRAPH
        rest = self.ln[self.nonspace :]
        if len(rest) > 0 and rest[0] in (0x2A, 0x2B, 0x2D):
            n = 1
        else:
            d = 0
            while d < len(rest) and d < 10 and 0x30 <= rest[d] <= 0x39:
                d += 1
            if d == 0 or d > 9 or d >= len(rest) or rest[d] not in (0x2E, 0x29):
                return False
            if in_para and int(rest[:d]) != 1:
                return False
            n = d + 1
        p = self.nonspace + n
        if p < len(self.ln) and not _is_space_or_tab(self.ln[p]):
            return False
        if in_para and _all_space_or_tab(rest, n):
            return False
        marker_offset = self.indent
        self.advance_next_nonspace()
        self.advance(n, True)
        start_col, start_off = self.column, self.offset
        while True:
            self.advance(1, True)
            if self.column - start_col >= 5 or not _is_space_or_tab(self.peek(self.offset)):
                break
        blank_item = self.offset >= len(self.ln)
        spaces = self.column - start_col
        padding = n + spaces
        if spaces >= 5 or spaces < 1 or blank_item:
            padding = n + 1
            self.column, self.offset = start_col, start_off
            if _is_space_or_tab(self.peek(self.offset)):
                self.advance(1, True)
        self.close_unmatched()
        self.add_child(_Block(_K_ITEM, indent=marker_offset + padding))
        return True

    def thematic_break(self) -> bool:
        c, p = self.ln[self.nonspace], self.nonspace
        if c == self.tb_char and self.tb_from <= p < self.tb_bad:
            return False
        n = 0
        for i in range(p, len(self.ln)):
            x = self.ln[i]
            if x == c:
                n += 1
            elif x != _SP and x != _TAB:
                self.tb_char, self.tb_from, self.tb_bad = c, p, i
                return False
        return n >= 3


def _is_atx_heading(rest: bytes) -> bool:
    n = 0
    while n < len(rest) and rest[n] == 0x23:
        n += 1
    return 1 <= n <= 6 and (n == len(rest) or _is_space_or_tab(rest[n]))


def _fence_open(rest: bytes) -> int:
    c = rest[0]
    n = 0
    while n < len(rest) and rest[n] == c:
        n += 1
    if n < 3:
        return 0
    if c == 0x60 and rest.find(b"`", n) >= 0:
        return 0
    return n


def _is_setext_underline(rest: bytes) -> bool:
    c = rest[0]
    n = 0
    while n < len(rest) and rest[n] == c:
        n += 1
    return _all_space_or_tab(rest, n)


# HTML blocks.

_BLOCK_TAGS = frozenset(
    [
        "address", "article", "aside", "base", "basefont", "blockquote", "body",
        "caption", "center", "col", "colgroup", "dd", "details", "dialog", "dir",
        "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form",
        "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header",
        "hr", "html", "iframe", "legend", "li", "link", "main", "menu", "menuitem",
        "nav", "noframes", "ol", "optgroup", "option", "p", "param", "search",
        "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead",
        "title", "tr", "track", "ul",
    ]
)  # fmt: skip
_RAW_TAGS = frozenset(["pre", "script", "style", "textarea"])


def _is_ascii_letter(c: int) -> bool:
    return 0x61 <= (c | 0x20) <= 0x7A


def _is_digit(c: int) -> bool:
    return 0x30 <= c <= 0x39


def _tag_name(b: bytes) -> int:
    if len(b) == 0 or not _is_ascii_letter(b[0]):
        return 0
    n = 1
    while n < len(b) and (_is_ascii_letter(b[n]) or _is_digit(b[n]) or b[n] == 0x2D):
        n += 1
    return n


def _in_list(name: bytes, tags: "frozenset[str]") -> bool:
    return name.decode("latin-1").lower() in tags if name.isascii() else False


def _html_start(rest: bytes, in_paragraph: bool) -> int:
    if len(rest) < 2 or rest[0] != 0x3C:
        return 0
    b = rest[1:]
    n = _tag_name(b)
    if n > 0 and _in_list(b[:n], _RAW_TAGS):
        if n == len(b) or b[n] in (_SP, _TAB, 0x3E):
            return 1
    if b.startswith(b"!--"):
        return 2
    if b[0] == 0x3F:
        return 3
    if b[0] == 0x21 and len(b) > 1 and _is_ascii_letter(b[1]):
        return 4
    if b.startswith(b"![CDATA["):
        return 5
    t = b[1:] if b[0] == 0x2F else b
    n = _tag_name(t)
    if n > 0 and _in_list(t[:n], _BLOCK_TAGS):
        r = t[n:]
        if len(r) == 0 or r[0] in (_SP, _TAB, 0x3E) or (r[0] == 0x2F and len(r) > 1 and r[1] == 0x3E):
            return 6
    if in_paragraph:
        return 0
    if b[0] == 0x2F:
        m = _closing_tag(b[1:])
        if m > 0:
            m += 1
    else:
        m, name = _open_tag(b)
        if _in_list(b[:name], _RAW_TAGS):
            return 0
    if m == 0:
        return 0
    if not _all_space_or_tab(b, m):
        return 0
    return 7


def _open_tag(b: bytes) -> Tuple[int, int]:
    name = _tag_name(b)
    if name == 0:
        return 0, 0
    i = name
    while True:
        j = i
        while j < len(b) and _is_space_or_tab(b[j]):
            j += 1
        if j == i or j == len(b) or not _is_attr_name_start(b[j]):
            break
        j += 1
        while j < len(b) and _is_attr_name(b[j]):
            j += 1
        k = j
        while k < len(b) and _is_space_or_tab(b[k]):
            k += 1
        if k < len(b) and b[k] == 0x3D:
            k += 1
            while k < len(b) and _is_space_or_tab(b[k]):
                k += 1
            v = _attr_value(b[k:])
            if v == 0:
                return 0, 0
            j = k + v
        i = j
    while i < len(b) and _is_space_or_tab(b[i]):
        i += 1
    if i < len(b) and b[i] == 0x2F:
        i += 1
    if i < len(b) and b[i] == 0x3E:
        return i + 1, name
    return 0, 0


def _closing_tag(b: bytes) -> int:
    i = _tag_name(b)
    if i == 0:
        return 0
    while i < len(b) and _is_space_or_tab(b[i]):
        i += 1
    if i < len(b) and b[i] == 0x3E:
        return i + 1
    return 0


def _is_attr_name_start(c: int) -> bool:
    return _is_ascii_letter(c) or c == 0x5F or c == 0x3A


def _is_attr_name(c: int) -> bool:
    return _is_attr_name_start(c) or _is_digit(c) or c == 0x2E or c == 0x2D


def _attr_value(b: bytes) -> int:
    if len(b) == 0:
        return 0
    q = b[0]
    if q in (0x22, 0x27):
        i = b.find(bytes([q]), 1)
        return i + 1 if i >= 0 else 0
    n = 0
    while n < len(b):
        c = b[n]
        if c in (0x22, 0x27, 0x3D, 0x3C, 0x3E, 0x60) or c <= _SP:
            return n
        n += 1
    return n


def _html_ends(t: int, line: bytes) -> bool:
    if t == 1:
        i = 0
        while i + 2 < len(line):
            if line[i] == 0x3C and line[i + 1] == 0x2F:
                n = _tag_name(line[i + 2 :])
                if n > 0 and i + 2 + n < len(line) and line[i + 2 + n] == 0x3E and _in_list(line[i + 2 : i + 2 + n], _RAW_TAGS):
                    return True
            i += 1
        return False
    if t == 2:
        return b"-->" in line
    if t == 3:
        return b"?>" in line
    if t == 4:
        return b">" in line
    if t == 5:
        return b"]]>" in line
    return False


# Link reference definitions.

_MAX_LABEL = 999


def _is_ascii_punct(c: int) -> bool:
    return 0x21 <= c <= 0x2F or 0x3A <= c <= 0x40 or 0x5B <= c <= 0x60 or 0x7B <= c <= 0x7E


def _skip_space_tab(b: bytes, i: int) -> int:
    while i < len(b) and _is_space_or_tab(b[i]):
        i += 1
    return i


def _skip_space_newline(b: bytes, i: int) -> int:
    i = _skip_space_tab(b, i)
    if i < len(b) and b[i] == _NL:
        i = _skip_space_tab(b, i + 1)
    return i


def _rune_size(b: bytes, i: int) -> int:
    """The byte length of the UTF-8 sequence at b[i], as utf8.DecodeRune sizes it."""
    c = b[i]

    def cont(k: int) -> bool:
        return i + k < len(b) and (b[i + k] & 0xC0) == 0x80

    if c < 0x80:
        return 1
    if 0xC2 <= c <= 0xDF:
        return 2 if cont(1) else 1
    if 0xE0 <= c <= 0xEF:
        if i + 1 >= len(b):
            return 1
        d = b[i + 1]
        lo = 0xA0 if c == 0xE0 else 0x80
        hi = 0x9F if c == 0xED else 0xBF
        if d < lo or d > hi:
            return 1
        return 3 if cont(2) else 1
    if 0xF0 <= c <= 0xF4:
        if i + 1 >= len(b):
            return 1
        d = b[i + 1]
        lo = 0x90 if c == 0xF0 else 0x80
        hi = 0x8F if c == 0xF4 else 0xBF
        if d < lo or d > hi:
            return 1
        return 4 if cont(2) and cont(3) else 1
    return 1


def _parse_ref_def(b: bytes) -> int:
    if len(b) == 0 or b[0] != 0x5B:
        return 0
    i, chars, content = 1, 0, False
    while True:
        if i >= len(b):
            return 0
        c = b[i]
        if c == 0x5D:
            break
        if c == 0x5B:
            return 0
        if c == 0x5C and i + 1 < len(b) and _is_ascii_punct(b[i + 1]):
            i += 2
            chars += 2
            content = True
        else:
            if c not in (_SP, _TAB, _NL):
                content = True
            i += _rune_size(b, i)
            chars += 1
        if chars > _MAX_LABEL:
            return 0
    if not content:
        return 0
    i += 1
    if i >= len(b) or b[i] != 0x3A:
        return 0
    i = _skip_space_newline(b, i + 1)
    if i >= len(b):
        return 0
    if b[i] == 0x3C:
        j = i + 1
        while True:
            if j >= len(b) or b[j] == _NL or b[j] == 0x3C:
                return 0
            if b[j] == 0x3E:
                break
            if b[j] == 0x5C and j + 1 < len(b) and _is_ascii_punct(b[j + 1]):
                j += 2
            else:
                j += 1
        i = j + 1
    else:
        j, depth = i, 0
        while j < len(b):
            c = b[j]
            if c == 0x5C and j + 1 < len(b) and _is_ascii_punct(b[j + 1]):
                j += 2
            elif c == 0x28:
                depth += 1
                j += 1
            elif c == 0x29:
                if depth == 0:
                    break
                depth -= 1
                j += 1
            elif c <= _SP or c == 0x7F:
                break
            else:
                j += 1
        if j == i or depth != 0:
            return 0
        i = j
    before = i
    j = _skip_space_newline(b, i)
    if before < j < len(b):
        end = _title(b, j)
        if end > 0:
            k = _skip_space_tab(b, end)
            if k == len(b):
                return k
            if b[k] == _NL:
                return k + 1
    k = _skip_space_tab(b, before)
    if k == len(b):
        return k
    if b[k] == _NL:
        return k + 1
    return 0


def _title(b: bytes, i: int) -> int:
    opener = b[i]
    closer = opener
    if opener == 0x28:
        closer = 0x29
    elif opener not in (0x22, 0x27):
        return 0
    j = i + 1
    while j < len(b):
        c = b[j]
        if c == 0x5C and j + 1 < len(b) and _is_ascii_punct(b[j + 1]):
            j += 1
        elif c == closer:
            return j + 1
        elif opener == 0x28 and c == 0x28:
            return 0
        j += 1
    return 0


# ---------------------------------------------------------------------
# The include engine (genruntime include.go).

_INC_ENTERED = 0
_INC_ABSOLUTE = 1
_INC_CLIMBS = 2
_INC_CYCLE = 3
_INC_DIAMOND = 4
_INC_DEPTH = 5
_INC_FILES = 6
_INC_TOTAL = 7
_INC_FULL = 8
_INC_OWN_TOTAL = 9
_INC_FILE_CHARS = 10
_INC_READ = 11


def _clean_path(p: str) -> str:
    """path.Clean for slash-separated paths."""
    if p == "":
        return "."
    rooted = p.startswith("/")
    out: List[str] = []
    for seg in p.split("/"):
        if seg in ("", "."):
            continue
        if seg == "..":
            if out and out[-1] != "..":
                out.pop()
            elif not rooted:
                out.append("..")
            continue
        out.append(seg)
    s = "/".join(out)
    if rooted:
        return "/" + s
    return s or "."


def _join_path(*elems: str) -> str:
    """path.Join."""
    parts = [e for e in elems if e != ""]
    return _clean_path("/".join(parts)) if parts else ""


def _dir_path(p: str) -> str:
    """path.Dir."""
    return _clean_path(p[: p.rfind("/") + 1])


def _is_letter(c: str) -> bool:
    return "a" <= c.lower() <= "z" and c.isascii()


def _inc_is_include(line: str) -> Optional[str]:
    t = line.strip(" \t")
    if len(t) < 2 or t[0] != "@" or t[1] == "@":
        return None
    p = t[1:]
    if _HAS_SPACE.search(p):
        return None
    if "/" in p or _inc_has_extension(p):
        return p
    return None


def _inc_has_extension(p: str) -> bool:
    dot = p.rfind(".")
    if dot <= 0 or p[dot - 1] == "/":
        return False
    ext = p[dot + 1 :]
    if len(ext) == 0 or len(ext) > 10 or not _is_letter(ext[0]):
        return False
    return all(_is_letter(c) or "0" <= c <= "9" for c in ext[1:])


def _inc_is_directive(line: str) -> bool:
    t = _trim_space(line)
    return t.startswith("<!-- promptc:") and t.endswith("-->")


def _inc_back_inside(root: str, p: str) -> Optional[str]:
    if root == "":
        return None
    j = _join_path(root, p)
    prefix = root.rstrip("/") + "/"
    if not j.startswith(prefix) or len(j) == len(prefix):
        return None
    return j[len(prefix) :]


def _inc_outside(p: str) -> bool:
    return p == ".." or p.startswith("../")


def _inc_is_abs(p: str) -> bool:
    return p.startswith("/") or p.startswith("\\") or (len(p) >= 2 and p[1] == ":" and _is_letter(p[0]))


@dataclass
class _File:
    """A file as the engine reads it: its lines without their endings, their Markdown kinds, and whether the last line ends in a newline."""

    path: str
    lines: List[str]
    kinds: List[int]
    last_newline: bool


@dataclass
class _Pos:
    path: str
    line: int
    col: int


@dataclass
class _Read:
    """What reading a file gave: the file, or an error kind and its message."""

    file: Optional[_File] = None
    err: str = ""
    message: str = ""


@dataclass
class _Event:
    kind: int
    pos: _Pos
    target: str = ""
    path: str = ""
    n: int = 0
    limit: int = 0
    err: Optional[_Read] = None


@dataclass
class _IncLine:
    num: int
    target: str
    pos: _Pos = field(default_factory=lambda: _Pos("", 0, 0))


@dataclass
class _Span:
    text: str
    path: str
    line: int


class _Expander:
    def __init__(self, read: Callable[[str], _Read], lim: Mapping[str, int], no_includes: bool) -> None:
        self.read = read
        self.max_depth = int(lim["maxDepth"])
        self.max_files = int(lim["maxFiles"])
        self.max_total = int(lim["maxTotalChars"])
        self.max_file = int(lim["maxFileChars"])
        self.no_includes = no_includes
        self.root = ""
        self.spans: List[_Span] = []
        self.files: List[str] = []
        self.events: List[_Event] = []
        self.at: Dict[str, _Pos] = {}
        self.chain: List[str] = []
        self.total = 0
        self.prior_files = 0
        self.in_part = False
        self.full = False

    def scan(self, f: _File, first: int, last: int) -> Tuple[List[_IncLine], int]:
        incs: List[_IncLine] = []
        own = 0
        for num in range(first, last + 1):
            text = f.lines[num - 1]
            kind = f.kinds[num - 1]
            if kind == _COMMENT and _inc_is_directive(text):
                incs.append(_IncLine(num, ""))
                continue
            if kind == _TEXT and not self.no_includes:
                target = _inc_is_include(text)
                if target is not None:
                    col = text.index("@") + 1
                    incs.append(_IncLine(num, target, _Pos(f.path, num, col)))
                    continue
            own += len(text)
            if num < len(f.lines) or f.last_newline:
                own += 1
        return incs, own

    def named(self, p: str) -> None:
        self.include(_IncLine(0, p, _Pos(p, 0, 0)), p)

    def expand(self, f: _File, first: int, last: int, incs: List[_IncLine]) -> None:
        nxt = first
        for inc in incs:
            self.emit(f, nxt, inc.num - 1)
            if inc.target != "":
                self.include_line(f, inc)
            nxt = inc.num + 1
        self.emit(f, nxt, last)

    def emit(self, f: _File, first: int, last: int) -> None:
        if first > last:
            return
        text = "\n".join(f.lines[first - 1 : last]) + "\n"
        before = self.total
        self.total += len(text)
        self.spans.append(_Span(text, f.path, first))
        if self.in_part and len(self.chain) == 1 and not self.full and self.sent() > self.max_total:
            self.full = True
            line = first
            c = before - 1
            while line < last:
                c += len(f.lines[line - 1]) + 1
                if c > self.max_total:
                    break
                line += 1
            self.events.append(_Event(_INC_OWN_TOTAL, _Pos(f.path, line, 1), path=f.path, limit=self.max_total))

    def sent(self) -> int:
        return max(self.total - 1, 0)

    def include_line(self, frm: _File, inc: _IncLine) -> None:
        if _inc_is_abs(inc.target):
            self.events.append(_Event(_INC_ABSOLUTE, inc.pos, target=inc.target))
            return
        p = _join_path(_dir_path(frm.path), inc.target)
        if _inc_outside(p):
            q = _inc_back_inside(self.root, p)
            if q is not None:
                self.include(inc, q)
                return
            self.events.append(_Event(_INC_CLIMBS, inc.pos, target=inc.target, path=p))
            return
        self.include(inc, p)

    def include(self, inc: _IncLine, p: str) -> None:
        ev = _Event(0, inc.pos, target=inc.target, path=p)

        def fail(kind: int) -> None:
            ev.kind = kind
            self.events.append(ev)

        if p in self.chain:
            fail(_INC_CYCLE)
            return
        if p in self.at:
            fail(_INC_DIAMOND)
            return
        depth = len(self.chain)
        if depth > self.max_depth:
            ev.n, ev.limit = depth, self.max_depth
            fail(_INC_DEPTH)
            return
        if self.prior_files + len(self.files) >= self.max_files:
            ev.n, ev.limit = self.prior_files + len(self.files) + 1, self.max_files
            fail(_INC_FILES)
            return
        if self.full:
            ev.limit = self.max_total
            fail(_INC_FULL)
            return
        r = self.read(p)
        if r.file is None:
            ev.err = r
            fail(_INC_READ)
            return
        f = r.file
        incs, own = self.scan(f, 1, len(f.lines))
        if own > self.max_file:
            ev.n, ev.limit = own, self.max_file
            fail(_INC_FILE_CHARS)
            return
        spans, files, total, events = len(self.spans), len(self.files), self.total, len(self.events)
        self.events.append(_Event(_INC_ENTERED, inc.pos, target=inc.target, path=p))
        self.at[p] = inc.pos
        self.files.append(p)
        self.chain.append(p)
        self.expand(f, 1, len(f.lines), incs)
        self.chain.pop()
        if self.sent() > self.max_total:
            over = self.sent()
            for q in self.files[files:]:
                del self.at[q]
            del self.spans[spans:]
            del self.files[files:]
            self.total = total
            self.events = self.events[:events] + [x for x in self.events[events:] if x.kind != _INC_DIAMOND]
            ev.n, ev.limit = over, self.max_total
            fail(_INC_TOTAL)


# ---------------------------------------------------------------------
# Opening a file inside the project directory (genruntime project.go).

# The errors of _open_in_project and of the readers: what the Go
# package's errors.Is tells apart.
_ERR_NOT_EXIST = "not-exist"
_ERR_OUTSIDE = "outside"
_ERR_OTHER = "other"

_ERRNO_TEXT = {
    errno.ENOENT: "no such file or directory",
    errno.ENOTDIR: "not a directory",
    errno.EACCES: "permission denied",
    errno.ELOOP: "too many levels of symbolic links",
    errno.EISDIR: "is a directory",
}


def _errno_text(e: OSError) -> str:
    """Go's wording of a system error: "no such file or directory", ..."""
    return _ERRNO_TEXT.get(e.errno or 0, e.strerror or str(e))


def _is_local(p: str) -> bool:
    """Whether p, slash-separated, stays below the directory it is relative to (isLocalPath)."""
    return not _inc_outside(_clean_path(p))


_NONBLOCK = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def _open_in_project(project_dir: str, p: str) -> Tuple[int, _Read]:
    """Opens p (slash-separated, relative to project_dir) for reading without blocking, never reaching outside project_dir.

    A symbolic link is followed only when its target, the project
    directory's real path considered, lies inside. Returns the descriptor
    (-1 on failure) and the failure.
    """
    if p == "" or p.startswith("/") or _inc_outside(_clean_path(p)):
        return -1, _Read(err=_ERR_OUTSIDE, message="leads outside the project")

    def fail(e: OSError) -> Tuple[int, _Read]:
        kind = _ERR_NOT_EXIST if e.errno == errno.ENOENT else _ERR_OTHER
        return -1, _Read(err=kind, message="openat " + p + ": " + _errno_text(e))

    try:
        base = _realpath(project_dir)
        parts = p.split("/")
        # Each component is resolved on the disk, as the Go package's
        # os.Root does: "sub/../x.md" needs the directory sub, which
        # os.path.realpath would pass over when it is missing.
        for i in range(1, len(parts)):
            if parts[i] == ".." and parts[i - 1] not in ("", ".", ".."):
                if not stat.S_ISDIR(os.stat(os.path.join(base, *parts[:i])).st_mode):
                    raise NotADirectoryError(errno.ENOTDIR, "not a directory")
        target = _realpath(os.path.join(base, *parts))
    except OSError as e:
        return fail(e)
    rel = os.path.relpath(target, base)
    if rel == ".." or rel.startswith(".." + os.sep) or os.path.isabs(rel):
        return -1, _Read(err=_ERR_OUTSIDE, message="leads outside the project")
    try:
        # The real path has no link left to follow; O_NOFOLLOW refuses one
        # put in its place since.
        return os.open(target, _NONBLOCK | _NOFOLLOW), _Read()
    except OSError as e:
        if e.errno == errno.ELOOP:
            return -1, _Read(err=_ERR_OUTSIDE, message="leads outside the project")
        return fail(e)


def _realpath(p: str) -> str:
    """The real path of p; an OSError when it does not exist (a dangling link, a loop)."""
    r = os.path.realpath(p)
    os.stat(r)  # raises FileNotFoundError for a missing path or a dangling link
    return r


@dataclass
class _Bytes:
    """What reading a regular file gave: its bytes, or why not (not-regular, size, error)."""

    data: bytes = b""
    reason: str = ""
    size: int = 0
    message: str = ""


def _read_regular(fd: int, max_bytes: int) -> _Bytes:
    """Reads the open file fd whole when it is a regular file of at most max_bytes bytes, and closes it."""
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return _Bytes(reason="not-regular")
        if st.st_size > max_bytes:
            return _Bytes(reason="size", size=st.st_size)
        chunks: List[bytes] = []
        n = 0
        while n < max_bytes + 1:
            b = os.read(fd, max_bytes + 1 - n)
            if not b:
                break
            chunks.append(b)
            n += len(b)
        return _Bytes(data=b"".join(chunks))
    except OSError as e:
        return _Bytes(reason="error", message=_errno_text(e))
    finally:
        os.close(fd)


def _decode(data: bytes) -> Optional[str]:
    """The bytes as text, or None when they are not valid UTF-8."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _open_dir_error(project_dir: str) -> Optional[str]:
    """Why project_dir cannot be opened as a directory, in Go's words (os.OpenRoot's error), or None when it can."""
    try:
        if stat.S_ISDIR(os.stat(project_dir).st_mode):
            return None
        return "open " + project_dir + ": not a directory"
    except OSError as e:
        return "open " + project_dir + ": " + _errno_text(e)


# ---------------------------------------------------------------------
# The instruction-file loader (genruntime instructions.go).

#: The largest instruction file read, in bytes (the Go package's InstructionMaxBytes).
INSTRUCTION_MAX_BYTES = 1 << 20


@dataclass(frozen=True)
class InstructionProblem:
    """A piece of the user's instructions that was left out.

    path, line and col locate the include line (its "@"); for a named file,
    path is the file and line and col are 0. kind is "escape", "not-found",
    "unreadable", "depth", "files", "total-chars" or "file-chars".
    """

    path: str
    line: int
    col: int
    kind: str
    message: str

    def __str__(self) -> str:
        """ "path:line:col: message", or "path: message" for a named file."""
        if self.line == 0:
            return self.path + ": " + self.message
        return "%s:%d:%d: %s" % (self.path, self.line, self.col, self.message)


@dataclass(frozen=True)
class Instructions:
    """The user's instruction files as loaded (the Go package's Instructions)."""

    #: The text of every file read, includes expanded, the files separated by a blank line.
    text: str
    #: Every file read, each once, in the order first reached.
    files: List[str]
    #: Every include line and named file whose text was left out, and why.
    problems: List[InstructionProblem]
    # What the limits counted, this call's and those of the calls it came after.
    _chars: int = field(default=0, repr=False, compare=False)
    _files: int = field(default=0, repr=False, compare=False)


def _read_instruction_file(project_dir: str, p: str, max_bytes: int) -> _Read:
    fd, r = _open_in_project(project_dir, p)
    if fd < 0:
        return r
    b = _read_regular(fd, max_bytes)

    def bad(why: str) -> _Read:
        return _Read(err=_ERR_OTHER, message="unreadable: " + why)

    if b.reason == "not-regular":
        return bad("not a regular file")
    if b.reason == "size":
        return bad("%d bytes, over the limit of %d" % (b.size, max_bytes))
    if b.reason == "error":
        return bad(b.message)
    if len(b.data) > max_bytes:
        return bad("over the limit of %d bytes" % max_bytes)
    text = _decode(b.data)
    if text is None:
        return bad("not valid UTF-8")
    if "\0" in text:
        return bad("it contains a NUL byte")
    if "\ufeff" in text:
        return bad("it contains a byte-order mark")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    # The scanner's lines are the text's lines: only "\n" is left to end
    # one, and a final "\n" ends the last.
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    kinds = [k for _, _, k in _scan_markdown(text.encode("utf-8"))]
    return _Read(file=_File(p, lines, kinds, text.endswith("\n")))


def _instruction_missing(project_dir: str, p: str) -> bool:
    fd, r = _open_in_project(project_dir, p)
    if fd >= 0:
        os.close(fd)
    return r.err == _ERR_NOT_EXIST


def _instruction_hierarchy(names: Sequence[str], work_dir: str) -> Tuple[List[str], List[InstructionProblem]]:
    if work_dir == "":
        return list(names), []
    if _inc_is_abs(work_dir) or not _is_local(work_dir):
        msg = "the working directory " + work_dir + " is outside the project directory; only the project directory's files are read"
        return list(names), [InstructionProblem(work_dir, 0, 0, "escape", msg)]
    dirs = [""]
    d = _clean_path(work_dir)
    if d != ".":
        parts = d.split("/")
        for i in range(len(parts)):
            dirs.append("/".join(parts[: i + 1]) + "/")
    return [dr + name for dr in dirs for name in names if name != ""], []


def _instruction_problem(ev: _Event) -> Optional[InstructionProblem]:
    named = ev.pos.line == 0
    what = ev.path if named else "@" + ev.target

    def mk(kind: str, message: str) -> InstructionProblem:
        return InstructionProblem(ev.pos.path, ev.pos.line, ev.pos.col, kind, message)

    k = ev.kind
    if k in (_INC_ABSOLUTE, _INC_CLIMBS):
        return mk("escape", what + " leads outside the project directory; left out")
    if k == _INC_DEPTH:
        return mk("depth", "%s would be included at depth %d, over the limit of %d; left out" % (ev.path, ev.n, ev.limit))
    if k == _INC_FILES:
        return mk("files", "%s would be file %d, over the limit of %d; left out" % (ev.path, ev.n, ev.limit))
    if k in (_INC_TOTAL, _INC_FULL):
        return mk("total-chars", "%s would bring the instructions to %d characters, over the limit of %d; left out" % (ev.path, ev.n, ev.limit))
    if k == _INC_FILE_CHARS:
        return mk("file-chars", "%s has %d characters, over the per-file limit of %d; left out" % (ev.path, ev.n, ev.limit))
    if k == _INC_READ and ev.err is not None:
        if ev.err.err == _ERR_NOT_EXIST:
            if named:
                return None
            return mk("not-found", "%s: %s does not exist; left out" % (what, ev.path))
        if ev.err.err == _ERR_OUTSIDE:
            return mk("escape", "%s: %s leads outside the project directory; left out" % (what, ev.path))
        return mk("unreadable", "%s: %s cannot be read (%s); left out" % (what, ev.path, ev.err.message))
    return None


def _trim_blank_lines(text: str) -> str:
    while text != "":
        line, sep, rest = text.partition("\n")
        if _trim_space(line) != "":
            break
        text = rest if sep else ""
    while text != "":
        i = text.rstrip("\n").rfind("\n")
        if _trim_space(text[i + 1 :]) != "":
            break
        text = text[: i + 1]
    return text.rstrip("\n")


def load_instructions(
    project_dir: str,
    config: Mapping[str, Any],
    files: Optional[Sequence[str]] = None,
    no_includes: bool = False,
    work_dir: str = "",
    after: Optional[Instructions] = None,
) -> Instructions:
    """Reads the user's instruction files in project_dir as the Go package's LoadInstructions does.

    config is the project's compiled instructions (files, includes and
    limits); the other arguments are the Go package's InstructionOptions.
    """
    names_in: Sequence[str] = files if files is not None else list(config["files"])
    names, problems = _instruction_hierarchy(names_in, work_dir)
    # The counts are the result's own, not part of its API.
    prior_chars, prior_files = (int(getattr(after, "_chars")), int(getattr(after, "_files"))) if after is not None else (0, 0)
    dir_err = _open_dir_error(project_dir)
    if dir_err is not None:
        for name in names:
            problems.append(InstructionProblem(name, 0, 0, "not-found", "the project directory cannot be opened: " + dir_err))
        return Instructions("", [], problems, prior_chars, prior_files)
    max_bytes = int(config["maxBytes"])
    e = _Expander(lambda p: _read_instruction_file(project_dir, p, max_bytes), config, no_includes or not config["includes"])
    e.root = os.path.abspath(project_dir).replace(os.sep, "/")
    e.total, e.prior_files = prior_chars, prior_files
    texts: List[str] = []
    for name in names:
        frm, events = len(e.spans), len(e.events)
        if name == "":
            continue
        if _inc_is_abs(name) or not _is_local(name):
            e.events.append(_Event(_INC_CLIMBS, _Pos(name, 0, 0), target=name, path=name))
        else:
            e.named(_clean_path(name))
        for ev in e.events[events:]:
            if ev.pos.line == 0 and ev.kind == _INC_FILES and _instruction_missing(project_dir, ev.path):
                continue
            p = _instruction_problem(ev)
            if p is not None:
                problems.append(p)
        t = _trim_blank_lines("".join(s.text for s in e.spans[frm:]))
        if t != "":
            texts.append(t)
    return Instructions("\n\n".join(texts), list(e.files), problems, e.total, e.prior_files + len(e.files))


@dataclass(frozen=True)
class InstructionLayers:
    """The directories of the layers load_layers reads (the Go package's InstructionLayers).

    Read in the order user (the user's own, outside any project), package,
    project, then each extension in the order given; "" leaves a layer out.
    """

    user: str = ""
    package: str = ""
    project: str = ""
    extensions: Sequence[str] = ()


@dataclass(frozen=True)
class InstructionLayer(Instructions):
    """One layer as load_layers loaded it (the Go package's InstructionLayer).

    name is "user", "package", "project" or "extension" and dir its
    directory; paths in files and problems are relative to dir. A layer is
    an Instructions, so it can be a later call's after.
    """

    name: str = ""
    dir: str = ""


@dataclass(frozen=True)
class LayeredInstructions:
    """Every layer load_layers read, in order, and their texts joined (the Go package's LayeredInstructions)."""

    #: The text of every layer that has one, in layer order, separated by a blank line.
    text: str
    #: The layers read, in order, empty ones included.
    layers: List[InstructionLayer]


def load_layers(
    layers: InstructionLayers,
    config: Mapping[str, Any],
    files: Optional[Sequence[str]] = None,
    no_includes: bool = False,
    work_dir: str = "",
    after: Optional[Instructions] = None,
) -> LayeredInstructions:
    """Reads layered instruction files as the Go package's LoadLayers does.

    Each layer is a load_instructions call confined to its own directory,
    in the order user, package, project, extensions, after the layers
    before it (and after after), so all share one set of limits; work_dir
    applies to the project layer only.
    """
    dirs = [("user", layers.user), ("package", layers.package), ("project", layers.project)]
    dirs += [("extension", d) for d in layers.extensions]
    prior = after
    out: List[InstructionLayer] = []
    texts: List[str] = []
    for name, d in dirs:
        if d == "":
            continue
        got = load_instructions(d, config, files, no_includes, work_dir if name == "project" else "", prior)
        # The counts go along, so that the layer can be a later call's after.
        counts = (int(getattr(got, "_chars")), int(getattr(got, "_files")))
        layer = InstructionLayer(got.text, got.files, got.problems, *counts, name=name, dir=d)
        prior = layer
        if layer.text != "":
            texts.append(layer.text)
        out.append(layer)
    return LayeredInstructions("\n\n".join(texts), out)


# ---------------------------------------------------------------------
# The custom mode's file (genruntime custom.go, customtext.go).


@dataclass(frozen=True)
class LoadedCustom:
    """The custom mode as loaded from a project (the Go package's Custom)."""

    #: From the frontmatter's name:, else the first heading outside code; "" when neither is present.
    name: str
    #: What to send: the file's instructions, or the project's fallback when the file cannot be used.
    text: str
    #: False when text is the fallback.
    usable: bool
    #: Why the file was not used ("" when usable).
    reason: str
    #: The file read, relative to the project directory.
    path: str


def _custom_text(text: str) -> Tuple[str, str]:
    name = ""
    if text.startswith("---\n"):
        rest = text[4:]
        off = 0
        while off <= len(rest):
            end = rest.find("\n", off)
            line, nxt = rest[off:], len(rest) + 1
            if end >= 0:
                line, nxt = rest[off:end], end + 1
            if line.rstrip(" \t") == "---":
                for ln in rest[:off].split("\n"):
                    if ln.startswith("name:"):
                        name = _trim_space(ln[5:]).strip("\"'")
                text = rest[nxt:] if nxt <= len(rest) else ""
                break
            if end < 0:
                break
            off = nxt
    body = text.rstrip(" \t\n")
    while True:
        line, sep, rest = body.partition("\n")
        if not sep or _trim_space(line) != "":
            break
        body = rest
    if _trim_space(body) == "":
        body = ""
    if name == "":
        name = _first_heading(text)
    return name, body


def _first_heading(text: str) -> str:
    fence = ""
    para: List[str] = []
    for line in text.split("\n"):
        t = line.lstrip(" ")
        indent = len(line) - len(t)
        if fence != "":
            if indent <= 3 and t.startswith(fence) and t.lstrip(fence[0]).rstrip(" \t") == "":
                fence = ""
            continue
        if _trim_space(line) == "":
            para = []
            continue
        if indent >= 4 or t.startswith("\t"):
            if not para:
                continue
            para.append(_trim_space(line))
            continue
        f = _custom_fence(t)
        if f != "":
            fence, para = f, []
            continue
        if _container_line(t):
            para = []
            continue
        h = _atx_text(t)
        if h is not None:
            if h != "":
                return h
            para = []
            continue
        if para and _setext_line(t):
            return " ".join(para)
        if _break_line(t):
            para = []
            continue
        para.append(_trim_space(t))
    return ""


def _custom_fence(t: str) -> str:
    if len(t) < 3 or t[0] not in "`~":
        return ""
    n = len(t) - len(t.lstrip(t[0]))
    if n < 3 or (t[0] == "`" and "`" in t[n:]):
        return ""
    return t[:n]


def _atx_text(t: str) -> Optional[str]:
    rest = t.lstrip("#")
    n = len(t) - len(rest)
    if n < 1 or n > 6 or (rest != "" and rest[0] not in " \t"):
        return None
    rest = _trim_space(rest)
    trimmed = rest.rstrip("#")
    if trimmed == "" or trimmed.endswith(" ") or trimmed.endswith("\t"):
        rest = _trim_space(trimmed)
    return rest


def _setext_line(t: str) -> bool:
    t = t.rstrip(" \t")
    return t != "" and (t.strip("=") == "" or t.strip("-") == "")


def _container_line(t: str) -> bool:
    if t.startswith(">"):
        return True
    if t.startswith("-") or t.startswith("+") or t.startswith("*"):
        rest = t[1:]
    else:
        digits = t.lstrip("0123456789")
        n = len(t) - len(digits)
        if n < 1 or n > 9 or digits == "" or digits[0] not in ".)":
            return False
        rest = digits[1:]
    return rest == "" or rest[0] in " \t"


def _break_line(t: str) -> bool:
    s = t.replace(" ", "").replace("\t", "")
    return len(s) >= 3 and (s.strip("*") == "" or s.strip("-") == "" or s.strip("_") == "")


def load_custom(project_dir: str, path: str, config: Mapping[str, Any]) -> LoadedCustom:
    """Reads the custom file at path (relative to project_dir) as the Go package's LoadCustom does.

    config is the project's compiled custom mode (its file, maxBytes and
    fallback).
    """
    fallback = str(config["fallback"])

    def fail(reason: str) -> LoadedCustom:
        return LoadedCustom("", fallback, False, reason, path)

    dir_err = _open_dir_error(project_dir)
    if dir_err is not None:
        return fail("project directory: " + dir_err)
    fd, r = _open_in_project(project_dir, path)
    if r.err == _ERR_NOT_EXIST:
        return fail(path + " does not exist")
    if r.err == _ERR_OUTSIDE:
        return fail(path + " is unsafe: it leads outside the project")
    if fd < 0:
        return fail(path + " cannot be read")
    mx = int(config["maxBytes"])
    b = _read_regular(fd, mx)
    if b.reason == "not-regular":
        return fail(path + " is not a regular file")
    if b.reason == "size":
        return fail("%s is %d bytes, over the limit of %d" % (path, b.size, mx))
    if b.reason == "error":
        return fail(path + " cannot be read")
    if len(b.data) > mx:
        return fail("%s is over the limit of %d bytes" % (path, mx))
    s = _decode(b.data)
    if s is None:
        return fail(path + " is not valid UTF-8")
    if "\0" in s:
        return fail(path + " contains a NUL byte")
    if "\ufeff" in s:
        return fail(path + " contains a byte-order mark")
    name, text = _custom_text(s.replace("\r\n", "\n"))
    if text == "":
        return fail(path + " is empty")
    return LoadedCustom(name, text.replace("{{cwd}}", project_dir), True, "", path)
