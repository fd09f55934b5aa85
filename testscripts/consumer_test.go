package testscripts

import (
	"bytes"
	"encoding/json"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/promptc/promptc/cmd/promptc/cli"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/testtree"
)

// consumerMain is a program that imports the generated package the way a
// harness does and prints what it composes, resolves and refuses.
const consumerMain = `package main

import (
	"encoding/json"
	"os"
	"reflect"

	prompts "consumer/prompts"
)

func main() {
	out := map[string]any{}
	// composed[choice][mode][id]
	composed := map[string]map[string]map[string]string{}
	// notices[choice][id]: every mode's CostNotice, as printed
	notices := map[string]map[string]string{}
	// numbers[id][mode]: Tokens and OverFocus under Auto
	numbers := map[string]map[string][2]int{}
	resolved := map[string][2]string{}
	sectionsJoin := true
	// Every slot and run-time placeholder gets a value naming its field,
	// so that their places are checked too.
	var slots prompts.Slots
	v := reflect.ValueOf(&slots).Elem()
	for i := 0; i < v.NumField(); i++ {
		v.Field(i).SetString("<" + v.Type().Field(i).Name + ">")
	}
	for _, id := range os.Args[1:] {
		f, note := prompts.Resolve(id)
		resolved[id] = [2]string{f.String(), note}
		for _, c := range []prompts.Choice{prompts.Auto, prompts.Force(prompts.FORCED)} {
			if composed[c.String()] == nil {
				composed[c.String()] = map[string]map[string]string{}
				notices[c.String()] = map[string]string{}
			}
			text := ""
			for _, m := range prompts.Modes() {
				n := prompts.CostNotice(m, c, id)
				text += n.String()
				if c == prompts.Auto {
					if numbers[id] == nil {
						numbers[id] = map[string][2]int{}
					}
					numbers[id][m.String()] = [2]int{n.Tokens, n.OverFocus}
				}
			}
			notices[c.String()][id] = text
			for _, m := range prompts.Modes() {
				if composed[c.String()][m.String()] == nil {
					composed[c.String()][m.String()] = map[string]string{}
				}
				text := prompts.Compose(m, c, id, slots)
				composed[c.String()][m.String()][id] = text
				joined := ""
				secs := prompts.Sections(m, c, id, slots)
				for i, s := range secs {
					if i > 0 {
						joined += m.Separator()
					}
					joined += s.Text
				}
				if m.FinalNewline() && len(secs) > 0 {
					joined += "\n"
				}
				if joined != text {
					sectionsJoin = false
				}
			}
		}
	}
	_, err := prompts.ParseMode("turbo")
	out["parseModeError"] = err.Error()
	if alias, err := prompts.ParseMode("dev-js"); err == nil {
		out["alias"] = alias.String()
	}
	out["composed"] = composed
	out["notices"] = notices
	out["numbers"] = numbers
	out["resolved"] = resolved
	out["sectionsJoin"] = sectionsJoin
	json.NewEncoder(os.Stdout).Encode(out)
}
`

// TestGeneratedPackageMatchesShow builds a project (the example assets,
// and the harness test project with its conditional parts, placeholders
// and one-newline separator), compiles the generated package in a
// temporary module with a small consumer program, and checks that its
// Compose output equals promptc show --show-full for every mode and every
// example model id, with every slot and run-time placeholder filled, under
// the auto family choice and with one family forced; that its CostNotice
// equals promptc costs --model (text and json); and that its Resolve
// equals promptc resolve.
//
// The program needs only the standard library and builds offline with an
// empty module cache, so the test runs under -short too; there, Resolve
// (the family and model note of every example id) is compared in full,
// and Compose and CostNotice for one example id of each family.
func TestGeneratedPackageMatchesShow(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	// show, costs and resolve load the same configurations many times: a
	// cache of the test's own keeps that cheap.
	t.Setenv("PROMPTC_CACHE", t.TempDir())
	for _, tc := range []generatedCase{
		{"../assets", `"../generated"`, "gemini", "minimal, focus, guide, full, custom, dev-js"},
		{"testdata/harness", `"out"`, "anthropic", "agent, summary, title"},
	} {
		t.Run(filepath.Base(tc.dir), func(t *testing.T) {
			t.Parallel()
			checkGenerated(t, gobin, tc)
		})
	}
}

// generatedCase is a project checkGenerated builds: where it is, the
// output directory its promptc.cue names, the family the consumer forces,
// and the modes ParseMode lists.
type generatedCase struct {
	dir, output, forced, modes string
}

func checkGenerated(t *testing.T, gobin string, tc generatedCase) {
	project, err := filepath.Abs(tc.dir)
	if err != nil {
		t.Fatal(err)
	}
	l, err := config.LoadFile(filepath.Join(project, "promptc.cue"))
	if err != nil {
		t.Fatal(err)
	}
	ids := slices.Sorted(maps.Keys(l.Config.Families.Examples))

	// Build into a temporary copy so the test never writes the repository.
	work := t.TempDir()
	mod := filepath.Join(work, "consumer")
	cfg := filepath.Join(work, "promptc.cue")
	src, err := os.ReadFile(filepath.Join(project, "promptc.cue"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(src, []byte(tc.output)) {
		t.Fatalf("%s does not write to %s", cfg, tc.output)
	}
	// The Go package goes into the consumer module; the directories of
	// the other targets, below the Go package's, move with it.
	src = bytes.Replace(src, []byte(tc.output), []byte(`"consumer/prompts"`), 1)
	below := strings.TrimSuffix(tc.output, `"`) + "/"
	src = bytes.ReplaceAll(src, []byte(below), []byte(`"consumer/prompts/`))
	copyExcept(t, project, work, "promptc.cue")
	if err := os.WriteFile(cfg, src, 0o644); err != nil {
		t.Fatal(err)
	}
	if code := run(t, "build", work); code != 0 {
		t.Fatalf("build exit %d", code)
	}
	// The values the consumer puts in Slots, by slot or placeholder name.
	values := map[string]string{}
	for name := range l.Config.Slots {
		values[name] = "<" + config.GoName(name) + ">"
	}
	for name, ph := range l.Config.Placeholders {
		if ph.Runtime != nil {
			values[name] = "<" + config.GoName(name) + ">"
		}
	}
	slotsFile := filepath.Join(work, "slots.json")
	js, err := json.Marshal(values)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(slotsFile, js, 0o644); err != nil {
		t.Fatal(err)
	}
	main := strings.Replace(consumerMain, "prompts.FORCED", "prompts.Family"+config.GoName(tc.forced), 1)
	testtree.Add(t, mod, map[string]string{"go.mod": "module consumer\n\ngo 1.26\n", "main.go": main})
	cmd := exec.Command(gobin, append([]string{"run", "."}, ids...)...)
	cmd.Dir = mod
	cmd.Env = append(os.Environ(), offlineGoEnv(t.TempDir())...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("consumer: %v\n%s", err, stderr.String())
	}
	var got struct {
		ParseModeError string
		Alias          string
		Composed       map[string]map[string]map[string]string
		Notices        map[string]map[string]string
		Numbers        map[string]map[string][2]int
		Resolved       map[string][2]string
		SectionsJoin   bool
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	if want := `unknown prompt mode "turbo" (valid: ` + tc.modes + `)`; !strings.Contains(got.ParseModeError, want) {
		t.Errorf("ParseMode error = %q, want %q", got.ParseModeError, want)
	}
	if want := l.Config.Aliases["dev-js"]; got.Alias != want {
		t.Errorf("ParseMode(dev-js) = %q, want %q", got.Alias, want)
	}
	if !got.SectionsJoin {
		t.Errorf("Sections do not join to Compose")
	}
	checked := ids
	if testing.Short() {
		checked = onePerFamily(ids, got.Resolved)
	}
	if len(got.Composed) != 2 {
		t.Fatalf("consumer composed %d family choices, want 2", len(got.Composed))
	}
	// One show run composes every request (--requests): the project is
	// compiled once, and each request is composed as show composes it.
	type showJob struct{ choice, mode, id string }
	var jobs []showJob
	var reqs bytes.Buffer
	for _, choice := range slices.Sorted(maps.Keys(got.Composed)) {
		byMode := got.Composed[choice]
		if len(byMode) != len(l.Config.Modes) {
			t.Fatalf("consumer composed %d modes for %s, want %d", len(byMode), choice, len(l.Config.Modes))
		}
		for _, mode := range slices.Sorted(maps.Keys(byMode)) {
			for _, id := range checked {
				jobs = append(jobs, showJob{choice: choice, mode: mode, id: id})
				line, err := json.Marshal(map[string]any{"mode": mode, "family": choice, "model": id, "slots": values})
				if err != nil {
					t.Fatal(err)
				}
				reqs.Write(append(line, '\n'))
			}
		}
	}
	reqsFile := filepath.Join(t.TempDir(), "requests.jsonl")
	if err := os.WriteFile(reqsFile, reqs.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var shownOut, shownErr bytes.Buffer
	if code := cli.Run([]string{"show", work, "--requests", reqsFile, "--no-redact"}, nil, &shownOut, &shownErr); code != 0 {
		t.Fatalf("promptc show --requests: exit %d\n%s", code, shownErr.String())
	}
	lines := strings.Split(strings.TrimSuffix(shownOut.String(), "\n"), "\n")
	if len(lines) != len(jobs) {
		t.Fatalf("promptc show --requests printed %d lines for %d requests", len(lines), len(jobs))
	}
	for i, j := range jobs {
		var sh struct{ Text string }
		if err := json.Unmarshal([]byte(lines[i]), &sh); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		if want := got.Composed[j.choice][j.mode][j.id]; want != sh.Text {
			t.Errorf("%s, mode %s, model %s: Compose differs from promptc show\nCompose:\n%s\nshow:\n%s", j.choice, j.mode, j.id, want, sh.Text)
		}
	}
	// And one as a user runs it, for each family choice: show --show-full
	// prints the same text, followed by a newline when it has none.
	for _, choice := range slices.Sorted(maps.Keys(got.Composed)) {
		j := jobs[slices.IndexFunc(jobs, func(j showJob) bool { return j.choice == choice })]
		out := capture(t, "show", work, "--mode", j.mode, "--family", j.choice, "--model", j.id, "--show-full", "--no-redact", "--slots", slotsFile)
		want := got.Composed[j.choice][j.mode][j.id]
		if !strings.HasSuffix(want, "\n") {
			want += "\n" // show ends its output with a newline
		}
		if out != want {
			t.Errorf("%s, mode %s, model %s: Compose differs from promptc show --show-full\nCompose:\n%s\nshow:\n%s", j.choice, j.mode, j.id, want, out)
		}
	}
	for choice, byID := range got.Notices {
		for _, id := range checked {
			cli := capture(t, "costs", work, "--model", id, "--family", choice)
			if byID[id] != cli {
				t.Errorf("%s, model %s: CostNotice differs from promptc costs --model\nCostNotice:\n%s\ncosts:\n%s", choice, id, byID[id], cli)
			}
		}
	}
	for _, id := range checked {
		var rep struct {
			Notices []struct {
				Mode      string
				Tokens    int
				OverFocus int
			}
		}
		if err := json.Unmarshal([]byte(capture(t, "costs", work, "--model", id, "--format", "json")), &rep); err != nil {
			t.Fatal(err)
		}
		if len(rep.Notices) != len(got.Numbers[id]) {
			t.Errorf("%s: costs --format json has %d notices, CostNotice %d modes", id, len(rep.Notices), len(got.Numbers[id]))
		}
		for _, n := range rep.Notices {
			if g := got.Numbers[id][n.Mode]; g != [2]int{n.Tokens, n.OverFocus} {
				t.Errorf("%s, mode %s: CostNotice gives tokens, overFocus %v; costs --format json %d, %d", id, n.Mode, g, n.Tokens, n.OverFocus)
			}
		}
	}
	var res struct {
		Resolutions []struct{ Model, Family, Note string }
	}
	rjs := capture(t, append([]string{"resolve", "--config", cfg, "--format", "json"}, ids...)...)
	if err := json.Unmarshal([]byte(rjs), &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Resolutions) != len(ids) {
		t.Fatalf("promptc resolve gave %d resolutions for %d ids", len(res.Resolutions), len(ids))
	}
	for _, r := range res.Resolutions {
		if g := got.Resolved[r.Model]; g[0] != r.Family || g[1] != r.Note {
			t.Errorf("%s: generated Resolve = %v, promptc resolve = %s %q", r.Model, g, r.Family, r.Note)
		}
		if want := l.Config.Families.Examples[r.Model]; want.Family != r.Family {
			t.Errorf("%s resolves to %s, the examples table says %s", r.Model, r.Family, want.Family)
		}
	}
}

// onePerFamily returns the first of ids (which are sorted) for each
// family they resolve to.
func onePerFamily(ids []string, resolved map[string][2]string) []string {
	seen := map[string]bool{}
	var out []string
	for _, id := range ids {
		if f := resolved[id][0]; !seen[f] {
			seen[f] = true
			out = append(out, id)
		}
	}
	return out
}

func copyExcept(t *testing.T, from, to, skip string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, p)
		if err != nil {
			return err
		}
		if rel == skip {
			return nil
		}
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func run(t *testing.T, args ...string) int {
	var out, errb bytes.Buffer
	code := cli.Run(args, nil, &out, &errb)
	if code != 0 {
		t.Logf("promptc %s: exit %d\n%s%s", strings.Join(args, " "), code, out.String(), errb.String())
	}
	return code
}

func capture(t *testing.T, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if code := cli.Run(args, nil, &out, &errb); code != 0 {
		t.Fatalf("promptc %s: exit %d\n%s", strings.Join(args, " "), code, errb.String())
	}
	return out.String()
}
