// Package policy holds the numbers opgen's policy rests on, each written once: the
// generator warns about them, the generated runtime enforces them, and opgen vet
// reports code that breaks them. A test in each consumer that cannot import this
// package (the runtime is copied into operators verbatim) checks its copy against it.
package policy
