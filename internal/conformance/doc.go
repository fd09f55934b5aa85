// Package conformance holds the test that every target's runtime gives the
// generated Go package's answers: one corpus of requests, answered by the
// Go package and by each other language's package built from the same
// project, compared answer for answer; and the same over random projects
// (internal/randproject), whose answers promptc show gives too, custom
// mode and refused requests included. Only tests use it.
package conformance
