package tokens_test

import (
	"fmt"

	"github.com/promptc/promptc/compiler/tokens"
)

func ExampleNew() {
	text := "tiktoken is great!"
	for _, name := range tokens.Names() {
		c, err := tokens.New(name)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%s exact=%v: %d\n", c.Name(), c.Exact(), c.Count(text))
	}
	_, err := tokens.New("o200k")
	fmt.Println(err)
	// Output:
	// chars/4 exact=false: 5
	// o200k_base exact=true: 6
	// cl100k_base exact=true: 6
	// unknown tokenizer "o200k": valid names are chars/4, o200k_base, cl100k_base
}
