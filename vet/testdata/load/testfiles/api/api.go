// Package api type-checks alone.
package api

// Name is what the suite checks.
const Name = "testfiles"
