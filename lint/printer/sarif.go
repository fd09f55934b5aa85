package printer

import (
	"cmp"
	"io"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/internal/lazyre"
)

// sarifSchemaURI is the $schema written into SARIF logs: the address GitHub's
// code scanning documentation gives for the SARIF 2.1.0 schema.
const sarifSchemaURI = "https://json.schemastore.org/sarif-2.1.0.json"

// srcRoot is the uriBaseId of every relative artifact location: the project
// root, which code scanning resolves against the repository root.
const srcRoot = "%SRCROOT%"

// maxDescription is the longest fullDescription GitHub code scanning accepts,
// in characters.
const maxDescription = 1024

// SARIF log structures. Field order here is the key order in the output.
type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool        sarifTool         `json:"tool"`
	Invocations []sarifInvocation `json:"invocations"`
	ColumnKind  string            `json:"columnKind"`
	Results     []sarifResult     `json:"results"`
}

type sarifInvocation struct {
	ExecutionSuccessful        bool                `json:"executionSuccessful"`
	ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level     string          `json:"level"`
	Message   sarifText       `json:"message"`
	Locations []sarifLocation `json:"locations,omitempty"`
	// Descriptor names the rule of the problem (CONFIG, READ...).
	Descriptor *sarifDescriptor `json:"descriptor,omitempty"`
}

type sarifDescriptor struct {
	ID string `json:"id"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
	// SemanticVersion repeats Version when it is a semantic version.
	SemanticVersion string      `json:"semanticVersion,omitempty"`
	InformationURI  string      `json:"informationUri,omitempty"`
	Rules           []sarifRule `json:"rules"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifRule struct {
	ID                   string          `json:"id"`
	ShortDescription     sarifText       `json:"shortDescription"`
	FullDescription      sarifText       `json:"fullDescription"`
	Help                 sarifText       `json:"help"`
	HelpURI              string          `json:"helpUri,omitempty"`
	DefaultConfiguration sarifLevel      `json:"defaultConfiguration"`
	Properties           *sarifRuleProps `json:"properties,omitempty"`
}

type sarifLevel struct {
	Level string `json:"level"`
}

type sarifRuleProps struct {
	Category string   `json:"category"`
	Tags     []string `json:"tags"`
}

type sarifResult struct {
	RuleID           string          `json:"ruleId,omitempty"`
	RuleIndex        *int            `json:"ruleIndex,omitempty"`
	Level            string          `json:"level"`
	Message          sarifText       `json:"message"`
	Locations        []sarifLocation `json:"locations,omitempty"`
	RelatedLocations []sarifLocation `json:"relatedLocations,omitempty"`
}

type sarifLocation struct {
	ID               int           `json:"id,omitempty"`
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
	Message          *sarifText    `json:"message,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine,omitempty"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

// SARIF writes a SARIF 2.1.0 log with one run, indented by two spaces and
// ending in a newline.
//
// tool.driver names the tool (Options.Tool, Version, InformationURI) and
// lists Options.Rules, de-duplicated by ID and sorted by it, each with its
// summary as shortDescription, its doc as fullDescription (cut to the 1,024
// characters GitHub code scanning accepts) and help text, its default level
// and its category (as properties.category and a tag). helpUri is written
// only when the rule's address is absolute, as SARIF requires; a relative
// address is added to the help text instead.
//
// Each diagnostic becomes a result with ruleId, ruleIndex when the rule is
// listed, level ("error", "warning", or "note" for info) and message. Its
// location is the file relative to %SRCROOT% (slash-separated and
// percent-encoded) with a region holding only the known line and column
// numbers; a diagnostic with no line number has no region. Columns count
// Unicode code points, which the run declares in columnKind. Related
// positions become relatedLocations with their messages, de-duplicated and
// numbered from 1. The run has one invocation: executionSuccessful is
// false when opt.Failure is set, and each failure is one of its
// toolExecutionNotifications.
func SARIF(w io.Writer, ds []diag.Diagnostic, opt Options) error {
	rules, index := sarifRules(opt)
	run := sarifRun{
		Tool: sarifTool{Driver: sarifDriver{
			Name:            cmp.Or(opt.Tool, DefaultTool),
			Version:         opt.Version,
			SemanticVersion: semanticVersion(opt.Version),
			InformationURI:  cmp.Or(opt.InformationURI, DefaultInformationURI),
			Rules:           rules,
		}},
		Invocations: []sarifInvocation{{ExecutionSuccessful: len(opt.Failure) == 0}},
		ColumnKind:  "unicodeCodePoints",
		Results:     []sarifResult{},
	}
	for _, d := range sorted(opt.Failure) {
		n := sarifNotification{
			Level:   sarifLevelOf(d.Severity),
			Message: sarifText{Text: cmp.Or(d.Message, d.Rule, "promptc stopped")},
		}
		if d.Rule != "" {
			n.Descriptor = &sarifDescriptor{ID: d.Rule}
		}
		if loc, ok := sarifLocationOf(spanOf(d)); ok {
			n.Locations = []sarifLocation{loc}
		}
		inv := &run.Invocations[0]
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, n)
	}
	for _, d := range sorted(ds) {
		res := sarifResult{
			RuleID:  d.Rule,
			Level:   sarifLevelOf(d.Severity),
			Message: sarifText{Text: cmp.Or(d.Message, d.Rule, "diagnostic")},
		}
		if i, ok := index[d.Rule]; ok {
			res.RuleIndex = &i
		}
		if loc, ok := sarifLocationOf(spanOf(d)); ok {
			res.Locations = []sarifLocation{loc}
		}
		var seen []diag.Related
		for _, r := range d.Related {
			r.Pos = position(r.Pos)
			if slices.Contains(seen, r) {
				continue
			}
			seen = append(seen, r)
			loc, ok := sarifLocationOf(span{path: r.Pos.Path, line: r.Pos.Line, col: r.Pos.Col})
			if !ok {
				continue
			}
			loc.ID = len(res.RelatedLocations) + 1
			if r.Message != "" {
				loc.Message = &sarifText{Text: r.Message}
			}
			res.RelatedLocations = append(res.RelatedLocations, loc)
		}
		run.Results = append(run.Results, res)
	}
	return writeJSON(w, sarifLog{Schema: sarifSchemaURI, Version: "2.1.0", Runs: []sarifRun{run}})
}

// sarifRules builds tool.driver.rules from opt.Rules and returns it with the
// index of each rule ID in it.
func sarifRules(opt Options) ([]sarifRule, map[string]int) {
	infos := make([]RuleInfo, 0, len(opt.Rules))
	for _, r := range opt.Rules {
		if r.ID == "" || slices.ContainsFunc(infos, func(o RuleInfo) bool { return o.ID == r.ID }) {
			continue
		}
		infos = append(infos, r)
	}
	slices.SortFunc(infos, func(a, b RuleInfo) int { return cmp.Compare(a.ID, b.ID) })

	rules := make([]sarifRule, 0, len(infos))
	index := make(map[string]int, len(infos))
	for i, r := range infos {
		index[r.ID] = i
		help := cmp.Or(r.Doc, r.Summary, r.ID)
		sr := sarifRule{
			ID:                   r.ID,
			ShortDescription:     sarifText{Text: cmp.Or(r.Summary, r.ID)},
			FullDescription:      sarifText{Text: truncate(cmp.Or(r.Doc, r.Summary, r.ID), maxDescription)},
			DefaultConfiguration: sarifLevel{Level: sarifLevelOf(r.Severity)},
		}
		if u := ruleDocURL(r, opt.RulesDocURL); u != "" {
			if isAbsoluteURI(u) {
				sr.HelpURI = u
			} else {
				help += "\n\nDocumentation: " + u
			}
		}
		sr.Help = sarifText{Text: help}
		if r.Category != "" {
			sr.Properties = &sarifRuleProps{Category: r.Category, Tags: []string{r.Category}}
		}
		rules = append(rules, sr)
	}
	return rules, index
}

// ruleDocURL is the documentation address of r: its own HelpURI, or the
// rules document with the rule ID as fragment, or "".
func ruleDocURL(r RuleInfo, base string) string {
	if r.HelpURI != "" {
		return r.HelpURI
	}
	if base == "" {
		return ""
	}
	base, _, _ = strings.Cut(base, "#")
	return base + "#" + url.PathEscape(r.ID)
}

// isAbsoluteURI reports whether s parses as a URI with a scheme.
func isAbsoluteURI(s string) bool {
	u, err := url.Parse(s)
	return err == nil && u.Scheme != ""
}

// sarifLevelOf maps a severity to a SARIF level.
func sarifLevelOf(s diag.Severity) string {
	switch severityName(s) {
	case "error":
		return "error"
	case "warning":
		return "warning"
	}
	return "note"
}

// sarifLocationOf converts a span to a SARIF location; it reports false for
// a span with no file.
func sarifLocationOf(s span) (sarifLocation, bool) {
	if s.path == "" {
		return sarifLocation{}, false
	}
	uri, base := artifactURI(s.path)
	loc := sarifLocation{PhysicalLocation: sarifPhysical{
		ArtifactLocation: sarifArtifact{URI: uri, URIBaseID: base},
	}}
	if s.line > 0 {
		loc.PhysicalLocation.Region = &sarifRegion{
			StartLine:   s.line,
			StartColumn: s.col,
			EndLine:     s.endLine,
			EndColumn:   s.endCol,
		}
	}
	return loc, true
}

// artifactURI turns a project path into a URI reference and the uriBaseId it
// is relative to. Backslashes become slashes and characters that are not
// allowed in a URI path are percent-encoded. An absolute path (which a
// project-relative diagnostic should never carry) becomes a file: URI with no
// base.
func artifactURI(p string) (uri, base string) {
	p = strings.ReplaceAll(p, `\`, "/")
	if strings.HasPrefix(p, "/") {
		return (&url.URL{Scheme: "file", Path: p}).String(), ""
	}
	for strings.HasPrefix(p, "./") {
		p = p[2:]
	}
	return (&url.URL{Path: p}).String(), srcRoot
}

// truncate shortens s to at most n characters, ending it with an ellipsis
// when something was cut.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)[:n-1]
	return strings.TrimRight(string(r), " \t\n") + "…"
}

// semverRE matches a semantic version 2.0.0 without a leading v.
var semverRE = lazyre.New(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?(\+[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$`)

// semanticVersion returns v, without a leading "v", when it is a semantic
// version, and "" otherwise (SARIF's semanticVersion must be one).
func semanticVersion(v string) string {
	v = strings.TrimPrefix(v, "v")
	if semverRE().MatchString(v) {
		return v
	}
	return ""
}
