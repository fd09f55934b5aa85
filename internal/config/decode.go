package config

import (
	"encoding"
	"encoding/json"
	"reflect"
	"strings"
	"sync"

	"cuelang.org/go/cue"
)

// cue.Value.Decode lists the fields of every struct it decodes with
// Value.Fields, which sorts them in the order the configuration declares
// them before the decoder looks each one up by name: three quarters of
// decoding a large configuration, and a cost paid again for every part a
// mode's compose list names. Decoding needs no order (the fields go into
// Go structs and maps), so fastDecode looks up each field of a Go struct
// by its JSON name instead, and lists only maps. It gives the
// configuration cue.Value.Decode gives, or reports that it cannot prove
// it does, and the caller decodes with CUE:
//
//   - a struct type's fields are looked up by their exact JSON names.
//     Value.Decode also matches a CUE field to a Go field whose name
//     differs only in letter case; no schema field name differs so from a
//     JSON name of the configuration's types (TestFastDecodeNames), and
//     every struct of the schema is closed but #Ref.
//   - a Ref, the one open struct, is decoded by its name and kind only
//     when it equals the part or slot it names, whose fields are the
//     schema's (a reference parts.<name>, slots.<name>); any other value is
//     refused.
//   - a value of a type with its own decoding (Example, an interface) is
//     decoded by Value.Decode itself.
//   - anything Value.Decode would report (an error value, a value that is
//     not concrete where it needs one, a number that does not fit) is
//     refused rather than reported.

// fastDecoder decodes a validated configuration, root, into Go values.
type fastDecoder struct {
	root cue.Value
	// declared holds the parts and slots Refs named, by kind and name:
	// a part is named by every mode that sends it.
	declared map[[2]string]cue.Value
}

// fastDecode decodes root, the configuration unified with the schema and
// validated, into c; false when the result might differ from
// root.Decode(c), and c must then be decoded again.
func fastDecode(root cue.Value, c *Config) bool {
	d := fastDecoder{root: root}
	return d.decode(reflect.ValueOf(c).Elem(), root)
}

var (
	refType         = reflect.TypeFor[Ref]()
	cueUnmarshaler  = reflect.TypeFor[cue.Unmarshaler]()
	jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// ownDecoding reports whether values of type t decode by a method of
// their own or are interfaces, which Value.Decode handles itself.
func ownDecoding(t reflect.Type) bool {
	p := reflect.PointerTo(t)
	return t.Kind() == reflect.Interface || p.Implements(cueUnmarshaler) ||
		p.Implements(jsonUnmarshaler) || p.Implements(textUnmarshaler)
}

// decode sets x, which is settable and holds its zero value, from v.
func (d *fastDecoder) decode(x reflect.Value, v cue.Value) bool {
	t := x.Type()
	if ownDecoding(t) {
		return v.Decode(x.Addr().Interface()) == nil
	}
	if t == refType {
		return d.ref(x, v)
	}
	v, _ = v.Default()
	// Kind, unlike Err and IsNull, makes no evaluation context (a few
	// microseconds each, paid for every value): it is BottomKind for an
	// error and for a value that is not concrete, which Value.Decode
	// reports or, for a nullable type, leaves at the zero value. Null,
	// which Value.Decode also leaves at the zero value, is refused below
	// like any value of the wrong kind: the schema allows it only in an
	// Example, which Value.Decode decodes.
	if !v.Exists() || v.Kind() == cue.BottomKind {
		return false
	}
	switch t.Kind() {
	case reflect.Pointer:
		p := reflect.New(t.Elem())
		if !d.decode(p.Elem(), v) {
			return false
		}
		x.Set(p)
	case reflect.Bool:
		b, err := v.Bool()
		if err != nil {
			return false
		}
		x.SetBool(b)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		i, err := v.Int64()
		if err != nil || x.OverflowInt(i) {
			return false
		}
		x.SetInt(i)
	case reflect.Float32, reflect.Float64:
		f, err := v.Float64()
		if err != nil || x.OverflowFloat(f) {
			return false
		}
		x.SetFloat(f)
	case reflect.String:
		s, err := v.String()
		if err != nil {
			return false
		}
		x.SetString(s)
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return false // bytes: no such field in the configuration
		}
		it, err := v.List()
		if err != nil {
			return false
		}
		var elems []cue.Value
		for it.Next() {
			elems = append(elems, it.Value())
		}
		s := reflect.MakeSlice(t, len(elems), len(elems))
		for i, e := range elems {
			if !d.decode(s.Index(i), e) {
				return false
			}
		}
		x.Set(s)
	case reflect.Map:
		if t.Key().Kind() != reflect.String || t.Key() != reflect.TypeFor[string]() {
			return false
		}
		it, err := v.Fields()
		if err != nil {
			return false
		}
		m := reflect.MakeMap(t)
		for it.Next() {
			e := reflect.New(t.Elem()).Elem()
			if !d.decode(e, it.Value()) {
				return false
			}
			m.SetMapIndex(reflect.ValueOf(it.Selector().Unquoted()), e)
		}
		x.Set(m)
	case reflect.Struct:
		fields, ok := structFields(t)
		if !ok || v.Kind() != cue.StructKind {
			return false
		}
		for _, f := range fields {
			sub := v.LookupPath(f.path)
			if !sub.Exists() {
				continue // absent, or optional and not written
			}
			if !d.decode(x.FieldByIndex(f.index), sub) {
				return false
			}
		}
	default:
		return false
	}
	return true
}

// ref decodes a Ref: v must equal the part or slot it names, so that its
// fields are the schema's and its name and kind are all Value.Decode
// would take from it.
func (d *fastDecoder) ref(x reflect.Value, v cue.Value) bool {
	name, ok := stringAt(v, "name")
	if !ok {
		return false
	}
	kind, ok := stringAt(v, "kind")
	if !ok {
		return false
	}
	var declared string
	switch kind {
	case "part":
		declared = "parts"
	case "slot":
		declared = "slots"
	default:
		return false
	}
	target, ok := d.declared[[2]string{kind, name}]
	if !ok {
		target = d.root.LookupPath(cue.MakePath(cue.Str(declared), cue.Str(name)))
		if d.declared == nil {
			d.declared = map[[2]string]cue.Value{}
		}
		d.declared[[2]string{kind, name}] = target
	}
	if !target.Exists() || !v.Equals(target) {
		return false
	}
	x.Set(reflect.ValueOf(Ref{Name: name, Kind: kind}))
	return true
}

// stringAt returns the concrete string of v's field name.
func stringAt(v cue.Value, name string) (string, bool) {
	f := v.LookupPath(cue.MakePath(cue.Str(name)))
	if !f.Exists() {
		return "", false
	}
	f, _ = f.Default()
	s, err := f.String()
	return s, err == nil
}

// goField is a field of a Go struct as decoding sees it: its path in CUE
// (its JSON name) and its index, through embedded structs.
type goField struct {
	path  cue.Path
	name  string
	index []int
}

var fieldCache sync.Map // reflect.Type -> []goField, or nil when unsupported

// structFields lists the decoded fields of struct type t: exported fields
// with a JSON name, and those of embedded structs without a tag,
// promoted; false when t has a field decoding by name could not place (an
// exported field without a JSON tag, an embedded pointer, two fields of
// the same name).
func structFields(t reflect.Type) ([]goField, bool) {
	if c, ok := fieldCache.Load(t); ok {
		fs, _ := c.([]goField)
		return fs, fs != nil
	}
	fs, ok := appendFields(nil, t, nil)
	seen := map[string]bool{}
	for _, f := range fs {
		if seen[f.name] {
			ok = false
		}
		seen[f.name] = true
	}
	if !ok {
		fieldCache.Store(t, []goField(nil))
		return nil, false
	}
	if fs == nil {
		fs = []goField{}
	}
	fieldCache.Store(t, fs)
	return fs, true
}

func appendFields(fs []goField, t reflect.Type, index []int) ([]goField, bool) {
	for i := range t.NumField() {
		sf := t.Field(i)
		tag, tagged := sf.Tag.Lookup("json")
		name, _, _ := strings.Cut(tag, ",")
		at := append(append([]int(nil), index...), i)
		switch {
		case sf.Anonymous && !tagged:
			if sf.Type.Kind() != reflect.Struct {
				return nil, false
			}
			var ok bool
			if fs, ok = appendFields(fs, sf.Type, at); !ok {
				return nil, false
			}
		case !sf.IsExported():
		case name == "-":
		case !tagged || name == "":
			return nil, false
		default:
			fs = append(fs, goField{path: cue.MakePath(cue.Str(name)), name: name, index: at})
		}
	}
	return fs, true
}
