// Package synth writes a synthetic promptc project of a given size, for
// benchmarks: N Markdown assets (300 to 3,000 characters each, many with
// @include lines of shared files), K family files with model notes, and a
// promptc.cue with M modes, budgets, family rules and examples that uses
// every asset. The same flags always produce a byte-identical project, and
// the project builds and lints clean.
//
// bench/gen is its command line:
//
//	cd bench && go run ./gen -assets 1000 -families 12 -modes 40 -seed 1 -out /tmp/p1000
//
// Layout of the project:
//
//	promptc.cue
//	prompts/base.md, basics.md (with a focus block), boundary.md
//	prompts/shared/safety.md, family-common.md
//	prompts/sections/dNNN/sNNNNN-*.md   one part each, composed by one mode
//	prompts/shared/dNNN/hNNNNN-*.md     reached only through @include lines
//	prompts/families/<family>.prompt.md
//
// Shared files form small trees (depth at most 3) hanging from section
// files; a tree may also be included by a second section file. Within one
// part's expansion no file is reached twice, so the project has no include
// diamonds.
//
// Modes: the first four (minimal, focus, guide, full) form the lattice
// order, each one the previous plus its own sections; the others
// (task-NNN) are standalone modes outside the order. Every section file is
// the own part of exactly one mode, so a mode composes about N/M assets.
package synth

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// Options are the generator's inputs.
type Options struct {
	// Assets is the number of Markdown assets, family files not counted
	// (at least 5 plus Modes).
	Assets int
	// Families is the number of family files.
	Families int
	// Modes is the number of modes; the first four form the lattice order.
	Modes int
	// Seed selects the text and the include structure.
	Seed uint64
}

// File is one file of the generated project.
type File struct {
	Path string // slash-separated, relative to the project root
	Data []byte
}

const (
	minSize = 300
	maxSize = 3000
	// reserved assets: base, basics, boundary, safety, family-common.
	reserved = 5
	// perDir is how many section or shared files share a directory.
	perDir = 50
)

// Write creates dir (which must not exist or be empty) and writes files.
func Write(dir string, files []File) error {
	if ents, err := os.ReadDir(dir); err == nil && len(ents) > 0 {
		return fmt.Errorf("%s is not empty", dir)
	} else if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	made := map[string]bool{}
	for _, f := range files {
		full := filepath.Join(dir, filepath.FromSlash(f.Path))
		if d := filepath.Dir(full); !made[d] {
			if err := os.MkdirAll(d, 0o755); err != nil {
				return err
			}
			made[d] = true
		}
		if err := os.WriteFile(full, f.Data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// asset is one Markdown asset while it is being planned.
type asset struct {
	path     string
	children []int // assets included, in order
	parent   int   // primary includer among shared files, or -1
	owner    int   // for a shared tree root: the section file including it; else -1
	depth    int   // for shared files: depth below the tree root
	text     string
}

// rel returns the include path of target as written in from: relative to
// from's directory, slash-separated.
func rel(from, target string) string {
	fd := strings.Split(path.Dir(from), "/")
	td := strings.Split(path.Dir(target), "/")
	i := 0
	for i < len(fd) && i < len(td) && fd[i] == td[i] {
		i++
	}
	parts := make([]string, 0, len(fd)-i+len(td)-i+1)
	for range fd[i:] {
		parts = append(parts, "..")
	}
	parts = append(parts, td[i:]...)
	parts = append(parts, path.Base(target))
	return strings.Join(parts, "/")
}

// drawSize returns a file size between minSize and maxSize, log-uniform
// so that short files are more common than long ones.
func drawSize(r *rand.Rand) int {
	lo, hi := math.Log(minSize), math.Log(maxSize)
	return int(math.Exp(lo + r.Float64()*(hi-lo)))
}

var familyNames = []string{
	"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india",
	"juliet", "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo",
	"sierra", "tango", "uniform", "victor", "whiskey", "xray", "yankee", "zulu",
}

func familyName(i int) string {
	n := familyNames[i%len(familyNames)]
	if i >= len(familyNames) {
		n += fmt.Sprint(i/len(familyNames) + 1)
	}
	return n
}

// note is a model note of every generated family: label, pattern, and the
// model-name suffix an example uses to select it.
var notes = []struct{ label, pattern, suffix string }{
	{"Large", "/-large/i", "large"},
	{"Small", "/-(small|mini)/i", "mini"},
	{"Fast", "/-fast/i", "fast"},
}

var chainModes = []string{"minimal", "focus", "guide", "full"}

// Generate plans and renders the whole project. The result is sorted by
// path.
func Generate(o Options) ([]File, error) {
	if o.Families < 1 || o.Modes < 1 {
		return nil, fmt.Errorf("need at least one family and one mode")
	}
	rest := o.Assets - reserved
	sections := max(o.Modes, rest/5)
	if sections > rest {
		return nil, fmt.Errorf("-assets %d is too small for %d modes: need at least %d", o.Assets, o.Modes, reserved+o.Modes)
	}
	shared := rest - sections
	r := rand.New(rand.NewPCG(o.Seed, 0x70726f6d707463))
	tg := textGen{r}

	// Plan the assets: reserved ones, then sections, then shared files.
	assets := make([]*asset, 0, o.Assets)
	add := func(p string) int {
		assets = append(assets, &asset{path: p, parent: -1, owner: -1})
		return len(assets) - 1
	}
	base := add("prompts/base.md")
	basics := add("prompts/basics.md")
	boundary := add("prompts/boundary.md")
	safety := add("prompts/shared/safety.md")
	common := add("prompts/shared/family-common.md")
	assets[boundary].children = []int{safety}
	firstSection := len(assets)
	for i := 0; i < sections; i++ {
		add(fmt.Sprintf("prompts/sections/d%03d/s%05d-%s-%s.md", i/perDir, i, tg.pick(verbs), tg.pick(nouns)))
	}
	firstShared := len(assets)
	var roots []int
	for j := 0; j < shared; j++ {
		id := add(fmt.Sprintf("prompts/shared/d%03d/h%05d-%s-%s.md", j/perDir, j, tg.pick(adjectives), tg.pick(nouns)))
		a := assets[id]
		if j > 0 && r.IntN(100) < 35 {
			// A child of a recent shared file that is not too deep.
			for try := 0; try < 4; try++ {
				k := firstShared + max(0, j-20) + r.IntN(min(j, 20))
				if assets[k].depth < 3 {
					a.parent, a.depth = k, assets[k].depth+1
					assets[k].children = append(assets[k].children, id)
					break
				}
			}
		}
		if a.parent < 0 {
			a.owner = firstSection + r.IntN(sections)
			assets[a.owner].children = append(assets[a.owner].children, id)
			roots = append(roots, id)
		}
	}
	// Some trees are shared by a second section file.
	if len(roots) > 1 {
		for s := firstSection; s < firstShared; s++ {
			if r.IntN(100) < 20 {
				root := roots[r.IntN(len(roots))]
				if !slices.Contains(assets[s].children, root) {
					assets[s].children = append(assets[s].children, root)
				}
			}
		}
	}

	// Render the assets.
	for id, a := range assets {
		var incl []string
		for _, c := range a.children {
			incl = append(incl, "@"+rel(a.path, assets[c].path))
		}
		n := 0
		for _, l := range incl {
			n += len(l) + 2
		}
		size := max(drawSize(r), minSize+n)
		blocks := tg.document(size-n, minSize-n, maxSize-n)
		if id == basics {
			// The working core is the focus block at the end of basics.
			blocks = append(blocks, "<!-- focus -->\n"+tg.paragraph(3, 100)+"\n<!-- /focus -->")
		}
		for _, l := range incl {
			at := 1 + r.IntN(len(blocks))
			blocks = slices.Insert(blocks, at, l)
		}
		a.text = strings.Join(blocks, "\n\n") + "\n"
	}

	// Family files.
	type famInfo struct {
		name                string
		text                string
		line, body, maxNote int
	}
	fams := make([]famInfo, o.Families)
	for i := range fams {
		name := familyName(i)
		line := "For " + capitalize(name) + " models: " + tg.sentence() + " " + tg.sentence()
		for len(line) > 250 {
			line = "For " + capitalize(name) + " models: " + tg.sentence()
		}
		var b strings.Builder
		fmt.Fprintf(&b, "---\nfamily: %s\nprovenance: Synthetic benchmark text for the %s model family.\n---\n", name, name)
		b.WriteString(line + "\n\n")
		body := "Working as " + article(name) + " " + capitalize(name) + " model:\n" + tg.bullets(5+r.IntN(8)) +
			"\n\n" + tg.paragraph(2+r.IntN(3), 100) + "\n\n@" + rel("prompts/families/x", assets[common].path)
		b.WriteString(body + "\n\n")
		maxNote := 0
		for _, n := range notes {
			t := tg.paragraph(1+r.IntN(3), 100)
			maxNote = max(maxNote, len(t))
			fmt.Fprintf(&b, "<!-- model %q %s -->\n%s\n", n.label, n.pattern, t)
		}
		fams[i] = famInfo{name: name, text: b.String(), line: len(line), body: len(body) + len(assets[common].text), maxNote: maxNote}
	}

	// Upper bounds (in bytes, so also in characters) of every expansion.
	upper := make([]int, len(assets))
	var expand func(id int) int
	expand = func(id int) int {
		if upper[id] == 0 {
			n := len(assets[id].text)
			for _, c := range assets[id].children {
				n += expand(c)
			}
			upper[id] = n
		}
		return upper[id]
	}
	var lineMax, bodyMax, noteMax int
	for _, f := range fams {
		lineMax, bodyMax, noteMax = max(lineMax, f.line), max(bodyMax, f.body), max(noteMax, f.maxNote)
	}
	ceiling := func(n int) int { return n*5/4 + 100 }

	// Modes and their own sections.
	type mode struct {
		name    string
		chain   int // index in the lattice order, or -1
		own     []int
		compose []string
		upper   int
	}
	modes := make([]*mode, o.Modes)
	for j := range modes {
		m := &mode{chain: -1}
		if j < len(chainModes) {
			m.name, m.chain = chainModes[j], j
		} else {
			m.name = fmt.Sprintf("task-%03d", j-len(chainModes)+1)
		}
		for s := j * sections / o.Modes; s < (j+1)*sections/o.Modes; s++ {
			m.own = append(m.own, firstSection+s)
		}
		modes[j] = m
	}
	partName := func(id int) string { return fmt.Sprintf("s%05d", id-firstSection) }
	useBasics, useBody := o.Modes > 2, o.Modes > 2
	for j, m := range modes {
		c := []string{"parts.base", "slots.instructions"}
		if m.chain >= 0 {
			c = append(c, "slots.skills")
		}
		c = append(c, "parts.boundary", "parts.familyLine")
		up := expand(base) + expand(boundary) + lineMax
		if m.chain >= 2 {
			c = append(c, "parts.basics")
		} else {
			c = append(c, "parts.core")
		}
		up += expand(basics)
		var own []int
		if m.chain >= 0 {
			for k := 0; k <= m.chain; k++ {
				own = append(own, modes[k].own...)
			}
		} else {
			own = m.own
		}
		for _, id := range own {
			c = append(c, "parts."+partName(id))
			up += expand(id)
		}
		if m.chain >= 2 || (m.chain < 0 && j%2 == 1) {
			c = append(c, "parts.familyBody")
			up += bodyMax
		}
		if m.chain != 0 {
			c = append(c, "parts.modelNote")
			up += noteMax
		}
		c = append(c, "slots.memory")
		m.compose, m.upper = c, up+2*len(c)
	}

	// promptc.cue
	var cfg strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&cfg, format, args...) }
	w("// A synthetic prompt project for promptc benchmarks, written by bench/gen:\n")
	w("// %d assets, %d families, %d modes, seed %d.\n", o.Assets, o.Families, o.Modes, o.Seed)
	w("version: \"v1\"\n\n")
	w("output: {\n\tdir:     \"generated\"\n\tpackage: \"prompts\"\n}\n\n")
	w("tokens: \"chars/4\"\n\n")
	w("parts: {\n")
	w("\tbase: {\n\t\tfile:      %q\n\t\tgoverning: true\n\t\tbudget: chars: %d\n\t\tdescription: %q\n\t}\n", assets[base].path, ceiling(expand(base)), "Identity and working style.")
	w("\tboundary: {\n\t\tfile:      %q\n\t\tgoverning: true\n\t\tbudget: chars: %d\n\t\tdescription: %q\n\t}\n", assets[boundary].path, ceiling(expand(boundary)), "Scope, authority and the shared safety rule.")
	w("\tcore: {\n\t\tfile:  %q\n\t\tblock: \"focus\"\n\t\tbudget: chars: %d\n\t\tdescription: %q\n\t}\n", assets[basics].path, ceiling(expand(basics)), "The working core of the lean modes.")
	if useBasics {
		w("\tbasics: {\n\t\tfile: %q\n\t\tbudget: chars: %d\n\t\tdescription: %q\n\t}\n", assets[basics].path, ceiling(expand(basics)), "The full working basics, focus block included.")
	}
	w("\tfamilyLine: {\n\t\tfamily: \"line\"\n\t\tbudget: chars: %d\n\t}\n", ceiling(lineMax))
	if useBody {
		w("\tfamilyBody: {\n\t\tfamily: \"body\"\n\t\tbudget: chars: %d\n\t}\n", ceiling(bodyMax))
	}
	w("\tmodelNote: {\n\t\tfamily: \"note\"\n\t\tbudget: chars: %d\n\t}\n", ceiling(noteMax))
	for s := 0; s < sections; s++ {
		id := firstSection + s
		w("\t%s: {\n\t\tfile: %q\n", partName(id), assets[id].path)
		if s%4 == 0 {
			w("\t\tbudget: chars: %d\n", ceiling(expand(id)))
		}
		w("\t\tdescription: %q\n\t}\n", strings.TrimSuffix(tg.sentence(), "."))
	}
	w("}\n\n")
	w("slots: {\n")
	w("\tinstructions: description: %q\n", "The user's instruction files.")
	if o.Modes > 0 {
		w("\tskills: description: %q\n", "Names and one-line descriptions of the available skills.")
	}
	w("\tmemory: description: %q\n", "Memory entries chosen for the current message.")
	w("}\n\n")
	w("modes: {\n")
	for j, m := range modes {
		w("\t%q: {\n\t\tdescription: %q\n", m.name, strings.TrimSuffix(tg.sentence(), "."))
		if j == len(chainModes)-1 {
			// One mode counts tokens, the others characters.
			w("\t\tbudget: tokens: %d\n", ceiling((m.upper+3)/4))
		} else {
			w("\t\tbudget: chars: %d\n", ceiling(m.upper))
		}
		w("\t\tcompose: [\n")
		for k := 0; k < len(m.compose); k += 6 {
			w("\t\t\t%s,\n", strings.Join(m.compose[k:min(k+6, len(m.compose))], ", "))
		}
		w("\t\t]\n\t}\n")
	}
	w("}\n\n")
	var order []string
	for _, m := range modes {
		if m.chain >= 0 {
			order = append(order, fmt.Sprintf("%q", m.name))
		}
	}
	w("order: [%s]\n", strings.Join(order, ", "))
	if o.Modes > 1 {
		w("defaultMode: \"focus\"\n")
	} else {
		w("defaultMode: \"minimal\"\n")
	}
	w("aliases: lean: \"minimal\"\n\n")
	if useBasics {
		w("substitutions: [{replace: parts.core, with: parts.basics}]\n\n")
	}
	w("budgets: coreAndNote: {\n\tsum: [parts.core, parts.modelNote]\n\tchars: %d\n}\n\n", ceiling(expand(basics)+noteMax))
	w("families: {\n\tfiles:    \"prompts/families/*.prompt.md\"\n\tfallback: \"neutral\"\n\trules: [\n")
	for _, f := range fams {
		w("\t\t{family: %q, name: [\"(?i)^%s-\"], provider: [\"^%sai$\"]},\n", f.name, f.name, f.name)
	}
	w("\t]\n\texamples: {\n")
	for _, f := range fams {
		for _, n := range notes {
			w("\t\t%q: {family: %q, note: %q}\n", f.name+"-"+n.suffix, f.name, n.label)
		}
		w("\t\t%q: %q\n", f.name+"-base", f.name)
		w("\t\t%q: %q\n", f.name+"ai/model-x", f.name)
	}
	w("\t\t\"acme/in-house-coder\": \"neutral\"\n")
	w("\t}\n}\n\n")
	// A tree shared by a second section file is sent twice where a mode
	// sends both sections: the include engine's shared-tree work is what
	// the benchmarks measure, so the check runs and its findings on the
	// sections are dropped.
	w("// The generator shares include trees between sections on purpose.\nlint: ignoreOnly: PARAGRAPH_REPEATED: [\"prompts/sections/**\"]\n")

	files := []File{{Path: "promptc.cue", Data: []byte(cfg.String())}}
	for _, a := range assets {
		files = append(files, File{Path: a.path, Data: []byte(a.text)})
	}
	for _, f := range fams {
		files = append(files, File{Path: "prompts/families/" + f.name + ".prompt.md", Data: []byte(f.text)})
	}
	slices.SortFunc(files, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	return files, nil
}
