package model

import (
	"errors"
	"fmt"
	"go/ast"
	"go/printer"
	"go/token"
	"go/types"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
	crdmarkers "sigs.k8s.io/controller-tools/pkg/crd/markers"
	"sigs.k8s.io/controller-tools/pkg/loader"
	ctmarkers "sigs.k8s.io/controller-tools/pkg/markers"

	"k8s.io/apimachinery/pkg/util/validation"

	"github.com/opgen-dev/opgen/diag"
	"github.com/opgen-dev/opgen/kubeapi"
	"github.com/opgen-dev/opgen/markers"
	"github.com/opgen-dev/opgen/naming"
)

// Input is what one load produced.
type Input struct {
	Fset      *token.FileSet
	Roots     []*loader.Package
	Collector *ctmarkers.Collector
	Checker   *loader.TypeChecker
	// KubernetesMinor is the minor release of the Kubernetes API the project builds
	// against (37 for k8s.io/api v0.37): the versions of k8s.io/api kinds it can own.
	KubernetesMinor int
	// Project says the module is a project opgen init made (API.Project).
	Project bool
	// Controller is the controller package, whose reconciler types may name kinds the
	// project does not define (+opguard:for).
	Controller Controller
}

// Build resolves the API of the loaded packages. The diagnostics include every marker
// problem of every package; when they hold an error the API must not be used.
func Build(in Input) (*API, diag.Diagnostics) {
	b := &builder{Input: in, api: &API{Project: in.Project}}
	for _, pkg := range in.Roots {
		b.pkg(pkg)
		b.webhookSetups(pkg)
	}
	sort.Slice(b.api.WebhookSetups, func(i, j int) bool {
		a, c := b.api.WebhookSetups[i], b.api.WebhookSetups[j]
		return a.Path < c.Path || a.Path == c.Path && a.Func < c.Func
	})
	sort.Slice(b.api.Packages, func(i, j int) bool { return b.api.Packages[i].Path < b.api.Packages[j].Path })
	assignAliases(b.api.Packages)
	// A status-owner kind's generated names (Apply<Kind>Status, <Kind>Reconciler, its
	// files) live in the one controller package: one kind name, one owner.
	owners := map[string]*Kind{}
	for _, k := range b.api.StatusOwners() {
		first := owners[k.Name]
		switch {
		case first == nil:
			owners[k.Name] = k
		case first.Package.Group == k.Package.Group:
			b.diags.Errorf(k.Pos, "%s is on %s in both %s and %s: a kind has one status writer (and one reconciler), on the version they use; remove it from the other", prefixed(markers.StatusOwner), k.Name, first.Package.Version, k.Package.Version)
		default:
			m, _ := k.marker(markers.StatusOwner)
			b.diags.Errorf(m.Pos, "%s on %s of group %s: kind %s of group %s (%s) has it too, and their generated names (%s, %s) would clash in the one controller package; rename one of the kinds", prefixed(markers.StatusOwner), k.Name, k.Package.Group, first.Name, first.Package.Group, shortFilePos(first.Pos), k.Names.StatusWriter(), k.Names.Reconciler())
		}
	}
	b.checkConversions()
	b.externals()
	nameControllers(b.api.Controllers())
	for _, k := range append(b.api.Kinds(), b.api.External...) {
		b.checkOwned(k)
	}
	b.nameOwnedApplies()
	return b.api, b.diags
}

type builder struct {
	Input
	api   *API
	diags diag.Diagnostics
}

func (b *builder) pos(p token.Pos) token.Position { return b.Fset.Position(p) }

// typeMarkers holds the +opguard: markers of one package, by what they describe.
type typeMarkers struct {
	pkg    []markers.Marker
	types  map[*ast.TypeSpec][]markers.Marker
	fields map[*ast.Field][]markers.Marker
}

func (b *builder) scan(pkg *loader.Package) typeMarkers {
	tm := typeMarkers{types: map[*ast.TypeSpec][]markers.Marker{}, fields: map[*ast.Field][]markers.Marker{}}
	for _, f := range pkg.Syntax {
		fm, d := markers.ScanFile(b.Fset, f)
		b.diags = append(b.diags, d...)
		tm.pkg = append(tm.pkg, fm.Package...)
		for k, v := range fm.Types {
			tm.types[k] = v
		}
		for k, v := range fm.Fields {
			tm.fields[k] = v
		}
	}
	return tm
}

func (b *builder) pkg(lp *loader.Package) {
	lp.NeedSyntax()
	if len(lp.Syntax) == 0 {
		return
	}
	if lp.PkgPath == b.Controller.Path && !hasRootMarkerText(lp) {
		// The controller package's +opguard: markers are read by externals, from the
		// same files as the run's other checks of the package see them.
		if !b.loadErrors(lp) {
			b.collectorErrors(lp)
		}
		return
	}
	tm := b.scan(lp)
	if !hasRootMarkerText(lp) {
		// No kinds here: every type or field marker is on the wrong declaration. Its
		// kubebuilder markers (rbac, webhook) are checked as controller-gen checks them:
		// a malformed one is an error, never dropped.
		b.wrongTargets(tm, nil)
		b.packageMarkers(tm.pkg)
		if !b.loadErrors(lp) {
			b.collectorErrors(lp)
		}
		return
	}
	if b.loadErrors(lp) || b.collectorErrors(lp) {
		return
	}
	b.Checker.Check(lp)

	p := b.newPackage(lp)
	kindSpecs := b.kinds(p)
	if len(p.Kinds) > 0 && p.Group == "" {
		if !hasText(lp, "+opguard:") {
			// Root types without a group (an internal, unversioned hub version):
			// controller-gen writes their deepcopy and a group-less _<plural>.yaml, and
			// so does opgen (both generators read the loaded packages, not the model).
			// They are no kinds of opgen's API.
			b.packageMarkers(tm.pkg)
			return
		}
		b.diags.Errorf(b.pos(lp.Syntax[0].Name.Pos()),
			"package %s declares kinds (%s) with +opguard markers but no +groupName=<group> package marker: opgen needs the API group of what it generates", lp.Name, p.Kinds[0].Name)
	}
	for spec, ms := range tm.types {
		if k := kindSpecs[spec]; k != nil {
			b.kindMarkers(k, ms)
		}
	}
	b.conversionMethods(p)
	fields := b.fieldMarkers(p, tm)
	b.wrongTargets(tm, kindSpecs)
	b.packageMarkers(tm.pkg)
	for _, k := range p.Kinds {
		if k.Status != nil {
			for _, f := range k.Status.Fields {
				for _, m := range fields[f.Var] {
					fieldHandlers[m.Def.Name](f, m)
				}
			}
		}
		b.checkKind(k)
	}
	if len(p.Kinds) > 0 {
		b.api.Packages = append(b.api.Packages, p)
	}
}

// newPackage describes a loaded API package: its group and version from its package
// markers (+groupName, +versionName, else the package name).
func (b *builder) newPackage(lp *loader.Package) *Package {
	p := &Package{Loaded: lp, Path: lp.PkgPath, Name: lp.Name, Version: lp.Name}
	if len(lp.CompiledGoFiles) > 0 {
		p.Dir = dirOf(lp.CompiledGoFiles[0])
	}
	pm, _ := ctmarkers.PackageMarkers(b.Collector, lp)
	if g, ok := pm.Get("groupName").(string); ok {
		p.Group = g
	}
	if v, ok := pm.Get("versionName").(string); ok && v != "" {
		p.Version = v
	}
	if v, ok := pm.Get(ACGenerateMarker).(bool); ok {
		p.ApplyConfigurations = &v
	}
	return p
}

// kinds finds the package's root kinds (+kubebuilder:object:root=true on a type that
// embeds metav1.ObjectMeta), sorted by name, and returns them by type declaration.
func (b *builder) kinds(p *Package) map[*ast.TypeSpec]*Kind {
	lp := p.Loaded
	kindSpecs := map[*ast.TypeSpec]*Kind{}
	p.TypeApplyConfigurations = map[string]bool{}
	_ = ctmarkers.EachType(b.Collector, lp, func(info *ctmarkers.TypeInfo) {
		if v, ok := info.Markers.Get(ACGenerateMarker).(bool); ok {
			p.TypeApplyConfigurations[info.Name] = v
		}
		if info.Markers.Get("kubebuilder:object:root") != true {
			return
		}
		obj, _ := lp.Types.Scope().Lookup(info.Name).(*types.TypeName)
		if obj == nil {
			return
		}
		named, _ := obj.Type().(*types.Named)
		if named == nil || !embedsObjectMeta(named) {
			return
		}
		k := &Kind{
			Package: p, Name: info.Name, Names: naming.For(info.Name), Named: named, Pos: b.pos(info.RawSpec.Name.Pos()),
			Namespaced:        true,
			StatusSubresource: info.Markers.Get("kubebuilder:subresource:status") != nil,
			Plural:            kubeapi.Plural(info.Name),
		}
		if r, ok := info.Markers.Get("kubebuilder:resource").(crdmarkers.Resource); ok {
			if r.Scope == "Cluster" {
				k.Namespaced = false
			}
			if r.Path != "" {
				k.Plural = r.Path
			}
		}
		if len(k.Plural) > validation.DNS1123LabelMaxLength {
			b.diags.Errorf(k.Pos, "kind %s's resource name %s is %d characters, over the %d the API server allows a CRD's plural: choose a shorter kind name, or a shorter +kubebuilder:resource:path", k.Name, k.Plural, len(k.Plural), validation.DNS1123LabelMaxLength)
		}
		k.Storage = info.Markers.Get("kubebuilder:storageversion") != nil
		k.Status = statusStruct(b.Fset, named)
		kindSpecs[info.RawSpec] = k
		p.Kinds = append(p.Kinds, k)
	})
	sort.Slice(p.Kinds, func(i, j int) bool { return p.Kinds[i].Name < p.Kinds[j].Name })
	return kindSpecs
}

// fieldMarkers reads the markers of status fields (through fieldHandlers, once the
// fields are resolved): on a field of a status-owner kind's Status struct, and reported
// anywhere else.
func (b *builder) fieldMarkers(p *Package, tm typeMarkers) map[*types.Var][]markers.Marker {
	statusOf := map[*types.Named]*Kind{}
	for _, k := range p.Kinds {
		if k.Status != nil {
			statusOf[k.Status.Named] = k
		}
	}
	out := map[*types.Var][]markers.Marker{}
	for field, ms := range tm.fields {
		for _, m := range ms {
			if m.Def.Target != markers.TargetStatusField {
				continue
			}
			v, owner := statusOwnerOf(p.Loaded, field, statusOf)
			if owner == nil || !owner.has(markers.StatusOwner) {
				b.diags.Errorf(m.Pos, "%s", m.Misplaced("field "+fieldName(field)))
				continue
			}
			if !m.Invalid {
				out[v] = append(out[v], m)
			}
		}
	}
	return out
}

// hasRootMarkerText is a cheap test for kinds before asking the collector.
// hasText reports whether a comment of the package holds text.
func hasText(lp *loader.Package, text string) bool {
	for _, f := range lp.Syntax {
		for _, g := range f.Comments {
			if strings.Contains(g.Text(), text) {
				return true
			}
		}
	}
	return false
}

func hasRootMarkerText(lp *loader.Package) bool {
	for _, f := range lp.Syntax {
		for _, g := range f.Comments {
			if strings.Contains(g.Text(), RootMarker) {
				return true
			}
		}
	}
	return false
}

// loadErrors says whether the go command could not load an API package (a missing
// go.sum entry, an import no module provides): without its types every marker check
// would mislead. The load reports the errors themselves, once for the whole run.
func (b *builder) loadErrors(lp *loader.Package) bool {
	// The go command puts an import's error (a missing go.sum entry) on the import.
	errs := append([]packages.Error(nil), lp.Errors...)
	for _, imp := range lp.Package.Imports {
		errs = append(errs, imp.Errors...)
	}
	for _, e := range errs {
		if e.Kind == packages.ListError {
			return true
		}
	}
	return false
}

// collectorErrors reports the kubebuilder markers controller-tools cannot parse, as
// controller-gen refuses them (a misspelt or unknown argument, a wrong value, a missing
// required one), each once, at the column of the argument in its file: the first
// problem of each marker, since a parse that failed makes the rest of its arguments
// "extra" or "missing" too.
func (b *builder) collectorErrors(lp *loader.Package) bool {
	_, err := b.Collector.MarkersInPackage(lp)
	if err == nil {
		return false
	}
	var flat []error
	var walk func(error)
	walk = func(e error) {
		var list loader.ErrList
		if errors.As(e, &list) {
			for _, x := range list {
				walk(x)
			}
			return
		}
		flat = append(flat, e)
	}
	walk(err)
	seen := map[token.Pos]bool{}
	for _, e := range flat {
		var pe loader.PositionedError
		if !errors.As(e, &pe) {
			b.diags.Errorf(token.Position{Filename: lp.PkgPath}, "%v", e)
			continue
		}
		if seen[pe.Pos] {
			continue
		}
		seen[pe.Pos] = true
		pos, text := b.markerAt(lp, pe.Pos)
		name := markerName(text)
		msg := pe.Error()
		// controller-tools' scanner says where in the marker's arguments, after its
		// name and colon: "expected true or false, got \"maybe\" (at <input>:1:54)".
		if m := scannerAt.FindStringSubmatch(msg); m != nil {
			msg = m[1]
			if col, err := strconv.Atoi(m[3]); err == nil && m[2] == "1" && pos.IsValid() {
				pos.Column += len(name) + 1 + col - 1
				pos.Offset += len(name) + 1 + col - 1
			}
		}
		b.diags.Errorf(pos, "%s: %s", name, msg)
	}
	return true
}

// scannerAt splits a controller-tools marker parse error into its message and its
// line and column in the marker's arguments.
var scannerAt = regexp.MustCompile(`^(.*) \(at [^:]*:(\d+):(\d+)\)$`)

// markerName is the name of a kubebuilder marker: the text before its arguments,
// +kubebuilder:webhook for "+kubebuilder:webhook:path=...", +groupName for
// "+groupName=x".
func markerName(text string) string {
	name := text
	if i := strings.IndexAny(name, "="); i >= 0 {
		name = name[:i]
	}
	// The arguments follow the last colon before the first "=".
	if i := strings.LastIndex(name, ":"); i >= 0 && strings.Contains(text, "=") {
		name = name[:i]
	}
	return name
}

// markerAt finds the marker comment at p (a comment's start) in the package's files: the
// position of its "+" and its text from there.
func (b *builder) markerAt(lp *loader.Package, p token.Pos) (token.Position, string) {
	for _, f := range lp.Syntax {
		for _, g := range f.Comments {
			for _, c := range g.List {
				if c.Pos() != p {
					continue
				}
				i := strings.Index(c.Text, "+")
				if i < 0 {
					return b.pos(p), c.Text
				}
				return b.pos(c.Pos() + token.Pos(i)), c.Text[i:]
			}
		}
	}
	return b.pos(p), ""
}

// wrongTargets reports the markers on declarations that are not kinds: a type that is
// no root kind, a field of a struct that is no status-owner kind's Status (reported
// where fields are resolved), the package clause.
func (b *builder) wrongTargets(tm typeMarkers, kinds map[*ast.TypeSpec]*Kind) {
	for spec, ms := range tm.types {
		if kinds[spec] != nil {
			continue
		}
		for _, m := range ms {
			b.diags.Errorf(m.Pos, "%s", m.Misplaced("type "+spec.Name.Name))
		}
	}
	for field, ms := range tm.fields {
		for _, m := range ms {
			if m.Def.Target != markers.TargetStatusField || kinds == nil {
				b.diags.Errorf(m.Pos, "%s", m.Misplaced("field "+fieldName(field)))
			}
		}
	}
}

func fieldName(f *ast.Field) string {
	if len(f.Names) > 0 {
		return f.Names[0].Name
	}
	return types.ExprString(f.Type)
}

// nameControllers names each reconciled kind's controller: the lowercase kind,
// qualified by the group where two reconciled kinds share a name.
func nameControllers(kinds []*Kind) {
	count := map[string]int{}
	for _, k := range kinds {
		count[strings.ToLower(k.Name)]++
	}
	for _, k := range kinds {
		k.ControllerName = strings.ToLower(k.Name)
		if count[k.ControllerName] > 1 {
			k.ControllerName += "." + k.Package.Group
		}
	}
}

// shortFilePos is a position in another file: its base name and line.
func shortFilePos(p token.Position) string {
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

func shortPos(p token.Position) string {
	return fmt.Sprintf("line %d", p.Line)
}

func dirOf(file string) string {
	i := strings.LastIndexAny(file, `/\`)
	if i < 0 {
		return "."
	}
	return file[:i]
}

func embedsObjectMeta(n *types.Named) bool {
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if f.Embedded() && IsNamed(f.Type(), MetaV1, "ObjectMeta") {
			return true
		}
	}
	return false
}

func statusStruct(fset *token.FileSet, kind *types.Named) *Struct {
	st := kind.Underlying().(*types.Struct)
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		name, _, _, ok := JSONTag(st.Tag(i))
		if !ok || name != "status" {
			continue
		}
		t := f.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		named, ok := t.(*types.Named)
		if !ok {
			return nil
		}
		sst, ok := named.Underlying().(*types.Struct)
		if !ok {
			return nil
		}
		s := &Struct{Named: named}
		for j := 0; j < sst.NumFields(); j++ {
			sf := sst.Field(j)
			jn, inline, _, ok := JSONTag(sst.Tag(j))
			if !ok || !sf.Exported() && !sf.Embedded() {
				continue
			}
			fld := &Field{Var: sf, Name: sf.Name(), JSONName: jn, Inline: inline || sf.Embedded() && jn == "", Type: sf.Type(), Pos: fset.Position(sf.Pos())}
			if fld.JSONName == "" {
				fld.JSONName = sf.Name()
			}
			s.Fields = append(s.Fields, fld)
		}
		return s
	}
	return nil
}

// statusOwnerOf finds the kind whose Status struct declares field, and the field's object.
func statusOwnerOf(lp *loader.Package, field *ast.Field, statusOf map[*types.Named]*Kind) (*types.Var, *Kind) {
	if len(field.Names) == 0 || lp.TypesInfo == nil {
		return nil, nil
	}
	obj, _ := lp.TypesInfo.Defs[field.Names[0]].(*types.Var)
	if obj == nil {
		return nil, nil
	}
	for named, k := range statusOf {
		st := named.Underlying().(*types.Struct)
		for i := 0; i < st.NumFields(); i++ {
			if st.Field(i) == obj {
				return obj, k
			}
		}
	}
	return nil, nil
}

// assignAliases names each package for imports: <first group label><version>, or the
// whole group when two packages would share a name (naming.APIAlias).
func assignAliases(pkgs []*Package) {
	count := map[string]int{}
	for _, p := range pkgs {
		count[naming.APIAlias(p.Group, p.Version, false)]++
	}
	for _, p := range pkgs {
		p.Alias = naming.APIAlias(p.Group, p.Version, false)
		if count[p.Alias] > 1 {
			p.Alias = naming.APIAlias(p.Group, p.Version, true)
		}
	}
}

func gvkString(g markers.GVK) string {
	group := g.Group
	if group == "" {
		group = "core"
	}
	return group + "/" + g.Version + "/" + g.Kind
}

// conversionMethods finds, in the package's own files, the methods that make a kind's
// version a conversion hub (Hub) or spoke (ConvertTo); generated files are not loaded,
// and the methods are the user's (scaffolded by opgen create webhook --conversion).
func (b *builder) conversionMethods(p *Package) {
	byName := map[string]*Kind{}
	for _, k := range p.Kinds {
		byName[k.Name] = k
	}
	for _, f := range p.Loaded.Syntax {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || len(fd.Recv.List) != 1 {
				continue
			}
			t := fd.Recv.List[0].Type
			if star, ok := t.(*ast.StarExpr); ok {
				t = star.X
			}
			id, ok := t.(*ast.Ident)
			if !ok || byName[id.Name] == nil {
				continue
			}
			k := byName[id.Name]
			switch fd.Name.Name {
			case "Hub":
				k.Hub = b.pos(fd.Name.Pos())
			case "ConvertTo":
				k.Spoke = b.pos(fd.Name.Pos())
			}
		}
	}
	// A spoke whose own files name the kind's generated conversion (opgen create
	// webhook's ConvertTo and ConvertFrom) gets it generated; one written by hand
	// (kubebuilder's) never gets it beside, where it would ask for functions nobody writes.
	for _, k := range p.Kinds {
		names := []string{naming.ConvertFunc(k.Name, true), naming.ConvertFunc(k.Name, false)}
		for _, f := range p.Loaded.Syntax {
			ast.Inspect(f, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok && slices.Contains(names, id.Name) {
					k.GeneratedConversion = true
				}
				return !k.GeneratedConversion
			})
		}
	}
}

func scopeWord(k *Kind) string {
	if k.Namespaced {
		return "namespaced"
	}
	return "cluster-scoped"
}

// checkConversions holds a kind served through a conversion webhook to one hub, the
// storage version, which alone carries +opguard: markers: the hub owns the kind's
// status writer and reconciler, and a spoke's objects are the hub's, converted.
//
// These rules bind what opgen generates, and nothing else: a kind whose spoke calls the
// generated conversion, and every kind of a project opgen made (where opgen writes the
// CRD's conversion stanza, serves the hub's /convert and tests each spoke's round trip).
// A conversion written by hand, in any layout controller-runtime serves, is the
// user's: a hub that is not the storage version, a spoke whose hub (or whose
// ConvertTo and ConvertFrom, in a converter registered with WithConverter) lives in
// another module, or Hub() on more than one version behind such a converter.
func (b *builder) checkConversions() {
	type gk struct{ group, kind string }
	versions := map[gk][]*Kind{}
	var order []gk
	for _, k := range b.api.Kinds() {
		key := gk{k.Package.Group, k.Name}
		if versions[key] == nil {
			order = append(order, key)
		}
		versions[key] = append(versions[key], k)
	}
	for _, key := range order {
		// One CRD serves every version of a kind, with one scope: the storage
		// version's (else the first's) is the kind's.
		first := versions[key][0]
		for _, k := range versions[key] {
			if k.Storage {
				first = k
			}
		}
		for _, k := range versions[key] {
			if k != first && k.Namespaced != first.Namespaced {
				b.diags.Errorf(k.Pos, "%s %s is %s and %s (%s) is %s: one CRD serves every version of a kind, with one scope, which the API server never changes; give both the same +kubebuilder:resource:scope", k.Package.Version, k.Name, scopeWord(k), first.Package.Version, shortFilePos(first.Pos), scopeWord(first))
			}
		}
		governed := b.Project
		for _, k := range versions[key] {
			governed = governed || k.GeneratedConversion
		}
		if !governed {
			continue
		}
		var hubs, spokes []*Kind
		for _, k := range versions[key] {
			if k.Hub.IsValid() {
				hubs = append(hubs, k)
			}
			if k.Spoke.IsValid() {
				spokes = append(spokes, k)
			}
		}
		switch {
		case len(hubs) > 1:
			b.diags.Errorf(hubs[1].Hub, "%s %s declares Hub(), and so does %s (%s): a kind converts through one hub, its storage version; remove the other", hubs[1].Package.Version, key.kind, hubs[0].Package.Version, shortFilePos(hubs[0].Hub))
			continue
		case len(hubs) == 0 && len(spokes) > 0:
			b.diags.Errorf(spokes[0].Spoke, "%s %s converts (ConvertTo) but no version of %s declares Hub(): make the storage version the hub (opgen create webhook --conversion)", spokes[0].Package.Version, key.kind, key.kind)
			continue
		case len(hubs) == 0:
			continue
		}
		hub := hubs[0]
		if !hub.Storage && len(versions[key]) > 1 {
			b.diags.Errorf(hub.Hub, "%s %s is the conversion hub but not the storage version: add +kubebuilder:storageversion to it, or move Hub() to the storage version", hub.Package.Version, key.kind)
		}
		for _, k := range versions[key] {
			if k == hub {
				continue
			}
			if !k.Spoke.IsValid() {
				b.diags.Errorf(k.Pos, "%s %s is served beside the hub %s but does not convert: declare ConvertTo and ConvertFrom (opgen create webhook --conversion --spoke %s)", k.Package.Version, k.Name, hub.Package.Version, k.Package.Version)
			}
			for _, m := range k.markers {
				b.diags.Errorf(m.Pos, "%s on spoke %s of %s: the hub (%s) owns the kind's status writer and reconciler, and a spoke's objects are the hub's, converted; move it to %s", prefixed(m.Def.Name), k.Package.Version, k.Name, hub.Package.Version, shortFilePos(hub.Pos))
			}
		}
	}
}

// webhookSetups records the package's functions Setup<Kind>WebhookWithManager with one
// parameter and one result, the form kubebuilder and opgen create webhook scaffold.
//
// A function of that name that does not fit the call the generated wiring makes (a
// parameter more, a variadic one, a renamed type) is recorded as a misfit, and the
// package's +kubebuilder:webhook markers with their positions, so the wiring's checks
// can say why a webhook would not be registered.
func (b *builder) webhookSetups(lp *loader.Package) {
	for _, f := range lp.Syntax {
		imports := FileImports(f, lp)
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || !naming.IsWebhookSetupFunc(fd.Name.Name) {
				continue
			}
			if !fitsWebhookSetup(imports, fd) {
				b.api.MisfitWebhookSetups = append(b.api.MisfitWebhookSetups, Misfit{Pos: b.pos(fd.Name.Pos()), Func: fd.Name.Name, Have: b.signature(fd)})
				continue
			}
			b.api.WebhookSetups = append(b.api.WebhookSetups, WebhookSetup{Path: lp.PkgPath, PackageName: lp.Name, Func: fd.Name.Name, Registers: registeredTypes(imports, fd)})
		}
		for _, g := range f.Comments {
			for _, c := range g.List {
				text := strings.TrimSpace(strings.TrimPrefix(c.Text, "//"))
				if args, ok := strings.CutPrefix(text, webhookMarker); ok {
					m := WebhookMarker{Pos: b.pos(c.Pos()), Path: lp.PkgPath}
					for _, a := range strings.Split(args, ",") {
						k, v, _ := strings.Cut(a, "=")
						switch k {
						case "groups":
							m.Groups = strings.Split(strings.Trim(v, `"`), ";")
						case "resources":
							m.Resources = strings.Split(v, ";")
						}
					}
					b.api.WebhookMarkers = append(b.api.WebhookMarkers, m)
				}
			}
		}
	}
}

// webhookMarker starts controller-tools' webhook marker.
const webhookMarker = "+kubebuilder:webhook:"

// fitsWebhookSetup reports whether fd is func(<name> <ctrl>.Manager) error, with
// Manager controller-runtime's (from its root package or pkg/manager): the call
// SetupReconcilers makes.
func fitsWebhookSetup(imports map[string]string, fd *ast.FuncDecl) bool {
	if fd.Type.TypeParams != nil || fd.Type.Params.NumFields() != 1 || fd.Type.Results.NumFields() != 1 {
		return false
	}
	sel, ok := fd.Type.Params.List[0].Type.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Manager" {
		return false
	}
	x, ok := sel.X.(*ast.Ident)
	if !ok || imports[x.Name] != "sigs.k8s.io/controller-runtime" && imports[x.Name] != "sigs.k8s.io/controller-runtime/pkg/manager" {
		return false
	}
	res, ok := fd.Type.Results.List[0].Type.(*ast.Ident)
	return ok && res.Name == "error"
}

// signature prints a function declaration's signature as written.
func (b *builder) signature(fd *ast.FuncDecl) string {
	var sb strings.Builder
	fn := *fd.Type
	fn.Func = token.NoPos
	printer.Fprint(&sb, b.Fset, &fn)
	return "func " + fd.Name.Name + strings.TrimPrefix(sb.String(), "func")
}

// registeredTypes lists the types fd passes as &pkg.Kind{} to a call of
// NewWebhookManagedBy or For (controller-runtime's builder, v0.25's
// NewWebhookManagedBy(mgr, obj) and the older NewWebhookManagedBy(mgr).For(obj)), each
// as "<import path>.<Kind>", the package resolved through imports (FileImports of fd's
// file). Syntax only: a type reached another way (a variable, a helper) is not seen,
// and then the manager wiring registers a hub's conversion itself, which is harmless.
func registeredTypes(imports map[string]string, fd *ast.FuncDecl) []string {
	if fd.Body == nil {
		return nil
	}
	var out []string
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		var fn string
		switch f := call.Fun.(type) {
		case *ast.SelectorExpr:
			fn = f.Sel.Name
		case *ast.Ident:
			fn = f.Name
		}
		if fn != "NewWebhookManagedBy" && fn != "For" {
			return true
		}
		for _, arg := range call.Args {
			u, ok := arg.(*ast.UnaryExpr)
			if !ok || u.Op != token.AND {
				continue
			}
			lit, ok := u.X.(*ast.CompositeLit)
			if !ok {
				continue
			}
			if sel, ok := lit.Type.(*ast.SelectorExpr); ok {
				if pkg, ok := sel.X.(*ast.Ident); ok && imports[pkg.Name] != "" {
					if t := imports[pkg.Name] + "." + sel.Sel.Name; !slices.Contains(out, t) {
						out = append(out, t)
					}
				}
			}
		}
		return true
	})
	return out
}

// FileImports maps the name under which f, a file of lp, refers to each package it
// imports to the package's import path: the name the import gives, else the imported
// package's own name as loaded, else the path's last element.
func FileImports(f *ast.File, lp *loader.Package) map[string]string {
	out := map[string]string{}
	for _, imp := range f.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			continue
		}
		local := path.Base(p)
		if ip := lp.Package.Imports[p]; ip != nil && ip.Name != "" {
			local = ip.Name
		}
		if imp.Name != nil {
			local = imp.Name.Name
		}
		out[local] = p
	}
	return out
}
