package upgrade

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"golang.org/x/mod/modfile"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator"
	"github.com/opgen-dev/opgen/generator/chart"
	"github.com/opgen-dev/opgen/naming"
	"github.com/opgen-dev/opgen/project"
	"github.com/opgen-dev/opgen/scaffold"
	"github.com/opgen-dev/opgen/templates"
)

// Scaffold is what opgen scaffolds for a record with one template set: the user's
// files, by slash path relative to the module root, as the commands write them before
// the user touches them. opgen.yaml is not among them (it holds the record), and
// neither is anything opgen generates.
type Scaffold map[string][]byte

// RenderInput is what a scaffold is rendered from.
type RenderInput struct {
	Record *project.Record
	// Config is opgen.yaml's settings: the project name, the domain, the templates
	// entry init recorded, the chart toggle.
	Config *project.Config
	// Set is the template set with its overlay.
	Set *templates.Set
	// GoMod and GoSum are the project's own, which the generators' load of the rendered
	// tree uses (the rendered go.mod is not tidied); the module line is the record's.
	GoMod, GoSum []byte
	// Dir is the project's module root, which go.mod's replace directives to a relative
	// directory (a module vendored beside the project) are relative to; the scratch
	// module gets them absolute. "" leaves them as they are.
	Dir string
}

// Render renders what opgen init and each recorded create command scaffold with the
// input's template set, as the commands do, in a scratch module outside the project:
// the templates of init, create api, create webhook and create controller first (each
// file only where none is yet, as the commands write them), then one run of opgen's
// generators over that tree, for the files they scaffold where missing (cmd/main.go,
// each kind's reconciler, the chart's Chart.yaml and values.yaml) and the conversion
// functions each spoke's file declares.
func Render(ctx context.Context, in RenderInput) (Scaffold, error) {
	r, err := renderTemplates(in)
	if err != nil {
		return nil, err
	}
	scratch, err := os.MkdirTemp("", "opgen-upgrade-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(scratch)
	module := filepath.Join(scratch, "module")
	setDir := filepath.Join(scratch, "templates")
	if err := in.Set.Materialize(setDir); err != nil {
		return nil, err
	}
	write := func(rel string, content []byte) error {
		p := filepath.Join(module, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		return os.WriteFile(p, content, 0o644)
	}
	for p, content := range r.files {
		if err := write(p, content); err != nil {
			return nil, err
		}
	}
	goMod, err := withModule(in.GoMod, in.Record.Module, in.Dir)
	if err != nil {
		return nil, err
	}
	cfg := project.Config{ProjectName: in.Config.ProjectName, Domain: in.Config.Domain, Chart: in.Config.Chart}
	for rel, content := range map[string][]byte{"go.mod": goMod, "go.sum": in.GoSum, project.FileName: cfg.Marshal()} {
		if err := write(rel, content); err != nil {
			return nil, err
		}
	}
	// Each spoke's file without its conversion functions first: the run says which it
	// needs (as opgen create webhook --conversion finds them).
	for _, s := range r.spokes {
		f, err := scaffold.SpokeFile(in.Set, in.Record.Module, in.Config, s.opts, s.spoke, nil)
		if err != nil {
			return nil, err
		}
		if err := write(f.Path, f.Content); err != nil {
			return nil, err
		}
	}
	res, err := generator.Run(ctx, generator.Config{Dir: module, TemplatesDir: setDir, NewModule: true, ListMissingHooks: len(r.spokes) > 0})
	if err != nil {
		if res != nil && errors.Is(err, generator.ErrDiagnostics) {
			var b strings.Builder
			for _, d := range res.Diagnostics {
				b.WriteString("\n" + strings.ReplaceAll(d.String(), module+string(filepath.Separator), ""))
			}
			return nil, fmt.Errorf("rendering the scaffold of template set %d: %v%s", in.Set.Version(), err, b.String())
		}
		return nil, fmt.Errorf("rendering the scaffold of template set %d: %v", in.Set.Version(), err)
	}
	out := Scaffold{}
	for p, content := range r.files {
		out[p] = content
	}
	for _, s := range r.spokes {
		var hooks []scaffold.SpokeHook
		for _, h := range res.MissingHooks {
			if h.Dir == scaffold.APIDir(s.opts.Group, s.spoke) {
				hooks = append(hooks, scaffold.SpokeHook{Name: h.Name, Field: h.Field, InType: h.InType, OutType: h.OutType, Suggestion: h.Suggestion, Other: h.Lacks})
			}
		}
		f, err := scaffold.SpokeFile(in.Set, in.Record.Module, in.Config, s.opts, s.spoke, hooks)
		if err != nil {
			return nil, err
		}
		out[f.Path] = f.Content
	}
	for _, f := range res.Files {
		if _, have := out[f.Path]; f.Owner == artifact.Scaffold && !have {
			out[f.Path] = f.Content
		}
	}
	return out, nil
}

// withModule is a go.mod with its module path set, and its replace directives to a
// relative directory made absolute against dir (the project's root) when dir is given.
func withModule(goMod []byte, module, dir string) ([]byte, error) {
	mf, err := modfile.Parse("go.mod", goMod, nil)
	if err != nil {
		return nil, err
	}
	if err := mf.AddModuleStmt(module); err != nil {
		return nil, err
	}
	if dir != "" {
		// The render runs elsewhere: a relative dir would be read from there.
		if dir, err = filepath.Abs(dir); err != nil {
			return nil, err
		}
		for _, r := range append([]*modfile.Replace(nil), mf.Replace...) {
			if r.New.Version != "" || filepath.IsAbs(r.New.Path) || !modfile.IsDirectoryPath(r.New.Path) {
				continue
			}
			abs := filepath.Join(dir, filepath.FromSlash(r.New.Path))
			if err := mf.AddReplace(r.Old.Path, r.Old.Version, abs, ""); err != nil {
				return nil, err
			}
		}
	}
	return mf.Format()
}

// rendered is what the templates of the recorded commands give, before the generators
// run.
type rendered struct {
	files Scaffold
	// spokes are the conversion files to render once the run has listed their
	// functions: each spoke's version and the webhook options it is rendered with.
	spokes []spoke
}

type spoke struct {
	opts  scaffold.WebhookOptions
	spoke string
}

// renderTemplates replays the record's commands through the templates, as the
// commands do: init's files; each create api's files where none is yet, and a spoke
// when its kind converts through a hub; each create webhook's webhook file and tests
// (again, with the flags so far, when it adds a defaulter or validator to the file an
// earlier one scaffolded), the hub's Hub() once, a spoke per --spoke; each create
// controller's reconciler file and sample, with the flags and the group and scope it
// resolved.
func renderTemplates(in RenderInput) (*rendered, error) {
	rec, set := in.Record, in.Set
	files, err := scaffold.Init(set, scaffold.InitOptions{Module: rec.Module, Domain: in.Config.Domain, ProjectName: in.Config.ProjectName}, in.Config.Templates)
	if err != nil {
		return nil, err
	}
	r := &rendered{files: Scaffold{}}
	for _, f := range files {
		if f.Path != project.FileName {
			r.files[f.Path] = f.Content
		}
	}
	addMissing := func(fs []artifact.File) {
		for _, f := range fs {
			if _, ok := r.files[f.Path]; !ok {
				r.files[f.Path] = f.Content
			}
		}
	}
	type kindKey struct{ group, kind string }
	type webhookKey struct{ group, version, kind string }
	cluster := map[kindKey]bool{}
	hub := map[kindKey]string{}
	flags := map[webhookKey]scaffold.WebhookOptions{}
	for i, s := range rec.Steps {
		switch {
		case s.API != nil:
			a := s.API
			k := kindKey{a.Group, a.Kind}
			_, seen := cluster[k]
			if !seen {
				cluster[k] = a.ClusterScoped
			}
			fs, err := scaffold.CreateAPI(set, rec.Module, in.Config, scaffold.APIOptions{Group: a.Group, Version: a.Version, Kind: a.Kind, Namespaced: !a.ClusterScoped, Owns: a.Owns}, !seen)
			if err != nil {
				return nil, fmt.Errorf("step %d (create api %s/%s %s): %w", i+1, a.Group, a.Version, a.Kind, err)
			}
			addMissing(fs)
			if h := hub[k]; h != "" {
				r.spokes = append(r.spokes, spoke{scaffold.WebhookOptions{Group: a.Group, Version: h, Kind: a.Kind, Conversion: true, Spokes: []string{a.Version}, ClusterScoped: a.ClusterScoped}, a.Version})
			}
		case s.Controller != nil:
			c := s.Controller
			fs, err := scaffold.ControllerFiles(set, rec.Module, in.Config, scaffold.ControllerOptionsOf(c))
			if err != nil {
				return nil, fmt.Errorf("step %d (create controller %s/%s %s): %w", i+1, c.Group, c.Version, c.Kind, err)
			}
			addMissing(fs)
		case s.Webhook != nil:
			w := s.Webhook
			k, wk := kindKey{w.Group, w.Kind}, webhookKey{w.Group, w.Version, w.Kind}
			o := scaffold.WebhookOptions{Group: w.Group, Version: w.Version, Kind: w.Kind, Defaulting: w.Defaulting, Validation: w.Validation, Conversion: w.Conversion, Spokes: w.Spokes, ClusterScoped: cluster[k]}
			webhookFile := path.Join(scaffold.WebhookDir(w.Group, w.Version), naming.For(w.Kind).WebhookFile())
			_, haveWebhook := r.files[webhookFile]
			given := o
			if haveWebhook && (o.Defaulting || o.Validation) {
				// The file an earlier step scaffolded, scaffolded again with its flags and
				// the new ones (the command refuses this when the user changed the file).
				had := flags[wk]
				o.Defaulting, o.Validation = o.Defaulting || had.Defaulting, o.Validation || had.Validation
				haveWebhook = false
			}
			if !haveWebhook {
				flags[wk] = o
			}
			fs, err := scaffold.WebhookFiles(set, rec.Module, in.Config, o, haveWebhook)
			if err != nil {
				return nil, fmt.Errorf("step %d (create webhook %s/%s %s): %w", i+1, w.Group, w.Version, w.Kind, err)
			}
			for _, f := range fs {
				_, exists := r.files[f.Path]
				if exists && f.Path == path.Join(scaffold.APIDir(w.Group, w.Version), naming.For(w.Kind).ConversionFile()) {
					continue // the hub converts already: a spoke is being added
				}
				r.files[f.Path] = f.Content
			}
			if w.Conversion {
				if hub[k] == "" {
					hub[k] = w.Version
				}
				for _, sp := range w.Spokes {
					r.spokes = append(r.spokes, spoke{given, sp})
				}
			}
		}
	}
	return r, nil
}

// Settings are opgen.yaml's settings as a project's scaffold is rendered with them: as
// they are, but with the chart on while opgen.yaml turns it off when the project holds
// the chart's Chart.yaml or values.yaml. opgen scaffolded those (while the chart was on,
// or in an opgen generate --chart), so they are its scaffold, which a new template set
// changes, not files of the user's own; a project without them renders none.
func Settings(root string, cfg *project.Config) *project.Config {
	if cfg.Chart.On(true) {
		return cfg
	}
	for _, name := range []string{"Chart.yaml", "values.yaml"} {
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(chart.Dir), name)); err == nil {
			on := *cfg
			on.Chart = "true"
			return &on
		}
	}
	return cfg
}
