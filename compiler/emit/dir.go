package emit

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"slices"
	"strings"
	"syscall"

	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/internal/lazyre"
)

// UnsafeError reports entries of the output directory that build refuses
// to read, replace or remove (rule OUTPUT_UNSAFE): a symbolic link or an
// irregular file where a generated or temporary file belongs, an output
// directory reached through a link that leaves the project, or a manifest
// line that is not a plain file name. Each is a finding about the project,
// positioned at the entry (path relative to the project root). Nothing was
// written when it is returned.
type UnsafeError struct {
	Diagnostics []diag.Diagnostic
}

// Error renders the diagnostics one per line in text form.
func (e *UnsafeError) Error() string {
	lines := make([]string, len(e.Diagnostics))
	for i, d := range e.Diagnostics {
		lines[i] = d.String()
	}
	return strings.Join(lines, "\n")
}

// Findings returns the diagnostics, for callers that report findings
// without importing this package (lint).
func (e *UnsafeError) Findings() []diag.Diagnostic { return e.Diagnostics }

// outDir is the output directory opened through an os.Root: no name used
// in it can leave it, and nothing in it is followed.
type outDir struct {
	root *os.Root
	// rel is the directory relative to the project root, slash-separated
	// ("generated", "../generated", "."), for positions and messages.
	rel string
	// entries maps every name in the directory, read when it was opened,
	// to its type as lstat reports it.
	entries map[string]fs.FileMode
	// hashed holds what hash found for the files a Prefetch hashed.
	hashed map[string]hashResult
	// cfg is the configuration that names the directory, for the
	// positions of findings; nil in tests of the directory alone.
	cfg *config.Loaded
	// field is the path in promptc.cue of the directory (output.dir,
	// output.targets.<language>.dir), where findings about its files are
	// positioned.
	field string
}

// hashResult is what hash returns for one file.
type hashResult struct {
	sum   digest
	first []byte
	ok    bool
	bad   *diag.Diagnostic
	err   error
}

// notDirError is an output directory path that exists and is not a
// directory, or that runs through a file.
type notDirError struct {
	rel  string
	what string
}

func (e *notDirError) Error() string { return e.rel + " is " + e.what }

// openOutput opens the output directory of l. With create, a missing
// directory is made (parents included); without, a missing directory is
// returned as nil, nil. A path that exists and is not a directory is a
// configuration error at output.dir (*config.Error); a path that leaves the
// project through a link is an *UnsafeError.
func openOutput(l *config.Loaded, create bool) (*outDir, error) {
	base, rel, err := config.OutputDir(l.Root, l.Config.Output.Dir)
	if err != nil {
		return nil, configError(l, "%v", err)
	}
	o, err := openAt(base, rel, path.Clean(l.Config.Output.Dir), create)
	var nd *notDirError
	if errors.As(err, &nd) {
		return nil, configError(l, "%s; build writes its output directory there: move the file away or choose another %s", nd, l.Config.Output.DirField())
	}
	if o != nil {
		o.cfg, o.field = l, l.Config.Output.DirField()
	}
	return o, err
}

// configError is a configuration error positioned at the Go package's
// directory in promptc.cue (output.dir, or output.targets.go.dir), its
// message starting with that field.
func configError(l *config.Loaded, format string, args ...any) error {
	at := l.Config.Output.DirField()
	return configErrorAt(l, at, at+": "+format, args...)
}

// openAt opens directory rel (in the system's form) below base; display is
// its path relative to the project root, slash-separated.
func openAt(base, rel, display string, create bool) (*outDir, error) {
	b, err := os.OpenRoot(base)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", base, err)
	}
	defer b.Close()
	fi, err := b.Stat(rel)
	switch {
	case err == nil && !fi.IsDir():
		return nil, &notDirError{display, source.Describe(fi.Mode())}
	case err == nil:
	case errors.Is(err, fs.ErrNotExist) && !create:
		return nil, nil
	case errors.Is(err, fs.ErrNotExist):
		err = b.MkdirAll(rel, 0o755)
	}
	if err != nil {
		return nil, dirError(display, err)
	}
	r, err := b.OpenRoot(rel)
	if err != nil {
		return nil, dirError(display, err)
	}
	o := &outDir{root: r, rel: display, entries: map[string]fs.FileMode{}}
	f, err := r.Open(".")
	if err == nil {
		var es []fs.DirEntry
		es, err = f.ReadDir(-1)
		f.Close()
		for _, e := range es {
			o.entries[e.Name()] = e.Type()
		}
	}
	if err != nil {
		r.Close()
		return nil, fmt.Errorf("read output directory %s: %w", display, err)
	}
	return o, nil
}

// dirError classifies a failure to reach or create the output directory.
func dirError(display string, err error) error {
	switch {
	case source.IsEscape(err):
		return &UnsafeError{Diagnostics: []diag.Diagnostic{diag.Errorf(diag.Position{Path: display}, source.RuleOutputUnsafe,
			"output directory %s goes through a symbolic link that leads outside the project; build never writes through it: replace the link with a directory", display)}}
	case errors.Is(err, syscall.ENOTDIR):
		return &notDirError{display, "not a directory: a part of its path is a file"}
	}
	return fmt.Errorf("output directory %s: %w", display, err)
}

// Close releases the directory.
func (o *outDir) Close() error { return o.root.Close() }

// pos is the position of name in the output directory.
func (o *outDir) pos(name string) diag.Position {
	return diag.Position{Path: path.Join(o.rel, name)}
}

// unsafe is the finding for an entry that is not a regular file.
func (o *outDir) unsafe(name string, m fs.FileMode, role string) diag.Diagnostic {
	return o.unsafeAs(name, source.Describe(m), role)
}

// unsafeAs is unsafe with what the entry is already named ("a symbolic
// link", "a hard link (...)").
func (o *outDir) unsafeAs(name, what, role string) diag.Diagnostic {
	p := path.Join(o.rel, name)
	return diag.Errorf(o.pos(name), source.RuleOutputUnsafe,
		"%s is %s where build keeps %s; build never follows, reads or replaces it: delete it and run promptc build",
		p, what, role)
}

// digest is a SHA-256.
type digest = [sha256.Size]byte

// headLen is how much of the generated Go file hash keeps: its input hash
// is in the first lines.
const headLen = 64 << 10

// targetHeadLen is how much of any other file hash keeps: a target
// package's files name their input hash in their first two lines.
const targetHeadLen = 256

// read returns the bytes of name, ok false when it does not exist. An
// entry that is not a regular file is returned as a finding, unread.
func (o *outDir) read(name string) (b []byte, ok bool, bad *diag.Diagnostic, err error) {
	return readEntry(o, name, func() ([]byte, error) { return source.ReadSingle(o.root, name) })
}

// MaxManifestSize is the most bytes a manifest may hold. build writes one
// short line per generated file (a name and a SHA-256), a few kilobytes
// for the largest package; a bigger one is not build's, and reading it
// whole would let a planted file take memory without limit.
const MaxManifestSize = 1 << 20

// readManifest is read for the manifest name, which may hold at most
// MaxManifestSize bytes: a larger one is a finding, never read whole.
func (o *outDir) readManifest(name string) (b []byte, ok bool, bad *diag.Diagnostic, err error) {
	return readEntry(o, name, func() ([]byte, error) { return source.ReadSingleMax(o.root, name, MaxManifestSize) })
}

// hash is read returning name's SHA-256 instead of its bytes, and, for
// the generated Go file, its first headLen bytes. A file a Prefetch hashed
// is not read again.
func (o *outDir) hash(name string) (sum digest, first []byte, ok bool, bad *diag.Diagnostic, err error) {
	if r, done := o.hashed[name]; done {
		return r.sum, r.first, r.ok, r.bad, r.err
	}
	head := targetHeadLen
	if name == config.GoFile {
		head = headLen
	}
	first, ok, bad, err = readEntry(o, name, func() ([]byte, error) {
		var herr error
		sum, first, herr = source.HashRegular(o.root, name, head)
		return first, herr
	})
	return sum, first, ok, bad, err
}

// readEntry runs rd on the entry name, turning its errors into read's
// results.
func readEntry(o *outDir, name string, rd func() ([]byte, error)) (b []byte, ok bool, bad *diag.Diagnostic, err error) {
	if _, exists := o.entries[name]; !exists {
		return nil, false, nil, nil
	}
	b, err = rd()
	var nr *source.NotRegularError
	switch {
	case err == nil:
		return b, true, nil, nil
	case errors.As(err, &nr):
		d := o.unsafeAs(name, nr.What(), "a generated file")
		if nr.Replaced {
			d.Message = fmt.Sprintf("%s was replaced while build read it; run promptc build again", path.Join(o.rel, name))
		}
		return nil, false, &d, nil
	case errors.Is(err, fs.ErrNotExist):
		return nil, false, nil, nil
	}
	if tl := (*source.TooLargeError)(nil); errors.As(err, &tl) {
		p := o.pos(name)
		p.Line, p.Col = 1, 1
		d := diag.Errorf(p, source.RuleOutputUnsafe,
			"%s is %d bytes, more than the %d a manifest of build holds (one short line per generated file), so build did not write it and does not read it: delete it and run promptc build",
			path.Join(o.rel, name), tl.Size, tl.Limit)
		return nil, false, &d, nil
	}
	return nil, false, nil, fmt.Errorf("read %s: %w", path.Join(o.rel, name), err)
}

// legacyTemp matches the temporary files of the earlier naming scheme
// (".NAME.tmpDIGITS"), which an interrupted build could leave.
var legacyTemp = lazyre.New(`^\.(.+)\.tmp[0-9]+$`)

// isLeftover reports whether name is a temporary file of build: TempPrefix,
// or the earlier scheme for a file build generates now (wanted; a name a
// manifest lists is not enough, since anyone can write a manifest).
func isLeftover(name string, wanted map[string]bool) bool {
	if strings.HasPrefix(name, config.TempPrefix) {
		return true
	}
	m := legacyTemp().FindStringSubmatch(name)
	return m != nil && wanted[m[1]]
}

// state is what build needs to know about the output directory.
type state struct {
	// old holds the SHA-256 of every wanted file that exists, as it is
	// now. Generated files can be many megabytes: the check that they are
	// current needs their hashes only, and a changed file is read again
	// for its diff.
	old map[string]digest
	// goHead is the start of the generated Go file (headLen bytes), which
	// holds the input hash it was generated from.
	goHead []byte
	// heads holds the start of every wanted file that exists (see hash).
	heads map[string][]byte
	// listed and sums are the previous manifest's plain names, in order,
	// and their recorded SHA-256 ("sha256:hex"); listed is nil without a
	// manifest.
	listed []string
	sums   map[string]string
	// orphans are listed files no longer wanted that exist, sorted.
	orphans []string
	// orphanSums holds the SHA-256 of each orphan, once owned checked it.
	orphanSums map[string]digest
	// leftovers are temporary files of an interrupted build, sorted.
	leftovers []string
	// recovery resolves the leftovers, when there are any.
	recovery *recovery
}

// scan reads the state of the directory for the wanted names. Every entry
// build would read, replace or remove must be a regular file, every
// manifest line a plain name, and every step of resolving the leftovers of
// an interrupted build proven (planRecovery): otherwise the result is an
// *UnsafeError listing them all, and nothing else was read from those
// entries.
func (o *outDir) scan(want []string) (*state, error) {
	st := &state{old: map[string]digest{}, sums: map[string]string{}, heads: map[string][]byte{}}
	var bad []diag.Diagnostic
	wanted := map[string]bool{}
	for _, n := range want {
		wanted[n] = true
		if n == ManifestName {
			continue
		}
		sum, first, ok, d, err := o.hash(n)
		if err != nil {
			return nil, err
		}
		if d != nil {
			bad = append(bad, *d)
		}
		if ok {
			st.old[n] = sum
			st.heads[n] = first
			if n == config.GoFile {
				st.goHead = first
			}
		}
	}
	// The manifest is read whether or not it is wanted: it lists what an
	// earlier build wrote.
	b, ok, d, err := o.readManifest(ManifestName)
	if err != nil {
		return nil, err
	}
	if d != nil {
		bad = append(bad, *d)
	}
	if ok {
		if wanted[ManifestName] {
			st.old[ManifestName] = sha256.Sum256(b)
		}
		bad = append(bad, st.parseManifest(o, b)...)
	}
	for _, n := range st.listed {
		if wanted[n] {
			continue
		}
		m, exists := o.entries[n]
		switch {
		case !exists:
		case m.IsRegular():
			st.orphans = append(st.orphans, n)
		default:
			bad = append(bad, o.unsafe(n, m, "a file it generated before and now removes"))
		}
	}
	for _, n := range slices.Sorted(maps.Keys(o.entries)) {
		if wanted[n] || !isLeftover(n, wanted) {
			continue
		}
		if m := o.entries[n]; !m.IsRegular() {
			bad = append(bad, o.unsafe(n, m, "its temporary files"))
			continue
		}
		st.leftovers = append(st.leftovers, n)
	}
	if len(st.leftovers) > 0 {
		// What resolving them would do, each step proven by a recorded
		// hash (see recover.go); what cannot be is reported.
		r, unproven, err := o.planRecovery(st.leftovers, wanted)
		if err != nil {
			return nil, err
		}
		bad = append(bad, unproven...)
		st.recovery = r
	}
	slices.Sort(st.orphans)
	if len(bad) > 0 {
		return nil, &UnsafeError{Diagnostics: diag.Sort(bad)}
	}
	return st, nil
}

// parseManifest reads lines "name sha256:hex" (older manifests list bare
// names), skipping comments. A line whose name is not a plain file name is
// returned as a finding at its line and never acted on.
func (st *state) parseManifest(o *outDir, b []byte) []diag.Diagnostic {
	var bad []diag.Diagnostic
	st.listed = []string{}
	for i, l := range strings.Split(string(b), "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		name, sum, _ := strings.Cut(l, " ")
		if why := config.CheckOutputName(name); why != "" {
			p := o.pos(ManifestName)
			p.Line, p.Col = i+1, 1
			bad = append(bad, diag.Errorf(p, source.RuleOutputUnsafe,
				"the manifest lists %q, which is not a file directly in the output directory (%s); build never removes it: delete the line, or the manifest, and run promptc build", name, why))
			continue
		}
		st.listed = append(st.listed, name)
		st.sums[name] = strings.TrimSpace(sum)
	}
	return bad
}
