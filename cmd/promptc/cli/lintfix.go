package cli

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/promptc/promptc/internal/regular"
	"github.com/promptc/promptc/lint"
)

// applyFixes writes the fixes of lint --fix into the assets below root and
// returns how many files it changed, printing one line on stderr for each
// ("fixed prompts/base.md: 2 lines of trailing white space"): stdout
// holds the findings, in a machine format alone. Every file is read again
// through a root on the project, never through a link, and replaced
// atomically (regular.Replace) only when it still holds the text lint
// read; a file that does not (changed since, a link, a hard link, CR line
// endings, which lint reads as LF) is left as it is with a line saying
// why, and its findings are reported by the lint that follows.
func (g *globals) applyFixes(root string, fixes []lint.Fix) (int, error) {
	if len(fixes) == 0 {
		return 0, nil
	}
	r, err := os.OpenRoot(root)
	if err != nil {
		return 0, err
	}
	defer r.Close()
	prefix := relDir(root)
	written := 0
	for _, f := range fixes {
		shown := f.File.Path
		if prefix != "." && !filepath.IsAbs(prefix) {
			shown = path.Join(prefix, shown)
		}
		name := filepath.FromSlash(f.File.Path)
		if why := replaceAsset(r, name, f); why != "" {
			fmt.Fprintf(g.stderr, "promptc: not fixed %s: %s\n", shown, why)
			continue
		}
		fmt.Fprintf(g.stderr, "fixed %s: %s\n", shown, f.Summary())
		written++
	}
	return written, nil
}

// replaceAsset writes f's text over name in r, or says why it did not.
func replaceAsset(r *os.Root, name string, f lint.Fix) string {
	// A file longer than lint read it has changed: the limit stops the
	// read there.
	raw, fi, err := regular.ReadInfo(r, name, int64(f.File.Size))
	if err == nil && string(raw) != f.File.Text {
		if strings.ContainsRune(string(raw), '\r') {
			return "it has CR line endings, which lint reads as LF; convert it to LF line endings (TEXT_CRLF), then fix it"
		}
		err = &regular.ChangedError{Name: name}
	}
	if err == nil {
		err = regular.Replace(r, name, []byte(f.Text), fi)
	}
	var nr *regular.NotRegularError
	var tl *regular.TooLargeError
	var ce *regular.ChangedError
	switch {
	case err == nil:
		return ""
	case errors.As(err, &nr) && nr.Mode&os.ModeSymlink != 0:
		return "it is a symbolic link, which promptc never writes through; fix the file it points to"
	case errors.As(err, &nr) && nr.Links > 1:
		return "it is " + nr.What() + "; replacing it would split it from its other names, so fix it by hand"
	case errors.As(err, &nr):
		return "it is " + nr.What() + "; promptc writes only regular files"
	case errors.As(err, &tl), errors.As(err, &ce):
		return "it changed since lint read it; run promptc lint --fix again"
	}
	return err.Error()
}
