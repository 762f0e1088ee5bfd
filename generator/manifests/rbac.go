package manifests

import (
	"fmt"
	"go/ast"
	"go/parser"
	"sort"

	"golang.org/x/tools/go/packages"
	"sigs.k8s.io/controller-tools/pkg/loader"

	"github.com/opgen-dev/opgen/generator/contract"
	"github.com/opgen-dev/opgen/kubeapi"
	"github.com/opgen-dev/opgen/model"
)

// RBACRoots returns the packages controller-tools' RBAC generator reads: the run's
// roots and, when opgen's generated code needs rules, a package whose comments are
// those rules as +kubebuilder:rbac markers ([RBACRules]).
func RBACRoots(ctx *contract.Context) ([]*loader.Package, error) {
	rules := RBACRules(ctx.API)
	roots := ctx.RootsFor(contract.GenRBAC, ctx.Roots)
	if len(rules) == 0 {
		return roots, nil
	}
	src := "// Package rules holds the RBAC rules of opgen's generated code.\n"
	for _, r := range rules {
		src += "// " + r + "\n"
	}
	src += "package rules\n"
	f, err := parser.ParseFile(ctx.Fset, "opgen-rbac-rules.go", src, parser.ParseComments)
	if err != nil {
		return nil, fmt.Errorf("opgen's RBAC rules: %w", err)
	}
	return append(append([]*loader.Package(nil), roots...), &loader.Package{Package: &packages.Package{
		ID: "opgen-rbac-rules", Name: "rules", PkgPath: "opgen.invalid/rbac/rules", Syntax: []*ast.File{f},
	}}), nil
}

// RBACRules returns the +kubebuilder:rbac markers for opgen's generated code, sorted.
func RBACRules(api *model.API) []string {
	set := map[string]bool{}
	rule := func(group, resource, verbs string) {
		if group == "" {
			group = "core"
		}
		set[fmt.Sprintf("+kubebuilder:rbac:groups=%s,resources=%s,verbs=%s", group, resource, verbs)] = true
	}
	for _, k := range api.Kinds() {
		if k.StatusOwner == "" {
			continue
		}
		rule(k.Package.Group, k.Plural+"/status", "patch")
		if k.Reconciler == nil {
			continue
		}
		// The Event a status writer records when it takes back another manager's field.
		rule("events.k8s.io", "events", "create;patch")
		if k.Finalizer != "" {
			rule(k.Package.Group, k.Plural, "get;list;watch;patch")
			rule(k.Package.Group, k.Plural+"/finalizers", "update")
		} else {
			rule(k.Package.Group, k.Plural, "get;list;watch")
		}
		for _, o := range k.Owns {
			resource := kubeapi.Resource(o.Kind)
			if local := api.Lookup(o); local != nil {
				resource = local.Plural
			}
			rule(o.Group, resource, "get;list;watch;create;patch")
		}
	}
	// A kind the project does not define (+opguard:for): read and watched, patched and
	// its finalizers updated only with a finalizer, and what it owns; its status only
	// with +opguard:own-condition, patched (the one condition's apply).
	for _, k := range api.External {
		if k.OwnCondition != "" {
			rule(k.Package.Group, k.Plural+"/status", "patch")
		}
		if k.Finalizer != "" {
			rule(k.Package.Group, k.Plural, "get;list;watch;patch")
			rule(k.Package.Group, k.Plural+"/finalizers", "update")
		} else {
			rule(k.Package.Group, k.Plural, "get;list;watch")
		}
		for _, o := range k.Owns {
			resource := kubeapi.Resource(o.Kind)
			if local := api.Lookup(o); local != nil {
				resource = local.Plural
			}
			rule(o.Group, resource, "get;list;watch;create;patch")
		}
	}
	out := make([]string, 0, len(set))
	for r := range set {
		out = append(out, r)
	}
	sort.Strings(out)
	return out
}
