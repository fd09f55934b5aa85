package conformance

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/promptc/promptc/cmd/promptc/cli"
	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/portable"
	"github.com/promptc/promptc/internal/randproject"
	"github.com/promptc/promptc/internal/testproject"
	"github.com/promptc/promptc/internal/testtree"
)

var (
	randProjects = flag.Int("randprojects", 0, "how many random projects TestRandomProjects checks (0: its fixed sample)")
	randSeed     = flag.Uint64("randseed", 1, "the first seed of TestRandomProjects's projects")
)

// The requests each random project answers: random ones, for its custom
// mode, and drawn to break one rule each (fewer apply).
const (
	randValid    = 8
	randCustom   = 10
	randRefusals = 24
)

// TestRandomProjects answers random requests against random projects
// (internal/randproject) with the generated Go, TypeScript and Python
// packages and with promptc show --requests: requests of the modes of
// promptc.cue (a third of them naming a provider apart from the model),
// of the custom mode with a random user file each loader
// reads for itself, and near misses at the limits, whose every answer
// the three packages give alike and whose text, sections, family and
// custom file's name or refusal reason show gives too, and whose
// cacheable prefix is the compiler's (stable slots empty, a mode of
// promptc.cue); and requests that
// break one rule each, which show and every package refuse, naming the
// same field (TypeScript and Python with the same message, and Go, where
// its types can express the request at all, with that message too). go
// test runs a fixed sample; -randprojects N (and -randseed S) runs a
// campaign of N projects from seed S.
func TestRandomProjects(t *testing.T) {
	t.Setenv("PROMPTC_CACHE", t.TempDir())
	n := 3
	if *randProjects > 0 {
		n = *randProjects
	}
	var sum tally
	for i := 0; i < n; i++ {
		seed := *randSeed + uint64(i)
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			sum.add(randomProject(t, seed))
		})
	}
	t.Logf("%d projects (%d with a custom mode): %d requests answered (%d custom files, %d of them refused by the loader), %d refused", n, sum.customProjects, sum.answered, sum.custom, sum.fallback, sum.refused)
}

// tally counts what a campaign checked.
type tally struct{ customProjects, answered, custom, fallback, refused int }

func (t *tally) add(u tally) {
	t.customProjects += u.customProjects
	t.answered += u.answered
	t.custom += u.custom
	t.fallback += u.fallback
	t.refused += u.refused
}

// randomCase is one request of a random project's corpus, with what the
// test knows of it.
type randomCase struct {
	q randproject.Request
	// ref is the rule the request breaks (nil for a request every
	// runtime answers).
	ref *randproject.Refusal
	// dir is the user's project directory its custom file is in.
	dir string
	// provider is the request's provider, given apart from its model.
	provider string
}

// providers are the providers some requests name apart from the model:
// a gateway's and a project family's name.
var providers = []string{"openrouter", "alpha"}

// randomProject checks the project of seed and returns what it checked.
func randomProject(t *testing.T, seed uint64) (sum tally) {
	p := randproject.Generate(seed)
	dir := testtree.Write(t, p.Files)
	proj := testproject.CompileAll(t, dir)
	progs := proj.Programs()
	d, err := portable.Build(progs, "sha256:random")
	if err != nil {
		t.Fatal(err)
	}
	var cases []randomCase
	for i, q := range p.Requests(seed, randValid) {
		c := randomCase{q: q}
		if i%3 == 2 && q.Model != "" {
			c.provider = providers[(int(seed)+i)%len(providers)]
		}
		cases = append(cases, c)
	}
	if p.Custom != nil {
		sum.customProjects = 1
		users := t.TempDir()
		for i, q := range p.CustomRequests(seed, randCustom) {
			user := filepath.Join(users, fmt.Sprint(i))
			testtree.Add(t, user, map[string]string{q.Custom.Path: string(q.Custom.Data)})
			cases = append(cases, randomCase{q: q, dir: user})
		}
	}
	for _, ref := range p.Refusals(seed, randRefusals) {
		c := randomCase{q: ref.Request}
		if ref.Field != "" {
			c.ref = &ref
		}
		cases = append(cases, c)
	}
	// Go answers what its types can express; TypeScript and Python
	// everything.
	var all, goReqs []Request
	var goIdx []int
	for i, c := range cases {
		q := Request{Mode: c.q.Mode, Family: c.q.Family, Model: c.q.Model, Provider: c.provider, Profile: c.q.Profile, Permission: c.q.Permission,
			Slots: c.q.Slots, Inputs: c.q.Inputs, Same: -1, Refusal: c.ref != nil}
		if c.q.Custom != nil {
			q.Load = &Load{Dir: c.dir, Path: c.q.Custom.Path}
		}
		all = append(all, q)
		if c.ref == nil || !c.ref.Typed {
			goReqs = append(goReqs, q)
			goIdx = append(goIdx, i)
		}
	}
	goGot := goAnswers(t, progs, d, goReqs)
	want := make([]string, len(cases))
	for k, i := range goIdx {
		want[i] = goGot[k]
	}
	ts := tsAnswers(t, d, all)
	py := pyAnswers(t, d, all)
	var validIdx []int
	for i, c := range cases {
		if c.ref == nil {
			validIdx = append(validIdx, i)
		}
	}
	pick := func(l []string, reqs []Request, idx []int) ([]Request, []string) {
		var rs []Request
		var out []string
		for _, i := range idx {
			rs = append(rs, reqs[i])
			out = append(out, l[i])
		}
		return rs, out
	}
	vreqs, vwant := pick(want, all, validIdx)
	_, vts := pick(ts, all, validIdx)
	_, vpy := pick(py, all, validIdx)
	compare(t, "typescript", vreqs, vwant, vts)
	compare(t, "python", vreqs, vwant, vpy)
	compareShow(t, dir, p, cases, want)
	for i, c := range cases {
		switch {
		case c.ref != nil:
			checkRefusal(t, dir, c, want[i], ts[i], py[i])
			sum.refused++
		case c.q.Custom != nil:
			sum.custom++
			if strings.Contains(want[i], `"usable":false`) {
				sum.fallback++
			}
		}
	}
	sum.answered = len(validIdx)
	return sum
}

// goAnswer is the parts of the Go driver's answer the comparison with
// show reads.
type goAnswer struct {
	Compose struct {
		Text          string
		CacheEndBytes int
		Error         string
	}
	Sections []struct{ Name, Text, Source string }
	Resolve  struct{ Family, Note string }
	Custom   *struct {
		Name, Text, Reason, Path string
		Usable                   bool
	}
}

// showAnswer is what show --requests prints for one request.
type showAnswer struct {
	Family, Note, Text string
	Sections           []struct {
		Name, Source, Description string
		Bytes                     int
	}
}

// compareShow runs show --requests once per profile and permission set
// over the requests of cases every runtime answers, and compares each
// answer with the Go package's (which TypeScript's and Python's equal).
func compareShow(t *testing.T, dir string, p randproject.Project, cases []randomCase, want []string) {
	t.Helper()
	type key struct{ profile, permission string }
	groups := map[key][]int{}
	var keys []key
	for i, c := range cases {
		if c.ref != nil {
			continue
		}
		k := key{c.q.Profile, c.q.Permission}
		if groups[k] == nil {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], i)
	}
	for _, k := range keys {
		var lines bytes.Buffer
		for _, i := range groups[k] {
			lines.Write(append(showRequestLine(t, cases[i]), '\n'))
		}
		code, out, errb := runShow(t, dir, k.profile, k.permission, lines.Bytes())
		if code != 0 {
			t.Fatalf("show --requests --profile %q --permit %q: exit %d\n%s", k.profile, k.permission, code, errb)
		}
		got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(got) != len(groups[k]) {
			t.Fatalf("show printed %d lines for %d requests", len(got), len(groups[k]))
		}
		prog, err := compiler.Compile(testproject.Load(t, dir), compiler.Options{Profile: k.profile, Permission: k.permission})
		if err != nil {
			t.Fatal(err)
		}
		for j, i := range groups[k] {
			var sh showAnswer
			var g goAnswer
			if err := json.Unmarshal([]byte(got[j]), &sh); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal([]byte(want[i]), &g); err != nil {
				t.Fatal(err)
			}
			compareOne(t, cases[i], sh, g)
			comparePrefix(t, prog, p, cases[i], g)
		}
	}
}

// showRequestLine is c's request as a line of show --requests: the custom
// file by its path, and the user's project directory as the value of
// {{cwd}}, as LoadCustom expands it.
func showRequestLine(t *testing.T, c randomCase) []byte {
	t.Helper()
	m := map[string]any{"mode": c.q.Mode, "family": c.q.Family, "model": c.q.Model, "provider": c.provider, "slots": c.q.Slots, "inputs": c.q.Inputs}
	if c.q.Custom != nil {
		slots := map[string]string{"cwd": c.dir}
		for k, v := range c.q.Slots {
			slots[k] = v
		}
		m["slots"] = slots
		m["custom"] = filepath.Join(c.dir, c.q.Custom.Path)
	}
	js, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return js
}

// runShow runs promptc show --requests with the requests of lines in the
// project in dir, in profile and permission set (when not "").
func runShow(t *testing.T, dir, profile, permission string, lines []byte) (int, string, string) {
	t.Helper()
	reqFile := filepath.Join(t.TempDir(), "requests.jsonl")
	if err := os.WriteFile(reqFile, lines, 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"show", dir, "--requests", reqFile, "--no-redact"}
	if profile != "" {
		args = append(args, "--profile", profile)
	}
	if permission != "" {
		args = append(args, "--permit", permission)
	}
	var out, errb bytes.Buffer
	code := cli.Run(args, nil, &out, &errb)
	return code, out.String(), errb.String()
}

// comparePrefix compares the packages' cacheable prefix of q, a request
// of a mode of promptc.cue whose stable slots are empty, with the
// compiler's, which costs counts.
func comparePrefix(t *testing.T, prog *compiler.Program, p randproject.Project, c randomCase, g goAnswer) {
	t.Helper()
	q := c.q
	for s, stable := range p.Stable {
		if q.Custom != nil || stable && q.Slots[s] != "" {
			return
		}
	}
	m, err := prog.Mode(q.Mode)
	if err != nil {
		t.Fatal(err)
	}
	sel, err := prog.SelectFor(q.Family, c.provider, q.Model)
	if err != nil {
		t.Fatal(err)
	}
	if sel.Inputs, err = prog.InputValues(q.Inputs); err != nil {
		t.Fatal(err)
	}
	if want, got := prog.Prefix(m, sel), g.Compose.Text[:g.Compose.CacheEndBytes]; got != want {
		t.Errorf("%+v: the packages' cacheable prefix differs from the compiler's\npackages:\n%q\ncompiler:\n%q", q, got, want)
	}
}

// compareOne compares show's answer to c with the Go package's: the text,
// the non-empty sections (name, size and source), the family and note,
// and for the custom mode the file's name, or the reason it was refused.
func compareOne(t *testing.T, c randomCase, sh showAnswer, g goAnswer) {
	t.Helper()
	what := fmt.Sprintf("%+v", c.q)
	if c.provider != "" {
		what += " of provider " + c.provider
	}
	if c.q.Custom != nil {
		what = fmt.Sprintf("%s, custom file %q", what, c.q.Custom.Data)
	}
	if g.Compose.Error != "" {
		t.Errorf("%s: the packages refuse what show composes: %s", what, g.Compose.Error)
		return
	}
	if g.Compose.Text != sh.Text {
		t.Errorf("%s: the packages compose\n%q\nshow:\n%q", what, g.Compose.Text, sh.Text)
	}
	if len(g.Sections) != len(sh.Sections) {
		t.Errorf("%s: %d sections, show %d", what, len(g.Sections), len(sh.Sections))
		return
	}
	abs := ""
	if c.q.Custom != nil {
		abs = filepath.ToSlash(filepath.Join(c.dir, c.q.Custom.Path))
	}
	for k, s := range sh.Sections {
		gs := g.Sections[k]
		src := gs.Source
		if s.Name == "custom" && g.Custom != nil && g.Custom.Usable {
			// show names the file as given and its line; the packages
			// the path LoadCustom read.
			if want := filepath.ToSlash(filepath.Join(c.dir, gs.Source)) + ":"; strings.HasPrefix(s.Source, want) {
				src = s.Source
			}
		}
		if gs.Name != s.Name || len(gs.Text) != s.Bytes || src != s.Source {
			t.Errorf("%s: section %d is %s (%d bytes, %s), show %s (%d bytes, %s)", what, k+1, gs.Name, len(gs.Text), gs.Source, s.Name, s.Bytes, s.Source)
		}
	}
	if g.Resolve.Family != sh.Family {
		t.Errorf("%s: family %s, show %s", what, g.Resolve.Family, sh.Family)
	}
	if sh.Note != "" && sh.Note != g.Resolve.Note {
		t.Errorf("%s: note %q, show %q", what, g.Resolve.Note, sh.Note)
	}
	if g.Custom == nil {
		return
	}
	desc := ""
	if len(sh.Sections) > 0 && sh.Sections[0].Name == "custom" {
		desc = sh.Sections[0].Description
	}
	switch {
	case g.Custom.Usable && g.Custom.Name != "" && !strings.Contains(desc, fmt.Sprintf("named %q", g.Custom.Name)):
		t.Errorf("%s: LoadCustom names it %q; show says %q", what, g.Custom.Name, desc)
	case g.Custom.Usable && g.Custom.Name == "" && strings.Contains(desc, "named"):
		t.Errorf("%s: LoadCustom finds no name; show says %q", what, desc)
	case !g.Custom.Usable:
		// show names the file as given, the packages by its path in the
		// project.
		reason := strings.Replace(g.Custom.Reason, g.Custom.Path, abs, 1)
		if !strings.Contains(desc, "("+reason+")") {
			t.Errorf("%s: LoadCustom refuses it: %s; show says %q", what, g.Custom.Reason, desc)
		}
	}
}

// checkRefusal checks that show, and every package, refuse c's request,
// each naming the field.
func checkRefusal(t *testing.T, dir string, c randomCase, goAns, tsAns, pyAns string) {
	t.Helper()
	ref := c.ref
	what := fmt.Sprintf("%s (%+v)", ref.What, c.q)
	// Each problem, its field and a name its message holds.
	probs := [][2]string{{ref.Field, ref.Name}}
	if ref.Also != nil {
		probs = append(probs, [2]string{ref.Also.Field, ref.Also.Name})
		what += " and " + ref.Also.What
	}
	// show stops at the first.
	code, _, errb := runShow(t, dir, c.q.Profile, c.q.Permission, append(showRequestLine(t, c), '\n'))
	if code != 2 || !slices.ContainsFunc(probs, func(p [2]string) bool { return names(errb, p[1]) }) {
		t.Errorf("%s: show exits %d, want 2 with an error naming %s:\n%s", what, code, ref.Name, errb)
	}
	type answer struct{ Validate [][2]string }
	var ts, py answer
	if err := json.Unmarshal([]byte(tsAns), &ts); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(pyAns), &py); err != nil {
		t.Fatal(err)
	}
	for i := range ts.Validate {
		ts.Validate[i][1] = apiName("typescript", ts.Validate[i][1])
	}
	for i := range py.Validate {
		py.Validate[i][1] = apiName("python", py.Validate[i][1])
	}
	if len(ts.Validate) == 0 {
		t.Errorf("%s: the TypeScript package's validate accepts it", what)
		return
	}
	if !slices.Equal(ts.Validate, py.Validate) {
		t.Errorf("%s: validate differs\ntypescript: %q\npython:     %q", what, ts.Validate, py.Validate)
	}
	seen := map[string]bool{}
	for _, e := range ts.Validate {
		if !slices.ContainsFunc(probs, func(p [2]string) bool { return e[0] == p[0] && names(e[1], p[1]) }) {
			t.Errorf("%s: validate says %q at %s, want one of %q", what, e[1], e[0], probs)
		}
		seen[e[0]] = true
	}
	for _, p := range probs {
		if !seen[p[0]] {
			t.Errorf("%s: validate says nothing at %s: %q", what, p[0], ts.Validate)
		}
	}
	if ref.Typed {
		return // Go's types cannot express it: its compiler refuses it
	}
	var g struct{ Validate []string }
	if err := json.Unmarshal([]byte(goAns), &g); err != nil {
		t.Fatal(err)
	}
	var msgs []string
	for _, e := range ts.Validate {
		msgs = append(msgs, e[1])
	}
	if !slices.Equal(g.Validate, msgs) {
		t.Errorf("%s: Go refuses it with %q, TypeScript %q", what, g.Validate, msgs)
	}
}

// names reports whether msg names name, as it is or quoted as Go quotes
// it.
func names(msg, name string) bool {
	return strings.Contains(msg, name) || strings.Contains(msg, strings.Trim(strconv.Quote(name), `"`))
}

// apiName is a message of lang's package in the Go package's names for
// its API (see apiNames).
func apiName(lang, msg string) string {
	r := apiNames[lang]
	return strings.ReplaceAll(msg, r[0], r[1])
}
