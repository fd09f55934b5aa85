// Tests of the TypeScript loaders on the stub project's compiled form
// (../testdata/stub.json); internal/conformance compares them with the Go
// package case by case. Run: node --test compiler/portable/runtime/ts/
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { loadCustom, loadInstructions, loadLayers, InstructionProblem } from "./loaders.js";
import { createRuntime } from "./runtime.js";
import { tree } from "./tree.test.js";

const data = JSON.parse(fs.readFileSync(new URL("../testdata/stub.json", import.meta.url), "utf8"));


test("the stub declares its instruction files and default limits", () => {
  assert.deepEqual(data.instructions, { files: ["AGENTS.md"], includes: true, maxDepth: 8, maxFiles: 100, maxTotalChars: 64000, maxFileChars: 16000, maxBytes: 1048576 });
});

test("includes expand in place; what is left out is a problem at its @", () => {
  const dir = tree({
    "proj/AGENTS.md": "# Rules\n\n  @docs/a.md\n```\n@docs/a.md\n```\n@../proj/docs/b.md\n@../elsewhere.md\n@missing.md\n",
    "proj/docs/a.md": "A\n",
    "proj/docs/b.md": "B\n",
    "elsewhere.md": "outside\n",
  });
  const got = loadInstructions(dir, undefined, data.instructions);
  assert.equal(got.text, "# Rules\n\nA\n```\n@docs/a.md\n```\nB");
  assert.deepEqual(got.files, ["AGENTS.md", "docs/a.md", "docs/b.md"]);
  assert.deepEqual(got.problems.map(String), [
    "AGENTS.md:8:1: @../elsewhere.md leads outside the project directory; left out",
    "AGENTS.md:9:1: @missing.md: missing.md does not exist; left out",
  ]);
  assert.ok(got.problems[0] instanceof InstructionProblem);
  assert.equal(got.problems[1].kind, "not-found");
  assert.equal(got.problems[1].col, 1);
});

test("the limits hold across calls through after", () => {
  const cfg = { ...data.instructions, maxFiles: 3, maxTotalChars: 20 };
  const user = tree({ "proj/RULES.md": "123456\n@u.md\n", "proj/u.md": "u\n" });
  const first = loadInstructions(user, { files: ["RULES.md"] }, cfg);
  assert.equal(first.text, "123456\nu");
  const dir = tree({ "proj/AGENTS.md": "ab\n@c.md\n", "proj/c.md": "cc\n" });
  const got = loadInstructions(dir, { after: first }, cfg);
  assert.equal(got.text, "ab");
  assert.deepEqual(got.problems.map(String), ["AGENTS.md:2:1: c.md would be file 4, over the limit of 3; left out"]);
  // Alone, the same files fit.
  assert.equal(loadInstructions(dir, {}, cfg).text, "ab\ncc");
});

test("a working directory adds the files on the way down to it", () => {
  const dir = tree({ "proj/AGENTS.md": "Top.\n", "proj/svc/AGENTS.md": "Svc.\n" });
  const got = loadInstructions(dir, { workDir: "svc/api" }, data.instructions);
  assert.equal(got.text, "Top.\n\nSvc.");
  assert.deepEqual(got.files, ["AGENTS.md", "svc/AGENTS.md"]);
  assert.deepEqual(loadInstructions(dir, { noIncludes: true, workDir: "../x" }, data.instructions).problems.map((p) => p.kind), ["escape"]);
});

test("layers are read user, package, project, extensions, whatever the order given", () => {
  const root = path.dirname(tree({}));
  const dir = (name, text) => {
    const d = path.join(root, name);
    fs.mkdirSync(d, { recursive: true });
    if (text !== "") fs.writeFileSync(path.join(d, "APPEND_SYSTEM.md"), text);
    return d;
  };
  const opt = { files: ["APPEND_SYSTEM.md"], workDir: "svc" };
  const project = dir("project", "Project.\n");
  dir("project/svc", "Service.\n");
  dir("user/svc", "Not read: the working directory is the project's.\n");
  const got = loadLayers(
    { extensions: [dir("ext1", "Ext one."), "", dir("ext2", "Ext two.\n@../user/APPEND_SYSTEM.md\n")], project, user: dir("user", "User."), package: dir("package", "") },
    opt,
    data.instructions,
  );
  assert.equal(got.text, "User.\n\nProject.\n\nService.\n\nExt one.\n\nExt two.");
  assert.deepEqual(got.layers.map((l) => l.name), ["user", "package", "project", "extension", "extension"]);
  assert.deepEqual(got.layers.map((l) => l.files), [["APPEND_SYSTEM.md"], [], ["APPEND_SYSTEM.md", "svc/APPEND_SYSTEM.md"], ["APPEND_SYSTEM.md"], ["APPEND_SYSTEM.md"]]);
  assert.equal(got.layers[2].dir, project);
  // Each layer is confined to its own directory.
  assert.deepEqual(got.layers[4].problems.map(String), ["APPEND_SYSTEM.md:2:1: @../user/APPEND_SYSTEM.md leads outside the project directory; left out"]);
});

test("layers share one set of limits, after options.after", () => {
  const root = path.dirname(tree({}));
  const big = "x".repeat(15000);
  const dir = (name) => {
    fs.mkdirSync(path.join(root, name));
    fs.writeFileSync(path.join(root, name, "APPEND_SYSTEM.md"), big);
    return path.join(root, name);
  };
  const opt = { files: ["APPEND_SYSTEM.md"] };
  const got = loadLayers({ user: dir("u"), package: dir("p"), project: dir("j"), extensions: [dir("e1"), dir("e2")] }, opt, data.instructions);
  assert.equal(got.text.length, 4 * 15000 + 3 * 2);
  assert.deepEqual(got.layers[4].problems.map(String), ["APPEND_SYSTEM.md: APPEND_SYSTEM.md would bring the instructions to 75004 characters, over the limit of 64000; left out"]);
  assert.equal(got.layers[4].text, "");
  // A layer counts as an after of its own; options.after counts before the first.
  assert.equal(loadInstructions(dir("x"), { ...opt, after: got.layers[3] }, data.instructions).problems[0].kind, "total-chars");
  const before = loadLayers({ user: got.layers[0].dir, package: got.layers[1].dir, project: got.layers[2].dir, extensions: [got.layers[3].dir] }, opt, data.instructions);
  const after = loadLayers({ user: dir("u2") }, { ...opt, after: before.layers[3] }, data.instructions);
  assert.equal(after.text, "");
  assert.equal(after.layers[0].problems[0].kind, "total-chars");
  assert.equal(loadLayers({ user: got.layers[0].dir }, opt, data.instructions).text, big);
});

test("a FIFO is refused without waiting for a writer", (t) => {
  const dir = tree({ "proj/AGENTS.md": "A\n@pipe.md\n" });
  try {
    execFileSync("mkfifo", [path.join(dir, "pipe.md")]);
    execFileSync("mkfifo", [path.join(dir, "custom.md")]);
  } catch {
    t.skip("no mkfifo here");
    return;
  }
  const got = loadInstructions(dir, undefined, data.instructions);
  assert.deepEqual(got.problems.map(String), ["AGENTS.md:2:1: @pipe.md: pipe.md cannot be read (unreadable: not a regular file); left out"]);
  assert.equal(loadCustom(dir, "custom.md", data.custom).reason, "custom.md is not a regular file");
});

test("a custom file: its name, its text with {{cwd}}, composed in the custom mode", () => {
  const dir = tree({ "proj/custom.md": "---\nname: Mine\n---\n\n# Title\nWork in {{cwd}}.\r\n" });
  const c = loadCustom(dir, data.custom.file, data.custom);
  assert.deepEqual(c, { name: "Mine", text: `# Title\nWork in ${dir}.`, usable: true, reason: "", path: "custom.md" });
  const rt = createRuntime(data);
  const p = rt.compose({ mode: "custom", custom: c, slots: { rules: "R" } });
  assert.equal(p.text, `# Title\nWork in ${dir}.\n\nR`);
  assert.equal(p.customFallback, false);
  assert.deepEqual(rt.sections({ mode: "custom", custom: c }).map((s) => s.source), ["custom.md"]);
});

test("a custom file that cannot be used gives the fallback and why", () => {
  const dir = tree({ "proj/custom.md": "x".repeat(201), "proj/empty.md": "---\n---\n", "outside.md": "x\n" });
  fs.symlinkSync("../outside.md", path.join(dir, "link.md"));
  const reason = (p) => loadCustom(dir, p, data.custom).reason;
  assert.equal(reason("custom.md"), "custom.md is 201 bytes, over the limit of 200");
  assert.equal(reason("empty.md"), "empty.md is empty");
  assert.equal(reason("link.md"), "link.md is unsafe: it leads outside the project");
  assert.equal(reason("../outside.md"), "../outside.md is unsafe: it leads outside the project");
  assert.equal(reason("none.md"), "none.md does not exist");
  const c = loadCustom(dir, "none.md", data.custom);
  assert.equal(c.text, "Stay inside the project.");
  assert.equal(c.usable, false);
  const p = createRuntime(data).compose({ mode: "custom", custom: c });
  assert.equal(p.text, "Stay inside the project.");
  assert.equal(p.customFallback, true);
});

test("a usable custom file joins the modes a picker offers and cycles", () => {
  const rt = createRuntime(data);
  const dir = tree({ "proj/custom.md": "Mine.\n" });
  const usable = loadCustom(dir, "custom.md", data.custom);
  const unusable = loadCustom(dir, "none.md", data.custom);
  assert.deepEqual(rt.modesFor(usable), ["short", "long", "custom"]);
  assert.deepEqual(rt.modesFor(unusable), ["short", "long"]);
  assert.deepEqual(rt.modesFor(), ["short", "long"]);
  assert.deepEqual(["", "short", "long", "custom"].map((m) => rt.nextMode(m, usable)), ["long", "long", "custom", "short"]);
  assert.deepEqual(["", "short", "long", "custom"].map((m) => rt.nextMode(m, unusable)), ["long", "long", "short", "short"]);
});
