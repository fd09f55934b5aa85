package testscripts

import (
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"cuelang.org/go/cue/parser"

	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/docsample"
)

// TestDocBlocksLabelled holds README.md and docs/*.md to the labelling rule
// of internal/docsample: every block that may show output says where it
// comes from, or why it is not output.
func TestDocBlocksLabelled(t *testing.T) {
	blocks, err := docsample.All("..")
	if err != nil {
		t.Fatal(err)
	}
	if len(blocks) < 50 {
		t.Fatalf("only %d blocks found in README.md and docs/: is the page list right?", len(blocks))
	}
	for _, msg := range docsample.Lint(blocks) {
		t.Error(msg)
	}
}

// checkedSample finds the sample names that a checker claims: a
// "docsample NAME" command of a testscript, or a docsample.Check call with
// a literal name in a Go test.
var (
	scriptSample = regexp.MustCompile(`(?m)^(?:\[[^\]]*\] )*docsample (?:-(?:grep|lines|json) (?:'[^']*'|\S+) )?([a-z0-9-]+) `)
	goSample     = regexp.MustCompile(`docsample\.Check\(t, [^,]+, "([a-z0-9-]+)"`)
)

// claimedSamples returns, for each sample name a checker claims, where.
func claimedSamples(t *testing.T) map[string][]string {
	t.Helper()
	claims := map[string][]string{}
	scripts, err := filepath.Glob("testdata/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range scripts {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		script, _, _ := strings.Cut(string(b), "\n-- ")
		for _, m := range scriptSample.FindAllStringSubmatch(script, -1) {
			claims[m[1]] = append(claims[m[1]], p)
		}
	}
	err = filepath.WalkDir("..", func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && p != ".." {
			return filepath.SkipDir
		}
		if !strings.HasSuffix(p, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, m := range goSample.FindAllStringSubmatch(string(b), -1) {
			claims[m[1]] = append(claims[m[1]], p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return claims
}

// TestDocSamplesChecked requires each output sample to be checked by
// exactly one testscript or Go test, and each check to name a sample that
// exists: a label nothing checks would be a promise no test keeps.
func TestDocSamplesChecked(t *testing.T) {
	blocks, err := docsample.All("..")
	if err != nil {
		t.Fatal(err)
	}
	claims := claimedSamples(t)
	labelled := map[string]bool{}
	for _, b := range blocks {
		n := b.Output()
		if n == "" {
			continue
		}
		labelled[n] = true
		switch c := claims[n]; len(c) {
		case 0:
			t.Errorf("%s: output %s is checked by no testscript (docsample %s ...) or Go test (docsample.Check)", b.Pos(), n, n)
		case 1:
		default:
			t.Errorf("%s: output %s is checked by %d places (%s); one source per sample", b.Pos(), n, len(c), strings.Join(c, ", "))
		}
	}
	for _, n := range slices.Sorted(maps.Keys(claims)) {
		if !labelled[n] {
			t.Errorf("%s checks output %s, which labels no block of README.md or docs/", strings.Join(claims[n], ", "), n)
		}
	}
}

// TestDocCueBlocks checks the CUE of the pages: a ```cue block is a whole
// promptc.cue that validates against the schema, or, labelled
// <!-- cue fragment -->, a piece of one that at least parses.
func TestDocCueBlocks(t *testing.T) {
	t.Setenv("PROMPTC_CACHE", "off")
	blocks, err := docsample.All("..")
	if err != nil {
		t.Fatal(err)
	}
	whole, fragments := 0, 0
	for _, b := range blocks {
		if b.Info != "cue" {
			continue
		}
		if b.Label == "cue fragment" {
			fragments++
			if _, err := parser.ParseFile(b.Pos(), b.Body); err != nil {
				t.Errorf("%s: the CUE fragment does not parse: %v", b.Pos(), err)
			}
			continue
		}
		whole++
		if _, err := config.LoadBytes(filepath.Join(t.TempDir(), config.FileName), []byte(b.Body)); err != nil {
			t.Errorf("%s: the ```cue block is not a valid promptc.cue (label it <!-- cue fragment --> if it is a piece of one):\n%v", b.Pos(), err)
		}
	}
	t.Logf("%d whole configurations, %d fragments", whole, fragments)
}

// fixtureCaption matches the line above an output sample that names the
// testscript whose own small project printed it.
var fixtureCaption = regexp.MustCompile("^\\s*Run on the project in \\[`([a-z0-9_]+\\.txtar)`\\]\\((?:\\.\\./)?testscripts/testdata/([a-z0-9_]+\\.txtar)\\):$")

// TestDocSamplesNameTheirFixture: an output sample that a testscript
// prints from a project of its own (not the example in assets/ nor the
// harness-like testdata/harness) says so in the text, in a caption line
// above its label that links the script, so that no sample reads as if it
// were run on assets/; and a caption names the script that really checks
// the sample.
func TestDocSamplesNameTheirFixture(t *testing.T) {
	blocks, err := docsample.All("..")
	if err != nil {
		t.Fatal(err)
	}
	claims := claimedSamples(t)
	pages := map[string][]string{}
	for _, b := range blocks {
		n := b.Output()
		if n == "" || len(claims[n]) != 1 || !strings.HasSuffix(claims[n][0], ".txtar") {
			continue // Go tests, and TestDocSamplesChecked's failures
		}
		script := claims[n][0]
		src, err := os.ReadFile(script)
		if err != nil {
			t.Fatal(err)
		}
		body, _, _ := strings.Cut(string(src), "\n-- ")
		ownProject := !strings.Contains(body, "$ASSETS") && !strings.Contains(body, "$HARNESS")
		lines, ok := pages[b.Page]
		if !ok {
			text, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(b.Page)))
			if err != nil {
				t.Fatal(err)
			}
			lines = strings.Split(string(text), "\n")
			pages[b.Page] = lines
		}
		// Lines are 1-based: the fence is at b.Line, its label above
		// it, and the caption two lines above the label (a blank line
		// between them keeps the caption a paragraph of its own).
		caption := ""
		if i := b.Line - 4; i >= 0 && i < len(lines) {
			caption = lines[i]
		}
		m := fixtureCaption.FindStringSubmatch(caption)
		base := filepath.Base(script)
		switch {
		case m != nil && (m[1] != base || m[2] != base):
			t.Errorf("%s: output %s is captioned with %s, but %s checks it", b.Pos(), n, m[2], script)
		case m == nil && ownProject:
			t.Errorf("%s: output %s comes from the project of %s, not assets/: write above its label \"Run on the project in [`%s`](%stestscripts/testdata/%s):\" and a blank line",
				b.Pos(), n, script, base, relUp(b.Page), base)
		}
	}
}

// relUp is the path from page back to the repository root.
func relUp(page string) string {
	return strings.Repeat("../", strings.Count(page, "/"))
}
