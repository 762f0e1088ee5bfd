// Package golangciplugin makes opgen's analyzers a golangci-lint module plugin named
// "opgenvet" (golangci-lint v2's plugin system: a custom binary built with
// `golangci-lint custom` from .custom-gcl.yml).
//
// golangci-lint finds module plugins only through registration at init time
// (register.Plugin), so importing this package is what makes the plugin exist; that
// is the one init-time registration in opgen, and the reason it is a package of its
// own that nothing else imports.
//
// Settings (linters.settings.custom.opgenvet.settings in .golangci.yml):
//
//	disable:     [workers, …]   analyzers not to run
//	requeue-min: 10s            the requeue analyzer's -min (default 5s)
//	workers-max: 4              the workers analyzer's -max (default 10)
//	statusupdate-gated: true    the statusupdate analyzer's -gated (default false)
//
// Unknown settings are an error, so a misspelled one never leaves a check on its
// default silently.
package golangciplugin
