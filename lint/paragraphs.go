package lint

import (
	"maps"
	"math/bits"
	"slices"
	"sort"
	"strings"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/frontmatter"
	"github.com/promptc/promptc/compiler/include"
	"github.com/promptc/promptc/internal/diag"
)

// fileParagraph is a paragraph of a file as eachParagraph finds it: its
// lines (start to end), its bytes in the file's text (from to to as
// written; at to to, the text compared: a list item's without its
// marker) and the key of the compared text collapsed (collapsedKey).
// Offsets, not strings: the paragraph index holds every paragraph of
// every file a part sends (a hundred thousand at 10,000 assets), and
// values without pointers are memory the collector never scans. slot is
// the slot of the key in the index's table (keyTable), set as the index
// is built: it fills what would be padding.
type fileParagraph struct {
	key          uint64
	start, end   int32
	from, at, to int32
	slot         int32
}

// raw is p as written in text, its file's text.
func (p fileParagraph) raw(text string) string { return text[p.from:p.to] }

// compared is the text of p that is compared, in text, its file's text.
func (p fileParagraph) compared(text string) string { return text[p.at:p.to] }

// paragraphIndex finds the paragraphs that the sections of a compiled
// program's compositions can send twice (PARAGRAPH_REPEATED): its
// candidates, the paragraphs whose key two sources of sections (a part, a
// family's line, body or note) may hold. Every file is scanned once, and
// each paragraph's key looked up once; what a section sends is then
// checked for the candidates alone, once per section.
type paragraphIndex struct {
	p *compiler.Program
	// files holds every file the sources take, with its paragraphs.
	files map[string]*indexedFile
	keys  keyTable
	// many has the bit of every slot of keys whose key two sources or
	// more hold: a candidate's, read from a table small enough to stay
	// in the processor's cache, where keys is not.
	many []uint64
	// ncandidates counts the candidate keys; ids, the candidate keys
	// that sections send, numbered as first seen (candidate.id).
	ncandidates, ids int
	// sectionCandidates holds candidatesIn's answers.
	sectionCandidates map[*include.Span][]candidate
	// includes holds the include lines of each file searched for one,
	// resolved once: every family, note and mode sending a file twice
	// asks again for the same lines.
	includes map[string][]includeAt
	// vias holds includeLines' answers.
	vias map[viaKey][2]diag.Position
	// groups and conditional are repeatsIn's buffers.
	groups      textGroups
	conditional []bool
	// first and held are repeatedIn's buffers, by candidate id.
	first []*include.Span
	held  []bool
}

// indexedFile is a file of the index: its text, its paragraphs, and its
// candidate paragraphs once candidatesOf has found them.
type indexedFile struct {
	text       string
	paras      []fileParagraph
	candidates []fileCandidate
	found      bool
}

// paraChunk is how many paragraphs the index allocates at once: a file's
// paragraphs are kept together in one chunk, and the chunks hold the
// paragraphs of a large project in a few hundred kilobytes each rather
// than one array that grows by copying (or is allocated for the most
// paragraphs the files could hold, most of it never written).
const paraChunk = 4096

// newParagraphIndex indexes the paragraphs of every file that the
// sources of p's parts take lines of, and finds the candidates: every
// paragraph of a file two sources take lines of, and each paragraph whose
// key a file that another source takes holds too. A source may send only
// some of a file's paragraphs (a block, lines cut by an include), so the
// candidates can be more than the paragraphs two sources send;
// candidatesIn checks what each section sends, and only the paragraphs it
// sends are compared.
func newParagraphIndex(p *compiler.Program) *paragraphIndex {
	x := &paragraphIndex{p: p, files: make(map[string]*indexedFile, len(p.Files))}
	// holders maps each file to the one source that takes lines of it
	// (its number, from 1), or to manyHolders.
	holders := make(map[string]int32, len(p.Files))
	var paths []string
	n := int32(0)
	x.sources(slices.Sorted(maps.Keys(p.Config.Parts)), func(spans []include.Span) {
		if len(spans) == 0 {
			return
		}
		n++
		for _, sp := range spans {
			switch h, ok := holders[sp.Path]; {
			case !ok:
				holders[sp.Path] = n
				paths = append(paths, sp.Path)
			case h != n:
				holders[sp.Path] = manyHolders
			}
		}
	})
	// Room for every path: the map points into files, which must not
	// move.
	files := make([]indexedFile, 0, len(paths))
	fileHolders := make([]int32, 0, len(paths))
	var chunk []fileParagraph
	total := 0
	for _, path := range paths {
		f := p.Files[path]
		if f == nil {
			continue
		}
		first := 1
		if fm, _, ok := frontmatter.Split(f.Text); ok {
			// A family file's header is never sent, so it starts no
			// paragraph (as DUPLICATE_PARAGRAPH skips it).
			first = fm.Lines + 1
		}
		lo := len(chunk)
		eachParagraph(f, first, func(fp fileParagraph) {
			if len(chunk) == cap(chunk) {
				// A new chunk, which the file's paragraphs so far move
				// to.
				next := make([]fileParagraph, 0, max(paraChunk, 2*(len(chunk)-lo)))
				chunk, lo = append(next, chunk[lo:]...), 0
			}
			chunk = append(chunk, fp)
		})
		files = append(files, indexedFile{text: f.Text, paras: chunk[lo:len(chunk):len(chunk)]})
		fileHolders = append(fileHolders, holders[path])
		total += len(chunk) - lo
		x.files[path] = &files[len(files)-1]
	}
	x.keys.init(total)
	for i := range files {
		h := fileHolders[i]
		for j := range files[i].paras {
			fp := &files[i].paras[j]
			slot, was := x.keys.hold(fp.key, h)
			fp.slot = slot
			if was != manyHolders && x.keys.slots[slot].holder == manyHolders {
				x.ncandidates++
			}
		}
	}
	x.many = make([]uint64, (len(x.keys.slots)+63)/64)
	for i, s := range x.keys.slots {
		if s.holder == manyHolders {
			x.many[i/64] |= 1 << (i % 64)
		}
	}
	return x
}

// manyHolders is the holder of a key or file that two sources or more
// hold.
const manyHolders = -1

// keyTable maps paragraph keys to who holds them: open addressing with
// linear probing, the slot found from the key itself (a hash already),
// so that each of the index's hundred thousand paragraphs costs one probe
// sequence and no allocation.
type keyTable struct {
	slots []keySlot
	shift uint
}

// keySlot is a key of the table and its holder (0 for an empty slot);
// id is 1 + the key's candidate id once candidatesOf numbers it.
type keySlot struct {
	key        uint64
	holder, id int32
}

// init empties t and makes room for n keys.
func (t *keyTable) init(n int) {
	size := 8
	for size < 2*n {
		size *= 2
	}
	t.slots = make([]keySlot, size)
	t.shift = uint(64 - bits.TrailingZeros(uint(size)))
}

// hold records that holder (from 1, or manyHolders) holds key: a key
// two holders hold becomes held by manyHolders. It returns the key's slot
// and its holder before.
func (t *keyTable) hold(key uint64, holder int32) (slot int32, was int32) {
	// Fibonacci hashing spreads the key's high bits over the slots.
	i := int((key * 0x9e3779b97f4a7c15) >> t.shift)
	for {
		s := &t.slots[i]
		switch {
		case s.holder == 0:
			s.key, s.holder = key, holder
			return int32(i), 0
		case s.key == key:
			was = s.holder
			if s.holder != holder {
				s.holder = manyHolders
			}
			return int32(i), was
		}
		i = (i + 1) & (len(t.slots) - 1)
	}
}

// fileCandidate is a candidate paragraph of a file: the paragraph, its
// text collapsed (collapseSpace) and its key's candidate id.
type fileCandidate struct {
	fileParagraph
	text string
	id   int32
}

// candidatesOf returns the candidate paragraphs of the file at path, in
// line order, found once per file; none for a file no source takes.
func (x *paragraphIndex) candidatesOf(path string) []fileCandidate {
	file := x.files[path]
	if file == nil {
		return nil
	}
	if file.found {
		return file.candidates
	}
	var cs []fileCandidate
	for _, fp := range file.paras {
		if x.many[fp.slot/64]&(1<<(fp.slot%64)) == 0 {
			continue
		}
		s := &x.keys.slots[fp.slot]
		if s.id == 0 {
			x.ids++
			s.id = int32(x.ids)
		}
		cs = append(cs, fileCandidate{fp, collapseSpace(fp.compared(file.text)), s.id - 1})
	}
	file.candidates, file.found = cs, true
	return cs
}

// candidate is a paragraph a section sends whose key another source may
// hold too: its collapsed text, that text's key and candidate id, and
// where it is written.
type candidate struct {
	text string
	key  uint64
	id   int32
	pos  diag.Position
}

// candidatesIn returns the candidate paragraphs that a section's spans
// send, in order, found once per section: a section is the same in every
// composition that sends it, and most of its paragraphs are no candidate.
// A span sends a paragraph of its file when it holds every line of it
// unchanged. A paragraph is cut where its file's lines stop being sent
// (an @include line, a block's end), so a paragraph written around an
// include line is not one the prompt sends, and is compared by neither
// DUPLICATE_PARAGRAPH nor this check; the included file's paragraphs are.
// Sections are told apart by their first span: a compiled program's spans
// are never changed or moved.
func (x *paragraphIndex) candidatesIn(spans []include.Span) []candidate {
	if len(spans) == 0 {
		return nil
	}
	if out, ok := x.sectionCandidates[&spans[0]]; ok {
		return out
	}
	var out []candidate
	for _, sp := range spans {
		cs := x.candidatesOf(sp.Path)
		i := sort.Search(len(cs), func(i int) bool { return int(cs[i].start) >= sp.Line })
		if i == len(cs) {
			continue
		}
		text := x.files[sp.Path].text
		lines := strings.Count(sp.Text, "\n")
		for ; i < len(cs) && int(cs[i].end) < sp.Line+lines; i++ {
			// A span's text is the file's lines as sent; a generated
			// part could hold other text under a file's name, which is
			// then not this paragraph.
			c := cs[i]
			if strings.TrimSuffix(linesOf(sp.Text, int(c.start)-sp.Line, int(c.end)-sp.Line), "\n") == c.raw(text) {
				out = append(out, candidate{text: c.text, key: c.key, id: c.id, pos: diag.Position{Path: sp.Path, Line: int(c.start), Col: 1}})
			}
		}
	}
	if x.sectionCandidates == nil {
		x.sectionCandidates = map[*include.Span][]candidate{}
	}
	x.sectionCandidates[&spans[0]] = out
	return out
}

// repeatedIn returns, by candidate id, whether two sources of parts send
// a paragraph of that id, read from each section's list of candidates
// (candidatesIn), and whether any does: every mode asks again. The
// answer lives in a buffer the next call reuses.
func (x *paragraphIndex) repeatedIn(parts []string) ([]bool, bool) {
	clear(x.first)
	clear(x.held)
	found := false
	x.sources(parts, func(spans []include.Span) {
		if len(spans) == 0 {
			return
		}
		src := &spans[0]
		for _, c := range x.candidatesIn(spans) {
			for int(c.id) >= len(x.first) {
				x.first, x.held = append(x.first, nil), append(x.held, false)
			}
			switch f := x.first[c.id]; {
			case f == nil:
				x.first[c.id] = src
			case f != src:
				x.held[c.id], found = true, true
			}
		}
	})
	return x.held, found
}

// textGroups gathers the copies one composition sends of each collapsed
// text, in the order the texts first appear. Texts are found by their
// candidate id (a text's key, and so its id, is never another's unless
// they collide, when the texts are compared), and the groups and their
// lists are kept from one composition to the next.
type textGroups struct {
	// byID holds 1 + the first group of each id in use, 0 for none;
	// used lists the ids set, which reset clears.
	byID []int32
	used []int32
	list []textGroup
	n    int // groups in use
}

// textGroup is the copies of one text; next is the next group whose text
// has the same id, -1 for none.
type textGroup struct {
	text string
	next int
	occ  []occurrence
}

// occurrence is a copy of a text one composition sends: the candidate
// paragraph, in the list of its section (candidatesIn), and the section's
// index. Every composition gathers every copy it sends, most of them sent
// once: a pointer and an index are what is kept until a copy proves to be
// repeated.
type occurrence struct {
	c   *candidate
	sec int
}

// reset empties g, keeping its memory.
func (g *textGroups) reset() {
	for _, id := range g.used {
		g.byID[id] = 0
	}
	g.used = g.used[:0]
	g.n = 0
}

// find returns the index of text's group, which it adds when new.
func (g *textGroups) find(id int32, text string) int {
	for int(id) >= len(g.byID) {
		g.byID = append(g.byID, 0)
	}
	j := int(g.byID[id]) - 1
	last := -1
	for j >= 0 {
		if g.list[j].text == text {
			return j
		}
		last, j = j, g.list[j].next
	}
	if g.n == len(g.list) {
		g.list = append(g.list, textGroup{})
	}
	j = g.n
	g.n++
	g.list[j].text, g.list[j].next, g.list[j].occ = text, -1, g.list[j].occ[:0]
	if last >= 0 {
		g.list[last].next = j
	} else {
		g.byID[id] = int32(j) + 1
		g.used = append(g.used, id)
	}
	return j
}
