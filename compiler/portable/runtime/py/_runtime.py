"""The fixed runtime of every Python package promptc generates.

It composes, resolves, validates and describes prompts from the project's
compiled form (_data.py), exactly as the generated Go package does from its
tables. It uses nothing beyond the standard library; the generated
__init__.py types the API for the project.
"""

import json
import re
import unicodedata
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple, cast


class PromptError(Exception):
    """The error of a request that cannot be composed or is not valid; field names it."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


class TemplateError(Exception):
    """A template part's failure to render."""


@dataclass(frozen=True)
class Prompt:
    """A composed prompt and where its cacheable prefix ends."""

    text: str
    #: The length of the cacheable prefix in code points: text[:cache_end].
    cache_end: int
    #: The same length in UTF-8 bytes, as providers and the Go package count it.
    cache_end_bytes: int
    #: The number of sections wholly inside the prefix.
    cache_sections: int
    #: Set when the custom mode's file could not be used and the fallback was sent.
    custom_fallback: bool


@dataclass(frozen=True)
class Section:
    """One non-empty piece of a composed prompt."""

    name: str
    text: str
    source: str
    slot: bool
    stable: bool
    before: str


@dataclass(frozen=True)
class Field:
    """A run-time value a composition reads: the characters and records
    budgets count it at and its typical size (planning figures, which
    refuse nothing; a slot's or placeholder's max_chars is also its
    limit), and the limits validate enforces (0: none)."""

    name: str
    placeholder: bool
    input: bool
    max_chars: int
    typical_chars: int
    limit_chars: int
    max_items: int
    typical_items: int
    limit_items: int
    stable: bool


@dataclass(frozen=True)
class Notice:
    """The cost notice of a mode for a model."""

    mode: str
    tokens: int
    over_focus: int
    line: str
    warning: str
    text: str


@dataclass(frozen=True)
class Tool:
    """A tool of the catalogue."""

    name: str
    group: str
    write: bool


@dataclass(frozen=True)
class Custom:
    """The custom mode's file, as the harness loaded it (the Go package's Custom).

    text is sent ("" sends the project's fallback); path, the file read, is
    the section's source when usable; usable false sets
    Prompt.custom_fallback.
    """

    text: str
    path: str
    usable: bool
    #: The name load_custom read (frontmatter name:, else the first heading); not sent.
    name: str = ""
    #: Why load_custom did not use the file; not sent.
    reason: str = ""


@dataclass(frozen=True)
class Resolution:
    """What a request's model and family choice select."""

    family: str
    forced: bool
    note: str
    model_id: str
    settings: Dict[str, str]


_MISSING = object()


def _get(req: Any, name: str, default: Any) -> Any:
    """The field name of a request given as an object (Request) or a mapping."""
    if req is None:
        return default
    v: Any = getattr(req, name, _MISSING) if type(req) is not dict else _MISSING
    if v is _MISSING:
        v = cast(Mapping[str, Any], req).get(name, default) if isinstance(req, Mapping) else default
    return default if v is None else v


class Runtime:
    """The runtime of one project: data is its compiled form."""

    def __init__(self, data: Dict[str, Any]) -> None:
        self.data = data
        self._modes = data["modes"]
        self._families = data["families"]
        self._profiles: Optional[List[str]] = data["profiles"]
        self._permissions: Optional[List[str]] = data["permissions"]
        self._custom_name = data["custom"]["name"] if data["custom"] else None
        self._compiled: Optional[Dict[str, Any]] = None
        self._last: Optional[Tuple[str, str, Dict[str, Any]]] = None

    # Selection.

    def _compile(self) -> Dict[str, Any]:
        if self._compiled is None:
            def rx(r: Dict[str, str]) -> "re.Pattern[str]":
                return re.compile(r["py"], re.ASCII)

            def rule(r: Dict[str, Any]) -> Dict[str, Any]:
                return {k: [rx(p) for p in r[k]] for k in ("name", "provider", "id", "all")}

            d = self.data
            self._compiled = {
                "rules": [rule(r) for r in d["rules"]],
                "notes": [[rx(n["regex"]) for n in f["notes"]] for f in self._families],
                "conditions": [[rx(p) for p in c] for c in d["conditions"]],
                "settings": [[rule(r) for r in s["rules"]] for s in d["settings"]],
            }
        return self._compiled

    @staticmethod
    def _sel_first(rules: List[Dict[str, Any]], id: str, prov_end: int) -> int:
        # The selection genruntime's select.go makes. prov_end is the
        # length of a provider given apart from the model (id is then
        # provider + "/" + model), 0 for none: provider patterns see that
        # provider alone.
        cut = max(id.rfind("/"), id.rfind(":"))
        name = id[cut + 1:] if cut >= 0 else id
        for i, r in enumerate(rules):
            if any(x.search(name) for x in r["name"]):
                return i
            if any(x.search(id) for x in r["id"]):
                return i
            if r["all"] and all(x.search(id) for x in r["all"]):
                return i
        for i, r in enumerate(rules):
            end = cut
            while end > 0:
                start = max(id.rfind("/", 0, end), id.rfind(":", 0, end)) + 1
                seg = id[start:end]
                if seg != "":
                    if any(x.search(seg) for x in r["name"]):
                        return i
                    if (prov_end == 0 or end <= prov_end) and any(x.search(seg) for x in r["provider"]):
                        return i
                end = start - 1
        # A bare id naming a provider (anthropic, openai) gets its family.
        for i, r in enumerate(rules):
            if any(x.search(name) for x in r["provider"]):
                return i
        return -1

    def _note_for(self, f: int, id: str) -> int:
        for i, x in enumerate(self._compile()["notes"][f]):
            if x.search(id):
                return i
        return -1

    def _resolve_for(self, provider: str, model: str) -> Dict[str, Any]:
        last = self._last
        if last is not None and last[0] == provider and last[1] == model:
            return last[2]
        id = provider + "/" + model if provider != "" else model
        c = self._compile()
        d = self.data
        ri = self._sel_first(c["rules"], id, len(provider))
        family = d["rules"][ri]["value"] if ri >= 0 else d["fallbackFamily"]
        settings: List[int] = []
        for i, rules in enumerate(c["settings"]):
            j = self._sel_first(rules, id, len(provider))
            settings.append(d["settings"][i]["rules"][j]["value"] if j >= 0 else d["settings"][i]["default"])
        res = {
            "id": id,
            "family": family,
            "note": self._note_for(family, id),
            "parts": [any(x.search(id) for x in pats) for pats in c["conditions"]],
            "settings": settings,
        }
        self._last = (provider, model, res)
        return res

    def _choose(self, req: Any) -> Dict[str, Any]:
        r = self._resolve_for(_get(req, "provider", ""), _get(req, "model", ""))
        fam = _get(req, "family", "auto")
        if fam in ("", "auto"):
            return r
        f = next(i for i, x in enumerate(self._families) if x["name"] == fam)
        return dict(r, family=f, note=self._note_for(f, r["id"]))

    # Names.

    def _parse_mode(self, name: str) -> Optional[int]:
        if name == "":
            return int(self.data["defaultMode"])
        for i, m in enumerate(self._modes):
            if m["name"] == name:
                return i
        if self._custom_name is not None and name == self._custom_name:
            return -1
        for a, m in self.data["aliases"]:
            if a == name:
                return int(m)
        return None

    def _mode_valid_names(self) -> str:
        out = [m["name"] for m in self._modes]
        if self._custom_name is not None:
            out.append(self._custom_name)
        out += [a for a, _ in self.data["aliases"]]
        return ", ".join(out)

    def _selection_errors(self, req: Any) -> List[PromptError]:
        errs: List[PromptError] = []
        mode = _get(req, "mode", "")
        if self._parse_mode(mode) is None:
            errs.append(PromptError("Request.Mode", "Request.Mode: unknown prompt mode %s (valid: %s)" % (_quote(mode), self._mode_valid_names())))
        fam = _get(req, "family", "auto")
        names = [f["name"] for f in self._families]
        if fam not in ("", "auto") and fam not in names:
            errs.append(PromptError("Request.Family", "Request.Family: unknown family %s (valid: auto, %s)" % (_quote(fam), ", ".join(names))))
        profile = _get(req, "profile", None)
        if profile is not None and not (self._profiles and profile in self._profiles):
            errs.append(PromptError("Request.Profile", "Request.Profile: invalid prompt profile %s (valid: %s)" % (_quote(profile), ", ".join(self._profiles or []))))
        perm = _get(req, "permission", None)
        if perm is not None and not (self._permissions and perm in self._permissions):
            errs.append(PromptError("Request.Permission", "Request.Permission: invalid permission set %s (valid: %s)" % (_quote(perm), ", ".join(self._permissions or []))))
        return errs

    def _program(self, req: Any) -> int:
        pr = 0
        if self._profiles:
            pr = max(0, self._profiles.index(_get(req, "profile", self._profiles[0])))
        if not self._permissions:
            return pr
        perm = _get(req, "permission", None)
        i = 0 if perm is None else self._permissions.index(perm)
        return pr * len(self._permissions) + int(self.data["permissionProgram"][i])

    def _composition(self, req: Any) -> Dict[str, Any]:
        errs = self._selection_errors(req)
        if errs:
            raise errs[0]
        mode = self._parse_mode(_get(req, "mode", ""))
        assert mode is not None
        cu = self.data["custom"]
        custom = cu["fallback"] if cu else ""
        custom_source = cu["fallbackSource"] if cu else ""
        fallback = False
        if mode == -1:
            c = _get(req, "custom", None)
            if c is None:
                raise PromptError("Request.Custom", "Request.Custom: the custom mode needs the Request's custom, from load_custom")
            # As the Go package's Custom: its text, or the fallback when it
            # has none; its path as the source only when usable.
            fallback = not _get(c, "usable", False)
            if _get(c, "text", ""):
                custom = _get(c, "text", "")
            if not fallback:
                custom_source = _get(c, "path", "")
        pr = self.data["programs"][self._program(req)]
        allowed = _get(req, "allowed", None)
        return {
            "mode": mode,
            "items": pr["custom"] if mode == -1 else pr["modes"][mode],
            "wire": {"sep": "\n\n", "end": ""} if mode == -1 else self._modes[mode],
            "r": self._choose(req),
            "custom": custom,
            "custom_source": custom_source,
            "fallback": fallback,
            "slots": _get(req, "slots", {}),
            "inputs": _get(req, "inputs", {}),
            # The tool listing for the request's allowed callback, built
            # once; None sends the tools part as built.
            "tools": self._list_tools(pr, allowed) if callable(allowed) else None,
        }

    def _list_tools(self, pr: Dict[str, Any], allowed: Any) -> str:
        """The tools part of program pr listed again for an allowed callback,
        as the Go package's listTools: the full descriptions it lets through,
        then the named tools it lets through by capability group."""
        tools = self.data["tools"]
        out = ""
        for i in pr["toolsFull"]:
            if not allowed(tools[i]["name"]):
                continue
            if out != "":
                out += "\n\n"
            out += tools[i]["desc"]
        named = [i for i in pr["toolsNamed"] if allowed(tools[i]["name"])]
        if not named:
            return out
        if out != "":
            out += "\n\n"
        out += self.data["toolsHeader"]
        # As every part's text, the listing ends without a newline.
        out += "\n".join("- " + g + ": " + ", ".join(tools[i]["name"] for i in named if tools[i]["group"] == g) for g in sorted({tools[i]["group"] for i in named}))
        return out

    # Composition.

    def _slot_value(self, slots: Mapping[str, Any], i: int) -> str:
        v = slots.get(self.data["slots"][i]["name"])
        return v if isinstance(v, str) else ""

    def _runtime_value(self, slots: Mapping[str, Any], i: int) -> str:
        v = slots.get(self.data["runtimePlaceholders"][i]["name"])
        return v if isinstance(v, str) else ""

    @staticmethod
    def _input_value(inputs: Mapping[str, Any], input: Dict[str, Any]) -> Any:
        """input's value in inputs as the Go package's Inputs holds it: of its
        type, else at its zero value, every field of its records present."""
        return _zeroed(input, inputs.get(input["name"]))

    def _template_data(self, inputs: Mapping[str, Any]) -> Dict[str, Any]:
        return {input["name"]: self._input_value(inputs, input) for input in self.data["inputs"]}

    def _when_holds(self, i: int, c: Dict[str, Any]) -> bool:
        w = self.data["whens"][i]
        if w["input"] < 0 and w["setting"] < 0:
            return c["r"]["family"] in w["family"]
        if w["setting"] >= 0:
            return c["r"]["settings"][w["setting"]] in w["is"]
        v = self._input_value(c["inputs"], self.data["inputs"][w["input"]])
        if not w["is"]:
            return v is True
        return any(v == x and type(v) is type(x) for x in w["is"])

    def _text_of(self, it: Dict[str, Any], r: Dict[str, Any]) -> Optional[Tuple[List[Any], str]]:
        f = self._families[r["family"]]
        k = it["kind"]
        if k == "line":
            return f["line"], f["lineSource"]
        if k == "body":
            return f["body"], f["bodySource"]
        if k == "note":
            if r["note"] < 0:
                return None
            n = f["notes"][r["note"]]
            return n["text"], n["source"]
        return it.get("text") or [], it["source"]

    def _pieces(self, it: Dict[str, Any], c: Dict[str, Any]) -> Tuple[List[str], int]:
        out: List[str] = []
        hole = -1
        r = c["r"]
        if it["cond"] >= 0 and not r["parts"][it["cond"]]:
            return out, hole
        if it["when"] >= 0 and not self._when_holds(it["when"], c):
            return out, hole
        if it.get("tools") and c["tools"] is not None:
            if c["tools"] != "":
                out.append(c["tools"])
            return out, hole
        k = it["kind"]
        if k == "custom":
            if c["custom"] != "":
                out.append(c["custom"])
            return out, hole
        if k == "slot":
            t = self._slot_value(c["slots"], it["index"])
            if t != "":
                out.append(t)
            return out, hole
        if k == "template":
            try:
                t = render_template(self.data["templates"][it["index"]], self._template_data(c["inputs"]))
            except TemplateError as e:
                raise PromptError("Request.Inputs", "part %s: %s" % (it["name"], e))
            if t != "":
                out.append(t)
            return out, hole
        t = self._text_of(it, r)
        if t is None:
            return out, hole
        written = 0
        for p in t[0]:
            if isinstance(p, str):
                out.append(p)
                written += len(p)
                continue
            ph = self.data["placeholders"][p]
            if ph["runtime"] >= 0:
                v = self._runtime_value(c["slots"], ph["runtime"])
                if hole < 0:
                    hole = written
            elif ph.get("setting"):
                v = ph["bySetting"][r["settings"][ph["setting"] - 1]]
            else:
                v = ph["values"][r["family"]][r["note"] + 1]
            if v != "":
                out.append(v)
                written += len(v)
        return out, hole

    def _stable(self, it: Dict[str, Any]) -> bool:
        if it["kind"] == "slot":
            return bool(self.data["slots"][it["index"]]["stable"])
        return not it["volatile"]

    @staticmethod
    def _sep_before(it: Dict[str, Any], wire: Dict[str, Any], prev: str) -> str:
        # The after text declared for the section named prev and this one,
        # else this one's before, else the mode's separator.
        after: List[List[str]] = it.get("after") or []
        for pair in after:
            if pair[0] == prev:
                return pair[1]
        b = it.get("before")
        return b if b is not None else wire["sep"]

    def compose(self, req: Any = None) -> Prompt:
        c = self._composition(req)
        texts: List[str] = []
        size = 0
        cache_end = -1
        cache_sections = 0
        count = 0
        prev = ""
        for it in c["items"]:
            ps, hole = self._pieces(it, c)
            t = "".join(ps)
            sep = self._sep_before(it, c["wire"], prev) if t and count > 0 else ""
            if cache_end < 0:
                if not self._stable(it):
                    cache_end, cache_sections = size, count
                elif hole >= 0 and t:
                    cache_end, cache_sections = size + len(sep) + hole, count
                elif hole >= 0:
                    cache_end, cache_sections = size, count
            if t:
                texts += [sep, t]
                size += len(sep) + len(t)
                count += 1
                prev = it["name"]
        if count > 0:
            texts.append(c["wire"]["end"])
            size += len(c["wire"]["end"])
        if cache_end < 0:
            cache_end, cache_sections = size, count
        text = "".join(texts)
        return Prompt(text, cache_end, len(text[:cache_end].encode("utf-8")), cache_sections, c["fallback"])

    def sections(self, req: Any = None) -> List[Section]:
        c = self._composition(req)
        out: List[Section] = []
        for it in c["items"]:
            ps, hole = self._pieces(it, c)
            t = "".join(ps)
            if t == "":
                continue
            source = it["source"]
            k = it["kind"]
            if k in ("line", "body", "note"):
                tx = self._text_of(it, c["r"])
                assert tx is not None
                source = tx[1]
            elif k == "custom":
                source = c["custom_source"]
            elif k == "slot":
                source = ""
            before = self._sep_before(it, c["wire"], out[-1].name) if out else ""
            out.append(Section(it["name"], t, source, k == "slot", self._stable(it) and hole < 0, before))
        return out

    def resolve(self, req: Any = None) -> Resolution:
        fam = _get(req, "family", "auto")
        if fam not in ("", "auto") and fam not in [f["name"] for f in self._families]:
            raise self._selection_errors({"family": fam})[0]
        r = self._choose(req)
        settings = {s["name"]: s["values"][r["settings"][i]] for i, s in enumerate(self.data["settings"])}
        f = self._families[r["family"]]
        return Resolution(f["name"], fam not in ("", "auto"), f["notes"][r["note"]]["label"] if r["note"] >= 0 else "", r["id"], settings)

    def validate(self, req: Any = None) -> List[PromptError]:
        """Every problem of the request: the Go package's Validate, and what
        its types rule out (names not declared, values of another type)."""
        errs = self._selection_errors(req)
        slots = _get(req, "slots", {})
        for i, s in enumerate(self.data["slots"]):
            n = len(self._slot_value(slots, i))
            if s["maxChars"] > 0 and n > s["maxChars"]:
                errs.append(PromptError("Request.Slots", "slot %s has %d characters, over its limit of %d" % (s["name"], n, s["maxChars"])))
        for i, p in enumerate(self.data["runtimePlaceholders"]):
            n = len(self._runtime_value(slots, i))
            if n > p["maxChars"]:
                errs.append(PromptError("Request.Slots", "placeholder %s has %d characters, over its limit of %d" % (p["name"], n, p["maxChars"])))
        # What the Go package's types rule out: a name that is not
        # declared, a value of another type.
        slot_names = [s["name"] for s in self.data["slots"]] + [p["name"] for p in self.data["runtimePlaceholders"]]
        for k in sorted(slots):
            v = slots[k]
            if v is None:
                continue
            if k not in slot_names:
                errs.append(PromptError("Request.Slots", "Request.Slots: %s is not a slot or a run-time placeholder (valid: %s)" % (_quote(k), ", ".join(slot_names))))
            elif not isinstance(v, str):
                errs.append(PromptError("Request.Slots", "Request.Slots: %s is text: give a string, not %s" % (k, _describe(v))))
        inputs = _get(req, "inputs", {})
        for input in self.data["inputs"]:
            field = "Request.Inputs." + input["name"]
            if _check_type(input, inputs.get(input["name"]), field, field, errs):
                _check_value(input, self._input_value(inputs, input), field, field, errs)
        input_names = [x["name"] for x in self.data["inputs"]]
        for k in sorted(inputs):
            if k not in input_names and inputs[k] is not None:
                declared = "inputs: " + ", ".join(input_names) if input_names else "none is declared"
                errs.append(PromptError("Request.Inputs." + k, "Request.Inputs.%s is not an input (%s)" % (k, declared)))
        if self._parse_mode(_get(req, "mode", "")) == -1 and _get(req, "custom", None) is None:
            errs.append(PromptError("Request.Custom", "Request.Custom: the custom mode needs the Request's custom, from load_custom"))
        return errs

    def fields(self, req: Any = None) -> List[Field]:
        c = self._composition(req)
        out: List[Field] = []

        def add(f: Field) -> None:
            if not any(g.name == f.name and g.placeholder == f.placeholder and g.input == f.input for g in out):
                out.append(f)

        for it in c["items"]:
            if it["cond"] >= 0 and not c["r"]["parts"][it["cond"]]:
                continue
            for i in it["reads"]:
                x = self.data["inputs"][i]
                add(_input_field(x["name"], x, x["stable"]))
                _nested_fields(x, x["name"], x["stable"], add)
            k = it["kind"]
            if k == "slot":
                s = self.data["slots"][it["index"]]
                add(Field(s["name"], False, False, s["maxChars"], s["maxChars"], s["maxChars"], 0, 0, 0, s["stable"]))
                continue
            if k in ("custom", "template"):
                continue
            t = self._text_of(it, c["r"])
            if t is None:
                continue
            for p in t[0]:
                if isinstance(p, str):
                    continue
                ph = self.data["placeholders"][p]
                if ph["runtime"] >= 0:
                    f = self.data["runtimePlaceholders"][ph["runtime"]]
                    add(Field(f["name"], True, False, f["maxChars"], f["maxChars"], f["maxChars"], 0, 0, 0, False))
        return out

    def capability_line(self, req: Any = None) -> str:
        """The Go package's Request.CapabilityLine: the tools the line names
        that the request's program has and its allowed callback lets
        through, listed ones then deferred ones."""
        errs = self._selection_errors(req)
        if errs:
            raise errs[0]
        cap = self.data["capability"]
        if not cap:
            return ""
        pr = self.data["programs"][self._program(req)]
        allowed = _get(req, "allowed", None)
        groups: List[List[str]] = [[], []]
        for t, listed in zip(pr["capabilityTools"], pr["capabilityListed"]):
            if callable(allowed) and not allowed(t):
                continue
            groups[0 if listed else 1].append(t)
        parts = [words + ", ".join(g) + "." for words, g in zip([cap["listed"], cap["deferred"]], groups) if g]
        return " ".join(parts)

    def cost_notice(self, req: Any = None) -> Notice:
        c = self._composition(req)
        if c["mode"] == -1:
            return Notice(str(self._custom_name), 0, 0, "", "", "")
        m = c["mode"]
        pr = self.data["programs"][self._program(req)]
        # The values of the settings a when condition tests, as one number
        # in mixed radix, then the subset of the mode's conditional parts.
        sub = 0
        for si in self.data["noticeSettings"]:
            sub = sub * len(self.data["settings"][si]["values"]) + c["r"]["settings"][si]
        sub <<= len(pr["noticeConds"][m])
        for j, cond in enumerate(pr["noticeConds"][m]):
            if c["r"]["parts"][cond]:
                sub |= 1 << j
        d = pr["notices"][c["r"]["family"]][c["r"]["note"] + 1][m][sub]
        return Notice(self._modes[m]["name"], d["tokens"], d["over"], d["line"], self._modes[m]["warning"], d["text"])

    # Names and tools.

    def modes(self) -> List[str]:
        return [m["name"] for m in self._modes]

    def modes_for(self, custom: Optional[Custom] = None) -> List[str]:
        """modes(), then the custom mode when custom is usable (the Go package's ModesFor)."""
        out = self.modes()
        if self._custom_name is not None and custom is not None and custom.usable:
            out.append(str(self._custom_name))
        return out

    def next_mode(self, mode: str, custom: Optional[Custom] = None) -> str:
        """The mode after mode in modes_for(custom), wrapping around (NextMode); "" is the default mode, one not offered is followed by the first."""
        ms = self.modes_for(custom)
        m = mode if mode != "" else self._modes[self.data["defaultMode"]]["name"]
        return ms[(ms.index(m) + 1) % len(ms)] if m in ms else ms[0]

    def families(self) -> List[str]:
        return [f["name"] for f in self._families]

    def parse_mode(self, name: str) -> str:
        m = self._parse_mode(name) if name != "" else None
        if m is None:
            raise self._selection_errors({"mode": name or "\x00"})[0]
        return str(self._custom_name) if m == -1 else self._modes[m]["name"]

    def _permits(self, permission: Optional[str]) -> Optional[List[bool]]:
        if not self._permissions:
            return None
        if permission is not None and permission not in self._permissions:
            raise self._selection_errors({"permission": permission})[0]
        return self.data["toolPermits"][0 if permission is None else self._permissions.index(permission)]

    def tools(self, permission: Optional[str] = None) -> List[Tool]:
        permits = self._permits(permission)
        return [Tool(t["name"], t["group"], t["write"]) for i, t in enumerate(self.data["tools"]) if permits is None or permits[i]]


def _valid_utf8(s: str) -> bool:
    # A str holding a lone surrogate (as surrogateescape decodes a byte
    # that is not UTF-8) is what the Go package's invalid UTF-8 is.
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


_GO_ESCAPES = {7: "\\a", 8: "\\b", 12: "\\f", 10: "\\n", 13: "\\r", 9: "\\t", 11: "\\v"}


def _quote(s: Any) -> str:
    """Quotes s as Go's %q verb (strconv.Quote) does, which the Go
    package's messages use: printable characters as they are, the usual
    escapes, other control characters as \\xHH, other characters that are
    not printable (spaces other than U+0020, format characters) as \\uHHHH
    or \\UHHHHHHHH. A value that is no string is written as JSON."""
    if not isinstance(s, str):
        return json.dumps(s, ensure_ascii=False)
    out = ['"']
    for ch in s:
        c = ord(ch)
        if ch in ('"', "\\"):
            out.append("\\" + ch)
        elif ch == " " or unicodedata.category(ch)[0] in "LMNPS":
            out.append(ch)
        elif c in _GO_ESCAPES:
            out.append(_GO_ESCAPES[c])
        elif c < 0x20 or c == 0x7F:
            out.append("\\x%02x" % c)
        elif c < 0x10000:
            out.append("\\u%04x" % c)
        else:
            out.append("\\U%08x" % c)
    out.append('"')
    return "".join(out)


# The interpreter of template parts: text/template's semantics over the
# parse tree promptc checked and shipped (see compiler/portable).

_BREAK = object()
_CONTINUE = object()


def _kind(v: Any) -> str:
    if v is None:
        return "nil"
    if isinstance(v, str):
        return "string"
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "int"
    if isinstance(v, list):
        return "list"
    return "struct"


def _zeroed(shape: Dict[str, Any], v: Any) -> Any:
    """v as a value of input or field shape: of its type, else at its zero
    value; a record's and a list item's fields, to any depth, the same way."""
    t = shape["type"]
    if t == "bool":
        return v is True
    if t == "list":
        return [_record(shape, item) for item in cast(Sequence[Any], v)] if isinstance(v, (list, tuple)) else []
    if t == "record":
        return _record(shape, v)
    return v if isinstance(v, str) else ""


def _record(shape: Dict[str, Any], v: Any) -> Dict[str, Any]:
    obj: Mapping[str, Any] = cast(Mapping[str, Any], v) if isinstance(v, Mapping) else {}
    return {f["name"]: _zeroed(f, obj.get(f["name"])) for f in shape["fields"]}


def _describe(v: Any) -> str:
    """Names the JSON type of v for a message: a string, a bool, a number, a
    list or an object."""
    if isinstance(v, str):
        return "a string"
    if isinstance(v, bool):
        return "a bool"
    if isinstance(v, (int, float)):
        return "a number"
    if isinstance(v, (list, tuple)):
        return "a list"
    return "an object"


def _check_type(shape: Dict[str, Any], v: Any, path: str, field: str, errs: List[PromptError]) -> bool:
    """Adds to errs the errors of v, the value as given of input or field
    shape named path, that the Go package's types rule out: a value of
    another type, a record field that is not declared. None is a value not
    given. Reports whether v had none."""
    if v is None:
        return True
    n = len(errs)
    t = shape["type"]
    if t == "bool":
        if not isinstance(v, bool):
            errs.append(PromptError(field, "%s is a bool: give true or false, not %s" % (path, _describe(v))))
    elif t == "list":
        if not isinstance(v, (list, tuple)):
            errs.append(PromptError(field, "%s is a list: give an array of records, not %s" % (path, _describe(v))))
        else:
            for i, item in enumerate(cast(Sequence[Any], v)):
                _check_record(shape, item, "%s[%d]" % (path, i), field, errs)
    elif t == "record":
        _check_record(shape, v, path, field, errs)
    elif not isinstance(v, str):
        errs.append(PromptError(field, "%s is %s: give a string, not %s" % (path, "an enum" if t == "enum" else "a string", _describe(v))))
    return len(errs) == n


def _check_record(shape: Dict[str, Any], v: Any, path: str, field: str, errs: List[PromptError]) -> None:
    """_check_type for a record, or a list's item, of shape."""
    if v is None:
        return
    names = [f["name"] for f in shape["fields"]]
    if not isinstance(v, Mapping):
        errs.append(PromptError(field, "%s is %s, not an object of fields (%s)" % (path, _describe(v), ", ".join(names))))
        return
    obj = cast(Mapping[str, Any], v)
    for k in sorted(obj):
        if k not in names:
            errs.append(PromptError(field, "%s has field %s, which is not declared (fields: %s)" % (path, k, ", ".join(names))))
    for f in shape["fields"]:
        _check_type(f, obj.get(f["name"]), "%s.%s" % (path, f["name"]), field, errs)


def _check_value(shape: Dict[str, Any], v: Any, path: str, field: str, errs: List[PromptError]) -> None:
    """Adds to errs Validate's errors about v, the value (as _input_value
    gives it) of input or field shape named path, for the request field
    field: a list's fields field by field, item by item, as the Go package
    checks them."""
    t = shape["type"]
    if t == "string":
        if not _valid_utf8(v):
            errs.append(PromptError(field, "%s is not valid UTF-8" % path))
        elif shape["limitChars"] >= 0 and len(v) > shape["limitChars"]:
            errs.append(PromptError(field, "%s has %d characters, over its limit of %d" % (path, len(v), shape["limitChars"])))
    elif t == "enum":
        if v != "" and v not in shape["values"]:
            errs.append(PromptError(field, "%s is %s, not one of its values (%s)" % (path, _quote(v), ", ".join(shape["values"]))))
    elif t == "list":
        if shape["limitItems"] >= 0 and len(v) > shape["limitItems"]:
            errs.append(PromptError(field, "%s has %d items, over its limit of %d" % (path, len(v), shape["limitItems"])))
        for f in shape["fields"]:
            for i, item in enumerate(v):
                _check_value(f, item[f["name"]], "%s[%d].%s" % (path, i, f["name"]), field, errs)
    elif t == "record":
        for f in shape["fields"]:
            _check_value(f, v[f["name"]], "%s.%s" % (path, f["name"]), field, errs)


def _nested_fields(shape: Dict[str, Any], path: str, stable: bool, add: Callable[[Field], None]) -> None:
    """Adds the Field of every field of shape's records, to any depth, named
    by its path from the input (Config.Options.Name, Files[].Path)."""
    for f in shape["fields"]:
        p = "%s[].%s" % (path, f["name"]) if shape["type"] == "list" else "%s.%s" % (path, f["name"])
        add(_input_field(p, f, stable))
        _nested_fields(f, p, stable, add)


def _input_field(name: str, shape: Dict[str, Any], stable: bool) -> Field:
    """The Field of input or field shape, named name: its planning, typical
    and limit figures, 0 where it has none."""
    return Field(
        name, False, True,
        max(shape["maxChars"], 0), shape["typicalChars"], max(shape["limitChars"], 0),
        max(shape["maxItems"], 0), shape["typicalItems"], max(shape["limitItems"], 0),
        stable,
    )


def _truth(v: Any) -> bool:
    k = _kind(v)
    if k == "nil":
        return False
    if k in ("string", "list"):
        return len(v) > 0
    if k == "bool":
        return bool(v)
    if k == "int":
        return v != 0
    return True


def _format(v: Any) -> str:
    k = _kind(v)
    if k == "nil":
        return "<nil>"
    if k == "string":
        return str(v)
    if k == "bool":
        return "true" if v else "false"
    if k == "int":
        return str(v)
    raise TemplateError("cannot print a list or a record")


def _eq(a: Any, b: Any) -> bool:
    ka, kb = _kind(a), _kind(b)
    if ka != kb:
        raise TemplateError("error calling eq: incompatible types for comparison")
    if ka in ("list", "nil"):
        raise TemplateError("error calling eq: invalid type for comparison")
    return bool(a == b)


def _less(name: str, a: Any, b: Any) -> bool:
    ka, kb = _kind(a), _kind(b)
    if ka not in ("string", "int"):
        raise TemplateError("error calling %s: invalid type for comparison" % name)
    if ka != kb:
        raise TemplateError("error calling %s: incompatible types for comparison" % name)
    return bool(a < b)


def _type_name(v: Any) -> str:
    return {"string": "string", "bool": "bool", "int": "int"}.get(_kind(v), "<nil>")


def _printf(fmt: str, args: List[Any]) -> str:
    out: List[str] = []
    n = 0
    i = 0
    while i < len(fmt):
        ch = fmt[i]
        if ch != "%" or i + 1 >= len(fmt):
            out.append("%!(NOVERB)" if ch == "%" else ch)
            i += 1
            continue
        verb = fmt[i + 1]
        i += 2
        if verb == "%":
            out.append("%")
            continue
        if n >= len(args):
            out.append("%%!%s(MISSING)" % verb)
            continue
        a = args[n]
        n += 1
        k = _kind(a)
        if verb == "v" or (verb == "s" and k == "string") or (verb == "d" and k == "int") or (verb == "t" and k == "bool"):
            out.append(_format(a))
        elif k == "nil":
            out.append("%%!%s(<nil>)" % verb)
        else:
            out.append("%%!%s(%s=%s)" % (verb, _type_name(a), _format(a)))
    if n < len(args):
        out.append("%!(EXTRA " + ", ".join("<nil>" if _kind(a) == "nil" else "%s=%s" % (_type_name(a), _format(a)) for a in args[n:]) + ")")
    return "".join(out)


def _sprint(args: List[Any]) -> str:
    out: List[str] = []
    for i, a in enumerate(args):
        if i > 0 and _kind(a) != "string" and _kind(args[i - 1]) != "string":
            out.append(" ")
        out.append(_format(a))
    return "".join(out)


# The most bytes any template part renders, whatever its bound, as in the
# Go package.
_RENDER_MAX_BYTES = 64 << 20


def render_template(tmpl: Mapping[str, Any], inputs: Any) -> str:
    """Renders a template part (name, tree and max, the most characters it
    renders for inputs validate accepts) with the inputs. A rendering that
    would pass max characters (or 64 MiB) stops with an error, as the Go
    package's does; a template without max (one reading an input without a
    declared limit) is bounded by 64 MiB alone."""
    vars: List[List[Any]] = [["$", inputs]]
    out: List[str] = []
    max_chars: Optional[int] = tmpl.get("max")
    size = [0, 0]  # characters and bytes written

    def write(s: str) -> None:
        # One piece as text/template writes it, whole, counted against
        # the bounds.
        n = len(s)
        b = len(s.encode("utf-8", "surrogatepass"))
        if (max_chars is not None and size[0] + n > max_chars) or size[1] + b > _RENDER_MAX_BYTES:
            if max_chars is None:
                raise TemplateError("template %s: the rendering passes %d MiB, the most a template part may render" % (tmpl["name"], _RENDER_MAX_BYTES >> 20))
            raise TemplateError(
                "template %s: the rendering passes its bound of %d characters (%d MiB at most); the inputs are over the limits Validate checks"
                % (tmpl["name"], max_chars, _RENDER_MAX_BYTES >> 20)
            )
        size[0] += n
        size[1] += b
        out.append(s)

    def lookup(name: str) -> int:
        for i in range(len(vars) - 1, -1, -1):
            if vars[i][0] == name:
                return i
        raise TemplateError("undefined variable: " + name)

    def field(v: Any, names: Sequence[str]) -> Any:
        for n in names:
            if _kind(v) != "struct":
                raise TemplateError("can't evaluate field %s in type %s" % (n, _kind(v)))
            v = v.get(n)
        return v

    def call(name: str, nodes: List[Any], dot: Any, final: Any, has_final: bool) -> Any:
        def args() -> List[Any]:
            a = [arg(x, dot) for x in nodes]
            if has_final:
                a.append(final)
            return a

        if name in ("and", "or"):
            n = len(nodes) + (1 if has_final else 0)
            if n < 1:
                raise TemplateError("wrong number of args for %s: want at least 1 got 0" % name)
            v = None
            for i in range(n):
                v = arg(nodes[i], dot) if i < len(nodes) else final
                if _truth(v) != (name == "and"):
                    return v
            return v
        a = args()
        if name == "not":
            if len(a) != 1:
                raise TemplateError("wrong number of args for not: want 1 got %d" % len(a))
            return not _truth(a[0])
        if name == "len":
            if len(a) != 1:
                raise TemplateError("wrong number of args for len: want 1 got %d" % len(a))
            if _kind(a[0]) == "string":
                return len(a[0].encode("utf-8"))
            if _kind(a[0]) == "list":
                return len(a[0])
            raise TemplateError("error calling len: len of type %s" % _kind(a[0]))
        if name in ("eq", "ne"):
            if len(a) < 2:
                raise TemplateError("error calling %s: missing argument for comparison" % name)
            eq = False
            for b in a[1:]:
                if _eq(a[0], b):
                    eq = True
                    if name == "eq":
                        break
                if name == "ne":
                    break
            return eq if name == "eq" else not eq
        if name in ("lt", "le", "gt", "ge"):
            if len(a) != 2:
                raise TemplateError("wrong number of args for %s: want 2 got %d" % (name, len(a)))
            x, y = a
            if name == "lt":
                return _less(name, x, y)
            if name == "ge":
                return not _less(name, x, y)
            eq = _eq(x, y)
            if name == "le":
                return eq or _less(name, x, y)
            return not eq and not _less(name, x, y)
        if name == "print":
            return _sprint(a)
        if name == "println":
            return " ".join(_format(x) for x in a) + "\n"
        if name == "printf":
            return _printf(a[0], a[1:])
        raise TemplateError("function %s not defined" % _quote(name))

    def arg(a: List[Any], dot: Any) -> Any:
        k = a[0]
        if k == "dot":
            return dot
        if k == "field":
            return field(dot, a[1])
        if k == "var":
            return field(vars[lookup(a[1])][1], a[2])
        if k == "chain":
            return field(arg(a[1], dot), a[2])
        if k == "pipe":
            mark = len(vars)
            v = pipe(a[1], dot)
            del vars[mark:]
            return v
        if k in ("string", "int", "bool"):
            return a[1]
        if k == "nil":
            return None
        if k == "func":
            return call(a[1], [], dot, None, False)
        raise TemplateError("unknown node " + str(k))

    def command(cmd: List[Any], dot: Any, final: Any, has_final: bool) -> Any:
        first = cmd[0]
        if first[0] == "func":
            return call(first[1], cmd[1:], dot, final, has_final)
        if len(cmd) > 1 or has_final:
            raise TemplateError("can't give argument to non-function " + str(first[0]))
        if first[0] == "nil":
            raise TemplateError("nil is not a command")
        return arg(first, dot)

    def pipe(p: Mapping[str, Any], dot: Any) -> Any:
        v = None
        for i, cmd in enumerate(p["cmds"]):
            v = command(cmd, dot, v, i > 0)
        for d in p["decl"]:
            if p["assign"]:
                vars[lookup(d)][1] = v
            else:
                vars.append([d, v])
        return v

    def walk(lst: List[Any], dot: Any) -> Any:
        for n in lst:
            k = n[0]
            if k == "text":
                write(n[1])
            elif k == "action":
                mark = len(vars)
                v = pipe(n[1], dot)
                if not n[1]["decl"]:
                    write("<no value>" if v is None else _format(v))
                    del vars[mark:]
            elif k in ("if", "with"):
                mark = len(vars)
                v = pipe(n[1], dot)
                r = walk(n[2], v if k == "with" else dot) if _truth(v) else walk(n[3], dot)
                del vars[mark:]
                if r is not None:
                    return r
            elif k == "range":
                mark = len(vars)
                v = pipe(n[1], dot)
                del vars[mark:]
                kv = _kind(v)
                if kv not in ("list", "nil"):
                    raise TemplateError("range can't iterate over " + _format(v))
                items: List[Any] = cast(List[Any], v) if kv == "list" else []
                if not items:
                    r = walk(n[3], dot)
                    del vars[mark:]
                    if r is not None:
                        return r
                    continue
                decl = n[1]["decl"]
                for i, item in enumerate(items):
                    m = len(vars)
                    if len(decl) == 1:
                        vars.append([decl[0], item])
                    elif len(decl) == 2:
                        vars.append([decl[0], i])
                        vars.append([decl[1], item])
                    r = walk(n[2], item)
                    del vars[m:]
                    if r is _BREAK:
                        break
                del vars[mark:]
            elif k == "break":
                return _BREAK
            elif k == "continue":
                return _CONTINUE
        return None

    walk(list(tmpl["tree"]), inputs)
    return "".join(out)

