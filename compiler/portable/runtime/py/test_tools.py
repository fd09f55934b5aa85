"""Tests of the fixed Python runtime on the tools project
(compiler/portable/testdata/tools, compiled into ../testdata/tools.json): a
tool catalogue per profile and permission set, the capability line, two
settings that when conditions test, an after text and an empty before.

Run: python3 -m unittest discover -s compiler/portable/runtime/py
"""

import json
import math
import os
import unittest
from typing import Any, Dict, Optional

from _runtime import PromptError, Runtime

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "testdata", "tools.json"), encoding="utf-8") as f:
    DATA = json.load(f)

RT = Runtime(DATA)

FULL = "fetch: does fetch.\n\nimage_gen: does image_gen.\n\nremember: does remember.\n\ntodo: does todo.\n\ntool_search: does tool_search.\n\nwebsearch: does websearch."
READ_ONLY = "fetch: does fetch.\n\ntodo: does todo.\n\ntool_search: does tool_search.\n\nwebsearch: does websearch."
HEADER = "More tools, by capability (call tool_search with their names for their descriptions before first use):\n"
MODELS = ["x", "x-mini", "x-cite", "x-mini-cite"]


def _tools(req: Dict[str, Any]) -> Optional[str]:
    for s in RT.sections(dict(req, profile="compact")):
        if s.name == "tools":
            return s.text
    return None


class ToolsTest(unittest.TestCase):
    def test_after_empty_before_and_whens(self) -> None:
        def text(model: str) -> str:
            return RT.compose({"model": model, "permission": "full"}).text

        self.assertEqual(text("x"), "Intro.\n\n" + FULL + "Outro.")
        self.assertEqual(text("x-mini"), "Intro.\n\n" + FULL + "\n\nBe terse.Outro.")
        # The after text is declared for terse then cite: cite after
        # another section takes the separator.
        self.assertEqual(text("x-cite"), "Intro.\n\n" + FULL + "\n\nCite sources.Outro.")
        self.assertEqual(text("x-mini-cite"), "Intro.\n\n" + FULL + "\n\nBe terse. + Cite sources.Outro.")
        self.assertEqual(
            [(s.name, s.before) for s in RT.sections({"model": "x-mini-cite"})],
            [("intro", ""), ("tools", "\n\n"), ("terse", "\n\n"), ("cite", " + "), ("outro", "")],
        )
        self.assertEqual(RT.compose({"allowed": lambda n: False}).text, "Intro.Outro.")

    def test_least_privileged_by_default(self) -> None:
        self.assertEqual(RT.compose({"model": "x"}).text, "Intro.\n\n" + READ_ONLY + "Outro.")
        self.assertEqual(RT.compose({"model": "x", "permission": "readOnly"}).text, "Intro.\n\n" + READ_ONLY + "Outro.")
        self.assertEqual([t.name for t in RT.tools("readOnly")], ["fetch", "todo", "tool_search", "websearch"])
        self.assertEqual([t.name for t in RT.tools()], ["fetch", "todo", "tool_search", "websearch"])
        self.assertEqual([t.name for t in RT.tools("full") if t.write], ["image_gen", "remember"])
        with self.assertRaises(PromptError) as cm:
            RT.tools("admin")
        self.assertEqual(cm.exception.field, "Request.Permission")

    def test_tool_listing(self) -> None:
        self.assertEqual(_tools({"permission": "readOnly"}), "todo: does todo.\n\ntool_search: does tool_search.\n\n" + HEADER + "- web: fetch, websearch")
        self.assertEqual(
            _tools({"permission": "full"}),
            "todo: does todo.\n\ntool_search: does tool_search.\n\n" + HEADER + "- media: image_gen\n- memory: remember\n- web: fetch, websearch",
        )
        # The callback filters the named tools too, and a group it empties goes.
        self.assertEqual(
            _tools({"permission": "full", "allowed": lambda n: n not in ("websearch", "image_gen")}),
            "todo: does todo.\n\ntool_search: does tool_search.\n\n" + HEADER + "- memory: remember\n- web: fetch",
        )
        self.assertEqual(_tools({"permission": "full", "allowed": lambda n: n == "todo"}), "todo: does todo.")
        self.assertEqual(_tools({"permission": "full", "allowed": lambda n: n == "remember"}), HEADER + "- memory: remember")
        self.assertIsNone(_tools({"allowed": lambda n: False}))
        self.assertEqual(RT.compose({"permission": "full", "allowed": lambda n: n == "remember"}).text, "Intro.\n\nremember: does remember.Outro.")

    def test_capability_line(self) -> None:
        line = RT.capability_line
        self.assertEqual(line({"permission": "full"}), "You have: image_gen, remember, websearch, todo.")
        self.assertEqual(line({}), "You have: websearch, todo.")
        self.assertEqual(line({"profile": "compact", "permission": "full"}), "You have: todo. Through tool_search: image_gen, remember, websearch.")
        self.assertEqual(line({"profile": "compact"}), "You have: todo. Through tool_search: websearch.")
        self.assertEqual(line({"profile": "compact", "permission": "full", "allowed": lambda n: n != "todo"}), "Through tool_search: image_gen, remember, websearch.")
        self.assertEqual(line({"profile": "compact", "allowed": lambda n: n == "todo"}), "You have: todo.")
        self.assertEqual(line({"allowed": lambda n: False}), "")
        with self.assertRaises(PromptError):
            line({"permission": "admin"})

    def test_cost_notice_per_setting_profile_and_permission(self) -> None:
        # The stub counts tokens as characters / 4, rounded up: each notice
        # counts the text the same request composes.
        for profile in ("classic", "compact"):
            for permission in (None, "readOnly", "full"):
                for model in MODELS:
                    req: Dict[str, Any] = {"profile": profile, "model": model}
                    if permission is not None:
                        req["permission"] = permission
                    n = RT.cost_notice(req)
                    self.assertEqual(n.tokens, math.ceil(len(RT.compose(req).text) / 4), req)
                    self.assertEqual(n.line, "focus · %d tokens per call" % n.tokens)
        self.assertEqual([RT.cost_notice({"model": m, "permission": "full"}).tokens for m in MODELS], [41, 44, 45, 48])

    def test_modes_and_next_mode(self) -> None:
        self.assertEqual(RT.modes(), ["plan", "focus"])
        self.assertEqual(RT.next_mode("plan"), "focus")
        self.assertEqual(RT.next_mode("focus"), "plan")
        self.assertEqual(RT.next_mode(""), "plan")
        self.assertEqual(RT.next_mode("nope"), "plan")
        self.assertEqual(RT.compose({"mode": "plan"}).text, "Intro.\n\nOutro.")


if __name__ == "__main__":
    unittest.main()
