package compiler_test

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// capabilityWordsProject declares a capability line whose words are not ASCII
// and whose longest line has maxChars at most.
func capabilityWordsProject(maxChars int) map[string]string {
	return map[string]string{
		"promptc.cue": `version: "v1"
parts: tools: generated: "tools"
tools: discovery: "tool_search"
tools: catalogue: {
	tool_search: {group: "discovery", access: "read", file: "tools/tool_search.md"}
	websearch: {group: "web", access: "read", file: "tools/websearch.md"}
	todo: {group: "planning", access: "read", file: "tools/todo.md"}
}
tools: capability: {tools: ["websearch", "todo"], listed: "Outils à portée : ", maxChars: ` + strconv.Itoa(maxChars) + `}
modes: focus: compose: [parts.tools]
order: ["focus"]
defaultMode: "focus"
`,
		"tools/tool_search.md": "tool_search: finds tools.\n", "tools/websearch.md": "websearch: searches.\n", "tools/todo.md": "todo: plans.\n",
	}
}

// tools.capability.maxChars counts characters, as every limit of text in
// promptc does: a line of exactly maxChars characters (more bytes) fits,
// one character less is refused with the line's count.
func TestCapabilityLineCountsCharacters(t *testing.T) {
	line := "Outils à portée : websearch, todo."
	n := utf8.RuneCountInString(line)
	if n == len(line) {
		t.Fatal("the line must have characters of several bytes")
	}
	if got := findingsOfRule(t, capabilityWordsProject(n), "CAPABILITY_LINE"); got != "" {
		t.Errorf("a line of exactly maxChars characters:\n%s", got)
	}
	got := findingsOfRule(t, capabilityWordsProject(n-1), "CAPABILITY_LINE")
	want := "the capability line of the default profile has " + strconv.Itoa(n) + " characters with every tool it names present, over tools.capability.maxChars (" + strconv.Itoa(n-1) + "): \"" + line + "\""
	if strings.Count(got, "\n") != 1 || !strings.Contains(got, want) {
		t.Errorf("one character over:\n%s\nwant it to contain\n%s", got, want)
	}
}
