package markdown

import (
	"bytes"
	"testing"
)

// FuzzScan checks the structural promises of Scan on any input and, as a
// differential test, that it agrees with goldmark on every line's Kind
// wherever goldmark is a reliable oracle (see goldmarkReliable).
func FuzzScan(f *testing.F) {
	for _, e := range loadSpec(f) {
		f.Add([]byte(e.Markdown))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		lines := Scan(src)
		checkLines(t, src, lines)
		if d := differential(src); !goldmarkReliable(d) {
			return
		} else if d := compareOracle(d); d != "" {
			t.Fatalf("disagreement with goldmark on %q:\n%s", differential(src), d)
		}
	})
}

// differential prepares src for the comparison with goldmark: goldmark
// treats a lone "\r" as a space rather than a line ending, misreads "-\r\n"
// and drops a last line without "\n" when a container marker is all it
// holds, none of which matters to promptc, whose source reader normalises
// line endings.
func differential(src []byte) []byte {
	src = bytes.ReplaceAll(src, []byte{'\r'}, nil)
	if len(src) > 0 && src[len(src)-1] != '\n' {
		src = append(src, '\n')
	}
	return src
}

// checkLines verifies that lines partition src into its lines.
func checkLines(t *testing.T, src []byte, lines []Line) {
	t.Helper()
	want := bytes.Count(src, []byte{'\n'})
	if len(src) > 0 && src[len(src)-1] != '\n' {
		want++
	}
	if len(lines) != want {
		t.Fatalf("%d lines, want %d", len(lines), want)
	}
	next := 0
	for i, l := range lines {
		if int(l.Num) != i+1 {
			t.Fatalf("line %d has Num %d", i+1, l.Num)
		}
		if int(l.Start) != next || l.End < l.Start || int(l.End) > len(src) {
			t.Fatalf("line %d spans [%d,%d), expected start %d within %d bytes", l.Num, l.Start, l.End, next, len(src))
		}
		if bytes.IndexByte(src[l.Start:l.End], '\n') >= 0 {
			t.Fatalf("line %d holds a newline", l.Num)
		}
		next = int(l.End)
		if next < len(src) && src[next] == '\r' && next+1 < len(src) && src[next+1] == '\n' {
			next++
		}
		if next < len(src) {
			if src[next] != '\n' {
				t.Fatalf("line %d ends at %d before %q, not a line ending", l.Num, l.End, src[next])
			}
			next++
		}
		if l.Kind > Comment {
			t.Fatalf("line %d has kind %d", l.Num, l.Kind)
		}
	}
	if next != len(src) {
		t.Fatalf("lines end at %d of %d bytes", next, len(src))
	}
}
