// Command floor is the lower bound promptc is measured against: it walks
// a project directory and reads every regular file in it, doing nothing
// with the bytes. A process that must read the same files cannot be faster
// than this, so bench/run.sh reports promptc's times as ratios to it.
//
//	go run ./bench/floor [-v] DIR
package main

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

func main() {
	verbose := flag.Bool("v", false, "print the number of files and bytes read")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: floor [-v] DIR")
		os.Exit(2)
	}
	var files, bytes int
	err := filepath.WalkDir(flag.Arg(0), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files++
		bytes += len(b)
		return nil
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "floor:", err)
		os.Exit(1)
	}
	if *verbose {
		fmt.Printf("%d files, %d bytes\n", files, bytes)
	}
}
