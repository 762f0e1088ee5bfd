// Package controller holds the operator's controllers, one subpackage per kind.
package controller
