package testscripts

import "testing"

func TestLineRanges(t *testing.T) {
	text := "a\nb\nc\nd\n"
	for ranges, want := range map[string]string{"1-2": "a\nb\n", "2-2,$-$": "b\nd\n", "1-$": text, "$-$": "d\n"} {
		got, err := lineRanges(text, ranges)
		if err != nil || got != want {
			t.Errorf("lineRanges(%q) = %q, %v; want %q", ranges, got, err, want)
		}
	}
	for _, bad := range []string{"0-1", "2-1", "1-5", "1", "x-2", ""} {
		if got, err := lineRanges(text, bad); err == nil {
			t.Errorf("lineRanges(%q) = %q, want an error", bad, got)
		}
	}
}

func TestJSONAt(t *testing.T) {
	doc := `{"runs": [{"z": 1, "a": [true, {"k": "v"}]}]}`
	for path, want := range map[string]string{
		"runs.0":     "{\n  \"z\": 1,\n  \"a\": [\n    true,\n    {\n      \"k\": \"v\"\n    }\n  ]\n}\n",
		"runs.0.a.1": "{\n  \"k\": \"v\"\n}\n",
		"runs.0.z":   "1\n",
	} {
		got, err := jsonAt([]byte(doc), path)
		if err != nil || got != want {
			t.Errorf("jsonAt(%q) = %q, %v; want %q", path, got, err, want)
		}
	}
	for _, bad := range []string{"runs.1", "runs.0.b", "runs.x", "runs.0.z.0"} {
		if got, err := jsonAt([]byte(doc), bad); err == nil {
			t.Errorf("jsonAt(%q) = %q, want an error", bad, got)
		}
	}
}

func TestShellLine(t *testing.T) {
	got := shellLine([]string{"promptc", "costs", "--retrieval", "30%", "--model", "a b", "it's", "$HOME", ""})
	want := `promptc costs --retrieval 30% --model 'a b' 'it'\''s' '$HOME' ''`
	if got != want {
		t.Errorf("shellLine = %s, want %s", got, want)
	}
}
