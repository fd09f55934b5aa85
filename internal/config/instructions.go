package config

import (
	"fmt"
	"path"
	"strings"

	"github.com/promptc/promptc/compiler/genruntime"
)

// checkInstructions checks that every default instruction file is a
// relative path inside the project directory the harness names: the
// generated loader would refuse any other at run time, on every call, so
// the mistake is reported where it is written.
func checkInstructions(bad func(path, format string, args ...any), in *Instructions) {
	if in == nil {
		return
	}
	for i, f := range in.Files {
		at := fmt.Sprintf("instructions.files.%d", i)
		clean := path.Clean(f)
		switch {
		case strings.TrimSpace(f) == "":
			bad(at, "an empty file name; name a file relative to the project directory, such as AGENTS.md")
		case genruntime.IsAbsPath(f):
			bad(at, "%s is an absolute path; name the file relative to the project directory the harness gives LoadInstructions", f)
		case clean == ".." || strings.HasPrefix(clean, "../"):
			bad(at, "%s climbs out of the project directory; LoadInstructions reads only files inside it", f)
		case strings.Contains(f, `\`):
			bad(at, "%s has a backslash; separate directories with /", f)
		}
	}
}
