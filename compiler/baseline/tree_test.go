package baseline

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/testproject"
	"github.com/promptc/promptc/internal/testtree"
)

const smallCue = `version: "v1"
parts: base: file: "base.md"
modes: focus: compose: [parts.base]
order: ["focus"]
defaultMode: "focus"
`

// node is a file (text) or a folder (kids) of a commit written by commit.
type node struct {
	text string
	kids map[string]node
}

// git runs git in dir with stdin and returns its output.
func gitIn(t *testing.T, dir, stdin string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(stdin)
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t",
		"GIT_COMMITTER_EMAIL=t@example.com", "GIT_AUTHOR_DATE=2025-01-01T00:00:00Z", "GIT_COMMITTER_DATE=2025-01-01T00:00:00Z")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git %s: %v", strings.Join(args, " "), err)
	}
	return strings.TrimSpace(string(out))
}

// commit initialises a repository at dir, stores the tree of root in it,
// commits it and points refs/heads/<branch> at the commit. Entry names are
// stored as given (git mktree checks none), so a test can build a tree
// no checkout could make. (go-git's object packages would need modules
// go.sum does not hold; the plumbing commands of the git that CompileAt
// runs anyway do the same.)
func commit(t *testing.T, dir, branch string, root map[string]node) {
	t.Helper()
	gitIn(t, dir, "", "init", "-q")
	tree := writeTree(t, dir, root)
	c := gitIn(t, dir, "", "commit-tree", tree, "-m", "base")
	gitIn(t, dir, "", "update-ref", "refs/heads/"+branch, c)
}

func writeTree(t *testing.T, dir string, kids map[string]node) string {
	t.Helper()
	var b strings.Builder
	for _, name := range slices.Sorted(maps.Keys(kids)) {
		n := kids[name]
		if n.kids != nil {
			fmt.Fprintf(&b, "040000 tree %s\t%s\n", writeTree(t, dir, n.kids), name)
			continue
		}
		fmt.Fprintf(&b, "100644 blob %s\t%s\n", gitIn(t, dir, n.text, "hash-object", "-w", "--stdin"), name)
	}
	return gitIn(t, dir, b.String(), "mktree")
}

// project writes a work tree holding a small project and a repository
// whose branch "base" commits root; it returns the work tree, with TMPDIR
// pointed at an empty folder of the test's, which it also returns.
func project(t *testing.T, root map[string]node) (dir, tmp string) {
	t.Helper()
	tmp = t.TempDir()
	t.Setenv("TMPDIR", tmp)
	dir = testtree.Write(t, map[string]string{"promptc.cue": smallCue, "base.md": "Base.\n"})
	commit(t, dir, "base", root)
	return dir, tmp
}

// leftovers lists what CompileAt left in the temporary folder.
func leftovers(t *testing.T, tmp string) []string {
	t.Helper()
	es, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

// TestUnsafeTreeIsARefError: a commit whose tree holds a path no checkout
// can hold is the user's input to fix: a *RefError naming the ref and the
// path, nothing written to the temporary folder.
func TestUnsafeTreeIsARefError(t *testing.T) {
	good := map[string]node{"promptc.cue": {text: smallCue}, "base.md": {text: "Base.\n"}}
	with := func(name string, n node) map[string]node {
		m := map[string]node{}
		for k, v := range good {
			m[k] = v
		}
		m[name] = n
		return m
	}
	for _, tc := range []struct {
		name string
		root map[string]node
		want string
	}{
		{"a .. folder", with("..", node{kids: map[string]node{"escaped.md": {text: "x"}}}), `"../escaped.md", with a ".." component`},
		{"a .. folder below a folder", with("sub", node{kids: map[string]node{"..": {kids: map[string]node{"x.md": {text: "x"}}}}}), `"sub/../x.md", with a ".." component`},
		{"a . folder", with(".", node{kids: map[string]node{"x.md": {text: "x"}}}), `"./x.md", with a "." component`},
		{"a .git folder", with(".git", node{kids: map[string]node{"config": {text: "x"}}}), `".git/config", inside a .git folder`},
		{"a .GIT folder", with("sub", node{kids: map[string]node{".GIT": {kids: map[string]node{"hooks": {text: "x"}}}}}), `"sub/.GIT/hooks", inside a .git folder`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, tmp := project(t, tc.root)
			cur := testproject.Compile(t, dir)
			p, cleanup, err := CompileAt(context.Background(), cur, "base")
			var re *RefError
			if !errors.As(err, &re) || p != nil || cleanup != nil {
				t.Fatalf("got %v, %v; want a *RefError and no program", p, err)
			}
			if msg := err.Error(); !strings.HasPrefix(msg, "--base base: the commit holds the path ") || !strings.Contains(msg, tc.want) {
				t.Errorf("error %q, want it to name the ref and %s", msg, tc.want)
			}
			if l := leftovers(t, tmp); len(l) != 0 {
				t.Errorf("left in TMPDIR: %v", l)
			}
		})
	}
	t.Run("a safe tree compiles", func(t *testing.T) {
		dir, _ := project(t, with("sub", node{kids: map[string]node{"x.md": {text: "x"}}}))
		p, cleanup, err := CompileAt(context.Background(), testproject.Compile(t, dir), "base")
		if err != nil || p == nil {
			t.Fatalf("got %v, %v", p, err)
		}
		cleanup()
	})
}

// TestCheckTree: the path shapes refused, and those accepted beside them.
func TestCheckTree(t *testing.T) {
	for _, tc := range []struct {
		paths []string
		bad   string // "" when accepted
	}{
		{[]string{"a.md", "p/b.md", "p/q/c.md"}, ""},
		{[]string{"..a.md", "a..md", ".gitignore", "p/.github/x.md", "git/x"}, ""},
		{[]string{"../a.md"}, `".."`},
		{[]string{"p/../a.md"}, `".."`},
		{[]string{"p/.."}, `".."`},
		{[]string{"./a.md"}, `"."`},
		{[]string{"/a.md"}, `""`},
		{[]string{"p//a.md"}, `""`},
		{[]string{".git/config"}, ".git"},
		{[]string{"p/.Git/config"}, ".git"},
		{[]string{"a.md", "a.md"}, "twice"},
		{[]string{"p", "p/a.md"}, `"p" both as a file and as the folder of "p/a.md"`},
		{[]string{"p/a.md", "p"}, `"p" twice, or as a file and a folder`},
		{[]string{"p/q/a.md", "p/q"}, `"p/q" twice, or as a file and a folder`},
	} {
		var es []treeEntry
		for _, p := range tc.paths {
			es = append(es, treeEntry{mode: "100644", path: p})
		}
		err := checkTree(es)
		switch {
		case tc.bad == "" && err != nil:
			t.Errorf("%q: %v, want it accepted", tc.paths, err)
		case tc.bad != "" && (err == nil || !strings.Contains(err.Error(), tc.bad)):
			t.Errorf("%q: %v, want an error with %s", tc.paths, err, tc.bad)
		}
	}
}

// TestCancelRemovesTheBase: a comparison cancelled while the base is being
// written (as a signal cancels it) returns the context's cause and leaves
// nothing in TMPDIR; so does one cancelled before it starts.
func TestCancelRemovesTheBase(t *testing.T) {
	root := map[string]node{"promptc.cue": {text: smallCue}, "base.md": {text: "Base.\n"}}
	for i := range 20 {
		root["more/f"+string(rune('a'+i))+".md"] = node{text: strings.Repeat("x", 1000)}
	}
	delete(root, "more/fa.md")
	more := map[string]node{}
	for k, v := range root {
		if name, ok := strings.CutPrefix(k, "more/"); ok {
			more[name] = v
			delete(root, k)
		}
	}
	root["more"] = node{kids: more}
	dir, tmp := project(t, root)
	cur := testproject.Compile(t, dir)
	stop := errors.New("stopped by the test")

	written := 0
	ctx, cancel := context.WithCancelCause(context.Background())
	testHookEntryWritten = func(string) {
		written++
		if written == 2 {
			cancel(stop)
			// The base's folder exists while entries are written.
			if l := leftovers(t, tmp); len(l) != 1 || !strings.HasPrefix(l[0], "promptc-base-") {
				t.Errorf("TMPDIR while writing: %v", l)
			}
		}
	}
	t.Cleanup(func() { testHookEntryWritten = nil })
	p, cleanup, err := CompileAt(ctx, cur, "base")
	if !errors.Is(err, stop) || p != nil || cleanup != nil {
		t.Fatalf("got %v, %v; want the cancellation's cause", p, err)
	}
	if written != 2 {
		t.Errorf("%d entries written after the cancellation at the second, want none", written-2)
	}
	if l := leftovers(t, tmp); len(l) != 0 {
		t.Errorf("left in TMPDIR: %v", l)
	}

	testHookEntryWritten = nil
	done, cancelled := context.WithCancelCause(context.Background())
	cancelled(stop)
	if _, _, err := CompileAt(done, cur, "base"); !errors.Is(err, stop) {
		t.Errorf("cancelled before the start: %v", err)
	}
	if l := leftovers(t, tmp); len(l) != 0 {
		t.Errorf("left in TMPDIR: %v", l)
	}
}
