package cli

import (
	"runtime/debug"
	"testing"
)

func TestVersionIsAlwaysSemantic(t *testing.T) {
	for _, tc := range []struct {
		bi   debug.BuildInfo
		want string
	}{
		{debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}}, "1.2.3"},
		{debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "0.0.0-dev"},
		{debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.modified", Value: "true"}}}, "0.0.0-dev+0123456789ab.dirty"},
		{debug.BuildInfo{Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc"}, {Key: "vcs.modified", Value: "false"}}}, "0.0.0-dev+abc"},
		// go build in a checkout stamps a pseudo-version: a semantic version, kept.
		{debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "v0.0.0-20261130194623-c793dfafe3ea"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "c793dfafe3ea0000"}}}, "0.0.0-20261130194623-c793dfafe3ea"},
		{debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "v0.0.0-20261130194623-c793dfafe3ea+dirty"}}, "0.0.0-20261130194623-c793dfafe3ea+dirty"},
		// The zero pseudo-version of a replaced module names no commit.
		{debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: zeroPseudo}}, "0.0.0-dev"},
		{debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: zeroPseudo}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "c793dfafe3ea0000"}}}, "0.0.0-dev+c793dfafe3ea"},
		// Built as a tool of another module: promptc's entry among the
		// dependencies counts, and the VCS stamp is the harness's, not ours.
		{debug.BuildInfo{Main: debug.Module{Path: "example.com/harness", Version: "(devel)"}, Deps: []*debug.Module{
			{Path: modulePath, Version: zeroPseudo, Replace: &debug.Module{Path: "../promptc"}}}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "ffffffffffff0000"}}}, "0.0.0-dev"},
		{debug.BuildInfo{Main: debug.Module{Path: "example.com/harness", Version: "v1.0.0"}, Deps: []*debug.Module{
			{Path: modulePath, Version: "v0.4.1"}}}, "0.4.1"},
		{debug.BuildInfo{Main: debug.Module{Path: "example.com/harness"}, Deps: []*debug.Module{
			{Path: modulePath, Version: "v0.4.1", Replace: &debug.Module{Path: "example.com/fork", Version: "v0.4.2-fix"}}}}, "0.4.2-fix"},
	} {
		if got := versionOf(&tc.bi); got != tc.want {
			t.Errorf("versionOf(%+v) = %q, want %q", tc.bi.Main, got, tc.want)
		}
	}
}

// TestReleaseVersionWins: the version a release build sets with -ldflags
// -X is the one printed, whatever the build information says.
func TestReleaseVersionWins(t *testing.T) {
	defer func(v string) { releaseVersion = v }(releaseVersion)
	releaseVersion = "1.2.0-rc.1"
	if got := version(); got != "1.2.0-rc.1" {
		t.Errorf("version() = %q with releaseVersion set, want %q", got, "1.2.0-rc.1")
	}
}
