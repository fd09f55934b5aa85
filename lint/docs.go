package lint

import (
	"fmt"
	"path"
	"strings"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/promptc/promptc/internal/diag"
)

// RulesMarkdown renders the registry as docs/rules.md: the categories, how
// to suppress findings, a table of every rule, and one section per rule
// (anchored by its ID) with its category, severity, purpose, explanation
// and bad and good examples.
func RulesMarkdown() string {
	var b strings.Builder
	b.WriteString(`# promptc lint rules

<!-- Generated from the rule registry (lint/rules.go) by ` + "`go test ./lint -update`" + `. Do not edit. -->

` + "`promptc lint`" + ` compiles the project, runs every rule below and prints the findings. Each
finding names a position (path, line and column, columns counted in Unicode code points), a rule
ID, a severity and a message. Errors make lint exit 1; warnings do too with ` + "`--strict`" + `; infos
never do. At most ` + fmt.Sprint(diag.MaxPerRuleAndFile) + ` findings of one rule in one file are printed, then one that counts the
rest. ` + "`promptc lint --explain RULE_ID`" + ` prints a rule's section of this page, and
` + "`promptc lint --list-rules`" + ` lists them all.

## Categories

| category | rules | what it covers |
| --- | --- | --- |
`)
	for _, c := range categories {
		n := 0
		for _, r := range registry {
			if r.Category == c.Name {
				n++
			}
		}
		fmt.Fprintf(&b, "| `%s` | %d | %s |\n", c.Name, n, cell(c.Summary))
	}
	b.WriteString(`
## Choosing and suppressing rules

In ` + "`promptc.cue`" + `:

` + "```cue" + `
lint: {
	use: ["MINIMAL", "SECURITY"]       // rule IDs or categories to run; empty runs every rule
	except: ["TEXT_TRAILING_SPACE"]    // rule IDs or categories not to run
	ignore: ["prompts/vendor/**"]      // path globs whose findings are dropped
	ignoreOnly: ORPHAN_FILE: ["README.md"] // rule ID -> path globs
	forbidTabs: true                   // turn on TEXT_TAB
}
` + "```" + `

An unknown rule ID or category, or a malformed glob, is a configuration error. Globs use
doublestar syntax and match paths relative to the project root. ` + "`promptc lint --format config-ignore`" + `
prints a ` + "`lint: ignoreOnly: {...}`" + ` block that silences every current finding, to adopt lint on an
existing project and fix findings one rule at a time.

In a Markdown asset, on a line of its own outside code:

` + "```markdown" + `
<!-- promptc:ignore RULE_ID why this is fine -->
<!-- promptc:file-ignore RULE_ID why this is fine -->
` + "```" + `

- ` + "`promptc:ignore`" + ` suppresses the rule on the next non-blank line (directive lines are skipped, so
  several directives can be stacked) and, when that line starts a block, through the end of the
  block: up to the next blank line, blank lines inside a fenced code block included.
- ` + "`promptc:file-ignore`" + ` suppresses the rule anywhere in the file, findings without a line included.
- Several rules can be listed with commas: ` + "`<!-- promptc:ignore STATIC_DYNAMIC,SECRET reason -->`" + `.
- The reason is required (` + "`IGNORE_NO_REASON`" + `); a directive without one suppresses nothing. The rule
  must exist (` + "`IGNORE_UNKNOWN_RULE`" + `); a directive that suppresses nothing is reported
  (` + "`IGNORE_UNUSED`" + `), unless its rule is turned off in promptc.cue. Rules of the ` + "`SUPPRESSION`" + ` category
  cannot be suppressed by a directive.
- Directive lines are removed from the text sent, like block markers, so they cost no tokens.

Every command suppresses findings the same way: ` + "`promptc lint`" + `, the language server, ` + "`promptc build`" + `
and the commands that print what build would ship (` + "`show`" + `, ` + "`costs`" + `, ` + "`resolve`" + `) drop the findings the
lint section and the directives above suppress, and refuse to go on while an error remains, naming
each (file:line:col, message, rule). So a project that lint passes builds, and one that builds is
shown and costed (show, costs and resolve do not look for credentials: show redacts them). Two kinds
of rule are limited, in every command alike:

- A credential (` + "`SECRET`" + `) ships to every provider: only a ` + "`promptc:ignore SECRET reason`" + ` or
  ` + "`promptc:file-ignore SECRET reason`" + ` directive in its file lets one through, an exception reviewed next
  to the text (a vendor's published example key). The lint section does not turn the rule off, and
  naming it in ` + "`except`" + ` or ` + "`ignoreOnly`" + ` is a configuration error.
- The errors of the ` + "`MINIMAL`" + ` category that the compiler reports, and ` + "`PATH_ESCAPE`" + `, mean the
  composed text is wrong or missing (a file not read, an include not resolved, a template that does
  not parse): nothing suppresses them. A directive naming one is ` + "`IGNORE_MALFORMED`" + `; naming one in
  ` + "`except`" + ` or ` + "`ignoreOnly`" + ` is a configuration error; ` + "`use`" + ` and ` + "`ignore`" + ` leave them reported.

Each rule below says when it is limited.

## Rules

| rule | category | severity | purpose |
| --- | --- | --- | --- |
`)
	rules := Rules()
	for _, r := range rules {
		fmt.Fprintf(&b, "| [`%s`](#%s) | %s | %s | %s |\n", r.ID, r.ID, r.Category, r.Severity, cell(r.Summary))
	}
	b.WriteString("\n")
	last := Category("")
	for _, r := range rules {
		if r.Category != last {
			fmt.Fprintf(&b, "## %s\n\n", r.Category)
			last = r.Category
		}
		fmt.Fprintf(&b, "<a id=\"%s\"></a>\n\n### %s\n\n", r.ID, r.ID)
		fmt.Fprintf(&b, "Category `%s` · severity %s\n\n%s\n\n", r.Category, r.Severity, prose(r.Summary))
		if s := Suppressible(r.ID); s != "" {
			fmt.Fprintf(&b, "Suppression: %s\n\n", s)
		}
		for _, para := range strings.Split(r.Doc, "\n\n") {
			b.WriteString(prose(para))
			b.WriteString("\n\n")
		}
		writeExample(&b, "Bad", r.Bad)
		writeExample(&b, "Good", r.Good)
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}

// writeExample renders a txtar example as one fenced block per file, each
// introduced by its path.
func writeExample(b *strings.Builder, title, ex string) {
	fmt.Fprintf(b, "%s:\n\n", title)
	for _, f := range txtar.Parse([]byte(ex)).Files {
		fence := "```"
		for strings.Contains(string(f.Data), fence) {
			fence += "`"
		}
		fmt.Fprintf(b, "`%s`\n\n%s%s\n%s%s\n\n", f.Name, fence, language(f.Name), strings.TrimRight(string(f.Data), "\n"), "\n"+fence)
	}
}

// language is the info string of a fenced block showing the file name.
func language(name string) string {
	switch path.Ext(name) {
	case ".cue":
		return "cue"
	case ".md":
		return "markdown"
	case ".go":
		return "go"
	case ".json":
		return "json"
	}
	return "text"
}

// prose escapes "<" in running text, where "<!-- x -->" would otherwise
// start an HTML comment and hide the rest of the sentence.
func prose(s string) string { return strings.ReplaceAll(s, "<", "&lt;") }

// cell escapes text for a Markdown table cell.
func cell(s string) string {
	return strings.ReplaceAll(prose(s), "|", `\|`)
}
