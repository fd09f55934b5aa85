// Package markdown classifies the lines of a Markdown document by the
// CommonMark block they belong to: ordinary text, code (fenced or indented),
// or an HTML comment block.
//
// Several promptc stages must know whether a line is prose or a quotation of
// code: an include line inside a code sample is an example, not an include,
// and a model-note marker inside a fenced block is documentation, not a
// marker. Getting that wrong in either direction silently changes what a
// model is sent, so the classification follows the CommonMark 0.31.2 block
// structure exactly (block quotes, list items, lazy continuation lines, tabs,
// the seven kinds of HTML block, link reference definitions where they
// change the structure) rather than a regular-expression approximation.
//
// The scanner makes one pass over the input, keeps only the stack of open
// blocks and allocates little beyond the result slice, because it runs on
// every file of every lint; its time is linear in the input, however deep
// the nesting.
//
// Conformance is tested against every example of the specification (with
// goldmark as the judge of which lines are code), against goldmark on
// generated and fuzzed documents, and against line kinds computed by the
// reference implementation, commonmark.js, for the corners where goldmark
// strays from the specification.
package markdown

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"sync"
)

// Kind says which sort of CommonMark block a line belongs to.
type Kind uint8

const (
	// Text is every line that is neither Code nor Comment: paragraphs,
	// headings, blank lines, thematic breaks, other HTML blocks and the
	// container markers around them.
	Text Kind = iota
	// Code is a line inside a fenced code block (both fence lines
	// included) or an indented code block. Blank lines that trail an
	// indented code block are not part of it and stay Text, as in
	// CommonMark.
	Code
	// Comment is a line of an HTML block that starts with "<!--"
	// (CommonMark HTML block type 2), from its first line through the line
	// holding "-->", or to the end of its container when that never comes.
	Comment
)

// String returns "text", "code" or "comment", for test output and
// diagnostics.
func (k Kind) String() string {
	switch k {
	case Code:
		return "code"
	case Comment:
		return "comment"
	}
	return "text"
}

// MaxInput is the length, in bytes, of the longest input Scan accepts:
// a Line's offsets are 32 bits, which halves the memory the lines of a
// large project take (promptc keeps them for every file it reads).
const MaxInput = math.MaxInt32

// Line describes one source line.
type Line struct {
	// Num is the 1-based line number.
	Num int32
	// Start and End are byte offsets into the scanned input of the line's
	// text, without its line ending ("\n", or "\r\n" counted as one ending).
	Start, End int32
	// Kind is the block the line belongs to.
	Kind Kind
	// Indent is the width, in columns, of the spaces and tabs that open
	// the raw line, tabs advancing to the next multiple of four. It is
	// measured before any block-quote or list-item marker is removed, so it
	// can be used without knowing the container structure; the structure
	// itself is already folded into Kind.
	Indent int32
}

// Scan returns one Line for each line of src, in order. A final line
// without a line ending is a line; an empty input has none.
//
// Only "\n" ends a line ("\r\n" is accepted as one ending); a lone "\r" is
// ordinary text. promptc's source reader converts every line ending to "\n"
// before scanning, so line numbers agree with editors. Any byte sequence is
// a Markdown document; Scan panics only on an input longer than MaxInput,
// which its callers refuse first.
func Scan(src []byte) []Line {
	lines, _ := scan(nil, src)
	return lines
}

// AppendScan appends one Line for each line of src to dst, as Scan finds
// them, and returns the extended slice. A caller that scans many texts and
// keeps none of the lines reuses one slice: the lines of a large project's
// texts are megabytes, and fresh memory costs more than the scan.
func AppendScan(dst []Line, src []byte) []Line {
	lines, _ := scan(dst, src)
	return lines
}

// Notes name situations in which other CommonMark parsers are known to
// stray from the specification. Scan does not change its answer for them;
// the tests use them to tell a known divergence of the test oracle from a
// fault in Scan.
const (
	// noteEmptyItem: a list item opened with nothing after its marker.
	noteEmptyItem uint8 = 1 << iota
	// noteSetextAfterRefs: a setext underline met a paragraph made only
	// of link reference definitions.
	noteSetextAfterRefs
)

// scanners holds scanners between scans. A scanner keeps its stack of
// open blocks in itself, so it lives on the heap; reusing one saves an
// allocation of over a kilobyte per text.
var scanners = sync.Pool{New: func() any { return new(scanner) }}

// scan appends the lines of src to dst; with a nil dst the result has room
// for exactly the lines of src.
func scan(dst []Line, src []byte) ([]Line, uint8) {
	s := scanners.Get().(*scanner)
	*s = scanner{}
	s.run(dst, src)
	lines, notes := s.out, s.notes
	// Nothing of this scan stays reachable from the pool.
	s.src, s.out, s.ln = nil, nil, nil
	scanners.Put(s)
	return lines, notes
}

// run scans src, appending its lines to dst, into s.out.
func (s *scanner) run(dst []Line, src []byte) {
	if len(src) > MaxInput {
		panic(fmt.Sprintf("markdown: input of %d bytes, more than MaxInput", len(src)))
	}
	n := bytes.Count(src, []byte{'\n'})
	if len(src) > 0 && src[len(src)-1] != '\n' {
		n++
	}
	if dst == nil {
		dst = make([]Line, 0, n)
	}
	s.src, s.out, s.first = src, slices.Grow(dst, n), len(dst)
	s.stack = append(s.stackBuf[:0], block{kind: kDocument})
	s.blankStop = 1
	for start := 0; start < len(src); {
		next := len(src)
		end := len(src)
		if i := bytes.IndexByte(src[start:], '\n'); i >= 0 {
			end = start + i
			next = end + 1
			if end > start && src[end-1] == '\r' {
				end--
			}
		}
		ln := src[start:end]
		// Splitting, measuring and classifying the line read it a fixed
		// number of times.
		s.steps += len(ln) + 1
		s.out = append(s.out, Line{Num: int32(len(s.out) - s.first + 1), Start: int32(start), End: int32(end), Indent: int32(leadingWidth(ln))})
		s.line(start, ln)
		if checkBlankStop {
			s.verifyBlankStop()
		}
		start = next
	}
	for len(s.stack) > 1 {
		s.closeTop()
	}
}

// leadingWidth is the column width of the spaces and tabs opening ln.
func leadingWidth(ln []byte) int {
	w := 0
	for _, c := range ln {
		switch c {
		case ' ':
			w++
		case '\t':
			w += 4 - w%4
		default:
			return w
		}
	}
	return w
}

type blockKind uint8

const (
	kDocument blockKind = iota
	kQuote
	kItem
	kParagraph
	kFence
	kIndented
	kHTML
)

// block is one open block. List nodes are not represented: in CommonMark a
// list only groups items and never decides which block a line belongs to.
type block struct {
	kind blockKind
	// children counts the blocks added to a container; an item with none
	// ends at its first blank line.
	children int
	// indent is the column an item's content starts at, relative to the
	// item's container.
	indent int
	// fenceChar and fenceLen describe an open fence.
	fenceChar byte
	fenceLen  int
	// htmlType is the CommonMark HTML block type, 1 to 7.
	htmlType uint8
}

// scanner holds the state of one Scan call. Its per-line fields mirror the
// reference parser's notion of position: offset is a byte index into the
// line, column the visual column it corresponds to (tabs advance to the next
// multiple of four, and a tab can be partly consumed by a container marker).
type scanner struct {
	src []byte
	out []Line
	// first is the index in out of src's first line.
	first    int
	stack    []block
	stackBuf [16]block

	ln        []byte
	lineStart int
	offset    int
	column    int
	nonspace  int // offset of the next non-space, non-tab byte
	nsColumn  int // column of nonspace
	indent    int // nsColumn - column
	indented  bool
	blank     bool
	allClosed bool
	matched   int  // stack index of the last container that continued
	leafDone  bool // the line was taken by a one-line leaf block

	// steps counts the scanner's elementary operations: bytes read beyond
	// the one pass over each line, and blocks visited on the stack. Scan's
	// time is proportional to it; the tests assert that it grows linearly
	// with the input, which a clock on a busy machine cannot show.
	steps int

	// The run of spaces and tabs found by the last findNextNonspace: from
	// offset nsFrom to the non-space byte nsTo at column nsCol. Nested
	// containers look for the same non-space byte again and again; the
	// cache keeps a line's cost linear in its length.
	nsFrom, nsTo, nsCol int

	// A thematic break test that failed on this line: from offset tbFrom
	// on, the bytes are the marker tbChar, spaces or tabs up to tbBad,
	// which is none of them. "- - - - x" tries a thematic break after each
	// list marker; the cache keeps that linear.
	tbFrom, tbBad int
	tbChar        byte

	// blankStop is the stack index of the outermost open block that a
	// blank line ends (a block quote, a paragraph, an item with no
	// content yet, an HTML block of type 6 or 7), or len(stack) when there
	// is none. Every block below it takes a blank line, so a blank line
	// needs no walk down the stack, which would cost the nesting depth on
	// every blank line of a deeply nested list.
	blankStop int

	// pending holds the out indices of blank lines inside an open indented
	// code block; they become Code only if more code follows.
	pending []int

	// The open paragraph, if any, is always the top of the stack. paraLines
	// counts its lines; while its text starts with "[" the byte ranges of
	// its lines are kept in paraRanges, because a paragraph made only of
	// link reference definitions disappears, and that changes the
	// structure around it (a setext underline below it is text, and a list
	// item holding only it counts as empty).
	paraLines  int
	paraTrack  bool
	paraRanges [][2]int
	refBuf     []byte

	notes uint8
}

func (s *scanner) top() *block { return &s.stack[len(s.stack)-1] }

func isSpaceOrTab(c byte) bool { return c == ' ' || c == '\t' }

// peek returns the byte at i, or 0 past the end of the line. The callers
// treat 0 as "end of line"; a NUL byte in the text has no block meaning
// either, so the two never need telling apart.
func (s *scanner) peek(i int) byte {
	if i < len(s.ln) {
		return s.ln[i]
	}
	return 0
}

func (s *scanner) findNextNonspace() {
	if s.offset < s.nsFrom || s.offset > s.nsTo {
		i, cols := s.offset, s.column
		for i < len(s.ln) {
			c := s.ln[i]
			if c == ' ' {
				cols++
			} else if c == '\t' {
				cols += 4 - cols%4
			} else {
				break
			}
			i++
		}
		s.steps += i - s.offset + 1
		s.nsFrom, s.nsTo, s.nsCol = s.offset, i, cols
	}
	s.blank = s.nsTo == len(s.ln)
	s.nonspace = s.nsTo
	s.nsColumn = s.nsCol
	s.indent = s.nsCol - s.column
	s.indented = s.indent >= 4
}

func (s *scanner) advanceNextNonspace() {
	s.offset = s.nonspace
	s.column = s.nsColumn
}

// advance moves count bytes, or count columns when columns is set; in
// column mode a tab wider than what is left is consumed only partly.
func (s *scanner) advance(count int, columns bool) {
	steps := 1
	for count > 0 && s.offset < len(s.ln) {
		steps++
		if s.ln[s.offset] == '\t' {
			toTab := 4 - s.column%4
			if !columns {
				s.column += toTab
				s.offset++
				count--
			} else if toTab > count {
				s.column += count
				count = 0
			} else {
				s.column += toTab
				s.offset++
				count -= toTab
			}
		} else {
			s.offset++
			s.column++
			count--
		}
	}
	s.steps += steps
}

// line classifies one line; start is its offset in src.
func (s *scanner) line(start int, ln []byte) {
	s.ln, s.lineStart = ln, start
	s.offset, s.column = 0, 0
	s.leafDone = false

	s.nsFrom, s.nsTo = 1, 0
	s.tbChar = 0

	// Let every open block claim the line in turn, outermost first. On a
	// blank line the answer is known: all blocks below blankStop.
	c := 0
	if allSpaceOrTab(ln) {
		c = s.blankStop - 1
	} else {
		for c+1 < len(s.stack) {
			s.steps++
			s.findNextNonspace()
			r := s.continues(&s.stack[c+1])
			if r == contMatched {
				c++
				continue
			}
			if r == contFenceClosed {
				s.mark(Code)
				s.closeTop()
				return
			}
			break
		}
	}
	s.matched = c
	s.allClosed = c == len(s.stack)-1

	// Open new blocks inside the last container that continued.
	container := c
	leaf := false
	switch s.stack[c].kind {
	case kFence, kIndented, kHTML:
		leaf = true
	}
	for !leaf {
		s.steps++
		s.findNextNonspace()
		if !s.indented && !maybeSpecial(s.peek(s.nonspace)) {
			s.advanceNextNonspace()
			break
		}
		r := s.start(container)
		if r == startNone {
			s.advanceNextNonspace()
			break
		}
		container = len(s.stack) - 1
		leaf = r == startLeaf
	}

	// What is left is text for the innermost block, or a lazy paragraph
	// continuation line.
	if !s.allClosed && !s.blank && s.top().kind == kParagraph {
		s.addParagraphLine()
		return
	}
	s.closeUnmatched()
	if s.leafDone {
		return
	}
	switch s.stack[container].kind {
	case kParagraph:
		s.addParagraphLine()
	case kFence:
		s.mark(Code)
	case kIndented:
		s.addCodeLine()
	case kHTML:
		b := &s.stack[container]
		if b.htmlType == 2 {
			s.mark(Comment)
		}
		if b.htmlType <= 5 && htmlEnds(b.htmlType, s.ln[s.offset:]) {
			s.closeTop()
		}
	default:
		if s.offset < len(s.ln) && !s.blank {
			s.addChild(block{kind: kParagraph})
			s.advanceNextNonspace()
			s.addParagraphLine()
		}
	}
}

func (s *scanner) mark(k Kind) { s.out[len(s.out)-1].Kind = k }

// checkBlankStop makes Scan verify blankStop after every line; tests set
// it.
var checkBlankStop = false

func (s *scanner) verifyBlankStop() {
	want := len(s.stack)
	for i := 1; i < len(s.stack); i++ {
		if s.stack[i].endsOnBlank() {
			want = i
			break
		}
	}
	if s.blankStop != want {
		panic("markdown: blankStop out of step with the stack")
	}
}

const (
	contMatched = iota
	contFailed
	contFenceClosed
)

// continues reports whether the open block b takes the current line,
// consuming its marker or indentation when it does.
func (s *scanner) continues(b *block) int {
	switch b.kind {
	case kQuote:
		if !s.indented && s.peek(s.nonspace) == '>' {
			s.advanceNextNonspace()
			s.advance(1, false)
			if isSpaceOrTab(s.peek(s.offset)) {
				s.advance(1, true)
			}
			return contMatched
		}
		return contFailed
	case kItem:
		if s.blank {
			if b.children == 0 {
				return contFailed
			}
			s.advanceNextNonspace()
			return contMatched
		}
		if s.indent >= b.indent {
			s.advance(b.indent, true)
			return contMatched
		}
		return contFailed
	case kParagraph:
		if s.blank {
			return contFailed
		}
		return contMatched
	case kFence:
		if s.indent <= 3 && s.peek(s.nonspace) == b.fenceChar {
			i := s.nonspace
			for i < len(s.ln) && s.ln[i] == b.fenceChar {
				i++
			}
			s.steps += len(s.ln) - s.nonspace
			if i-s.nonspace >= b.fenceLen && allSpaceOrTab(s.ln[i:]) {
				return contFenceClosed
			}
		}
		return contMatched
	case kIndented:
		if s.indent >= 4 {
			s.advance(4, true)
			return contMatched
		}
		if s.blank {
			s.advanceNextNonspace()
			return contMatched
		}
		return contFailed
	case kHTML:
		if s.blank && (b.htmlType == 6 || b.htmlType == 7) {
			return contFailed
		}
		return contMatched
	}
	return contMatched
}

// allSpaceOrTab is the function allSpaceOrTab, counted.
func (s *scanner) allSpaceOrTab(b []byte) bool {
	s.steps += len(b)
	return allSpaceOrTab(b)
}

func allSpaceOrTab(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' {
			return false
		}
	}
	return true
}

// maybeSpecial reports whether c can begin a block other than a paragraph,
// so that ordinary prose lines skip every start test.
func maybeSpecial(c byte) bool {
	switch c {
	case '#', '`', '~', '*', '+', '_', '=', '<', '>', '-':
		return true
	}
	return c >= '0' && c <= '9'
}

const (
	startNone = iota
	startContainer
	startLeaf
)

// start tries the CommonMark block starts, in the reference order, at the
// current position; container is the stack index new blocks would go in.
func (s *scanner) start(container int) int {
	rest := s.ln[s.nonspace:]
	if !s.indented {
		switch c := s.peek(s.nonspace); c {
		case '>':
			s.advanceNextNonspace()
			s.advance(1, false)
			if isSpaceOrTab(s.peek(s.offset)) {
				s.advance(1, true)
			}
			s.closeUnmatched()
			s.addChild(block{kind: kQuote})
			return startContainer
		case '#':
			s.steps += len(rest) // each helper below reads rest at most once
			if isATXHeading(rest) {
				s.closeUnmatched()
				s.addLeafLine()
				return startLeaf
			}
		case '`', '~':
			s.steps += len(rest)
			if n := fenceOpen(rest); n > 0 {
				s.closeUnmatched()
				s.addChild(block{kind: kFence, fenceChar: c, fenceLen: n})
				return startLeaf
			}
		case '<':
			inPara := s.stack[container].kind == kParagraph ||
				(!s.allClosed && !s.blank && s.top().kind == kParagraph)
			s.steps += len(rest)
			if t := htmlStart(rest, inPara); t > 0 {
				s.closeUnmatched()
				s.addChild(block{kind: kHTML, htmlType: t})
				return startLeaf
			}
		}
		c := s.peek(s.nonspace)
		if (c == '=' || c == '-') && s.stack[container].kind == kParagraph && s.setextUnderline(rest) {
			s.closeUnmatched()
			if !s.paraTrack || s.resolveRefs() > 0 {
				// The paragraph becomes a heading: it is not text any more,
				// but it stays its container's child.
				s.paraLines, s.paraTrack = 0, false
				s.pop()
				s.leafDone = true
				return startLeaf
			}
			// Only link reference definitions: the underline is not one.
			s.notes |= noteSetextAfterRefs
		}
		if (c == '*' || c == '_' || c == '-') && s.thematicBreak() {
			s.closeUnmatched()
			s.addLeafLine()
			return startLeaf
		}
		if s.listItem(container) {
			return startContainer
		}
		return startNone
	}
	if s.top().kind != kParagraph && !s.blank {
		s.advance(4, true)
		s.closeUnmatched()
		s.addChild(block{kind: kIndented})
		s.addCodeLine()
		s.leafDone = true
		return startLeaf
	}
	return startNone
}

// addLeafLine records a one-line leaf block (a heading or thematic break):
// it closes whatever cannot hold it and counts as a child of its container.
func (s *scanner) addLeafLine() {
	s.adopt()
	s.leafDone = true
}

func (b *block) isContainer() bool {
	return b.kind == kDocument || b.kind == kQuote || b.kind == kItem
}

// endsOnBlank reports whether a blank line ends b.
func (b *block) endsOnBlank() bool {
	switch b.kind {
	case kQuote, kParagraph:
		return true
	case kItem:
		return b.children == 0
	case kHTML:
		return b.htmlType >= 6
	}
	return false
}

// adopt closes the open leaves that cannot hold a new block and counts the
// new block as a child of the container left on top.
func (s *scanner) adopt() {
	for !s.top().isContainer() {
		s.closeTop()
	}
	top := s.top()
	top.children++
	if s.blankStop == len(s.stack)-1 && !top.endsOnBlank() {
		// An item that had no content has some now.
		s.blankStop = len(s.stack)
	}
}

// addChild opens b, a block with its fields set, inside the innermost
// container, closing open leaves that cannot hold it.
func (s *scanner) addChild(b block) {
	s.adopt()
	s.stack = append(s.stack, b)
	if s.blankStop == len(s.stack)-1 && !b.endsOnBlank() {
		s.blankStop = len(s.stack)
	}
}

// pop removes the innermost open block without closing it.
func (s *scanner) pop() {
	s.stack = s.stack[:len(s.stack)-1]
	s.blankStop = min(s.blankStop, len(s.stack))
}

func (s *scanner) closeUnmatched() {
	if s.allClosed {
		return
	}
	for len(s.stack)-1 > s.matched {
		s.closeTop()
	}
	s.allClosed = true
}

// closeTop closes the innermost open block.
func (s *scanner) closeTop() {
	s.steps++
	switch s.top().kind {
	case kIndented:
		s.pending = s.pending[:0]
	case kParagraph:
		i := len(s.stack) - 2
		parent := &s.stack[i]
		// Only an item's emptiness depends on whether the paragraph
		// survives, and only when it is the item's one child.
		if parent.kind == kItem && parent.children == 1 {
			if s.paraLines == 0 || (s.paraTrack && s.resolveRefs() == 0) {
				parent.children--
				s.blankStop = min(s.blankStop, i)
			}
		}
		s.paraLines, s.paraTrack = 0, false
	}
	s.pop()
}

// addCodeLine adds the current line to the open indented code block.
func (s *scanner) addCodeLine() {
	if allSpaceOrTab(s.ln[s.offset:]) {
		s.pending = append(s.pending, len(s.out)-1)
		return
	}
	s.steps += len(s.ln) - s.offset + len(s.pending)
	for _, i := range s.pending {
		s.out[i].Kind = Code
	}
	s.pending = s.pending[:0]
	s.mark(Code)
}

// addParagraphLine adds the rest of the current line to the open paragraph.
func (s *scanner) addParagraphLine() {
	if s.paraLines == 0 {
		s.paraTrack = s.peek(s.offset) == '['
		s.paraRanges = s.paraRanges[:0]
	}
	s.paraLines++
	if s.paraTrack {
		s.paraRanges = append(s.paraRanges, [2]int{s.lineStart + s.offset, s.lineStart + len(s.ln)})
	}
}

// resolveRefs removes the link reference definitions that open the
// paragraph and returns how many of its lines remain.
func (s *scanner) resolveRefs() int {
	buf := s.refBuf[:0]
	for _, r := range s.paraRanges {
		buf = append(buf, s.src[r[0]:r[1]]...)
		buf = append(buf, '\n')
	}
	s.refBuf = buf
	s.steps += len(s.paraRanges) + len(buf) // parseRefDef reads buf at most once
	pos := 0
	for pos < len(buf) && buf[pos] == '[' {
		n := parseRefDef(buf[pos:])
		if n == 0 {
			break
		}
		pos += n
	}
	used := bytes.Count(buf[:pos], []byte{'\n'})
	s.paraRanges = s.paraRanges[:copy(s.paraRanges, s.paraRanges[used:])]
	s.paraLines -= used
	s.paraTrack = s.paraLines > 0 && s.src[s.paraRanges[0][0]] == '['
	return s.paraLines
}

// listItem tries to open a list item at the current position.
func (s *scanner) listItem(container int) bool {
	if s.indent >= 4 {
		return false
	}
	inPara := s.stack[container].kind == kParagraph
	rest := s.ln[s.nonspace:]
	n := 0
	switch {
	case len(rest) > 0 && (rest[0] == '*' || rest[0] == '+' || rest[0] == '-'):
		n = 1
	default:
		d := 0
		for d < len(rest) && d < 10 && rest[d] >= '0' && rest[d] <= '9' {
			d++
		}
		if d == 0 || d > 9 || d >= len(rest) || (rest[d] != '.' && rest[d] != ')') {
			return false
		}
		if inPara {
			// Only a list starting at 1 may interrupt a paragraph.
			v := 0
			for _, c := range rest[:d] {
				v = v*10 + int(c-'0')
			}
			if v != 1 {
				return false
			}
		}
		n = d + 1
	}
	if p := s.nonspace + n; p < len(s.ln) && !isSpaceOrTab(s.ln[p]) {
		return false
	}
	if inPara && s.allSpaceOrTab(rest[n:]) {
		return false
	}
	markerOffset := s.indent
	s.advanceNextNonspace()
	s.advance(n, true)
	startCol, startOff := s.column, s.offset
	for {
		s.advance(1, true)
		if s.column-startCol >= 5 || !isSpaceOrTab(s.peek(s.offset)) {
			break
		}
	}
	blankItem := s.offset >= len(s.ln)
	spaces := s.column - startCol
	padding := n + spaces
	if blankItem {
		s.notes |= noteEmptyItem
	}
	if spaces >= 5 || spaces < 1 || blankItem {
		padding = n + 1
		s.column, s.offset = startCol, startOff
		if isSpaceOrTab(s.peek(s.offset)) {
			s.advance(1, true)
		}
	}
	s.closeUnmatched()
	s.addChild(block{kind: kItem, indent: markerOffset + padding})
	return true
}

func isATXHeading(rest []byte) bool {
	n := 0
	for n < len(rest) && rest[n] == '#' {
		n++
	}
	return n >= 1 && n <= 6 && (n == len(rest) || isSpaceOrTab(rest[n]))
}

// fenceOpen returns the length of the opening code fence at the start of
// rest, or 0. A backtick fence's info string may not contain a backtick.
func fenceOpen(rest []byte) int {
	c := rest[0]
	n := 0
	for n < len(rest) && rest[n] == c {
		n++
	}
	if n < 3 {
		return 0
	}
	if c == '`' && bytes.IndexByte(rest[n:], '`') >= 0 {
		return 0
	}
	return n
}

// setextUnderline is isSetextUnderline, counted.
func (s *scanner) setextUnderline(rest []byte) bool {
	s.steps += len(rest)
	return isSetextUnderline(rest)
}

func isSetextUnderline(rest []byte) bool {
	c := rest[0]
	n := 0
	for n < len(rest) && rest[n] == c {
		n++
	}
	return allSpaceOrTab(rest[n:])
}

// thematicBreak reports whether the line from its next non-space byte on
// is a thematic break.
func (s *scanner) thematicBreak() bool {
	c, p := s.ln[s.nonspace], s.nonspace
	if c == s.tbChar && p >= s.tbFrom && p < s.tbBad {
		return false
	}
	n := 0
	for i := p; i < len(s.ln); i++ {
		switch s.ln[i] {
		case c:
			n++
		case ' ', '\t':
		default:
			s.steps += i - p + 1
			s.tbChar, s.tbFrom, s.tbBad = c, p, i
			return false
		}
	}
	s.steps += len(s.ln) - p + 1
	return n >= 3
}
