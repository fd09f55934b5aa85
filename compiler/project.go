package compiler

import (
	"maps"
	"slices"

	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
)

// Project is a project compiled once per profile and permission set: what
// CompileAll returns. Each program keeps its own findings; the findings
// that compare a profile with the default profile (governing text sent
// differently) belong to the programs of the profile compared. A budget
// must hold in every profile under every permission set, so a project is
// as wrong as all its programs together: Diagnostics merges them. A
// Project is read-only.
type Project struct {
	// programs holds one program per profile and permission set, profiles
	// outermost, the default profile and the default set first.
	programs []*Program
	// cross holds, for each program, what comparing it with the default
	// profile's program under the same permission set found.
	cross [][]diag.Diagnostic
	// diags is every program's findings and cross merged and sorted.
	diags []diag.Diagnostic
}

// CompileAll compiles l once per profile and permission set, profiles
// outermost, the default profile and the default set first (once in all
// when the project declares neither). Program i of the result has profile
// i / len(sets) and set i % len(sets) of ProfileNames and PermissionNames.
// Its errors are Compile's.
func CompileAll(l *config.Loaded, opt Options) (*Project, error) {
	var progs []*Program
	profiles := ProfileNames(l.Config)
	if len(profiles) == 0 {
		profiles = []string{""}
	}
	sets := config.PermissionSets(l.Config)
	for _, name := range profiles {
		for _, set := range sets {
			o := opt
			o.Profile, o.Permission = name, set
			p, err := Compile(l, o)
			if err != nil {
				return nil, err
			}
			progs = append(progs, p)
		}
	}
	return newProject(progs, len(sets)), nil
}

// newProject joins the programs CompileAll compiled, sets per profile, and
// compares each with the default profile's program under its set.
func newProject(progs []*Program, sets int) *Project {
	r := &Project{programs: progs, cross: make([][]diag.Diagnostic, len(progs))}
	ds := slices.Clone(progs[0].diags)
	for i, q := range progs[1:] {
		// Governing text is compared within one permission set: the
		// default profile's program under q's set.
		r.cross[i+1] = changedGoverning(progs[(i+1)%sets], q)
		ds = append(ds, q.diags...)
		ds = append(ds, r.cross[i+1]...)
	}
	r.diags = diag.Sort(ds)
	return r
}

// Default returns the program of the default profile under the default
// permission set: the one whose configuration, files and output
// directory stand for the project's.
func (r *Project) Default() *Program { return r.programs[0] }

// Programs returns every program, in CompileAll's order (the default
// first). The slice is the caller's; the programs are shared.
func (r *Project) Programs() []*Program { return slices.Clone(r.programs) }

// Others returns every program but Default, in CompileAll's order: those
// of the other profiles and permission sets. The slice is the caller's.
func (r *Project) Others() []*Program { return slices.Clone(r.programs[1:]) }

// Program returns the program compiled for profile and permission, or
// nil when the project has none (an unknown name, or "" for a project
// that declares profiles or permission sets: each is compiled under its
// own name).
func (r *Project) Program(profile, permission string) *Program {
	for _, p := range r.programs {
		if p.profile == profile && p.permission == permission {
			return p
		}
	}
	return nil
}

// Diagnostics returns the project's findings: those of every program,
// and of comparing every profile with the default, merged and sorted
// (a finding two programs share is listed once). The slice is the
// caller's.
func (r *Project) Diagnostics() []diag.Diagnostic { return slices.Clone(r.diags) }

// DiagnosticsOf returns the findings attributable to p, one of the
// project's programs: p's own (p.Diagnostics) and those of comparing p's
// profile with the default profile under p's permission set, sorted. It
// returns nil for a program that is not the project's.
func (r *Project) DiagnosticsOf(p *Program) []diag.Diagnostic {
	i := slices.Index(r.programs, p)
	if i < 0 {
		return nil
	}
	return diag.Sort(append(p.Diagnostics(), r.cross[i]...))
}

// changedGoverning reports governing parts whose text profile q sends
// differently from the default profile's program p under the same
// permission set. Only a generated part can differ (the tool catalogue
// follows a profile's fullTools), so the finding is at q's fullTools.
func changedGoverning(p, q *Program) []diag.Diagnostic {
	if p.profile == q.profile {
		return nil
	}
	var ds []diag.Diagnostic
	for _, name := range slices.Sorted(maps.Keys(p.Parts)) {
		a, b := p.Parts[name], q.Parts[name]
		if !a.Config.Governing || b == nil || a.Text == b.Text {
			continue
		}
		ds = append(ds, diag.Errorf(q.Loaded.PosOfKeys("profiles", "values", q.profile, "fullTools"), RuleGoverningDropped,
			"profile %s sends governing part %s with other text than profile %s: governing text must be sent unchanged in every profile; give both profiles the same fullTools", q.profile, name, p.profile))
	}
	return ds
}
