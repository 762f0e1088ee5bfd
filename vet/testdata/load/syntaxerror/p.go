// Package p does not parse.
package p

func broken( {
