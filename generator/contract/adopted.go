package contract

import (
	"regexp"
	"strings"

	"sigs.k8s.io/controller-tools/pkg/loader"
)

// Adopted is opgen.yaml's controllerGen section (written by opgen adopt), resolved:
// which of controller-gen's generators run, over which packages, with which options.
// Its zero value is opgen's own behaviour: every generator over every package.
type Adopted struct {
	// On says the section exists: only the generators with patterns run.
	On bool
	// Object, CRD, RBAC and Webhook are each generator's packages as import-path
	// patterns of the main module; nil leaves the generator out.
	Object, CRD, RBAC, Webhook []string
	// CRD options, as controller-tools' crd.Generator takes them.
	GenerateEmbeddedObjectMeta, AllowDangerousTypes, IgnoreUnexportedFields bool
	// MaxDescLen truncates descriptions when HasMaxDescLen (0 drops them).
	MaxDescLen    int
	HasMaxDescLen bool
	// RBACFile is rbac:fileName, "" for role.yaml.
	RBACFile string
}

// Adopted generator names, as controller-gen names them.
const (
	GenObject  = "object"
	GenCRD     = "crd"
	GenRBAC    = "rbac"
	GenWebhook = "webhook"
)

func (a Adopted) patterns(gen string) []string {
	switch gen {
	case GenObject:
		return a.Object
	case GenCRD:
		return a.CRD
	case GenRBAC:
		return a.RBAC
	case GenWebhook:
		return a.Webhook
	}
	return nil
}

// Runs reports whether controller-gen's generator gen runs: always, unless an adopted
// section leaves it out.
func (o Options) Runs(gen string) bool {
	return !o.Adopted.On || o.Adopted.patterns(gen) != nil
}

// RootsFor returns the packages of roots that generator gen reads: all of them, unless
// an adopted section gives it its own paths (a second binary's RBAC markers must not
// widen the role controller-gen wrote from the first's).
func (o Options) RootsFor(gen string, roots []*loader.Package) []*loader.Package {
	if !o.Adopted.On {
		return roots
	}
	patterns := o.Adopted.patterns(gen)
	out := []*loader.Package{}
	for _, r := range roots {
		if MatchesAny(patterns, r.PkgPath) {
			out = append(out, r)
		}
	}
	return out
}

// MatchesAny reports whether an import path matches one of the patterns, with the go
// command's rules: "..." matches any string, and "x/..." matches x itself too.
func MatchesAny(patterns []string, importPath string) bool {
	for _, p := range patterns {
		if p == importPath {
			return true
		}
		if !strings.Contains(p, "...") {
			continue
		}
		re := regexp.QuoteMeta(p)
		re = strings.ReplaceAll(re, `/\.\.\.`, `(/.*)?`)
		re = strings.ReplaceAll(re, `\.\.\.`, `.*`)
		if regexp.MustCompile("^" + re + "$").MatchString(importPath) {
			return true
		}
	}
	return false
}

// RoleFile is the RBAC manifest's name: rbac:fileName, else controller-gen's role.yaml.
func (a Adopted) RoleFile() string {
	if a.RBACFile != "" {
		return a.RBACFile
	}
	return "role.yaml"
}
