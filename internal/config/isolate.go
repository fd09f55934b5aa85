package config

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"time"

	"github.com/promptc/promptc/internal/diag"
)

// CUE evaluates whatever promptc.cue asks for, and can neither be
// cancelled nor limited in memory: strings.Repeat(strings.Repeat("ab",
// 100000), 100000) asks for a 20 GB string in one allocation, which the Go
// runtime either refuses with a fatal error that no recover catches, or
// grants and fills, taking the machine's memory; and an evaluation that
// runs past the limit in a goroutine keeps running, and copying a huge
// string cannot be preempted. So promptc evaluates promptc.cue in a child
// process of its own executable, which limits its own memory and
// processor time (see watchSelf) and exits at either limit. Whatever the
// child does, the parent reports a positioned configuration error.
// Starting the child costs about 10 ms, paid only when the configuration
// is not in the cache (cache.go), so a pre-commit lint of an unchanged
// project pays nothing.
//
// The child never outlives promptc: killed or not, when promptc ends the
// system kills the child (Linux: the parent-death signal, see childAttr),
// and everywhere the child exits when its standard input, which promptc
// holds open until the child ends, reaches its end.

// DefaultEvalMemory is how much memory evaluating promptc.cue may use. A
// real configuration needs about 30 MB; the limit leaves room for large
// projects.
const DefaultEvalMemory = 512 << 20

// MinEvalMemory is the smallest memory limit the evaluator can start
// within; EvalMemoryEnv may not set a smaller one.
const MinEvalMemory = 64 << 20

// EvalMemoryEnv names the environment variable that replaces
// DefaultEvalMemory: a number of bytes, or of KiB, MiB or GiB with that
// suffix ("1GiB").
const EvalMemoryEnv = "PROMPTC_CUE_MEMORY"

// MaxEvalResult is the size, in bytes, of the largest evaluated
// configuration (as JSON) promptc accepts from the evaluation: the limit
// of the asset files, since a configuration's texts are sent to models as
// the assets are.
const MaxEvalResult = 64 << 20

// childArg, as the only argument, and childEnv, holding the process id of
// the process that started it, make a process that links this package
// evaluate the request on its standard input and exit (see init). Both
// are needed, and the variable must name the actual parent: a variable
// left in a user's environment turns no promptc into an evaluator, and no
// evaluator passes it on.
const (
	childArg = "__promptc_internal_cue_evaluator__"
	childEnv = "PROMPTC_INTERNAL_CUE_EVALUATOR"
)

// The exit codes of a child that stopped itself.
const (
	childOutOfMemory = 86 // its memory passed the limit
	childOverCPU     = 87 // its processor time passed the limit
	childOverClock   = 88 // it ran past the backstop on the clock
	childOrphaned    = 89 // the promptc that started it has ended
)

// isolate says whether evaluations run in a child process; tests of the
// in-process bound clear it.
var isolate = true

func init() {
	parent, set := os.LookupEnv(childEnv)
	os.Unsetenv(childEnv)
	if !set || len(os.Args) != 2 || os.Args[1] != childArg {
		return
	}
	// Before anything else of the program runs: this process is an
	// evaluator, not promptc.
	if parent != strconv.Itoa(os.Getppid()) {
		// Started by a promptc that ended before this process ran.
		os.Exit(childOrphaned)
	}
	os.Exit(serveChild(os.Stdin, os.Stdout))
}

// request is what the parent sends the child: the file, its source, and
// the limits.
type request struct {
	File   string        `json:"file"`
	Src    []byte        `json:"src"`
	Memory int64         `json:"memory"`
	CPU    time.Duration `json:"cpu"`
}

// reply is what the child sends back: the configuration and its
// positions, or its diagnostics, or a failure that is not the
// configuration's fault.
type reply struct {
	Config      *Config           `json:"config,omitempty"`
	Positions   Positions         `json:"positions,omitempty"`
	Root        string            `json:"root,omitempty"`
	Diagnostics []diag.Diagnostic `json:"diagnostics,omitempty"`
	Failure     string            `json:"failure,omitempty"`
}

// serveChild evaluates one request within its limits and writes the
// reply; it returns the process's exit code.
func serveChild(in io.Reader, out io.Writer) int {
	var req request
	// The request is at most MaxSize bytes of source, base64-encoded.
	dec := json.NewDecoder(io.LimitReader(in, 2*MaxSize+1<<16))
	if err := dec.Decode(&req); err != nil {
		fmt.Fprintln(os.Stderr, "bad request:", err)
		return 3
	}
	watchSelf(req.Memory, req.CPU)
	go func() {
		// The parent writes nothing more and holds the pipe open until
		// this process ends: its end means the parent has ended.
		io.Copy(io.Discard, in)
		os.Exit(childOrphaned)
	}()
	var r reply
	l, err := recovered(evaluator, req.File, req.Src)
	var ce *Error
	switch {
	case err == nil:
		r.Config, r.Positions = l.Config, l.positions
	case errors.As(err, &ce):
		r.Root, r.Diagnostics = ce.Root, ce.Diagnostics
	default:
		r.Failure = err.Error()
	}
	if err := json.NewEncoder(out).Encode(&r); err != nil {
		return 3
	}
	return 0
}

// watchSelf bounds this process to memory bytes and cpu of processor
// time: the garbage collector works to stay below the memory limit, the
// operating system refuses address space much beyond it where it can (see
// limitAddressSpace) and kills the process a second after the processor
// time limit (see limitCPU), and a watchdog ends the process with
// childOutOfMemory or childOverCPU when it passes either, before the
// system runs short, or with childOverClock at the backstop.
func watchSelf(memory int64, cpu time.Duration) {
	if memory > 0 {
		collectNear(memory)
		limitAddressSpace(memory)
	}
	if cpu <= 0 {
		cpu = DefaultEvalCPU
	}
	limitCPU(cpu)
	spent := newCPUMeter()
	go func() {
		sample := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
		for {
			metrics.Read(sample)
			if memory > 0 && int64(sample[0].Value.Uint64()-sample[1].Value.Uint64()) > memory {
				os.Exit(childOutOfMemory)
			}
			switch spent.over(cpu) {
			case overCPU:
				os.Exit(childOverCPU)
			case overClock:
				os.Exit(childOverClock)
			}
			time.Sleep(watchInterval)
		}
	}()
}

// collectNear sets the garbage collector's soft memory limit to three
// quarters of memory, below the watchdog's, and returns the previous GC
// percentage and memory limit. The collector otherwise runs as the heap
// grows (GOGC=100): an evaluation is one short burst of allocation whose
// garbage dies with the process, but leaving it uncollected until the
// limit cost more than collecting it. Each page of a heap that only
// grows is new memory the system must fault in and zero: 31,000 faults
// and a third of the evaluator's processor time at 10,000 assets, against
// 20,000 with collection and a lower total.
func collectNear(memory int64) (percent int, limit int64) {
	return debug.SetGCPercent(100), debug.SetMemoryLimit(memory - memory/4)
}

// evalMemory returns the memory limit, or a configuration error when
// EvalMemoryEnv is set to something that is not a size of at least
// MinEvalMemory.
func evalMemory(file string) (int64, error) {
	v := os.Getenv(EvalMemoryEnv)
	if v == "" {
		return DefaultEvalMemory, nil
	}
	num, unit := v, int64(1)
	for suffix, u := range map[string]int64{"KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30} {
		if n, ok := strings.CutSuffix(v, suffix); ok {
			num, unit = n, u
		}
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n <= 0 || n > (1<<62)/unit {
		return 0, &Error{Diagnostics: []diag.Diagnostic{diag.Errorf(diag.Position{Path: filepath.Base(file)}, RuleConfig,
			"the environment variable %s=%q is not a positive size; write it like 1GiB or 800MiB, or unset it for the default %d MiB",
			EvalMemoryEnv, v, DefaultEvalMemory>>20)}}
	}
	if n*unit < MinEvalMemory {
		return 0, &Error{Diagnostics: []diag.Diagnostic{diag.Errorf(diag.Position{Path: filepath.Base(file)}, RuleConfig,
			"the environment variable %s=%q is below the %d MiB the evaluator needs to start; write at least %dMiB, or unset it for the default %d MiB",
			EvalMemoryEnv, v, MinEvalMemory>>20, MinEvalMemory>>20, DefaultEvalMemory>>20)}}
	}
	return n * unit, nil
}

// errNoChild is returned by evaluateInChild when no child could be
// started; the evaluation then runs in this process.
var errNoChild = errors.New("no evaluator process")

// evaluateInChild evaluates src, the configuration file at the absolute
// path file, in a child process (see the comment at the top), within the
// processor-time limit and the memory limit.
func evaluateInChild(file string, src []byte, cpu time.Duration, memory int64) (*Loaded, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, errNoChild
	}
	body, err := json.Marshal(request{File: file, Src: src, Memory: memory, CPU: cpu})
	if err != nil {
		return nil, err
	}
	// The child stops itself at the backstop; a child that cannot (a
	// stopped process) is killed a minute later.
	ctx, cancel := context.WithTimeout(context.Background(), backstop(cpu)+time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, childArg)
	cmd.Env = append(os.Environ(), childEnv+"="+strconv.Itoa(os.Getpid()))
	cmd.SysProcAttr = childAttr()
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, errNoChild
	}
	out := &capped{max: MaxEvalResult}
	errOut := &capped{max: 4 << 10}
	cmd.Stdout, cmd.Stderr = out, errOut
	// The parent-death signal follows the thread that started the child:
	// keep this goroutine on that thread until the child has ended, so
	// that the runtime cannot end the thread and kill the child early.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := cmd.Start(); err != nil {
		return nil, errNoChild
	}
	// The pipe stays open after the request: the child exits when it
	// closes, which is when this process ends (Wait closes it after the
	// child has ended).
	go stdin.Write(body)
	werr := cmd.Wait()
	root := filepath.Dir(file)
	end := childEnd{clock: ctx.Err() != nil, tooLarge: out.over, failed: werr != nil, code: -1, stderr: errOut.String()}
	if ps := cmd.ProcessState; ps != nil {
		end.code, end.used, end.killed = ps.ExitCode(), ps.UserTime()+ps.SystemTime(), killed(ps)
	}
	switch end.kind(cpu) {
	case endOverClock:
		return nil, clockError(file, src, cpu)
	case endTooLarge:
		return nil, resultTooLarge(file, src)
	case endOverCPU:
		return nil, cpuError(file, src, cpu)
	case endOutOfMemory:
		return nil, memoryError(file, src, memory)
	case endFailed:
		return nil, fmt.Errorf("evaluating %s: the evaluator process failed (%v): %s", filepath.Base(file), werr, firstLine(errOut.String()))
	}
	var r reply
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		return nil, fmt.Errorf("evaluating %s: the evaluator process replied %d bytes that do not decode: %v", filepath.Base(file), out.Len(), err)
	}
	switch {
	case r.Failure != "":
		return nil, errors.New(r.Failure)
	case r.Diagnostics != nil:
		return nil, &Error{Root: r.Root, Diagnostics: r.Diagnostics}
	case r.Config == nil:
		return nil, fmt.Errorf("evaluating %s: the evaluator process replied without a configuration", filepath.Base(file))
	}
	return &Loaded{Root: root, File: file, Source: src, Config: r.Config, positions: r.Positions}, nil
}

// childEnd is how an evaluator child ended, as the parent saw it.
type childEnd struct {
	clock    bool          // the backstop on the clock stopped it
	tooLarge bool          // its reply passed the cap
	failed   bool          // it did not exit with 0
	code     int           // its exit code; -1 when a signal ended it
	killed   bool          // SIGKILL ended it (the kernel's CPU or memory limit)
	used     time.Duration // the processor time it used
	stderr   string        // the start of what it wrote to standard error
}

// The ways an evaluation ends, by childEnd.kind.
const (
	endReplied     = iota // exit 0: the reply is read
	endOverClock          // the backstop on the clock
	endTooLarge           // a reply over its cap
	endOverCPU            // the processor-time limit
	endOutOfMemory        // the memory limit
	endFailed             // any other failure
)

// kind tells how the child ended, for a processor-time limit of cpu. The
// clock comes first (the child said so, or the parent's backstop fired),
// then an oversized reply. The limit on processor time is the child's own
// exit code, or a kill once it has used its limit (the kernel's
// RLIMIT_CPU backstop, should the child's watchdog not run). A failed
// child ran out of memory when its watchdog said so, the Go runtime could
// not get memory (a fatal error naming it), or the system killed it
// before its processor-time limit.
func (e childEnd) kind(cpu time.Duration) int {
	switch {
	case e.clock || e.code == childOverClock:
		return endOverClock
	case e.tooLarge:
		return endTooLarge
	case e.code == childOverCPU || e.failed && e.killed && e.used >= cpu:
		return endOverCPU
	case e.failed && (e.code == childOutOfMemory || strings.Contains(e.stderr, "out of memory") || e.killed):
		return endOutOfMemory
	case e.failed:
		return endFailed
	}
	return endReplied
}

// capped is a buffer that keeps its first max bytes and notes whether
// more were written; writing never fails, so the child is never blocked
// or broken by a full pipe.
type capped struct {
	bytes.Buffer
	max  int
	over bool
}

func (c *capped) Write(b []byte) (int, error) {
	if room := c.max - c.Len(); len(b) > room {
		c.over = true
		c.Buffer.Write(b[:max(room, 0)])
		return len(b), nil
	}
	return c.Buffer.Write(b)
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// memoryError reports an evaluation that needed more than limit bytes, at
// the first computation of the file.
func memoryError(file string, src []byte, limit int64) error {
	return stopped(file, src, fmt.Sprintf("needed more than the memory limit of %d MiB and was stopped", limit>>20),
		EvalMemoryEnv+"=SIZE raises the limit")
}

// resultTooLarge reports an evaluation whose result is larger than
// MaxEvalResult.
func resultTooLarge(file string, src []byte) error {
	return stopped(file, src, fmt.Sprintf("produced more than %d MiB of values and was refused", MaxEvalResult>>20),
		"no text promptc sends can be that long")
}
