package rbac

import (
	"fmt"
	"go/ast"
	"go/parser"
	"path"
	"sort"

	"golang.org/x/tools/go/packages"
	rbacv1 "k8s.io/api/rbac/v1"
	"sigs.k8s.io/controller-tools/pkg/loader"
	ctrbac "sigs.k8s.io/controller-tools/pkg/rbac"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator/contract"
	"github.com/opgen-dev/opgen/generator/controllertools"
	"github.com/opgen-dev/opgen/kubeapi"
	"github.com/opgen-dev/opgen/model"
)

// Generator is the RBAC generator.
type Generator struct{}

// FileName is the manifest's name in Options.RBACDir, as controller-gen names it.
const FileName = "role.yaml"

// Name implements contract.Generator.
func (Generator) Name() string { return "rbac" }

// Claims implements contract.Generator.
func (Generator) Claims(ctx *contract.Context) []artifact.Claim {
	return []artifact.Claim{{Dir: ctx.RBACDir, Match: FileName}}
}

// Generate implements contract.Generator.
func (Generator) Generate(ctx *contract.Context) ([]artifact.File, error) {
	roots := ctx.Roots
	if rules := Rules(ctx.API); len(rules) > 0 {
		src := "// Package rules holds the RBAC rules of opgen's generated code.\n"
		for _, r := range rules {
			src += "// " + r + "\n"
		}
		src += "package rules\n"
		f, err := parser.ParseFile(ctx.Fset, "opgen-rbac-rules.go", src, parser.ParseComments)
		if err != nil {
			return nil, fmt.Errorf("opgen's RBAC rules: %w", err)
		}
		roots = append(append([]*loader.Package(nil), ctx.Roots...), &loader.Package{Package: &packages.Package{
			ID: "opgen-rbac-rules", Name: "rules", PkgPath: "opgen.invalid/rbac/rules", Syntax: []*ast.File{f},
		}})
	}
	files, err := controllertools.Run(ctx, ctrbac.Generator{RoleName: ctx.RoleName, HeaderFile: controllertools.HeaderFileName}, ctx.RBACDir, roots)
	if err == nil && len(files) == 0 && (ctx.Project != nil || ctx.RoleOwner == artifact.Opgen) {
		// A kustomization lists role.yaml whether or not a rule is left: an opgen
		// project's from the start, any other once opgen generated it.
		content, err := artifact.YAML{Stream: true}.Marshal(clusterRole{
			APIVersion: rbacv1.SchemeGroupVersion.String(), Kind: "ClusterRole",
			Metadata: roleMeta{Name: ctx.RoleName}, Rules: []rbacv1.PolicyRule{},
		})
		if err != nil {
			return nil, err
		}
		files = []artifact.File{{Path: path.Join(ctx.RBACDir, FileName), Content: content}}
	}
	return files, err
}

// clusterRole is the role with no rule, in controller-gen's layout (which the next
// controller-gen run, and artifact.RoleName, recognise): rbacv1.ClusterRole would write
// a creationTimestamp, its apply configuration no empty rules.
type clusterRole struct {
	APIVersion string              `json:"apiVersion"`
	Kind       string              `json:"kind"`
	Metadata   roleMeta            `json:"metadata"`
	Rules      []rbacv1.PolicyRule `json:"rules"`
}

type roleMeta struct {
	Name string `json:"name"`
}

// Rules returns the +kubebuilder:rbac markers for opgen's generated code, sorted.
func Rules(api *model.API) []string {
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
	out := make([]string, 0, len(set))
	for r := range set {
		out = append(out, r)
	}
	sort.Strings(out)
	return out
}
