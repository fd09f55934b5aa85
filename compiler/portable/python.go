package portable

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
)

var (
	//go:embed runtime/py/_runtime.py
	pyRuntime []byte
	//go:embed runtime/py/_loaders.py
	pyLoaders []byte
)

// Python returns the files of the Python package of d named pkg, for
// Python 3.9 or later: _data.py is the compiled form, __init__.py the API
// typed for the project (Literal types for modes, families, profiles,
// permission sets and enum inputs; TypedDicts for slots and inputs),
// _runtime.py the fixed runtime and _loaders.py the fixed loaders of the
// user's files.
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
		{"_loaders.py", append([]byte(head), pyLoaders...)},
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
	pf("from dataclasses import dataclass, field\nfrom typing import Callable, List, Literal, Optional, Sequence, TypedDict, Union\n\n")
	pf("from . import _loaders\nfrom ._data import DATA\nfrom ._loaders import InstructionLayer, InstructionLayers, InstructionProblem, Instructions, LayeredInstructions\nfrom ._runtime import Custom, Field, Notice, Prompt, PromptError, Resolution, Runtime, Section, Tool\n\n")
	loaders := ""
	if d.Custom != nil {
		loaders += ", \"CUSTOM_FILE\", \"load_custom\""
	}
	if d.Instructions != nil {
		loaders += ", \"instruction_files\", \"load_instructions\", \"load_layers\""
	}
	pf("__all__ = [\"Custom\", \"Field\", \"Notice\", \"Prompt\", \"PromptError\", \"Resolution\", \"Section\", \"Tool\", \"Request\", \"Mode\", \"Family\", \"Slots\", \"Inputs\",\n")
	pf("           \"InstructionLayer\", \"InstructionLayers\", \"InstructionProblem\", \"Instructions\", \"LayeredInstructions\",\n")
	pf("           \"compose\", \"sections\", \"resolve\", \"validate\", \"fields\", \"cost_notice\", \"capability_line\", \"modes\", \"modes_for\", \"next_mode\", \"families\", \"parse_mode\", \"tools\"%s]\n\n", loaders)
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
	pf("    #: Which tools the session may use at run time; the tools part lists only those it lets through. None restricts nothing.\n    allowed: Optional[Callable[[str], bool]] = None\n")
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


def capability_line(request: Optional[Request] = None) -> str:
    """The capability line of the request's profile and permission set, for its allowed callback; "" without tools.capability."""
    return _rt.capability_line(request)


def modes() -> List[str]:
    """Every mode of promptc.cue, in lattice order."""
    return _rt.modes()


def modes_for(custom: Optional[Custom] = None) -> List[str]:
    """modes(), then the custom mode when custom is usable: what a mode picker offers (the Go package's ModesFor)."""
    return _rt.modes_for(custom)


def next_mode(mode: str, custom: Optional[Custom] = None) -> str:
    """The mode after mode in modes_for(custom), wrapping around: the cycle a key press runs; "" is the default mode (NextMode)."""
    return _rt.next_mode(mode, custom)


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
	if d.Custom != nil {
		pf(`

#: The custom mode's file, relative to the project directory: what load_custom reads by default.
CUSTOM_FILE: str = %s


def load_custom(project_dir: str, path: str = CUSTOM_FILE) -> Custom:
    """Reads the custom mode's file at path (relative to project_dir) as the Go package's LoadCustom.

    Never outside project_dir, never waiting on a FIFO; a file that cannot
    be used gives the project's fallback text, usable False and the reason.
    """
    c = _loaders.load_custom(project_dir, path, DATA["custom"])
    return Custom(text=c.text, path=c.path, usable=c.usable, name=c.name, reason=c.reason)
`, quoted([]string{d.Custom.File})[0])
	}
	if d.Instructions != nil {
		pf(`

def instruction_files() -> List[str]:
    """The instruction files load_instructions reads when given none."""
    return [str(f) for f in DATA["instructions"]["files"]]


def load_instructions(
    project_dir: str,
    files: Optional[Sequence[str]] = None,
    no_includes: bool = False,
    work_dir: str = "",
    after: Optional[Instructions] = None,
) -> Instructions:
    """Reads the user's instruction files in project_dir and expands their @include lines as the Go package's LoadInstructions.

    The same limits, the same problems (file:line:col), never outside
    project_dir. files None reads instruction_files(); work_dir also looks
    in every directory down to it; after counts an earlier result against
    the limits.
    """
    return _loaders.load_instructions(project_dir, DATA["instructions"], files, no_includes, work_dir, after)


def load_layers(
    layers: InstructionLayers,
    files: Optional[Sequence[str]] = None,
    no_includes: bool = False,
    work_dir: str = "",
    after: Optional[Instructions] = None,
) -> LayeredInstructions:
    """Reads layered instruction files such as APPEND_SYSTEM.md as the Go package's LoadLayers.

    In each layer's directory, in the fixed order user, package, project,
    then extensions, each confined to its own directory; all share one set
    of limits, after after; work_dir applies to the project layer only.
    """
    return _loaders.load_layers(layers, DATA["instructions"], files, no_includes, work_dir, after)
`)
	}
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
