"""Tests of the fixed Python runtime on the stub project
(compiler/portable/testdata/stub, compiled into ../testdata/stub.json).

Run: python3 -m unittest discover -s compiler/portable/runtime/py
"""

import json
from typing import Any
import os
import unittest

from _runtime import PromptError, Runtime, TemplateError, render_template

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "testdata", "stub.json"), encoding="utf-8") as f:
    DATA = json.load(f)

RT = Runtime(DATA)


class ComposeTest(unittest.TestCase):
    def test_zero_request(self) -> None:
        p = RT.compose()
        self.assertEqual(p.text, "You are Plain's assistant.\n\nPlain line.\n\nWorking in  today.")
        # The prefix ends where the run-time placeholder's value goes, empty or not.
        self.assertEqual(p.text[: p.cache_end], "You are Plain's assistant.\n\nPlain line.\n\nWorking in ")
        self.assertEqual(p.cache_sections, 2)
        self.assertFalse(p.custom_fallback)

    def test_prefix_in_code_points_and_bytes(self) -> None:
        p = RT.compose({"model": "alpha-small", "slots": {"rules": "é😀", "memory": "M", "cwd": "/w"}})
        self.assertEqual(p.text, "You are Alpha's assistant.\n\nAlpha line.\n\né😀\n\nWorking in /w today.\n\nM")
        self.assertEqual(p.text[: p.cache_end], "You are Alpha's assistant.\n\nAlpha line.\n\né😀\n\nWorking in ")
        self.assertEqual(p.cache_end, 56)
        self.assertEqual(p.cache_end_bytes, 60)
        self.assertEqual(p.cache_sections, 3)

    def test_separator_before_end_and_template(self) -> None:
        p = RT.compose({"mode": "long", "model": "alpha-small", "slots": {"rules": "R"},
                        "inputs": {"IsGitRepo": True, "Style": "plain", "Files": [{"Path": "a.go", "Content": "package a"}]}})
        self.assertEqual(
            p.text,
            "You are Alpha's assistant.\nAlpha line.\nAlpha body.\nSmall note for Alpha.\nWorking in  today.\nOnly for small models.\n---\n"
            "Commit with git.\nExamples follow at the end.\nR\n\n0: <file path=\"a.go\">package a</file>\nStyle: plain (5) git: true\n\n",
        )
        self.assertEqual(p.cache_sections, 4)

    def test_record_input(self) -> None:
        def text(config: Any) -> str:
            return RT.compose({"mode": "long", "model": "alpha-small", "inputs": {"Style": "plain", "Config": config}}).text.split("\n")[-3]
        self.assertEqual(text({"Server": {"Name": "gopls", "Level": "high"}, "Tags": [{"Tag": "a", "On": True}, {"Tag": "b"}], "Root": "/r"}),
                         "Style: plain (5) server: gopls! #a root: /r")
        self.assertEqual(text({"Server": {"Level": "high"}, "Tags": [{"On": True}]}), "Style: plain (5) #")
        self.assertEqual(text(None), "Style: plain (5)")

    def test_sections(self) -> None:
        s = RT.sections({"mode": "long", "model": "acme/x", "family": "plain"})
        self.assertEqual(
            [(x.name, x.source, x.stable, x.before) for x in s],
            [("base", "base.md:1", True, ""), ("line", "prompts/families/plain.prompt.md:1", True, "\n"),
             ("body", "prompts/families/plain.prompt.md:3", True, "\n"), ("where", "where.md:1", False, "\n"),
             ("files", "files.tmpl:1", False, "\n")],
        )
        self.assertEqual(s[4].text, "\nno files\n\n")


class ResolveTest(unittest.TestCase):
    def test_resolve(self) -> None:
        r = RT.resolve({"provider": "acme", "model": "x"})
        self.assertEqual((r.family, r.forced, r.note, r.model_id, r.settings), ("alpha", False, "", "acme/x", {"Examples": "inline"}))
        r = RT.resolve({"model": "alpha-small", "family": "plain"})
        self.assertEqual((r.family, r.forced, r.settings), ("plain", True, {"Examples": "end"}))
        self.assertEqual(RT.resolve({"model": "ALPHA-BIG"}).note, "Big")
        self.assertEqual(RT.resolve({"model": "other/alpha-x"}).family, "alpha")
        with self.assertRaises(PromptError):
            RT.resolve({"family": "zeta"})


class ValidateTest(unittest.TestCase):
    def test_every_problem(self) -> None:
        errs = RT.validate({"mode": "nope", "family": "zeta", "slots": {"memory": "x" * 51, "cwd": "😀" * 41},
                            "inputs": {"Style": "loud", "Files": [{}, {}, {"Path": "p" * 41}]}})
        self.assertEqual(
            [(e.field, e.message) for e in errs],
            [("Request.Mode", 'Request.Mode: unknown prompt mode "nope" (valid: short, long, custom)'),
             ("Request.Family", 'Request.Family: unknown family "zeta" (valid: auto, alpha, plain)'),
             ("Request.Slots", "slot memory has 51 characters, over its limit of 50"),
             ("Request.Slots", "placeholder cwd has 41 characters, over its limit of 40"),
             ("Request.Inputs.Files", "Request.Inputs.Files has 3 items, over its limit of 2"),
             ("Request.Inputs.Files", "Request.Inputs.Files[2].Path has 41 characters, over its limit of 40"),
             ("Request.Inputs.Style", 'Request.Inputs.Style is "loud", not one of its values (plain, terse)')],
        )
        self.assertEqual(RT.validate({"slots": {"memory": "x" * 50, "cwd": "😀" * 40}, "inputs": {"Files": [{}, {}]}}), [])
        errs = RT.validate({"inputs": {"Config": {"Server": {"Name": "x" * 9, "Level": "mid"}, "Tags": [{}, {}, {"Tag": "toolong"}], "Root": "r" * 11}}})
        self.assertEqual([(e.field, str(e)) for e in errs], [
            ("Request.Inputs.Config", "Request.Inputs.Config.Server.Name has 9 characters, over its limit of 8"),
            ("Request.Inputs.Config", 'Request.Inputs.Config.Server.Level is "mid", not one of its values (low, high)'),
            ("Request.Inputs.Config", "Request.Inputs.Config.Tags has 3 items, over its limit of 2"),
            ("Request.Inputs.Config", "Request.Inputs.Config.Tags[2].Tag has 7 characters, over its limit of 5"),
            ("Request.Inputs.Config", "Request.Inputs.Config.Root has 11 characters, over its limit of 10"),
        ])
        self.assertEqual(RT.validate({"inputs": {"Config": {"Server": {"Name": "x" * 8, "Level": ""}, "Tags": [{}, {}], "Root": "r" * 10}}}), [])
        with self.assertRaises(PromptError):
            RT.compose({"mode": "nope"})

    def test_types_go_rules_out(self) -> None:
        # A name not declared, a value of another type; None is a value not given.
        errs = RT.validate({"slots": {"notes": "x", "memory": 3, "cwd": None},
                            "inputs": {"IsGitRepo": "yes", "Style": 1, "Files": {"Path": "a"}, "Config": {"Server": [], "Tags": [{"Tag": 2, "Size": 1}, "x"], "Port": 80}, "Verbose": True, "Gone": None}})
        self.assertEqual([(e.field, str(e)) for e in errs], [
            ("Request.Slots", "Request.Slots: memory is text: give a string, not a number"),
            ("Request.Slots", "Request.Slots: \"notes\" is not a slot or a run-time placeholder (valid: memory, rules, cwd)"),
            ("Request.Inputs.Config", "Request.Inputs.Config has field Port, which is not declared (fields: Server, Tags, Root)"),
            ("Request.Inputs.Config", "Request.Inputs.Config.Server is a list, not an object of fields (Name, Level)"),
            ("Request.Inputs.Config", "Request.Inputs.Config.Tags[0] has field Size, which is not declared (fields: Tag, On)"),
            ("Request.Inputs.Config", "Request.Inputs.Config.Tags[0].Tag is a string: give a string, not a number"),
            ("Request.Inputs.Config", "Request.Inputs.Config.Tags[1] is a string, not an object of fields (Tag, On)"),
            ("Request.Inputs.Files", "Request.Inputs.Files is a list: give an array of records, not an object"),
            ("Request.Inputs.IsGitRepo", "Request.Inputs.IsGitRepo is a bool: give true or false, not a string"),
            ("Request.Inputs.Style", "Request.Inputs.Style is an enum: give a string, not a number"),
            ("Request.Inputs.Verbose", "Request.Inputs.Verbose is not an input (inputs: Config, Files, IsGitRepo, Style)"),
        ])
        self.assertEqual(RT.validate({"slots": {"memory": None}, "inputs": {"IsGitRepo": None, "Style": None, "Files": [None, {"Path": None}], "Config": {"Server": None, "Tags": None}}}), [])
        self.assertEqual(RT.validate({"inputs": {"IsGitRepo": False, "Style": "", "Files": [], "Config": {}}}), [])

    def test_quotes_as_go(self) -> None:
        # A name is quoted as Go's %q does: escapes, control characters, characters that are not printable.
        errs = RT.validate({"mode": "x\u00a0\x7f\t\"é😀\u2028\\\x01\u200b\U000e0001 \u0301\x07", "inputs": {"Style": "plain\u00a0"}})
        self.assertEqual([str(e) for e in errs], [
            'Request.Mode: unknown prompt mode "x\\u00a0\\x7f\\t\\"é😀\\u2028\\\\\\x01\\u200b\\U000e0001 \u0301\\a" (valid: short, long, custom)',
            'Request.Inputs.Style is "plain\\u00a0", not one of its values (plain, terse)',
        ])

    def test_fields_and_notice(self) -> None:
        self.assertEqual([f.name for f in RT.fields({"mode": "long", "model": "alpha-small"})],
                         ["cwd", "IsGitRepo", "rules", "Config", "Config.Server", "Config.Server.Name", "Config.Server.Level",
                          "Config.Tags", "Config.Tags[].Tag", "Config.Tags[].On", "Config.Root", "Files", "Files[].Path", "Files[].Content",
                          "Style", "memory"])
        by_name = {f.name: f for f in RT.fields({"mode": "long"})}
        self.assertEqual([by_name["Config.Tags"].max_items, by_name["Config.Tags[].Tag"].max_chars, by_name["Config.Root"].max_chars,
                          by_name["Files[].Content"].max_chars], [2, 5, 10, 200])
        files, rules = by_name["Files"], by_name["rules"]
        self.assertEqual((files.max_items, files.typical_items, files.limit_items, files.limit_chars), (2, 0, 2, 0))
        self.assertEqual((rules.max_chars, rules.limit_chars), (100, 100))
        # A nested field's figures, by its path.
        tag = by_name["Config.Tags[].Tag"]
        self.assertEqual((tag.max_chars, tag.typical_chars, tag.limit_chars, tag.max_items, tag.limit_items), (5, 2, 5, 0, 0))
        self.assertEqual((by_name["Config.Tags"].limit_items, by_name["Config.Server.Name"].limit_chars), (2, 8))
        n = RT.cost_notice({"mode": "long", "model": "alpha-small"})
        self.assertEqual(n.line, "long · +179 tokens per call (204 total)")
        self.assertEqual(n.text, n.line + "\n")


class TemplateTest(unittest.TestCase):
    def render(self, *cmds: object) -> str:
        return render_template({"name": "t", "tree": [["action", {"decl": [], "assign": False, "cmds": list(cmds)}]]}, {})

    def test_functions(self) -> None:
        self.assertEqual(self.render([["func", "print"], ["int", 1], ["int", 2], ["string", "a"], ["int", 3]]), "1 2a3")
        self.assertEqual(self.render([["func", "println"], ["string", "a"], ["int", 1]]), "a 1\n")
        self.assertEqual(self.render([["func", "printf"], ["string", "%s=%d %v %t %%"], ["string", "x"], ["int", 2], ["bool", True], ["bool", False]]), "x=2 true false %")
        self.assertEqual(self.render([["func", "printf"], ["string", "%d %s"], ["string", "x"]]), "%!d(string=x) %!s(MISSING)")
        self.assertEqual(self.render([["func", "len"], ["string", "é"]]), "2")
        self.assertEqual(self.render([["func", "and"], ["int", 1], ["int", 0], ["int", 2]]), "0")
        self.assertEqual(self.render([["func", "lt"], ["string", "z"], ["string", "é"]]), "true")
        # A bool is not a number, as in Go.
        with self.assertRaises(TemplateError):
            self.render([["func", "eq"], ["int", 1], ["bool", True]])

    def test_range_break_else(self) -> None:
        pipe = {"decl": [], "assign": False, "cmds": [[["func", "eq"], ["var", "$i", []], ["int", 2]]]}
        tree = [["range", {"decl": ["$i", "$e"], "assign": False, "cmds": [[["field", ["L"]]]]},
                 [["if", pipe, [["break"]], []], ["action", {"decl": [], "assign": False, "cmds": [[["var", "$e", []]]]}]],
                 [["text", "empty"]]]]
        self.assertEqual(render_template({"name": "t", "tree": tree}, {"L": ["a", "b", "c"]}), "ab")
        self.assertEqual(render_template({"name": "t", "tree": tree}, {"L": []}), "empty")


class SelectionTest(unittest.TestCase):
    def test_provider_apart_and_bare_provider(self) -> None:
        # The stub's second rule has the provider pattern ^acme$ (family alpha).
        self.assertEqual(RT.resolve({"model": "acme"}).family, "alpha")
        self.assertEqual(RT.resolve({"model": "acme/x"}).family, "alpha")
        self.assertEqual(RT.resolve({"provider": "acme", "model": "x"}).family, "alpha")
        self.assertEqual(RT.resolve({"provider": "openrouter", "model": "acme/x"}).family, "plain")


class BoundsTest(unittest.TestCase):
    def test_invalid_utf8(self) -> None:
        errs = RT.validate({"inputs": {"Files": [{"Path": "a\udc80", "Content": "😀"}]}})
        self.assertEqual([str(e) for e in errs], ["Request.Inputs.Files[0].Path is not valid UTF-8"])

    def test_template_bound(self) -> None:
        def t(m: int) -> object:
            return {"name": "t.tmpl", "tree": [["text", "ab"], ["text", "é"]], "max": m}
        self.assertEqual(render_template(t(3), {}), "abé")
        with self.assertRaises(TemplateError) as cm:
            render_template(t(2), {})
        self.assertEqual(str(cm.exception), "template t.tmpl: the rendering passes its bound of 2 characters (64 MiB at most); the inputs are over the limits Validate checks")


if __name__ == "__main__":
    unittest.main()
