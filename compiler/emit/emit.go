// Package emit renders a compiled Program into the files of the output
// directory and writes them there.
//
// The output directory is read and written the way inputs are read:
// through an os.Root, so that no path leaves it, and without following a
// symbolic link even one that stays inside; a link, a directory or a FIFO
// where a generated file belongs is refused and never read. Writes are all
// or nothing for the whole set of files (see Write), happen only when bytes
// change, remove the files promptc generated before and no longer does, and
// never touch files it did not create.
package emit

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/costs"
	"github.com/promptc/promptc/compiler/gogen"
	"github.com/promptc/promptc/internal/config"
)

// ManifestName is the file in the output directory that lists what promptc
// generated there; only files it lists are ever removed.
const ManifestName = config.ManifestFile

// File is one output file: a name inside the output directory and its
// bytes.
type File struct {
	Name string
	Data []byte
}

// Dir returns the absolute output directory of p, for messages.
func Dir(p *compiler.Program) string {
	base, rel, err := config.OutputDir(p.Loaded.Root, p.Config.Output.Dir)
	if err != nil {
		// Refused when the configuration was loaded; this is only a name.
		return filepath.Join(p.Loaded.Root, filepath.FromSlash(p.Config.Output.Dir))
	}
	return filepath.Join(base, rel)
}

// InputHash hashes everything the output depends on: the generator's
// stamp (see stamp.go), the evaluated configuration, the source position of
// every part and every project file read, in path order, each by its path,
// length and digest (the SHA-256 of its text, taken when it was read).
//
// The configuration counts by its decoded value, defaults filled in,
// encoded as JSON (struct fields in declaration order, map keys sorted), not
// by the bytes of promptc.cue: reformatting it or editing a comment changes
// nothing that is built, so it leaves the output up to date. Where a line of
// promptc.cue does reach the output (a pointer part reports its entry as its
// source), it counts through the part's position. The Go package's
// directory and name count once, whichever of the two places declares
// them (config.Output.Folded), so that the two spellings build the same
// bytes.
func InputHash(p *compiler.Program) string {
	h := sha256.New()
	c := *p.Loaded.Config
	c.Output = c.Output.Folded()
	cfg, err := json.Marshal(&c)
	if err != nil {
		// A decoded configuration holds only JSON values; the text keeps
		// the hash deterministic all the same.
		cfg = []byte(err.Error())
	}
	fmt.Fprintf(h, "%s\n%d\n", generatorStamp(), len(cfg))
	h.Write(cfg)
	var head []byte
	for _, name := range slices.Sorted(maps.Keys(p.Parts)) {
		pos := p.Parts[name].Pos
		head = append(append(append(head[:0], '\n'), name...), '\n')
		head = append(append(head, pos.Path...), ':')
		head = strconv.AppendInt(head, int64(pos.Line), 10)
		h.Write(head)
	}
	h.Write([]byte("\n\x00files"))
	for _, path := range slices.Sorted(maps.Keys(p.Files)) {
		f := p.Files[path]
		head = append(append(append(head[:0], '\n'), path...), '\n')
		head = append(strconv.AppendInt(head, int64(len(f.Text)), 10), '\n')
		head = append(head, f.Digest[:]...)
		h.Write(head)
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// Names lists the files Render produces for p, sorted, manifest included,
// without rendering them.
func Names(p *compiler.Program) []string {
	names := slices.Clone(config.ReservedOutputFiles)
	if g := p.Config.Guide; g != nil && guidePart(p) != nil {
		names = append(names, g.Output)
	}
	slices.Sort(names)
	return names
}

// guidePart returns the generated operator guide part, if a mode can use it.
func guidePart(p *compiler.Program) *compiler.Part {
	for _, name := range slices.Sorted(maps.Keys(p.Parts)) {
		if part := p.Parts[name]; part.Config.Generated == "guide" {
			return part
		}
	}
	return nil
}

// Render returns every output file, sorted by name, then the manifest.
// progs holds one program per profile, the default first.
func Render(progs []*compiler.Program, hash string) ([]File, error) {
	p := progs[0]
	src, err := gogen.Generate(progs, hash)
	if err != nil {
		return nil, err
	}
	rows := costs.Table(p)
	js, err := costs.JSONWithPointers(rows, costs.Pointers(p, costs.OneCall))
	if err != nil {
		return nil, err
	}
	files := []File{
		{config.GoFile, src},
		{config.CostsMarkdownFile, []byte(costs.Markdown(rows))},
		{config.CostsJSONFile, js},
	}
	if g, part := p.Config.Guide, guidePart(p); g != nil && part != nil {
		// The rendered guide sits beside the code so a PR shows its text.
		files = append(files, File{g.Output, []byte(part.Text + "\n")})
	}
	return WithManifest(files), nil
}

// WithManifest returns files sorted by name, then the manifest that lists
// them with their SHA-256: what Write and WriteTarget put in a directory.
func WithManifest(files []File) []File {
	slices.SortFunc(files, func(a, b File) int { return strings.Compare(a.Name, b.Name) })
	var m strings.Builder
	m.WriteString("# Files generated by promptc, with their SHA-256; build removes those it no longer generates.\n")
	for _, f := range files {
		sum := sha256.Sum256(f.Data)
		m.WriteString(f.Name + " sha256:" + hex.EncodeToString(sum[:]) + "\n")
	}
	return append(files, File{ManifestName, []byte(m.String())})
}
