package compiler_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/internal/testtree"
)

// words build random part texts; some are multi-byte so that characters
// and bytes differ.
var words = []string{"read", "edit", "verify", "tool", "call", "plan", "äöü", "日本", "prompt", "model", "cache"}

func randomText(r *rand.Rand) string {
	var lines []string
	for range 1 + r.IntN(4) {
		var ws []string
		for range 1 + r.IntN(12) {
			ws = append(ws, words[r.IntN(len(words))])
		}
		lines = append(lines, strings.Join(ws, " ")+".")
	}
	return strings.Join(lines, "\n")
}

// wires are the separators the random projects use: the default, one
// newline, a multi-byte rule, none.
var wires = []string{compiler.DefaultSeparator, "\n", "\n—\n", ""}

type modeWire struct {
	sep   string
	final bool
}

// TestComposePropertyRandomProjects checks, for random projects, that the
// composed static text of every mode, family and note is the concatenation
// of its parts in order, joined in the mode's wire format, and that every
// budget verdict agrees with a direct count of that text.
func TestComposePropertyRandomProjects(t *testing.T) {
	for seed := range uint64(40) {
		r := rand.New(rand.NewPCG(seed, 7))
		dir := t.TempDir()
		nParts := 2 + r.IntN(4)
		texts := map[string]string{}
		var cue strings.Builder
		cue.WriteString("version: \"v1\"\nparts: {\n")
		for i := range nParts {
			name := fmt.Sprintf("p%d", i)
			texts[name] = randomText(r)
			testtree.Add(t, dir, map[string]string{name + ".md": texts[name] + "\n"})
			ceiling := 20 + r.IntN(200)
			fmt.Fprintf(&cue, "\t%s: {file: %q, budget: chars: %d}\n", name, name+".md", ceiling)
		}
		cue.WriteString("\tnote: family: \"note\"\n}\n")
		// One family with random notes.
		nNotes := r.IntN(3)
		var fam strings.Builder
		fam.WriteString("---\nfamily: alpha\nprovenance: test\n---\nAlpha line.\n\nAlpha body.\n")
		noteTexts := []string{}
		for j := range nNotes {
			nt := randomText(r)
			noteTexts = append(noteTexts, nt)
			fmt.Fprintf(&fam, "<!-- model \"N%d\" /n%d/ -->\n%s\n", j, j, nt)
		}
		testtree.Add(t, dir, map[string]string{"prompts/families/alpha.prompt.md": fam.String()})
		cue.WriteString("families: rules: [{family: \"alpha\", name: [\"^alpha\"]}]\n")
		cue.WriteString("slots: s: {}\nmodes: {\n")
		var modeParts [][]string
		var modeWires []modeWire
		nModes := 1 + r.IntN(3)
		for m := range nModes {
			var refs, names []string
			for i := range nParts {
				if r.IntN(2) == 0 {
					refs = append(refs, fmt.Sprintf("parts.p%d", i))
					names = append(names, fmt.Sprintf("p%d", i))
				}
			}
			if r.IntN(2) == 0 {
				refs = append(refs, "slots.s")
				names = append(names, "s")
			}
			refs = append(refs, "parts.note")
			names = append(names, "note")
			ceiling := 50 + r.IntN(800)
			// A random wire format: the default or a separator of the
			// mode's own, with or without the final newline.
			sep, final := wires[r.IntN(len(wires))], r.IntN(2) == 0
			wire := fmt.Sprintf(", finalNewline: %t", final)
			if sep != compiler.DefaultSeparator || r.IntN(2) == 0 {
				wire += fmt.Sprintf(", separator: %q", sep)
			}
			fmt.Fprintf(&cue, "\tm%d: {compose: [%s], budget: chars: %d%s}\n", m, strings.Join(refs, ", "), ceiling, wire)
			modeParts = append(modeParts, names)
			modeWires = append(modeWires, modeWire{sep, final})
		}
		cue.WriteString("}\norder: []\ndefaultMode: \"m0\"\n")
		testtree.Add(t, dir, map[string]string{"promptc.cue": cue.String()})

		l, err := config.LoadFile(filepath.Join(dir, "promptc.cue"))
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		p, err := compiler.Compile(l, compiler.Options{})
		if err != nil {
			t.Fatal(err)
		}
		overs := map[string]bool{}
		for _, d := range p.Diagnostics() {
			if d.Rule == compiler.RuleBudgetOver {
				overs[d.Message] = true
			}
		}
		f := p.Families["alpha"]
		for mi, m := range p.Modes {
			for note := -1; note < nNotes; note++ {
				var want []string
				for _, n := range modeParts[mi] {
					switch {
					case n == "s":
					case n == "note":
						if note >= 0 {
							want = append(want, noteTexts[note])
						}
					default:
						want = append(want, texts[n])
					}
				}
				got := p.Static(m, compiler.Selection{Family: f, Note: note})
				exp := strings.Join(want, modeWires[mi].sep)
				if modeWires[mi].final && len(want) > 0 {
					exp += "\n"
				}
				if got != exp {
					t.Fatalf("seed %d mode %s note %d: composed\n%q\nwant\n%q", seed, m.Name, note, got, exp)
				}
				ceiling := m.Config.Budget.Chars
				over := utf8.RuneCountInString(got) > ceiling
				reported := false
				for msg := range overs {
					label := fmt.Sprintf("mode %s over budget for family alpha, ", m.Name)
					if note >= 0 {
						label += fmt.Sprintf("note %q:", f.Notes[note].Label)
					} else {
						label += "no note:"
					}
					if strings.Contains(msg, label) {
						reported = true
					}
				}
				if over != reported {
					t.Fatalf("seed %d mode %s note %d: %d chars against %d, reported over = %v", seed, m.Name, note, utf8.RuneCountInString(got), ceiling, reported)
				}
			}
		}
		for name, text := range texts {
			over := utf8.RuneCountInString(text) > l.Config.Parts[name].Budget.Chars
			reported := false
			for _, d := range p.Diagnostics() {
				if d.Rule == compiler.RuleBudgetOver && d.Severity == diag.Error && strings.HasPrefix(d.Message, "part "+name+" ") {
					reported = true
				}
			}
			if over != reported {
				t.Fatalf("seed %d part %s: over = %v, reported = %v", seed, name, over, reported)
			}
		}
	}
}

// TestDynamicPrefiltersNeverHideAMatch checks that each cheap test passes
// every text in which its expression finds a match that can be reported
// (one holding a byte of Need, where Need is set), on texts built to sit
// on the edges.
func TestDynamicPrefiltersNeverHideAMatch(t *testing.T) {
	samples := []string{
		"Today is 2026-11-29.", "on Nov 29, 2026 we", "at 14:30 UTC", "10:05", "see /home/ann/x", `C:\Users\x`,
		"{{user}}", "${HOME}", "<% x %>", "Step 3 of 5", "turn 2/7", "call #4 of 9", "request 10 / 12",
		"no date 202-11-29", "1999-12-31", "Message 1of2", "Step 3 OF 5", "turn 2\t/\t7", "STEP 3 Of 5",
		"use claude-sonnet-4-5 here", "gpt-4.1", "- a list item", "x-y 4", "a-b.7",
		"well-known 4", "4-way", "x--4", "-4", "a.-b 9", "re-run step-2", "gpt-4o-mini.", "(o3-pro)", "a4-b", "v1.5-x",
	}
	fragments := []string{"Step", " ", "of", "/", "-", ":", ", ", "19", "20", "3", "12", "2026", "Nov", "turn", "a", "OF", "\t", "Of",
		"gpt", ".", "x", "(", "_", "é"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b strings.Builder
		for range 1 + r.IntN(8) {
			b.WriteString(fragments[r.IntN(len(fragments))])
		}
		samples = append(samples, b.String())
	}
	for _, s := range samples {
		for _, dp := range compiler.DynamicPatternsForTest() {
			for _, m := range dp.Re.FindAllString(s, -1) {
				if (dp.Need == "" || strings.ContainsAny(m, dp.Need)) && !dp.Cheap(s) {
					t.Errorf("%s: the cheap test rules out %q, in which the expression matches %q", dp.What, s, m)
				}
			}
		}
	}
}
