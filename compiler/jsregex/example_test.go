package jsregex_test

import (
	"fmt"

	"github.com/promptc/promptc/compiler/jsregex"
)

func ExampleParse() {
	re, err := jsregex.Parse(`/claude-(opus|sonnet)-4/i`)
	if err != nil {
		panic(err)
	}
	fmt.Println(re.RE)
	fmt.Println(re.MatchString("anthropic/Claude-Opus-4.1"))

	_, err = jsregex.Parse(`/(?<!mini-)gpt-5/`)
	fmt.Println(err)
	// Output:
	// (?i)claude-(opus|sonnet)-4
	// true
	// column 2: negative lookbehind (?<!...): not supported: RE2 has no lookahead or lookbehind (it matches in linear time); match the text itself instead
}

func ExampleTranslate() {
	p, err := jsregex.Translate(`^o\d+(?<size>-mini)?$`, "u")
	fmt.Println(p, err)
	// Output:
	// ^o\d+(?P<size>-mini)?$ <nil>
}
