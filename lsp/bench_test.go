package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/promptc/promptc/internal/testproject"
)

// assetsCopy copies the example project into a module of its own and
// builds its output there (every target's), so that the output check runs
// as in the repository.
func assetsCopy(b testing.TB) string {
	b.Helper()
	mod := b.TempDir()
	root := filepath.Join(mod, "assets")
	if err := os.CopyFS(root, os.DirFS("../assets")); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module example.com/copy\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	buildAll(b, root)
	return root
}

// BenchmarkRecheck measures what typing costs on the example project: an
// edit (a whole-document didChange, as the server asks for) followed by a
// hover, which waits for the re-check of the whole project (promptc.cue
// loaded, every profile compiled, every lint rule, the output compared)
// and the diagnostics it publishes. "asset" edits a Markdown file;
// "config" edits promptc.cue, alternating two texts, so that after the
// first two iterations each load comes from the configuration cache, as it
// does when an edit is undone.
func BenchmarkRecheck(b *testing.B) {
	root := assetsCopy(b)
	read := func(rel string) string {
		t, err := os.ReadFile(filepath.Join(root, rel))
		if err != nil {
			b.Fatal(err)
		}
		return string(t)
	}
	for _, tc := range []struct{ name, rel, edit string }{
		{"asset", "prompts/self-knowledge.md", " "},
		{"config", "promptc.cue", "\n// edited\n"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			c := startClient(b, root, Options{})
			c.initialize("")
			orig := read(tc.rel)
			texts := []string{orig + tc.edit, orig}
			c.open(tc.rel, orig)
			c.request("textDocument/hover", c.at(tc.rel, 0, 0))
			b.ReportAllocs()
			i := 0
			cpu := testproject.CPUTime()
			for b.Loop() {
				i++
				c.change(tc.rel, i+1, texts[i%2])
				c.request("textDocument/hover", c.at(tc.rel, 0, 0))
				c.notes = c.notes[:0]
			}
			b.StopTimer()
			reportCPU(b, cpu)
			c.shutdown()
		})
	}
}

// sentence is typed one character at a time by BenchmarkTyping: 71
// characters, two of them full stops, which trigger completion.
const sentence = "Run the tests before you commit. Say which ones failed and why it broke."

// BenchmarkTyping measures typing in an asset of the example project, one
// whole-document didChange per character. "keystroke" is what the message
// loop spends on one character and a completion request (answered from
// the last check, without checking): the delay typing can see. "burst"
// types the whole sentence, with a completion request after each full
// stop as a client sends it, then lets the debounce delay pass and asks
// for a hover, which waits for the one check the burst costs; checks/op
// counts the checks that ran to their end.
func BenchmarkTyping(b *testing.B) {
	root := assetsCopy(b)
	const rel = "prompts/self-knowledge.md"
	orig, err := os.ReadFile(filepath.Join(root, rel))
	if err != nil {
		b.Fatal(err)
	}
	var checks atomic.Int64
	stage := func(name string) {
		if name == "publish" {
			checks.Add(1)
		}
	}
	end := strings.Count(string(orig), "\n")
	b.Run("keystroke", func(b *testing.B) {
		c := startClient(b, root, Options{stage: stage})
		c.initialize("")
		c.open(rel, string(orig))
		c.request("textDocument/hover", c.at(rel, 0, 0))
		b.ReportAllocs()
		text := string(orig)
		v := 1
		cpu := testproject.CPUTime()
		for b.Loop() {
			v++
			text += "a"
			c.change(rel, v, text)
			c.request("textDocument/completion", c.at(rel, end, v-1))
			c.notes = c.notes[:0]
		}
		b.StopTimer()
		reportCPU(b, cpu)
		c.shutdown()
	})
	b.Run("burst", func(b *testing.B) {
		c := startClient(b, root, Options{stage: stage})
		c.initialize("")
		c.open(rel, string(orig))
		c.request("textDocument/hover", c.at(rel, 0, 0))
		b.ReportAllocs()
		checks.Store(0)
		v := 1
		cpu := testproject.CPUTime()
		for b.Loop() {
			for i := range sentence {
				v++
				c.change(rel, v, string(orig)+sentence[:i+1])
				if sentence[i] == '.' {
					c.request("textDocument/completion", c.at(rel, end, i+1))
				}
			}
			c.sync()
			c.timers.fire()
			c.request("textDocument/hover", c.at(rel, 0, 0))
			c.notes = c.notes[:0]
		}
		b.StopTimer()
		reportCPU(b, cpu)
		b.ReportMetric(float64(checks.Load())/float64(b.N), "checks/op")
		c.shutdown()
	})
}

// reportCPU reports the CPU time of the process since since, per
// operation, server and client together (they run in one process).
func reportCPU(b *testing.B, since time.Duration) {
	b.ReportMetric(float64(testproject.CPUTime()-since)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}
