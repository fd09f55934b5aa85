package conformance

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/promptc/promptc/compiler/portable"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/testproject"
)

// projects are the corpus's projects: the example, the harness-like project
// (gateway ids, whole-id and conjunction rules, conditional parts,
// placeholders), and test projects whose
// templates (if/else, range, len, trim markers), when conditions (on
// inputs, settings and the family), settings, family bodies that keep
// their ends, joins that depend on the section before,
// placeholders valued per setting, profiles, permission sets and white space the runtimes must
// all reproduce. A txtar project is the archive of a testscript, its
// project in the directory of its shallowest promptc.cue.
var projects = []string{
	"../../assets",
	"../../compiler/portable/testdata/stub",
	"../../testscripts/testdata/harness",
	"../../testscripts/testdata/build_generated_templates_harness.txtar",
	"../../testscripts/testdata/build_generated_settings.txtar",
	"../../testscripts/testdata/build_generated_templates.txtar",
	"../../testscripts/testdata/build_generated_profiles.txtar",
	"../../testscripts/testdata/build_generated_permissions.txtar",
	"../../testscripts/testdata/build_generated_capability.txtar",
	"../../testscripts/testdata/build_when_family.txtar",
	"../../testscripts/testdata/show_family_keep_trailing.txtar",
	"../../testscripts/testdata/show_before_depends_on_previous.txtar",
	"../../testscripts/testdata/show_placeholder_per_setting.txtar",
	"../../testscripts/testdata/build_input_limit_separate.txtar",
	"../../testscripts/testdata/build_input_limit_nested.txtar",
}

// projectDir returns the directory of a project: the example in place, a
// txtar archive written to a temporary directory.
func projectDir(t *testing.T, p string) string {
	t.Helper()
	if !strings.HasSuffix(p, ".txtar") {
		return p
	}
	a, err := txtar.ParseFile(p)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	root := ""
	for _, f := range a.Files {
		write(t, filepath.Join(dir, filepath.FromSlash(f.Name)), string(f.Data))
		if filepath.Base(f.Name) == config.FileName && (root == "" || len(f.Name) < len(root)) {
			root = f.Name
		}
	}
	if root == "" {
		t.Fatalf("%s holds no %s", p, config.FileName)
	}
	return filepath.Join(dir, filepath.Dir(filepath.FromSlash(root)))
}

// TestConformance answers the corpus of every project with the generated
// Go package and with every other target's package, and fails on the
// first answer that differs.
func TestConformance(t *testing.T) {
	for _, p := range projects {
		name := strings.TrimSuffix(filepath.Base(p), ".txtar")
		t.Run(name, func(t *testing.T) {
			proj := testproject.CompileAll(t, projectDir(t, p))
			progs := proj.Programs()
			d, err := portable.Build(progs, "sha256:conformance")
			if err != nil {
				t.Fatal(err)
			}
			reqs := matrix(d, progs[0].Config)
			want := goAnswers(t, progs, d, reqs)
			t.Logf("%d requests, %d answers each", len(reqs), 6)
			// An allowed callback that lets every tool through lists the
			// tools as the build did.
			for i, q := range reqs {
				if q.Same >= 0 && want[i] != want[q.Same] {
					t.Fatalf("request %d: an allowed callback letting every tool through changes the answers:\n  with:    %s\n  without: %s", i, want[i], want[q.Same])
				}
			}
			// The two languages answer at once: each is a process of its
			// own, so on a busy machine the corpus gets two shares of the
			// processors instead of one.
			t.Run("typescript", func(t *testing.T) {
				t.Parallel()
				got := tsAnswers(t, d, reqs)
				compare(t, "typescript", reqs, want, got)
				t.Logf("typescript: %d of %d requests equal", len(reqs), len(reqs))
			})
			t.Run("python", func(t *testing.T) {
				t.Parallel()
				got := pyAnswers(t, d, reqs)
				compare(t, "python", reqs, want, got)
				t.Logf("python: %d of %d requests equal", len(reqs), len(reqs))
			})
		})
	}
}

// tsDriver answers the corpus with the generated TypeScript package.
const tsDriver = `import * as p from "./prompts/index.js";
let s = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (d) => (s += d)).on("end", () => {
  const out = [];
  const call = (f) => {
    try {
      return f();
    } catch (e) {
      if (!(e instanceof p.PromptError)) throw e;
      return { error: e.message };
    }
  };
  for (const q of JSON.parse(s)) {
    const r = { ...q };
    delete r.load;
    delete r.refusal;
    if (q.refusal) {
      out.push(JSON.stringify({ validate: p.validate(r).map((e) => [e.field, e.message]) }));
      continue;
    }
    const a = {};
    if (q.load) {
      const cu = p.loadCustom(q.load.dir, q.load.path);
      a.custom = { name: cu.name, text: cu.text, usable: cu.usable, reason: cu.reason, path: cu.path };
      r.custom = cu;
    }
    if (q.allowed) {
      const allowed = q.allowed;
      r.allowed = (n) => allowed.includes(n);
    }
    for (const k of ["mode", "family", "provider", "profile", "permission"]) if (!r[k]) delete r[k];
    a.compose = call(() => {
      const c = p.compose(r);
      const prefix = c.text.slice(0, c.cacheEnd);
      return { text: c.text, cacheEndBytes: c.cacheEndBytes, cacheEndUnits: c.cacheEnd, cacheEndCodePoints: Array.from(prefix).length, cacheSections: c.cacheSections, customFallback: c.customFallback };
    });
    a.sections = call(() => p.sections(r));
    a.resolve = call(() => p.resolve(r));
    a.validate = p.validate(r).map((e) => e.message);
    a.fields = call(() => p.fields(r));
    a.notice = call(() => {
      const n = p.costNotice(r);
      return { mode: n.mode, tokens: n.tokens, overFocus: n.overFocus, line: n.line, warning: n.warning, text: n.text };
    });
    if (CAPABILITY) a.capability = call(() => p.capabilityLine(r));
    out.push(JSON.stringify(a));
  }
  process.stdout.write(out.join("\n") + "\n");
});
`

// tsAnswers writes the TypeScript package of d and answers reqs with it on
// node; without node the test skips, saying so.
func tsAnswers(t *testing.T, d *portable.Project, reqs []Request) []string {
	t.Helper()
	cmd := nodeScript(t, d, "package is", "driver.mjs", strings.ReplaceAll(tsDriver, "CAPABILITY", capabilityFlag(d, "true", "false")))
	if os.Getenv("CONFORMANCE_KEEP") != "" {
		b, _ := json.Marshal(reqs)
		write(t, filepath.Join(cmd.Dir, "requests.json"), string(b))
	}
	return run(t, cmd, reqs)
}

// pyDriver answers the corpus with the generated Python package.
const pyDriver = `import json, sys
import prompts as p

def call(f):
    try:
        return f()
    except p.PromptError as e:
        return {"error": e.message}

def compose(r):
    c = p.compose(r)
    prefix = c.text[:c.cache_end]
    return {"text": c.text, "cacheEndBytes": c.cache_end_bytes, "cacheEndUnits": len(prefix.encode("utf-16-le")) // 2, "cacheEndCodePoints": c.cache_end, "cacheSections": c.cache_sections, "customFallback": c.custom_fallback}

out = sys.stdout
for q in json.load(sys.stdin):
    load = q.pop("load", None)
    refusal = q.pop("refusal", False)
    kw = {k: v for k, v in q.items() if v not in ("", None) or k == "model"}
    if "custom" in kw:
        kw["custom"] = p.Custom(**kw["custom"])
    if "allowed" in kw:
        kw["allowed"] = (lambda a: lambda n: n in a)(kw["allowed"])
    a = {}
    if load is not None:
        cu = p.load_custom(load["dir"], load["path"])
        a["custom"] = {"name": cu.name, "text": cu.text, "usable": cu.usable, "reason": cu.reason, "path": cu.path}
        kw["custom"] = cu
    r = p.Request(**kw)
    if refusal:
        out.write(json.dumps({"validate": [[e.field, e.message] for e in p.validate(r)]}, ensure_ascii=False) + "\n")
        continue
    a["compose"] = call(lambda: compose(r))
    a["sections"] = call(lambda: [{"name": s.name, "text": s.text, "source": s.source, "slot": s.slot, "stable": s.stable, "before": s.before} for s in p.sections(r)])
    a["resolve"] = call(lambda: (lambda x: {"family": x.family, "forced": x.forced, "note": x.note, "modelId": x.model_id, "settings": x.settings})(p.resolve(r)))
    a["validate"] = [e.message for e in p.validate(r)]
    a["fields"] = call(lambda: [{"name": f.name, "placeholder": f.placeholder, "input": f.input, "maxChars": f.max_chars, "typicalChars": f.typical_chars, "limitChars": f.limit_chars, "maxItems": f.max_items, "typicalItems": f.typical_items, "limitItems": f.limit_items, "stable": f.stable} for f in p.fields(r)])
    a["notice"] = call(lambda: (lambda n: {"mode": n.mode, "tokens": n.tokens, "overFocus": n.over_focus, "line": n.line, "warning": n.warning, "text": n.text})(p.cost_notice(r)))
    if CAPABILITY:
        a["capability"] = call(lambda: p.capability_line(r))
    out.write(json.dumps(a, ensure_ascii=False) + "\n")
`

// capabilityFlag is yes when the project declares a capability line, so
// that a driver answers it as the Go package does (which has
// CapabilityLine only then), else no.
func capabilityFlag(d *portable.Project, yes, no string) string {
	if d.Capability != nil {
		return yes
	}
	return no
}

// pyAnswers writes the Python package of d and answers reqs with it on
// python3; without python3 the test skips, saying so.
func pyAnswers(t *testing.T, d *portable.Project, reqs []Request) []string {
	t.Helper()
	cmd := pythonScript(t, d, "package is", "driver.py", strings.ReplaceAll(pyDriver, "CAPABILITY", capabilityFlag(d, "True", "False")))
	return run(t, cmd, reqs)
}

// tsConsumer is a TypeScript program that uses the generated package of
// the stub project the way a harness does; tsc --strict must accept it,
// and must refuse it with a mode that is none (tsBad).
const tsConsumer = `import { compose, sections, resolve, validate, fields, costNotice, PromptError, type Request, type Mode } from "./prompts/index.js";
import { loadInstructions, loadCustom, instructionFiles, customFile, InstructionProblem, modesFor, nextMode, type Instructions } from "./prompts/index.js";
import { loadLayers, type InstructionLayer, type LayeredInstructions } from "./prompts/index.js";

const mode: Mode = "long";
const req: Request = {
  mode,
  model: "alpha-small",
  slots: { rules: "R", memory: "M", cwd: "/w" },
  inputs: { IsGitRepo: true, Style: "terse", Files: [{ Path: "a.go", Content: "x" }] },
};
const p = compose(req);
const cached: string = p.text.slice(0, p.cacheEnd);
const n: number = p.cacheEndBytes + sections(req).length + fields(req).length + costNotice(req).tokens;
const fam: "alpha" | "plain" = resolve(req).family;
const ex: "inline" | "end" = resolve(req).settings.Examples;
for (const e of validate(req)) {
  const f: string = e.field;
  console.log(f, e instanceof PromptError);
}
console.log(cached.length, n, fam, ex);

const user: Instructions = loadInstructions("/home/user/.config/agent", { files: ["RULES.md"] });
const rules = loadInstructions(".", { workDir: "svc", after: user, noIncludes: false });
for (const p of rules.problems) {
  const at: string = p.path + ":" + p.line + ":" + p.col;
  const kind: "escape" | "not-found" | "unreadable" | "depth" | "files" | "total-chars" | "file-chars" = p.kind;
  console.log(at, kind, p instanceof InstructionProblem, String(p));
}
const own = loadCustom(".", customFile);
const named: string = own.name + own.reason;
const custom: Request = { mode: "custom", custom: own, slots: { rules: rules.text } };
console.log(instructionFiles().length, named, compose(custom).customFallback, rules.files.length);
const picker: Mode[] = modesFor(own);
const after: Mode = nextMode("", own);
console.log(picker, after, nextMode(after));

const appended: LayeredInstructions = loadLayers({ user: "/home/user/.config/agent", project: ".", extensions: ["ext"] }, { files: ["APPEND_SYSTEM.md"], workDir: "svc", after: rules });
const first: InstructionLayer | undefined = appended.layers[0];
const layerName: "user" | "package" | "project" | "extension" | undefined = first?.name;
const more = loadInstructions(".", { files: ["MORE.md"], after: appended.layers[appended.layers.length - 1] });
console.log(appended.text, layerName, first?.dir, first?.problems.map(String), more.text);
`

// TestTypeScriptStrict type-checks a consumer of the generated TypeScript
// package with tsc --strict, the checker at $PROMPTC_TSC (CI installs a
// pinned typescript with npm); without it the test skips, saying so.
func TestTypeScriptStrict(t *testing.T) {
	tsc := os.Getenv("PROMPTC_TSC")
	if tsc == "" {
		t.Skip("PROMPTC_TSC is not set: the generated TypeScript is not type-checked here (CI installs typescript and sets it)")
	}
	d, err := portable.Build(testproject.CompileAll(t, "../../compiler/portable/testdata/stub").Programs(), "sha256:stub")
	if err != nil {
		t.Fatal(err)
	}
	files, err := portable.TypeScript(d)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range files {
		write(t, filepath.Join(dir, "prompts", f.Name), string(f.Data))
	}
	write(t, filepath.Join(dir, "main.ts"), tsConsumer)
	write(t, filepath.Join(dir, "bad.ts"), strings.Replace(tsConsumer, `Mode = "long"`, `Mode = "lung"`, 1))
	check := func(file string) (string, error) {
		cmd := exec.Command(tsc, "--strict", "--noEmit", "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022", file)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := check("main.ts"); err != nil {
		t.Fatalf("tsc --strict main.ts: %v\n%s", err, out)
	}
	if out, err := check("bad.ts"); err == nil || !strings.Contains(out, `Type '"lung"' is not assignable to type 'Mode'`) {
		t.Fatalf("tsc --strict accepted a mode that is none: %v\n%s", err, out)
	}
}

// docBlock returns the fenced block of info string lang in docs/targets.md.
func docBlock(t *testing.T, lang string) string {
	t.Helper()
	b, err := os.ReadFile("../../docs/targets.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(b), "\n```"+lang+"\n")
	if !ok {
		t.Fatalf("docs/targets.md has no %s block", lang)
	}
	block, _, ok := strings.Cut(rest, "\n```\n")
	if !ok {
		t.Fatalf("docs/targets.md: the %s block is not closed", lang)
	}
	return block + "\n"
}

// TestDocsHarness runs the harness loops of docs/targets.md on the stub
// project's packages, with a user's project holding instruction files and
// a custom file: each must run, send the included rules and the custom
// file's text, and both must print the same family (or custom name) and
// prefix for each turn.
func TestDocsHarness(t *testing.T) {
	node, nerr := exec.LookPath("node")
	py, perr := exec.LookPath("python3")
	if nerr != nil || perr != nil {
		t.Skip("node or python3 is not on PATH: the harness loops of docs/targets.md do not run here (CI has both)")
	}
	d, err := portable.Build(testproject.CompileAll(t, "../../compiler/portable/testdata/stub").Programs(), "sha256:stub")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	ts, err := portable.TypeScript(d)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range ts {
		write(t, filepath.Join(dir, "prompts", f.Name), string(f.Data))
	}
	pyFiles, err := portable.Python(d, "prompts")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range pyFiles {
		write(t, filepath.Join(dir, "py", "prompts", f.Name), string(f.Data))
	}
	write(t, filepath.Join(dir, "loop.mjs"), docBlock(t, "ts"))
	write(t, filepath.Join(dir, "py", "loop.py"), docBlock(t, "python"))
	// The user's project each loop loads its instruction files and custom
	// mode from.
	for _, d := range []string{dir, filepath.Join(dir, "py")} {
		write(t, filepath.Join(d, "project", "AGENTS.md"), "Use tabs.\n@docs/testing.md\n")
		write(t, filepath.Join(d, "project", "docs", "testing.md"), "Run the tests before every commit.\n")
		write(t, filepath.Join(d, "project", "custom.md"), "---\nname: Reviewer\n---\nReview only; change nothing.\n")
	}
	out := func(cmd *exec.Cmd) []string {
		b, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", strings.Join(cmd.Args, " "), err, b)
		}
		// The included file's text is in the rules each turn sends, and the
		// custom file's in the custom mode's prompt.
		for _, want := range []string{"Run the tests before every commit.", "Review only; change nothing."} {
			if !strings.Contains(string(b), want) {
				t.Errorf("%s prints no %q:\n%s", strings.Join(cmd.Args, " "), want, b)
			}
		}
		var heads []string
		for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			f := strings.Fields(l)
			heads = append(heads, strings.Join(f[:3], " "))
		}
		return heads
	}
	nc := exec.Command(node, "loop.mjs")
	nc.Dir = dir
	pc := exec.Command(py, "-B", "loop.py")
	pc.Dir = filepath.Join(dir, "py")
	got, want := out(pc), out(nc)
	if len(want) != 3 || strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("the loops of docs/targets.md print\ntypescript: %q\npython:     %q", want, got)
	}
	if want[0] != "alpha 84 84" {
		t.Fatalf("the typescript loop prints %q first, want the family and prefix of the stub's long mode", want[0])
	}
	if want[2] != "Reviewer 74 74" {
		t.Fatalf("the typescript loop prints %q last, want the custom file's name and the custom mode's prefix", want[2])
	}
}

// pyConsumer is a Python program that uses the generated package of the
// stub project the way a harness does; pyright in strict mode must accept
// it, and refuse it with a mode that is none.
const pyConsumer = `from typing import List

from prompts import CUSTOM_FILE, InstructionProblem, Instructions, Request, compose, instruction_files, load_custom, load_instructions, modes_for, next_mode, resolve, validate, Mode
from prompts import InstructionLayer, InstructionLayers, LayeredInstructions, load_layers

mode: Mode = "long"
r = Request(mode=mode, model="alpha-small", slots={"rules": "R"}, inputs={"IsGitRepo": True, "Style": "terse"})
p = compose(r)
prefix: str = p.text[: p.cache_end]
fam: str = resolve(r).family
for e in validate(r):
    print(e.field, e.message)
print(prefix, fam)

user: Instructions = load_instructions("/home/user/.config/agent", files=["RULES.md"])
rules = load_instructions(".", work_dir="svc", after=user, no_includes=False)
problems: List[InstructionProblem] = rules.problems
for q in problems:
    print(q.path, q.line, q.col, q.kind, q.message, str(q))
own = load_custom(".", CUSTOM_FILE)
named: str = own.name + own.reason
custom = Request(mode="custom", custom=own, slots={"rules": rules.text})
print(len(instruction_files()), named, compose(custom).custom_fallback, len(rules.files))
picker: List[str] = modes_for(own)
print(picker, next_mode("", own), next_mode(next_mode("")))

appended: LayeredInstructions = load_layers(InstructionLayers(user="/home/user/.config/agent", project=".", extensions=["ext"]), files=["APPEND_SYSTEM.md"], work_dir="svc", after=rules)
layers: List[InstructionLayer] = appended.layers
more: Instructions = load_instructions(".", files=["MORE.md"], after=layers[-1] if layers else None)
print(appended.text, [(x.name, x.dir, [str(q) for q in x.problems]) for x in layers], more.text)
`

// TestPythonStrict type-checks the generated Python package and a consumer
// of it with pyright in strict mode for Python 3.9, the checker at
// $PROMPTC_PYRIGHT (CI installs a pinned pyright with npm); without it the
// test skips, saying so.
func TestPythonStrict(t *testing.T) {
	pyright := os.Getenv("PROMPTC_PYRIGHT")
	if pyright == "" {
		t.Skip("PROMPTC_PYRIGHT is not set: the generated Python is not type-checked here (CI installs pyright and sets it)")
	}
	d, err := portable.Build(testproject.CompileAll(t, "../../compiler/portable/testdata/stub").Programs(), "sha256:stub")
	if err != nil {
		t.Fatal(err)
	}
	files, err := portable.Python(d, "prompts")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		consumer string
		ok       bool
	}{{pyConsumer, true}, {strings.Replace(pyConsumer, `Mode = "long"`, `Mode = "lung"`, 1), false}} {
		dir := t.TempDir()
		for _, f := range files {
			write(t, filepath.Join(dir, "prompts", f.Name), string(f.Data))
		}
		write(t, filepath.Join(dir, "consumer.py"), c.consumer)
		write(t, filepath.Join(dir, "pyrightconfig.json"), `{"typeCheckingMode": "strict", "pythonVersion": "3.9"}`)
		cmd := exec.Command(pyright)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if c.ok && err != nil {
			t.Fatalf("pyright --strict: %v\n%s", err, out)
		}
		if !c.ok && (err == nil || !strings.Contains(string(out), `is not assignable to declared type "Mode"`)) {
			t.Fatalf("pyright accepted a mode that is none: %v\n%s", err, out)
		}
	}
}
