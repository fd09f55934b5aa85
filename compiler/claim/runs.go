// Package claim judges a token-savings claim on measured runs. A static
// prompt size says nothing about what a session costs: a smaller prompt can
// make the model search more, and retrieved text stays in context. So a
// claim is judged only on matched runs of two arms (the same tasks, the same
// verified settings) whose outcomes and provider usage were recorded: the
// candidate must pass every task the baseline passes, with every run's usage
// known, and use at least a threshold fraction fewer total tokens.
//
// promptc never runs a model; it reads the runs a harness recorded, one JSON
// object a line (JSON Lines), after the trial's plan (the tasks and how many
// times each arm runs each), and validates them strictly. The plan is what
// tells a complete trial from one that stopped early, for example when a
// request cap ran out before the second repeat.
package claim

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/promptc/promptc/compiler"
)

// MaxFileBytes bounds a runs file: a record is a few hundred bytes, so this
// holds hundreds of thousands of runs and keeps a wrong file from filling
// memory.
const MaxFileBytes = 64 << 20

// MaxTokens is the most tokens promptc accepts in one usage count of one
// run (input, output, cached or reasoning): a trillion, thousands of times
// what the longest agent session with the largest context uses. A count
// above it is a recording error (an overflowed counter, a cost in place of
// tokens), and it also keeps every sum over a runs file far inside int64:
// MaxFileBytes holds under a million records, each at most 2*MaxTokens.
const MaxTokens int64 = 1_000_000_000_000

// Run is one measured run of one arm on one task.
type Run struct {
	// Arm names what was run: a profile, a commit, a product.
	Arm string
	// Task and ID identify the run; runs of two arms with the same Task
	// and ID form a matched pair.
	Task, ID string
	// Passed is the run's acceptance outcome; nil when it is unknown.
	Passed *bool
	// Input and Output are the provider's token usage over the whole run;
	// nil when unknown. Input includes Cached; Output includes Reasoning.
	Input, Output *int64
	// Cached and Reasoning are recorded for reference and never added to
	// the total again; nil when absent or unknown.
	Cached, Reasoning *int64
	// Settings are the model and API settings the run used, as recorded;
	// values are JSON scalars, numbers spelled by value (see scalar).
	Settings map[string]string
	// SettingsVerified says whether the settings were observed on the
	// requests (by a relay, say) rather than assumed from configuration.
	SettingsVerified bool
	// RetrievalCalls and RetrievalChars are how many retrieval calls
	// (searches, file reads, tool calls that fetch text) the run made and
	// how many characters they returned; ElapsedMs is the run's wall time
	// in milliseconds. All three are optional and nil when not recorded.
	// They are reported beside the verdict and never judged: a change
	// that loads context differently can move cost from the prompt into
	// retrieval, which the input tokens only partly show.
	RetrievalCalls, RetrievalChars, ElapsedMs *int64
	// Line is the run's line in the file, 1-based.
	Line int
}

// Label names the run in messages: "compact task history run 2".
func (r Run) Label() string { return fmt.Sprintf("%s task %s run %s", r.Arm, r.Task, r.ID) }

// Total is input plus output tokens, the figure a claim is judged on, and
// whether it is known. A run whose input or output lies outside 0 to
// MaxTokens (Read refuses one; a Run built otherwise may hold anything)
// has no known total, so the sum never wraps around.
func (r Run) Total() (int64, bool) {
	if r.Input == nil || r.Output == nil || !inRange(*r.Input) || !inRange(*r.Output) {
		return 0, false
	}
	return *r.Input + *r.Output, true
}

// inRange reports whether n is a usage count Read accepts: 0 to MaxTokens.
func inRange(n int64) bool { return n >= 0 && n <= MaxTokens }

// addTokens returns a+b for counts of at least 0, and false when the sum
// would not fit in an int64: the totals of a claim are summed with it so
// that no input, however large, wraps into a verdict.
func addTokens(a, b int64) (int64, bool) {
	if a < 0 || b < 0 || a > math.MaxInt64-b {
		return 0, false
	}
	return a + b, true
}

// MaxRepeats bounds a plan's repeats: far more than any paid trial runs,
// and small enough that tasks × repeats never overflows.
const MaxRepeats = 1_000_000

// Plan is what a trial set out to run: every task, Repeats times, in every
// arm.
type Plan struct {
	// Tasks are the planned tasks, each named once.
	Tasks []string
	// Repeats is how many runs of each task each arm was to make.
	Repeats int
	// Line is the plan's line in the file, 1-based.
	Line int
}

// Runs is how many runs the plan gives each arm: tasks × repeats.
func (p Plan) Runs() int { return len(p.Tasks) * p.Repeats }

// Trial is a runs file: its plan and the runs recorded.
type Trial struct {
	// Plan is nil only for a Trial built otherwise than by Read; the gate
	// then cannot tell a complete trial from one that stopped early.
	Plan *Plan
	Runs []Run
}

// Error is a malformed runs file: where and what.
type Error struct {
	Path      string
	Line, Col int
	Msg       string
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d:%d: %s", e.Path, e.Line, e.Col, e.Msg) }

// MaxObserved is the most Read accepts in one observation of one run
// (retrieval calls, retrieval characters, elapsed milliseconds): a
// trillion, far beyond any real run (a trillion milliseconds is over 31
// years), so a larger count is a recording error, and every sum over a
// runs file stays far inside int64 as with MaxTokens.
const MaxObserved int64 = 1_000_000_000_000

// Fields of a run record, in the order they are documented: every run has
// the required ones; the optional ones are observations reported beside the
// verdict.
var (
	recordFields    = []string{"arm", "task", "run", "passed", "usage", "settings", "settingsVerified"}
	optionalFields  = []string{"retrieval", "elapsedMs"}
	allFields       = slices.Concat(recordFields, optionalFields)
	usageFields     = []string{"input", "output", "cached", "reasoning"}
	retrievalFields = []string{"calls", "chars"}
)

// planExample is the plan line messages show.
const planExample = `{"plan": {"tasks": ["regression-fix", "history"], "repeats": 2}}`

// Read parses a runs file: the plan on the first line that is not blank,
// then one run per line, blank lines ignored. path names the file in
// errors. Every record must have every field of a run (see docs), with the
// right type; unknown and repeated fields are errors, and so are a second
// run with the same arm, task and run id, a run of a task the plan does not
// list, and more runs of an arm and task than the plan's repeats.
func Read(path string, r io.Reader) (Trial, error) {
	var t Trial
	data, err := io.ReadAll(io.LimitReader(r, MaxFileBytes+1))
	if err != nil {
		return t, err
	}
	if len(data) > MaxFileBytes {
		return t, &Error{path, 1, 1, fmt.Sprintf("the file is larger than %d MiB; a runs file holds one short JSON object per run", MaxFileBytes>>20)}
	}
	if !utf8.Valid(data) {
		return t, &Error{path, 1, 1, "the file is not valid UTF-8"}
	}
	seen := map[[3]string]int{}
	count := map[[2]string]int{}
	for i, line := range strings.Split(string(data), "\n") {
		num := i + 1
		line = strings.TrimSuffix(line, "\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		at := func(err error) error {
			var le *lineError
			if errors.As(err, &le) {
				return &Error{path, num, utf8.RuneCountInString(line[:le.off]) + 1, le.msg}
			}
			return err
		}
		isPlan, err := planLine(line)
		if err != nil {
			return t, at(err)
		}
		if isPlan {
			if t.Plan != nil {
				return t, &Error{path, num, 1, fmt.Sprintf("the plan is declared twice (first on line %d); a runs file has one plan", t.Plan.Line)}
			}
			plan, err := parsePlan(line)
			if err != nil {
				return t, at(err)
			}
			plan.Line = num
			t.Plan = &plan
			continue
		}
		if t.Plan == nil {
			return t, &Error{path, num, 1, "the runs file declares no plan before its first run: without the planned tasks and repeats a trial that stopped early cannot be told from a complete one; write the plan on the first line, e.g. " + planExample}
		}
		run, taskOff, err := parseLine(line)
		if err != nil {
			return t, at(err)
		}
		run.Line = num
		if !slices.Contains(t.Plan.Tasks, run.Task) {
			return t, at(&lineError{taskOff, fmt.Sprintf("task %q is not in the plan (line %d: %s); add it to the plan's tasks or correct the name", run.Task, t.Plan.Line, strings.Join(t.Plan.Tasks, ", "))})
		}
		key := [3]string{run.Arm, run.Task, run.ID}
		if prev, dup := seen[key]; dup {
			return t, &Error{path, num, 1, fmt.Sprintf("%s is recorded twice (first on line %d); give every run of an arm and task its own run id", run.Label(), prev)}
		}
		seen[key] = num
		if count[[2]string{run.Arm, run.Task}]++; count[[2]string{run.Arm, run.Task}] > t.Plan.Repeats {
			return t, &Error{path, num, 1, fmt.Sprintf("%s is run %d of arm %s on task %s, more than the plan's %s (line %d); record the runs the plan asked for, or raise its repeats",
				run.Label(), count[[2]string{run.Arm, run.Task}], run.Arm, run.Task, plural(t.Plan.Repeats, "repeat", "repeats"), t.Plan.Line)}
		}
		t.Runs = append(t.Runs, run)
	}
	if t.Plan == nil {
		return t, &Error{path, 1, 1, "the runs file declares no plan: write the trial's tasks and repeats on the first line, e.g. " + planExample}
	}
	return t, nil
}

// planLine reports whether line is a plan: a JSON object whose first key
// is "plan".
func planLine(line string) (bool, error) {
	dec := json.NewDecoder(strings.NewReader(line))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return false, nil // parseLine reports what is wrong
	}
	tok, err := dec.Token()
	return err == nil && tok == "plan", nil
}

// parsePlan parses the plan line: {"plan": {"tasks": [...], "repeats": N}}.
func parsePlan(line string) (Plan, error) {
	var plan Plan
	rec, err := object(line, []byte(line), 0, "the plan line", []string{"plan"})
	if err != nil {
		return plan, err
	}
	pf := rec["plan"]
	fields, err := object(line, pf.raw, valueOff(line, pf), `"plan"`, []string{"tasks", "repeats"})
	if err != nil {
		return plan, err
	}
	for _, k := range []string{"tasks", "repeats"} {
		if _, ok := fields[k]; !ok {
			return plan, &lineError{pf.off, fmt.Sprintf(`"plan" has no %q field; a plan names its tasks and how many runs of each every arm makes, e.g. %s`, k, planExample)}
		}
	}
	tf := fields["tasks"]
	if json.Unmarshal(tf.raw, &plan.Tasks) != nil || len(plan.Tasks) == 0 {
		return plan, &lineError{valueOff(line, tf), `plan "tasks" must be a non-empty list of task names`}
	}
	for i, task := range plan.Tasks {
		if strings.TrimSpace(task) == "" {
			return plan, &lineError{valueOff(line, tf), fmt.Sprintf(`plan "tasks" item %d is empty; name every task`, i+1)}
		}
		if slices.Index(plan.Tasks, task) < i {
			return plan, &lineError{valueOff(line, tf), fmt.Sprintf(`plan "tasks" lists %q twice`, task)}
		}
	}
	rf := fields["repeats"]
	n, err := strconv.Atoi(string(rf.raw))
	if err != nil || n < 1 || n > MaxRepeats {
		return plan, &lineError{valueOff(line, rf), fmt.Sprintf(`plan "repeats" must be a whole number from 1 to %s: how many runs of each task every arm makes`, compiler.Thousands(MaxRepeats))}
	}
	plan.Repeats = n
	return plan, nil
}

// lineError is an error at a byte offset of a line.
type lineError struct {
	off int
	msg string
}

func (e *lineError) Error() string { return e.msg }

// field is one member of a JSON object: its value and the byte offset of
// its key in the line.
type field struct {
	raw json.RawMessage
	off int
}

// object reads the JSON object that starts at byte off of line (its text is
// raw) into its members, refusing unknown and repeated keys. allowed lists
// the known keys (nil allows any); what names the object in messages.
func object(line string, raw []byte, off int, what string, allowed []string) (map[string]field, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	at := func() int { return off + int(dec.InputOffset()) }
	tok, err := dec.Token()
	if err != nil {
		return nil, syntaxError(line, off, err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, &lineError{off, fmt.Sprintf("%s must be a JSON object", what)}
	}
	out := map[string]field{}
	for dec.More() {
		keyOff := at()
		tok, err := dec.Token()
		if err != nil {
			return nil, syntaxError(line, off, err)
		}
		key := tok.(string)
		// InputOffset is past the separator before the key: point at the
		// key itself.
		keyOff += strings.IndexByte(line[keyOff:], '"')
		if allowed != nil && !slices.Contains(allowed, key) {
			return nil, &lineError{keyOff, fmt.Sprintf("unknown field %q in %s (valid: %s)", key, what, strings.Join(allowed, ", "))}
		}
		if _, dup := out[key]; dup {
			return nil, &lineError{keyOff, fmt.Sprintf("field %q appears twice in %s", key, what)}
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, syntaxError(line, off, err)
		}
		out[key] = field{v, keyOff}
	}
	if _, err := dec.Token(); err != nil {
		return nil, syntaxError(line, off, err)
	}
	if off == 0 {
		end := at()
		if _, err := dec.Token(); err != io.EOF {
			for end < len(line) && (line[end] == ' ' || line[end] == '\t') {
				end++
			}
			return nil, &lineError{end, "text after the run's JSON object; write one object per line"}
		}
	}
	return out, nil
}

// syntaxError positions a JSON syntax error of the value at off.
func syntaxError(line string, off int, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return &lineError{min(off+int(se.Offset), len(line)), "not valid JSON: " + se.Error()}
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return &lineError{len(line), "not valid JSON: the object is not closed on this line (one run per line)"}
	}
	return &lineError{off, "not valid JSON: " + err.Error()}
}

// parseLine parses one run record, and returns the byte offset of its
// task's value too.
func parseLine(line string) (Run, int, error) {
	run, rec, err := parseRecord(line)
	if err != nil {
		return run, 0, err
	}
	return run, valueOff(line, rec["task"]), nil
}

// parseRecord parses one run record into a Run and its fields.
func parseRecord(line string) (Run, map[string]field, error) {
	var run Run
	rec, err := object(line, []byte(line), 0, "a run", allFields)
	if err != nil {
		return run, nil, err
	}
	run, err = parseFields(line, rec)
	return run, rec, err
}

// parseFields reads a run record's fields.
func parseFields(line string, rec map[string]field) (Run, error) {
	var run Run
	var err error
	for _, k := range recordFields {
		if _, ok := rec[k]; !ok {
			return run, &lineError{0, fmt.Sprintf("the run has no %q field; every run needs %s", k, strings.Join(recordFields, ", "))}
		}
	}
	str := func(k string) (string, error) {
		var s string
		if json.Unmarshal(rec[k].raw, &s) != nil || strings.TrimSpace(s) == "" {
			return "", &lineError{rec[k].off, fmt.Sprintf("%q must be a non-empty string", k)}
		}
		return s, nil
	}
	if run.Arm, err = str("arm"); err != nil {
		return run, err
	}
	if run.Task, err = str("task"); err != nil {
		return run, err
	}
	if id := rec["run"]; isInteger(id.raw) {
		run.ID = string(id.raw)
	} else if run.ID, err = str("run"); err != nil {
		return run, &lineError{id.off, `"run" must be a non-empty string or a whole number`}
	}
	if p := rec["passed"]; string(p.raw) != "null" {
		var b bool
		if json.Unmarshal(p.raw, &b) != nil {
			return run, &lineError{p.off, `"passed" must be true, false, or null when the outcome is unknown`}
		}
		run.Passed = &b
	}
	if v := rec["settingsVerified"]; json.Unmarshal(v.raw, &run.SettingsVerified) != nil {
		return run, &lineError{v.off, `"settingsVerified" must be true or false`}
	}
	u := rec["usage"]
	usage, err := object(line, u.raw, valueOff(line, u), `"usage"`, usageFields)
	if err != nil {
		return run, err
	}
	for _, k := range usageFields[:2] {
		if _, ok := usage[k]; !ok {
			return run, &lineError{u.off, fmt.Sprintf(`"usage" has no %q field; write the provider's count, or null when it is unknown`, k)}
		}
	}
	for i, dst := range []**int64{&run.Input, &run.Output, &run.Cached, &run.Reasoning} {
		k := usageFields[i]
		f, ok := usage[k]
		if !ok || string(f.raw) == "null" {
			continue
		}
		at := valueOff(line, f)
		n, err := strconv.ParseInt(string(f.raw), 10, 64)
		if errors.Is(err, strconv.ErrRange) && f.raw[0] != '-' || err == nil && n > MaxTokens {
			return run, &lineError{at, fmt.Sprintf("usage %q is more than %s tokens, more than any run can use: the harness recorded it wrong; write the provider's count, or null when it is unknown",
				k, compiler.Thousands(int(MaxTokens)))}
		}
		if err != nil || n < 0 {
			return run, &lineError{at, fmt.Sprintf("usage %q must be a whole number of tokens of at least 0, or null when it is unknown", k)}
		}
		*dst = &n
	}
	if run.Cached != nil && run.Input != nil && *run.Cached > *run.Input {
		return run, &lineError{usage["cached"].off, `usage "cached" is larger than "input": input tokens include the cached ones`}
	}
	if run.Reasoning != nil && run.Output != nil && *run.Reasoning > *run.Output {
		return run, &lineError{usage["reasoning"].off, `usage "reasoning" is larger than "output": output tokens include the reasoning ones, which are never added again`}
	}
	s := rec["settings"]
	settings, err := object(line, s.raw, valueOff(line, s), `"settings"`, nil)
	if err != nil {
		return run, err
	}
	if len(settings) == 0 {
		return run, &lineError{s.off, `"settings" is empty: record the model and API settings the run used (model, temperature, ...)`}
	}
	run.Settings = map[string]string{}
	for _, k := range slices.Sorted(maps.Keys(settings)) {
		v := settings[k]
		if c := v.raw[0]; c == '{' || c == '[' {
			return run, &lineError{v.off, fmt.Sprintf("setting %q must be a string, number, true, false or null", k)}
		}
		run.Settings[k] = scalar(v.raw)
	}
	if err := parseObservations(line, rec, &run); err != nil {
		return run, err
	}
	return run, nil
}

// parseObservations reads the optional fields of a run record: retrieval
// {calls, chars} and elapsedMs. An absent field or null is not recorded;
// an empty retrieval object is refused, since it records nothing and most
// likely means the harness dropped what it meant to write.
func parseObservations(line string, rec map[string]field, run *Run) error {
	if f, ok := rec["retrieval"]; ok && string(f.raw) != "null" {
		r, err := object(line, f.raw, valueOff(line, f), `"retrieval"`, retrievalFields)
		if err != nil {
			return err
		}
		if len(r) == 0 {
			return &lineError{f.off, `"retrieval" is empty: record "calls", "chars" or both, or leave "retrieval" out when it was not measured`}
		}
		for i, dst := range []**int64{&run.RetrievalCalls, &run.RetrievalChars} {
			k := retrievalFields[i]
			if v, ok := r[k]; ok {
				what := map[string]string{"calls": "calls", "chars": "characters"}[k]
				if *dst, err = count(line, v, "retrieval "+strconv.Quote(k), what); err != nil {
					return err
				}
			}
		}
	}
	if f, ok := rec["elapsedMs"]; ok {
		var err error
		if run.ElapsedMs, err = count(line, f, `"elapsedMs"`, "milliseconds"); err != nil {
			return err
		}
	}
	return nil
}

// count reads an observation: a whole number from 0 to MaxObserved, or
// null (nil) when it is unknown. name is the field as messages quote it,
// unit what it counts.
func count(line string, f field, name, unit string) (*int64, error) {
	if string(f.raw) == "null" {
		return nil, nil
	}
	at := valueOff(line, f)
	n, err := strconv.ParseInt(string(f.raw), 10, 64)
	if errors.Is(err, strconv.ErrRange) && f.raw[0] != '-' || err == nil && n > MaxObserved {
		return nil, &lineError{at, fmt.Sprintf("%s is more than %s %s, more than any run can record: the harness recorded it wrong; write the measured value, or null when it is unknown",
			name, compiler.Thousands(int(MaxObserved)), unit)}
	}
	if err != nil || n < 0 {
		return nil, &lineError{at, fmt.Sprintf("%s must be a whole number of %s of at least 0, or null when it is unknown", name, unit)}
	}
	return &n, nil
}

// valueOff returns the byte offset of f's value in line: the first
// non-space byte after the colon that follows its key.
func valueOff(line string, f field) int {
	i := f.off + strings.IndexByte(line[f.off:], ':') + 1
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	return i
}

// isInteger reports whether raw is a JSON whole number.
func isInteger(raw json.RawMessage) bool {
	_, err := strconv.ParseInt(string(raw), 10, 64)
	return err == nil
}

// scalar spells a JSON scalar for comparison: numbers by value (0, 0.0 and
// 0e0 are the same temperature), everything else as written.
func scalar(raw json.RawMessage) string {
	if c := raw[0]; c == '-' || (c >= '0' && c <= '9') {
		if f, err := strconv.ParseFloat(string(raw), 64); err == nil {
			return strconv.FormatFloat(f, 'g', -1, 64)
		}
	}
	return string(raw)
}
