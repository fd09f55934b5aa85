package lsp

import (
	"encoding/json"
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/promptc/promptc/internal/config"
)

// commandRecheck checks every project again, as a change on disk does: a
// quick fix that creates a file runs it after its edit, so that the
// finding clears in clients that report no file changes.
const commandRecheck = "promptc.recheck"

// watchGlobs returns the glob patterns of every file sn's project reads:
// promptc.cue, and each extension of an asset read (a file without one by
// its name), so that a file created, changed or deleted outside the
// editor is seen by any project that could read it. The families.files
// pattern's extension is included even while no family file exists.
func watchGlobs(sn *snapshot) []string {
	set := map[string]bool{"**/" + config.FileName: true}
	add := func(rel string) {
		base := path.Base(rel)
		if ext := path.Ext(base); ext != "" && !strings.ContainsAny(ext, "*?[{") {
			set["**/*"+ext] = true
		} else if !strings.ContainsAny(base, "*?[{") {
			set["**/"+base] = true
		}
	}
	for _, p := range sn.progs {
		for rel := range p.Files {
			add(rel)
		}
	}
	if sn.loaded != nil && sn.loaded.Config.Families.Files != "" {
		add(sn.loaded.Config.Families.Files)
	}
	return slices.Sorted(maps.Keys(set))
}

// watch asks the client to report changes of the files sn's project
// reads (workspace/didChangeWatchedFiles), when the client can be asked:
// each pattern is registered once per session, new ones as a project
// starts reading a new kind of file.
func (s *Server) watch(sn *snapshot) {
	s.mu.Lock()
	if !s.canWatch || s.shutdown {
		s.mu.Unlock()
		return
	}
	var fresh []fileSystemWatcher
	for _, g := range watchGlobs(sn) {
		if !s.watched[g] {
			s.watched[g] = true
			fresh = append(fresh, fileSystemWatcher{GlobPattern: g})
		}
	}
	if len(fresh) == 0 {
		s.mu.Unlock()
		return
	}
	s.registrations++
	id := fmt.Sprintf("promptc-watch-%d", s.registrations)
	s.mu.Unlock()
	params, err := json.Marshal(map[string]any{"registrations": []registration{{
		ID: id, Method: "workspace/didChangeWatchedFiles", RegisterOptions: map[string]any{"watchers": fresh}}}})
	if err != nil {
		return
	}
	// A request: the client's response comes back to dispatch as a
	// message without a method, and is not needed.
	s.c.write(&message{ID: json.RawMessage(fmt.Sprintf("%q", id)), Method: "client/registerCapability", Params: params})
}
