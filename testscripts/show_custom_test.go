package testscripts

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	prompts "github.com/promptc/promptc/generated"
	"github.com/promptc/promptc/internal/config"
)

// TestShowCustomMatchesGenerated checks that promptc show --mode custom
// --show-full prints what the generated package of the example project
// composes for the custom mode when LoadCustom reads custom.example: the
// same text, the same slots in the same order, {{cwd}} expanded to the
// same directory. Every slot is filled, with a value naming it, so that a
// slot show sent and the package did not, or in another place, differs.
func TestShowCustomMatchesGenerated(t *testing.T) {
	t.Setenv("PROMPTC_CACHE", t.TempDir())
	assets, err := filepath.Abs("../assets")
	if err != nil {
		t.Fatal(err)
	}
	l, err := config.LoadFile(filepath.Join(assets, "promptc.cue"))
	if err != nil {
		t.Fatal(err)
	}
	if l.Config.Custom == nil || l.Config.Custom.Example == "" {
		t.Fatal("the example project declares no custom.example")
	}
	custom := prompts.LoadCustom(assets, l.Config.Custom.Example)
	if !custom.Usable {
		t.Fatalf("LoadCustom(%s): %s", l.Config.Custom.Example, custom.Reason)
	}
	if !strings.Contains(custom.Text, assets) {
		t.Fatalf("the example has no {{cwd}}, so its expansion goes unchecked:\n%s", custom.Text)
	}
	values := map[string]string{"cwd": assets}
	var slots prompts.Slots
	v := reflect.ValueOf(&slots).Elem()
	for name := range l.Config.Slots {
		values[name] = "<" + config.GoName(name) + ">"
		f := v.FieldByName(config.GoName(name))
		if !f.IsValid() {
			t.Fatalf("Slots has no field %s", config.GoName(name))
		}
		f.SetString(values[name])
	}
	js, err := json.Marshal(values)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "slots.json")
	if err := os.WriteFile(file, js, 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := prompts.Request{Mode: prompts.ModeCustom, Slots: slots, Custom: &custom}.Compose()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(p.Text, "<Instructions>") {
		t.Fatalf("the custom mode sends no instructions slot, so the slots go unchecked:\n%s", p.Text)
	}
	// show ends its output with a newline when the text has none.
	got := capture(t, "show", assets, "--mode", "custom", "--show-full", "--no-redact", "--slots", file)
	if want := p.Text + "\n"; got != want {
		t.Errorf("show --mode custom --show-full:\n%s\nthe generated package composes:\n%s", got, want)
	}
}
