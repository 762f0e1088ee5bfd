package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/opgen-dev/opgen/generator"
	"github.com/opgen-dev/opgen/internal/gocmd"
	"github.com/opgen-dev/opgen/markers"
	"github.com/opgen-dev/opgen/naming"
	"github.com/opgen-dev/opgen/project"
	"github.com/opgen-dev/opgen/scaffold"
)

func newCreateControllerCommand(stdout, stderr io.Writer, dir *string) *cobra.Command {
	var o scaffold.ControllerOptions
	var templatesDir string
	cmd := &cobra.Command{
		Use:   "controller",
		Short: "Add a reconciler of a kind the project does not define; then regenerate",
		Long: `Add a reconciler of a kind the project does not define: a kind of k8s.io/api
(--group apps --version v1 --kind Deployment; --group core for the core group), or,
with --external-api-path, a CRD of another module, which is added to go.mod and to the
operator's scheme (kubebuilder's create api --resource=false --controller=true).

It writes internal/controller/<kind>_controller.go, yours, with the one method to fill
in and the markers that configure it on the reconciler type (+opguard:for and the
kind's markers), and config/samples/<group>_<version>_<kind>.yaml, which its tests
create; then opgen generate wires it as it wires the project's kinds: the guarded
Reconcile, the predicates, the gated applies of what it owns, RBAC, the tests. It
writes no status of the kind, but for the one condition --own-condition names.

A kind that is not served by the project's Kubernetes release, a module that does not
resolve, and a kind of the project's own (opgen create api) are refused, and nothing
is written; so is everything when the regeneration fails.`,
		Args: cobra.NoArgs,
		RunE: inProject(dir, &templatesDir, func(ctx context.Context, wd, templatesDir string) error {
			return runCreateController(ctx, stdout, stderr, wd, o, templatesDir)
		}),
	}
	cmd.Flags().StringVar(&o.Group, "group", "", "API group: apps, core, networking (networking.k8s.io), or another module's group without --external-api-domain")
	cmd.Flags().StringVar(&o.Version, "version", "", "API version: v1")
	cmd.Flags().StringVar(&o.Kind, "kind", "", "kind, UpperCamelCase: Deployment")
	cmd.Flags().StringVar(&o.ExternalAPIPath, "external-api-path", "", "the Go package of another module's CRD: github.com/cert-manager/cert-manager/pkg/apis/certmanager/v1")
	cmd.Flags().StringVar(&o.ExternalAPIDomain, "external-api-domain", "", "with --external-api-path, the domain of its group (<group>.<domain>): cert-manager.io for --group cert-manager... give io")
	cmd.Flags().StringArrayVar(&o.Owns, string(markers.Owns), nil, "a kind the reconciler owns, <group>/<version>/<Kind> (core/v1/ConfigMap); repeatable")
	cmd.Flags().StringVar(&o.SelectAnnotation, string(markers.SelectAnnotation), "", "reconcile only objects with this annotation: <key>[=<value>]")
	cmd.Flags().StringVar(&o.SelectLabels, string(markers.SelectLabels), "", "reconcile only objects whose labels match this selector")
	cmd.Flags().StringVar(&o.Finalizer, string(markers.Finalizer), "", "a finalizer the reconciler keeps on the objects it reconciles: <domain>/<name>")
	cmd.Flags().StringVar(&o.OwnCondition, string(markers.OwnCondition), "", "with --external-api-path, a condition type of the kind's status.conditions the reconciler owns and sets: <type>")
	cmd.Flags().StringVar(&templatesDir, "templates", "", "a directory of templates laid over the built-in ones (default: opgen.yaml's)")
	return cmd
}

func runCreateController(ctx context.Context, stdout, stderr io.Writer, wd string, o scaffold.ControllerOptions, templatesDir string) (retErr error) {
	root, modPath, err := generator.FindModule(wd)
	if err != nil {
		return err
	}
	unlock, err := lockModule(stderr, root)
	if err != nil {
		return err
	}
	defer unlock()
	cfg, set, err := generator.ProjectSettings(root, templatesDir)
	if err != nil {
		return err
	}
	if cfg == nil {
		return fmt.Errorf("%s has no %s: opgen create controller adds to a project opgen init made", root, project.FileName)
	}
	// A kind of the project's own, by its group as create api takes it (cache for
	// cache.<domain>).
	if o.ExternalAPIPath == "" && o.Group != "" && o.Version != "" && o.Kind != "" {
		if where := declaredKind(root, scaffold.APIDir(o.Group, o.Version), o.Kind); where != "" {
			return fmt.Errorf("%s is this project's own kind (%s): its reconciler comes from opgen create api, with the markers on its type; nothing was written", o.Kind, where)
		}
	}
	if err := o.ValidateController(cfg.Domain, generator.KubernetesMinor(root)); err != nil {
		return fmt.Errorf("%w; nothing was written", err)
	}
	names := naming.For(o.Kind)
	ctrlFile := path.Join(generator.DefaultOptions.ControllerDir, names.ControllerFile())
	if _, exists := readFile(root, ctrlFile); exists {
		return fmt.Errorf("%s exists: the package has a reconciler of a kind named %s; nothing was written", ctrlFile, o.Kind)
	}
	files, err := scaffold.ControllerFiles(set, modPath, cfg, o)
	if err != nil {
		return err
	}
	for _, f := range files {
		if _, exists := readFile(root, f.Path); exists {
			return fmt.Errorf("%s exists; nothing was written", f.Path)
		}
	}
	// Another module's package: go get adds its module to go.mod and go.sum, which are
	// put back as they were when anything after fails.
	if o.ExternalAPIPath != "" {
		restore, err := getModule(root, o.ExternalAPIPath)
		if err != nil {
			return err
		}
		defer func() {
			if retErr != nil {
				restore()
			}
		}()
	}
	overlay := map[string][]byte{}
	for _, f := range files {
		overlay[filepath.Join(root, filepath.FromSlash(f.Path))] = f.Content
	}
	rec, err := recorded(root, project.Step{Controller: o.Step()})
	if err != nil {
		return err
	}
	if err := runGenerate(ctx, stdout, stderr, generator.Config{Dir: root, TemplatesDir: templatesDir, Overlay: overlay}, write, runExtras{scaffold: append(rec, files...)}); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "opgen: %s reconciles %s; fill in %s in %s\n", names.Reconciler(), o.Kind, names.ReconcileFunc(), ctrlFile)
	return nil
}

// getModule adds the module of an import path to go.mod with go get, unless go.mod
// provides it already (a module required and replaced by a local copy, which go get
// cannot query), and returns what puts go.mod and go.sum back. A package that does not
// resolve is refused in one line.
func getModule(root, importPath string) (func(), error) {
	if err := gocmd.Command(root, "list", "-mod=readonly", importPath).Run(); err == nil {
		return func() {}, nil
	}
	var saved [2][]byte
	var had [2]bool
	names := [2]string{"go.mod", "go.sum"}
	for i, n := range names {
		saved[i], had[i] = readFile(root, n)
	}
	restore := func() {
		for i, n := range names {
			p := filepath.Join(root, n)
			if had[i] {
				_ = os.WriteFile(p, saved[i], 0o644)
			} else {
				_ = os.Remove(p)
			}
		}
	}
	cmd := gocmd.Command(root, "get", importPath)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		restore()
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		return nil, fmt.Errorf("--external-api-path %s does not resolve: %s; nothing was written", importPath, strings.TrimSpace(lines[len(lines)-1]))
	}
	return restore, nil
}
