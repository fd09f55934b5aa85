package config

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/promptc/promptc/compiler/genruntime"
	"github.com/promptc/promptc/internal/diag"
)

// The files build writes into the output directory besides the operator
// guide, whose name guide.output chooses. guide.output may not take one of
// them: the guide would overwrite the generated code, the costs table or
// the manifest.
const (
	// GoFile is the generated Go package.
	GoFile = "prompts_gen.go"
	// CostsMarkdownFile is the costs table for people.
	CostsMarkdownFile = "COSTS.md"
	// CostsJSONFile is the costs table for programs.
	CostsJSONFile = "costs.json"
	// ManifestFile lists what build generated, so that it removes only
	// files it wrote.
	ManifestFile = ".promptc-manifest"
)

// ReservedOutputFiles lists the fixed output files, sorted.
var ReservedOutputFiles = []string{ManifestFile, CostsMarkdownFile, CostsJSONFile, GoFile}

// TempPrefix starts the name of every temporary file build makes in the
// output directory while it writes. A name with this prefix belongs to
// build: one left behind by an interrupted build is removed by the next.
const TempPrefix = ".promptc-tmp-"

// CheckOutputName returns why name cannot be a file build writes or
// removes in the output directory, or "" when it is a plain file name
// there: not empty, not "." or "..", no "/" or "\", no drive letter, no
// NUL, and not starting with TempPrefix. The rule is the same on every
// system, so a project is refused the same way wherever it is built.
func CheckOutputName(name string) string {
	switch {
	case name == "":
		return "it is empty"
	case name == "." || name == "..":
		return fmt.Sprintf("%q names a directory, not a file", name)
	case strings.ContainsAny(name, `/\`):
		return fmt.Sprintf("%q contains a path separator; it must be a file name directly inside the output directory", name)
	case len(name) >= 2 && name[1] == ':' && (name[0]|0x20 >= 'a' && name[0]|0x20 <= 'z'):
		return fmt.Sprintf("%q starts with a drive letter", name)
	case strings.ContainsRune(name, 0):
		return fmt.Sprintf("%q contains a NUL byte", name)
	case strings.HasPrefix(name, TempPrefix):
		return fmt.Sprintf("%q starts with %s, which build uses for its temporary files", name, TempPrefix)
	}
	return ""
}

// checkGuideOutput returns why guide.output cannot be the guide's file
// name, or "".
func checkGuideOutput(name string) string {
	if why := CheckOutputName(name); why != "" {
		return why + "; use a plain file name such as \"operator-guide.md\""
	}
	for _, r := range ReservedOutputFiles {
		// Compared without case: on a case-insensitive file system
		// (macOS, Windows) "costs.JSON" is costs.json.
		if strings.EqualFold(name, r) {
			return fmt.Sprintf("%q is the name of a file build generates (%s); the guide would overwrite it: choose another name", name, r)
		}
	}
	return ""
}

// VCSDirs are the metadata directories of version-control systems. The
// output directory may not be one or lie inside one: build would replace
// files such as .git/config or .git/hooks/*, which run commands.
var VCSDirs = []string{".git", ".hg", ".svn", ".jj", "_darcs", ".bzr"}

// VCSDir returns the version-control metadata directory that the
// slash-separated path p runs through (a component equal to one of
// VCSDirs, compared without case, as a case-insensitive file system
// would), or "".
func VCSDir(p string) string {
	for _, c := range strings.Split(p, "/") {
		for _, v := range VCSDirs {
			if strings.EqualFold(c, v) {
				return c
			}
		}
	}
	return ""
}

// OutputDir resolves output.dir for the project at root. rel is the output
// directory relative to base, in the system's form, and base is the
// directory it must stay inside: the project root, or, when output.dir
// climbs out of the project with "..", the root of the Go module that
// holds the project (the nearest directory at or above root with a go.mod
// file), so that a project kept in a subdirectory of its module can write
// the generated package beside it. An absolute path, a backslash, an empty
// value, a path through a version-control directory (see VCSDir) and a
// path that leaves base are refused with the reason.
func OutputDir(root, dir string) (base, rel string, err error) {
	switch {
	case dir == "":
		return "", "", errors.New(`it is empty; name a directory such as "generated"`)
	case genruntime.IsAbsPath(dir) || filepath.IsAbs(dir):
		return "", "", fmt.Errorf("%q is an absolute path; the output directory is written relative to the project root and must stay inside it", dir)
	case strings.Contains(dir, `\`):
		return "", "", fmt.Errorf("%q contains a backslash; separate directories with /", dir)
	}
	clean := path.Clean(dir)
	if v := VCSDir(clean); v != "" {
		return "", "", vcsError(dir, v)
	}
	if clean != ".." && !strings.HasPrefix(clean, "../") {
		return root, filepath.FromSlash(clean), nil
	}
	mod := moduleRoot(root)
	if mod == "" {
		return "", "", fmt.Errorf("%q climbs out of the project root with ..; the output directory must stay inside the project (or inside the Go module that holds it, and no go.mod was found above %s)", dir, filepath.Base(root))
	}
	target := filepath.Join(root, filepath.FromSlash(clean))
	r, err := filepath.Rel(mod, target)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return "", "", fmt.Errorf("%q climbs out of the Go module that holds the project (%s, the directory of the nearest go.mod); the output directory must stay inside it", dir, filepath.Base(mod))
	}
	return mod, r, nil
}

// moduleRoot returns the nearest directory at or above dir that holds a
// go.mod file, or "".
func moduleRoot(dir string) string {
	for d := dir; ; {
		if fi, err := os.Stat(filepath.Join(d, "go.mod")); err == nil && fi.Mode().IsRegular() {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}

// vcsError is the refusal of output directory dir, which runs through the
// version-control directory v.
func vcsError(dir, v string) error {
	return fmt.Errorf("%q is inside %s, a version-control directory; build would replace the repository's own files there (such as .git/config, whose settings run commands): choose a directory outside it", dir, v)
}

// adoptGoTarget makes output.targets.go, when l declares it, the Go
// package's directory and name (Output.Dir, Output.Package), which the
// rest of promptc reads; the decoded target stays, so that findings name
// the field the user wrote (Output.DirField). It runs once, when the file
// is evaluated: the cached configuration is the adopted one. output.dir or
// output.package written beside it is an error at each, since two places
// would say where one package goes and one would silently lose.
func adoptGoTarget(l *Loaded) []diag.Diagnostic {
	o := &l.Config.Output
	if o.Targets == nil || o.Targets.Go == nil {
		return nil
	}
	var ds []diag.Diagnostic
	for _, f := range []string{"dir", "package"} {
		if _, written := l.positions["output"+posSep+f]; written {
			ds = append(ds, diag.Errorf(l.PosOf("output."+f), RuleConfig,
				"output.%s: the Go package is declared twice, here and in output.targets.go; keep one: move the value to output.targets.go.%s and remove output.%s", f, f, f))
		}
	}
	if len(ds) > 0 {
		return ds
	}
	o.Dir, o.Package = o.Targets.Go.Dir, o.Targets.Go.Package
	return nil
}
