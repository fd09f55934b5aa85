package lint_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/emit"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/lint"
)

// assetsCopy copies the example assets to a temporary directory and builds
// them there, so that OUTPUT_STALE finds fresh output (the clean case) and
// the repository's generated/ is never involved. The copy sits in a module
// of its own, as the assets sit in the repository's, since their output
// directory is ../generated.
func assetsCopy(b *testing.B) string {
	b.Helper()
	mod := b.TempDir()
	root := filepath.Join(mod, "assets")
	if err := os.CopyFS(root, os.DirFS("../assets")); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module example.com/copy\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	l, err := config.LoadFile(filepath.Join(root, config.FileName))
	if err != nil {
		b.Fatal(err)
	}
	proj, err := compiler.CompileAll(l, compiler.Options{})
	if err != nil {
		b.Fatal(err)
	}
	progs := proj.Programs()
	files, err := emit.Render(progs, emit.InputHash(progs[0]))
	if err != nil {
		b.Fatal(err)
	}
	if _, err := emit.Write(progs[0], files); err != nil {
		b.Fatal(err)
	}
	return root
}

// BenchmarkLintAssets measures lint on the example assets: "rules" is
// lint.Run alone on a compiled project (the lint-only rules, directives and
// suppression, the fresh-output check); "command" is everything promptc
// lint does in-process: load promptc.cue, compile every profile, lint.
func BenchmarkLintAssets(b *testing.B) {
	root := assetsCopy(b)
	cfg := filepath.Join(root, config.FileName)
	b.Run("rules", func(b *testing.B) {
		l, err := config.LoadFile(cfg)
		if err != nil {
			b.Fatal(err)
		}
		proj, err := compiler.CompileAll(l, compiler.Options{})
		if err != nil {
			b.Fatal(err)
		}
		progs := proj.Programs()
		opt := lint.Options{Output: emit.StaleFiles(progs, nil)}
		b.ReportAllocs()
		for b.Loop() {
			ds, err := lint.Run(proj, opt)
			if err != nil || diag.Count(ds, diag.Error) > 0 {
				b.Fatal(err, ds)
			}
		}
	})
	b.Run("command", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			l, err := config.LoadFile(cfg)
			if err != nil {
				b.Fatal(err)
			}
			proj, err := compiler.CompileAll(l, compiler.Options{})
			if err != nil {
				b.Fatal(err)
			}
			progs := proj.Programs()
			ds, err := lint.Run(proj, lint.Options{Output: emit.StaleFiles(progs, nil)})
			if err != nil || diag.Count(ds, diag.Error) > 0 {
				b.Fatal(err, ds)
			}
		}
	})
}
