// Tests of the fixed TypeScript runtime and loaders at their boundaries,
// on the stub project's compiled form (../testdata/stub.json): limits
// counted in characters, a placeholder at a part's start, per-file counts,
// paths beside the project, layers, and the custom file's name and size.
// Run: node --test compiler/portable/runtime/ts/
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { createRuntime } from "./runtime.js";
import { tree } from "./tree.test.js";
import { loadCustom, loadInstructions, loadLayers } from "./loaders.js";

const data = JSON.parse(fs.readFileSync(new URL("../testdata/stub.json", import.meta.url), "utf8"));
const rt = createRuntime(data);


test("an input's limitChars counts characters, not UTF-16 units", () => {
  // Files[].Path has limitChars 40; 😀 is one character, two UTF-16 units.
  assert.deepEqual(rt.validate({ inputs: { Files: [{ Path: "😀".repeat(40) }] } }), []);
  assert.deepEqual(
    rt.validate({ inputs: { Files: [{ Path: "😀".repeat(41) }] } }).map((e) => e.message),
    ["Request.Inputs.Files[0].Path has 41 characters, over its limit of 40"],
  );
  assert.deepEqual(rt.validate({ inputs: { Config: { Root: "é".repeat(10) } } }), []);
});

test("a part that starts with a run-time placeholder ends the cacheable prefix at its start, after the separator", () => {
  const d = structuredClone(data);
  for (const pr of d.programs) {
    for (const items of pr.modes) {
      for (const it of items) if (it.name === "where") it.text = [0, " works here."];
    }
  }
  const p = createRuntime(d).compose({ slots: { cwd: "/w" } });
  assert.equal(p.text, "You are Plain's assistant.\n\nPlain line.\n\n/w works here.");
  assert.equal(p.text.slice(0, p.cacheEnd), "You are Plain's assistant.\n\nPlain line.\n\n");
  assert.equal(p.cacheSections, 2);
  // Empty, the placeholder still ends the prefix there.
  const e = createRuntime(d).compose();
  assert.equal(e.text.slice(0, e.cacheEnd), "You are Plain's assistant.\n\nPlain line.\n\n");
});

test("a file's own characters count its line endings, the last only when it has one", () => {
  const cfg = { ...data.instructions, maxFileChars: 3 };
  const dir = tree({ "proj/AGENTS.md": "@a.md\n@b.md\n", "proj/a.md": "abc", "proj/b.md": "abc\n" });
  const got = loadInstructions(dir, undefined, cfg);
  assert.equal(got.text, "abc");
  assert.deepEqual(got.files, ["AGENTS.md", "a.md"]);
  assert.deepEqual(got.problems.map(String), ["AGENTS.md:2:1: b.md has 4 characters, over the per-file limit of 3; left out"]);
});

test("a directory beside the project whose name starts with the project's is outside it", () => {
  const dir = tree({ "proj/AGENTS.md": "@../projX/a.md\n@../proj/a.md\n", "proj/a.md": "inside\n", "projX/a.md": "beside\n", "proj/X/a.md": "planted\n" });
  const got = loadInstructions(dir, undefined, data.instructions);
  assert.equal(got.text, "inside");
  assert.deepEqual(got.problems.map(String), ["AGENTS.md:1:1: @../projX/a.md leads outside the project directory; left out"]);
});

test("an indented code block holds no include", () => {
  const dir = tree({ "proj/AGENTS.md": "Text.\n\n    @missing.md\n" });
  const got = loadInstructions(dir, undefined, data.instructions);
  assert.equal(got.text, "Text.\n\n    @missing.md");
  assert.deepEqual(got.problems, []);
});

test("the working directory applies to the project layer only", () => {
  const files = { "proj/AGENTS.md": "top\n", "proj/sub/AGENTS.md": "sub\n" };
  const user = tree(files);
  const project = tree(files);
  const got = loadLayers({ user, project }, { workDir: "sub" }, data.instructions);
  assert.deepEqual(got.layers.map((l) => [l.name, l.files]), [["user", ["AGENTS.md"]], ["project", ["AGENTS.md", "sub/AGENTS.md"]]]);
  assert.equal(got.text, "top\n\ntop\n\nsub");
});

test("a custom file of exactly maxBytes is read, one byte more is not", () => {
  const max = data.custom.maxBytes;
  const dir = tree({ "proj/at.md": "# At\n" + "x".repeat(max - 5), "proj/over.md": "# Over\n" + "x".repeat(max - 6) });
  const at = loadCustom(dir, "at.md", data.custom);
  assert.equal(at.usable, true);
  assert.equal(at.name, "At");
  assert.equal(loadCustom(dir, "over.md", data.custom).reason, `over.md is ${max + 1} bytes, over the limit of ${max}`);
});

test("a custom file's name: a heading of one to six #, outside code; a backtick fence's info holds no backtick", () => {
  const dir = tree({
    "proj/six.md": "###### Six\nText.\n",
    "proj/seven.md": "####### Seven\nText.\n",
    "proj/one.md": "# One #\nText.\n",
    "proj/infotick.md": "``` a`b\n# Named\n\nText.\n",
    "proj/fenced.md": "```ab\n# Hidden\n```\n# Shown\n",
    "proj/tilde.md": "~~~ a`b\n# Hidden\n~~~\nSetext\n===\n",
  });
  const name = (p) => loadCustom(dir, p, data.custom).name;
  assert.deepEqual(["six.md", "seven.md", "one.md", "infotick.md", "fenced.md", "tilde.md"].map(name), ["Six", "", "One", "Named", "Shown", "Setext"]);
});
