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

// projects are the corpus's projects: the example, and test projects whose
// templates (if/else, range, len, trim markers), when conditions,
// settings, profiles, permission sets and white space the runtimes must
// all reproduce. A txtar project is the archive of a testscript, its
// promptc.cue at the root or in the directory given after the colon.
var projects = []string{
	"../../assets",
	"../../compiler/portable/testdata/stub",
	"../../testscripts/testdata/build_generated_templates_harness.txtar",
	"../../testscripts/testdata/build_generated_settings.txtar",
	"../../testscripts/testdata/build_generated_templates.txtar",
	"../../testscripts/testdata/build_generated_profiles.txtar",
	"../../testscripts/testdata/build_generated_permissions.txtar",
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
			t.Run("typescript", func(t *testing.T) {
				got := tsAnswers(t, d, reqs)
				compare(t, "typescript", reqs, want, got)
				t.Logf("typescript: %d of %d requests equal", len(reqs), len(reqs))
			})
			t.Run("python", func(t *testing.T) {
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
    for (const k of ["mode", "family", "provider", "profile", "permission"]) if (!r[k]) delete r[k];
    const a = {};
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
    out.push(JSON.stringify(a));
  }
  process.stdout.write(out.join("\n") + "\n");
});
`

// tsAnswers writes the TypeScript package of d and answers reqs with it on
// node; without node the test skips, saying so.
func tsAnswers(t *testing.T, d *portable.Project, reqs []Request) []string {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node on PATH: the TypeScript package is not checked here (CI has node)")
	}
	files, err := portable.TypeScript(d)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if keep := os.Getenv("CONFORMANCE_KEEP"); keep != "" {
		// Kept for debugging a difference by hand.
		dir = keep
	}
	for _, f := range files {
		write(t, filepath.Join(dir, "prompts", f.Name), string(f.Data))
	}
	write(t, filepath.Join(dir, "driver.mjs"), tsDriver)
	if os.Getenv("CONFORMANCE_KEEP") != "" {
		b, _ := json.Marshal(reqs)
		write(t, filepath.Join(dir, "requests.json"), string(b))
	}
	cmd := exec.Command(node, "driver.mjs")
	cmd.Dir = dir
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
    kw = {k: v for k, v in q.items() if v not in ("", None) or k == "model"}
    r = p.Request(**kw)
    a = {}
    a["compose"] = call(lambda: compose(r))
    a["sections"] = call(lambda: [{"name": s.name, "text": s.text, "source": s.source, "slot": s.slot, "stable": s.stable, "before": s.before} for s in p.sections(r)])
    a["resolve"] = call(lambda: (lambda x: {"family": x.family, "forced": x.forced, "note": x.note, "modelId": x.model_id, "settings": x.settings})(p.resolve(r)))
    a["validate"] = [e.message for e in p.validate(r)]
    a["fields"] = call(lambda: [{"name": f.name, "placeholder": f.placeholder, "input": f.input, "maxChars": f.max_chars, "maxItems": f.max_items, "stable": f.stable} for f in p.fields(r)])
    a["notice"] = call(lambda: (lambda n: {"mode": n.mode, "tokens": n.tokens, "overFocus": n.over_focus, "line": n.line, "warning": n.warning, "text": n.text})(p.cost_notice(r)))
    out.write(json.dumps(a, ensure_ascii=False) + "\n")
`

// pyAnswers writes the Python package of d and answers reqs with it on
// python3; without python3 the test skips, saying so.
func pyAnswers(t *testing.T, d *portable.Project, reqs []Request) []string {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3 on PATH: the Python package is not checked here (CI has python3)")
	}
	files, err := portable.Python(d, "prompts")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range files {
		write(t, filepath.Join(dir, "prompts", f.Name), string(f.Data))
	}
	write(t, filepath.Join(dir, "driver.py"), pyDriver)
	cmd := exec.Command(py, "-X", "utf8", "driver.py")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PYTHONIOENCODING=utf-8", "PYTHONDONTWRITEBYTECODE=1")
	return run(t, cmd, reqs)
}
