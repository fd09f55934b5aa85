package genruntime

import (
	"errors"
	"testing"
)

// TestEnumHelpers: names in the table print, parse and marshal as
// themselves; a value past the table prints as Typ(N) and does not
// marshal; an unknown name is an error wrapping the type's error that
// lists the valid names, with -1, which each width of enum type converts
// to its largest value, past its table.
func TestEnumHelpers(t *testing.T) {
	names := []string{"classic", "compact"}
	errUnknown := errors.New("invalid prompt profile")
	for i, n := range names {
		if got := enumName(names, i, "Profile"); got != n {
			t.Errorf("enumName(%d) = %q", i, got)
		}
		v, err := enumParse(names, n, errUnknown)
		if err != nil || v != i {
			t.Errorf("enumParse(%q) = %d, %v", n, v, err)
		}
		b, err := enumText(names, i, "Profile", errUnknown)
		if err != nil || string(b) != n {
			t.Errorf("enumText(%d) = %q, %v", i, b, err)
		}
	}
	if got := enumName(names, 2, "Profile"); got != "Profile(2)" {
		t.Errorf("enumName(2) = %q", got)
	}
	if _, err := enumText(names, 2, "Profile", errUnknown); !errors.Is(err, errUnknown) || err.Error() != "invalid prompt profile: Profile(2)" {
		t.Errorf("enumText(2): %v", err)
	}
	v, err := enumParse(names, "Classic", errUnknown)
	if v != -1 || uint8(v) != ^uint8(0) || uint16(v) != ^uint16(0) || !errors.Is(err, errUnknown) || err.Error() != `invalid prompt profile "Classic" (valid: classic, compact)` {
		t.Errorf("enumParse(Classic) = %d, %v", v, err)
	}
}
