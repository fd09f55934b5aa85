// Package layers holds the test that keeps imports running one way, in
// the order ARCHITECTURE.md writes down. It has no code of its own.
package layers
