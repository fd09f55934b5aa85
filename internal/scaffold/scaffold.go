// Package scaffold holds the starter projects `promptc init` writes: a
// small one to learn from, and one shaped like a full harness (four ordered
// modes, ten model families with their selection rules, the user's rules
// required in every mode, output styles, a SYSTEM.md override, a custom
// mode, and the budgets a harness of that kind declares). Both build and
// lint clean as written.
package scaffold

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
)

// Templates lists the names Files accepts, the default first.
var Templates = []string{"minimal", "harness"}

// Files returns the files of the template called name (slash path ->
// text), or an error naming the valid templates.
func Files(name string) (map[string]string, error) {
	switch name {
	case "minimal":
		return minimal(), nil
	case "harness":
		return harness(), nil
	}
	return nil, fmt.Errorf("unknown template %q (valid: %s)", name, strings.Join(Templates, ", "))
}

// ErrExists is matched (errors.Is) by the error Write returns when a path
// it would write is already taken: init never overwrites.
var ErrExists = errors.New("already exists")

// ExistsError names every path below Dir that keeps Write from writing:
// files that already exist, and files or links standing where Write needs
// a folder. Nothing has been written when it is returned.
type ExistsError struct {
	Dir   string
	Names []string // slash paths relative to Dir, sorted, each once
}

func (e *ExistsError) Error() string {
	fix := "init writes a new project and never overwrites, so pick an empty directory"
	if len(e.Names) == 1 {
		return fmt.Sprintf("%s: %s already exists; %s", e.Dir, e.Names[0], fix)
	}
	return fmt.Sprintf("%s: %d of its files already exist (%s); %s", e.Dir, len(e.Names), strings.Join(e.Names, ", "), fix)
}

// Is makes errors.Is(err, ErrExists) hold.
func (e *ExistsError) Is(target error) bool { return target == ErrExists }

// ErrNotDir is matched by the error Write returns when dir exists and is
// not a directory.
var ErrNotDir = errors.New("not a directory")

// Write creates files below dir (made if missing). Nothing is written when
// any path it needs is taken: a file that already exists, or anything but
// a folder where it needs one, is named in an *ExistsError; dir itself
// not being a directory is an error wrapping ErrNotDir. Paths are written
// sorted; each file is created exclusively, so a file that appears
// meanwhile is not overwritten either.
func Write(dir string, files map[string]string) ([]string, error) {
	if fi, err := os.Stat(dir); (err == nil && !fi.IsDir()) || errors.Is(err, syscall.ENOTDIR) {
		return nil, fmt.Errorf("%s: %w (it, or a folder on its path, is a file); name a new or empty directory for init to write the project into", dir, ErrNotDir)
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	slices.Sort(names)
	var clash []string
	for _, n := range names {
		taken, err := takenPath(dir, n)
		if err != nil {
			return nil, err
		}
		if taken != "" && !slices.Contains(clash, taken) {
			clash = append(clash, taken)
		}
	}
	if len(clash) > 0 {
		slices.Sort(clash)
		return nil, &ExistsError{Dir: dir, Names: clash}
	}
	for _, n := range names {
		p := filepath.Join(dir, filepath.FromSlash(n))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return nil, err
		}
		f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return nil, err
		}
		_, err = f.WriteString(files[n])
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return nil, err
		}
	}
	return names, nil
}

// MinimalConfig is the promptc.cue of the minimal template, also shown in
// the README as the smallest complete configuration.
const MinimalConfig = `version: "v1"
output: {dir: "generated", package: "prompts"}
lint: orphans: ["prompts/**/*.md"] // a README or notes beside the prompts are no orphans

parts: {
	base: {file: "prompts/base.md", budget: chars: 1200}
	familyLine: {family: "line", budget: chars: 300}
	familyBody: {family: "body", budget: chars: 2000}
	modelNote: {family: "note", budget: chars: 400}
}
slots: instructions: description: "The user's AGENTS.md, supplied at call time."

modes: {
	minimal: compose: [parts.base, slots.instructions]
	focus: compose: [parts.base, slots.instructions, parts.familyLine, parts.modelNote]
	full: compose: [parts.base, slots.instructions, parts.familyBody, parts.modelNote]
}
order: ["minimal", "focus", "full"]
defaultMode: "focus"
substitutions: [{replace: parts.familyLine, with: parts.familyBody}]

families: {
	files: "prompts/families/*.prompt.md"
	rules: [
		{family: "claude", name: ["(?i)^claude"]},
		{family: "codex", name: ["(?i)^gpt-", "^o[0-9]+(-|$)"]},
	]
	examples: {
		"openrouter/anthropic/claude-sonnet-4-5": "claude"
		"claude-opus-4-1": {family: "claude", note: "Opus"}
		"openai/gpt-5": "codex"
		"o3-mini":      "codex"
		"llama3.1:8b":  "neutral"
	}
}
`

func minimal() map[string]string {
	return map[string]string{
		"promptc.cue": MinimalConfig,
		"prompts/base.md": `You are a coding agent working in the user's repository through tools.
Read the code before you change it, keep each change to what was asked, and run the project's checks before you say a task is done.
`,
		"prompts/families/claude.prompt.md": `---
family: claude
provenance: Written for this project.
---
For Claude models: batch independent tool calls in one response and keep the final summary short.

When a request is ambiguous, ask one question before editing.
Prefer small, reviewable edits over rewriting whole files.

<!-- model "Opus" /opus/i -->
Opus plans well: write the plan once, then act on it without restating it.
`,
		"prompts/families/codex.prompt.md": `---
family: codex
provenance: Written for this project.
---
For GPT models: state the plan in one line, then make the change and show the command that checks it.

Use the patch tool for edits and read a file again after a failed patch.
Run the narrowest test that covers the change first, then the whole suite.
Report what you ran and what it showed, not what you expect it to show.
`,
	}
}

// takenPath returns the first prefix of the slash path n (below dir) that
// keeps n from being written: n itself if anything is there, or a folder
// on the way that is a file or link. It returns "" when n is free.
func takenPath(dir, n string) (string, error) {
	parts := strings.Split(n, "/")
	for i := range parts {
		p := strings.Join(parts[:i+1], "/")
		fi, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(p)))
		if errors.Is(err, fs.ErrNotExist) {
			return "", nil
		}
		if err != nil {
			return "", err
		}
		if i == len(parts)-1 || !fi.IsDir() {
			return p, nil
		}
	}
	return "", nil
}

// Targets lists the languages init can declare packages in, Go first.
var Targets = []string{"go", "typescript", "python"}

// ParseTargets reads a comma-separated list of Targets ("go,typescript"),
// in any order, each at most once, and returns them in the order of
// Targets; an unknown, repeated or empty name is an error naming the valid
// ones.
func ParseTargets(list string) ([]string, error) {
	seen := map[string]bool{}
	for _, n := range strings.Split(list, ",") {
		n = strings.TrimSpace(n)
		switch {
		case n == "":
			return nil, fmt.Errorf("%q names an empty target; list languages separated by commas (valid: %s)", list, strings.Join(Targets, ", "))
		case !slices.Contains(Targets, n):
			return nil, fmt.Errorf("unknown target %q (valid: %s)", n, strings.Join(Targets, ", "))
		case seen[n]:
			return nil, fmt.Errorf("target %q is listed twice; list each once", n)
		}
		seen[n] = true
	}
	var out []string
	for _, n := range Targets {
		if seen[n] {
			out = append(out, n)
		}
	}
	return out, nil
}

// goOutput is the output line every template's promptc.cue starts with:
// the Go package alone.
const goOutput = `output: {dir: "generated", package: "prompts"}` + "\n"

// targetLines declare each language's package in output.targets, every
// directory inside generated/ so that one folder holds what build writes.
var targetLines = map[string]string{
	"go":         "\tgo: {dir: \"generated\", package: \"prompts\"}\n",
	"typescript": "\ttypescript: dir: \"generated/typescript\"\n",
	"python":     "\tpython: {dir: \"generated/python/prompts\", package: \"prompts\"}\n",
}

// WithTargets returns files, a template's files, with its promptc.cue
// declaring the packages of langs (from ParseTargets). Go alone leaves the
// files as they are; with another language every package is declared in
// output.targets, the Go package among them, since build writes it (and
// the costs table beside it) in any case.
func WithTargets(files map[string]string, langs []string) (map[string]string, error) {
	if slices.Equal(langs, []string{"go"}) {
		return files, nil
	}
	cfg := files["promptc.cue"]
	if !strings.Contains(cfg, goOutput) {
		return nil, errors.New("the template's promptc.cue has no output line to declare the targets in")
	}
	block := "output: targets: {\n"
	for _, n := range Targets {
		if n == "go" || slices.Contains(langs, n) {
			block += targetLines[n]
		}
	}
	block += "}\n"
	out := make(map[string]string, len(files))
	for k, v := range files {
		out[k] = v
	}
	out["promptc.cue"] = strings.Replace(cfg, goOutput, block, 1)
	return out, nil
}
