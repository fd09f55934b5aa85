package cli

import (
	"github.com/promptc/promptc/compiler"
)

// compile loads the configuration found from dir and compiles the project.
func (g *globals) compile(dir string) (*compiler.Program, error) {
	l, err := g.loadConfig(dir)
	if err != nil {
		return nil, err
	}
	p, err := compiler.Compile(l, compiler.Options{})
	if err != nil {
		return nil, err
	}
	g.logger.Debug("compiled", "root", l.Root, "files", len(p.Files), "modes", len(p.Modes), "families", len(p.FamilyNames), "diagnostics", len(p.Diagnostics))
	return p, nil
}
