package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/spf13/cobra"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator"
	"github.com/opgen-dev/opgen/markers"
	"github.com/opgen-dev/opgen/naming"
	"github.com/opgen-dev/opgen/project"
	"github.com/opgen-dev/opgen/scaffold"
	"github.com/opgen-dev/opgen/templates"
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
			scopeGiven := cmd.Flags().Changed("namespaced")
			return inProject(dir, &templatesDir, func(ctx context.Context, wd, templatesDir string) error {
				return runCreateAPI(ctx, stdout, stderr, wd, o, scopeGiven, templatesDir)
			})(cmd, args)
		},
	}
	kindFlags(api, &o.Group, &o.Version, &o.Kind, &templatesDir)
	api.Flags().BoolVar(&o.Namespaced, "namespaced", true, "namespaced (false: cluster-scoped); a new version of a kind has the kind's scope")
	api.Flags().StringArrayVar(&o.Owns, string(markers.Owns), nil, "a kind the reconciler owns, <group>/<version>/<Kind> (core/v1/ConfigMap); repeatable")
	create.AddCommand(api)
	create.AddCommand(newCreateWebhookCommand(stdout, stderr, dir))
	return create
}

func newCreateWebhookCommand(stdout, stderr io.Writer, dir *string) *cobra.Command {
	var o scaffold.WebhookOptions
	var templatesDir string
	cmd := &cobra.Command{
		Use:   "webhook",
		Short: "Add a kind's admission or conversion webhooks; then regenerate",
		Long: `Add webhooks to a kind of the project, with kubebuilder's flags:

  --defaulting, --programmatic-validation
      internal/webhook/<group>/<version>/<kind>_webhook.go, yours: a typed
      admission.Defaulter and admission.Validator (controller-runtime's) with an example
      rule each, their +kubebuilder:webhook markers, and Setup<Kind>WebhookWithManager,
      which the generated SetupReconcilers calls; and <kind>_webhook_test.go, tests of
      the examples through a real API server that calls the webhooks.
  --conversion --spoke V2[,V3...]
      the kind's version (its storage version) becomes the hub: Hub() in
      api/<group>/<version>/<kind>_conversion.go; each spoke gets ConvertTo and
      ConvertFrom in api/<group>/<spoke>/<kind>_conversion.go, over the generated
      zz_generated.conversion.go that converts every field whose name and type match,
      with a function for each field that does not (a rename is paired for you).

opgen generate then writes config/webhook/manifests.yaml, the webhook Service, the
cert-manager Certificate and Issuer (components config/default enables), the CRD's
conversion stanza and the webhook tests' envtest suite. A file that exists already
is refused, and nothing is written; so is everything when the regeneration fails.`,
		Args: cobra.NoArgs,
		RunE: inProject(dir, &templatesDir, func(ctx context.Context, wd, templatesDir string) error {
			return runCreateWebhook(ctx, stderr, stdout, wd, o, templatesDir)
		}),
	}
	kindFlags(cmd, &o.Group, &o.Version, &o.Kind, &templatesDir)
	cmd.Flags().BoolVar(&o.Defaulting, "defaulting", false, "a defaulting (mutating) webhook")
	cmd.Flags().BoolVar(&o.Validation, "programmatic-validation", false, "a validating webhook")
	cmd.Flags().BoolVar(&o.Conversion, "conversion", false, "a conversion webhook: --version is the hub")
	cmd.Flags().StringSliceVar(&o.Spokes, "spoke", nil, "with --conversion, the versions that convert to and from the hub: v2,v3")
	return cmd
}

// kindFlags are the flags naming a kind, and the templates overlay, of create api and
// create webhook.
func kindFlags(cmd *cobra.Command, group, version, kind, templatesDir *string) {
	cmd.Flags().StringVar(group, "group", "", "API group, without the project's domain: cache")
	cmd.Flags().StringVar(version, "version", "", "API version: v1alpha1")
	cmd.Flags().StringVar(kind, "kind", "", "kind, UpperCamelCase: Memcached")
	cmd.Flags().StringVar(templatesDir, "templates", "", "a directory of templates laid over the built-in ones (default: opgen.yaml's)")
}

// inProject runs a create command in the working directory, with the templates
// directory made absolute against it.
func inProject(dir, templatesDir *string, run func(ctx context.Context, wd, templatesDir string) error) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		wd, err := workDir(*dir)
		if err != nil {
			return err
		}
		t := *templatesDir
		if t != "" && !filepath.IsAbs(t) {
			t = filepath.Join(wd, t)
		}
		return run(cmd.Context(), wd, t)
	}
}

func runCreateWebhook(ctx context.Context, stderr, stdout io.Writer, wd string, o scaffold.WebhookOptions, templatesDir string) error {
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
		return fmt.Errorf("%s has no %s: opgen create webhook adds to a project opgen init made", root, project.FileName)
	}
	if err := o.Validate(cfg.Domain); err != nil {
		return err
	}
	for _, v := range append([]string{o.Version}, o.Spokes...) {
		where := declaredKind(root, scaffold.APIDir(o.Group, v), o.Kind)
		if where == "" {
			return fmt.Errorf("kind %s is not in %s: opgen create api --group %s --version %s --kind %s first; nothing was written", o.Kind, scaffold.APIDir(o.Group, v), o.Group, v, o.Kind)
		}
		if v == o.Version {
			file, _, _ := strings.Cut(where, ":")
			o.ClusterScoped = clusterScoped(filepath.Join(root, filepath.FromSlash(file)))
		}
	}
	if o.Conversion {
		// The hub is the storage version, and a kind has one.
		if v, where := storageVersion(root, o.Group, o.Kind); v != "" && v != o.Version {
			return fmt.Errorf("--version %s is not the storage version of %s (%s is: %s): the hub is the storage version; opgen create webhook --group %s --version %s --kind %s --conversion --spoke %s. Nothing was written", o.Version, o.Kind, v, where, o.Group, v, o.Kind, o.Version)
		}
		for _, v := range kindVersions(root, o.Group, o.Kind) {
			if v != o.Version && declaresHub(root, scaffold.APIDir(o.Group, v), o.Kind) {
				return fmt.Errorf("%s %s is the hub of %s already: a kind converts through one hub; opgen create webhook --group %s --version %s --kind %s --conversion --spoke %s. Nothing was written", v, o.Kind, o.Kind, o.Group, v, o.Kind, o.Version)
			}
		}
	}
	files, err := webhookFiles(root, modPath, set, cfg, o)
	if err != nil {
		return err
	}
	overlay := map[string][]byte{}
	for _, f := range files {
		overlay[filepath.Join(root, filepath.FromSlash(f.Path))] = f.Content
	}
	if o.Conversion {
		spokes, err := spokeFiles(ctx, stderr, root, modPath, set, cfg, o, templatesDir, overlay)
		if err != nil {
			return err
		}
		files = append(files, spokes...)
	}
	rec, err := recorded(root, project.Step{Webhook: &project.WebhookStep{Group: o.Group, Version: o.Version, Kind: o.Kind, Defaulting: o.Defaulting, Validation: o.Validation, Conversion: o.Conversion, Spokes: o.Spokes}})
	if err != nil {
		return err
	}
	if err := runGenerate(ctx, stdout, stderr, generator.Config{Dir: root, TemplatesDir: templatesDir, Overlay: overlay}, write, runExtras{scaffold: append(rec, files...)}); err != nil {
		return err
	}
	if !strings.Contains(readFileString(filepath.Join(root, "config", "default", "kustomization.yaml")), "../webhook") {
		fmt.Fprintln(stderr, "opgen: config/default/kustomization.yaml does not enable the webhooks: add\n  components:\n  - ../webhook\n  - ../certmanager")
	}
	for _, f := range files {
		fmt.Fprintf(stderr, "opgen: %s is yours\n", f.Path)
	}
	return nil
}

// webhookFiles are the user's files create webhook writes: the webhook file and its
// tests (a webhook file opgen scaffolded and the user never changed is scaffolded again
// with the flags it had and the new ones: --conversion first, --defaulting later), and
// the hub's Hub() unless the hub declares it already. A file of the user's is never
// replaced: one the user changed is refused with what to add by hand.
func webhookFiles(root, modPath string, set *templates.Set, cfg *project.Config, o scaffold.WebhookOptions) ([]artifact.File, error) {
	names := naming.For(o.Kind)
	dir := scaffold.WebhookDir(o.Group, o.Version)
	webhookFile := path.Join(dir, names.WebhookFile())
	old, haveWebhook := readFile(root, webhookFile)
	var was map[string][]byte
	if haveWebhook && (o.Defaulting || o.Validation) {
		had, files, ok := scaffold.WebhookScaffoldedWith(set, modPath, cfg, o, old)
		if !ok {
			return nil, fmt.Errorf("%s exists and is yours (changed since opgen scaffolded it): add the defaulter or validator there by hand, with WithDefaulter or WithValidator in %s; nothing was written", webhookFile, names.WebhookSetup())
		}
		if (!o.Defaulting || had.Defaulting) && (!o.Validation || had.Validation) && !o.Conversion {
			return nil, fmt.Errorf("%s exists with the webhooks asked for; nothing was written", webhookFile)
		}
		o.Defaulting, o.Validation = o.Defaulting || had.Defaulting, o.Validation || had.Validation
		was = files
		haveWebhook = false
	}
	files, err := scaffold.WebhookFiles(set, modPath, cfg, o, haveWebhook)
	if err != nil {
		return nil, err
	}
	var out []artifact.File
	for _, f := range files {
		prev, exists := readFile(root, f.Path)
		switch {
		case exists && was[f.Path] != nil && bytes.Equal(prev, was[f.Path]):
			f.Was = prev
		case exists && f.Path == path.Join(scaffold.APIDir(o.Group, o.Version), names.ConversionFile()) && declaresHub(root, scaffold.APIDir(o.Group, o.Version), o.Kind):
			continue // the hub converts already: a spoke is being added
		case exists:
			return nil, fmt.Errorf("%s exists; nothing was written", f.Path)
		}
		out = append(out, f)
	}
	return out, nil
}

// spokeFiles scaffolds each spoke's ConvertTo and ConvertFrom over the generated
// conversion, with a function for each field it cannot match: one run with the spokes'
// files but without those functions finds the fields (Config.ListMissingHooks), the
// second is the real one.
func spokeFiles(ctx context.Context, stderr io.Writer, root, modPath string, set *templates.Set, cfg *project.Config, o scaffold.WebhookOptions, templatesDir string, overlay map[string][]byte) ([]artifact.File, error) {
	add := func(f artifact.File) { overlay[filepath.Join(root, filepath.FromSlash(f.Path))] = f.Content }
	for _, s := range o.Spokes {
		f, err := scaffold.SpokeFile(set, modPath, cfg, o, s, nil)
		if err != nil {
			return nil, err
		}
		if _, exists := readFile(root, f.Path); exists {
			return nil, fmt.Errorf("%s exists: %s %s converts already; nothing was written", f.Path, s, o.Kind)
		}
		add(f)
	}
	res, err := generator.Run(ctx, generator.Config{Dir: root, TemplatesDir: templatesDir, Overlay: overlay, ListMissingHooks: true})
	if res != nil {
		printDiagnostics(stderr, inNewFiles(res.Diagnostics, overlay, root))
	}
	if errors.Is(err, generator.ErrDiagnostics) {
		return nil, exitError{code: 1}
	}
	if err != nil {
		return nil, err
	}
	var spokes []artifact.File
	for _, s := range o.Spokes {
		var hooks []scaffold.SpokeHook
		for _, h := range res.MissingHooks {
			if h.Dir == scaffold.APIDir(o.Group, s) {
				hooks = append(hooks, scaffold.SpokeHook{Name: h.Name, Field: h.Field, InType: h.InType, OutType: h.OutType, Suggestion: h.Suggestion, Other: h.Lacks})
			}
		}
		f, err := scaffold.SpokeFile(set, modPath, cfg, o, s, hooks)
		if err != nil {
			return nil, err
		}
		add(f)
		spokes = append(spokes, f)
	}
	return spokes, nil
}

// readFile reads a file of the module, and says whether it exists.
func readFile(root, rel string) ([]byte, bool) {
	b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	return b, err == nil
}

// kindVersions are the versions of the group whose package declares the kind.
func kindVersions(root, group, kind string) []string {
	var out []string
	versions, _ := os.ReadDir(filepath.Join(root, "api", group))
	for _, v := range versions {
		if v.IsDir() && declaredKind(root, scaffold.APIDir(group, v.Name()), kind) != "" {
			out = append(out, v.Name())
		}
	}
	return out
}

// storageVersion is the version of the kind marked +kubebuilder:storageversion, and
// where, or "".
func storageVersion(root, group, kind string) (string, string) {
	for _, v := range kindVersions(root, group, kind) {
		where := declaredKind(root, scaffold.APIDir(group, v), kind)
		file, _, _ := strings.Cut(where, ":")
		if b, _ := readFile(root, file); bytes.Contains(b, []byte("+kubebuilder:storageversion")) {
			return v, where
		}
	}
	return "", ""
}

// declaresHub reports whether a package directory declares the kind's Hub() method.
func declaresHub(root, dir, kind string) bool {
	entries, _ := os.ReadDir(filepath.Join(root, filepath.FromSlash(dir)))
	hub := regexp.MustCompile(`func \(\w*\s*\*?` + regexp.QuoteMeta(kind) + `\) Hub\(\)`)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".go") {
			if b, ok := readFile(root, path.Join(dir, e.Name())); ok && hub.Match(b) {
				return true
			}
		}
	}
	return false
}

func readFileString(p string) string {
	b, _ := os.ReadFile(p)
	return string(b)
}

func runCreateAPI(ctx context.Context, stdout, stderr io.Writer, wd string, o scaffold.APIOptions, scopeGiven bool, templatesDir string) error {
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
		return fmt.Errorf("%s has no %s: opgen create api adds to a project opgen init made", root, project.FileName)
	}
	if err := scaffold.ValidateKind(o.Group, o.Version, o.Kind, cfg.Domain); err != nil {
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
				// A kind's scope is the kind's: its CRD has one, for every version,
				// and the API server refuses to change it.
				file, _, _ := strings.Cut(where, ":")
				namespaced := !clusterScoped(filepath.Join(root, filepath.FromSlash(file)))
				if scopeGiven && o.Namespaced != namespaced {
					scope := map[bool]string{true: "namespaced", false: "cluster-scoped"}
					return fmt.Errorf("kind %s is %s (%s): every version of a kind has its scope, and the API server refuses to change a CRD's; drop --namespaced=%t. Nothing was written", o.Kind, scope[namespaced], where, o.Namespaced)
				}
				o.Namespaced = namespaced
			default:
				// Generated names (Apply<Kind>Status, <Kind>Reconciler) live in one
				// controller package: two groups cannot both have them for one kind name.
				return fmt.Errorf("kind %s exists in group %s (%s): a kind name is one operator's, across groups, since its status writer and reconciler share the controller package; choose another kind name. Nothing was written", o.Kind, g.Name(), where)
			}
		}
	}
	if !first && len(o.Owns) > 0 {
		return fmt.Errorf("--owns is for a kind's first version, which has its reconciler; %s exists in another version of %s: add +opguard:owns to that version's type. Nothing was written", o.Kind, o.Group)
	}
	if err := o.Validate(cfg.Domain, generator.KubernetesMinor(root)); err != nil {
		return err
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
	// A kind that converts through a hub: the new version is a spoke, with its
	// ConvertTo and ConvertFrom, in the same run (it could not be served without).
	hub := ""
	for _, v := range kindVersions(root, o.Group, o.Kind) {
		if declaresHub(root, scaffold.APIDir(o.Group, v), o.Kind) {
			hub = v
		}
	}
	if hub != "" {
		wo := scaffold.WebhookOptions{Group: o.Group, Version: hub, Kind: o.Kind, Conversion: true, Spokes: []string{o.Version}, ClusterScoped: !o.Namespaced}
		spokes, err := spokeFiles(ctx, stderr, root, modPath, set, cfg, wo, templatesDir, overlay)
		if err != nil {
			return err
		}
		files = append(files, spokes...)
	}
	rec, err := recorded(root, project.Step{API: &project.APIStep{Group: o.Group, Version: o.Version, Kind: o.Kind, ClusterScoped: !o.Namespaced, Owns: o.Owns}})
	if err != nil {
		return err
	}
	err = runGenerate(ctx, stdout, stderr, generator.Config{Dir: root, TemplatesDir: templatesDir, Overlay: overlay}, write, runExtras{scaffold: append(rec, files...)})
	if err != nil {
		return err
	}
	if first {
		names := naming.For(o.Kind)
		fmt.Fprintf(stderr, "opgen: kind %s is in %s; fill in %s in %s\n",
			o.Kind, scaffold.APIDir(o.Group, o.Version), names.ReconcileFunc(), path.Join(generator.DefaultOptions.ControllerDir, names.ControllerFile()))
	} else {
		fmt.Fprintf(stderr, "opgen: version %s of %s is in %s; the storage version keeps the kind's reconciler\n",
			o.Version, o.Kind, scaffold.APIDir(o.Group, o.Version))
	}
	if hub != "" {
		fmt.Fprintf(stderr, "opgen: %s converts through the hub %s: %s is yours\n", o.Version, hub, path.Join(scaffold.APIDir(o.Group, o.Version), naming.For(o.Kind).ConversionFile()))
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
		if artifact.GeneratedBy(file) != artifact.User {
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

// clusterScoped reports whether a types file declares its kind cluster-scoped, as
// create api writes it (+kubebuilder:resource:scope=Cluster).
func clusterScoped(file string) bool {
	b, err := os.ReadFile(file)
	return err == nil && strings.Contains(string(b), "+kubebuilder:resource:scope=Cluster")
}
