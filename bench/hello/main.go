// Command hello prints hello, world: the least a Go process costs to start
// and exit on this machine. bench/run.sh measures promptc's start-up
// against it.
package main

import "fmt"

func main() { fmt.Println("hello, world") }
