// Package errors is a stub of apimachinery's api/errors package for the analyzers'
// tests.
package errors

func IsConflict(err error) bool { return false }

func IsNotFound(err error) bool { return false }

func IsAlreadyExists(err error) bool { return false }
