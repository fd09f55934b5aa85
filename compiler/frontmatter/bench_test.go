package frontmatter

import "testing"

// BenchmarkDecode measures parsing one card's frontmatter into a JSON
// value, the per-file cost of a frontmatter check.
func BenchmarkDecode(b *testing.B) {
	text := "---\ntitle: Prompt modes\nsummary: what each mode sends and costs per call\norder: 2\nicon: gauge\ntags: [modes, cost]\n---\nBody.\n"
	b.ReportAllocs()
	for b.Loop() {
		if _, _, ds := Decode("cards/a.md", text); ds != nil {
			b.Fatal(ds)
		}
	}
}
