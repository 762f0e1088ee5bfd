// Package guards is the source of zz_generated.opguard.go, the one helper file opgen
// generates into a controller package: the logic every generated status writer and
// reconciler shares, kept in one place instead of repeated per kind.
//
// It is compiled and tested here, in opgen's module, and copied verbatim into projects
// with its package clause rewritten (package generator/guards does that). It must
// therefore import nothing of opgen's, only the libraries an operator already uses;
// this doc.go is not copied.
package guards
