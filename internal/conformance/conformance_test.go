package conformance

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/gogen"
	"github.com/promptc/promptc/compiler/portable"
	"github.com/promptc/promptc/internal/config"
)

// Request is one request of the corpus, in the names of promptc.cue.
type Request struct {
	Mode       string            `json:"mode,omitempty"`
	Family     string            `json:"family,omitempty"`
	Model      string            `json:"model"`
	Provider   string            `json:"provider,omitempty"`
	Profile    string            `json:"profile,omitempty"`
	Permission string            `json:"permission,omitempty"`
	Slots      map[string]string `json:"slots"`
	Inputs     map[string]any    `json:"inputs"`
	Custom     *Custom           `json:"custom,omitempty"`
	// Allowed, when not nil, is the run-time allowed callback as the tools
	// it lets through.
	Allowed *[]string `json:"allowed,omitempty"`
	// Load, when set, is the custom file each driver loads with its own
	// loader (LoadCustom, loadCustom, load_custom) for the request's
	// Custom; the answer then carries what it loaded.
	Load *Load `json:"load,omitempty"`
	// Refusal marks a request some runtime must refuse: each driver
	// answers only Validate's problems (TypeScript and Python with each
	// problem's field), and the Go driver a Parse function's refusal of
	// a name as Validate words a bad value of its field.
	Refusal bool `json:"refusal,omitempty"`
	// Same is the index of the request, without Allowed, whose answers
	// this one's must equal (an Allowed that lets every tool through), or
	// -1.
	Same int `json:"-"`
}

// Custom is a custom-mode file as the harness loaded it.
type Custom struct {
	Text   string `json:"text"`
	Path   string `json:"path"`
	Usable bool   `json:"usable"`
}

// Load names a user's custom file: Path relative to the project
// directory Dir.
type Load struct {
	Dir  string `json:"dir"`
	Path string `json:"path"`
}

// filled is the text of a filled slot, placeholder or string: multi-byte
// characters, one outside the Basic Multilingual Plane, so that offsets in
// UTF-16 units, code points and bytes all differ.
const filled = "é ✓ 😀 text"

// matrix builds the corpus of a project: every program (profile and
// permission set) × mode (the default by its zero value too) × family
// choice × example model id, each with one combination of the inputs
// (rotating through them), and every program × mode × combination of the
// inputs × slots empty and filled, with the model rotating through the
// example ids; then requests over the limits, for Validate, and every id
// with a provider given apart. The ids include bare provider names.
func matrix(d *portable.Project, c *config.Config) []Request {
	// Bare ids naming a provider resolve by its provider patterns.
	ids := []string{"", "unknown-model", "openrouter/unknown:tag", "anthropic", "openai"}
	ids = append(ids, slices.Sorted(maps.Keys(c.Families.Examples))...)
	for _, name := range slices.Sorted(maps.Keys(c.Settings)) {
		ids = append(ids, slices.Sorted(maps.Keys(c.Settings[name].Examples))...)
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	profiles := append([]string{""}, d.Profiles...)
	perms := append([]string{""}, d.Permissions...)
	modes := []string{""}
	for _, m := range d.Modes {
		modes = append(modes, m.Name)
	}
	choices := []string{"", "auto"}
	for _, f := range d.Families {
		choices = append(choices, f.Name)
	}
	combos := inputCombos(d)
	slotSets := []map[string]string{{}, fullSlots(d, filled)}
	var out []Request
	n := 0
	for _, pr := range profiles {
		for _, perm := range perms {
			for _, m := range modes {
				for _, ch := range choices {
					for _, id := range ids {
						out = append(out, Request{Mode: m, Family: ch, Model: id, Profile: pr, Permission: perm, Slots: slotSets[n%2], Inputs: combos[n%len(combos)]})
						n++
					}
				}
				for _, in := range combos {
					for _, sl := range slotSets {
						out = append(out, Request{Mode: m, Model: ids[n%len(ids)], Profile: pr, Permission: perm, Slots: sl, Inputs: in})
						n++
					}
				}
			}
		}
	}
	// The custom mode: a usable file, one that could not be used (with the
	// fallback's text, and with none), and none loaded; in every program,
	// for a model of each family choice.
	if d.Custom != nil {
		customs := []*Custom{{Text: "My own rules 😀.", Path: "CUSTOM.md", Usable: true}, {Text: d.Custom.Fallback, Path: "CUSTOM.md"}, {Path: "CUSTOM.md"}, nil}
		for _, pr := range profiles {
			for _, perm := range perms {
				for _, ch := range choices {
					for _, cu := range customs {
						out = append(out, Request{Mode: d.Custom.Name, Family: ch, Model: ids[n%len(ids)], Profile: pr, Permission: perm, Slots: slotSets[n%2], Inputs: combos[n%len(combos)], Custom: cu})
						n++
					}
				}
			}
		}
	}
	// The tools part for a run-time allowed callback: every tool (the
	// listing the build wrote, so the same answers as without it), every
	// other tool, and none; in every program and mode.
	if len(d.Tools) > 0 {
		all, some := []string{}, []string{}
		for i, tl := range d.Tools {
			all = append(all, tl.Name)
			if i%2 == 1 {
				some = append(some, tl.Name)
			}
		}
		for _, pr := range profiles {
			for _, perm := range perms {
				for _, m := range modes {
					q := Request{Mode: m, Model: ids[n%len(ids)], Profile: pr, Permission: perm, Slots: slotSets[n%2], Inputs: combos[n%len(combos)], Same: -1}
					n++
					out = append(out, q)
					for k, a := range [][]string{all, some, {}} {
						q2 := q
						q2.Allowed = &a
						if k == 0 {
							q2.Same = len(out) - 1
						}
						out = append(out, q2)
					}
				}
			}
		}
	}
	// Over the limits: every slot, placeholder, string and list at once.
	// Strings and lists go one past their limit where one is declared,
	// else one past their planning figure, which no runtime refuses.
	over := fullSlots(d, strings.Repeat("ü", 5000))
	in := map[string]any{}
	// Over the planning figures, within the limits: every runtime
	// accepts and renders them.
	planned := map[string]any{}
	for _, i := range d.Inputs {
		if v := overValue(i); v != nil {
			in[i.Name] = v
		}
		if v := plannedValue(i); v != nil {
			planned[i.Name] = v
		}
	}
	for i := range out {
		if out[i].Allowed == nil {
			out[i].Same = -1
		}
	}
	out = append(out, Request{Model: ids[len(ids)-1], Slots: over, Inputs: in, Same: -1})
	out = append(out, Request{Model: ids[len(ids)-1], Slots: fullSlots(d, "x"), Inputs: planned, Same: -1})
	out = append(out, Request{Provider: "openrouter", Model: ids[len(ids)-1], Slots: map[string]string{}, Inputs: map[string]any{}, Same: -1})
	// A provider given apart from the model: the only text provider
	// patterns see, never a segment of the model id.
	for _, prov := range []string{"openrouter", "anthropic"} {
		for _, id := range ids {
			out = append(out, Request{Provider: prov, Model: id, Slots: slotSets[n%2], Inputs: combos[n%len(combos)], Same: -1})
			n++
		}
	}
	return out
}

func fullSlots(d *portable.Project, text string) map[string]string {
	m := map[string]string{}
	for _, s := range d.Slots {
		m[s.Name] = s.Name + ": " + text
	}
	for _, p := range d.Runtime {
		m[p.Name] = text
	}
	return m
}

// overValue is a value of input or field in over every limit: a string
// one character past its limitChars where one is declared, else past its
// maxChars (which no runtime refuses); an enum not one of its values; a
// list one item past its limitItems, else its maxItems; a record of such
// fields; nil for a bool.
func overValue(in portable.Input) any {
	switch in.Type {
	case "string":
		return strings.Repeat("ß", max(in.LimitChars, in.MaxChars, 0)+1)
	case "enum":
		return "not-a-value"
	case "list":
		var items []any
		for k := 0; k <= max(in.LimitItems, in.MaxItems, 1); k++ {
			items = append(items, fieldsOf(in, overValue))
		}
		return items
	case "record":
		return fieldsOf(in, overValue)
	}
	return nil
}

// plannedValue is a value of input or field in over its planning figures
// and within its limits, which every runtime accepts and renders: a
// string one character past its maxChars, a list one item past its
// maxItems (each at their limit where it is lower), a record of such
// fields; nil for a bool and an enum.
func plannedValue(in portable.Input) any {
	switch in.Type {
	case "string":
		n := in.MaxChars + 1
		if in.LimitChars >= 0 {
			n = min(n, in.LimitChars)
		}
		return strings.Repeat("y", max(n, 0))
	case "list":
		n := in.MaxItems + 1
		if in.LimitItems >= 0 {
			n = min(n, in.LimitItems)
		}
		items := []any{}
		for k := 0; k < n; k++ {
			items = append(items, fieldsOf(in, plannedValue))
		}
		return items
	case "record":
		return fieldsOf(in, plannedValue)
	}
	return nil
}

// fieldsOf is a record of in's fields (a record, or a list's items), each
// value's, those it gives nil left out.
func fieldsOf(in portable.Input, value func(portable.Input) any) map[string]any {
	r := map[string]any{}
	for _, f := range in.Fields {
		if v := value(f); v != nil {
			r[f.Name] = v
		}
	}
	return r
}

// record is a record of in's fields (a record, or a list's items): each
// string its name and text (cut to its maxChars), each bool true, each enum its last value,
// each list of one such item, each record the same way, to any depth.
func record(in portable.Input, text string) map[string]any {
	r := map[string]any{}
	for _, f := range in.Fields {
		switch f.Type {
		case "bool":
			r[f.Name] = true
		case "enum":
			r[f.Name] = f.Values[len(f.Values)-1]
		case "list":
			r[f.Name] = []any{record(f, text)}
		case "record":
			r[f.Name] = record(f, text)
		default:
			// Within its maxChars, so that Compose renders it.
			v := []rune(f.Name + " " + text)
			if f.MaxChars >= 0 && len(v) > f.MaxChars {
				v = v[:f.MaxChars]
			}
			r[f.Name] = string(v)
		}
	}
	return r
}

// inputCombos lists combinations of input values: every bool, every enum
// value and the empty one, a string empty and filled, a list at 0, 1 and
// its most items, a record empty and with every field given. Past 256 combinations, a stride through them keeps every
// value of every input.
func inputCombos(d *portable.Project) []map[string]any {
	var choices [][]any
	for _, in := range d.Inputs {
		var vs []any
		switch in.Type {
		case "bool":
			vs = []any{false, true}
		case "enum":
			vs = []any{""}
			for _, v := range in.Values {
				vs = append(vs, v)
			}
		case "string":
			vs = []any{"", filled}
		case "list":
			most := in.MaxItems
			if most < 0 {
				most = 3
			}
			for _, n := range []int{0, 1, most} {
				items := []any{}
				for k := 0; k < n; k++ {
					items = append(items, record(in, fmt.Sprintf("%d %s", k, filled)))
				}
				vs = append(vs, items)
			}
		case "record":
			// Left out, and every field given.
			vs = []any{map[string]any{}, record(in, filled)}
		}
		choices = append(choices, vs)
	}
	total := 1
	for _, vs := range choices {
		total *= len(vs)
	}
	stride := 1
	for total/stride > 256 {
		stride += 2 // odd, so that the stride walks every value of a radix of 2
	}
	var out []map[string]any
	for k := 0; k < total; k += stride {
		m := map[string]any{}
		rest := k
		for i, vs := range choices {
			m[d.Inputs[i].Name] = vs[rest%len(vs)]
			rest /= len(vs)
		}
		out = append(out, m)
	}
	return out
}

// goDriver is the program that answers the corpus with the generated Go
// package; %s are the package's import path and the lines that set the
// profile and the permission set.
const goDriver = `package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"unicode/utf16"

	pkg "conformance.test/prompts"
)

type request struct {
	Mode, Family, Model, Provider, Profile, Permission string
	Slots  map[string]string
	Inputs json.RawMessage
	Custom *struct {
		Text, Path string
		Usable     bool
	}
	Allowed *[]string
	Load    *struct{ Dir, Path string }
	Refusal bool
}

func main() {
	var reqs []request
	if err := json.NewDecoder(os.Stdin).Decode(&reqs); err != nil {
		panic(err)
	}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	for _, q := range reqs {
		var r pkg.Request
		var err error
		a := map[string]any{}
		// A name a Parse function refuses is the request's refusal, in
		// the words of Validate for a bad value of its field.
		refused := ""
		refuse := func(field string, err error) {
			if refused == "" {
				refused = field + ": " + err.Error()
			}
		}
		if q.Mode != "" {
			if r.Mode, err = pkg.ParseMode(q.Mode); err != nil {
				refuse("Request.Mode", err)
			}
		}
		if q.Family != "" {
			if r.Family, err = pkg.ParseChoice(q.Family); err != nil {
				refuse("Request.Family", err)
			}
		}
		r.Model, r.Provider = q.Model, q.Provider
%s
		if refused != "" {
			if !q.Refusal {
				panic(refused)
			}
			enc.Encode(map[string]any{"validate": []string{refused}})
			continue
		}
		slots, _ := json.Marshal(q.Slots)
		if err := json.Unmarshal(slots, &r.Slots); err != nil {
			panic(err)
		}
		if err := json.Unmarshal(q.Inputs, &r.Inputs); err != nil {
			panic(err)
		}
		if q.Refusal {
			a["validate"] = problems(r.Validate())
			enc.Encode(a)
			continue
		}
		if p, err := r.Compose(); err != nil {
			a["compose"] = map[string]any{"error": err.Error()}
		} else {
			a["compose"] = map[string]any{"text": p.Text, "cacheEndBytes": p.CacheEnd, "cacheEndUnits": len(utf16.Encode([]rune(p.Text[:p.CacheEnd]))), "cacheEndCodePoints": len([]rune(p.Text[:p.CacheEnd])), "cacheSections": p.CacheSections, "customFallback": p.CustomFallback}
		}
		if ss, err := r.Sections(); err != nil {
			a["sections"] = map[string]any{"error": err.Error()}
		} else {
			l := []any{}
			for _, s := range ss {
				l = append(l, map[string]any{"name": s.Name, "text": s.Text, "source": s.Source, "slot": s.Slot, "stable": s.Stable, "before": s.Before})
			}
			a["sections"] = l
		}
		if res, err := r.Resolve(); err != nil {
			a["resolve"] = map[string]any{"error": err.Error()}
		} else {
			st := map[string]any{}
			b, _ := json.Marshal(res.Settings)
			json.Unmarshal(b, &st)
			a["resolve"] = map[string]any{"family": res.Family.String(), "forced": res.Forced, "note": res.Note, "modelId": res.ModelID, "settings": st}
		}
		a["validate"] = problems(r.Validate())
		if fs, err := r.Fields(); err != nil {
			a["fields"] = map[string]any{"error": err.Error()}
		} else {
			l := []any{}
			for _, f := range fs {
				l = append(l, map[string]any{"name": f.Name, "placeholder": f.Placeholder, "input": f.Input, "maxChars": f.MaxChars, "typicalChars": f.TypicalChars, "limitChars": f.LimitChars, "maxItems": f.MaxItems, "typicalItems": f.TypicalItems, "limitItems": f.LimitItems, "stable": f.Stable})
			}
			a["fields"] = l
		}
		if n, err := r.CostNotice(); err != nil {
			a["notice"] = map[string]any{"error": err.Error()}
		} else {
			a["notice"] = map[string]any{"mode": n.Mode.String(), "tokens": n.Tokens, "overFocus": n.OverFocus, "line": n.Line, "warning": n.Warning, "text": n.String()}
		}
%s		enc.Encode(a)
	}
}

// problems lists the errors Validate joined.
func problems(err error) []string {
	out := []string{}
	if err != nil {
		var j interface{ Unwrap() []error }
		if errors.As(err, &j) {
			for _, e := range j.Unwrap() {
				out = append(out, e.Error())
			}
		} else {
			out = append(out, err.Error())
		}
	}
	return out
}
`

// goAnswers builds the Go package of progs in a module of its own and
// answers reqs with it, one JSON line per request.
func goAnswers(t *testing.T, progs []*compiler.Program, d *portable.Project, reqs []Request) []string {
	t.Helper()
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	c := progs[0].Config
	src, err := gogen.Generate(progs, d.InputHash)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if keep := os.Getenv("CONFORMANCE_KEEP"); keep != "" {
		// Kept for debugging a difference by hand.
		dir = filepath.Join(keep, "go")
	}
	write(t, filepath.Join(dir, "go.mod"), "module conformance.test\n\ngo 1.26\n")
	write(t, filepath.Join(dir, "prompts", "prompts_gen.go"), string(src))
	var set strings.Builder
	if c.Profiles != nil {
		set.WriteString("\t\tif q.Profile != \"\" {\n\t\t\tif r.Profile, err = pkg.ParseProfile(q.Profile); err != nil {\n\t\t\t\trefuse(\"Request.Profile\", err)\n\t\t\t}\n\t\t}\n")
	}
	if c.Custom != nil {
		set.WriteString("\t\tif q.Custom != nil {\n\t\t\tr.Custom = &pkg.Custom{Text: q.Custom.Text, Path: q.Custom.Path, Usable: q.Custom.Usable}\n\t\t}\n")
		set.WriteString("\t\tif q.Load != nil {\n\t\t\tcu := pkg.LoadCustom(q.Load.Dir, q.Load.Path)\n\t\t\tr.Custom = &cu\n\t\t\ta[\"custom\"] = map[string]any{\"name\": cu.Name, \"text\": cu.Text, \"usable\": cu.Usable, \"reason\": cu.Reason, \"path\": cu.Path}\n\t\t}\n")
	}
	if c.Tools != nil {
		set.WriteString("\t\tif q.Allowed != nil {\n\t\t\tallowed := *q.Allowed\n\t\t\tr.Allowed = func(n string) bool {\n\t\t\t\tfor _, a := range allowed {\n\t\t\t\t\tif a == n {\n\t\t\t\t\t\treturn true\n\t\t\t\t\t}\n\t\t\t\t}\n\t\t\t\treturn false\n\t\t\t}\n\t\t}\n")
	}
	if c.Permissions != nil {
		set.WriteString("\t\tif q.Permission != \"\" {\n\t\t\tif r.Permission, err = pkg.ParsePermission(q.Permission); err != nil {\n\t\t\t\trefuse(\"Request.Permission\", err)\n\t\t\t}\n\t\t}\n")
	}
	capability := ""
	if c.Tools != nil && c.Tools.Capability != nil {
		capability = "\t\tif line, err := r.CapabilityLine(); err != nil {\n\t\t\ta[\"capability\"] = map[string]any{\"error\": err.Error()}\n\t\t} else {\n\t\t\ta[\"capability\"] = line\n\t\t}\n"
	}
	write(t, filepath.Join(dir, "main.go"), fmt.Sprintf(goDriver, set.String(), capability))
	goReqs := make([]Request, len(reqs))
	for i, q := range reqs {
		goReqs[i] = q
		goReqs[i].Slots = map[string]string{}
		for k, v := range q.Slots {
			goReqs[i].Slots[config.GoName(k)] = v
		}
	}
	cmd := exec.Command(gobin, "run", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOTOOLCHAIN=local", "GOPROXY=off")
	return run(t, cmd, goReqs)
}

// run runs cmd with reqs as JSON on its standard input and returns its
// lines of output.
func run(t *testing.T, cmd *exec.Cmd, reqs any) []string {
	t.Helper()
	in, err := json.Marshal(reqs)
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(cmd.Args, " "), err, stderr.String())
	}
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<26)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return lines
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// apiNames maps the words each language's errors use for its own API to
// the Go package's: the one error that names an API (the custom mode
// without its file) says it in each language's names; every other message
// is the same text.
var apiNames = map[string][2]string{
	"typescript": {"the Request's custom, from loadCustom", "the Request's Custom, from LoadCustom"},
	"python":     {"the Request's custom, from load_custom", "the Request's Custom, from LoadCustom"},
}

// compare fails on the first request whose answers differ, naming it and
// the first answer that differs.
func compare(t *testing.T, lang string, reqs []Request, want, got []string) {
	t.Helper()
	if r, ok := apiNames[lang]; ok {
		for i := range got {
			got[i] = strings.ReplaceAll(got[i], r[0], r[1])
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%s answered %d requests, Go %d", lang, len(got), len(want))
	}
	for i := range want {
		var w, g map[string]any
		if err := json.Unmarshal([]byte(want[i]), &w); err != nil {
			t.Fatalf("go answer %d: %v", i, err)
		}
		if err := json.Unmarshal([]byte(got[i]), &g); err != nil {
			t.Fatalf("%s answer %d: %v", lang, i, err)
		}
		// Marshalled again, both have their keys sorted.
		wb, _ := json.Marshal(w)
		gb, _ := json.Marshal(g)
		if bytes.Equal(wb, gb) {
			continue
		}
		q, _ := json.Marshal(reqs[i])
		for _, k := range slices.Sorted(maps.Keys(w)) {
			wk, _ := json.Marshal(w[k])
			gk, _ := json.Marshal(g[k])
			if !bytes.Equal(wk, gk) {
				t.Fatalf("%s differs from Go on request %d %s\n%s:\n  go:   %s\n  %s: %s", lang, i, q, k, wk, lang, gk)
			}
		}
		t.Fatalf("%s differs from Go on request %d %s:\n  go:   %s\n  %s: %s", lang, i, q, want[i], lang, got[i])
	}
}

// nodeScript writes the TypeScript package of d under prompts/ of a new
// directory (CONFORMANCE_KEEP, when set, instead: kept for debugging a
// difference by hand), the script beside it as name, and returns the node
// command that runs it there. Without node the test skips, saying what
// is not checked (what).
func nodeScript(t *testing.T, d *portable.Project, what, name, script string) *exec.Cmd {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skipf("no node on PATH: the TypeScript %s not checked here (CI has node)", what)
	}
	files, err := portable.TypeScript(d)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, name)
	cmd.Dir = packageDir(t, files, name, script)
	return cmd
}

// pythonScript is nodeScript for the Python package (package prompts),
// run by python3 in UTF-8 mode without writing bytecode.
func pythonScript(t *testing.T, d *portable.Project, what, name, script string) *exec.Cmd {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skipf("no python3 on PATH: the Python %s not checked here (CI has python3)", what)
	}
	files, err := portable.Python(d, "prompts")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(py, "-X", "utf8", "-B", name)
	cmd.Dir = packageDir(t, files, name, script)
	cmd.Env = append(os.Environ(), "PYTHONIOENCODING=utf-8")
	return cmd
}

// packageDir writes files under prompts/ of a new directory (or of
// CONFORMANCE_KEEP) and the script beside them as name.
func packageDir(t *testing.T, files []portable.File, name, script string) string {
	t.Helper()
	dir := t.TempDir()
	if keep := os.Getenv("CONFORMANCE_KEEP"); keep != "" {
		dir = keep
	}
	for _, f := range files {
		write(t, filepath.Join(dir, "prompts", f.Name), string(f.Data))
	}
	write(t, filepath.Join(dir, name), script)
	return dir
}
