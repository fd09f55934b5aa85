package conformance

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/gogen"
	"github.com/promptc/promptc/compiler/markdown"
	"github.com/promptc/promptc/compiler/portable"
	"github.com/promptc/promptc/internal/includecases"
	"github.com/promptc/promptc/internal/testproject"
	"github.com/promptc/promptc/internal/testtree"
)

// loaderCase is one call of a loader on a project tree: the instruction
// loader (Kind "instructions"), the layered one (Kind "layers") or the
// custom mode's (Kind "custom").
type loaderCase struct {
	Name string `json:"name"`
	Kind string `json:"kind"`
	// Dir is the project directory the loader is given; the tree is
	// written in it. Its last element is "proj", so that an include line
	// "@../proj/x.md" lands back inside.
	Dir string `json:"dir"`
	// Files, Links (path to link target, as written) and FIFOs make the
	// tree, paths relative to Dir's parent: "proj/AGENTS.md".
	Files map[string]string `json:"-"`
	Links map[string]string `json:"-"`
	FIFOs []string          `json:"-"`
	// The instruction loader's options; Names nil reads the project's
	// default files. AfterDir, when set, is loaded first (its AfterNames)
	// and its result given as the options' After.
	Names      []string `json:"names"`
	NoIncludes bool     `json:"noIncludes"`
	WorkDir    string   `json:"workDir"`
	AfterDir   string   `json:"afterDir"`
	AfterNames []string `json:"afterNames"`
	// Layers, for Kind "layers", are the layers' directories, relative to
	// Dir's parent ("proj", "user"); the options are the instruction
	// loader's.
	Layers *layerDirs `json:"layers"`
	// Path is the custom file's path.
	Path string `json:"path"`
	// Want, for a shared include case, is the outcome build time gives.
	Want *includecases.Outcome `json:"-"`
}

// layerDirs are the directories of LoadLayers' layers.
type layerDirs struct {
	User       string   `json:"user"`
	Package    string   `json:"package"`
	Project    string   `json:"project"`
	Extensions []string `json:"extensions"`
}

// loaderCases returns every shared include case as the one instruction
// file named, the instruction loader's own options and refusals, and
// custom files valid and not.
func loaderCases() []loaderCase {
	var out []loaderCase
	under := func(files map[string]string) map[string]string {
		m := map[string]string{}
		for k, v := range files {
			m["proj/"+k] = v
		}
		return m
	}
	for _, c := range includecases.Cases() {
		want := c.Want
		out = append(out, loaderCase{Name: "shared: " + c.Name, Kind: "instructions", Files: under(c.Files), Names: []string{c.Root}, Want: &want})
	}
	ins := func(name string, files map[string]string, set func(*loaderCase)) {
		c := loaderCase{Name: name, Kind: "instructions", Files: under(files)}
		if set != nil {
			set(&c)
		}
		out = append(out, c)
	}
	ins("default files, one missing", map[string]string{"AGENTS.md": "Rules.\n"}, nil)
	ins("back inside the project by its own name", map[string]string{"AGENTS.md": "A\n@../proj/b.md\n@../other/c.md\n", "b.md": "B\n"}, nil)
	ins("named files outside, absolute, empty and repeated", map[string]string{"AGENTS.md": "A\n", "x.md": "X\n"},
		func(c *loaderCase) {
			c.Names = []string{"../x.md", "/etc/passwd", "", "AGENTS.md", "./AGENTS.md", "sub/../x.md"}
		})
	ins("no includes", map[string]string{"AGENTS.md": "A\n@b.md\n<!-- promptc:x -->\n", "b.md": "B\n"},
		func(c *loaderCase) { c.NoIncludes = true })
	ins("the working directory's hierarchy", map[string]string{"AGENTS.md": "Top.\n", "svc/AGENTS.md": "\n\nService.\n\n", "svc/api/AGENTS.md": "API.\n@../../AGENTS.md\n@../notes.md\n", "svc/notes.md": "Notes.\n"},
		func(c *loaderCase) { c.WorkDir = "svc/api/" })
	ins("a working directory outside", map[string]string{"AGENTS.md": "Top.\n"},
		func(c *loaderCase) { c.WorkDir = "../elsewhere" })
	ins("after the user's own files", map[string]string{"AGENTS.md": "@a.md\n@b.md\n", "a.md": sized(30000), "b.md": sized(30000),
		"../user/RULES.md": sized(10000)},
		func(c *loaderCase) { c.AfterDir, c.AfterNames = "user", []string{"RULES.md"} })
	ins("after, in a second directory", map[string]string{"AGENTS.md": "A\n@b.md\n", "b.md": "B\n", "../user/RULES.md": "U\n@u2.md\n", "../user/u2.md": "U2\n"},
		func(c *loaderCase) {
			c.AfterDir, c.AfterNames, c.Names = "user", []string{"RULES.md"}, []string{"AGENTS.md", "missing.md", "x/../AGENTS.md"}
		})
	ins("links in, out and dangling", map[string]string{"AGENTS.md": "A\n@in.md\n@out.md\n@dangling.md\n@loop.md\n@dir/x.md\n", "real/in.md": "In.\n", "../secret.md": "Secret.\n"},
		func(c *loaderCase) {
			c.Links = map[string]string{"proj/in.md": "real/in.md", "proj/out.md": "../secret.md", "proj/dangling.md": "nowhere.md", "proj/loop.md": "loop.md", "proj/dir": "real"}
		})
	ins("a FIFO named and included", map[string]string{"AGENTS.md": "A\n@pipe.md\n"},
		func(c *loaderCase) {
			c.FIFOs, c.Names = []string{"proj/pipe.md", "proj/named.md"}, []string{"AGENTS.md", "named.md"}
		})
	ins("a file in place of a directory", map[string]string{"AGENTS.md": "A\n@docs/x.md\n", "docs": "not a directory\n"}, nil)
	ins("over the byte limit", map[string]string{"AGENTS.md": "A\n@big.md\n", "big.md": strings.Repeat("é", 1<<19) + "\n"}, nil)
	// 8,001 characters, 16,001 UTF-16 units: within the per-file limit.
	ins("characters, not UTF-16 units", map[string]string{"AGENTS.md": "  @big.md\n", "big.md": strings.Repeat("😀", 8000) + "\n"}, nil)
	ins("markdown containers", map[string]string{
		"AGENTS.md": "> quoted\n> @a.md\n\n- item\n  @a.md\n\n1. one\n\n       @a.md\n\n<div>\n@a.md\n</div>\n\n[ref]: /x\n@a.md\n\n~~~\n@a.md\n~~~\n\t@a.md\n<!-- a\n@a.md -->\n@b.md\n",
		"a.md":      "A\n", "b.md": "B\n"}, nil)
	ins("a missing project directory", map[string]string{}, func(c *loaderCase) { c.Dir = "missing/proj"; c.Names = []string{"AGENTS.md", "b.md"} })
	lay := func(name string, files map[string]string, l layerDirs, set func(*loaderCase)) {
		c := loaderCase{Name: "layers: " + name, Kind: "layers", Files: under(files), Layers: &l}
		if set != nil {
			set(&c)
		}
		out = append(out, c)
	}
	lay("order, confinement, the working directory in the project layer only", map[string]string{
		"../user/AGENTS.md": "User.\n@../proj/AGENTS.md\n", "../user/svc/AGENTS.md": "Not read.\n",
		"../pkg/AGENTS.md": "\nPackage.\n@inc.md\n", "../pkg/inc.md": "Inc.\n",
		"AGENTS.md": "Project.\n", "svc/AGENTS.md": "Service.\n@missing.md\n",
		"../ext1/AGENTS.md": "Ext one.\n", "../ext2/other.md": "Not named.\n",
		"../before/RULES.md": "Before.\n"},
		layerDirs{User: "user", Package: "pkg", Project: "proj", Extensions: []string{"ext1", "", "ext2", "missing"}},
		func(c *loaderCase) { c.WorkDir, c.AfterDir, c.AfterNames = "svc", "before", []string{"RULES.md"} })
	lay("a working directory outside, and named files", map[string]string{"AGENTS.md": "A\n", "B.md": "B\n", "../user/B.md": "UB\n"},
		layerDirs{User: "user", Project: "proj"},
		func(c *loaderCase) { c.WorkDir, c.Names = "../x", []string{"B.md", "AGENTS.md", "../B.md"} })
	lay("no layers", map[string]string{"AGENTS.md": "A\n"}, layerDirs{}, nil)

	cus := func(name, path string, files map[string]string, set func(*loaderCase)) {
		c := loaderCase{Name: "custom: " + name, Kind: "custom", Files: under(files), Path: path}
		if set != nil {
			set(&c)
		}
		out = append(out, c)
	}
	cus("frontmatter name", "custom.md", map[string]string{"custom.md": "---\nname: \"Reviewer\"\nother: x\n---\n\n\n# Heading\n\nReview in {{cwd}} only. 😀\n\n"}, nil)
	cus("heading name", "custom.md", map[string]string{"custom.md": "```\n# not this\n```\n\n    # nor this\n- # nor this\n\nSetext title\n===\nBody.\n"}, nil)
	cus("closed ATX heading", "sub/custom.md", map[string]string{"sub/custom.md": "## Title ##\nBody.\r\nMore.\r\n"}, nil)
	cus("empty frontmatter", "custom.md", map[string]string{"custom.md": "---\n---\nOnly text.\n"}, nil)
	cus("unclosed frontmatter", "custom.md", map[string]string{"custom.md": "---\nname: x\nText.\n"}, nil)
	cus("only frontmatter", "custom.md", map[string]string{"custom.md": "---\nname: x\n---\n \n\t\n"}, nil)
	cus("empty", "custom.md", map[string]string{"custom.md": ""}, nil)
	cus("white space only", "custom.md", map[string]string{"custom.md": " \u0085\n\u00a0\n"}, nil)
	cus("exactly the byte limit", "custom.md", map[string]string{"custom.md": strings.Repeat("é", 99) + "x\n"}, nil)
	cus("one byte over", "custom.md", map[string]string{"custom.md": strings.Repeat("é", 100) + "x"}, nil)
	cus("byte-order mark", "custom.md", map[string]string{"custom.md": "\uFEFFText.\n"}, nil)
	cus("NUL byte", "custom.md", map[string]string{"custom.md": "Te\x00xt.\n"}, nil)
	cus("not UTF-8", "custom.md", map[string]string{"custom.md": "Te\xedxt.\n"}, nil)
	cus("missing", "custom.md", map[string]string{}, nil)
	cus("a directory", "custom.md", map[string]string{"custom.md/x": "x\n"}, nil)
	cus("outside by path", "../custom.md", map[string]string{"../custom.md": "Outside.\n"}, nil)
	cus("absolute path", "/etc/hostname", map[string]string{}, nil)
	cus("empty path", "", map[string]string{}, nil)
	cus("through a missing directory and back", "sub/../custom.md", map[string]string{"custom.md": "Mine.\n"}, nil)
	cus("through a directory and back", "sub/../custom.md", map[string]string{"custom.md": "Mine.\n", "sub/x": "x\n"}, nil)
	cus("through a link and back", "lnk/../custom.md", map[string]string{"custom.md": "Mine.\n", "deep/custom.md": "Deep.\n", "deep/sub/x": "x\n"},
		func(c *loaderCase) { c.Links = map[string]string{"proj/lnk": "deep/sub"} })
	cus("link inside", "custom.md", map[string]string{"real.md": "Real.\n"}, func(c *loaderCase) { c.Links = map[string]string{"proj/custom.md": "real.md"} })
	cus("link outside", "custom.md", map[string]string{"../real.md": "Real.\n"}, func(c *loaderCase) { c.Links = map[string]string{"proj/custom.md": "../real.md"} })
	cus("dangling link", "custom.md", map[string]string{}, func(c *loaderCase) { c.Links = map[string]string{"proj/custom.md": "gone.md"} })
	cus("a FIFO", "custom.md", map[string]string{}, func(c *loaderCase) { c.FIFOs = []string{"proj/custom.md"} })
	cus("a missing project directory", "custom.md", map[string]string{}, func(c *loaderCase) { c.Dir = "missing/proj" })
	return out
}

// sized is a line of n characters, its newline counted.
func sized(n int) string { return "é" + strings.Repeat("x", n-2) + "\n" }

// writeLoaderCases writes every case's tree under root, case i in
// root/c<i>, and sets its Dir (and AfterDir) to absolute paths.
func writeLoaderCases(t *testing.T, root string, cases []loaderCase) {
	t.Helper()
	for i := range cases {
		c := &cases[i]
		base := filepath.Join(root, fmt.Sprintf("c%d", i))
		if err := os.MkdirAll(filepath.Join(base, "proj"), 0o755); err != nil {
			t.Fatal(err)
		}
		for name, text := range c.Files {
			write(t, filepath.Join(base, filepath.FromSlash(name)), text)
		}
		for name, target := range c.Links {
			p := filepath.Join(base, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(filepath.FromSlash(target), p); err != nil {
				t.Skipf("symbolic links are unavailable here: %v", err)
			}
		}
		for _, name := range c.FIFOs {
			if err := testtree.FIFO(t, filepath.Join(base, filepath.FromSlash(name))); err != nil {
				t.Skipf("named pipes are unavailable here: %v", err)
			}
		}
		dir := "proj"
		if c.Dir != "" {
			dir = c.Dir
		}
		c.Dir = filepath.Join(base, filepath.FromSlash(dir))
		if l := c.Layers; l != nil {
			abs := func(d string) string {
				if d == "" {
					return ""
				}
				return filepath.Join(base, filepath.FromSlash(d))
			}
			l.User, l.Package, l.Project = abs(l.User), abs(l.Package), abs(l.Project)
			ext := []string{}
			for _, d := range l.Extensions {
				ext = append(ext, abs(d))
			}
			l.Extensions = ext
		}
		if c.AfterDir != "" {
			c.AfterDir = filepath.Join(base, c.AfterDir)
		}
	}
}

// goLoaderDriver answers the loader cases with the generated Go package.
const goLoaderDriver = `package main

import (
	"bufio"
	"encoding/json"
	"os"

	pkg "conformance.test/prompts"
)

type loaderCase struct {
	Kind, Dir, WorkDir, AfterDir, Path string
	Names, AfterNames                  []string
	NoIncludes                         bool
	Layers                             *struct {
		User, Package, Project string
		Extensions             []string
	}
}

func problems(ps []pkg.InstructionProblem) []any {
	out := []any{}
	for _, p := range ps {
		out = append(out, map[string]any{"path": p.Path, "line": p.Line, "col": p.Col, "kind": p.Kind, "message": p.Message, "string": p.String()})
	}
	return out
}

func main() {
	var cases []loaderCase
	if err := json.NewDecoder(os.Stdin).Decode(&cases); err != nil {
		panic(err)
	}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	for _, c := range cases {
		a := map[string]any{}
		switch c.Kind {
		case "instructions", "layers":
			opt := pkg.InstructionOptions{Files: c.Names, NoIncludes: c.NoIncludes, WorkDir: c.WorkDir}
			if c.AfterDir != "" {
				before := pkg.LoadInstructions(c.AfterDir, pkg.InstructionOptions{Files: c.AfterNames})
				a["after"] = map[string]any{"text": before.Text, "files": append([]string{}, before.Files...), "problems": problems(before.Problems)}
				opt.After = &before
			}
			if c.Kind == "layers" {
				l := c.Layers
				got := pkg.LoadLayers(pkg.InstructionLayers{User: l.User, Package: l.Package, Project: l.Project, Extensions: l.Extensions}, opt)
				layers := []any{}
				for _, x := range got.Layers {
					layers = append(layers, map[string]any{"name": x.Name, "dir": x.Dir, "text": x.Text, "files": append([]string{}, x.Files...), "problems": problems(x.Problems)})
				}
				a["text"], a["layers"] = got.Text, layers
				break
			}
			got := pkg.LoadInstructions(c.Dir, opt)
			a["text"], a["files"], a["problems"] = got.Text, append([]string{}, got.Files...), problems(got.Problems)
		case "custom":
			cu := pkg.LoadCustom(c.Dir, c.Path)
			a["custom"] = map[string]any{"name": cu.Name, "text": cu.Text, "usable": cu.Usable, "reason": cu.Reason, "path": cu.Path}
			r := pkg.Request{Mode: pkg.ModeCustom, Custom: &cu}
			p, err := r.Compose()
			if err != nil {
				a["compose"] = map[string]any{"error": err.Error()}
			} else {
				a["compose"] = map[string]any{"text": p.Text, "customFallback": p.CustomFallback}
			}
			ss, _ := r.Sections()
			srcs := []string{}
			for _, s := range ss {
				srcs = append(srcs, s.Source)
			}
			a["sources"] = srcs
			offered := []string{}
			for _, m := range pkg.ModesFor(cu) {
				offered = append(offered, m.String())
			}
			a["modesFor"] = offered
			next := map[string]string{}
			for _, name := range append([]string{""}, offered...) {
				var m pkg.Mode
				if name != "" {
					m, _ = pkg.ParseMode(name)
				}
				next[name] = pkg.NextMode(m, cu).String()
			}
			next["custom"] = pkg.NextMode(pkg.ModeCustom, cu).String()
			a["nextMode"] = next
		}
		enc.Encode(a)
	}
}
`

// tsLoaderDriver answers the loader cases with the generated TypeScript
// package.
const tsLoaderDriver = `import * as p from "./prompts/index.js";
let s = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (d) => (s += d)).on("end", () => {
  const out = [];
  const problems = (ps) => ps.map((x) => ({ path: x.path, line: x.line, col: x.col, kind: x.kind, message: x.message, string: String(x) }));
  for (const c of JSON.parse(s)) {
    const a = {};
    if (c.kind === "instructions" || c.kind === "layers") {
      const opt = { noIncludes: c.noIncludes, workDir: c.workDir };
      if (c.names !== null) opt.files = c.names;
      if (c.afterDir !== "") {
        const before = p.loadInstructions(c.afterDir, { files: c.afterNames });
        a.after = { text: before.text, files: before.files, problems: problems(before.problems) };
        opt.after = before;
      }
      if (c.kind === "layers") {
        const got = p.loadLayers(c.layers, opt);
        a.text = got.text;
        a.layers = got.layers.map((x) => ({ name: x.name, dir: x.dir, text: x.text, files: x.files, problems: problems(x.problems) }));
      } else {
        const got = p.loadInstructions(c.dir, opt);
        Object.assign(a, { text: got.text, files: got.files, problems: problems(got.problems) });
      }
    } else {
      const cu = p.loadCustom(c.dir, c.path);
      a.custom = { name: cu.name, text: cu.text, usable: cu.usable, reason: cu.reason, path: cu.path };
      const r = { mode: "custom", custom: cu };
      const pr = p.compose(r);
      a.compose = { text: pr.text, customFallback: pr.customFallback };
      a.sources = p.sections(r).map((x) => x.source);
      a.modesFor = p.modesFor(cu);
      a.nextMode = {};
      for (const m of ["", ...a.modesFor, "custom"]) a.nextMode[m] = p.nextMode(m, cu);
    }
    out.push(JSON.stringify(a));
  }
  process.stdout.write(out.join("\n") + "\n");
});
`

// pyLoaderDriver answers the loader cases with the generated Python
// package.
const pyLoaderDriver = `import json, sys
import prompts as p

def problems(ps):
    return [{"path": x.path, "line": x.line, "col": x.col, "kind": x.kind, "message": x.message, "string": str(x)} for x in ps]

out = sys.stdout
for c in json.load(sys.stdin):
    a = {}
    if c["kind"] in ("instructions", "layers"):
        after = None
        if c["afterDir"]:
            after = p.load_instructions(c["afterDir"], files=c["afterNames"])
            a["after"] = {"text": after.text, "files": after.files, "problems": problems(after.problems)}
        opt = dict(files=c["names"], no_includes=c["noIncludes"], work_dir=c["workDir"], after=after)
        if c["kind"] == "layers":
            l = c["layers"]
            got = p.load_layers(p.InstructionLayers(l["user"], l["package"], l["project"], l["extensions"]), **opt)
            a["text"] = got.text
            a["layers"] = [{"name": x.name, "dir": x.dir, "text": x.text, "files": x.files, "problems": problems(x.problems)} for x in got.layers]
        else:
            got = p.load_instructions(c["dir"], **opt)
            a.update({"text": got.text, "files": got.files, "problems": problems(got.problems)})
    else:
        cu = p.load_custom(c["dir"], c["path"])
        a["custom"] = {"name": cu.name, "text": cu.text, "usable": cu.usable, "reason": cu.reason, "path": cu.path}
        r = p.Request(mode="custom", custom=cu)
        pr = p.compose(r)
        a["compose"] = {"text": pr.text, "customFallback": pr.custom_fallback}
        a["sources"] = [x.source for x in p.sections(r)]
        a["modesFor"] = p.modes_for(cu)
        a["nextMode"] = {m: p.next_mode(m, cu) for m in ["", *a["modesFor"], "custom"]}
    out.write(json.dumps(a, ensure_ascii=False) + "\n")
`

// TestLoaders loads every shared include case and the loaders' own cases
// (options, links, FIFOs, limits, layers, custom files valid and not) with the
// generated Go package and with every other target's package, on one tree
// each, and fails on the first answer that differs: text, files, and
// every problem with its position and message; for a custom file what was
// read, the custom mode composed from it, the modes a picker offers and
// the mode each one cycles to. The Go answers of the
// shared cases must also be the outcome build time gives.
func TestLoaders(t *testing.T) {
	t.Run("default limits", func(t *testing.T) {
		checkLoaders(t, "../../compiler/portable/testdata/stub", loaderCases())
	})
	t.Run("small limits", func(t *testing.T) {
		// The stub with limits small enough to cross in a few lines.
		dir := t.TempDir()
		if err := os.CopyFS(dir, os.DirFS("../../compiler/portable/testdata/stub")); err != nil {
			t.Fatal(err)
		}
		cue, err := os.ReadFile(filepath.Join(dir, "promptc.cue"))
		if err != nil {
			t.Fatal(err)
		}
		write(t, filepath.Join(dir, "promptc.cue"), string(cue)+"includes: {maxDepth: 2, maxFiles: 4, maxTotalChars: 120, maxFileChars: 50}\n")
		checkLoaders(t, dir, smallLimitCases())
	})
}

// smallLimitCases cross the limits of TestLoaders' small-limits project
// (depth 2, 4 files, 120 characters in all, 50 from one file), alone and
// after another directory's files.
func smallLimitCases() []loaderCase {
	under := func(files map[string]string) map[string]string {
		m := map[string]string{}
		for k, v := range files {
			m["proj/"+k] = v
		}
		return m
	}
	ins := func(name string, files map[string]string, set func(*loaderCase)) loaderCase {
		c := loaderCase{Name: name, Kind: "instructions", Files: under(files)}
		if set != nil {
			set(&c)
		}
		return c
	}
	lay := func(name string, files map[string]string, l layerDirs, set ...func(*loaderCase)) loaderCase {
		c := ins(name, files, nil)
		c.Kind, c.Layers = "layers", &l
		for _, f := range set {
			f(&c)
		}
		return c
	}
	return []loaderCase{
		ins("depth 2 allowed, 3 refused", map[string]string{"AGENTS.md": "0\n@a.md\n", "a.md": "1\n@b.md\n", "b.md": "2\n@c.md\n", "c.md": "3\n"}, nil),
		ins("file 5 refused", map[string]string{"AGENTS.md": "@a.md\n@b.md\n@c.md\n@d.md\n", "a.md": "A\n", "b.md": "B\n", "c.md": "C\n", "d.md": "D\n"}, nil),
		ins("50 characters from one file, and 51", map[string]string{"AGENTS.md": "@a.md\n@b.md\n", "a.md": sized(50), "b.md": sized(51)}, nil),
		ins("120 characters in all, then over", map[string]string{"AGENTS.md": sized(21) + "@a.md\n@b.md\n@c.md\n", "a.md": sized(50), "b.md": sized(50), "c.md": "x\n"}, nil),
		ins("a named file over the per-file limit", map[string]string{"AGENTS.md": sized(60) + sized(70) + "@a.md\n", "a.md": "A\n", "CLAUDE.md": "C\n"},
			func(c *loaderCase) { c.Names = []string{"AGENTS.md", "CLAUDE.md"} }),
		ins("named files past the files limit, missing and present", map[string]string{"AGENTS.md": "@a.md\n@b.md\n@c.md\n", "a.md": "A\n", "b.md": "B\n", "c.md": "C\n", "E.md": "E\n"},
			func(c *loaderCase) {
				c.Names = []string{"AGENTS.md", "D.md", "E.md", "pipe.md"}
				c.FIFOs = []string{"proj/pipe.md"}
			}),
		ins("after another directory: its files and characters count", map[string]string{"AGENTS.md": "@a.md\n@b.md\n", "a.md": sized(40), "b.md": "B\n",
			"../user/RULES.md": "@u1.md\n", "../user/u1.md": sized(45)},
			func(c *loaderCase) { c.AfterDir, c.AfterNames = "user", []string{"RULES.md"} }),
		ins("after another directory: the files limit", map[string]string{"AGENTS.md": "A\n@a.md\n", "a.md": "a\n",
			"../user/RULES.md": "@u1.md\n@u2.md\n", "../user/u1.md": "1\n", "../user/u2.md": "2\n"},
			func(c *loaderCase) {
				c.AfterDir, c.AfterNames, c.Names = "user", []string{"RULES.md"}, []string{"AGENTS.md", "missing.md"}
			}),
		lay("layers: the files limit across layers", map[string]string{"../user/AGENTS.md": "U\n@u1.md\n", "../user/u1.md": "1\n",
			"../pkg/AGENTS.md": "P\n", "AGENTS.md": "A\n@a.md\n", "a.md": "a\n", "../ext/AGENTS.md": "E\n"},
			layerDirs{User: "user", Package: "pkg", Project: "proj", Extensions: []string{"ext"}}),
		lay("layers: characters across layers, after another directory", map[string]string{"../before/RULES.md": sized(45),
			"../user/AGENTS.md": sized(40), "AGENTS.md": sized(40), "../ext/AGENTS.md": sized(10)},
			layerDirs{User: "user", Project: "proj", Extensions: []string{"ext"}},
			func(c *loaderCase) { c.AfterDir, c.AfterNames = "before", []string{"RULES.md"} }),
	}
}

// checkLoaders answers cases with the generated Go package of the project
// in dir and with every other target's package, and fails on the first
// answer that differs.
func checkLoaders(t *testing.T, dir string, cases []loaderCase) {
	progs := testproject.CompileAll(t, dir).Programs()
	d, err := portable.Build(progs, "sha256:loaders")
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	writeLoaderCases(t, root, cases)

	want := goLoaderAnswers(t, progs, cases)
	for i, c := range cases {
		if c.Want == nil {
			continue
		}
		var a struct {
			Text     string
			Files    []string
			Problems []struct {
				Path      string
				Line, Col int
				Kind      string
			}
		}
		if err := json.Unmarshal([]byte(want[i]), &a); err != nil {
			t.Fatal(err)
		}
		got := includecases.Outcome{Text: a.Text, Files: a.Files}
		for _, p := range a.Problems {
			got.Problems = append(got.Problems, includecases.Problem(p.Path, p.Line, p.Col, p.Kind))
		}
		if diff := includecases.Diff(*c.Want, got); diff != "" {
			t.Errorf("%s: the Go package's answer is not build time's (-want +got):\n%s", c.Name, diff)
		}
	}
	t.Run("typescript", func(t *testing.T) {
		cmd := nodeScript(t, d, "loaders are", "driver.mjs", tsLoaderDriver)
		compareLoaders(t, "typescript", cases, want, run(t, cmd, cases))
	})
	t.Run("python", func(t *testing.T) {
		cmd := pythonScript(t, d, "loaders are", "driver.py", pyLoaderDriver)
		compareLoaders(t, "python", cases, want, run(t, cmd, cases))
	})
}

// goLoaderAnswers builds the Go package of progs in a module of its own
// and answers the cases with it, one JSON line per case.
func goLoaderAnswers(t *testing.T, progs []*compiler.Program, cases []loaderCase) []string {
	t.Helper()
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	src, err := gogen.Generate(progs, "sha256:loaders")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write(t, filepath.Join(dir, "go.mod"), "module conformance.test\n\ngo 1.26\n")
	write(t, filepath.Join(dir, "prompts", "prompts_gen.go"), string(src))
	write(t, filepath.Join(dir, "main.go"), goLoaderDriver)
	cmd := exec.Command(gobin, "run", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOTOOLCHAIN=local", "GOPROXY=off")
	return run(t, cmd, cases)
}

// compareLoaders fails on the first case whose answers differ, naming it
// and the first part that differs.
func compareLoaders(t *testing.T, lang string, cases []loaderCase, want, got []string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s answered %d loader cases, Go %d", lang, len(got), len(want))
	}
	for i := range want {
		var w, g map[string]any
		if err := json.Unmarshal([]byte(want[i]), &w); err != nil {
			t.Fatalf("go answer %d: %v", i, err)
		}
		if err := json.Unmarshal([]byte(got[i]), &g); err != nil {
			t.Fatalf("%s answer %d: %v", lang, i, err)
		}
		wb, _ := json.Marshal(w)
		gb, _ := json.Marshal(g)
		if string(wb) != string(gb) {
			for _, k := range []string{"after", "text", "files", "problems", "layers", "custom", "compose", "sources", "modesFor", "nextMode"} {
				wk, _ := json.Marshal(w[k])
				gk, _ := json.Marshal(g[k])
				if string(wk) != string(gk) {
					t.Fatalf("%s differs from Go on loader case %q, %s:\n  go:   %s\n  %s: %s", lang, cases[i].Name, k, wk, lang, gk)
				}
			}
			t.Fatalf("%s differs from Go on loader case %q:\n  go:   %s\n  %s: %s", lang, cases[i].Name, wb, lang, gb)
		}
	}
	t.Logf("%s: %d of %d loader cases equal", lang, len(want), len(want))
}

// markdownDocs returns the documents the scanners are compared on: every
// example of the CommonMark specification, the documents whose line kinds
// the reference implementation computed, and documents made of lines
// drawn from the constructs the scanner tells apart, nested and mixed.
func markdownDocs(t *testing.T) []string {
	t.Helper()
	var docs []string
	for _, name := range []string{"spec.json", "reference.json"} {
		b, err := os.ReadFile(filepath.Join("../../compiler/markdown/testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		var ex []struct {
			Markdown string `json:"markdown"`
		}
		if err := json.Unmarshal(b, &ex); err != nil {
			t.Fatal(err)
		}
		for _, e := range ex {
			docs = append(docs, e.Markdown)
		}
	}
	// A line is up to two container or indentation prefixes and one or
	// two bodies.
	prefixes := []string{"> ", "- ", "* ", "1. ", "2) ", "  ", "    ", "\t", " "}
	bodies := []string{"", "text", "@a.md", "@b/c.md", "```", "~~~", "```go", "``` a`", "<!--", "-->", "<!-- promptc:x -->",
		"<div>", "</div>", "<pre>", "</pre>", "<a href=\"x\">", "</a>", "<?", "?>", "<!X", "<![CDATA[", "]]>", "[a]: /u", "[a]:", "/u 'title'",
		"===", "---", "***", "- - -", "# h", "###### h", "####### h", "#x", "é😀", "text\r"}
	state := uint32(1)
	next := func(n int) int { // xorshift: the same documents on every run
		state ^= state << 13
		state ^= state >> 17
		state ^= state << 5
		return int(state % uint32(n))
	}
	// Every pair of bodies, with and without a blank line between them,
	// then an indented line, in the document, a block quote and a list
	// item: whether each block ends where it should shows in the kind of
	// the last line.
	for _, a := range bodies {
		for _, b := range bodies {
			docs = append(docs, a+"\n"+b+"\n\n    code\n", a+"\n\n"+b+"\n    code\n",
				"> "+a+"\n>\n> "+b+"\n>     code\n", "- "+a+"\n\n  "+b+"\n\n      code\n")
		}
	}
	for range 6000 {
		var b strings.Builder
		for range 1 + next(10) {
			for range next(3) {
				b.WriteString(prefixes[next(len(prefixes))])
			}
			for range 1 + next(2) {
				b.WriteString(bodies[next(len(bodies))])
			}
			b.WriteString("\n")
		}
		docs = append(docs, b.String())
	}
	return docs
}

// kinds is the line kinds of doc as the Go scanner finds them, one letter
// a line: t(ext), c(ode), m (comment).
func kinds(doc string) string {
	var b strings.Builder
	for _, l := range markdown.Scan([]byte(doc)) {
		b.WriteByte("tcm"[l.Kind])
	}
	return b.String()
}

// TestMarkdownLines runs the TypeScript and Python loaders' Markdown line
// scanner on every document of markdownDocs and fails on the first whose
// line kinds differ from the Go scanner's: an include line inside code or
// a comment is text to one and an include to the other otherwise.
func TestMarkdownLines(t *testing.T) {
	docs := markdownDocs(t)
	want := make([]string, len(docs))
	for i, d := range docs {
		want[i] = kinds(d)
	}
	d, err := portable.Build(testproject.CompileAll(t, "../../compiler/portable/testdata/stub").Programs(), "sha256:stub")
	if err != nil {
		t.Fatal(err)
	}
	check := func(t *testing.T, lang string, got []string) {
		t.Helper()
		if len(got) != len(docs) {
			t.Fatalf("%s scanned %d documents of %d", lang, len(got), len(docs))
		}
		for i := range docs {
			var g string
			if err := json.Unmarshal([]byte(got[i]), &g); err != nil {
				t.Fatal(err)
			}
			if g != want[i] {
				t.Fatalf("%s's line kinds differ from Go's on %q:\n  go:   %s\n  %s: %s", lang, docs[i], want[i], lang, g)
			}
		}
		t.Logf("%s: %d of %d documents scanned alike", lang, len(docs), len(docs))
	}
	t.Run("typescript", func(t *testing.T) {
		cmd := nodeScript(t, d, "scanner is", "scan.mjs", `import { scanMarkdown } from "./prompts/loaders.js";
let s = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (d) => (s += d)).on("end", () => {
  const out = JSON.parse(s).map((doc) => JSON.stringify(scanMarkdown(Buffer.from(doc, "utf8")).map((l) => "tcm"[l.kind]).join("")));
  process.stdout.write(out.join("\n") + "\n");
});
`)
		check(t, "typescript", run(t, cmd, docs))
	})
	t.Run("python", func(t *testing.T) {
		cmd := pythonScript(t, d, "scanner is", "scan.py", `import json, sys
from prompts._loaders import _scan_markdown
for doc in json.load(sys.stdin):
    sys.stdout.write(json.dumps("".join("tcm"[k] for _, _, k in _scan_markdown(doc.encode("utf-8")))) + "\n")
`)
		check(t, "python", run(t, cmd, docs))
	})
}
