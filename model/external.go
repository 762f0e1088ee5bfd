package model

import (
	"fmt"
	"go/ast"
	"sort"
	"strings"

	"sigs.k8s.io/controller-tools/pkg/loader"
	ctmarkers "sigs.k8s.io/controller-tools/pkg/markers"

	"k8s.io/apimachinery/pkg/labels"

	"github.com/opgen-dev/opgen/kubeapi"
	"github.com/opgen-dev/opgen/markers"
	"github.com/opgen-dev/opgen/naming"
)

// Controller is the controller package as the model reads it: the user's files there,
// where a reconciler type with +opguard:for names a kind the project does not define.
type Controller struct {
	// Path is its import path; Files its user-owned Go files, parsed with comments.
	Path  string
	Files []*ast.File
	// Loaded are the packages the +opguard:for-package markers name, loaded with the
	// run (nil where the go command could not load one).
	Loaded map[string]*loader.Package
}

// ForPackages returns the import paths the +opguard:for-package markers of the
// controller package's files name, as written, without checking them: the load adds
// them to its roots.
func ForPackages(files []*ast.File) []string {
	var out []string
	for _, f := range files {
		for _, g := range f.Comments {
			for _, c := range g.List {
				text := strings.TrimSpace(strings.TrimPrefix(c.Text, "//"))
				if v, ok := strings.CutPrefix(text, markers.Prefix+string(markers.ForPackage)+"="); ok && v != "" {
					out = append(out, strings.TrimSpace(v))
				}
			}
		}
	}
	return out
}

// controllerHandlers apply the markers only a reconciler type with +opguard:for takes.
var controllerHandlers = map[markers.Name]kindHandler{
	markers.For:        {apply: func(*builder, *Kind, markers.Marker) {}}, // read by external
	markers.ForPackage: {apply: func(*builder, *Kind, markers.Marker) {}}, // read by external
	markers.SelectLabels: {apply: func(_ *builder, k *Kind, m markers.Marker) {
		k.SelectLabels = string(markers.Get[markers.LabelSelector](m))
	}},
	markers.SelectAnnotation: {apply: func(_ *builder, k *Kind, m markers.Marker) {
		a := markers.Get[markers.AnnotationSelector](m)
		k.SelectAnnotation = &a
	}},
	// The kind is complete when the markers apply (external fills it in first), so the
	// check is the apply's.
	markers.OwnCondition: {apply: func(b *builder, k *Kind, m markers.Marker) {
		t := string(markers.Get[markers.ConditionType](m))
		switch {
		case k.Package == nil || k.Package.Loaded == nil:
			b.diags.Errorf(m.Pos, "%s=%s: %s is a kind of k8s.io/api, whose status opgen does not read (its conditions are mostly types of their own, not metav1.Condition); own a condition of another module's kind (%s), or remove the marker", prefixed(markers.OwnCondition), t, k.Name, prefixed(markers.ForPackage))
		case !b.conditionsMapByType(k):
			b.diags.Errorf(m.Pos, "%s=%s: %s has no status.conditions list keyed by type (a []metav1.Condition with +listType=map and +listMapKey=type) whose one entry Server-Side Apply could own beside other managers'; remove the marker", prefixed(markers.OwnCondition), t, k.Name)
		case !k.StatusSubresource:
			b.diags.Errorf(m.Pos, "%s=%s: %s has no status subresource (+kubebuilder:subresource:status) to apply the condition to; remove the marker", prefixed(markers.OwnCondition), t, k.Name)
		default:
			k.OwnCondition = t
		}
	}},
}

// conditionsMapByType reports whether the status of a kind of another module has a
// []metav1.Condition conditions field that its package marks +listType=map with the
// one key type: the shape in which Server-Side Apply merges entries by type, so that
// a manager owns its entry and no other. A kind of k8s.io/api has no status in the
// model (its conditions are types of their own, not metav1.Condition).
func (b *builder) conditionsMapByType(k *Kind) bool {
	if k.Package == nil || k.Package.Loaded == nil || k.Status == nil {
		return false
	}
	f := k.Status.ConditionsField()
	if f == nil {
		return false
	}
	found := false
	_ = ctmarkers.EachType(b.Collector, k.Package.Loaded, func(info *ctmarkers.TypeInfo) {
		if info.Name != k.StatusName() {
			return
		}
		for _, fi := range info.Fields {
			if fi.Name != f.Name {
				continue
			}
			keys := fi.Markers["listMapKey"]
			found = fmt.Sprint(fi.Markers.Get("listType")) == "map" && len(keys) == 1 && fmt.Sprint(keys[0]) == "type"
		}
	})
	return found
}

// externals reads the controller package's reconciler types with +opguard:for into
// API.External, and checks every other +opguard: marker of its files as pkg checks a
// package's: a package marker (+opguard:client) of the controller package is applied,
// a marker on a type without +opguard:for is misplaced. Whether or not the package is
// one of the run's roots (it is when it has +kubebuilder:rbac markers), its markers
// are read here and nowhere else, so none is dropped without a word.
func (b *builder) externals() {
	for _, f := range b.Controller.Files {
		fm, d := markers.ScanFile(b.Fset, f)
		b.diags = append(b.diags, d...)
		others := typeMarkers{pkg: fm.Package, types: map[*ast.TypeSpec][]markers.Marker{}, fields: fm.Fields}
		for spec, ms := range fm.Types {
			if hasMarker(ms, markers.For) {
				b.external(spec, ms)
				continue
			}
			for _, m := range ms {
				if m.Def.Target == markers.TargetController {
					b.diags.Errorf(m.Pos, "%s", m.Misplaced("a type without "+prefixed(markers.For)))
				} else {
					others.types[spec] = append(others.types[spec], m)
				}
			}
		}
		b.wrongTargets(others, nil)
		b.packageMarkers(others.pkg)
	}
	sort.Slice(b.api.External, func(i, j int) bool { return b.api.External[i].Name < b.api.External[j].Name })
}

func hasMarker(ms []markers.Marker, n markers.Name) bool {
	for _, m := range ms {
		if m.Def.Name == n {
			return true
		}
	}
	return false
}

// external builds the kind a reconciler type's +opguard:for names and applies the
// type's markers to it. The kind must be one the project does not define: a kind of
// k8s.io/api that the project's Kubernetes release serves, or a kind of the package that
// the for-package marker names, which must load.
func (b *builder) external(spec *ast.TypeSpec, ms []markers.Marker) {
	var forM, pkgM markers.Marker
	for _, m := range ms {
		switch m.Def.Name {
		case markers.For:
			forM = m
		case markers.ForPackage:
			pkgM = m
		}
	}
	if forM.Invalid || pkgM.Def != nil && pkgM.Invalid {
		return // reported
	}
	g := markers.Get[markers.GVK](forM)
	at := forM.At(forM.ValueOffset)
	spell := gvkString(g)
	k := &Kind{Name: g.Kind, Names: naming.For(g.Kind), Pos: b.pos(spec.Name.Pos()), External: true, ForPos: at}
	if spec.Name.Name != k.Names.Reconciler() {
		b.diags.Errorf(at, "%s=%s is on type %s: the reconciler of %s is %s (the generated code and the wiring call it so); rename the type", prefixed(markers.For), spell, spec.Name.Name, g.Kind, k.Names.Reconciler())
		return
	}
	if local := b.api.Lookup(g); local != nil {
		b.diags.Errorf(at, "%s=%s: %s is this project's own kind (%s): its markers go on its type, and opgen create api made its reconciler; remove %s", prefixed(markers.For), spell, g.Kind, shortFilePos(local.Pos), prefixed(markers.For))
		return
	}
	for _, local := range b.api.Kinds() {
		if local.Name == g.Kind && (local.StatusOwner != "" || local.Reconciler != nil) {
			b.diags.Errorf(at, "%s=%s: the project's kind %s of group %s (%s) has the generated names %s and %s in this package already; a controller package reconciles one kind of a name", prefixed(markers.For), spell, local.Name, local.Package.Group, shortFilePos(local.Pos), k.Names.Reconciler(), k.Names.FieldManager())
			return
		}
	}
	for _, other := range b.api.External {
		if other.Name == g.Kind {
			b.diags.Errorf(at, "%s=%s: %s reconciles a kind named %s already (%s)", prefixed(markers.For), spell, other.Names.Reconciler(), g.Kind, shortFilePos(other.ForPos))
			return
		}
	}
	if pkgM.Def == nil {
		kk, p := kubeapi.CheckOwnable(g.Group, g.Version, g.Kind, b.KubernetesMinor)
		switch {
		case p != nil && p.Warning:
			b.diags.Warnf(at, "%s=%s: %s", prefixed(markers.For), spell, p.Msg)
		case p != nil:
			b.diags.Errorf(at, "%s=%s: %s", prefixed(markers.For), spell, strings.Replace(p.Msg, "; own ", "; reconcile ", 1))
			return
		case kk.Kind == "":
			b.diags.Errorf(at, "%s=%s: k8s.io/api has no such kind; a kind of another module's CRD needs %s=<its Go package> beside it (opgen create controller --external-api-path)", prefixed(markers.For), spell, prefixed(markers.ForPackage))
			return
		}
		path := kubeapi.Package(g.Group, g.Version)
		k.Package = &Package{Path: path, Name: g.Version, Group: g.Group, Version: g.Version, Alias: naming.KubeAlias(path)}
		k.Namespaced, k.Plural = kk.Namespaced, kubeapi.Resource(g.Kind)
	} else if !b.otherModuleKind(k, g, pkgM) {
		return
	}
	k.Reconciler = &Reconciler{}
	first := map[markers.Name]markers.Marker{}
	for _, m := range ms {
		k.markers = append(k.markers, m)
		if m.Invalid {
			continue
		}
		if prev, dup := first[m.Def.Name]; dup && !m.Def.Repeatable {
			b.diags.Errorf(m.Pos, "%s is given twice on %s (first at %s)", prefixed(m.Def.Name), spec.Name.Name, shortPos(prev.Pos))
			continue
		}
		first[m.Def.Name] = m
		switch {
		case m.Def.Target == markers.TargetController:
			controllerHandlers[m.Def.Name].apply(b, k, m)
		case m.Def.OnController:
			kindHandlers[m.Def.Name].apply(b, k, m)
		default:
			b.diags.Errorf(m.Pos, "%s on %s: %s is not this project's kind, and its status is another controller's to write; on a reconciler type with %s only %s may stand", prefixed(m.Def.Name), spec.Name.Name, g.Kind, prefixed(markers.For), strings.Join(onController(), ", "))
		}
	}
	// A change of what selects an object must reach the reconcile, so that an object
	// that stops matching is seen once.
	if k.SelectLabels != "" {
		if sel, err := labels.Parse(k.SelectLabels); err == nil {
			reqs, _ := sel.Requirements()
			for _, r := range reqs {
				k.WatchLabels = appendNew(k.WatchLabels, r.Key())
			}
		}
	}
	if k.SelectAnnotation != nil {
		k.WatchAnnotations = appendNew(k.WatchAnnotations, k.SelectAnnotation.Key)
	}
	b.api.External = append(b.api.External, k)
}

// otherModuleKind fills in k from the package +opguard:for-package names: it must load,
// declare the kind as a root kind, and have the group and version the marker gives.
func (b *builder) otherModuleKind(k *Kind, g markers.GVK, pkgM markers.Marker) bool {
	path := string(markers.Get[markers.ImportPath](pkgM))
	at := pkgM.At(pkgM.ValueOffset)
	lp := b.Controller.Loaded[path]
	if lp == nil || b.loadErrors(lp) || len(lp.Syntax) == 0 && len(lp.GoFiles) == 0 {
		why := "the go command cannot load it"
		if lp != nil {
			for _, e := range lp.Errors {
				why, _, _ = strings.Cut(e.Msg, "\n")
				why, _, _ = strings.Cut(strings.TrimSuffix(why, ":"), "; to add it")
				break
			}
		}
		b.diags.Errorf(at, "%s=%s: the package does not resolve (%s): add its module with go get %s, or opgen create controller --external-api-path %s", prefixed(markers.ForPackage), path, why, path, path)
		return false
	}
	lp.NeedSyntax()
	b.Checker.Check(lp)
	p := b.newPackage(lp)
	b.kinds(p)
	var found *Kind
	for _, c := range p.Kinds {
		if c.Name == g.Kind {
			found = c
		}
	}
	switch {
	case found == nil:
		b.diags.Errorf(at, "%s=%s: the package declares no root kind %s (+kubebuilder:object:root=true)", prefixed(markers.ForPackage), path, g.Kind)
		return false
	case p.Group != g.Group || p.Version != g.Version:
		b.diags.Errorf(k.ForPos, "%s=%s: %s of %s is %s/%s/%s (its +groupName and version); write that", prefixed(markers.For), gvkString(g), g.Kind, path, p.Group, p.Version, g.Kind)
		return false
	}
	p.Kinds = []*Kind{k}
	p.Alias = naming.APIAlias(p.Group, p.Version, false)
	for _, own := range b.api.Packages {
		if own.Alias == p.Alias {
			p.Alias = naming.APIAlias(p.Group, p.Version, true)
		}
	}
	k.Package, k.Named, k.Namespaced, k.Plural = p, found.Named, found.Namespaced, found.Plural
	k.StatusSubresource, k.Status = found.StatusSubresource, found.Status
	return true
}

// onController lists the markers of a root kind that may stand on a reconciler type.
func onController() []string {
	var out []string
	for _, d := range markers.Defs {
		if d.OnController || d.Target == markers.TargetController {
			out = append(out, markers.Prefix+string(d.Name))
		}
	}
	return out
}

func appendNew(have []string, key string) []string {
	for _, h := range have {
		if h == key {
			return have
		}
	}
	return append(have, key)
}
