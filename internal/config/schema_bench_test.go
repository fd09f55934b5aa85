package config

import "testing"

// BenchmarkSchemaCompile compiles the embedded schema as the first load
// of a process does (later loads share the compiled schema): the cold
// cost a one-shot command such as the pre-commit hook pays once.
func BenchmarkSchemaCompile(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		current.Lock()
		current.s = nil
		current.Unlock()
		if _, _, err := schema(); err != nil {
			b.Fatal(err)
		}
	}
}
