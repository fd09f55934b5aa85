// Package source reads project files: confined to the project root,
// refused when they are not plain text, and classified line by line.
//
// Prompt assets decide what a model is told, so a path in promptc.cue or an
// @include line must never pull in a file from outside the project (through
// "..", an absolute path or a symlink), hang the build (a FIFO), or smuggle
// in bytes a reviewer cannot see (NUL, a byte-order mark, invalid UTF-8).
// Every open therefore goes through an os.Root opened on the project root,
// which makes the operating system itself refuse paths that leave it, and
// every file is validated before anything else sees its text.
package source

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/promptc/promptc/compiler/genruntime"
	"github.com/promptc/promptc/compiler/markdown"
	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/internal/regular"
)

// Rule IDs of the problems found while reading. They are shared with the
// include expander, whose callers see a failed read as a failed include.
const (
	RuleNotFound    = "INCLUDE_NOT_FOUND"
	RuleEscape      = "INCLUDE_ESCAPE"
	RuleNotRegular  = "INCLUDE_NOT_REGULAR"
	RuleInvalidUTF8 = "TEXT_INVALID_UTF8"
	RuleNUL         = "TEXT_NUL"
	RuleBOM         = "TEXT_BOM"
	RuleCRLF        = "TEXT_CRLF"
)

// File is a project file as read.
type File struct {
	// Path is slash-separated, clean and relative to the project root: the
	// name the file is cached under and reported with.
	Path string
	// Text is the file's content: valid UTF-8 without NUL bytes or a
	// byte-order mark, every line ending converted to "\n".
	Text string
	// Lines is markdown.Scan of Text, so offsets index Text.
	Lines []markdown.Line
	// Diags are the warnings found while reading (TEXT_CRLF), positioned in
	// the file. They are reported by whoever uses the file, once.
	Diags []diag.Diagnostic
	// Size is the file's length in bytes as stored, before line endings
	// were converted.
	Size int
	// Digest is the SHA-256 of Text. It is taken as the file is read, on
	// the goroutine that read it, while the bytes are in the processor's
	// cache: the output's input hash is made of the digests of every file,
	// and hashing all the text again at the end of a build --check took
	// 22 ms on one core at 10,000 assets.
	Digest [sha256.Size]byte
}

// Line returns the text of line num (1-based) without its newline, or ""
// for a number outside the file.
func (f *File) Line(num int) string {
	if num < 1 || num > len(f.Lines) {
		return ""
	}
	l := f.Lines[num-1]
	return f.Text[l.Start:l.End]
}

// ReadError is the error Read returns. It carries the problem as a
// diagnostic so that a caller can report it where the file was named (a
// config value, an include line), keeping the file's own position, when
// there is one, in Related.
type ReadError struct {
	Diag diag.Diagnostic
	// cause is the system's error, when there was one.
	cause error
}

// Error renders the diagnostic as "path[:line:col]: message (RULE)".
func (e *ReadError) Error() string { return e.Diag.String() }

// RuleRead is the rule of a read failure that is not one of the specific
// problems Read names (an I/O error of the file system).
const RuleRead = "READ"

// ReadDiag returns the diagnostic for err, an error from Read of the file
// at path: the ReadError's own diagnostic, or a READ error at path for
// anything else. Every caller of Read reports failures through it, so one
// failing file reads the same wherever it was named.
func ReadDiag(err error, path string) diag.Diagnostic {
	var re *ReadError
	if errors.As(err, &re) {
		return re.Diag
	}
	return diag.Errorf(diag.Position{Path: path}, RuleRead, "cannot read %s: %v", path, err)
}

// FS reads files below one project root and caches them, so a file named
// from many places is opened, validated and scanned once, and every caller
// shares one *File. Files are never re-read: an FS reflects the tree as it
// was when each file was first read, which is what one compile needs. Read
// and Opened may be called from several goroutines at once (the compiler
// loads parts concurrently); Glob and Close may not run beside them.
type FS struct {
	root *os.Root
	// mu guards files, failed, opened, dirs and failure. A file is read with mu
	// released, so that reads of different files overlap; two goroutines
	// reading the same file both read it, and the first to finish is the
	// one every caller shares.
	mu     sync.Mutex
	files  map[string]*File
	failed map[string]*ReadError
	opened []string
	// rootPaths are the project root as opened and as the operating system
	// resolves it, split into components: the prefixes an absolute symlink
	// target may start with and still stay inside the project.
	rootPaths [][]string
	// absDir is the root's absolute path as opened, slash-separated ("" if
	// it could not be made absolute); see Dir.
	absDir string
	// dirs holds each directory files were read from, opened once.
	dirs map[string]*dirHandle
	// failure is a read that failed for the system's reasons (see
	// Failure), of the file failurePath.
	failure     error
	failurePath string
	// overlay holds file contents that replace the disk's (see
	// OpenOverlay), by clean project path.
	overlay map[string]string
}

// dirHandle is a directory of the project, opened through the project
// root (so inside it). os.Root walks every path component with its own
// system call, so reading many files of one directory through the project
// root costs several calls per file where a handle on the directory costs
// one. Where the system allows, the handle is the directory opened as a
// file, whose descriptor readAt reads through; elsewhere it is a root on
// the directory. Either way a directory holds one descriptor.
type dirHandle struct {
	// root is a root on the directory, or the project root when the
	// directory is read through file or could not be opened.
	root *os.Root
	// file is the directory for readAt, nil where readAt is not used or
	// the directory could not be opened.
	file *os.File
	// reads counts the files read through file. The second lists the
	// directory once (list), and regular holds the names the listing
	// gives as regular files (nil before, or when listing failed):
	// readAt opens those without an lstat first. A directory of which
	// one file is read is never listed, however many entries it has.
	reads   atomic.Int32
	list    sync.Once
	regular map[string]struct{}
}

// listedRegular reports whether the directory's listing names name as a
// regular file, listing the directory on the second call.
func (d *dirHandle) listedRegular(name string) bool {
	if d.file == nil || d.reads.Add(1) < 2 {
		return false
	}
	d.list.Do(func() {
		es, err := listDir(d.file)
		if err != nil {
			return
		}
		d.regular = make(map[string]struct{}, len(es))
		for _, e := range es {
			if e.Type().IsRegular() {
				d.regular[e.Name()] = struct{}{}
			}
		}
	})
	_, ok := d.regular[name]
	return ok
}

// close releases what the handle opened.
func (d *dirHandle) close(project *os.Root) {
	if d.file != nil {
		d.file.Close()
	}
	if d.root != project {
		d.root.Close()
	}
}

// Open returns an FS confined to the directory root. The error is the
// operating system's when root cannot be opened as a directory.
func Open(root string) (*FS, error) {
	r, err := os.OpenRoot(root)
	if err != nil {
		return nil, fmt.Errorf("open project root: %w", err)
	}
	fsys := &FS{root: r, files: map[string]*File{}, failed: map[string]*ReadError{}}
	if abs, err := filepath.Abs(root); err == nil {
		fsys.absDir = filepath.ToSlash(abs)
		fsys.rootPaths = append(fsys.rootPaths, components(abs))
		if real, err := filepath.EvalSymlinks(abs); err == nil && real != abs {
			fsys.rootPaths = append(fsys.rootPaths, components(real))
		}
	}
	return fsys, nil
}

// Dir returns the root's absolute path as opened, slash-separated and
// clean, symbolic links not resolved; "" when it could not be made
// absolute. Include paths are read lexically against it (include.Expand).
func (fs *FS) Dir() string { return fs.absDir }

// OpenOverlay is Open with overlay: the text of each path it names (slash-
// separated, relative to root) is read from the map instead of the disk,
// and validated the same way. An editor checks its unsaved buffers so, and
// every rule sees them as it would see the files once saved. A path the
// overlay names need not exist on disk; one that Clean refuses is never
// read from it.
func OpenOverlay(root string, overlay map[string]string) (*FS, error) {
	fsys, err := Open(root)
	if err != nil || len(overlay) == 0 {
		return fsys, err
	}
	fsys.overlay = make(map[string]string, len(overlay))
	for p, text := range overlay {
		if c, rerr := Clean(p); rerr == nil {
			fsys.overlay[c] = text
		}
	}
	return fsys, nil
}

// Stat returns the file information of rel, a slash-separated path
// relative to the project root, following symbolic links that stay inside
// the root (a link out of it is an error): what tells whether two paths
// name the same file.
func (fsys *FS) Stat(rel string) (fs.FileInfo, error) {
	return fsys.root.Stat(filepath.FromSlash(rel))
}

// Close releases the root directory. Files already read stay usable.
func (fsys *FS) Close() error {
	for _, d := range fsys.dirs {
		d.close(fsys.root)
	}
	return fsys.root.Close()
}

// Opened returns, in order, every path the FS opened for reading (each
// once). Tests use it to check that nothing outside the root was touched;
// the compiler uses it to list a build's inputs.
// With concurrent readers the order is the order the reads finished in.
func (fsys *FS) Opened() []string {
	fsys.mu.Lock()
	defer fsys.mu.Unlock()
	return slices.Clone(fsys.opened)
}

// Read returns the file at rel, a slash-separated path relative to the
// project root, cleaned with path.Clean semantics. Any failure is a
// *ReadError: INCLUDE_ESCAPE (absolute, "..", or a symlink leaving the
// root), INCLUDE_NOT_FOUND, INCLUDE_NOT_REGULAR (directory, FIFO, device,
// socket), or TEXT_INVALID_UTF8, TEXT_NUL, TEXT_BOM for content that is
// not plain text. Failures are cached like files.
func (fsys *FS) Read(rel string) (*File, error) {
	p, rerr := Clean(rel)
	if rerr != nil {
		return nil, rerr
	}
	fsys.mu.Lock()
	f, ok := fsys.files[p]
	e, failed := fsys.failed[p]
	fsys.mu.Unlock()
	if ok {
		return f, nil
	}
	if failed {
		return nil, e
	}
	f, e, opened := fsys.load(p)
	fsys.mu.Lock()
	defer fsys.mu.Unlock()
	// Another goroutine may have read p meanwhile: keep its result, so
	// that every caller shares one *File and p is listed once.
	if g, ok := fsys.files[p]; ok {
		return g, nil
	}
	if g, ok := fsys.failed[p]; ok {
		return nil, g
	}
	if opened {
		fsys.opened = append(fsys.opened, p)
	}
	if e != nil {
		fsys.failed[p] = e
		// Reads run concurrently: the first path in order is named, so
		// that the message does not depend on timing.
		if advice := systemFailure(e.cause); advice != "" && (fsys.failure == nil || p < fsys.failurePath) {
			fsys.failure, fsys.failurePath = fmt.Errorf("reading %s: %w: %s", p, e.cause, advice), p
		}
		return nil, e
	}
	fsys.files[p] = f
	return f, nil
}

// Failure returns a read that failed for want of a system resource or
// with an I/O error (too many open files, no memory, a device error), the
// one of the first path in order, or nil. Such a read is also reported
// like any file that cannot be read, but it says nothing about the
// project: a caller should stop with this error rather than report
// findings built on missing files.
func (fsys *FS) Failure() error {
	fsys.mu.Lock()
	defer fsys.mu.Unlock()
	return fsys.failure
}

// Clean returns the clean form of a project-relative path, or a
// *ReadError when it is empty, absolute or climbs out of the root with
// "..". It never touches the file system, so such paths are refused the
// same way on every machine.
func Clean(rel string) (string, *ReadError) {
	if rel == "" {
		return "", fail(rel, RuleNotFound, "empty path; name a file relative to the project root")
	}
	if IsAbs(rel) {
		return "", fail(rel, RuleEscape, "%s is an absolute path; paths must be relative to the project root (the directory of promptc.cue)", rel)
	}
	p := path.Clean(rel)
	if p == ".." || strings.HasPrefix(p, "../") {
		return "", fail(rel, RuleEscape, "%s climbs out of the project root with ..; keep every asset inside the directory of promptc.cue", rel)
	}
	return p, nil
}

// IsAbs reports whether p is absolute in slash or Windows form (/x, \x,
// C:x) on every system, so that a project is refused the same way wherever
// it is built.
func IsAbs(p string) bool { return genruntime.IsAbsPath(p) || filepath.IsAbs(p) }

func fail(p, rule, format string, args ...any) *ReadError {
	return &ReadError{Diag: diag.Errorf(diag.Position{Path: p}, rule, format, args...)}
}

// maxOpenDirs bounds the directories an FS keeps open, one descriptor
// each: a project spread over more directories than the process may open
// files must still read. A directory beyond the bound is opened for each
// file read from it and closed after. The bound is a quarter of the
// descriptors the process may open, between 64 and 4,096 (see
// descriptorLimit).
var maxOpenDirs = min(max(descriptorLimit()/4, 64), 4096)

// dir returns directory dir of the project and a function that releases
// it after use. A directory is opened once and kept while fewer than
// maxOpenDirs are.
func (fsys *FS) dir(dir string) (*dirHandle, func()) {
	if dir == "" {
		dir = "."
	}
	fsys.mu.Lock()
	defer fsys.mu.Unlock()
	if d, ok := fsys.dirs[dir]; ok {
		return d, func() {}
	}
	d := &dirHandle{root: fsys.root}
	switch {
	case directReads:
		if f, err := fsys.root.Open(dir); err == nil {
			d.file = f
		}
	case dir != ".":
		if r, err := fsys.root.OpenRoot(dir); err == nil {
			d.root = r
		}
	}
	if len(fsys.dirs) >= maxOpenDirs {
		return d, func() { d.close(fsys.root) }
	}
	if fsys.dirs == nil {
		fsys.dirs = map[string]*dirHandle{}
	}
	fsys.dirs[dir] = d
	return d, func() {}
}

// load reads and validates p, which is clean; opened reports whether the
// file was opened for reading.
func (fsys *FS) load(p string) (f *File, rerr *ReadError, opened bool) {
	if text, ok := fsys.overlay[p]; ok {
		if len(text) > MaxFileSize {
			return nil, osError(p, &TooLargeError{Size: int64(len(text)), Limit: MaxFileSize}), false
		}
		f, rerr := decode(p, []byte(text))
		return f, rerr, true
	}
	dir, name := path.Split(p)
	d, release := fsys.dir(strings.TrimSuffix(dir, "/"))
	defer release()
	if d.file != nil {
		if b, ok, err := readAt(d.file, name, d.listedRegular(name)); ok {
			if err != nil {
				return nil, osError(p, err), false
			}
			f, rerr := decode(p, b)
			return f, rerr, true
		}
	}
	if root := d.root; root != fsys.root {
		f, rerr, opened := fsys.loadIn(root, name, p)
		if rerr == nil || rerr.Diag.Rule != RuleEscape {
			return f, rerr, opened
		}
		// A symlink that leaves the directory may still stay inside the
		// project: only the project root decides.
	}
	return fsys.loadIn(fsys.root, p, p)
}

// loadIn reads name in root; p is the file's project path, for messages.
// opened reports whether the file was opened for reading.
func (fsys *FS) loadIn(root *os.Root, name, p string) (f *File, rerr *ReadError, opened bool) {
	// Stat first: a FIFO must be refused before any open, which would
	// block until a writer appears.
	fi, err := root.Stat(name)
	if isEscape(err) && root == fsys.root {
		// os.Root refuses every absolute symlink; one that stays inside
		// the project is followed like a relative one.
		if name, err = fsys.resolve(name); err == nil {
			fi, err = root.Stat(name)
		}
	}
	if err != nil {
		return nil, osError(p, err), false
	}
	if !fi.Mode().IsRegular() {
		return nil, notRegular(p, fi.Mode()), false
	}
	// The file may be replaced between Stat and open; the non-blocking
	// open and the second check below close that window.
	fh, err := root.OpenFile(name, os.O_RDONLY|regular.OpenFlags, 0)
	if err != nil {
		return nil, osError(p, err), false
	}
	defer fh.Close()
	fi, err = fh.Stat()
	if err != nil {
		return nil, osError(p, err), true
	}
	if !fi.Mode().IsRegular() {
		return nil, notRegular(p, fi.Mode()), true
	}
	b, err := readAll(fh, fi.Size(), MaxFileSize)
	if err != nil {
		return nil, osError(p, err), true
	}
	f, rerr = decode(p, b)
	return f, rerr, true
}

// readAll is regular.ReadAll: a *regular.TooLargeError for a file of more
// than limit bytes.
func readAll(r io.Reader, size, limit int64) ([]byte, error) {
	return regular.ReadAll(r, size, limit)
}

// MaxFileSize is the size, in bytes, of the largest file an FS reads. A
// prompt file is text a model is sent whole, and no model's context holds
// a fraction of 64 MiB; the bound keeps every offset in a file within the
// 32 bits of a markdown.Line.
const MaxFileSize = 64 << 20

// A file's text is scanned whole, so the largest file read must be one
// markdown.Scan accepts: this constant does not compile otherwise.
const _ = uint(markdown.MaxInput - MaxFileSize)

// TooLargeError is the error for a file larger than a reader accepts.
type TooLargeError = regular.TooLargeError

func notRegular(p string, m fs.FileMode) *ReadError {
	do := "replace it with a regular file, or name one"
	if m.IsDir() {
		do = "name a file inside it"
	}
	return fail(p, RuleNotRegular, "%s is %s; only regular files can be prompt assets: %s", p, Describe(m), do)
}

// osError maps an error from the root to a diagnostic.
func osError(p string, err error) *ReadError {
	if isEscape(err) {
		// A symlink (or a ".." after one) leads out.
		return fail(p, RuleEscape, "%s goes through a symbolic link that leads outside the project root; replace the link with the file, or point it at a file inside the project", p)
	}
	if errors.Is(err, errLoop) {
		return fail(p, RuleNotFound, "%s cannot be read: more than %d symbolic links in a row (a loop?); point the links at the file directly", p, maxHops)
	}
	if errors.Is(err, fs.ErrNotExist) {
		return fail(p, RuleNotFound, "%s does not exist; create it or correct the path (this path is shown relative to the project root)", p)
	}
	if tl := (*TooLargeError)(nil); errors.As(err, &tl) {
		// The file is there: not INCLUDE_NOT_FOUND.
		return fail(p, RuleRead, "%s cannot be read: it is %d bytes, more than the %d MiB promptc reads (far more text than any model is sent); split it into smaller files", p, tl.Size, tl.Limit>>20)
	}
	msg := err.Error()
	if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
		msg = pe.Err.Error()
	}
	e := fail(p, RuleNotFound, "%s cannot be read: %s", p, msg)
	e.cause = err
	return e
}
