package genruntime

// This file is part of the fixed code of every generated package whose
// project declares instructions: (the user's instruction files): gogen
// copies its declarations after the package's data tables, with the
// include engine (include.go) and the Markdown scanner it needs. See the
// package documentation.

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/promptc/promptc/compiler/markdown"
)

// InstructionOptions says which instruction files LoadInstructions reads
// and how. Its zero value reads InstructionFiles with the project's
// include setting.
type InstructionOptions struct {
	// Files are the files to read, in order: slash-separated paths
	// relative to the project directory. Nil means InstructionFiles().
	Files []string
	// NoIncludes turns @include expansion off for this call: include
	// lines stay in the text as written. A project whose
	// instructions.includes is false never expands them.
	NoIncludes bool
	// WorkDir, when set, is the directory the session works in, slash-
	// separated and relative to the project directory: each file of
	// Files is then looked for in the project directory and in every
	// directory down to WorkDir, the outermost first ("AGENTS.md",
	// "svc/AGENTS.md", "svc/api/AGENTS.md"), so the rules nearest the
	// work come last. A WorkDir outside the project is a problem, and
	// only the project directory's files are read.
	WorkDir string
	// After, when set, is the result of an earlier call for another
	// directory (the user's own instruction files, outside the project):
	// its characters and files count against this call's limits, so that
	// all the user's instructions together stay within one set of limits.
	// Each call reads only inside its own directory; the harness sends
	// the texts in the order it loaded them.
	After *Instructions
}

// Instructions are the user's instruction files as loaded.
type Instructions struct {
	// Text is the text of every file read, in the order named, its
	// includes expanded and its surrounding blank lines removed, the
	// files separated by a blank line; "" when no file was found.
	Text string
	// Files lists every file read, each once, in the order first
	// reached: a named file, then the files it includes. (A file whose
	// every line is an include of a file already read adds no text.)
	Files []string
	// Problems lists every include line and named file whose text was
	// left out, and why, in the order found. A file reached a second time
	// (by a cycle, or by two files) is not a problem: its text is there
	// once, at the first place. A named file that does not exist is not
	// one either, whatever the limits: a project without it simply has no
	// such instructions.
	Problems []InstructionProblem

	// chars and files are what the limits counted, this call's and those
	// of the calls it came After.
	chars, files int
}

// InstructionProblem is a piece of the user's instructions that was left
// out.
type InstructionProblem struct {
	// Path, Line and Col locate the include line (its "@"); for a named
	// file, Path is the file and Line and Col are 0.
	Path      string
	Line, Col int
	// Kind says what is wrong: "escape" (the path leads outside the
	// project directory), "not-found", "unreadable" (not a regular file,
	// over InstructionMaxBytes, not valid UTF-8, holding a NUL byte or a
	// byte-order mark, or failing to read), "depth", "files",
	// "total-chars" or "file-chars" (a limit of InstructionLimits).
	Kind string
	// Message says what was left out and why.
	Message string
}

// String returns "path:line:col: message", or "path: message" for a
// named file.
func (p InstructionProblem) String() string {
	if p.Line == 0 {
		return p.Path + ": " + p.Message
	}
	return fmt.Sprintf("%s:%d:%d: %s", p.Path, p.Line, p.Col, p.Message)
}

// InstructionMaxBytes is the largest file LoadInstructions reads, in
// bytes as stored: a file is read whole before its characters are
// counted, and this bounds the memory one file can take.
const InstructionMaxBytes = 1 << 20

// LoadInstructions reads the user's instruction files in projectDir
// (opt.Files, else InstructionFiles()) and expands their @include lines
// exactly as promptc expands a part's at build time: a line of ordinary
// text (not code, not an HTML comment) holding only "@" and a path, the
// path relative to the file that holds it. Every file is read through an
// os.Root opened on projectDir: a path or symbolic link leading outside
// it is refused, an absolute link whose target is inside is followed, and
// a FIFO or device is refused without being waited on. The files share
// one set of limits, the project's includes: limits (the deepest include
// chain, a named file being depth 0; the most files; the most characters
// in all, and from any one file, its include lines not counted); a file or
// include that would cross one is left out whole and reported. Line endings become
// "\n"; promptc's own <!-- promptc:... --> comments are dropped.
// LoadInstructions only reads, never fails as a whole, and returns what it
// could load.
func LoadInstructions(projectDir string, opt InstructionOptions) Instructions {
	names := opt.Files
	if names == nil {
		names = InstructionFiles()
	}
	var out Instructions
	names, out.Problems = instructionHierarchy(names, opt.WorkDir)
	if opt.After != nil {
		out.chars, out.files = opt.After.chars, opt.After.files
	}
	root, err := os.OpenRoot(projectDir)
	if err != nil {
		for _, name := range names {
			out.Problems = append(out.Problems, InstructionProblem{Path: name, Kind: "not-found",
				Message: "the project directory cannot be opened: " + err.Error()})
		}
		return out
	}
	defer root.Close()
	read := func(p string) (*incFile, error) { return readInstructionFile(root, projectDir, p) }
	e := newIncExpander(read, instructionLimits, opt.NoIncludes || !instructionIncludes)
	if abs, err := filepath.Abs(projectDir); err == nil {
		e.root = filepath.ToSlash(abs)
	}
	e.total, e.priorFiles = out.chars, out.files
	var texts []string
	for _, name := range names {
		from, events := len(e.Spans), len(e.Events)
		if name == "" {
			continue
		}
		if incIsAbs(name) || !isLocalPath(name) {
			e.Events = append(e.Events, incEvent{Kind: incClimbs, Pos: incPos{Path: name}, Target: name, Path: name})
		} else {
			e.named(cleanPath(name))
		}
		for _, ev := range e.Events[events:] {
			if ev.Pos.Line == 0 && ev.Kind == incFiles && instructionMissing(root, projectDir, ev.Path) {
				// A limit is checked before a file is read; a named file
				// that does not exist is no problem, whatever the limits.
				// Only a file refused for a limit is looked for again.
				continue
			}
			if p, ok := instructionProblem(ev); ok {
				out.Problems = append(out.Problems, p)
			}
		}
		var b strings.Builder
		for _, s := range e.Spans[from:] {
			b.WriteString(s.Text)
		}
		if t := trimBlankLines(b.String()); t != "" {
			texts = append(texts, t)
		}
	}
	out.Text = strings.Join(texts, "\n\n")
	out.Files = e.Files
	out.chars, out.files = e.total, e.priorFiles+len(e.Files)
	return out
}

// instructionMissing reports whether the file at p (clean, relative)
// does not exist in root. It opens the file as readInstructionFile does,
// without blocking, and reads nothing.
func instructionMissing(root *os.Root, projectDir, p string) bool {
	f, err := openInProject(root, projectDir, p)
	if err == nil {
		f.Close()
	}
	return errors.Is(err, fs.ErrNotExist)
}

// instructionHierarchy returns names as looked for in every directory
// from the project directory down to workDir, the outermost first, and a
// problem when workDir leads outside the project.
func instructionHierarchy(names []string, workDir string) ([]string, []InstructionProblem) {
	if workDir == "" {
		return names, nil
	}
	if incIsAbs(workDir) || !isLocalPath(workDir) {
		return names, []InstructionProblem{{Path: workDir, Kind: "escape",
			Message: "the working directory " + workDir + " is outside the project directory; only the project directory's files are read"}}
	}
	dirs := []string{""}
	if d := cleanPath(workDir); d != "." {
		parts := strings.Split(d, "/")
		for i := range parts {
			dirs = append(dirs, strings.Join(parts[:i+1], "/")+"/")
		}
	}
	var out []string
	for _, d := range dirs {
		for _, name := range names {
			if name != "" {
				out = append(out, d+name)
			}
		}
	}
	return out, nil
}

// cleanPath cleans a slash-separated relative path.
func cleanPath(p string) string { return path.Clean(p) }

// isLocalPath reports whether p, slash-separated, stays below the
// directory it is relative to.
func isLocalPath(p string) bool { return !incOutside(cleanPath(p)) }

// errUnreadable wraps the reasons a file's bytes cannot be used as text.
var errUnreadable = errors.New("unreadable")

// readInstructionFile reads the file at p (clean, relative) in root,
// without blocking, as text: valid UTF-8 without NUL bytes or a
// byte-order mark, line endings made "\n", its lines scanned.
func readInstructionFile(root *os.Root, projectDir, p string) (*incFile, error) {
	f, err := openInProject(root, projectDir, p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	switch {
	case err != nil:
		return nil, fmt.Errorf("%w: %v", errUnreadable, err)
	case !fi.Mode().IsRegular():
		return nil, fmt.Errorf("%w: not a regular file", errUnreadable)
	case fi.Size() > InstructionMaxBytes:
		return nil, fmt.Errorf("%w: %d bytes, over the limit of %d", errUnreadable, fi.Size(), InstructionMaxBytes)
	}
	data, err := io.ReadAll(io.LimitReader(f, InstructionMaxBytes+1))
	switch {
	case err != nil:
		return nil, fmt.Errorf("%w: %v", errUnreadable, err)
	case len(data) > InstructionMaxBytes:
		return nil, fmt.Errorf("%w: over the limit of %d bytes", errUnreadable, InstructionMaxBytes)
	case !utf8.Valid(data):
		return nil, fmt.Errorf("%w: not valid UTF-8", errUnreadable)
	case strings.ContainsRune(string(data), 0):
		return nil, fmt.Errorf("%w: it contains a NUL byte", errUnreadable)
	case strings.ContainsRune(string(data), '\uFEFF'):
		return nil, fmt.Errorf("%w: it contains a byte-order mark", errUnreadable)
	}
	text := strings.ReplaceAll(strings.ReplaceAll(string(data), "\r\n", "\n"), "\r", "\n")
	return &incFile{Path: p, Text: text, Lines: markdown.Scan([]byte(text))}, nil
}

// instructionProblem words an event of the include engine for the
// harness; the events that leave no text out report nothing.
func instructionProblem(ev incEvent) (InstructionProblem, bool) {
	p := InstructionProblem{Path: ev.Pos.Path, Line: ev.Pos.Line, Col: ev.Pos.Col}
	named := ev.Pos.Line == 0
	what := "@" + ev.Target
	if named {
		what = ev.Path
	}
	switch ev.Kind {
	case incAbsolute, incClimbs:
		p.Kind, p.Message = "escape", what+" leads outside the project directory; left out"
	case incDepth:
		p.Kind, p.Message = "depth", fmt.Sprintf("%s would be included at depth %d, over the limit of %d; left out", ev.Path, ev.N, ev.Limit)
	case incFiles:
		p.Kind, p.Message = "files", fmt.Sprintf("%s would be file %d, over the limit of %d; left out", ev.Path, ev.N, ev.Limit)
	case incTotal, incFull:
		p.Kind, p.Message = "total-chars", fmt.Sprintf("%s would bring the instructions to %d characters, over the limit of %d; left out", ev.Path, ev.N, ev.Limit)
	case incFileChars:
		p.Kind, p.Message = "file-chars", fmt.Sprintf("%s has %d characters, over the per-file limit of %d; left out", ev.Path, ev.N, ev.Limit)
	case incRead:
		switch {
		case errors.Is(ev.Err, fs.ErrNotExist):
			if named {
				return p, false
			}
			p.Kind, p.Message = "not-found", fmt.Sprintf("%s: %s does not exist; left out", what, ev.Path)
		case errors.Is(ev.Err, errOutside):
			p.Kind, p.Message = "escape", fmt.Sprintf("%s: %s leads outside the project directory; left out", what, ev.Path)
		default:
			p.Kind, p.Message = "unreadable", fmt.Sprintf("%s: %s cannot be read (%v); left out", what, ev.Path, ev.Err)
		}
	default: // entered, a cycle, a file already included: its text is there
		return p, false
	}
	return p, true
}

// trimBlankLines removes the lines holding only white space at the start
// and end of text, and its final newline.
func trimBlankLines(text string) string {
	for text != "" {
		line, rest, _ := strings.Cut(text, "\n")
		if strings.TrimSpace(line) != "" {
			break
		}
		text = rest
	}
	for text != "" {
		i := strings.LastIndexByte(strings.TrimRight(text, "\n"), '\n')
		if strings.TrimSpace(text[i+1:]) != "" {
			break
		}
		text = text[:i+1]
	}
	return strings.TrimRight(text, "\n")
}

// InstructionLayers names the directories of the layers LoadLayers reads,
// in the order it reads them: the user's own (outside any project), the
// package's, the project's, then each extension's in the order given. ""
// leaves a layer out.
type InstructionLayers struct {
	User, Package, Project string
	Extensions             []string
}

// InstructionLayer is one layer as LoadLayers loaded it: its name
// ("user", "package", "project" or "extension"), its directory, and what
// was read there (paths in Files and Problems are relative to Dir).
type InstructionLayer struct {
	Name, Dir string
	Instructions
}

// LayeredInstructions are every layer LoadLayers read, in order, and
// their texts joined.
type LayeredInstructions struct {
	// Text is the text of every layer that has one, in layer order,
	// separated by a blank line: what the harness sends.
	Text string
	// Layers lists the layers read, in order, empty ones included.
	Layers []InstructionLayer
}

// LoadLayers reads layered instruction files such as APPEND_SYSTEM.md
// (opt.Files; nil means InstructionFiles()) in each layer's directory, in
// the fixed order user, package, project, extensions, so that a later,
// nearer layer comes last. Each layer is a LoadInstructions call confined
// to its own directory, after the layers before it (and after opt.After,
// when set: the instruction files loaded before), so all of them share one
// set of limits: a layer that would cross one loses the files that do,
// reported in its Problems. opt.WorkDir applies to the project layer
// only. LoadLayers only reads.
func LoadLayers(layers InstructionLayers, opt InstructionOptions) LayeredInstructions {
	var out LayeredInstructions
	prior := opt.After
	dirs := []InstructionLayer{{Name: "user", Dir: layers.User}, {Name: "package", Dir: layers.Package}, {Name: "project", Dir: layers.Project}}
	for _, d := range layers.Extensions {
		dirs = append(dirs, InstructionLayer{Name: "extension", Dir: d})
	}
	var texts []string
	for _, l := range dirs {
		if l.Dir == "" {
			continue
		}
		o := opt
		o.After = prior
		if l.Name != "project" {
			o.WorkDir = ""
		}
		l.Instructions = LoadInstructions(l.Dir, o)
		prior = &l.Instructions
		if l.Text != "" {
			texts = append(texts, l.Text)
		}
		out.Layers = append(out.Layers, l)
	}
	out.Text = strings.Join(texts, "\n\n")
	return out
}
