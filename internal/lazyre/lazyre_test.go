package lazyre

import "testing"

func TestCompilesOnceOnFirstUse(t *testing.T) {
	re := New(`^a+$`)
	first := re()
	if !first.MatchString("aaa") || first.MatchString("b") {
		t.Fatalf("the expression does not match as written: %v", first)
	}
	if re() != first {
		t.Error("a second call compiled the expression again")
	}
}

func TestBadExpressionPanicsOnFirstUseOnly(t *testing.T) {
	re := New(`(`) // must not panic here
	defer func() {
		if recover() == nil {
			t.Error("a bad expression did not panic on first use")
		}
	}()
	re()
}
