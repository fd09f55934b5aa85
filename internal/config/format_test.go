package config

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestFormatSyntaxErrorAsLoad holds fmt's report of a file that does not
// parse to load's: the same position and words, whichever command meets it.
func TestFormatSyntaxErrorAsLoad(t *testing.T) {
	for _, src := range []string{
		"version = \"v1\"\n",
		"version: \"v1\"\norder: [\"focus\"\n",
		"version: \"v1\"\norder: [\"a\" \"b\"]\n",
	} {
		p := filepath.Join(t.TempDir(), FileName)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		_, ferr := Format(p)
		_, lerr := LoadFile(p)
		var fe, le *Error
		if !errors.As(ferr, &fe) || !errors.As(lerr, &le) {
			t.Fatalf("%q: Format: %v, LoadFile: %v; want two *Error", src, ferr, lerr)
		}
		if fe.Error() != le.Error() {
			t.Errorf("%q: Format says\n%s\nLoadFile says\n%s", src, fe, le)
		}
	}
}

// TestFormatWrites formats a file in place and finds it formatted after.
func TestFormatWrites(t *testing.T) {
	p := filepath.Join(t.TempDir(), FileName)
	if err := os.WriteFile(p, []byte("version:   \"v1\"\nparts: {base: {file:\"b.md\"}}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Format(p)
	if err != nil {
		t.Fatal(err)
	}
	if !f.Changed() {
		t.Fatal("an unformatted file reads as formatted")
	}
	if err := f.Write(); err != nil {
		t.Fatal(err)
	}
	again, err := Format(p)
	if err != nil {
		t.Fatal(err)
	}
	if again.Changed() {
		t.Errorf("formatting twice changes the file again:\n%s", again.Text)
	}
	if want := "version: \"v1\"\nparts: {base: {file: \"b.md\"}}\n"; string(again.Source) != want {
		t.Errorf("formatted file\n%q\nwant\n%q", again.Source, want)
	}
}
