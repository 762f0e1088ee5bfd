// Package directive implements //opguard:ignore, the one way to silence an opgen vet
// finding, for every analyzer at once.
//
// The directive is a line comment written like a Go directive, with no space after
// the slashes:
//
//	//opguard:ignore <analyzer>[,<analyzer>…] <reason>
//
// Text after a further "//" on the line is a comment, not part of the reason.
// A directive alone on its line covers the next line; one at the end of a line of
// code covers that line. A finding of a named analyzer that starts on a covered line
// is dropped. The reason is required: a directive without one silences nothing (the
// finding stays, and the ignoredirective analyzer reports the directive), because a
// silenced storm check with no recorded why is exactly what the next on-call engineer
// cannot judge.
//
// The Reporter also drops every finding in a _test.go file: tests write status,
// update cached objects and requeue fast on purpose, to stage what they test, and the
// incidents these checks prevent happen in the running operator.
package directive
