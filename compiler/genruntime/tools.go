package genruntime

// This file is part of the fixed code of every generated package whose
// project has a tool catalogue: gogen copies its declarations after the
// package's data tables (toolCatalogue, and toolPermits with permission
// sets), and DescribeTools, DescribeToolsArgs and Permission.Tools are
// one-line calls into it. See the package documentation.

import (
	"fmt"
	"slices"
	"strings"
)

// Tool is a tool of the catalogue in promptc.cue.
type Tool struct {
	// Name is what the model writes to call it; Group its capability group.
	Name, Group string
	// Write is set when the tool can change anything (access: "write").
	Write bool
}

// Tools returns the whole catalogue, sorted by name, in a new slice.
func Tools() []Tool { return toolsWhere(nil) }

// toolsWhere returns the tools of the catalogue that permits allows
// (indexed like toolCatalogue; nil allows all), sorted by name, in a new
// slice.
func toolsWhere(permits []bool) []Tool {
	var out []Tool
	for i, t := range toolCatalogue {
		if permits == nil || permits[i] {
			out = append(out, Tool{Name: t.name, Group: t.group, Write: t.write})
		}
	}
	return out
}

// describeTools is DescribeTools: the full descriptions of the named
// tools, each once, separated by blank lines, or with no names the
// permitted tools by capability group. A tool is usable when permits
// (nil: every tool) and allowed (nil: every tool) both let it through;
// an unknown name and one that is not usable get the same error, which
// reveals nothing about restricted tools.
func describeTools(names []string, permits []bool, allowed func(name string) bool) (string, error) {
	ok := func(i int) bool {
		return (permits == nil || permits[i]) && (allowed == nil || allowed(toolCatalogue[i].name))
	}
	if len(names) == 0 {
		var b strings.Builder
		// Groups and the names within them are listed alphabetically.
		var groups []string
		for i := range toolCatalogue {
			if ok(i) && !slices.Contains(groups, toolCatalogue[i].group) {
				groups = append(groups, toolCatalogue[i].group)
			}
		}
		slices.Sort(groups)
		for _, group := range groups {
			b.WriteString("- " + group + ":")
			sep := " "
			for i := range toolCatalogue {
				if ok(i) && toolCatalogue[i].group == group {
					b.WriteString(sep + toolCatalogue[i].name)
					sep = ", "
				}
			}
			b.WriteString("\n")
		}
		return b.String(), nil
	}
	var parts []string
	for j, n := range names {
		if slices.Contains(names[:j], n) {
			continue
		}
		found := -1
		for i := range toolCatalogue {
			if toolCatalogue[i].name == n {
				found = i
				break
			}
		}
		if found < 0 || !ok(found) || toolCatalogue[found].desc < 0 {
			return "", fmt.Errorf("tool %q is not available", n)
		}
		parts = append(parts, texts[toolCatalogue[found].desc])
	}
	return strings.Join(parts, "\n\n"), nil
}

// listTools is the tools part of program pr listed again for a session
// whose Allowed callback refuses some tools: the tools the program lists
// in full (toolListings[pr].full, already those its permission set
// permits) that allowed lets through, their descriptions one after the
// other with a blank line between, then those it lists by name, grouped by capability under
// toolListingHeader, groups and names in the order the build lists them.
// With allowed letting every tool through it is the text the build
// wrote; a tool allowed refuses is neither described nor named.
func listTools(pr int, allowed func(name string) bool) string {
	l := &toolListings[pr]
	var b strings.Builder
	for _, i := range l.full {
		if !allowed(toolCatalogue[i].name) {
			continue
		}
		if b.Len() > 0 {
			b.WriteString("\n\n")
		}
		b.WriteString(texts[toolCatalogue[i].desc])
	}
	var groups []string
	for _, i := range l.named {
		if g := toolCatalogue[i].group; allowed(toolCatalogue[i].name) && !slices.Contains(groups, g) {
			groups = append(groups, g)
		}
	}
	if len(groups) == 0 {
		return b.String()
	}
	slices.Sort(groups)
	if b.Len() > 0 {
		b.WriteString("\n\n")
	}
	b.WriteString(toolListingHeader)
	for k, g := range groups {
		if k > 0 {
			b.WriteString("\n")
		}
		b.WriteString("- " + g + ":")
		sep := " "
		for _, i := range l.named {
			if toolCatalogue[i].group == g && allowed(toolCatalogue[i].name) {
				b.WriteString(sep + toolCatalogue[i].name)
				sep = ", "
			}
		}
	}
	// As every part's text, the listing ends without a newline.
	return b.String()
}

// capabilityLine is the capability line of tools (with listed[i] set for
// a tool the standing listing describes in full) that allowed (nil: every
// tool) lets through: the listed ones after listedWords, then the deferred
// ones after deferredWords, each group closed by ".", the two joined by a
// space; "" when no tool is left. The build measures it with every tool
// present, a generated package with a session's allowed callback.
func capabilityLine(listedWords, deferredWords string, tools []string, listed []bool, allowed func(name string) bool) string {
	var groups [2][]string
	for i, t := range tools {
		if allowed != nil && !allowed(t) {
			continue
		}
		k := 1
		if listed[i] {
			k = 0
		}
		groups[k] = append(groups[k], t)
	}
	var parts []string
	for k, words := range [2]string{listedWords, deferredWords} {
		if len(groups[k]) > 0 {
			parts = append(parts, words+strings.Join(groups[k], ", ")+".")
		}
	}
	return strings.Join(parts, " ")
}

// toolArgs splits the argument a model writes in a discovery call into
// tool names: separated by commas, each trimmed of white space. An empty
// argument is no names (the listing); an empty name between commas is an
// error.
func toolArgs(args string) ([]string, error) {
	if strings.TrimSpace(args) == "" {
		return nil, nil
	}
	var names []string
	for _, n := range strings.Split(args, ",") {
		n = strings.TrimSpace(n)
		if n == "" {
			return nil, fmt.Errorf("empty tool name in %q: separate tool names with single commas", args)
		}
		names = append(names, n)
	}
	return names, nil
}
