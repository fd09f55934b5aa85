// Tests of the fixed TypeScript runtime on the tools project
// (compiler/portable/testdata/tools, compiled into ../testdata/tools.json):
// a tool catalogue per profile and permission set, the capability line,
// two settings that when conditions test, an after text and an empty
// before. Run: node --test compiler/portable/runtime/ts/
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { createRuntime, PromptError } from "./runtime.js";

const data = JSON.parse(fs.readFileSync(new URL("../testdata/tools.json", import.meta.url), "utf8"));
const rt = createRuntime(data);

const full = "fetch: does fetch.\n\nimage_gen: does image_gen.\n\nremember: does remember.\n\ntodo: does todo.\n\ntool_search: does tool_search.\n\nwebsearch: does websearch.";
const readOnly = "fetch: does fetch.\n\ntodo: does todo.\n\ntool_search: does tool_search.\n\nwebsearch: does websearch.";
const header = "More tools, by capability (call tool_search with their names for their descriptions before first use):\n";

test("an after text joins its two sections, an empty before joins with nothing, each when tests its own setting", () => {
  const text = (model) => rt.compose({ model, permission: "full" }).text;
  assert.equal(text("x"), `Intro.\n\n${full}Outro.`);
  assert.equal(text("x-mini"), `Intro.\n\n${full}\n\nBe terse.Outro.`);
  // The after text is declared for terse then cite: cite after another
  // section takes the separator.
  assert.equal(text("x-cite"), `Intro.\n\n${full}\n\nCite sources.Outro.`);
  assert.equal(text("x-mini-cite"), `Intro.\n\n${full}\n\nBe terse. + Cite sources.Outro.`);
  assert.deepEqual(
    rt.sections({ model: "x-mini-cite" }).map((s) => [s.name, s.before]),
    [["intro", ""], ["tools", "\n\n"], ["terse", "\n\n"], ["cite", " + "], ["outro", ""]],
  );
  // A section whose before is empty still starts a section of its own
  // when nothing precedes it: the tools part left out entirely.
  assert.equal(rt.compose({ allowed: () => false }).text, "Intro.Outro.");
});

test("a request without a permission set gets the least-privileged one", () => {
  assert.deepEqual(rt.permissions(), ["readOnly", "full"]);
  assert.equal(rt.compose({ model: "x" }).text, `Intro.\n\n${readOnly}Outro.`);
  assert.equal(rt.compose({ model: "x", permission: "readOnly" }).text, `Intro.\n\n${readOnly}Outro.`);
  assert.equal(rt.permits(undefined, "remember"), false);
  assert.equal(rt.permits("full", "remember"), true);
  assert.equal(rt.permits("full", "nope"), false);
  assert.deepEqual(rt.tools("readOnly").map((t) => t.name), ["fetch", "todo", "tool_search", "websearch"]);
  assert.deepEqual(rt.tools("full").map((t) => [t.name, t.write]).filter(([, w]) => w), [["image_gen", true], ["remember", true]]);
  assert.throws(() => rt.tools("admin"), (e) => e instanceof PromptError && e.field === "Request.Permission");
});

test("the tools part lists in full what the profile describes and the rest by group, as the allowed callback lets through", () => {
  const tools = (req) => rt.sections({ profile: "compact", ...req }).find((s) => s.name === "tools")?.text;
  assert.equal(tools({ permission: "readOnly" }), `todo: does todo.\n\ntool_search: does tool_search.\n\n${header}- web: fetch, websearch`);
  assert.equal(
    tools({ permission: "full" }),
    `todo: does todo.\n\ntool_search: does tool_search.\n\n${header}- media: image_gen\n- memory: remember\n- web: fetch, websearch`,
  );
  // The callback filters the named tools too, and a group it empties goes.
  assert.equal(
    tools({ permission: "full", allowed: (n) => n !== "websearch" && n !== "image_gen" }),
    `todo: does todo.\n\ntool_search: does tool_search.\n\n${header}- memory: remember\n- web: fetch`,
  );
  // No named tool let through: no header.
  assert.equal(tools({ permission: "full", allowed: (n) => n === "todo" }), "todo: does todo.");
  // Only a named tool: the header opens the part.
  assert.equal(tools({ permission: "full", allowed: (n) => n === "remember" }), `${header}- memory: remember`);
  assert.equal(tools({ allowed: () => false }), undefined);
  assert.equal(rt.compose({ permission: "full", allowed: (n) => n === "remember" }).text, "Intro.\n\nremember: does remember.Outro.");
});

test("the capability line names the tools the program has, listed then deferred, as allowed lets through", () => {
  const line = (req) => rt.capabilityLine(req);
  assert.equal(line({ permission: "full" }), "You have: image_gen, remember, websearch, todo.");
  assert.equal(line({}), "You have: websearch, todo.");
  assert.equal(line({ profile: "compact", permission: "full" }), "You have: todo. Through tool_search: image_gen, remember, websearch.");
  assert.equal(line({ profile: "compact" }), "You have: todo. Through tool_search: websearch.");
  assert.equal(line({ profile: "compact", permission: "full", allowed: (n) => n !== "todo" }), "Through tool_search: image_gen, remember, websearch.");
  assert.equal(line({ profile: "compact", allowed: (n) => n === "todo" }), "You have: todo.");
  assert.equal(line({ allowed: () => false }), "");
  assert.throws(() => line({ permission: "admin" }), (e) => e instanceof PromptError && e.field === "Request.Permission");
});

test("the cost notice is the one of the request's settings, profile and permission set", () => {
  // The stub counts tokens as characters / 4, rounded up: each notice
  // counts the text the same request composes.
  for (const profile of ["classic", "compact"]) {
    for (const permission of [undefined, "readOnly", "full"]) {
      for (const model of ["x", "x-mini", "x-cite", "x-mini-cite"]) {
        const req = { profile, permission, model };
        const n = rt.costNotice(req);
        assert.equal(n.tokens, Math.ceil(rt.compose(req).text.length / 4), JSON.stringify(req));
        assert.equal(n.line, `focus · ${n.tokens} tokens per call`);
      }
    }
  }
  assert.deepEqual(["x", "x-mini", "x-cite", "x-mini-cite"].map((model) => rt.costNotice({ model, permission: "full" }).tokens), [41, 44, 45, 48]);
});

test("modes and nextMode follow the order, the default first when none is given", () => {
  assert.deepEqual(rt.modes(), ["plan", "focus"]);
  assert.equal(rt.defaultMode, "focus");
  assert.equal(rt.nextMode("plan"), "focus");
  assert.equal(rt.nextMode("focus"), "plan");
  assert.equal(rt.nextMode(""), "plan");
  assert.equal(rt.nextMode("nope"), "plan");
  assert.equal(rt.compose({ mode: "plan" }).text, "Intro.\n\nOutro.");
});
