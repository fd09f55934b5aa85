package config

import (
	"errors"
	"fmt"
	"maps"
	"path"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/promptc/promptc/compiler/jsregex"
	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/internal/lazyre"
)

// maxConditional is the most conditional parts (parts with models
// patterns) a project may have, and maxModeConditional the most one mode
// may send.
const (
	maxConditional     = 64
	maxModeConditional = 6
)

// check runs the validations that CUE cannot express: names that must refer
// to declared modes, one source per part, regexes that compile, an output
// directory that stays inside the project and a guide file name that is a
// plain name beside the generated files. Each finding is positioned at the
// offending value in promptc.cue. Each concern is a function of its own;
// their findings are sorted, so the order they run in does not show.
func check(l *Loaded) []diag.Diagnostic {
	c := l.Config
	var ds []diag.Diagnostic
	bad := func(path, format string, args ...any) {
		ds = append(ds, diag.Errorf(l.PosOf(path), RuleConfig, "%s: %s", path, fmt.Sprintf(format, args...)))
	}
	checkParts(bad, c)
	checkInputs(bad, c)
	checkModeRefs(bad, c)
	checkPlaceholders(bad, c)
	checkGoNames(bad, c)
	checkModes(bad, c)
	checkBudgets(bad, c)
	checkFamilyRules(bad, c)
	checkSettings(bad, c)
	checkTools(bad, c)
	checkPermissions(bad, c)
	checkProfiles(bad, c)
	checkPointerTemplate(bad, c.PointerTmpl)
	checkOutput(bad, l.Root, c)
	checkInstructions(bad, c.Instructions)
	return diag.Sort(ds)
}

// checkParts checks every part (checkPartSource, checkPart) and that at
// most maxConditional of them are conditional.
func checkParts(bad func(string, string, ...any), c *Config) {
	conditional := 0
	for _, name := range slices.Sorted(maps.Keys(c.Parts)) {
		checkPartSource(bad, c, name)
		checkPart(bad, c, name)
		if len(c.Parts[name].Models) > 0 {
			if conditional++; conditional == maxConditional+1 {
				bad("parts."+name+".models", "more than %d conditional parts; the generated package selects them with one bit each", maxConditional)
			}
		}
	}
}

// checkPartSource checks where part name takes its text from: exactly one
// source, and the fields that shape a file's text (omit, block,
// keepTrailing) only on a whole or partial file; a pointer's trigger that
// says something, and a tool catalogue to render.
func checkPartSource(bad func(string, string, ...any), c *Config, name string) {
	p := c.Parts[name]
	sources := 0
	for _, set := range []bool{p.File != "", p.Generated != "", p.Family != "", p.Pointer != nil, p.Template != ""} {
		if set {
			sources++
		}
	}
	if sources != 1 {
		bad("parts."+name, "a part needs exactly one of file, template, generated, family or pointer (found %d)", sources)
	}
	if len(p.Omit) > 0 && p.File == "" {
		bad("parts."+name+".omit", "omit takes blocks out of a file; part %s has no file", name)
	}
	if p.Block != "" && p.File == "" {
		bad("parts."+name+".block", "block %q needs a file to take it from", p.Block)
	}
	if p.KeepTrailing && (p.File == "" || p.Block != "") {
		bad("parts."+name+".keepTrailing", "keepTrailing keeps the end of a file; part %s is not a whole file: remove keepTrailing, or make the part a file without block", name)
	}
	// The schema refuses an empty trigger; one of white space only is as
	// empty to the model, which would read ": read docs/x.md".
	if p.Pointer != nil && strings.TrimSpace(p.Pointer.Trigger) == "" {
		bad("parts."+name+".pointer.trigger", "the trigger of pointer %s is only white space, so the model could not tell when to read %s; say in a few words what the domain is", name, p.Pointer.Source)
	}
	if p.Generated == "tools" && c.Tools == nil {
		bad("parts."+name+".generated", "part %s renders the tool catalogue, but promptc.cue has no tools: catalogue", name)
	}
}

// checkPart checks when part name is sent (its condition, its model
// patterns, which a family part cannot have), its budget, and that no
// slot has its name.
func checkPart(bad func(string, string, ...any), c *Config, name string) {
	p := c.Parts[name]
	if p.When != nil {
		checkWhen(bad, c, "parts."+name+".when", *p.When)
	}
	for i, pat := range p.Models {
		if _, err := regexp.Compile(pat); err != nil {
			bad(fmt.Sprintf("parts.%s.models.%d", name, i), "pattern does not compile: %v", reErr(pat, err))
		}
	}
	if len(p.Models) > 0 && p.Family != "" {
		bad("parts."+name+".models", "a family part (family: %q) is chosen by the family's file and cannot be conditional; make a file part with models instead", p.Family)
	}
	if p.Budget != nil {
		checkLimit(bad, "parts."+name+".budget", *p.Budget)
	}
	if _, dup := c.Slots[name]; dup {
		bad("slots."+name, "%q is both a part and a slot; rename one", name)
	}
}

// checkModeRefs checks the names that must be declared modes: order
// (each once), defaultMode, the targets of aliases (which must not hide a
// mode) and tiers.
func checkModeRefs(bad func(string, string, ...any), c *Config) {
	valid := "valid modes: " + strings.Join(slices.Sorted(maps.Keys(c.Modes)), ", ")
	isMode := func(n string) bool { _, ok := c.Modes[n]; return ok }
	for i, n := range c.Order {
		if !isMode(n) {
			bad(fmt.Sprintf("order.%d", i), "%q is not a declared mode (%s)", n, valid)
		}
		if slices.Index(c.Order, n) != i {
			bad(fmt.Sprintf("order.%d", i), "mode %q is listed twice", n)
		}
	}
	if !isMode(c.DefaultMode) {
		bad("defaultMode", "%q is not a declared mode (%s)", c.DefaultMode, valid)
	}
	for _, a := range slices.Sorted(maps.Keys(c.Aliases)) {
		if !isMode(c.Aliases[a]) {
			bad("aliases."+quote(a), "%q is not a declared mode (%s)", c.Aliases[a], valid)
		}
		if isMode(a) {
			bad("aliases."+quote(a), "alias %q hides the mode of the same name", a)
		}
	}
	for _, t := range slices.Sorted(maps.Keys(c.Tiers)) {
		if !isMode(c.Tiers[t]) {
			bad("tiers."+quote(t), "%q is not a declared mode (%s)", c.Tiers[t], valid)
		}
	}
}

// checkPlaceholders checks that every placeholder has a value, and that a
// run-time one takes it from the harness alone and has no slot's name.
func checkPlaceholders(bad func(string, string, ...any), c *Config) {
	for _, name := range slices.Sorted(maps.Keys(c.Placeholders)) {
		ph := c.Placeholders[name]
		if ph.Runtime != nil && (ph.Value != nil || len(ph.Family) > 0 || len(ph.Note) > 0) {
			bad("placeholders."+name+".runtime", "a run-time placeholder takes its value from the harness; remove value, family and note, or runtime")
		}
		if ph.Runtime == nil && ph.Value == nil && len(ph.Family) == 0 && len(ph.Note) == 0 && ph.Setting == nil {
			bad("placeholders."+name, "placeholder %q has no value: give it value, family, note, setting or runtime", name)
		}
		if ph.Setting != nil {
			checkPlaceholderSetting(bad, c, name)
		}
		if _, dup := c.Slots[name]; dup && ph.Runtime != nil {
			bad("placeholders."+name, "%q is both a slot and a run-time placeholder, which share the generated Slots; rename one", name)
		}
	}
}

// checkPlaceholderSetting checks the setting of placeholder name: alone
// with value (family, note and runtime choose otherwise), naming a
// declared setting, listing only its values, and giving a text for every
// one of them (or a value for the rest).
func checkPlaceholderSetting(bad func(string, string, ...any), c *Config, name string) {
	ph := c.Placeholders[name]
	at := "placeholders." + name + ".setting"
	if ph.Runtime != nil || len(ph.Family) > 0 || len(ph.Note) > 0 {
		bad(at, "placeholder %q takes its value by a setting's value; remove family, note and runtime, or setting", name)
		return
	}
	st, ok := c.Settings[ph.Setting.Name]
	if !ok {
		known := "promptc.cue declares no settings"
		if len(c.Settings) > 0 {
			known = "declared: " + strings.Join(slices.Sorted(maps.Keys(c.Settings)), ", ")
		}
		bad(at+".name", "placeholder %q takes its value by setting %q, which is not declared (%s); declare settings.%s or fix the name", name, ph.Setting.Name, known, ph.Setting.Name)
		return
	}
	for _, v := range slices.Sorted(maps.Keys(ph.Setting.Values)) {
		if !slices.Contains(st.Values, v) {
			bad(at+".values."+v, "%q is not a value of setting %s (values: %s); list only its values", v, ph.Setting.Name, strings.Join(st.Values, ", "))
		}
	}
	if ph.Value != nil {
		return
	}
	for _, v := range st.Values {
		if _, ok := ph.Setting.Values[v]; !ok {
			bad(at+".values", "placeholder %q has no text for value %q of setting %s; add %q: ... to values, or a value for the values it does not list", name, v, ph.Setting.Name, v)
		}
	}
}

// checkGoNames checks that no two names the generated package turns into
// identifiers of one kind (modes, slots and run-time placeholders,
// profiles, permission sets) become the same identifier.
func checkGoNames(bad func(string, string, ...any), c *Config) {
	// Run-time placeholders are fields of the generated Slots too.
	var fields []string
	for _, n := range slices.Sorted(maps.Keys(c.Placeholders)) {
		if c.Placeholders[n].Runtime != nil {
			fields = append(fields, n)
		}
	}
	for _, cl := range GoNameClashes(append(slices.Sorted(maps.Keys(c.Slots)), fields...)) {
		if slices.Contains(fields, cl.Name) && cl.Name != cl.Earlier {
			bad("placeholders."+quote(cl.Name), "run-time placeholder %q and %q both become the Slots field %s in the generated Go package; rename one", cl.Name, cl.Earlier, cl.GoName)
		}
	}
	goNameClashes(bad, "mode", "modes", slices.Sorted(maps.Keys(c.Modes)))
	goNameClashes(bad, "slot", "slots", slices.Sorted(maps.Keys(c.Slots)))
	if c.Profiles != nil {
		goNameClashes(bad, "profile", "profiles.values", slices.Sorted(maps.Keys(c.Profiles.Values)))
	}
	if c.Permissions != nil {
		goNameClashes(bad, "permission set", "permissions.values", slices.Sorted(maps.Keys(c.Permissions.Values)))
	}
}

// checkModes checks every mode (checkMode).
func checkModes(bad func(string, string, ...any), c *Config) {
	for _, name := range slices.Sorted(maps.Keys(c.Modes)) {
		checkMode(bad, c, name)
	}
}

// checkMode checks mode name: its budget, one way to end the text, before
// entries that name what it sends, and a compose list that names each part
// or slot once and sends at most maxModeConditional conditional parts.
func checkMode(bad func(string, string, ...any), c *Config, name string) {
	m := c.Modes[name]
	if m.Budget != nil {
		checkLimit(bad, "modes."+name+".budget", *m.Budget)
	}
	if m.End != nil && m.FinalNewline {
		bad("modes."+name+".end", "mode %s sets both end and finalNewline; finalNewline is end: \"\\n\": keep one", name)
	}
	sends := func(n string) bool { return slices.ContainsFunc(m.Compose, func(r Ref) bool { return r.Name == n }) }
	for _, b := range slices.Sorted(maps.Keys(m.Before)) {
		if !sends(b) {
			bad("modes."+name+".before."+b, "mode %s does not send %q; before names a part or slot of its compose list", name, b)
		}
	}
	for _, prev := range slices.Sorted(maps.Keys(m.After)) {
		if !sends(prev) {
			bad("modes."+name+".after."+prev, "mode %s does not send %q; after names a part or slot of its compose list, then one that follows it", name, prev)
			continue
		}
		at := slices.IndexFunc(m.Compose, func(r Ref) bool { return r.Name == prev })
		for _, next := range slices.Sorted(maps.Keys(m.After[prev])) {
			switch j := slices.IndexFunc(m.Compose, func(r Ref) bool { return r.Name == next }); {
			case j < 0:
				bad("modes."+name+".after."+prev+"."+next, "mode %s does not send %q; after.%s names the parts or slots that can follow %s in its compose list", name, next, prev, prev)
			case j <= at:
				bad("modes."+name+".after."+prev+"."+next, "mode %s sends %q before %q, so it never follows it; after.%s names the parts or slots that come later in its compose list", name, next, prev, prev)
			}
		}
	}
	seen := map[string]bool{}
	conditional := 0
	for i, r := range m.Compose {
		if r.Kind == "part" && len(c.Parts[r.Name].Models) > 0 {
			if conditional++; conditional == maxModeConditional+1 {
				bad(fmt.Sprintf("modes.%s.compose.%d", name, i), "mode %s sends more than %d conditional parts; the generated package keeps a cost notice for every subset of them", name, maxModeConditional)
			}
		}
		if seen[r.Name] {
			bad(fmt.Sprintf("modes.%s.compose.%d", name, i), "%s %q is listed twice", r.Kind, r.Name)
		}
		seen[r.Name] = true
	}
}

// checkBudgets checks the limit of every named (sum) budget.
func checkBudgets(bad func(string, string, ...any), c *Config) {
	for _, name := range slices.Sorted(maps.Keys(c.Budgets)) {
		checkLimit(bad, "budgets."+name, c.Budgets[name].Limit)
	}
}

// checkFamilyRules checks the patterns of every family rule.
func checkFamilyRules(bad func(string, string, ...any), c *Config) {
	for i, r := range c.Families.Rules {
		checkRulePatterns(bad, fmt.Sprintf("families.rules.%d", i), fmt.Sprintf("rule for family %q", r.Family), r)
	}
}

// checkProfiles checks the profiles: a declared default, and for each
// profile what it says of parts (checkProfileParts) and of tools
// (checkFullTools).
func checkProfiles(bad func(string, string, ...any), c *Config) {
	pr := c.Profiles
	if pr == nil {
		return
	}
	if _, ok := pr.Values[pr.Default]; !ok {
		bad("profiles.default", "%q is not a declared profile (valid: %s)", pr.Default, strings.Join(slices.Sorted(maps.Keys(pr.Values)), ", "))
	}
	for _, name := range slices.Sorted(maps.Keys(pr.Values)) {
		checkProfileParts(bad, c, name)
		checkFullTools(bad, c, name)
	}
}

// checkFullTools checks that profile name describes in full only tools of
// the catalogue, each listed once.
func checkFullTools(bad func(string, string, ...any), c *Config, name string) {
	full := c.Profiles.Values[name].FullTools
	for i, tool := range full {
		path := fmt.Sprintf("profiles.values.%s.fullTools.%d", name, i)
		if j := slices.Index(full, tool); j < i {
			bad(path, "tool %q is listed twice (first at fullTools.%d); list each tool once", tool, j)
			continue
		}
		if c.Tools == nil {
			bad(path, "names tool %q, but promptc.cue has no tools: catalogue", tool)
		} else if _, ok := c.Tools.Catalogue[tool]; !ok {
			bad(path, "%q is not in tools.catalogue (valid: %s)", tool, strings.Join(slices.Sorted(maps.Keys(c.Tools.Catalogue)), ", "))
		}
	}
}

// checkOutput checks where the output goes: an output directory inside
// the project root, and the guide's file name and reference patterns.
func checkOutput(bad func(string, string, ...any), root string, c *Config) {
	goField := c.Output.DirField()
	if _, _, err := OutputDir(root, c.Output.Dir); err != nil {
		bad(goField, "%v", err)
	}
	dirs := map[string]string{path.Clean(c.Output.Dir): goField}
	for _, t := range c.Output.TargetList() {
		if _, _, err := OutputDir(root, t.Dir); err != nil {
			bad(t.Field(), "%v", err)
			continue
		}
		if other, ok := dirs[path.Clean(t.Dir)]; ok {
			bad(t.Field(), "%q is the directory of %s too; each target needs a directory of its own, since build owns every file its manifest there lists", t.Dir, other)
		}
		dirs[path.Clean(t.Dir)] = t.Field()
	}
	g := c.Guide
	if g == nil {
		return
	}
	if why := checkGuideOutput(g.Output); why != "" {
		bad("guide.output", "%s", why)
	}
	for _, k := range slices.Sorted(maps.Keys(g.References)) {
		if _, err := regexp.Compile(g.References[k].Pattern); err != nil {
			bad("guide.references."+k+".pattern", "pattern does not compile: %v", reErr(g.References[k].Pattern, err))
		}
	}
}

// checkProfileParts checks that profile name says one thing about each
// part: a part it both omits and replaces, or replaces twice, is refused
// rather than one entry silently winning; and dropped lists only parts the
// profile omits or replaces with a part that is not a pointer (the text it
// loses on purpose), never a governing part or the tool catalogue, which
// no profile may drop.
func checkProfileParts(bad func(string, string, ...any), c *Config, name string) {
	pr := c.Profiles.Values[name]
	at := "profiles.values." + name
	omitted := map[string]int{}
	for i, o := range pr.Omit {
		if j, dup := omitted[o.Name]; dup {
			bad(fmt.Sprintf("%s.omit.%d", at, i), "%s %q is listed twice (first at omit.%d); list it once", o.Kind, o.Name, j)
			continue
		}
		omitted[o.Name] = i
	}
	replaced := map[string]int{}
	lossy := map[string]bool{}
	for i, r := range pr.Replace {
		if j, ok := omitted[r.Replace.Name]; ok {
			bad(fmt.Sprintf("%s.replace.%d.replace", at, i), "profile %s both omits %s (omit.%d) and replaces it here; a part is either left out or replaced: remove one of the two entries", name, r.Replace.Name, j)
			continue
		}
		if j, dup := replaced[r.Replace.Name]; dup {
			bad(fmt.Sprintf("%s.replace.%d.replace", at, i), "profile %s replaces %s twice (first at replace.%d); keep one entry", name, r.Replace.Name, j)
			continue
		}
		replaced[r.Replace.Name] = i
		lossy[r.Replace.Name] = r.With.Kind != "part" || c.Parts[r.With.Name].Pointer == nil
	}
	for i, d := range pr.Dropped {
		path := fmt.Sprintf("%s.dropped.%d", at, i)
		cp := c.Parts[d.Name]
		_, omits := omitted[d.Name]
		_, repl := replaced[d.Name]
		switch {
		case d.Kind == "part" && (cp.Governing || cp.Generated == "tools"):
			bad(path, "part %s is governing text or the tool catalogue, which no profile may drop; remove it from dropped (and from omit or replace)", d.Name)
		case repl && !lossy[d.Name]:
			bad(path, "profile %s replaces %s with a pointer, which carries its text: nothing is dropped; remove it from dropped", name, d.Name)
		case !omits && !repl:
			bad(path, "profile %s does not omit %s: dropped lists parts the profile omits (or replaces with a part that is not a pointer); remove it, or add it to omit", name, d.Name)
		}
	}
}

// ToolName returns the pattern of a catalogue tool's name: what a model
// writes to call it, and one item of a comma-separated discovery request.
// It is compiled on first use.
var ToolName = lazyre.New(`^[A-Za-z][A-Za-z0-9_-]{0,63}$`)

// checkTools checks tool names (the pattern, unique regardless of letter
// case) and the discovery tool: a profile that lists tools by name only
// must describe in full the tool the model asks for their descriptions.
func checkTools(bad func(string, string, ...any), c *Config) {
	if c.Tools == nil {
		return
	}
	names := slices.Sorted(maps.Keys(c.Tools.Catalogue))
	seen := map[string]string{}
	for _, n := range names {
		path := "tools.catalogue." + quote(n)
		if !ToolName().MatchString(n) {
			bad(path, "tool name %q: a tool name is a letter followed by letters, digits, _ or - (at most 64), with no spaces or commas: the model writes it to call the tool", n)
			continue
		}
		if prev, dup := seen[strings.ToLower(n)]; dup {
			bad(path, "tool %q differs from tool %q only in letter case; a model cannot tell them apart, so rename one", n, prev)
			continue
		}
		seen[strings.ToLower(n)] = n
	}
	disc := c.Tools.Discovery
	if disc != "" {
		t, ok := c.Tools.Catalogue[disc]
		if !ok {
			bad("tools.discovery", "%q is not in tools.catalogue (valid: %s)", disc, strings.Join(names, ", "))
			return
		}
		// Discovery only returns descriptions; a read-only session must
		// be able to ask for them.
		if t.Access != "read" {
			bad("tools.catalogue."+quote(disc)+".access", "the discovery tool %s has access %q, but it only returns descriptions: a read-only session could not ask for the tools it lists by name; give it access: \"read\"", disc, t.Access)
		}
	}
	if c.Profiles == nil {
		return // every tool is described in full
	}
	sets := PermissionSets(c)
	// byName lists the tools permission set s permits that profile pr
	// lists by name only: those the model must ask descriptions for.
	byName := func(pr, s string) []string {
		full := c.Profiles.Values[pr].FullTools
		var out []string
		for _, t := range names {
			if c.Permits(s, t) && !slices.Contains(full, t) {
				out = append(out, t)
			}
		}
		return out
	}
	profiles := slices.Sorted(maps.Keys(c.Profiles.Values))
	for _, name := range profiles {
		listed := slices.ContainsFunc(sets, func(s string) bool { return byName(name, s) != nil })
		full := c.Profiles.Values[name].FullTools
		switch {
		case !listed:
		case disc == "":
			bad("profiles.values."+name+".fullTools", "profile %s lists some tools by name only, but promptc.cue names no discovery tool: add the tool that returns descriptions to tools.catalogue and set tools.discovery", name)
		case !slices.Contains(full, disc):
			bad("profiles.values."+name+".fullTools", "profile %s lists tools by name only but does not describe the discovery tool %s in full: add %q to its fullTools, or the model cannot learn how to ask for the others", name, disc, disc)
		}
	}
	if disc == "" || c.Permissions == nil {
		return
	}
	// Every permission set under which some profile lists a permitted tool
	// by name only must permit the discovery tool, or the model sees names
	// it cannot ask about.
	for _, s := range sets {
		if c.Permits(s, disc) {
			continue
		}
		for _, name := range profiles {
			if listed := byName(name, s); listed != nil {
				bad("permissions.values."+s, "permission set %s does not permit the discovery tool %s, but profile %s lists tools it permits by name only (%s): the model could not ask for their descriptions; add %q to permissions.values.%s.tools", s, disc, name, strings.Join(listed, ", "), disc, s)
				break
			}
		}
	}
}

// PermissionSets lists the declared permission sets, the default first;
// {""} (every tool) when the project declares none.
func PermissionSets(c *Config) []string {
	if c.Permissions == nil {
		return []string{""}
	}
	out := []string{c.Permissions.Default}
	for _, n := range slices.Sorted(maps.Keys(c.Permissions.Values)) {
		if n != c.Permissions.Default {
			out = append(out, n)
		}
	}
	return out
}

// checkPermissions checks the permission sets: a default that is declared,
// tools that are in the catalogue, no entry listed twice, and no set that
// permits nothing (a session under it would be told of no tool at all).
func checkPermissions(bad func(string, string, ...any), c *Config) {
	ps := c.Permissions
	if ps == nil {
		return
	}
	if c.Tools == nil {
		bad("permissions", "permission sets choose tools of the catalogue, but promptc.cue has no tools: catalogue; declare tools or remove permissions")
		return
	}
	setNames := slices.Sorted(maps.Keys(ps.Values))
	if _, ok := ps.Values[ps.Default]; !ok {
		bad("permissions.default", "%q is not a declared permission set (valid: %s)", ps.Default, strings.Join(setNames, ", "))
	}
	tools := slices.Sorted(maps.Keys(c.Tools.Catalogue))
	for _, name := range setNames {
		set := ps.Values[name]
		at := "permissions.values." + name
		for i, a := range set.Access {
			if slices.Index(set.Access, a) != i {
				bad(fmt.Sprintf("%s.access.%d", at, i), "access %q is listed twice", a)
			}
		}
		for i, t := range set.Tools {
			switch {
			case !slices.Contains(tools, t):
				bad(fmt.Sprintf("%s.tools.%d", at, i), "%q is not in tools.catalogue (valid: %s)", t, strings.Join(tools, ", "))
			case slices.Index(set.Tools, t) != i:
				bad(fmt.Sprintf("%s.tools.%d", at, i), "tool %q is listed twice", t)
			}
		}
		if !slices.ContainsFunc(tools, func(t string) bool { return c.Permits(name, t) }) {
			bad(at, "permission set %s permits no tool of the catalogue: a session under it would be told of no tool; give it access (\"read\", \"write\") or tools, or use a mode without the tools part", name)
		}
	}
}

// templateMarker finds the {{...}} markers of a pointer template.
var templateMarker = lazyre.New(`\{\{[^{}]*\}\}`)

// checkPointerTemplate requires {{trigger}} and {{source}} in the pointer
// template and refuses any other marker, which would be sent as written.
func checkPointerTemplate(bad func(string, string, ...any), tmpl string) {
	for _, m := range templateMarker().FindAllString(tmpl, -1) {
		if m != "{{trigger}}" && m != "{{source}}" {
			bad("pointerTemplate", "unknown marker %s: a pointer template knows {{trigger}} and {{source}} only", m)
			return
		}
	}
	for _, m := range []string{"{{trigger}}", "{{source}}"} {
		if !strings.Contains(tmpl, m) {
			bad("pointerTemplate", "the template has no %s, so every pointer would be sent without its %s; write both, e.g. \"{{trigger}}: read {{source}} before answering.\"", m, strings.Trim(m, "{}"))
		}
	}
}

// checkWhen verifies a part's condition: a declared bool or enum input,
// and values of its type (declared values for an enum).
func checkWhen(bad func(string, string, ...any), c *Config, path string, w When) {
	n := 0
	for _, set := range []bool{w.Input != "", w.Setting != "", len(w.Family) > 0} {
		if set {
			n++
		}
	}
	if n != 1 {
		bad(path, "a condition tests exactly one of input, setting or family; write when: {input: \"Name\"}, when: {setting: \"Name\", is: [\"value\"]} or when: {family: [\"name\"]}")
		return
	}
	if len(w.Family) > 0 {
		if len(w.Is) > 0 {
			bad(path+".is", "a condition on the family lists the families in family: write when: {family: [\"name\"]} without is")
		}
		return
	}
	if w.Setting != "" {
		checkSettingWhen(bad, c, path, w)
		return
	}
	in, ok := c.Inputs[w.Input]
	if !ok {
		bad(path+".input", "%q is not a declared input (%s); declare inputs.%s or fix the name", w.Input, inputList(c), w.Input)
		return
	}
	switch in.Type {
	case InputBool:
		for i, v := range w.Is {
			if _, ok := v.(bool); !ok {
				bad(fmt.Sprintf("%s.is.%d", path, i), "input %s is a bool: write true or false, not %q", w.Input, fmt.Sprint(v))
			}
		}
	case InputEnum:
		if len(w.Is) == 0 {
			bad(path, "input %s is an enum: list the values that send the part in is (values: %s)", w.Input, strings.Join(in.Values, ", "))
		}
		for i, v := range w.Is {
			if s, ok := v.(string); !ok || !slices.Contains(in.Values, s) {
				bad(fmt.Sprintf("%s.is.%d", path, i), "%v is not a value of input %s (values: %s)", v, w.Input, strings.Join(in.Values, ", "))
			}
		}
	default:
		bad(path+".input", "input %s is a %s; a condition tests a bool or an enum input", w.Input, in.Type)
	}
}

// checkSettingWhen verifies a condition on a per-model setting: a
// declared setting and, in is, at least one of its values and nothing
// else.
func checkSettingWhen(bad func(string, string, ...any), c *Config, path string, w When) {
	st, ok := c.Settings[w.Setting]
	if !ok {
		declared := "promptc.cue declares no settings"
		if len(c.Settings) > 0 {
			declared = "declared: " + strings.Join(slices.Sorted(maps.Keys(c.Settings)), ", ")
		}
		bad(path+".setting", "%q is not a declared setting (%s); declare settings.%s or fix the name", w.Setting, declared, w.Setting)
		return
	}
	if len(w.Is) == 0 {
		bad(path, "setting %s: list the values that send the part in is (values: %s)", w.Setting, strings.Join(st.Values, ", "))
	}
	for i, v := range w.Is {
		if s, ok := v.(string); !ok || !slices.Contains(st.Values, s) {
			bad(fmt.Sprintf("%s.is.%d", path, i), "%v is not a value of setting %s (values: %s)", v, w.Setting, strings.Join(st.Values, ", "))
		}
	}
}

// checkSettings verifies each per-model setting: its values (at least
// one, each once), a default and rule values among them, rule patterns
// that compile (checkRulePatterns, as for family rules), and example
// values among them. Whether each example resolves to its value is the
// compiler's check (family.CheckSettingExamples).
func checkSettings(bad func(string, string, ...any), c *Config) {
	for _, name := range slices.Sorted(maps.Keys(c.Settings)) {
		st := c.Settings[name]
		path := "settings." + name
		values := strings.Join(st.Values, ", ")
		if len(st.Values) == 0 {
			bad(path+".values", "setting %s needs values, at least one", name)
		}
		for i, v := range st.Values {
			if slices.Index(st.Values, v) != i {
				bad(fmt.Sprintf("%s.values.%d", path, i), "value %q is listed twice", v)
			}
		}
		if len(st.Values) > 0 && !slices.Contains(st.Values, st.Default) {
			bad(path+".default", "%q is not one of the values of setting %s (%s)", st.Default, name, values)
		}
		for i, r := range st.Rules {
			at := fmt.Sprintf("%s.rules.%d", path, i)
			if !slices.Contains(st.Values, r.Value) {
				bad(at+".value", "%q is not one of the values of setting %s (%s)", r.Value, name, values)
			}
			checkRulePatterns(bad, at, fmt.Sprintf("rule for value %q", r.Value), Rule{Name: r.Name, Provider: r.Provider, ID: r.ID, All: r.All})
		}
		for _, id := range slices.Sorted(maps.Keys(st.Examples)) {
			if v := st.Examples[id]; !slices.Contains(st.Values, v) {
				bad(path+".examples."+quote(id), "%q is not one of the values of setting %s (%s)", v, name, values)
			}
		}
	}
}

// checkRulePatterns verifies the patterns of a family or setting rule at
// path: each compiles (reErr says why not), and there is at least one.
// what names the rule for the message.
func checkRulePatterns(bad func(string, string, ...any), path, what string, r Rule) {
	for _, f := range []struct {
		field    string
		patterns []string
	}{{"name", r.Name}, {"provider", r.Provider}, {"id", r.ID}, {"all", r.All}} {
		for j, p := range f.patterns {
			if _, err := regexp.Compile(p); err != nil {
				bad(fmt.Sprintf("%s.%s.%d", path, f.field, j), "pattern does not compile: %v", reErr(p, err))
			}
		}
	}
	if len(r.Name)+len(r.Provider)+len(r.ID)+len(r.All) == 0 {
		bad(path, "%s has no patterns and can never match; give it name, provider, id or all patterns", what)
	}
}

// inputList names the declared inputs for messages.
func inputList(c *Config) string {
	if len(c.Inputs) == 0 {
		return "promptc.cue declares no inputs"
	}
	return "declared: " + strings.Join(slices.Sorted(maps.Keys(c.Inputs)), ", ")
}

// checkInputs verifies that each input sets the fields of its type and no
// others, and that typical values fit the maximums.
func checkInputs(bad func(string, string, ...any), c *Config) {
	for _, name := range slices.Sorted(maps.Keys(c.Inputs)) {
		checkInput(bad, "inputs."+name, "input", c.Inputs[name])
	}
}

// checkInput checks input or field in (what says which) at path, and its
// fields, to any depth.
func checkInput(bad func(string, string, ...any), path, what string, in Input) {
	name := in.Name
	// Which fields each type takes: one that does not belong is an
	// error rather than silently ignored.
	set := map[string]bool{
		"maxChars": in.MaxChars != nil, "typical": in.Typical != nil, "typicalChars": in.TypicalChars != nil,
		"values": in.Values != nil, "fields": in.Fields != nil, "maxItems": in.MaxItems != nil, "typicalItems": in.TypicalItems != nil,
		"limitChars": in.LimitChars != nil, "limitItems": in.LimitItems != nil,
	}
	takes := map[string][]string{
		InputString: {"maxChars", "typical", "typicalChars", "limitChars"},
		InputBool:   {"typical"},
		InputEnum:   {"values", "typical"},
		InputList:   {"fields", "maxItems", "typicalItems", "limitItems"},
		InputRecord: {"fields"},
	}[in.Type]
	for _, f := range slices.Sorted(maps.Keys(set)) {
		if set[f] && !slices.Contains(takes, f) {
			bad(path+"."+f, "a %s %s takes no %s (it takes %s)", in.Type, what, f, strings.Join(takes, ", "))
		}
	}
	_, isBool := in.Typical.(bool)
	if in.Typical != nil && isBool != (in.Type == InputBool) {
		bad(path+".typical", "the typical value of a %s %s is %s", in.Type, what, map[bool]string{true: "true or false", false: "a string"}[in.Type == InputBool])
		return
	}
	typical, _ := in.Typical.(string)
	hasTypical := in.Typical != nil
	switch in.Type {
	case InputString:
		if in.MaxChars == nil {
			bad(path, "string %s %s needs maxChars, the most characters budgets plan for (a limit Validate enforces is limitChars, optional)", what, name)
			return
		}
		var tp *string
		if hasTypical {
			tp = &typical
		}
		checkTypical(bad, path, *in.MaxChars, tp, in.TypicalChars)
		checkInputLimit(bad, path+".limitChars", "limitChars", "maxChars", *in.MaxChars, in.LimitChars)
	case InputEnum:
		if len(in.Values) == 0 {
			bad(path, "enum %s %s needs values, at least one", what, name)
		}
		for i, v := range in.Values {
			if slices.Index(in.Values, v) != i {
				bad(fmt.Sprintf("%s.values.%d", path, i), "value %q is listed twice", v)
			}
		}
		if hasTypical && !slices.Contains(in.Values, typical) {
			bad(path+".typical", "%q is not one of the values (%s)", typical, strings.Join(in.Values, ", "))
		}
	case InputList, InputRecord:
		if len(in.Fields) == 0 {
			of := "its items"
			if in.Type == InputRecord {
				of = "the record"
			}
			bad(path, "%s %s %s needs fields, the fields of %s, at least one", in.Type, what, name, of)
		}
		if in.Type == InputList {
			if in.MaxItems == nil {
				bad(path, "list %s %s needs maxItems, the most items budgets plan for (a limit Validate enforces is limitItems, optional)", what, name)
			} else {
				if in.TypicalItems != nil && *in.TypicalItems > *in.MaxItems {
					bad(path+".typicalItems", "typicalItems %d is more than maxItems %d", *in.TypicalItems, *in.MaxItems)
				}
				checkInputLimit(bad, path+".limitItems", "limitItems", "maxItems", *in.MaxItems, in.LimitItems)
			}
		}
		for _, fn := range in.FieldNames() {
			checkInput(bad, path+".fields."+fn, "field", in.Fields[fn])
		}
	}
}

// checkInputLimit verifies that a declared limit (limitChars, limitItems) is
// at least the planning maximum it goes with: budgets planned past what
// Validate accepts would count text no call can send.
func checkInputLimit(bad func(string, string, ...any), path, limitName, maxName string, planned int, limit *int) {
	if limit != nil && *limit < planned {
		bad(path, "%s %d is less than %s %d, the figure budgets plan with; lower %s to %d or raise the limit", limitName, *limit, maxName, planned, maxName, *limit)
	}
}

// checkTypical verifies that a string's typical value or length fits its
// maxChars, and that it does not give both.
func checkTypical(bad func(string, string, ...any), path string, maxChars int, typical *string, typicalChars *int) {
	if typical != nil && typicalChars != nil {
		bad(path+".typicalChars", "give typical or typicalChars, not both")
	}
	if typical != nil {
		if n := utf8.RuneCountInString(*typical); n > maxChars {
			bad(path+".typical", "the typical value is %d characters, more than maxChars %d", n, maxChars)
		}
	}
	if typicalChars != nil && *typicalChars > maxChars {
		bad(path+".typicalChars", "typicalChars %d is more than maxChars %d", *typicalChars, maxChars)
	}
}

func checkLimit(bad func(string, string, ...any), path string, l Limit) {
	if (l.Chars == 0) == (l.Tokens == 0) {
		bad(path, "a budget needs exactly one of chars or tokens")
	}
}

// reErr strips Go's "error parsing regexp: " prefix, which repeats what the
// message already says.
// reErr says why pattern did not compile (err, from regexp.Compile). RE2
// says "invalid or unsupported Perl syntax" for a lookaround or a
// backreference, which names neither the construct nor what to write:
// where jsregex, which checks the same constructs in model notes, refuses
// the pattern, its message (the construct, its column in the pattern, the
// advice) is given instead, so both kinds of pattern teach alike.
func reErr(pattern string, err error) string {
	var se *syntax.Error
	if !errors.As(err, &se) || se.Code != syntax.ErrInvalidPerlOp && se.Code != syntax.ErrInvalidEscape && se.Code != syntax.ErrInvalidNamedCapture {
		// RE2's own words are clear (missing closing ), ...).
		return strings.TrimPrefix(err.Error(), "error parsing regexp: ")
	}
	var je *jsregex.Error
	if _, jerr := jsregex.Translate(pattern, ""); errors.As(jerr, &je) {
		// je's column counts the opening slash of /pattern/.
		return fmt.Sprintf("column %d of the pattern: %s: %s: `%s`", je.Col-1, je.Construct, je.Msg, pattern)
	}
	return strings.TrimPrefix(err.Error(), "error parsing regexp: ")
}

// quote writes a map key as a CUE path selector.
func quote(k string) string {
	if regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`).MatchString(k) {
		return k
	}
	return fmt.Sprintf("%q", k)
}

// GoName returns the exported Go identifier suffix the generated package
// uses for a name of promptc.cue: "dev-js" and "dev_js" both become
// "DevJs", so two such names cannot live in one project.
func GoName(name string) string {
	var b strings.Builder
	up := true
	for _, r := range name {
		if r == '-' || r == '_' || r == '.' || r == ' ' {
			up = true
			continue
		}
		if up {
			r = unicode.ToUpper(r)
			up = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// GoNameClash is a name that the generated package would give the same
// Go identifier as an earlier one.
type GoNameClash struct {
	// Earlier and Name are the two names, in the order given.
	Earlier, Name string
	// GoName is the identifier both become.
	GoName string
}

// GoNameClashes returns, for names in the order given, every name whose
// GoName equals that of an earlier name. The config check (modes, parts,
// slots) and the compiler (families, named by their files) both use it, so
// the generated package can never declare one identifier twice.
func GoNameClashes(names []string) []GoNameClash {
	var out []GoNameClash
	seen := map[string]string{}
	for _, n := range names {
		g := GoName(n)
		if prev, ok := seen[g]; ok {
			out = append(out, GoNameClash{Earlier: prev, Name: n, GoName: g})
			continue
		}
		seen[g] = n
	}
	return out
}

// goNameClashes reports names of one kind that the generated package would
// give the same Go identifier.
func goNameClashes(bad func(string, string, ...any), kind, path string, names []string) {
	// The Go type is the kind's first word: "permission set" is Permission.
	typ, _, _ := strings.Cut(kind, " ")
	for _, c := range GoNameClashes(names) {
		bad(path+"."+quote(c.Name), "%s %q and %q both become %s%s in the generated Go package; rename one", kind, c.Earlier, c.Name, strings.ToUpper(typ[:1])+typ[1:], c.GoName)
	}
}
