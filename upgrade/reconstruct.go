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
// scaffolded with; "" for none).
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
		files, err := Render(context.Background(), RenderInput{Record: &try, Config: cfg, Set: set, GoMod: goMod, GoSum: goSum})
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
