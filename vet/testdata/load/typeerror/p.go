// Package p does not type-check.
package p

var answer int = "forty-two"
