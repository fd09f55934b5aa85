package portable

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
)

//go:embed runtime/py/_runtime.py
var pyRuntime []byte

// Python returns the files of the Python package of d named pkg, for
// Python 3.9 or later: _data.py is the compiled form, __init__.py the API
// typed for the project (Literal types for modes, families, profiles,
// permission sets and enum inputs; TypedDicts for slots and inputs), and
// _runtime.py the fixed runtime.
func Python(d *Project, pkg string) ([]File, error) {
	js, err := d.JSON()
	if err != nil {
		return nil, err
	}
	// A JSON string literal is a Python string literal too.
	lit, err := json.Marshal(string(js))
	if err != nil {
		return nil, err
	}
	head := "# " + Header + "\n# InputHash: " + d.InputHash + "\n"
	data := head + "\"\"\"The project's compiled form, read by _runtime.py.\"\"\"\n\nimport json\nfrom typing import Any, Dict\n\nDATA: Dict[str, Any] = json.loads(" + string(lit) + ")\n"
	return []File{
		{"__init__.py", []byte(head + pyInit(d, pkg))},
		{"_data.py", []byte(data)},
		{"_runtime.py", append([]byte(head), pyRuntime...)},
		{"py.typed", []byte{}},
	}, nil
}

// pyLiteral writes names as a typing.Literal, str when there are none.
func pyLiteral(names []string) string {
	if len(names) == 0 {
		return "str"
	}
	return "Literal[" + strings.Join(quoted(names), ", ") + "]"
}

// pyInit is __init__.py: the API, typed for the project.
func pyInit(d *Project, pkg string) string {
	var b strings.Builder
	pf := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	var modes, families []string
	for _, m := range d.Modes {
		modes = append(modes, m.Name)
	}
	if d.Custom != nil {
		modes = append(modes, d.Custom.Name)
	}
	for _, f := range d.Families {
		families = append(families, f.Name)
	}
	pf("\"\"\"Package %s holds the prompt assets compiled by promptc: every mode for every\nmodel family, composed at run time.\"\"\"\n\n", pkg)
	pf("from dataclasses import dataclass, field\nfrom typing import List, Literal, Optional, Sequence, TypedDict, Union\n\n")
	pf("from ._data import DATA\nfrom ._runtime import Custom, Field, Notice, Prompt, PromptError, Resolution, Runtime, Section, Tool\n\n")
	pf("__all__ = [\"Custom\", \"Field\", \"Notice\", \"Prompt\", \"PromptError\", \"Resolution\", \"Section\", \"Tool\", \"Request\", \"Mode\", \"Family\", \"Slots\", \"Inputs\",\n")
	pf("           \"compose\", \"sections\", \"resolve\", \"validate\", \"fields\", \"cost_notice\", \"modes\", \"families\", \"parse_mode\", \"tools\"]\n\n")
	pf("#: A prompt mode of promptc.cue (the custom mode included, when declared).\nMode = %s\n", pyLiteral(modes))
	pf("#: A model family.\nFamily = %s\n", pyLiteral(families))
	if len(d.Profiles) > 0 {
		pf("#: A prompt profile.\nProfile = %s\n", pyLiteral(d.Profiles))
	}
	if len(d.Permissions) > 0 {
		pf("#: A permission set.\nPermission = %s\n", pyLiteral(d.Permissions))
	}
	pf("\n#: The text the harness supplies at call time: slots and run-time placeholders; a missing one is empty.\nSlots = TypedDict(\"Slots\", {")
	var keys []string
	for _, s := range d.Slots {
		keys = append(keys, fmt.Sprintf("%q: str", s.Name))
	}
	for _, p := range d.Runtime {
		keys = append(keys, fmt.Sprintf("%q: str", p.Name))
	}
	pf("%s}, total=False)\n\n", strings.Join(keys, ", "))
	keys = nil
	for _, in := range d.Inputs {
		recordShapes(in, "", func(name string, shape Input) {
			var fs []string
			for _, f := range shape.Fields {
				fs = append(fs, fmt.Sprintf("%q: %s", f.Name, pyType(f, name)))
			}
			what := "A record"
			if shape.Type == "list" {
				what = "An item"
			}
			pf("#: %s of the input %s, its fields in declared order.\n%s = TypedDict(\"%s\", {%s}, total=False)\n\n", what, in.Name, name, name, strings.Join(fs, ", "))
		})
		keys = append(keys, fmt.Sprintf("%q: %s", in.Name, pyType(in, "")))
	}
	pf("#: The run-time inputs; a missing one is at its zero value (False, \"\", no item).\nInputs = TypedDict(\"Inputs\", {%s}, total=False)\n\n", strings.Join(keys, ", "))
	pf("\n@dataclass(frozen=True)\nclass Request:\n    \"\"\"Everything one composition depends on; every field may be left at its default.\"\"\"\n\n")
	pf("    #: The mode; \"\" is the default mode.\n    mode: Union[Mode, Literal[\"\"]] = \"\"\n")
	pf("    #: \"auto\" follows the model; a family name forces it.\n    family: Union[Literal[\"auto\"], Family] = \"auto\"\n")
	pf("    model: str = \"\"\n    provider: str = \"\"\n")
	if len(d.Profiles) > 0 {
		pf("    #: None is the default profile.\n    profile: Optional[Profile] = None\n")
	}
	if len(d.Permissions) > 0 {
		pf("    #: None is the least-privileged permission set.\n    permission: Optional[Permission] = None\n")
	}
	pf("    slots: Slots = field(default_factory=lambda: Slots())\n    inputs: Inputs = field(default_factory=lambda: Inputs())\n")
	if d.Custom != nil {
		pf("    custom: Optional[Custom] = None\n")
	}
	pf(`

_rt = Runtime(DATA)

#: Identifies the inputs this package was generated from.
INPUT_HASH: str = str(DATA["inputHash"])
#: How the costs were counted.
TOKEN_COUNTER: str = str(DATA["tokenCounter"])


def compose(request: Optional[Request] = None) -> Prompt:
    """The prompt, and where its cacheable prefix ends; raises PromptError for a bad selection."""
    return _rt.compose(request)


def sections(request: Optional[Request] = None) -> List[Section]:
    """The non-empty sections compose joins, in order."""
    return _rt.sections(request)


def resolve(request: Optional[Request] = None) -> Resolution:
    """What the request's model and family choice select."""
    return _rt.resolve(request)


def validate(request: Optional[Request] = None) -> List[PromptError]:
    """Every problem of the request at once; empty when it can be composed as it is."""
    return _rt.validate(request)


def fields(request: Optional[Request] = None) -> List[Field]:
    """The slots, run-time placeholders and inputs the request's mode reads, each once."""
    return _rt.fields(request)


def cost_notice(request: Optional[Request] = None) -> Notice:
    """The cost notice of the request's mode for its model."""
    return _rt.cost_notice(request)


def modes() -> List[str]:
    """Every mode of promptc.cue, in lattice order."""
    return _rt.modes()


def families() -> List[str]:
    """Every family, sorted by name."""
    return _rt.families()


def parse_mode(name: str) -> str:
    """The mode a name or alias names; raises PromptError for any other."""
    return _rt.parse_mode(name)


def tools(permission: Optional[str] = None) -> List[Tool]:
    """The catalogue's tools the permission set permits (None: the least-privileged)."""
    return _rt.tools(permission)
`)
	return b.String()
}

// pyType is the Python type of input or field in, declared within the
// record type outer ("" for an input).
func pyType(in Input, outer string) string {
	switch in.Type {
	case "bool":
		return "bool"
	case "enum":
		return pyLiteral(append([]string{""}, in.Values...))
	case "list":
		return "Sequence[" + recordName(in, outer) + "]"
	case "record":
		return recordName(in, outer)
	}
	return "str"
}
