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
// before, after and end; family bodies that keep their ends; a
// placeholder valued per setting; sometimes profiles (one omitting a part) and permission
// sets over a tool catalogue (one profile listing tools by name behind a
// discovery tool); examples, or none; limits (limitChars, limitItems) on
// inputs and record fields, maxChars on slots; sometimes a custom mode
// (custom.file, maxBytes, a fallback part that may include a file, carry,
// an example or none). The same seed always gives the same project.
//
// Besides random valid requests, a project gives requests for its custom
// mode, each with a random user file (CustomRequests), and requests that
// break one rule each, or come near one (Refusals).
package randproject

import (
	"fmt"
	"maps"
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
	// MaxChars bounds a string input (for a list, its maxItems): a
	// planning figure.
	MaxChars int
	// Limit, when not 0, is the input's limitChars (a string) or
	// limitItems (a list): what Validate and show refuse past. For a
	// record, LspLimit and ServersLimit are those of its Lsp and Servers
	// fields.
	Limit, LspLimit, ServersLimit int
}

// Custom is a project's custom mode (custom: in promptc.cue).
type Custom struct {
	// File is custom.file, the user's file relative to their project.
	File string
	// MaxBytes is custom.maxBytes.
	MaxBytes int
	// Fallback is the part sent when the file cannot be used.
	Fallback string
	// Example is set when custom.example names an example file.
	Example bool
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
	// SlotMax holds the maxChars of the slots that declare one.
	SlotMax map[string]int
	// Examples is set when the project has a families.examples table.
	Examples bool
	// Profiles and Permissions name the profiles and permission sets, if
	// the project declares any.
	Profiles, Permissions []string
	// Custom is the custom mode, nil when the project declares none.
	Custom *Custom
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
	// Custom, for the custom mode, is the user's custom file the request
	// loads (nil: none loaded).
	Custom *CustomFile `json:"-"`
}

// CustomFile is a user's custom-mode file: Data at Path in the user's
// project, or a directory there (Dir), or nothing (Missing).
type CustomFile struct {
	Path         string
	Data         []byte
	Missing, Dir bool
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
	r *rand.Rand
	// x draws the choices added after the first campaigns (after texts,
	// family bodies that keep their ends, placeholders per setting), so
	// that every seed's other choices stay what they were.
	x *rand.Rand
	// y draws the choices added after x's: input limits and the custom
	// mode.
	y     *rand.Rand
	prose synth.Prose
	files map[string]string
	cfg   strings.Builder
}

func (g *gen) w(format string, args ...any) { fmt.Fprintf(&g.cfg, format, args...) }

func (g *gen) chance(pct int) bool { return g.r.IntN(100) < pct }

// xchance is chance drawn from x.
func (g *gen) xchance(pct int) bool { return g.x.IntN(100) < pct }

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
	g := &gen{r: r, x: rand.New(rand.NewPCG(seed, 0x6578747261)), y: rand.New(rand.NewPCG(seed, 0x6375737430)), prose: synth.NewProse(r), files: map[string]string{}}
	p := Project{Files: g.files, Stable: map[string]bool{}, SlotMax: map[string]int{}}

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
	// Limits over the planning figures, which Validate and show enforce.
	for i := range inputs {
		in := &inputs[i]
		switch in.Type {
		case "string", "list":
			if g.y.IntN(100) < 50 {
				in.Limit = in.MaxChars + g.y.IntN(3)
			}
		case "record":
			if g.y.IntN(100) < 50 {
				in.LspLimit = 30 + g.y.IntN(3)
			}
			if g.y.IntN(100) < 50 {
				in.ServersLimit = 2 + g.y.IntN(2)
			}
		}
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
	effortPH := hasSetting && g.xchance(50)
	used := map[string]bool{}
	// whenInput holds the parts sent under a run-time input.
	whenInput := map[string]bool{}
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
		if effortPH && i == 0 {
			body += "\n\nWork {{effort}}step by step."
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
				whenInput["parts."+name] = true
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
				whenInput["parts."+name] = true
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

	// The custom mode's fallback, a part no mode sends.
	hasCustom := g.y.IntN(100) < 50
	if hasCustom {
		g.files["prompts/boundary.md"] = "Work only inside the project; ask before anything else.\n"
		if g.y.IntN(2) == 0 {
			// The fallback's text includes a file, expanded at build time.
			g.files["prompts/shared/limits.md"] = "Never run a command that deletes files.\n"
			g.files["prompts/boundary.md"] += "\n@shared/limits.md\n"
		}
		pw("\tboundary: file: \"prompts/boundary.md\"\n")
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
		if g.y.IntN(100) < 40 {
			// Over the longest text Requests fills a slot with.
			p.SlotMax[s] = 36 + g.y.IntN(10)
			fmt.Fprintf(&slotDecl, "\t\tmaxChars: %d\n", p.SlotMax[s])
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
	if effortPH {
		// A value per value of the setting, low taking value.
		g.w("\teffort: {\n\t\tsetting: {name: \"Effort\", values: {high: \"thoroughly, \", mid: \"quickly, \"}}\n\t\tvalue: \"\"\n\t}\n")
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
				if in.Limit > 0 {
					g.w("\t\tlimitChars: %d\n", in.Limit)
				}
			case "list":
				g.w("\t\tmaxItems: %d\n", in.MaxChars)
				if in.Limit > 0 {
					g.w("\t\tlimitItems: %d\n", in.Limit)
				}
				g.w("\t\tfields: {\n\t\t\tPath: maxChars: 40\n\t\t\tContent: maxChars: 80\n\t\t}\n")
			case "record":
				lsp, servers := "", ""
				if in.LspLimit > 0 {
					lsp = fmt.Sprintf(", limitChars: %d", in.LspLimit)
				}
				if in.ServersLimit > 0 {
					servers = fmt.Sprintf(", limitItems: %d", in.ServersLimit)
				}
				g.w("\t\tfields: {\n\t\t\tLsp: {maxChars: 30%s}\n\t\t\tOptions: {type: \"record\", fields: {Verbose: type: \"bool\", Level: {type: \"enum\", values: [\"low\", \"high\"]}}}\n", lsp)
				g.w("\t\t\tServers: {type: \"list\", maxItems: 2%s, fields: Name: maxChars: 20}\n\t\t}\n", servers)
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
	var task []string
	hasTask := g.chance(40)
	if hasTask {
		for _, rf := range refs {
			if g.chance(50) || rf.name == "slots."+required {
				task = append(task, rf.name)
			}
		}
		g.mode("task", task)
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

	if hasCustom {
		// The parts every mode of order sends with text of their own,
		// which the custom mode may carry: not a family part, a slot or
		// the tools, nor p1, which the lean profile omits.
		var every []string
		for _, rf := range refs {
			name := strings.TrimPrefix(rf.name, "parts.")
			if rf.level > 0 || !strings.HasPrefix(rf.name, "parts.") || slices.Contains(famParts, name) || name == "tools" || name == "p1" {
				continue
			}
			every = append(every, rf.name)
		}
		p.Custom = g.custom(every, whenInput)
	}

	// Families.
	g.w("families: {\n\tfallback: \"neutral\"\n")
	if g.xchance(30) {
		g.w("\tkeepTrailing: true\n")
	}
	g.w("\trules: [\n")
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
	if len(compose) > 2 && g.xchance(40) {
		// The text between two sections, whichever of them is sent.
		i := g.x.IntN(len(compose) - 1)
		j := i + 1 + g.x.IntN(len(compose)-i-1)
		bare := func(c string) string { return strings.TrimPrefix(strings.TrimPrefix(c, "parts."), "slots.") }
		g.w("\t\tafter: %s: %s: %q\n", bare(compose[i]), bare(compose[j]), beforePool[g.x.IntN(len(beforePool))])
	}
	g.w("\t\tcompose: [%s]\n\t}\n", strings.Join(compose, ", "))
}

// custom writes the custom: block of a project whose every mode sends
// the parts of every (those of whenInput under a run-time input), and
// returns it.
func (g *gen) custom(every []string, whenInput map[string]bool) *Custom {
	c := &Custom{File: []string{".tern/prompts/custom.md", "custom.md", "my mode.md"}[g.y.IntN(3)], MaxBytes: 32768, Fallback: "boundary"}
	g.w("custom: {\n\tfile: %q\n\tfallback: parts.boundary\n", c.File)
	if k := g.y.IntN(4); k > 0 {
		c.MaxBytes = []int{0, 90, 300, 2000}[k]
		g.w("\tmaxBytes: %d\n", c.MaxBytes)
	}
	// Without carry, a part every mode sends under an input is reported
	// until the project decides: such a project always does.
	undecided := slices.ContainsFunc(every, func(p string) bool { return whenInput[p] })
	if undecided || g.y.IntN(100) < 60 {
		var carry []string
		for _, p := range every {
			if g.y.IntN(100) < 50 {
				carry = append(carry, p)
			}
		}
		g.w("\tcarry: [%s]\n", strings.Join(carry, ", "))
	}
	if g.y.IntN(100) < 50 {
		g.files["examples/custom.md"] = "---\nname: Reviewer\n---\n# Review\n\nReview only.\n"
		g.w("\texample: \"examples/custom.md\"\n")
		c.Example = true
	}
	g.w("}\n\n")
	return c
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

// CustomRequests returns n random requests for the custom mode of p (which
// must declare one), each with a random custom file: with or without
// frontmatter (a name, quoted or not, other fields, empty, unclosed), a
// heading of each kind or one inside code, {{cwd}}, placeholder-like and
// @include lines (sent as they are), text beyond ASCII, CRLF line ends,
// blank lines around; sometimes a file the loader refuses (empty, white
// space or frontmatter only, a byte-order mark, a NUL byte, invalid
// UTF-8) or one of about custom.maxBytes bytes, one under, at or over.
func (p Project) CustomRequests(seed uint64, n int) []Request {
	r := rand.New(rand.NewPCG(seed, 0x637573746f6d))
	out := p.Requests(seed^0x6375, n)
	for i := range out {
		out[i].Mode = "custom"
		out[i].Custom = p.customFile(r)
	}
	return out
}

var customNames = []string{"Reviewer", "Plan only", "Été 😀", "", "  spaced  ", "a: b"}

// customFile returns a random custom file of p.
func (p Project) customFile(r *rand.Rand) *CustomFile {
	prose := synth.NewProse(r)
	name := customNames[r.IntN(len(customNames))]
	var b strings.Builder
	switch r.IntN(8) {
	case 0:
		b.WriteString("---\nname: " + name + "\n---\n")
	case 1:
		b.WriteString("---\nname: \"" + name + "\"\nother: x\n---\n")
	case 2:
		b.WriteString("---\n---\n")
	case 3:
		b.WriteString("---\nname: '" + name + "'\n--- \t\n")
	case 4:
		b.WriteString("---\nname: " + name + "\n") // never closed: all of it is text
	case 5:
		b.WriteString("---\ndescription: no name\n---\n")
	case 6:
		// Spellings the loader does not read as a name, then one it does.
		b.WriteString("---\nName: Upper\nname:" + name + "\nname: \n  name: indented\n---\n")
	case 7:
		b.WriteString("---\nname: \"" + name + "'  \n---\t\n---\n")
	}
	b.WriteString(strings.Repeat("\n", r.IntN(3)))
	switch r.IntN(12) {
	case 0:
		b.WriteString("# " + name + "\n\n")
	case 1:
		b.WriteString("## " + name + " ##\n")
	case 2:
		b.WriteString(name + "\n===\n")
	case 3:
		b.WriteString("```\n# Not a title\n```\n\n")
	case 4:
		b.WriteString("    # Indented code\n\n- # In a list\n\n")
	case 5:
		b.WriteString("#NoSpace\n#\n   # " + name + " #\n")
	case 6:
		b.WriteString("> # Quoted\n\n1. # Listed\n\n" + name + "\n---\n")
	case 7:
		b.WriteString("~~~ go\n# in code\n~~~~\n\t# tab code\n\n***\n###### " + name + " ###\n")
	case 8:
		b.WriteString("Two lines\nof a title\n===\n")
	}
	for k := 1 + r.IntN(3); k > 0; k-- {
		switch r.IntN(6) {
		case 0:
			b.WriteString("Work in {{cwd}} only.\n")
		case 1:
			b.WriteString("@shared/common.md\n")
		case 2:
			b.WriteString("{{product}} keeps {{workdir}} as it is: été ✓ 😀\n")
		default:
			b.WriteString(prose.Paragraph(1+r.IntN(2), 100) + "\n")
		}
		b.WriteString(strings.Repeat("\n", r.IntN(2)))
	}
	b.WriteString(strings.Repeat([]string{"", "\n", " \t\n\n"}[r.IntN(3)], 1))
	text := b.String()
	if r.IntN(5) == 0 {
		text = strings.ReplaceAll(text, "\n", "\r\n")
	}
	switch r.IntN(14) {
	case 0:
		text = ""
	case 1:
		text = " \n\t\n"
	case 2:
		text = "---\nname: " + name + "\n---\n\n"
	case 3:
		text = "\uFEFF" + text
	case 4:
		text = strings.Replace(text, "\n", "\x00\n", 1)
	case 5:
		text += "\xed\xa0\x80\n"
	case 6, 7:
		// About the limit: one byte under, at or over it.
		if want := p.Custom.MaxBytes - 1 + r.IntN(3); len(text) < want && want <= 4096 {
			pad := want - len(text)
			text += strings.Repeat("é", pad/2) + strings.Repeat("x", pad%2)
		}
	}
	return &CustomFile{Path: p.Custom.File, Data: []byte(text)}
}

// Refusal is a request that must be refused, or, when Field is "", one
// that must be accepted although it is at a limit (a near miss).
type Refusal struct {
	Request
	// Field is the request field every runtime's error names
	// (Request.Mode, Request.Family, Request.Profile, Request.Permission,
	// Request.Slots, Request.Custom, or Request.Inputs.NAME for an input).
	Field string
	// Name is a name every refusal's message holds: the mode, family,
	// profile, permission set, slot, placeholder or input.
	Name string
	// What says what is wrong, for a test's message.
	What string
	// Typed is set for a request a statically typed harness cannot write
	// (a name that is not declared, a value of another type): Go's
	// compiler refuses it, the other languages' Validate at run time.
	Typed bool
	// Also, when not nil, is a second rule the request breaks, of another
	// field (its Field, Name and What are set): both in the slots, inputs
	// or custom file, whose every problem Validate reports.
	Also *Refusal
}

// Refusals returns n random requests against p that break one rule each
// (an unknown mode, family, profile or permission set; a slot or input
// that is not declared; a run-time placeholder over its maxChars; an
// input of the wrong type, an enum value not declared, a value over a
// limitChars or limitItems, at the top and inside records and list
// items; the custom mode without a file), and some near misses: values
// at their limit, an enum given as "", inputs given as null.
func (p Project) Refusals(seed uint64, n int) []Refusal {
	r := rand.New(rand.NewPCG(seed, 0x726566757365))
	base := p.Requests(seed^0x7266, n)
	var out []Refusal
	// refusal changes the request's maps: each draw gets copies.
	clone := func(q Request) Request {
		q.Inputs = cloneInputs(q.Inputs)
		q.Slots = maps.Clone(q.Slots)
		return q
	}
	for _, q := range base {
		f := p.refusal(r, clone(q))
		if f == nil {
			continue
		}
		if validated(f) && r.IntN(4) == 0 {
			if g := p.refusal(r, clone(f.Request)); g != nil && validated(g) && g.Field != f.Field {
				f.Request, f.Also = g.Request, &Refusal{Field: g.Field, Name: g.Name, What: g.What}
			}
		}
		out = append(out, *f)
	}
	return out
}

// validated reports whether f breaks a rule every runtime's Validate
// reports beside others: in a slot, an input or the custom file, of a
// request a typed harness can write.
func validated(f *Refusal) bool {
	return !f.Typed && (f.Field == "Request.Slots" || f.Field == "Request.Custom" || strings.HasPrefix(f.Field, "Request.Inputs."))
}

// cloneInputs copies inputs deeply enough that a change to one of its
// records or lists changes no other request.
func cloneInputs(in map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range in {
		out[k] = cloneValue(v)
	}
	return out
}

func cloneValue(v any) any {
	switch v := v.(type) {
	case map[string]any:
		return cloneInputs(v)
	case []any:
		l := make([]any, len(v))
		for i, x := range v {
			l[i] = cloneValue(x)
		}
		return l
	}
	return v
}

// wide are characters of one to four UTF-8 bytes, one of them outside
// the Basic Multilingual Plane (two UTF-16 units): limits count
// characters.
var wide = []string{"x", "ü", "λ", "✓", "😀"}

// wrongTypes are values of every JSON type, for an input of another.
var wrongTypes = []any{"true", 1, 2.5, true, []any{}, map[string]any{}, []any{"x"}}

// jsonType names v's JSON type as the generator's inputs are typed:
// bool, string (an enum too), list or record.
func jsonType(v any) string {
	switch v.(type) {
	case bool:
		return "bool"
	case string:
		return "string"
	case []any:
		return "list"
	case map[string]any:
		return "record"
	}
	return "number"
}

func wrongFor(r *rand.Rand, typ string) any {
	if typ == "enum" {
		typ = "string"
	}
	for {
		v := wrongTypes[r.IntN(len(wrongTypes))]
		if jsonType(v) != typ {
			return v
		}
	}
}

// refusal breaks one rule of q (or makes a near miss of it); nil when the
// rule drawn does not apply to p.
func (p Project) refusal(r *rand.Rand, q Request) *Refusal {
	ref := func(field, name, what string) *Refusal {
		return &Refusal{Request: q, Field: field, Name: name, What: what}
	}
	typed := func(field, name, what string) *Refusal {
		return &Refusal{Request: q, Field: field, Name: name, What: what, Typed: true}
	}
	var in *Input
	if len(p.Inputs) > 0 {
		in = &p.Inputs[r.IntN(len(p.Inputs))]
	}
	inField := func() string { return "Request.Inputs." + in.Name }
	switch r.IntN(14) {
	case 0:
		q.Mode = []string{"turbo", "Minimal", "custom", "full ", "full\u00a0", "focus\x7f"}[r.IntN(6)]
		if slices.Contains(p.Modes, q.Mode) || q.Mode == "custom" && p.Custom != nil {
			return nil
		}
		q.Custom = nil
		return ref("Request.Mode", q.Mode, "an unknown mode")
	case 1:
		q.Family = []string{"omega", "Alpha", "Auto", "neutral ", "alpha\t", "bravo\u200b"}[r.IntN(6)]
		return ref("Request.Family", q.Family, "an unknown family")
	case 2:
		if len(p.Profiles) == 0 {
			return nil
		}
		q.Profile = []string{"Whole", "compact", "lean\u00a0"}[r.IntN(3)]
		return ref("Request.Profile", q.Profile, "an unknown profile")
	case 3:
		if len(p.Permissions) == 0 {
			return nil
		}
		q.Permission = []string{"admin", "Full", "full\u2028"}[r.IntN(3)]
		return ref("Request.Permission", q.Permission, "an unknown permission set")
	case 4:
		name := []string{"notes", "Memory", "cwd"}[r.IntN(3)]
		q.Slots[name] = "text"
		return typed("Request.Slots", name, "a slot that is not declared")
	case 5:
		// A slot or run-time placeholder (whose maxChars is 60) one
		// character over its maxChars, or at it: a near miss.
		name, limit := "workdir", 60
		if s := p.Values[r.IntN(len(p.Values))]; p.SlotMax[s] > 0 {
			name, limit = s, p.SlotMax[s]
		} else if !slices.Contains(p.Values, "workdir") {
			return nil
		}
		k := limit + r.IntN(2)
		q.Slots[name] = strings.Repeat(wide[r.IntN(len(wide))], k)
		if k == limit {
			return ref("", "", "a slot or run-time placeholder at its maxChars")
		}
		return ref("Request.Slots", name, "a slot or run-time placeholder over its maxChars")
	case 6:
		name := []string{"Verbose", "git", "Cwd", "Files"}[r.IntN(4)]
		if slices.ContainsFunc(p.Inputs, func(in Input) bool { return in.Name == name }) {
			return nil
		}
		q.Inputs[name] = true
		return typed("Request.Inputs."+name, name, "an input that is not declared")
	case 7:
		if in == nil {
			return nil
		}
		q.Inputs[in.Name] = wrongFor(r, in.Type)
		return typed(inField(), in.Name, "an input of the wrong type")
	case 8:
		if in == nil {
			return nil
		}
		// null is the input not given: every runtime takes its zero value.
		q.Inputs[in.Name] = nil
		return ref("", "", "an input given as null")
	case 9:
		if in == nil {
			return nil
		}
		switch in.Type {
		case "enum":
			if r.IntN(3) == 0 {
				q.Inputs[in.Name] = ""
				return ref("", "", "an enum given as \"\"")
			}
			q.Inputs[in.Name] = []string{"loud", "Terse", "terse ", "plain\u00a0", "rich\x01"}[r.IntN(5)]
			return ref(inField(), in.Name, "an enum value not declared")
		case "record":
			q.Inputs[in.Name] = map[string]any{"Options": map[string]any{"Level": []string{"mid", "High", ""}[r.IntN(3)]}}
			if q.Inputs[in.Name].(map[string]any)["Options"].(map[string]any)["Level"] == "" {
				return ref("", "", "a nested enum given as \"\"")
			}
			return ref(inField(), in.Name, "a nested enum value not declared")
		}
		return nil
	case 10, 11:
		if in == nil {
			return nil
		}
		// One over a limit, or at it (a near miss).
		k := r.IntN(2)
		switch {
		case in.Type == "string" && in.Limit > 0:
			q.Inputs[in.Name] = strings.Repeat(wide[r.IntN(len(wide))], in.Limit+k)
		case in.Type == "list" && in.Limit > 0:
			q.Inputs[in.Name] = items(in.Limit+k, func(i int) any {
				return map[string]any{"Path": fmt.Sprintf("f%d.go", i)}
			})
		case in.Type == "record" && in.LspLimit > 0 && r.IntN(2) == 0:
			q.Inputs[in.Name] = map[string]any{"Lsp": strings.Repeat(wide[r.IntN(len(wide))], in.LspLimit+k)}
		case in.Type == "record" && in.ServersLimit > 0:
			q.Inputs[in.Name] = map[string]any{"Servers": items(in.ServersLimit+k, func(i int) any {
				return map[string]any{"Name": fmt.Sprint("s", i)}
			})}
		default:
			return nil
		}
		if k == 0 {
			return ref("", "", "a value at its limit")
		}
		return ref(inField(), in.Name, "a value over its limit")
	case 12:
		if in == nil {
			return nil
		}
		// A field not declared, or of the wrong type, inside a record or
		// a list's item.
		switch in.Type {
		case "record":
			switch r.IntN(3) {
			case 0:
				q.Inputs[in.Name] = map[string]any{"Port": 8080}
				return typed(inField(), in.Name, "a record field that is not declared")
			case 1:
				q.Inputs[in.Name] = map[string]any{"Options": map[string]any{"Verbose": wrongFor(r, "bool")}}
			default:
				q.Inputs[in.Name] = map[string]any{"Servers": wrongFor(r, "list")}
			}
			return typed(inField(), in.Name, "a record field of the wrong type")
		case "list":
			if r.IntN(2) == 0 {
				q.Inputs[in.Name] = []any{map[string]any{"Path": "a.go", "Size": 3}}
				return typed(inField(), in.Name, "a list item's field that is not declared")
			}
			q.Inputs[in.Name] = []any{map[string]any{"Path": wrongFor(r, "string")}}
			return typed(inField(), in.Name, "a list item's field of the wrong type")
		}
		return nil
	default:
		// The custom mode without a file: the packages refuse it, and
		// show has nothing to preview without custom.example.
		if p.Custom == nil || p.Custom.Example {
			return nil
		}
		q.Mode, q.Custom = "custom", nil
		return ref("Request.Custom", "custom", "the custom mode without a file")
	}
}

// items returns n values of item.
func items(n int, item func(int) any) []any {
	out := make([]any, n)
	for i := range out {
		out[i] = item(i)
	}
	return out
}
