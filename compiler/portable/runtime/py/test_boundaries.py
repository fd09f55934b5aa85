"""Tests of the fixed Python runtime and loaders at their boundaries, on
the stub project's compiled form (../testdata/stub.json): limits counted in
characters, a placeholder at a part's start, per-file counts, paths beside
the project, layers, and the custom file's name and size.

Run: python3 -m unittest discover -s compiler/portable/runtime/py
"""

import copy
import json
import os
import unittest
from typing import Any, Dict

from _loaders import InstructionLayers, load_custom, load_instructions, load_layers
from _runtime import Runtime
from test_loaders import _Tree

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "testdata", "stub.json"), encoding="utf-8") as f:
    DATA = json.load(f)

RT = Runtime(DATA)


class BoundariesTest(_Tree):
    def test_limit_chars_counts_characters(self) -> None:
        # Files[].Path has limitChars 40; 😀 is one character, four bytes.
        self.assertEqual(RT.validate({"inputs": {"Files": [{"Path": "😀" * 40}]}}), [])
        self.assertEqual(
            [e.message for e in RT.validate({"inputs": {"Files": [{"Path": "😀" * 41}]}})],
            ["Request.Inputs.Files[0].Path has 41 characters, over its limit of 40"],
        )
        self.assertEqual(RT.validate({"inputs": {"Config": {"Root": "é" * 10}}}), [])

    def test_placeholder_at_a_part_start(self) -> None:
        d: Dict[str, Any] = copy.deepcopy(DATA)
        for pr in d["programs"]:
            for items in pr["modes"]:
                for it in items:
                    if it["name"] == "where":
                        it["text"] = [0, " works here."]
        p = Runtime(d).compose({"slots": {"cwd": "/w"}})
        self.assertEqual(p.text, "You are Plain's assistant.\n\nPlain line.\n\n/w works here.")
        self.assertEqual(p.text[: p.cache_end], "You are Plain's assistant.\n\nPlain line.\n\n")
        self.assertEqual(p.cache_sections, 2)
        e = Runtime(d).compose()
        self.assertEqual(e.text[: e.cache_end], "You are Plain's assistant.\n\nPlain line.\n\n")

    def test_file_chars_count_line_endings(self) -> None:
        cfg = dict(DATA["instructions"], maxFileChars=3)
        d = self.tree({"proj/AGENTS.md": "@a.md\n@b.md\n", "proj/a.md": "abc", "proj/b.md": "abc\n"})
        got = load_instructions(d, cfg)
        self.assertEqual(got.text, "abc")
        self.assertEqual(got.files, ["AGENTS.md", "a.md"])
        self.assertEqual([str(p) for p in got.problems], ["AGENTS.md:2:1: b.md has 4 characters, over the per-file limit of 3; left out"])

    def test_beside_the_project(self) -> None:
        d = self.tree({"proj/AGENTS.md": "@../projX/a.md\n@../proj/a.md\n", "proj/a.md": "inside\n", "projX/a.md": "beside\n", "proj/X/a.md": "planted\n"})
        got = load_instructions(d, DATA["instructions"])
        self.assertEqual(got.text, "inside")
        self.assertEqual([str(p) for p in got.problems], ["AGENTS.md:1:1: @../projX/a.md leads outside the project directory; left out"])

    def test_indented_code_holds_no_include(self) -> None:
        d = self.tree({"proj/AGENTS.md": "Text.\n\n    @missing.md\n"})
        got = load_instructions(d, DATA["instructions"])
        self.assertEqual(got.text, "Text.\n\n    @missing.md")
        self.assertEqual(got.problems, [])

    def test_work_dir_for_the_project_layer_only(self) -> None:
        files = {"proj/AGENTS.md": "top\n", "proj/sub/AGENTS.md": "sub\n"}
        user, project = self.tree(files), self.tree(files)
        got = load_layers(InstructionLayers(user=user, project=project), DATA["instructions"], work_dir="sub")
        self.assertEqual([(l.name, l.files) for l in got.layers], [("user", ["AGENTS.md"]), ("project", ["AGENTS.md", "sub/AGENTS.md"])])
        self.assertEqual(got.text, "top\n\ntop\n\nsub")

    def test_custom_max_bytes(self) -> None:
        mx = DATA["custom"]["maxBytes"]
        d = self.tree({"proj/at.md": "# At\n" + "x" * (mx - 5), "proj/over.md": "# Over\n" + "x" * (mx - 6)})
        at = load_custom(d, "at.md", DATA["custom"])
        self.assertTrue(at.usable)
        self.assertEqual(at.name, "At")
        self.assertEqual(load_custom(d, "over.md", DATA["custom"]).reason, "over.md is %d bytes, over the limit of %d" % (mx + 1, mx))

    def test_custom_name(self) -> None:
        d = self.tree({
            "proj/six.md": "###### Six\nText.\n",
            "proj/seven.md": "####### Seven\nText.\n",
            "proj/one.md": "# One #\nText.\n",
            "proj/infotick.md": "``` a`b\n# Named\n\nText.\n",
            "proj/fenced.md": "```ab\n# Hidden\n```\n# Shown\n",
            "proj/tilde.md": "~~~ a`b\n# Hidden\n~~~\nSetext\n===\n",
        })
        names = [load_custom(d, p, DATA["custom"]).name for p in ["six.md", "seven.md", "one.md", "infotick.md", "fenced.md", "tilde.md"]]
        self.assertEqual(names, ["Six", "", "One", "Named", "Shown", "Setext"])


if __name__ == "__main__":
    unittest.main()
