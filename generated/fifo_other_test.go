//go:build !unix

package generated_test

import "errors"

func mkfifo(string) error { return errors.New("unsupported") }
