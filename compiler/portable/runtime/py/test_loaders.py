"""Tests of the Python loaders on the stub project's compiled form
(../testdata/stub.json); internal/conformance compares them with the Go
package case by case.

Run: python3 -m unittest discover -s compiler/portable/runtime/py
"""

import dataclasses
import json
import os
import tempfile
import unittest
from typing import Dict

from _loaders import InstructionLayers, InstructionProblem, load_custom, load_instructions, load_layers
from _runtime import Custom, Runtime

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "testdata", "stub.json"), encoding="utf-8") as f:
    DATA = json.load(f)


class _Tree(unittest.TestCase):
    def tree(self, files: Dict[str, str]) -> str:
        """A project directory named proj holding files (path -> text)."""
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        d = os.path.join(tmp.name, "proj")
        os.mkdir(d)
        for name, text in files.items():
            p = os.path.join(tmp.name, name)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w", encoding="utf-8", newline="") as out:
                out.write(text)
        return d


class InstructionsTest(_Tree):
    def test_stub_config(self) -> None:
        self.assertEqual(DATA["instructions"], {"files": ["AGENTS.md"], "includes": True, "maxDepth": 8, "maxFiles": 100, "maxTotalChars": 64000, "maxFileChars": 16000, "maxBytes": 1048576})

    def test_includes_and_problems(self) -> None:
        d = self.tree({
            "proj/AGENTS.md": "# Rules\n\n  @docs/a.md\n```\n@docs/a.md\n```\n@../proj/docs/b.md\n@../elsewhere.md\n@missing.md\n",
            "proj/docs/a.md": "A\n",
            "proj/docs/b.md": "B\n",
            "elsewhere.md": "outside\n",
        })
        got = load_instructions(d, DATA["instructions"])
        self.assertEqual(got.text, "# Rules\n\nA\n```\n@docs/a.md\n```\nB")
        self.assertEqual(got.files, ["AGENTS.md", "docs/a.md", "docs/b.md"])
        self.assertEqual([str(p) for p in got.problems], [
            "AGENTS.md:8:1: @../elsewhere.md leads outside the project directory; left out",
            "AGENTS.md:9:1: @missing.md: missing.md does not exist; left out",
        ])
        self.assertIsInstance(got.problems[0], InstructionProblem)
        self.assertEqual((got.problems[1].kind, got.problems[1].line, got.problems[1].col), ("not-found", 9, 1))

    def test_after_counts(self) -> None:
        cfg = dict(DATA["instructions"], maxFiles=3, maxTotalChars=20)
        first = load_instructions(self.tree({"proj/RULES.md": "123456\n@u.md\n", "proj/u.md": "u\n"}), cfg, files=["RULES.md"])
        self.assertEqual(first.text, "123456\nu")
        d = self.tree({"proj/AGENTS.md": "ab\n@c.md\n", "proj/c.md": "cc\n"})
        got = load_instructions(d, cfg, after=first)
        self.assertEqual(got.text, "ab")
        self.assertEqual([str(p) for p in got.problems], ["AGENTS.md:2:1: c.md would be file 4, over the limit of 3; left out"])
        # Alone, the same files fit.
        self.assertEqual(load_instructions(d, cfg).text, "ab\ncc")

    def test_work_dir(self) -> None:
        d = self.tree({"proj/AGENTS.md": "Top.\n", "proj/svc/AGENTS.md": "Svc.\n"})
        got = load_instructions(d, DATA["instructions"], work_dir="svc/api")
        self.assertEqual(got.text, "Top.\n\nSvc.")
        self.assertEqual(got.files, ["AGENTS.md", "svc/AGENTS.md"])
        self.assertEqual([p.kind for p in load_instructions(d, DATA["instructions"], no_includes=True, work_dir="../x").problems], ["escape"])

    def test_layers_order_and_confinement(self) -> None:
        root = os.path.dirname(self.tree({}))

        def layer(name: str, text: str) -> str:
            d = os.path.join(root, name)
            os.makedirs(d, exist_ok=True)
            if text != "":
                with open(os.path.join(d, "APPEND_SYSTEM.md"), "w", encoding="utf-8") as out:
                    out.write(text)
            return d

        project = layer("project", "Project.\n")
        layer("project/svc", "Service.\n")
        layer("user/svc", "Not read: the working directory is the project's.\n")
        layers = InstructionLayers(
            extensions=[layer("ext1", "Ext one."), "", layer("ext2", "Ext two.\n@../user/APPEND_SYSTEM.md\n")],
            project=project,
            user=layer("user", "User."),
            package=layer("package", ""),
        )
        got = load_layers(layers, DATA["instructions"], files=["APPEND_SYSTEM.md"], work_dir="svc")
        self.assertEqual(got.text, "User.\n\nProject.\n\nService.\n\nExt one.\n\nExt two.")
        self.assertEqual([l.name for l in got.layers], ["user", "package", "project", "extension", "extension"])
        self.assertEqual([l.files for l in got.layers], [["APPEND_SYSTEM.md"], [], ["APPEND_SYSTEM.md", "svc/APPEND_SYSTEM.md"], ["APPEND_SYSTEM.md"], ["APPEND_SYSTEM.md"]])
        self.assertEqual(got.layers[2].dir, project)
        # Each layer is confined to its own directory.
        self.assertEqual([str(p) for p in got.layers[4].problems], ["APPEND_SYSTEM.md:2:1: @../user/APPEND_SYSTEM.md leads outside the project directory; left out"])

    def test_layers_share_limits(self) -> None:
        root = os.path.dirname(self.tree({}))
        big = "x" * 15000

        def layer(name: str) -> str:
            d = os.path.join(root, name)
            os.mkdir(d)
            with open(os.path.join(d, "APPEND_SYSTEM.md"), "w", encoding="utf-8") as out:
                out.write(big)
            return d

        cfg = DATA["instructions"]
        files = ["APPEND_SYSTEM.md"]
        got = load_layers(InstructionLayers(layer("u"), layer("p"), layer("j"), [layer("e1"), layer("e2")]), cfg, files=files)
        self.assertEqual(len(got.text), 4 * 15000 + 3 * 2)
        self.assertEqual([str(p) for p in got.layers[4].problems], ["APPEND_SYSTEM.md: APPEND_SYSTEM.md would bring the instructions to 75004 characters, over the limit of 64000; left out"])
        self.assertEqual(got.layers[4].text, "")
        # A layer counts as an after of its own; after counts before the first layer.
        self.assertEqual(load_instructions(layer("x"), cfg, files=files, after=got.layers[3]).problems[0].kind, "total-chars")
        after = load_layers(InstructionLayers(user=layer("u2")), cfg, files=files, after=got.layers[3])
        self.assertEqual((after.text, after.layers[0].problems[0].kind), ("", "total-chars"))
        self.assertEqual(load_layers(InstructionLayers(user=got.layers[0].dir), cfg, files=files).text, big)

    @unittest.skipUnless(hasattr(os, "mkfifo"), "no named pipes here")
    def test_fifo_not_waited_on(self) -> None:
        d = self.tree({"proj/AGENTS.md": "A\n@pipe.md\n"})
        os.mkfifo(os.path.join(d, "pipe.md"))
        os.mkfifo(os.path.join(d, "custom.md"))
        got = load_instructions(d, DATA["instructions"])
        self.assertEqual([str(p) for p in got.problems], ["AGENTS.md:2:1: @pipe.md: pipe.md cannot be read (unreadable: not a regular file); left out"])
        self.assertEqual(load_custom(d, "custom.md", DATA["custom"]).reason, "custom.md is not a regular file")


class CustomTest(_Tree):
    def test_loaded_and_composed(self) -> None:
        d = self.tree({"proj/custom.md": "---\nname: Mine\n---\n\n# Title\nWork in {{cwd}}.\r\n"})
        c = load_custom(d, DATA["custom"]["file"], DATA["custom"])
        self.assertEqual((c.name, c.text, c.usable, c.reason, c.path), ("Mine", "# Title\nWork in %s." % d, True, "", "custom.md"))
        rt = Runtime(DATA)
        req = {"mode": "custom", "custom": Custom(**dataclasses.asdict(c)), "slots": {"rules": "R"}}
        p = rt.compose(req)
        self.assertEqual(p.text, "# Title\nWork in %s.\n\nR" % d)
        self.assertFalse(p.custom_fallback)
        self.assertEqual([s.source for s in rt.sections(req)], ["custom.md", ""])

    def test_refused(self) -> None:
        d = self.tree({"proj/custom.md": "x" * 201, "proj/empty.md": "---\n---\n", "outside.md": "x\n"})
        os.symlink("../outside.md", os.path.join(d, "link.md"))

        def reason(p: str) -> str:
            return load_custom(d, p, DATA["custom"]).reason

        self.assertEqual(reason("custom.md"), "custom.md is 201 bytes, over the limit of 200")
        self.assertEqual(reason("empty.md"), "empty.md is empty")
        self.assertEqual(reason("link.md"), "link.md is unsafe: it leads outside the project")
        self.assertEqual(reason("../outside.md"), "../outside.md is unsafe: it leads outside the project")
        self.assertEqual(reason("none.md"), "none.md does not exist")
        c = load_custom(d, "none.md", DATA["custom"])
        self.assertEqual((c.text, c.usable), ("Stay inside the project.", False))
        p = Runtime(DATA).compose({"mode": "custom", "custom": Custom(**dataclasses.asdict(c))})
        self.assertEqual(p.text, "Stay inside the project.")
        self.assertTrue(p.custom_fallback)

    def test_modes_for_and_next_mode(self) -> None:
        rt = Runtime(DATA)
        d = self.tree({"proj/custom.md": "Mine.\n"})
        usable = Custom(**dataclasses.asdict(load_custom(d, "custom.md", DATA["custom"])))
        unusable = Custom(**dataclasses.asdict(load_custom(d, "none.md", DATA["custom"])))
        self.assertEqual(rt.modes_for(usable), ["short", "long", "custom"])
        self.assertEqual(rt.modes_for(unusable), ["short", "long"])
        self.assertEqual(rt.modes_for(), ["short", "long"])
        self.assertEqual([rt.next_mode(m, usable) for m in ["", "short", "long", "custom"]], ["long", "long", "custom", "short"])
        self.assertEqual([rt.next_mode(m, unusable) for m in ["", "short", "long", "custom"]], ["long", "long", "short", "short"])


if __name__ == "__main__":
    unittest.main()
