// Command promptc compiles and lints the prompt assets of an LLM agent
// harness: it reads promptc.cue, composes every prompt mode for every model
// family, checks every budget and writes an embeddable Go package.
package main

import (
	"os"

	"github.com/promptc/promptc/cmd/promptc/cli"
)

func main() {
	os.Exit(cli.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
