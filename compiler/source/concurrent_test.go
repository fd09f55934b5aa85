package source

import (
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/promptc/promptc/internal/testtree"
)

// TestConcurrentReads reads the same files from many goroutines at once:
// every caller of a path gets the one *File the FS keeps (or the one
// error), and Opened lists each path once. Run with -race, it also checks
// that the FS's state is guarded.
func TestConcurrentReads(t *testing.T) {
	files := map[string]string{}
	var want []string
	for i := range 20 {
		p := fmt.Sprintf("d%d/f%d.md", i%4, i)
		files[p] = fmt.Sprintf("file %d\n", i)
		want = append(want, p)
	}
	files["bad.md"] = "\x00"
	root := testtree.Write(t, files)
	fsys, err := Open(root)
	if err != nil {
		t.Fatal(err)
	}
	defer fsys.Close()
	const readers = 8
	got := make([]map[string]*File, readers)
	bad := make([]error, readers)
	var wg sync.WaitGroup
	for r := range readers {
		got[r] = map[string]*File{}
		wg.Go(func() {
			for _, p := range want {
				f, err := fsys.Read(p)
				if err != nil {
					t.Errorf("reader %d: %s: %v", r, p, err)
					continue
				}
				got[r][p] = f
			}
			_, bad[r] = fsys.Read("bad.md")
		})
	}
	wg.Wait()
	for r := 1; r < readers; r++ {
		for _, p := range want {
			if got[r][p] != got[0][p] {
				t.Errorf("%s: readers 0 and %d got different *File values", p, r)
			}
		}
		if bad[r] == nil || bad[r] != bad[0] {
			t.Errorf("bad.md: reader %d got error %v, reader 0 %v; want the same error", r, bad[r], bad[0])
		}
	}
	opened := fsys.Opened()
	slices.Sort(opened)
	wantOpened := append(slices.Clone(want), "bad.md")
	slices.Sort(wantOpened)
	if !slices.Equal(opened, wantOpened) {
		t.Errorf("Opened() = %v, want each path once: %v", opened, wantOpened)
	}
}
