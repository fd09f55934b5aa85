package gogen_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promptc/promptc/compiler/gogen"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
	"github.com/promptc/promptc/internal/synth"
	"github.com/promptc/promptc/internal/testproject"
)

const checkHead = `version: "v1"
output: dir: "out"
parts: base: file: "base.md"
`

const checkModes = `modes: focus: compose: [parts.base]
order: ["focus"]
defaultMode: "focus"
`

const checkProfiles = `parts: tools: generated: "tools"
tools: discovery: "discover_tools"
tools: catalogue: {
	discover_tools: {group: "discovery", access: "read", file: "tools/discover_tools.md"}
	read_file: {group: "files", access: "read", file: "tools/read_file.md"}
}
profiles: {
	env: "APP_PROMPT_PROFILE"
	default: "classic"
	values: {
		classic: fullTools: ["discover_tools", "read_file"]
		%s: fullTools: ["discover_tools"]
	}
}
modes: focus: compose: [parts.base, parts.tools]
order: ["focus"]
defaultMode: "focus"
`

// TestNameClashes: every family of identifiers the generated package
// derives from a name of promptc.cue (modes, slots, run-time placeholders,
// inputs, their enum values and list items, profiles and, by the same
// code, permission sets) is checked against
// the package's own declarations and against each other before anything
// is written; a clash is a configuration error at the name, naming the Go
// identifier and what to rename. Without the clash, each project
// generates a package that type-checks.
func TestNameClashes(t *testing.T) {
	cases := []struct {
		name, cue string
		want      string // the configuration error, "" for none
	}{{
		name: "a mode called default",
		cue: checkHead + `modes: {
	default: compose: [parts.base]
	focus: compose: [parts.base]
}
order: ["default", "focus"]
defaultMode: "default"
`,
		want: `promptc.cue:5:2: mode "default" becomes the Go identifier ModeDefault, which the generated package already declares (ModeDefault redeclared in this block); rename the mode (CONFIG)`,
	}, {
		name: "modes without a clash",
		cue: checkHead + `modes: {
	standard: compose: [parts.base]
	focus: compose: [parts.base]
}
order: ["standard", "focus"]
defaultMode: "standard"
`,
	}, {
		name: "a slot named as a method of Slots",
		cue:  checkHead + checkModes + "slots: validate: {}\n",
		want: `promptc.cue:7:8: slot "validate" becomes the Go identifier Validate, which is also the name of a method of the same type (field and method with the same name Validate); rename the slot (CONFIG)`,
	}, {
		name: "a run-time placeholder named as a method of Slots",
		cue:  checkHead + checkModes + "placeholders: validate: runtime: maxChars: 10\n",
		want: `promptc.cue:7:15: placeholder "validate" becomes the Go identifier Validate, which is also the name of a method of the same type (field and method with the same name Validate); rename the placeholder (CONFIG)`,
	}, {
		name: "an enum input named as a type of the package",
		cue:  checkHead + checkModes + `inputs: Mode: {type: "enum", values: ["a", "b"]}` + "\n",
		want: `promptc.cue:7:9: input "Mode" becomes the Go identifier Mode, which the generated package already declares`,
	}, {
		name: "an enum input named as another input's item type",
		cue: checkHead + checkModes + `inputs: {
	Files: {type: "list", maxItems: 2, fields: {Path: maxChars: 40}}
	FilesItem: {type: "enum", values: ["a"]}
}
`,
		want: `promptc.cue:8:2: input "Files" becomes the Go identifier FilesItem, as input "FilesItem" does`,
	}, {
		name: "an enum value named as another enum input",
		cue: checkHead + checkModes + `inputs: {
	Style: {type: "enum", values: ["plain"]}
	StylePlain: {type: "enum", values: ["x"]}
}
`,
		want: `becomes the Go identifier StylePlain, as `,
	}, {
		name: "a profile named as a function of the package",
		cue:  checkHead + strings.Replace(checkProfiles, "%s", "fromEnv", 1),
		want: `promptc.cue:15:3: profile "fromEnv" becomes the Go identifier ProfileFromEnv, which the generated package already declares (ProfileFromEnv redeclared in this block); rename the profile (CONFIG)`,
	}, {
		name: "profiles without a clash",
		cue:  checkHead + strings.Replace(checkProfiles, "%s", "compact", 1),
	}, {
		name: "a nested record's type named as another input's",
		cue: checkHead + checkModes + `inputs: {
	Config: {type: "record", fields: {Options: {type: "record", fields: {Name: maxChars: 4}}}}
	ConfigOptions: {type: "enum", values: ["a"]}
}
`,
		want: `becomes the Go identifier ConfigOptions, as `,
	}, {
		name: "records nested in records and lists without a clash",
		cue: checkHead + checkModes + `inputs: {
	Config: {type: "record", fields: {
		Options: {type: "record", fields: {Name: maxChars: 4, Level: {type: "enum", values: ["a"]}}}
		Servers: {type: "list", maxItems: 2, fields: {Cmd: {type: "record", fields: {Args: {type: "list", maxItems: 3, fields: Arg: maxChars: 5}}}}}
		Flag: type: "bool"
	}}
}
`,
	}, {
		name: "inputs without a clash",
		cue: checkHead + checkModes + `inputs: {
	Style: {type: "enum", values: ["plain", "terse"]}
	Files: {type: "list", maxItems: 2, fields: {Path: maxChars: 40}}
}
`,
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			writeFile(t, filepath.Join(root, "promptc.cue"), c.cue)
			writeFile(t, filepath.Join(root, "base.md"), "Base.\n")
			if err := os.MkdirAll(filepath.Join(root, "tools"), 0o755); err != nil {
				t.Fatal(err)
			}
			writeFile(t, filepath.Join(root, "tools", "discover_tools.md"), "Finds tools.\n")
			writeFile(t, filepath.Join(root, "tools", "read_file.md"), "Reads a file.\n")
			proj := testproject.CompileAll(t, root)
			if ds := proj.Diagnostics(); diag.Count(ds, diag.Error) > 0 {
				t.Fatalf("the project has errors: %v", ds)
			}
			src, err := gogen.Generate(proj.Programs(), "h")
			// lint's check (Clashes) refuses exactly what Generate does.
			clash := gogen.Clashes(proj.Programs())
			var gce, cce *config.Error
			if errors.As(err, &gce) != (clash != nil) || gce != nil && (!errors.As(clash, &cce) || fmt.Sprint(cce.Diagnostics) != fmt.Sprint(gce.Diagnostics)) {
				t.Errorf("Clashes: %v\nGenerate: %v", clash, err)
			}
			if c.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				if len(src) == 0 {
					t.Fatal("no source")
				}
				return
			}
			var ce *config.Error
			if !errors.As(err, &ce) {
				t.Fatalf("got %v, want a configuration error", err)
			}
			if len(ce.Diagnostics) != 1 || !strings.Contains(ce.Diagnostics[0].String(), c.want) {
				t.Fatalf("got %v\nwant one error containing %q", ce.Diagnostics, c.want)
			}
			// The positions are relative to the project root, which the
			// error names, so that a command run elsewhere prints them
			// from where it runs.
			if want := proj.Default().Loaded.Root; ce.Root != want {
				t.Errorf("the error's root is %q, want the project's %q", ce.Root, want)
			}
			if src != nil {
				t.Error("source returned with the error")
			}
		})
	}
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkCheck measures what type-checking adds to generating the
// package of the example project (assets/): Generate with the check, the
// part build pays on every run.
func BenchmarkGenerateAssets(b *testing.B) {
	progs := testproject.CompileAll(b, "../../assets").Programs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := gogen.Generate(progs, "h"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkClashesAssets measures what lint and the language server pay
// to find the names build would refuse in the example project and in a
// generated one of 1,000 assets, once the package is remembered free of
// clashes (every lint after the first): rendering its names to find the
// cache entry.
func BenchmarkClashesAssets(b *testing.B) {
	b.Setenv("PROMPTC_CACHE", b.TempDir())
	synthetic := b.TempDir()
	files, err := synth.Generate(synth.Options{Assets: 1000, Families: 8, Modes: 4, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	if err := synth.Write(synthetic, files); err != nil {
		b.Fatal(err)
	}
	for _, root := range []string{"../../assets", synthetic} {
		name := "assets"
		if root == synthetic {
			name = "synth1000"
		}
		b.Run(name, func(b *testing.B) {
			progs := testproject.CompileAll(b, root).Programs()
			if err := gogen.Clashes(progs); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if err := gogen.Clashes(progs); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
