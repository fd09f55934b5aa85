// Package randproject writes random valid promptc projects and random
// requests against them, for differential tests: the generated Go package
// and promptc show must compose every request alike.
//
// A project has one to three modes in the lattice order (each sends what
// the one below it sends, in the same order) and sometimes a mode outside
// it; file parts with when conditions on bool and enum inputs and on a
// per-model setting, with models patterns, keepTrailing, constant and
// run-time placeholders; template parts reading the inputs (a record
// with a nested record and a list among them); the three family parts
// over one to three family files (a placeholder in the line, sometimes a
// shared file included in the body) with regex-selected model
// notes, a fallback family with or without a file; slots, stable or not,
// one of them sometimes required; a part with a block sent in place or by
// a part of its own, an @include of a shared file, a placeholder with
// values per family and note, a mode alias; per-mode separators, finalNewline,
// before and end; sometimes profiles (one omitting a part) and permission
// sets over a tool catalogue (one profile listing tools by name behind a
// discovery tool); examples, or none. The same seed always
// gives the same project.
package randproject

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/promptc/promptc/internal/synth"
)

// Input is one run-time input of a project.
type Input struct {
	Name   string
	Type   string // "bool", "enum", "string", "list" (of Path, Content records) or "record" (Lsp, Options{Verbose, Level}, Servers[]{Name})
	Values []string
	// MaxChars bounds a string input.
	MaxChars int
}

// Project is one generated project and what its requests may name.
type Project struct {
	// Files maps slash paths, promptc.cue among them, to their text.
	Files map[string]string
	// Modes are the mode names.
	Modes []string
	// Families are the family names a request may force (the fallback
	// among them).
	Families []string
	// Models are model ids the project's rules, notes and settings react
	// to, and some they do not.
	Models []string
	// Inputs are the run-time inputs.
	Inputs []Input
	// Values are the names of the slots and run-time placeholders, which
	// a request fills.
	Values []string
	// Stable names the stable slots.
	Stable map[string]bool
	// Examples is set when the project has a families.examples table.
	Examples bool
	// Profiles and Permissions name the profiles and permission sets, if
	// the project declares any.
	Profiles, Permissions []string
}

// Request is one composition, in the form of promptc show --requests.
type Request struct {
	Mode   string            `json:"mode"`
	Family string            `json:"family"`
	Model  string            `json:"model"`
	Slots  map[string]string `json:"slots"`
	Inputs map[string]any    `json:"inputs"`
	// Profile and Permission are the profile and permission set ("" for
	// the defaults); show takes them as flags, not in the request.
	Profile    string `json:"-"`
	Permission string `json:"-"`
}

type noteDef struct{ label, pattern, suffix string }

var noteDefs = []noteDef{
	{"Large", "/-large/i", "large"},
	{"Mini", "/-(small|mini)/i", "mini"},
	{"Fast", "/-fast/i", "fast"},
}

var (
	familyPool = []string{"alpha", "bravo", "charlie", "delta"}
	boolPool   = []string{"Git", "Sandbox", "Online"}
	enumPool   = []string{"Style", "Tone"}
	enumValues = []string{"terse", "plain", "rich"}
	sepPool    = []string{"\n\n", "\n", "\n---\n", "\n\n\n", "\n— {{product}} —\n"}
	beforePool = []string{"", "\n", " ", "\n***\n", "\n\n{{product}}: "}
)

// gen holds the working state of one project.
type gen struct {
	r     *rand.Rand
	prose synth.Prose
	files map[string]string
	cfg   strings.Builder
}

func (g *gen) w(format string, args ...any) { fmt.Fprintf(&g.cfg, format, args...) }

func (g *gen) chance(pct int) bool { return g.r.IntN(100) < pct }

// text returns one to three paragraphs of prose.
func (g *gen) text() string {
	n := 1 + g.r.IntN(3)
	ps := make([]string, n)
	for i := range ps {
		ps[i] = g.prose.Paragraph(1+g.r.IntN(3), 100)
	}
	return strings.Join(ps, "\n\n")
}

// ref is an entry of a compose list and the lowest chain mode sending it.
type ref struct {
	name  string // "parts.x" or "slots.x"
	level int
}

// Generate returns the project of seed.
func Generate(seed uint64) Project {
	r := rand.New(rand.NewPCG(seed, 0x72616e6470726f6a))
	g := &gen{r: r, prose: synth.NewProse(r), files: map[string]string{}}
	p := Project{Files: g.files, Stable: map[string]bool{}}

	// Families and their notes.
	nFam := 1 + r.IntN(3)
	fams := slices.Clone(familyPool[:nFam])
	famNotes := map[string][]noteDef{}
	for _, f := range fams {
		for _, n := range noteDefs {
			if g.chance(60) {
				famNotes[f] = append(famNotes[f], n)
			}
		}
		g.files["prompts/families/"+f+".prompt.md"] = g.familyFile(f, famNotes[f])
	}
	fallbackFile := g.chance(50)
	if fallbackFile {
		// A fallback family with a file and no rule: it is selected by
		// every model no rule claims.
		famNotes["neutral"] = []noteDef{noteDefs[r.IntN(len(noteDefs))]}
		g.files["prompts/families/neutral.prompt.md"] = g.familyFile("neutral", famNotes["neutral"])
	}
	p.Families = append(slices.Clone(fams), "neutral")
	for _, f := range fams {
		p.Models = append(p.Models, f+"-base", f+"-x-large", f+"-mini", f+"-fast-large", "acme/"+f+"-small")
	}
	p.Models = append(p.Models, "", "gpt-4o", "acme/in-house-large", "ALPHA-FAST", "x-large",
		// Gateway forms: provider segments, tags, versions.
		"openrouter/"+fams[0]+"-x-large:free", "ollama:"+fams[0]+"-mini:7b", "vertex_ai/"+fams[0]+"-fast@2025", fams[0]+"/gpt-4o")

	// Inputs.
	var inputs []Input
	for _, name := range boolPool {
		if g.chance(35) {
			inputs = append(inputs, Input{Name: name, Type: "bool"})
		}
	}
	for _, name := range enumPool {
		if g.chance(35) {
			vals := slices.Clone(enumValues[:2+r.IntN(2)])
			inputs = append(inputs, Input{Name: name, Type: "enum", Values: vals})
		}
	}
	if g.chance(30) {
		inputs = append(inputs, Input{Name: "Cwd", Type: "string", MaxChars: 40})
	}
	if g.chance(30) {
		inputs = append(inputs, Input{Name: "Files", Type: "list", MaxChars: 3})
	}
	if g.chance(30) {
		inputs = append(inputs, Input{Name: "Config", Type: "record"})
	}
	p.Inputs = inputs
	stableInput := map[string]bool{}
	for _, in := range inputs {
		stableInput[in.Name] = g.chance(40)
	}
	hasSetting := g.chance(40)

	// Parts, in compose order, each with the lowest chain mode sending it.
	nChain := 1 + r.IntN(3)
	var refs []ref
	var parts strings.Builder
	pw := func(format string, args ...any) { fmt.Fprintf(&parts, format, args...) }
	g.files["prompts/intro.md"] = "{{product}} is a coding assistant.\n\n" + g.text() + "\n"
	pw("\tintro: {\n\t\tfile: \"prompts/intro.md\"\n\t\tgoverning: true\n\t}\n")
	refs = append(refs, ref{"parts.intro", 0})
	famParts := []string{"familyLine", "familyBody", "modelNote"}
	for i, kind := range []string{"line", "body", "note"} {
		if g.chance(70) {
			pw("\t%s: family: %q\n", famParts[i], kind)
			refs = append(refs, ref{"parts." + famParts[i], r.IntN(nChain)})
		}
	}
	hasTools := g.chance(40)
	if hasTools {
		pw("\ttools: generated: \"tools\"\n")
		refs = append(refs, ref{"parts.tools", r.IntN(nChain)})
		// Fixed descriptions: prose could name another tool, which a
		// permission set may not permit (TOOL_DESCRIPTION).
		g.files["tools/read_file.md"] = "Read a file of the workspace, whole or a range of its lines.\n"
		g.files["tools/edit.md"] = "Replace one exact string of a file with another.\n"
		g.files["tools/shell.md"] = "Run a command in the workspace and return its output.\n"
		g.files["tools/discover.md"] = "Return the full descriptions of the tools named.\n"
	}
	runtimePH := g.chance(40)
	tonePH := g.chance(40)
	used := map[string]bool{}
	nFile := 2 + r.IntN(5)
	for i := 0; i < nFile; i++ {
		name := fmt.Sprintf("p%d", i)
		path := "prompts/" + name + ".md"
		body := g.text()
		if runtimePH && i == 0 {
			body += "\n\nWork in {{workdir}}."
		}
		if tonePH && i == 0 {
			body += "\n\nAnswer {{tone}}."
		}
		if i == 0 && g.chance(40) {
			// A shared file, included between paragraphs.
			g.files["prompts/shared/common.md"] = g.text() + "\n"
			body += "\n\n@shared/common.md\n\n" + g.text()
		}
		// The last part (not p1, which the lean profile omits) has a
		// block: sent in place, or left out and sent by a part of its own.
		block, blockPart := i == nFile-1 && i > 1 && g.chance(50), false
		if block {
			body += "\n\n<!-- detail -->\n" + g.text() + "\n<!-- /detail -->\n\n" + g.text()
			blockPart = g.chance(50)
		}
		keep := !block && g.chance(25)
		if keep {
			body += strings.Repeat("\n", 1+r.IntN(3))
		} else {
			body += "\n"
		}
		g.files[path] = body
		pw("\t%s: {\n\t\tfile: %q\n", name, path)
		if keep {
			pw("\t\tkeepTrailing: true\n")
		}
		if g.chance(15) {
			pw("\t\tmodels: [\"(?i)-fast\"]\n")
		}
		// p1 reads no input: the lean profile omits it, and an input
		// only it read would be unused there.
		switch {
		case i == 1:
		case len(inputs) > 0 && g.chance(60):
			in := inputs[r.IntN(len(inputs))]
			switch in.Type {
			case "bool":
				used[in.Name] = true
				switch r.IntN(3) {
				case 0:
					pw("\t\twhen: input: %q\n", in.Name)
				case 1:
					pw("\t\twhen: {input: %q, is: [true]}\n", in.Name)
				default:
					pw("\t\twhen: {input: %q, is: [false]}\n", in.Name)
				}
			case "enum":
				used[in.Name] = true
				pw("\t\twhen: {input: %q, is: [%s]}\n", in.Name, quoteList(g.subset(in.Values)))
			}
		case hasSetting && g.chance(50):
			pw("\t\twhen: {setting: \"Effort\", is: [%s]}\n", quoteList(g.subset([]string{"low", "mid", "high"})))
		}
		if blockPart {
			pw("\t\tomit: [\"detail\"]\n")
		}
		pw("\t}\n")
		refs = append(refs, ref{"parts." + name, r.IntN(nChain)})
		if blockPart {
			pw("\t%sDetail: {\n\t\tfile: %q\n\t\tblock: \"detail\"\n\t}\n", name, path)
			refs = append(refs, ref{"parts." + name + "Detail", r.IntN(nChain)})
		}
	}
	// Template parts read every input no when condition reads, and some
	// that one does.
	var unread []Input
	for _, in := range inputs {
		if !used[in.Name] || g.chance(30) {
			unread = append(unread, in)
		}
	}
	for i := 0; len(unread) > 0; i++ {
		k := 1 + r.IntN(len(unread))
		name := fmt.Sprintf("t%d", i)
		path := "prompts/" + name + ".tmpl"
		g.files[path] = g.template(unread[:k])
		unread = unread[k:]
		pw("\t%s: template: %q\n", name, path)
		refs = append(refs, ref{"parts." + name, r.IntN(nChain)})
	}

	// Slots.
	slots := []string{"instructions", "memory"}[:1+r.IntN(2)]
	required := ""
	if g.chance(30) {
		required = slots[0]
	}
	var slotDecl strings.Builder
	for _, s := range slots {
		stable := g.chance(50)
		p.Stable[s] = stable
		fmt.Fprintf(&slotDecl, "\t%s: {\n\t\tdescription: %q\n", s, "What the harness supplies as "+s+".")
		if stable {
			slotDecl.WriteString("\t\tstable: true\n")
		}
		if s == required {
			slotDecl.WriteString("\t\trequired: true\n")
		}
		slotDecl.WriteString("\t}\n")
		lvl := r.IntN(nChain)
		if s == required {
			lvl = 0
		}
		at := r.IntN(len(refs) + 1)
		refs = slices.Insert(refs, at, ref{"slots." + s, lvl})
	}
	p.Values = slices.Clone(slots)
	if runtimePH {
		p.Values = append(p.Values, "workdir")
	}

	// Modes.
	chainNames := []string{"minimal", "focus", "full"}[:nChain]
	p.Modes = slices.Clone(chainNames)
	g.w("// A random project for differential tests (seed %d).\n", seed)
	g.w("version: \"v1\"\n\noutput: {\n\tdir: \"gen\"\n\tpackage: \"prompts\"\n}\n\n")
	g.w("parts: {\n%s}\n\n", parts.String())
	g.w("slots: {\n%s}\n\n", slotDecl.String())
	g.w("placeholders: {\n\tproduct: value: \"Tern\"\n")
	if tonePH {
		// A value per family and per note, the note winning.
		g.w("\ttone: {\n\t\tvalue: \"plainly\"\n\t\tfamily: %s: \"briefly\"\n\t\tnote: Large: \"at length\"\n\t}\n", fams[0])
	}
	if runtimePH {
		g.w("\tworkdir: runtime: maxChars: 60\n")
	}
	g.w("}\n\n")
	if len(inputs) > 0 {
		g.w("inputs: {\n")
		for _, in := range inputs {
			g.w("\t%s: {\n\t\ttype: %q\n", in.Name, in.Type)
			if stableInput[in.Name] {
				g.w("\t\tstable: true\n")
			}
			switch in.Type {
			case "enum":
				g.w("\t\tvalues: [%s]\n", quoteList(in.Values))
			case "string":
				g.w("\t\tmaxChars: %d\n", in.MaxChars)
			case "list":
				g.w("\t\tmaxItems: %d\n\t\tfields: {\n\t\t\tPath: maxChars: 40\n\t\t\tContent: maxChars: 80\n\t\t}\n", in.MaxChars)
			case "record":
				g.w("\t\tfields: {\n\t\t\tLsp: maxChars: 30\n\t\t\tOptions: {type: \"record\", fields: {Verbose: type: \"bool\", Level: {type: \"enum\", values: [\"low\", \"high\"]}}}\n")
				g.w("\t\t\tServers: {type: \"list\", maxItems: 2, fields: Name: maxChars: 20}\n\t\t}\n")
			}
			g.w("\t}\n")
		}
		g.w("}\n\n")
	}
	if hasSetting {
		g.w("settings: Effort: {\n\tvalues: [\"low\", \"mid\", \"high\"]\n\tdefault: \"low\"\n")
		g.w("\trules: [{value: \"high\", name: [\"(?i)-large\"]}, {value: \"mid\", name: [\"(?i)-fast\"]}]\n}\n\n")
	}
	g.w("modes: {\n")
	for i, m := range chainNames {
		var compose []string
		for _, rf := range refs {
			if rf.level <= i {
				compose = append(compose, rf.name)
			}
		}
		g.mode(m, compose)
	}
	if g.chance(40) {
		var compose []string
		for _, rf := range refs {
			if g.chance(50) || rf.name == "slots."+required {
				compose = append(compose, rf.name)
			}
		}
		g.mode("task", compose)
		p.Modes = append(p.Modes, "task")
	}
	g.w("}\n\norder: [%s]\ndefaultMode: %q\n\n", quoteList(chainNames), chainNames[0])
	if g.chance(50) {
		g.w("aliases: lean: %q\n\n", chainNames[0])
		p.Modes = append(p.Modes, "lean")
	}

	// Profiles: the default sends everything, lean omits a file part.
	if g.chance(40) {
		g.w("profiles: {\n\tdefault: \"whole\"\n\tvalues: {\n")
		if hasTools {
			g.w("\t\twhole: fullTools: [\"discover_tools\", \"read_file\", \"edit\", \"shell\"]\n")
		} else {
			g.w("\t\twhole: {}\n")
		}
		g.w("\t\tlean: {\n\t\t\tomit: [parts.p1]\n\t\t\tdropped: [parts.p1]\n")
		if hasTools {
			// The others are listed by name, described on request.
			g.w("\t\t\tfullTools: [\"discover_tools\"]\n")
		}
		g.w("\t\t}\n\t}\n}\n\n")
		p.Profiles = []string{"whole", "lean"}
	}
	if hasTools {
		g.w("tools: {\n\tdiscovery: \"discover_tools\"\n\tcatalogue: {\n")
		g.w("\tdiscover_tools: {group: \"tools\", file: \"tools/discover.md\", access: \"read\"}\n")
		g.w("\tread_file: {group: \"files\", file: \"tools/read_file.md\", access: \"read\"}\n")
		g.w("\tedit: {group: \"files\", file: \"tools/edit.md\", access: \"write\"}\n")
		g.w("\tshell: {group: \"commands\", file: \"tools/shell.md\", access: \"write\"}\n}}\n\n")
		g.w("permissions: {\n\tdefault: \"readonly\"\n\tvalues: {\n\t\treadonly: access: [\"read\"]\n")
		g.w("\t\tediting: {\n\t\t\taccess: [\"read\"]\n\t\t\ttools: [\"edit\"]\n\t\t}\n")
		g.w("\t\tfull: access: [\"read\", \"write\"]\n\t}\n}\n\n")
		p.Permissions = []string{"readonly", "editing", "full"}
	}

	// Families.
	g.w("families: {\n\tfallback: \"neutral\"\n\trules: [\n")
	for _, f := range fams {
		g.w("\t\t{family: %q, name: [\"(?i)^%s-\"]},\n", f, f)
	}
	g.w("\t]\n")
	if p.Examples = g.chance(70); p.Examples {
		g.w("\texamples: {\n")
		for _, f := range fams {
			g.w("\t\t%q: {family: %q, note: null}\n", f+"-base", f)
			// Sent the parts with models patterns.
			fast := "null"
			if slices.Contains(famNotes[f], noteDefs[2]) {
				fast = `"Fast"`
			}
			g.w("\t\t%q: {family: %q, note: %s}\n", f+"-x-fast", f, fast)
			for _, n := range famNotes[f] {
				g.w("\t\t%q: {family: %q, note: %q}\n", f+"-"+n.suffix, f, n.label)
			}
		}
		if fallbackFile {
			n := famNotes["neutral"][0]
			g.w("\t\t%q: {family: \"neutral\", note: %q}\n", "acme/in-house-"+n.suffix, n.label)
		} else {
			g.w("\t\t\"acme/in-house\": \"neutral\"\n")
		}
		g.w("\t}\n")
	}
	g.w("}\n")
	g.files["promptc.cue"] = g.cfg.String()
	return p
}

// mode writes one mode sending compose, with a random wire format.
func (g *gen) mode(name string, compose []string) {
	g.w("\t%s: {\n\t\tdescription: %q\n", name, "The "+name+" mode.")
	if sep := sepPool[g.r.IntN(len(sepPool))]; sep != "\n\n" || g.chance(30) {
		g.w("\t\tseparator: %q\n", sep)
	}
	switch g.r.IntN(4) {
	case 0:
		g.w("\t\tfinalNewline: true\n")
	case 1:
		g.w("\t\tend: %q\n", []string{"\n", "\n\n", "\n--\n"}[g.r.IntN(3)])
	}
	if len(compose) > 1 && g.chance(50) {
		g.w("\t\tbefore: {\n")
		for _, c := range compose[1:] {
			if g.chance(30) {
				g.w("\t\t\t%s: %q\n", strings.TrimPrefix(strings.TrimPrefix(c, "parts."), "slots."), beforePool[g.r.IntN(len(beforePool))])
			}
		}
		g.w("\t\t}\n")
	}
	g.w("\t\tcompose: [%s]\n\t}\n", strings.Join(compose, ", "))
}

// familyFile returns the text of a family file with the given notes.
func (g *gen) familyFile(name string, notes []noteDef) string {
	var b strings.Builder
	fmt.Fprintf(&b, "---\nfamily: %s\nprovenance: Random text for the %s family.\n---\n", name, name)
	b.WriteString("For " + name + " models in {{product}}: " + g.prose.Sentence() + "\n\n")
	b.WriteString("Working as a " + name + " model:\n" + g.prose.Bullets(2+g.r.IntN(3)) + "\n")
	if g.chance(40) {
		// A file the family files share, included in the body.
		if _, ok := g.files["prompts/shared/family.md"]; !ok {
			g.files["prompts/shared/family.md"] = g.prose.Paragraph(2, 100) + "\n"
		}
		b.WriteString("\n@../shared/family.md\n")
	}
	for _, n := range notes {
		fmt.Fprintf(&b, "\n<!-- model %q %s -->\n%s\n", n.label, n.pattern, g.prose.Paragraph(1+g.r.IntN(2), 100))
	}
	return b.String()
}

// template returns a text/template reading every input of ins.
func (g *gen) template(ins []Input) string {
	var b strings.Builder
	// Without a sentence of its own, a template may render nothing: an
	// empty section, which takes no separator.
	if g.chance(60) {
		b.WriteString(g.prose.Sentence() + "\n")
	}
	for _, in := range ins {
		switch in.Type {
		case "bool":
			if g.chance(50) {
				fmt.Fprintf(&b, "{{if .%s}}%s{{else}}%s{{end}}\n", in.Name, g.prose.Sentence(), g.prose.Sentence())
			} else {
				fmt.Fprintf(&b, "{{if .%s}}%s\n{{end}}", in.Name, g.prose.Sentence())
			}
		case "enum":
			if g.chance(50) {
				fmt.Fprintf(&b, "The %s is {{.%s}}.\n", strings.ToLower(in.Name), in.Name)
			} else {
				fmt.Fprintf(&b, "{{if eq .%s %q}}%s\n{{end}}", in.Name, in.Values[0], g.prose.Sentence())
			}
		case "string":
			fmt.Fprintf(&b, "{{with .%s}}The directory is {{.}}.\n{{end}}", in.Name)
		case "record":
			if g.chance(50) {
				fmt.Fprintf(&b, "{{if .%s.Lsp}}Language server: {{.%s.Lsp}}{{if .%s.Options.Verbose}}, verbose{{end}}.\n{{end}}", in.Name, in.Name, in.Name)
			} else {
				fmt.Fprintf(&b, "{{with .%s.Options}}{{if eq .Level \"high\"}}%s\n{{end}}{{end}}", in.Name, g.prose.Sentence())
			}
			fmt.Fprintf(&b, "{{range .%s.Servers}}- {{.Name}}\n{{end}}", in.Name)
		case "list":
			if g.chance(50) {
				fmt.Fprintf(&b, "{{range .%s}}<file path=\"{{.Path}}\">{{.Content}}</file>\n{{end}}", in.Name)
			} else {
				fmt.Fprintf(&b, "{{- range $i, $f := .%s}}{{if $i}}, {{end}}{{$f.Path}}{{- end}}\n{{len .%s}} files.\n", in.Name, in.Name)
			}
		}
	}
	return b.String()
}

// subset returns a non-empty random subset of vals, in their order.
func (g *gen) subset(vals []string) []string {
	for {
		var out []string
		for _, v := range vals {
			if g.chance(50) {
				out = append(out, v)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
}

func quoteList(vals []string) string {
	q := make([]string, len(vals))
	for i, v := range vals {
		q[i] = fmt.Sprintf("%q", v)
	}
	return strings.Join(q, ", ")
}

// Requests returns n random requests against p.
func (p Project) Requests(seed uint64, n int) []Request {
	r := rand.New(rand.NewPCG(seed, 0x7265717565737473))
	out := make([]Request, n)
	for i := range out {
		q := Request{Mode: p.Modes[r.IntN(len(p.Modes))], Family: "auto", Model: p.Models[r.IntN(len(p.Models))]}
		if r.IntN(4) == 0 {
			q.Family = p.Families[r.IntN(len(p.Families))]
		}
		if len(p.Profiles) > 0 && r.IntN(2) == 0 {
			q.Profile = p.Profiles[r.IntN(len(p.Profiles))]
		}
		if len(p.Permissions) > 0 && r.IntN(2) == 0 {
			q.Permission = p.Permissions[r.IntN(len(p.Permissions))]
		}
		q.Slots = map[string]string{}
		for _, s := range p.Values {
			// Empty, short, several paragraphs, placeholder-like text
			// (sent as it is), text beyond ASCII.
			switch r.IntN(5) {
			case 0:
			case 1:
				q.Slots[s] = "<" + s + ">"
			case 2:
				q.Slots[s] = "line one of " + s + "\n\nline two\n"
			case 3:
				q.Slots[s] = "{{product}} in {{workdir}}"
			default:
				q.Slots[s] = "été ✓ " + s
			}
		}
		q.Inputs = map[string]any{}
		for _, in := range p.Inputs {
			if r.IntN(4) == 0 {
				continue // left at its zero value
			}
			switch in.Type {
			case "bool":
				q.Inputs[in.Name] = r.IntN(2) == 0
			case "enum":
				q.Inputs[in.Name] = in.Values[r.IntN(len(in.Values))]
			case "string":
				q.Inputs[in.Name] = []string{"", "/src", "/home/user/project", "/tmp/été", "{{.Cwd}}"}[r.IntN(5)]
			case "list":
				recs := []any{}
				for k := r.IntN(in.MaxChars + 1); k > 0; k-- {
					recs = append(recs, map[string]any{"Path": fmt.Sprintf("src/f%d.go", k), "Content": []string{"", "package main\n", "naïve {{x}}"}[r.IntN(3)]})
				}
				q.Inputs[in.Name] = recs
			case "record":
				rec := map[string]any{}
				if r.IntN(3) > 0 {
					rec["Lsp"] = []string{"", "gopls", "naïve {{x}}"}[r.IntN(3)]
				}
				if r.IntN(3) > 0 {
					rec["Options"] = map[string]any{"Verbose": r.IntN(2) == 0, "Level": []string{"", "low", "high"}[r.IntN(3)]}
				}
				servers := []any{}
				for k := r.IntN(3); k > 0; k-- {
					servers = append(servers, map[string]any{"Name": fmt.Sprintf("srv%d é", k)})
				}
				rec["Servers"] = servers
				q.Inputs[in.Name] = rec
			}
		}
		out[i] = q
	}
	return out
}
