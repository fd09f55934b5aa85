package genruntime

import (
	"slices"
	"testing"
)

// TestDescribeTools: the listing by group, descriptions each once in the
// order first named, and the one error for a name that is unknown, not
// permitted, not allowed or without a description.
func TestDescribeTools(t *testing.T) {
	onlyRead := func(name string) bool { return name == "read" }
	tests := []struct {
		name    string
		names   []string
		permits []bool
		allowed func(string) bool
		want    string
		err     string
	}{
		{"listing", nil, nil, nil, "- files: edit, read\n- git: git_log\n", ""},
		{"listing under permits", nil, []bool{false, true, true}, nil, "- files: read\n- git: git_log\n", ""},
		{"listing under allowed", nil, nil, onlyRead, "- files: read\n", ""},
		{"listing of nothing", nil, []bool{false, false, false}, nil, "", ""},
		{"two, repeated", []string{"read", "git_log", "read"}, nil, nil, "Examples follow at the end.\n\nCommit with git.", ""},
		{"unknown", []string{"read", "rm"}, nil, nil, "", `tool "rm" is not available`},
		{"not permitted", []string{"git_log"}, []bool{true, false, true}, nil, "", `tool "git_log" is not available`},
		{"not allowed", []string{"git_log"}, nil, onlyRead, "", `tool "git_log" is not available`},
		{"no description", []string{"edit"}, nil, nil, "", `tool "edit" is not available`},
	}
	for _, tc := range tests {
		got, err := describeTools(tc.names, tc.permits, tc.allowed)
		if got != tc.want || errString(err) != tc.err {
			t.Errorf("%s: %q, %v; want %q, %q", tc.name, got, err, tc.want, tc.err)
		}
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestToolArgs: commas separate names, white space around each goes, an
// empty argument is the listing, an empty name is an error.
func TestToolArgs(t *testing.T) {
	tests := []struct {
		args string
		want []string
		err  bool
	}{
		{"", nil, false},
		{" \t", nil, false},
		{"read", []string{"read"}, false},
		{" git_log , read ", []string{"git_log", "read"}, false},
		{"read,,git_log", nil, true},
		{"read,", nil, true},
		{",read", nil, true},
	}
	for _, tc := range tests {
		got, err := toolArgs(tc.args)
		if !slices.Equal(got, tc.want) || (err != nil) != tc.err {
			t.Errorf("toolArgs(%q) = %q, %v", tc.args, got, err)
		}
	}
	if _, err := toolArgs("a,,b"); err == nil || err.Error() != `empty tool name in "a,,b": separate tool names with single commas` {
		t.Errorf("error: %v", err)
	}
}

// TestToolsWhere: the catalogue in order, all of it or what permits keeps.
func TestToolsWhere(t *testing.T) {
	all := Tools()
	want := []Tool{{"edit", "files", true}, {"git_log", "git", false}, {"read", "files", false}}
	if !slices.Equal(all, want) {
		t.Errorf("Tools() = %+v", all)
	}
	if got := toolsWhere([]bool{false, true, false}); !slices.Equal(got, want[1:2]) {
		t.Errorf("toolsWhere = %+v", got)
	}
}

// TestListToolsAllowed: the run-time listing leaves out what allowed
// refuses, the full descriptions and the named tools alike, and drops the
// header when no named tool is left.
func TestListToolsAllowed(t *testing.T) {
	header := toolListingHeader
	for _, tc := range []struct {
		allowed []string
		want    string
	}{
		{[]string{"read", "git_log", "edit"}, "Examples follow at the end.\n\n" + header + "- git: git_log"},
		{[]string{"git_log"}, header + "- git: git_log"},
		{[]string{"read"}, "Examples follow at the end."},
		{nil, ""},
	} {
		got := listTools(0, func(n string) bool { return slices.Contains(tc.allowed, n) })
		if got != tc.want {
			t.Errorf("allowed %v: %q, want %q", tc.allowed, got, tc.want)
		}
	}
	r := Request{}
	if r.toolListing(0) != nil {
		t.Error("a Request without Allowed lists the tools again")
	}
	r.Allowed = func(string) bool { return false }
	if s := r.toolListing(0); s == nil || *s != "" {
		t.Errorf("Allowed refusing everything: %v", s)
	}
}
