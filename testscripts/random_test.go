package testscripts

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/promptc/promptc/cmd/promptc/cli"
	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/randproject"
	"github.com/promptc/promptc/internal/testproject"
	"github.com/promptc/promptc/internal/testtree"
)

var (
	randProjects = flag.Int("randprojects", 0, "how many random projects TestRandomProjectsMatchShow compares (0: its fixed sample)")
	randSeed     = flag.Uint64("randseed", 1, "the first seed of TestRandomProjectsMatchShow's projects")
)

// randAdapter is added to every generated package of the consumer module:
// it composes the requests of a JSON array, sets the Slots and Inputs
// fields by name, and answers one JSON object per request.
const randAdapter = `package prompts

import (
	"encoding"
	"encoding/json"
	"reflect"
)

type diffRequest struct {
	Mode, Family, Model string
	Profile, Permission string
	Slots               map[string]string
	Inputs              map[string]any
}

type diffSection struct{ Name, Text, Source string }

type diffAnswer struct {
	Text, Prefix, Family, Note, Err string
	Sections                        []diffSection
	// Notices is every mode's cost notice for the request's model,
	// family choice, profile and permission set, as costs --model
	// prints them.
	Notices string
}

// DiffRun answers the requests of in.
func DiffRun(in []byte) []byte {
	var reqs []diffRequest
	if err := json.Unmarshal(in, &reqs); err != nil {
		panic(err)
	}
	var out []diffAnswer
	for _, q := range reqs {
		out = append(out, diffOne(q))
	}
	b, err := json.Marshal(out)
	if err != nil {
		panic(err)
	}
	return b
}

func diffOne(q diffRequest) diffAnswer {
	var r Request
	var err error
	if r.Mode, err = ParseMode(q.Mode); err != nil {
		return diffAnswer{Err: err.Error()}
	}
	if r.Family, err = ParseChoice(q.Family); err != nil {
		return diffAnswer{Err: err.Error()}
	}
	r.Model = q.Model
	// Profile and Permission exist only in a project that declares them.
	rv := reflect.ValueOf(&r).Elem()
	for name, v := range map[string]string{"Profile": q.Profile, "Permission": q.Permission} {
		if v != "" {
			if err := rv.FieldByName(name).Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(v)); err != nil {
				return diffAnswer{Err: err.Error()}
			}
		}
	}
	sv := reflect.ValueOf(&r.Slots).Elem()
	for k, v := range q.Slots {
		sv.FieldByName(k).SetString(v)
	}
	// The inputs as encoding/json fills a struct: field names, enum
	// strings, lists of records.
	if b, err := json.Marshal(q.Inputs); err != nil {
		return diffAnswer{Err: err.Error()}
	} else if err := json.Unmarshal(b, &r.Inputs); err != nil {
		return diffAnswer{Err: err.Error()}
	}
	p, err := r.Compose()
	if err != nil {
		return diffAnswer{Err: err.Error()}
	}
	secs, err := r.Sections()
	if err != nil {
		return diffAnswer{Err: err.Error()}
	}
	res, err := r.Resolve()
	if err != nil {
		return diffAnswer{Err: err.Error()}
	}
	a := diffAnswer{Text: p.Text, Prefix: p.Text[:p.CacheEnd], Family: res.Family.String(), Note: res.Note}
	for _, s := range secs {
		a.Sections = append(a.Sections, diffSection{s.Name, s.Text, s.Source})
	}
	for _, m := range Modes() {
		r.Mode = m
		n, err := r.CostNotice()
		if err != nil {
			return diffAnswer{Err: err.Error()}
		}
		a.Notices += n.String()
	}
	return a
}
`

// randRequests is how many requests each random project answers.
const randRequests = 40

// TestRandomProjectsMatchShow builds random projects (internal/randproject),
// compiles their generated packages into one consumer module, and checks
// that every random request composes alike in the generated package and in
// promptc show --requests: the text, the sections (names, sizes, sources),
// the family and model note, and the cacheable prefix (against the
// compiler's, when the request's stable slots are empty); that show's
// sizes are those of its text; and, for the first requests of each
// project, that every mode's CostNotice equals promptc costs --model. go test runs a fixed sample; -randprojects N
// (and -randseed S) runs a campaign of N projects from seed S.
func TestRandomProjectsMatchShow(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	t.Setenv("PROMPTC_CACHE", t.TempDir())
	n := 6
	if *randProjects > 0 {
		n = *randProjects
	}
	work := t.TempDir()
	mod := filepath.Join(work, "consumer")
	type project struct {
		seed uint64
		dir  string
		p    randproject.Project
		reqs []randproject.Request
	}
	var projects []project
	main := "package main\n\nimport (\n\t\"os\"\n\n"
	body := ""
	for i := 0; i < n; i++ {
		seed := *randSeed + uint64(i)
		p := randproject.Generate(seed)
		dir := filepath.Join(work, fmt.Sprintf("project%d", seed))
		testtree.Add(t, dir, p.Files)
		var out, errb bytes.Buffer
		if code := cli.Run([]string{"build", dir}, nil, &out, &errb); code != 0 {
			t.Fatalf("seed %d: build exit %d\n%s%s", seed, code, out.String(), errb.String())
		}
		pkg := fmt.Sprintf("p%d", seed)
		// Each project's package moves into the one consumer module, so
		// that one go build compiles them all.
		if err := os.MkdirAll(mod, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(filepath.Join(dir, "gen"), filepath.Join(mod, pkg)); err != nil {
			t.Fatal(err)
		}
		testtree.Add(t, filepath.Join(mod, pkg), map[string]string{"diffrun.go": randAdapter})
		reqs := p.Requests(seed, randRequests)
		js, err := json.Marshal(toGoNames(reqs))
		if err != nil {
			t.Fatal(err)
		}
		testtree.Add(t, mod, map[string]string{pkg + ".json": string(js)})
		main += fmt.Sprintf("\t%s \"consumer/%s\"\n", pkg, pkg)
		body += fmt.Sprintf("\tif b, err := os.ReadFile(%q); err != nil {\n\t\tpanic(err)\n\t} else {\n\t\tos.WriteFile(%q, %s.DiffRun(b), 0o644)\n\t}\n", pkg+".json", pkg+".out", pkg)
		projects = append(projects, project{seed, dir, p, reqs})
	}
	main += ")\n\nfunc main() {\n" + body + "}\n"
	testtree.Add(t, mod, map[string]string{"go.mod": "module consumer\n\ngo 1.26\n", "main.go": main})
	cmd := exec.Command(gobin, "run", ".")
	cmd.Dir = mod
	cmd.Env = append(os.Environ(), offlineGoEnv(t.TempDir())...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("consumer: %v\n%s", err, out)
	}
	for _, pr := range projects {
		t.Run(fmt.Sprint(pr.seed), func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join(mod, fmt.Sprintf("p%d.out", pr.seed)))
			if err != nil {
				t.Fatal(err)
			}
			var got []randAnswer
			if err := json.Unmarshal(b, &got); err != nil {
				t.Fatal(err)
			}
			compareRandom(t, pr.dir, pr.p, pr.reqs, got)
		})
	}
}

// toGoNames returns reqs with the slot and input names as the generated
// package's field names, in the adapter's form.
func toGoNames(reqs []randproject.Request) []map[string]any {
	out := make([]map[string]any, len(reqs))
	for i, q := range reqs {
		slots := map[string]string{}
		for k, v := range q.Slots {
			slots[config.GoName(k)] = v
		}
		out[i] = map[string]any{"Mode": q.Mode, "Family": q.Family, "Model": q.Model, "Slots": slots, "Inputs": q.Inputs,
			"Profile": q.Profile, "Permission": q.Permission}
	}
	return out
}

// randAnswer is the adapter's answer to one request.
type randAnswer struct {
	Text, Prefix, Family, Note, Err, Notices string
	Sections                                 []struct{ Name, Text, Source string }
}

// randNotices is how many requests of a project (the first ones) have
// their cost notices compared with promptc costs --model, which compiles
// the project once each.
const randNotices = 3

func compareRandom(t *testing.T, dir string, p randproject.Project, reqs []randproject.Request, got []randAnswer) {
	if len(got) != len(reqs) {
		t.Fatalf("the generated package answered %d of %d requests", len(got), len(reqs))
	}
	// One show run per profile and permission set, which are flags of
	// show: the answers in the order of reqs.
	shown := make([]string, len(reqs))
	progs := map[[2]string]*compiler.Program{}
	for i := range reqs {
		key := [2]string{reqs[i].Profile, reqs[i].Permission}
		if progs[key] != nil {
			continue
		}
		l := testproject.Load(t, dir)
		prog, err := compiler.Compile(l, compiler.Options{Profile: key[0], Permission: key[1]})
		if err != nil {
			t.Fatal(err)
		}
		progs[key] = prog
		var lines bytes.Buffer
		var idx []int
		for j, q := range reqs {
			if q.Profile == key[0] && q.Permission == key[1] {
				js, err := json.Marshal(q)
				if err != nil {
					t.Fatal(err)
				}
				lines.Write(append(js, '\n'))
				idx = append(idx, j)
			}
		}
		reqFile := filepath.Join(t.TempDir(), "requests.jsonl")
		if err := os.WriteFile(reqFile, lines.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		args := []string{"show", dir, "--requests", reqFile, "--no-redact"}
		if key[0] != "" {
			args = append(args, "--profile", key[0])
		}
		if key[1] != "" {
			args = append(args, "--permit", key[1])
		}
		var out, errb bytes.Buffer
		if code := cli.Run(args, nil, &out, &errb); code != 0 {
			t.Fatalf("%s: exit %d\n%s", strings.Join(args, " "), code, errb.String())
		}
		got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if len(got) != len(idx) {
			t.Fatalf("%s printed %d lines for %d requests", strings.Join(args, " "), len(got), len(idx))
		}
		for k, j := range idx {
			shown[j] = got[k]
		}
	}
	for i, q := range reqs {
		g := got[i]
		prog := progs[[2]string{q.Profile, q.Permission}]
		what := fmt.Sprintf("request %d %+v", i+1, q)
		if g.Err != "" {
			t.Errorf("%s: the generated package: %s", what, g.Err)
			continue
		}
		var sh struct {
			Family, Note, Text, Counter string
			Bytes, Chars, Tokens        int
			Sections                    []struct {
				Name, Source         string
				Bytes, Chars, Tokens int
			}
		}
		if err := json.Unmarshal([]byte(shown[i]), &sh); err != nil {
			t.Fatalf("show line %d: %v", i+1, err)
		}
		if g.Text != sh.Text {
			t.Errorf("%s: Compose differs from show\nCompose:\n%q\nshow:\n%q", what, g.Text, sh.Text)
		}
		if sh.Bytes != len(sh.Text) || sh.Chars != utf8.RuneCountInString(sh.Text) || sh.Tokens != prog.Counter.Count(sh.Text) {
			t.Errorf("%s: show gives %d bytes, %d chars, %d tokens for a text of %d, %d, %d", what, sh.Bytes, sh.Chars, sh.Tokens,
				len(sh.Text), utf8.RuneCountInString(sh.Text), prog.Counter.Count(sh.Text))
		}
		var gs []struct{ Name, Text, Source string }
		for _, s := range g.Sections {
			if s.Text != "" {
				gs = append(gs, s)
			}
		}
		if len(gs) != len(sh.Sections) {
			t.Errorf("%s: %d non-empty sections, show %d", what, len(gs), len(sh.Sections))
		} else {
			for k, s := range sh.Sections {
				if gs[k].Name != s.Name || len(gs[k].Text) != s.Bytes || gs[k].Source != s.Source ||
					utf8.RuneCountInString(gs[k].Text) != s.Chars || prog.Counter.Count(gs[k].Text) != s.Tokens {
					t.Errorf("%s: section %d is %s (%d bytes, %s), show %s (%d bytes, %d chars, %d tokens, %s)", what, k+1,
						gs[k].Name, len(gs[k].Text), gs[k].Source, s.Name, s.Bytes, s.Chars, s.Tokens, s.Source)
				}
			}
		}
		if g.Family != sh.Family {
			t.Errorf("%s: family %s, show %s", what, g.Family, sh.Family)
		}
		if sh.Note != "" && g.Note != sh.Note {
			t.Errorf("%s: note %q, show %q", what, g.Note, sh.Note)
		}
		// The compiler's selection and prefix, as costs uses them.
		m, err := prog.Mode(q.Mode)
		if err != nil {
			t.Fatal(err)
		}
		sel, err := prog.Select(q.Family, q.Model)
		if err != nil {
			t.Fatal(err)
		}
		note := ""
		if sel.Note >= 0 {
			note = sel.Family.Notes[sel.Note].Label
		}
		if g.Note != note {
			t.Errorf("%s: note %q, the compiler's selection %q", what, g.Note, note)
		}
		if i < randNotices {
			args := []string{"costs", dir, "--model", q.Model, "--family", q.Family}
			if q.Profile != "" {
				args = append(args, "--profile", q.Profile)
			}
			if q.Permission != "" {
				args = append(args, "--permit", q.Permission)
			}
			if q.Model != "" {
				if costs := capture(t, args...); costs != g.Notices {
					t.Errorf("%s: CostNotice differs from promptc costs --model\nCostNotice:\n%s\ncosts:\n%s", what, g.Notices, costs)
				}
			}
		}
		stableEmpty := true
		for s := range p.Stable {
			if p.Stable[s] && q.Slots[s] != "" {
				stableEmpty = false
			}
		}
		if !stableEmpty {
			continue
		}
		if sel.Inputs, err = prog.InputValues(q.Inputs); err != nil {
			t.Fatal(err)
		}
		if want := prog.Prefix(m, sel); g.Prefix != want {
			t.Errorf("%s: cacheable prefix differs from the compiler's\nCompose:\n%q\ncompiler:\n%q", what, g.Prefix, want)
		}
	}
}
