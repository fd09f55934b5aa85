package lsp

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"

	"github.com/promptc/promptc/compiler"
)

// commandShowComposed opens the composed prompt of a mode as a read-only
// document; methodPreview returns its text. Both take a previewSpec.
const (
	commandShowComposed = "promptc.showComposed"
	methodPreview       = "promptc/composedPrompt"
)

// previewSpec chooses what is composed: a mode ("" is defaultMode;
// "custom" is the custom mode, previewed from custom.example), a
// model id (its family, note and conditional parts; "" sends no
// conditional part and the family of no model), a profile ("" is the
// default) and the run-time inputs' values. Config is the promptc.cue of
// the project, as a file: URI.
type previewSpec struct {
	Config  string         `json:"config"`
	Mode    string         `json:"mode"`
	Model   string         `json:"model"`
	Profile string         `json:"profile"`
	Inputs  map[string]any `json:"inputs,omitempty"`
}

// preview is a composed prompt shown in the editor: the file it is
// written to is rewritten after each check of its project, so it follows
// the typing.
type preview struct {
	spec previewSpec
	file string
}

// compose returns the prompt spec chooses in sn, as promptc show --full
// composes it; slots and run-time placeholders, which the harness fills,
// stand as ⟨name⟩.
func compose(sn *snapshot, spec previewSpec) (string, error) {
	if sn.loaded == nil {
		return "", fmt.Errorf("%s does not load: see its findings", sn.cfg)
	}
	var prog *compiler.Program
	for _, p := range sn.progs {
		if p.Profile() == spec.Profile {
			prog = p
		}
	}
	if prog == nil {
		return "", fmt.Errorf("promptc.cue has no profile %q", spec.Profile)
	}
	mode := spec.Mode
	if mode == "" {
		mode = prog.Config.DefaultMode
	}
	// The custom mode is no mode of promptc.cue: it is previewed from
	// custom.example, as promptc show --mode custom does.
	custom := mode == compiler.CustomModeName && prog.Config.Custom != nil
	var m *compiler.Mode
	var err error
	if custom {
		m = compiler.CustomModeOf(prog)
	} else if m, err = prog.Mode(mode); err != nil {
		return "", err
	}
	sel, err := prog.Select(compiler.Auto, spec.Model)
	if err != nil {
		return "", err
	}
	sel.Runtime = func(name string) string { return "⟨" + name + "⟩" }
	if sel.Inputs, err = prog.InputValues(spec.Inputs); err != nil {
		return "", fmt.Errorf("inputs: %v", err)
	}
	slots := map[string]string{}
	for name := range prog.Config.Slots {
		slots[name] = "⟨slot " + name + "⟩"
	}
	var secs []compiler.Section
	if custom {
		// {{cwd}}, the user's project directory, stands as the harness's
		// other run-time values do.
		sec, _, err := compiler.CustomExampleSection(prog, "⟨cwd⟩")
		if err != nil {
			return "", err
		}
		secs = append(secs, sec)
	}
	return m.Join(append(secs, prog.Sections(m, sel, slots)...)), nil
}

// unsafeName matches what a file name of a preview leaves out.
var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// showComposed writes the composed prompt of spec to a read-only file in
// the session's temporary folder, asks the client to show it
// (window/showDocument, when it can) and returns its URI. The file is
// rewritten after every check of the project until the session ends,
// when the folder is removed.
func (s *Server) showComposed(cl *call, args []json.RawMessage) (any, *rpcError) {
	spec, sn, rerr := s.previewOf(cl, args)
	if rerr != nil {
		return nil, rerr
	}
	text, err := compose(sn, spec)
	if err != nil {
		return nil, &rpcError{Code: codeInvalidParams, Message: err.Error()}
	}
	s.mu.Lock()
	if s.tmp == "" {
		dir, err := os.MkdirTemp("", "promptc-lsp-")
		if err != nil {
			s.mu.Unlock()
			return nil, &rpcError{Code: codeInternalError, Message: "a folder for the composed prompt: " + err.Error()}
		}
		s.tmp = dir
	}
	key, _ := json.Marshal(spec)
	sum := sha256.Sum256(key)
	name := unsafeName.ReplaceAllString(fmt.Sprintf("%s--%s", spec.Mode, spec.Model), "_")
	pv := &preview{spec: spec, file: filepath.Join(s.tmp, name+"--"+hex.EncodeToString(sum[:4])+".md")}
	if !slices.ContainsFunc(s.previews, func(p *preview) bool { return p.file == pv.file }) {
		s.previews = append(s.previews, pv)
	}
	show := s.showDocument
	s.mu.Unlock()
	if err := writePreview(pv.file, text); err != nil {
		return nil, &rpcError{Code: codeInternalError, Message: err.Error()}
	}
	uri := pathURI(pv.file)
	if show {
		params, _ := json.Marshal(map[string]any{"uri": uri, "takeFocus": true})
		s.c.write(&message{ID: json.RawMessage(`"promptc-show"`), Method: "window/showDocument", Params: params})
	} else {
		// A client that cannot be asked to show it is told where it is.
		s.c.notify("window/showMessage", showMessageParams{Type: messageInfo,
			Message: "promptc: the composed prompt is in " + pv.file + " (read-only, rewritten as you type)"})
	}
	return map[string]any{"uri": uri}, nil
}

// composedPrompt answers promptc/composedPrompt: the text of the composed
// prompt, for clients that show it themselves.
func (s *Server) composedPrompt(cl *call, params json.RawMessage) (any, *rpcError) {
	spec, sn, rerr := s.previewOf(cl, []json.RawMessage{params})
	if rerr != nil {
		return nil, rerr
	}
	text, err := compose(sn, spec)
	if err != nil {
		return nil, &rpcError{Code: codeInvalidParams, Message: err.Error()}
	}
	return map[string]any{"text": text}, nil
}

// previewOf decodes the spec in args and returns a current check of its
// project.
func (s *Server) previewOf(cl *call, args []json.RawMessage) (previewSpec, *snapshot, *rpcError) {
	var spec previewSpec
	if len(args) != 1 || json.Unmarshal(args[0], &spec) != nil {
		return spec, nil, &rpcError{Code: codeInvalidParams, Message: `the composed prompt takes one argument: {"config": URI of promptc.cue, "mode", "model", "profile", "inputs"}`}
	}
	ds, ok := s.docState(spec.Config, cl)
	if !ok {
		return spec, nil, &rpcError{Code: codeInvalidParams, Message: spec.Config + " is not a promptc.cue of an open project"}
	}
	return spec, ds.sn, nil
}

// writePreview replaces the file with text, read-only: the prompt is
// composed from the project, and an edit of it would be lost.
func writePreview(file, text string) error {
	f, err := os.CreateTemp(filepath.Dir(file), ".composed-*")
	if err != nil {
		return err
	}
	_, err = f.WriteString(text)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), 0o444)
	}
	if err == nil {
		err = os.Rename(f.Name(), file)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// refreshPreviews rewrites the previews of sn's project after a check.
func (s *Server) refreshPreviews(p *project, sn *snapshot) {
	s.mu.Lock()
	pvs := slices.Clone(s.previews)
	s.mu.Unlock()
	for _, pv := range pvs {
		if path, ok := uriPath(pv.spec.Config); !ok || path != p.file {
			continue
		}
		text, err := compose(sn, pv.spec)
		if err != nil {
			// The last composition stays; the findings say what is wrong.
			continue
		}
		if err := writePreview(pv.file, text); err != nil {
			s.logf("composed prompt %s: %v", pv.file, err)
		}
	}
}

// removePreviews removes the session's temporary folder.
func (s *Server) removePreviews() {
	s.mu.Lock()
	dir := s.tmp
	s.tmp = ""
	s.mu.Unlock()
	if dir != "" {
		os.RemoveAll(dir)
	}
}
