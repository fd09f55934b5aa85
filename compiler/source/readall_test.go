package source

import (
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// countingReader counts the Read calls made on it.
type countingReader struct {
	r     io.Reader
	calls int
}

func (c *countingReader) Read(b []byte) (int, error) {
	c.calls++
	return c.r.Read(b)
}

// TestReadAllReads: a file as long as it was when checked is read with one
// call, without the call that only sees the end; a file that grew or
// shrank since, or a reader that returns less than asked, is read to its
// end, whatever size was checked.
func TestReadAllReads(t *testing.T) {
	for _, tc := range []struct {
		name    string
		text    string
		size    int64
		chunked bool // one byte per call
		calls   int
	}{
		{name: "as checked", text: "hello\nworld\n", size: 12, calls: 1},
		{name: "empty", text: "", size: 0, calls: 1},
		{name: "grew by one", text: "hello\nworld\n!", size: 12, calls: 2},
		{name: "grew by more", text: "hello\nworld\nand more text\n", size: 12, calls: 3},
		{name: "shrank", text: "hello\n", size: 12, calls: 2},
		{name: "emptied", text: "", size: 12, calls: 1},
		{name: "short reads", text: "abc", size: 3, chunked: true, calls: 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var r io.Reader = strings.NewReader(tc.text)
			if tc.chunked {
				r = iotest.OneByteReader(r)
			}
			cr := &countingReader{r: r}
			b, err := readAll(cr, tc.size)
			if err != nil {
				t.Fatal(err)
			}
			if string(b) != tc.text {
				t.Errorf("readAll = %q, want %q", b, tc.text)
			}
			if cr.calls != tc.calls {
				t.Errorf("readAll made %d Read calls, want %d", cr.calls, tc.calls)
			}
		})
	}
}

// TestReadAllError: an error other than the end is returned, not a short
// text.
func TestReadAllError(t *testing.T) {
	want := io.ErrUnexpectedEOF
	b, err := readAll(iotest.ErrReader(want), 4)
	if err != want || b != nil {
		t.Errorf("readAll = %q, %v; want nil, %v", b, err, want)
	}
}
