// Package suggest finds the name a misspelt one most likely meant, for the "did you
// mean" of opgen's messages: unknown markers and their arguments, unknown analyzers
// in //opguard:ignore directives. One rule for all of them: case, "-" and "_" are
// ignored, a misspelt start of a longer name counts, and only a close name is offered.
package suggest
