package upgrade

import (
	"bytes"
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator"
	"github.com/opgen-dev/opgen/markers"
	"github.com/opgen-dev/opgen/naming"
	"github.com/opgen-dev/opgen/project"
	"github.com/opgen-dev/opgen/scaffold"
	"github.com/opgen-dev/opgen/templates"
)

// Reconstruct makes the record of a project scaffolded before opgen kept one, from
// opgen.yaml and the tree: the module from go.mod; a create api step per kind of
// api/<group>/<version> (a type marked +kubebuilder:object:root=true), its storage
// version first, its scope from +kubebuilder:resource:scope=Cluster and its --owns
// from +opguard:owns; a create webhook step per internal/webhook/<group>/<version>/
// <kind>_webhook.go that builds a defaulter or validator, and one per hub (a
// <kind>_conversion.go declaring Hub()) with the versions that have a conversion file
// as its spokes. The overlay is the one given (overlay, the directory it was
// scaffolded with; "" for none). A create controller step per reconciler of
// internal/controller/<kind>_controller.go whose type carries +opguard:for, with its
// flags read back from the markers create controller wrote there; one whose markers
// cannot be read back is not recorded, and the notes say which and why.
//
// The template set cannot be read from the tree: fromSet is used when given (> 0 or
// a registered version); otherwise every set this opgen knows is rendered through its
// templates and the one that matches the most of the project's files exactly is
// taken, and a tie is an error asking for --from-set. notes say what was inferred.
func Reconstruct(root, modulePath string, cfg *project.Config, overlay string, fromSet int, fromSetGiven bool) (*project.Record, []string, error) {
	rec := &project.Record{Module: modulePath}
	kinds, err := apiKinds(root)
	if err != nil {
		return nil, nil, err
	}
	for _, k := range kinds {
		rec.Steps = append(rec.Steps, project.Step{API: &project.APIStep{Group: k.group, Version: k.version, Kind: k.kind, ClusterScoped: k.cluster, Owns: k.owns}})
	}
	var conversions []project.Step
	seenHub := map[string]bool{}
	for _, k := range kinds {
		names := naming.For(k.kind)
		if b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(path.Join(scaffold.WebhookDir(k.group, k.version), names.WebhookFile())))); err == nil {
			d, v := bytes.Contains(b, []byte("WithDefaulter(")), bytes.Contains(b, []byte("WithValidator("))
			if d || v {
				rec.Steps = append(rec.Steps, project.Step{Webhook: &project.WebhookStep{Group: k.group, Version: k.version, Kind: k.kind, Defaulting: d, Validation: v}})
			}
		}
		conv, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(path.Join(scaffold.APIDir(k.group, k.version), names.ConversionFile()))))
		if err != nil || !hubDecl(k.kind).Match(conv) || seenHub[k.group+"/"+k.kind] {
			continue
		}
		seenHub[k.group+"/"+k.kind] = true
		w := &project.WebhookStep{Group: k.group, Version: k.version, Kind: k.kind, Conversion: true}
		for _, other := range kinds {
			if other.group != k.group || other.kind != k.kind || other.version == k.version {
				continue
			}
			if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(path.Join(scaffold.APIDir(k.group, other.version), names.ConversionFile())))); err == nil {
				w.Spokes = append(w.Spokes, other.version)
			}
		}
		if len(w.Spokes) > 0 {
			conversions = append(conversions, project.Step{Webhook: w})
		}
	}
	rec.Steps = append(rec.Steps, conversions...)
	var notes []string
	if len(kinds) > 0 {
		var ks []string
		for _, k := range kinds {
			ks = append(ks, k.group+"/"+k.version+" "+k.kind)
		}
		notes = append(notes, fmt.Sprintf("found %d kind(s) in api/: %s", len(kinds), strings.Join(ks, ", ")))
	}
	controllers, cnotes, err := controllerSteps(root, cfg.Domain, generator.KubernetesMinor(root))
	if err != nil {
		return nil, nil, err
	}
	rec.Steps = append(rec.Steps, controllers...)
	notes = append(notes, cnotes...)
	if overlay != "" {
		s, err := templates.Load(overlay)
		if err != nil {
			return nil, nil, err
		}
		o := s.Overlay()
		rec.Overlay = &project.Overlay{Name: o.Name, Version: o.Version, Digest: o.Digest}
		notes = append(notes, fmt.Sprintf("assumed the project was scaffolded with the overlay %s as it is in %s (give the one it was scaffolded with as --old-templates otherwise)", o, overlay))
	}
	if fromSetGiven {
		if _, err := templates.LoadVersion(fromSet, ""); err != nil {
			return nil, nil, fmt.Errorf("--from-set: %v", err)
		}
		rec.TemplateSet = fromSet
		return rec, notes, nil
	}
	// The set whose templates match the most files of the project as they are.
	best, bestN, tie, total := 0, -1, false, 0
	var tied []int
	for _, v := range templates.Versions() {
		set, err := templates.LoadVersion(v, overlay)
		if err != nil {
			return nil, nil, err
		}
		try := *rec
		try.TemplateSet = v
		r, err := renderTemplates(RenderInput{Record: &try, Config: cfg, Set: set})
		if err != nil {
			continue
		}
		n := unchanged(root, r.files)
		switch {
		case n > bestN:
			best, bestN, tie, total = v, n, false, len(r.files)
			tied = []int{v}
		case n == bestN:
			tie = true
			tied = append(tied, v)
		}
	}
	if tie {
		// Sets that differ only in files the generators scaffold (cmd/main.go) render
		// the same templates: the full render, generators included, tells them apart.
		best, bestN, total, tie = fullRenderBest(root, rec, cfg, overlay, tied)
	}
	if bestN < 0 {
		return nil, nil, fmt.Errorf("no template set this opgen knows renders this project's record")
	}
	if tie {
		return nil, nil, fmt.Errorf("opgen.yaml has no scaffold record, and several template sets match the project's files equally (%d files each): give the one it was scaffolded with, --from-set N (this opgen knows %v)", bestN, templates.Versions())
	}
	rec.TemplateSet = best
	notes = append(notes, fmt.Sprintf("inferred template set %d: %d of its %d files are in the project unchanged (give --from-set N otherwise)", best, bestN, total))
	return rec, notes, nil
}

func hubDecl(kind string) *regexp.Regexp {
	return regexp.MustCompile(`func \(\w*\s*\*?` + regexp.QuoteMeta(kind) + `\) Hub\(\)`)
}

type apiKind struct {
	group, version, kind string
	cluster              bool
	owns                 []string
	storage              bool
}

var ownsMarker = regexp.MustCompile(`^\+opguard:owns=(\S+)`)

// apiKinds lists the kinds of api/<group>/<version>, each kind's storage version first.
func apiKinds(root string) ([]apiKind, error) {
	var out []apiKind
	groups, _ := os.ReadDir(filepath.Join(root, "api"))
	for _, g := range groups {
		if !g.IsDir() {
			continue
		}
		versions, _ := os.ReadDir(filepath.Join(root, "api", g.Name()))
		for _, v := range versions {
			if !v.IsDir() {
				continue
			}
			dir := filepath.Join(root, "api", g.Name(), v.Name())
			entries, _ := os.ReadDir(dir)
			for _, e := range entries {
				name := e.Name()
				file := filepath.Join(dir, name)
				if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || artifact.GeneratedBy(file) != artifact.User {
					continue
				}
				f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ParseComments|parser.SkipObjectResolution)
				if err != nil {
					return nil, fmt.Errorf("reading the kinds of %s: %v", file, err)
				}
				// Markers stand in the comments above a type, with a blank line or not
				// between them and its doc comment, as controller-tools reads them: every
				// comment after the previous declaration.
				prev := f.Name.End()
				for _, d := range f.Decls {
					start := prev
					prev = d.End()
					gd, ok := d.(*ast.GenDecl)
					if !ok || gd.Tok != token.TYPE || len(gd.Specs) != 1 {
						continue
					}
					ts := gd.Specs[0].(*ast.TypeSpec)
					if strings.HasSuffix(ts.Name.Name, "List") {
						continue
					}
					k := apiKind{group: g.Name(), version: v.Name(), kind: ts.Name.Name}
					root := false
					for _, cg := range f.Comments {
						if cg.Pos() < start || cg.End() > gd.Pos() {
							continue
						}
						for _, c := range cg.List {
							text := strings.TrimSpace(strings.TrimPrefix(c.Text, "//"))
							switch {
							case text == "+kubebuilder:object:root=true":
								root = true
							case text == "+kubebuilder:resource:scope=Cluster":
								k.cluster = true
							case text == "+kubebuilder:storageversion":
								k.storage = true
							}
							if m := ownsMarker.FindStringSubmatch(text); m != nil {
								k.owns = append(k.owns, m[1])
							}
						}
					}
					if root {
						out = append(out, k)
					}
				}
			}
		}
	}
	// A kind's versions together, its first (its storage version) first; kinds in the
	// order of the folders.
	byKind := map[string][]apiKind{}
	var order []string
	for _, k := range out {
		key := k.group + "/" + k.kind
		if byKind[key] == nil {
			order = append(order, key)
		}
		if k.storage {
			byKind[key] = append([]apiKind{k}, byKind[key]...)
		} else {
			byKind[key] = append(byKind[key], k)
		}
	}
	var sorted []apiKind
	for _, key := range order {
		sorted = append(sorted, byKind[key]...)
	}
	return sorted, nil
}

// fullRenderBest renders each of the versions with Render, generators included, and
// returns the one whose files the project holds unchanged the most, how many, of how
// many, and whether another matched as many (or none could be rendered).
func fullRenderBest(root string, rec *project.Record, cfg *project.Config, overlay string, versions []int) (best, bestN, total int, tie bool) {
	goMod, _ := os.ReadFile(filepath.Join(root, "go.mod"))
	goSum, _ := os.ReadFile(filepath.Join(root, "go.sum"))
	bestN = -1
	for _, v := range versions {
		set, err := templates.LoadVersion(v, overlay)
		if err != nil {
			continue
		}
		try := *rec
		try.TemplateSet = v
		files, err := Render(context.Background(), RenderInput{Record: &try, Config: cfg, Set: set, GoMod: goMod, GoSum: goSum, Dir: root})
		if err != nil {
			continue
		}
		n := unchanged(root, files)
		switch {
		case n > bestN:
			best, bestN, total, tie = v, n, len(files), false
		case n == bestN:
			tie = true
		}
	}
	return best, bestN, total, tie || bestN < 0
}

// unchanged counts the files of a render the project at root holds byte for byte.
func unchanged(root string, files Scaffold) int {
	n := 0
	for p, content := range files {
		if b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(p))); err == nil && bytes.Equal(b, content) {
			n++
		}
	}
	return n
}

// controllerSteps reads back the create controller steps of a project: each
// reconciler type of the controller package that carries +opguard:for (the kinds of
// api/ carry their markers on their types), in the file create controller writes for
// its kind, with the flags its markers say: for's group, version and kind (another
// module's group split into --group and --external-api-domain at its first dot),
// for-package, owns, select-annotation, select-labels, finalizer. The scope is the
// kind's in k8s.io/api at the project's release (minor), namespaced for another
// module's kind (as create controller scaffolds it). notes say what was found, and
// which reconcilers could not be read back and why: those are left out, and their
// files stay the user's.
func controllerSteps(root, domain string, minor int) ([]project.Step, []string, error) {
	dir := generator.DefaultOptions.ControllerDir
	entries, err := os.ReadDir(filepath.Join(root, filepath.FromSlash(dir)))
	if err != nil {
		return nil, nil, nil
	}
	var steps []project.Step
	var found, notes []string
	for _, e := range entries {
		name := e.Name()
		file := filepath.Join(root, filepath.FromSlash(dir), name)
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || artifact.GeneratedBy(file) != artifact.User {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			notes = append(notes, fmt.Sprintf("could not read %s/%s (%v): a create controller step it may hold is not recorded", dir, name, err))
			continue
		}
		prev := f.Name.End()
		for _, d := range f.Decls {
			start := prev
			prev = d.End()
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE || len(gd.Specs) != 1 {
				continue
			}
			ts := gd.Specs[0].(*ast.TypeSpec)
			values := map[markers.Name][]string{}
			for _, cg := range f.Comments {
				if cg.Pos() < start || cg.End() > gd.Pos() {
					continue
				}
				for _, c := range cg.List {
					text := strings.TrimSpace(strings.TrimPrefix(c.Text, "//"))
					if rest, ok := strings.CutPrefix(text, markers.Prefix); ok {
						n, v, _ := strings.Cut(rest, "=")
						values[markers.Name(n)] = append(values[markers.Name(n)], strings.TrimSpace(v))
					}
				}
			}
			if len(values[markers.For]) == 0 {
				continue
			}
			where := dir + "/" + name
			step, why := controllerStep(values, domain, minor)
			if why == "" && name != naming.For(step.Kind).ControllerFile() {
				why = fmt.Sprintf("create controller writes the reconciler of %s in %s", step.Kind, naming.For(step.Kind).ControllerFile())
			}
			if why != "" {
				notes = append(notes, fmt.Sprintf("%s: %s's markers do not read back as an opgen create controller (%s): not recorded; its files stay yours as they are (opgen upgrade leaves them)", where, ts.Name.Name, why))
				continue
			}
			steps = append(steps, project.Step{Controller: step})
			found = append(found, fmt.Sprintf("%s (%s)", forGVK(step), where))
		}
	}
	if len(found) > 0 {
		notes = append([]string{fmt.Sprintf("found %d controller(s) of kinds the project does not define, from their markers: %s", len(found), strings.Join(found, ", "))}, notes...)
	}
	return steps, notes, nil
}

// controllerStep is the create controller that wrote a reconciler with these markers,
// or why there is none.
func controllerStep(values map[markers.Name][]string, domain string, minor int) (*project.ControllerStep, string) {
	one := func(n markers.Name) (string, string) {
		switch vs := values[n]; len(vs) {
		case 0:
			return "", ""
		case 1:
			return vs[0], ""
		default:
			return "", fmt.Sprintf("%s%s %d times", markers.Prefix, n, len(vs))
		}
	}
	forValue, why := one(markers.For)
	if why != "" {
		return nil, why
	}
	parts := strings.Split(forValue, "/")
	if len(parts) != 3 {
		return nil, fmt.Sprintf("%s%s=%s is not <group>/<version>/<Kind>", markers.Prefix, markers.For, forValue)
	}
	o := scaffold.ControllerOptions{Group: parts[0], Version: parts[1], Kind: parts[2], Owns: values[markers.Owns]}
	for _, f := range []struct {
		name markers.Name
		dst  *string
	}{{markers.ForPackage, &o.ExternalAPIPath}, {markers.SelectAnnotation, &o.SelectAnnotation}, {markers.SelectLabels, &o.SelectLabels}, {markers.Finalizer, &o.Finalizer}, {markers.OwnCondition, &o.OwnCondition}} {
		v, why := one(f.name)
		if why != "" {
			return nil, why
		}
		*f.dst = v
	}
	if o.ExternalAPIPath != "" {
		o.Group, o.ExternalAPIDomain, _ = strings.Cut(o.Group, ".")
	}
	if err := o.ValidateController(domain, minor); err != nil {
		return nil, err.Error()
	}
	return o.Step(), ""
}

// forGVK is a controller step's kind as +opguard:for spells it.
func forGVK(s *project.ControllerStep) string {
	g := s.FullGroup()
	if g == "" {
		g = "core"
	}
	return g + "/" + s.Version + "/" + s.Kind
}
