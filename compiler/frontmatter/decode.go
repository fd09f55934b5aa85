package frontmatter

import (
	"cuelang.org/go/cue"
	"cuelang.org/go/encoding/yaml"

	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
)

// DecodeHeader parses fm as YAML with CUE's own YAML support, checks it
// against the schema definition def (for example "#FamilyHeader" or
// "#Card"), and decodes it into out. Problems are diagnostics at the line
// and column of the offending value in the asset file path, with rule.
func DecodeHeader(path string, fm Frontmatter, def, rule string, out any) []diag.Diagnostic {
	// Headers change rarely and are many: a header that decoded before is
	// taken from the cache (see cache.go).
	key := config.CacheKey([]byte("frontmatter"), []byte(def), []byte(fm.YAML))
	if config.CacheGet(key, out) {
		return nil
	}
	d, err := config.Definition(def)
	if err != nil {
		return []diag.Diagnostic{diag.Errorf(diag.Position{Path: path}, rule, "schema: %v", err)}
	}
	// The header starts on line 2 of the file; padding the YAML with one
	// empty line makes CUE's positions the file's positions.
	src := "\n" + fm.YAML
	f, err := yaml.Extract(path, src)
	if err != nil {
		return config.Diagnostics(path, src, rule, err, 1)
	}
	// The header is built in the definition's own context: a context per
	// file would cost each of thousands of assets a new evaluator.
	v := d.Context().BuildFile(f) //lint:ignore SA1019 d comes from one context, never a combination of several
	if v.Err() != nil {
		return config.Diagnostics(path, src, rule, v.Err(), 1)
	}
	u := v.Unify(d)
	if err := u.Validate(cue.Concrete(true)); err != nil {
		return config.Diagnostics(path, src, rule, err, 1)
	}
	if err := u.Decode(out); err != nil {
		return config.Diagnostics(path, src, rule, err, 1)
	}
	config.CachePut(key, out)
	return nil
}
