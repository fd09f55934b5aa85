// Tests of the fixed TypeScript runtime on the stub project
// (compiler/portable/testdata/stub, compiled into ../testdata/stub.json).
// Run: node --test compiler/portable/runtime/ts/
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { createRuntime, renderTemplate, PromptError, TemplateError } from "./runtime.js";

const data = JSON.parse(fs.readFileSync(new URL("../testdata/stub.json", import.meta.url), "utf8"));
const rt = createRuntime(data);

test("the zero request composes the default mode for the fallback family", () => {
  const p = rt.compose();
  assert.equal(p.text, "You are Plain's assistant.\n\nPlain line.\n\nWorking in  today.");
  // The prefix ends where the run-time placeholder's value goes, empty or not.
  assert.equal(p.text.slice(0, p.cacheEnd), "You are Plain's assistant.\n\nPlain line.\n\nWorking in ");
  assert.equal(p.cacheSections, 2);
  assert.equal(p.customFallback, false);
});

test("the cacheable prefix is counted in UTF-16 units and in UTF-8 bytes", () => {
  const p = rt.compose({ model: "alpha-small", slots: { rules: "é😀", memory: "M", cwd: "/w" } });
  assert.equal(p.text, "You are Alpha's assistant.\n\nAlpha line.\n\né😀\n\nWorking in /w today.\n\nM");
  assert.equal(p.text.slice(0, p.cacheEnd), "You are Alpha's assistant.\n\nAlpha line.\n\né😀\n\nWorking in ");
  assert.equal(p.cacheEnd, 57);
  assert.equal(p.cacheEndBytes, 60);
  assert.equal(p.cacheSections, 3);
});

test("a mode's separator, before, end and a template part", () => {
  const p = rt.compose({
    mode: "long",
    model: "alpha-small",
    inputs: { IsGitRepo: true, Style: "plain", Files: [{ Path: "a.go", Content: "package a" }] },
    slots: { rules: "R" },
  });
  assert.equal(
    p.text,
    "You are Alpha's assistant.\nAlpha line.\nAlpha body.\nSmall note for Alpha.\nWorking in  today.\nOnly for small models.\n---\nCommit with git.\nExamples follow at the end.\nR\n\n0: <file path=\"a.go\">package a</file>\nStyle: plain (5) git: true\n\n",
  );
  // Files changes per call: the prefix ends before the template part; the
  // run-time placeholder ends it earlier still.
  assert.equal(p.text.slice(0, p.cacheEnd), "You are Alpha's assistant.\nAlpha line.\nAlpha body.\nSmall note for Alpha.\nWorking in ");
  assert.equal(p.cacheSections, 4);
});

test("a record input renders its nested fields, each left out at its zero value", () => {
  const text = (config) => rt.compose({ mode: "long", model: "alpha-small", inputs: { Style: "plain", Config: config } }).text.split("\n").at(-3);
  assert.equal(text({ Server: { Name: "gopls", Level: "high" }, Tags: [{ Tag: "a", On: true }, { Tag: "b" }], Root: "/r" }), "Style: plain (5) server: gopls! #a root: /r");
  assert.equal(text({ Server: { Level: "high" }, Tags: [{ On: true }] }), "Style: plain (5) #");
  assert.equal(text(undefined), "Style: plain (5)");
});

test("validate names a nested field by its path", () => {
  const errs = rt.validate({ inputs: { Config: { Server: { Name: "x".repeat(9), Level: "mid" }, Tags: [{}, {}, { Tag: "toolong" }], Root: "r".repeat(11) } } });
  assert.deepEqual(
    errs.map((e) => [e.field, e.message]),
    [
      ["Request.Inputs.Config", "Request.Inputs.Config.Server.Name has 9 characters, over its limit of 8"],
      ["Request.Inputs.Config", 'Request.Inputs.Config.Server.Level is "mid", not one of its values (low, high)'],
      ["Request.Inputs.Config", "Request.Inputs.Config.Tags has 3 items, over its limit of 2"],
      ["Request.Inputs.Config", "Request.Inputs.Config.Tags[2].Tag has 7 characters, over its limit of 5"],
      ["Request.Inputs.Config", "Request.Inputs.Config.Root has 11 characters, over its limit of 10"],
    ],
  );
  assert.deepEqual(rt.validate({ inputs: { Config: { Server: { Name: "x".repeat(8), Level: "" }, Tags: [{}, {}], Root: "r".repeat(10) } } }), []);
});

test("validate refuses what the Go package's types rule out: a name not declared, a value of another type; null is a value not given", () => {
  const errs = rt.validate({
    slots: { notes: "x", memory: 3, cwd: null },
    inputs: { IsGitRepo: "yes", Style: 1, Files: { Path: "a" }, Config: { Server: [], Tags: [{ Tag: 2, Size: 1 }, "x"], Port: 80 }, Verbose: true, Gone: null },
  });
  assert.deepEqual(
    errs.map((e) => [e.field, e.message]),
    [
      ["Request.Slots", "Request.Slots: memory is text: give a string, not a number"],
      ["Request.Slots", "Request.Slots: \"notes\" is not a slot or a run-time placeholder (valid: memory, rules, cwd)"],
      ["Request.Inputs.Config", "Request.Inputs.Config has field Port, which is not declared (fields: Server, Tags, Root)"],
      ["Request.Inputs.Config", "Request.Inputs.Config.Server is a list, not an object of fields (Name, Level)"],
      ["Request.Inputs.Config", "Request.Inputs.Config.Tags[0] has field Size, which is not declared (fields: Tag, On)"],
      ["Request.Inputs.Config", "Request.Inputs.Config.Tags[0].Tag is a string: give a string, not a number"],
      ["Request.Inputs.Config", "Request.Inputs.Config.Tags[1] is a string, not an object of fields (Tag, On)"],
      ["Request.Inputs.Files", "Request.Inputs.Files is a list: give an array of records, not an object"],
      ["Request.Inputs.IsGitRepo", "Request.Inputs.IsGitRepo is a bool: give true or false, not a string"],
      ["Request.Inputs.Style", "Request.Inputs.Style is an enum: give a string, not a number"],
      ["Request.Inputs.Verbose", "Request.Inputs.Verbose is not an input (inputs: Config, Files, IsGitRepo, Style)"],
    ],
  );
  assert.deepEqual(rt.validate({ slots: { memory: null }, inputs: { IsGitRepo: null, Style: null, Files: [null, { Path: null }], Config: { Server: null, Tags: null } } }), []);
  assert.deepEqual(rt.validate({ inputs: { IsGitRepo: false, Style: "", Files: [], Config: {} } }), []);
});

test("validate quotes a name as Go's %q does: escapes, control characters, characters that are not printable", () => {
  const errs = rt.validate({ mode: "x\u00a0\x7f\t\"é😀\u2028\\\x01\u200b\u{e0001} \u0301\x07", inputs: { Style: "plain\u00a0" } });
  assert.deepEqual(
    errs.map((e) => e.message),
    [
      'Request.Mode: unknown prompt mode "x\\u00a0\\x7f\\t\\"é😀\\u2028\\\\\\x01\\u200b\\U000e0001 \u0301\\a" (valid: short, long, custom)',
      'Request.Inputs.Style is "plain\\u00a0", not one of its values (plain, terse)',
    ],
  );
});

test("sections carry their sources, stability and what goes before them", () => {
  const s = rt.sections({ mode: "long", model: "acme/x", family: "plain" });
  assert.deepEqual(
    s.map((x) => [x.name, x.source, x.stable, x.before]),
    [
      ["base", "base.md:1", true, ""],
      ["line", "prompts/families/plain.prompt.md:1", true, "\n"],
      ["body", "prompts/families/plain.prompt.md:3", true, "\n"],
      ["where", "where.md:1", false, "\n"],
      ["files", "files.tmpl:1", false, "\n"],
    ],
  );
  assert.equal(s[4].text, "\nno files\n\n");
});

test("resolve: provider segments, forced families, settings follow the model", () => {
  assert.deepEqual(rt.resolve({ provider: "acme", model: "x" }), { family: "alpha", forced: false, note: "", modelId: "acme/x", settings: { Examples: "inline" } });
  assert.deepEqual(rt.resolve({ model: "alpha-small", family: "plain" }), { family: "plain", forced: true, note: "", modelId: "alpha-small", settings: { Examples: "end" } });
  assert.equal(rt.resolve({ model: "ALPHA-BIG" }).note, "Big");
  assert.equal(rt.resolve({ model: "other/alpha-x" }).family, "alpha");
  assert.throws(() => rt.resolve({ family: "zeta" }), PromptError);
});

test("validate reports every problem at once, each naming its field", () => {
  const errs = rt.validate({
    mode: "nope",
    family: "zeta",
    slots: { memory: "x".repeat(51), cwd: "😀".repeat(41) },
    inputs: { Style: "loud", Files: [{}, {}, { Path: "p".repeat(41) }] },
  });
  assert.deepEqual(
    errs.map((e) => [e.field, e.message]),
    [
      ["Request.Mode", 'Request.Mode: unknown prompt mode "nope" (valid: short, long, custom)'],
      ["Request.Family", 'Request.Family: unknown family "zeta" (valid: auto, alpha, plain)'],
      ["Request.Slots", "slot memory has 51 characters, over its limit of 50"],
      ["Request.Slots", "placeholder cwd has 41 characters, over its limit of 40"],
      ["Request.Inputs.Files", "Request.Inputs.Files has 3 items, over its limit of 2"],
      ["Request.Inputs.Files", "Request.Inputs.Files[2].Path has 41 characters, over its limit of 40"],
      ["Request.Inputs.Style", 'Request.Inputs.Style is "loud", not one of its values (plain, terse)'],
    ],
  );
  // At the limits, nothing.
  assert.deepEqual(rt.validate({ slots: { memory: "x".repeat(50), cwd: "😀".repeat(40) }, inputs: { Files: [{}, {}] } }), []);
  assert.throws(() => rt.compose({ mode: "nope" }), /Request.Mode/);
});

test("fields lists what the mode reads for the model, each once", () => {
  assert.deepEqual(
    rt.fields({ mode: "long", model: "alpha-small" }).map((f) => f.name),
    ["cwd", "IsGitRepo", "rules", "Config", "Config.Server", "Config.Server.Name", "Config.Server.Level", "Config.Tags", "Config.Tags[].Tag",
     "Config.Tags[].On", "Config.Root", "Files", "Files[].Path", "Files[].Content", "Style", "memory"],
  );
  const byName = Object.fromEntries(rt.fields({ mode: "long" }).map((f) => [f.name, f]));
  assert.deepEqual([byName["Config.Tags"].maxItems, byName["Config.Tags[].Tag"].maxChars, byName["Config.Root"].maxChars, byName["Files[].Content"].maxChars], [2, 5, 10, 200]);
  // The conditional part is not sent to this model: IsGitRepo is still read by git.
  assert.deepEqual(rt.fields({ model: "other" }).map((f) => f.name), ["rules", "cwd", "memory"]);
  // Each field's planning figures and limit: a list's declared limitItems,
  // a slot's maxChars as its limit too.
  const figures = Object.fromEntries(rt.fields({ mode: "long", model: "alpha-small" }).map((f) => [f.name, f]));
  assert.deepEqual(
    [figures.Files.maxItems, figures.Files.typicalItems, figures.Files.limitItems, figures.Files.limitChars],
    [2, 0, 2, 0],
  );
  assert.deepEqual([figures.rules.maxChars, figures.rules.limitChars], [100, 100]);
  // A nested field's figures, by its path.
  const tag = figures["Config.Tags[].Tag"];
  assert.deepEqual([tag.maxChars, tag.typicalChars, tag.limitChars, tag.maxItems, tag.limitItems], [5, 2, 5, 0, 0]);
  assert.deepEqual([figures["Config.Tags"].limitItems, figures["Config.Server.Name"].limitChars], [2, 8]);
});

test("cost notices come from the build", () => {
  const n = rt.costNotice({ mode: "long", model: "alpha-small" });
  assert.equal(n.line, "long · +179 tokens per call (204 total)");
  assert.equal(n.text, n.line + "\n");
  assert.equal(rt.costNotice({ model: "alpha-small" }).overFocus, 0);
});

test("the template interpreter follows text/template", () => {
  const t = (tree) => ({ name: "t", tree });
  const pipe = (...cmds) => ({ decl: [], assign: false, cmds });
  const act = (...cmds) => ["action", pipe(...cmds)];
  const s = (v) => ["string", v];
  const i = (v) => ["int", v];
  const f = (n) => ["func", n];
  assert.equal(renderTemplate(t([act([f("print"), i(1), i(2), s("a"), i(3)])]), {}), "1 2a3");
  assert.equal(renderTemplate(t([act([f("println"), s("a"), i(1)])]), {}), "a 1\n");
  assert.equal(renderTemplate(t([act([f("printf"), s("%s=%d %v %t %%"), s("x"), i(2), ["bool", true], ["bool", false]])]), {}), "x=2 true false %");
  assert.equal(renderTemplate(t([act([f("printf"), s("%d %s"), s("x")])]), {}), "%!d(string=x) %!s(MISSING)");
  assert.equal(renderTemplate(t([act([f("len"), s("é")])]), {}), "2");
  assert.equal(renderTemplate(t([act([f("and"), i(1), i(0), i(2)]), act([f("or"), i(0), s(""), s("y")])]), {}), "0y");
  assert.equal(renderTemplate(t([act([f("lt"), s("z"), s("é")]), act([f("ge"), i(2), i(2)]), act([f("eq"), i(1), i(3), i(1)])]), {}), "truetruetrue");
  assert.throws(() => renderTemplate(t([act([f("eq"), i(1), s("1")])]), {}), TemplateError);
  assert.equal(renderTemplate(t([act([["field", ["X"]]])]), {}), "<no value>");
  // range with break, variables and else.
  const tree = [
    ["range", { decl: ["$i", "$e"], assign: false, cmds: [[["field", ["L"]]]] }, [["if", pipe([f("eq"), ["var", "$i", []], i(2)]), [["break"]], []], act([["var", "$e", []]])], [["text", "empty"]]],
  ];
  assert.equal(renderTemplate(t(tree), { L: ["a", "b", "c", "d"] }), "ab");
  assert.equal(renderTemplate(t(tree), { L: [] }), "empty");
});

test("a provider given apart is all provider patterns see; a bare provider id gets its family", () => {
  // The stub's second rule has the provider pattern ^acme$ (family alpha).
  assert.equal(rt.resolve({ model: "acme" }).family, "alpha");
  assert.equal(rt.resolve({ model: "acme/x" }).family, "alpha");
  assert.equal(rt.resolve({ provider: "acme", model: "x" }).family, "alpha");
  assert.equal(rt.resolve({ provider: "openrouter", model: "acme/x" }).family, "plain");
});

test("validate reports text that cannot be written in UTF-8", () => {
  const errs = rt.validate({ inputs: { Files: [{ Path: "a\ud800", Content: "😀" }] } });
  assert.deepEqual(
    errs.map((e) => e.message),
    ["Request.Inputs.Files[0].Path is not valid UTF-8"],
  );
});

test("a template's rendering stops at its bound", () => {
  const t = (max) => ({ name: "t.tmpl", tree: [["text", "ab"], ["text", "é"]], max });
  assert.equal(renderTemplate(t(3), {}), "abé");
  assert.throws(
    () => renderTemplate(t(2), {}),
    (e) => e instanceof TemplateError && e.message === "template t.tmpl: the rendering passes its bound of 2 characters (64 MiB at most); the inputs are over the limits Validate checks",
  );
});
