package main

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator"
	"github.com/opgen-dev/opgen/project"
	"github.com/opgen-dev/opgen/scaffold"
)

func newCreateCommand(stdout, stderr io.Writer, dir *string) *cobra.Command {
	create := &cobra.Command{
		Use:   "create",
		Short: "Add to an opgen project",
	}
	var o scaffold.APIOptions
	var templatesDir string
	api := &cobra.Command{
		Use:   "api",
		Short: "Add a kind: its types, its reconciler, its sample; then regenerate",
		Long: `Add a kind to the project opgen init made: api/<group>/<version>/<kind>_types.go with
opguard markers and a starting spec and status (observedGeneration, conditions as a
map list), config/samples/<group>_<version>_<kind>.yaml, the group-version file when
the version is new; then opgen generate writes the rest, the reconciler file with the
one method to fill in included. The kind is registered with the manager by the
generated SetupReconcilers and AddToScheme.

A kind that exists already is refused, and nothing is written; so is everything when
the regeneration fails.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			wd, err := workDir(*dir)
			if err != nil {
				return err
			}
			if templatesDir != "" && !filepath.IsAbs(templatesDir) {
				templatesDir = filepath.Join(wd, templatesDir)
			}
			return runCreateAPI(cmd.Context(), stdout, stderr, wd, o, templatesDir)
		},
	}
	api.Flags().StringVar(&o.Group, "group", "", "API group, without the project's domain: cache")
	api.Flags().StringVar(&o.Version, "version", "", "API version: v1alpha1")
	api.Flags().StringVar(&o.Kind, "kind", "", "kind, UpperCamelCase: Memcached")
	api.Flags().BoolVar(&o.Namespaced, "namespaced", true, "namespaced (false: cluster-scoped)")
	api.Flags().StringArrayVar(&o.Owns, "owns", nil, "a kind the reconciler owns, <group>/<version>/<Kind> (core/v1/ConfigMap); repeatable")
	api.Flags().StringVar(&templatesDir, "templates", "", "a directory of templates laid over the built-in ones (default: opgen.yaml's)")
	create.AddCommand(api)
	return create
}

func runCreateAPI(ctx context.Context, stdout, stderr io.Writer, wd string, o scaffold.APIOptions, templatesDir string) error {
	root, modPath, err := generator.FindModule(wd)
	if err != nil {
		return err
	}
	cfg, set, err := generator.ProjectSettings(root, templatesDir)
	if err != nil {
		return err
	}
	if cfg == nil {
		return fmt.Errorf("%s has no %s: opgen create api adds to a project opgen init made", root, project.FileName)
	}
	if err := o.Validate(cfg.Domain); err != nil {
		return err
	}
	if where := declaredKind(root, scaffold.APIDir(o.Group, o.Version), o.Kind); where != "" {
		return fmt.Errorf("kind %s already exists in %s.%s/%s (%s); nothing was written", o.Kind, o.Group, cfg.Domain, o.Version, where)
	}
	first := true
	groups, _ := os.ReadDir(filepath.Join(root, "api"))
	for _, g := range groups {
		versions, _ := os.ReadDir(filepath.Join(root, "api", g.Name()))
		for _, v := range versions {
			if !v.IsDir() {
				continue
			}
			where := declaredKind(root, scaffold.APIDir(g.Name(), v.Name()), o.Kind)
			switch {
			case where == "":
			case g.Name() == o.Group:
				first = false
			default:
				// Generated names (Apply<Kind>Status, <Kind>Reconciler) live in one
				// controller package: two groups cannot both have them for one kind name.
				return fmt.Errorf("kind %s exists in group %s (%s): a kind name is one operator's, across groups, since its status writer and reconciler share the controller package; choose another kind name. Nothing was written", o.Kind, g.Name(), where)
			}
		}
	}
	files, err := scaffold.CreateAPI(set, modPath, cfg, o, first)
	if err != nil {
		return err
	}
	// The new files are seen by the run through an overlay, and written with what it
	// generates in one plan: nothing reaches the disk unless all of it does.
	overlay := map[string][]byte{}
	for _, f := range files {
		abs := filepath.Join(root, filepath.FromSlash(f.Path))
		if _, err := os.Stat(abs); os.IsNotExist(err) {
			overlay[abs] = f.Content
		}
	}
	err = runGenerate(ctx, stdout, stderr, generator.Config{Dir: root, TemplatesDir: templatesDir, Overlay: overlay}, write, runExtras{scaffold: files})
	if err != nil {
		return err
	}
	if first {
		fmt.Fprintf(stderr, "opgen: kind %s is in %s; fill in Reconcile%s in internal/controller/%s_controller.go\n",
			o.Kind, scaffold.APIDir(o.Group, o.Version), o.Kind, strings.ToLower(o.Kind))
	} else {
		fmt.Fprintf(stderr, "opgen: version %s of %s is in %s; the storage version keeps the kind's reconciler\n",
			o.Version, o.Kind, scaffold.APIDir(o.Group, o.Version))
	}
	return nil
}

// declaredKind returns where a package directory declares type kind, or "".
func declaredKind(root, dir, kind string) string {
	abs := filepath.Join(root, filepath.FromSlash(dir))
	entries, err := os.ReadDir(abs)
	if err != nil {
		return ""
	}
	fset := token.NewFileSet()
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		file := filepath.Join(abs, e.Name())
		if artifact.GeneratedBy(file) != "" {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok {
				for _, s := range gd.Specs {
					if ts, ok := s.(*ast.TypeSpec); ok && ts.Name.Name == kind {
						pos := fset.Position(ts.Name.Pos())
						rel, _ := filepath.Rel(root, pos.Filename)
						return fmt.Sprintf("%s:%d", filepath.ToSlash(rel), pos.Line)
					}
				}
			}
		}
	}
	return ""
}
