package applyconfig

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/dave/jennifer/jen"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-tools/pkg/loader"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator/applyconfig/smd"
	"github.com/opgen-dev/opgen/generator/contract"
	"github.com/opgen-dev/opgen/generator/controllertools"
	"github.com/opgen-dev/opgen/kubeapi"
	"github.com/opgen-dev/opgen/model"
	"github.com/opgen-dev/opgen/naming"
)

const (
	metaV1   = model.MetaV1
	metaV1AC = "k8s.io/client-go/applyconfigurations/meta/v1"

	managedFieldsPkg = "k8s.io/apimachinery/pkg/util/managedfields"
	typedPkg         = "sigs.k8s.io/structured-merge-diff/v6/typed"
	// internalDir holds, under a package's applyconfiguration directory, the schema its
	// Extract functions read, where controller-gen puts it.
	internalDir = "internal"
)

// metaTypes are the meta/v1 types client-go has apply configurations for; upstream
// applyconfiguration-gen always maps these.
var metaTypes = map[string]bool{
	"Condition": true, "DeleteOptions": true, "LabelSelector": true, "LabelSelectorRequirement": true,
	"ManagedFieldsEntry": true, "ObjectMeta": true, "OwnerReference": true, "TypeMeta": true,
}

// Generator is the apply configuration generator.
type Generator struct{}

// Name implements contract.Generator.
func (Generator) Name() string { return "applyconfiguration" }

// Claims implements contract.Generator: the applyconfiguration tree of every package the
// patterns matched.
func (Generator) Claims(ctx *contract.Context) []artifact.Claim {
	var out []artifact.Claim
	for _, r := range ctx.ScopedRoots() {
		if dir := ctx.PackageDir(r); dir != "" {
			out = append(out, artifact.Claim{Dir: path.Join(dir, model.ApplyConfigurationDir), Match: "*.go", Tree: true})
		}
	}
	return out
}

// Generate implements contract.Generator.
func (Generator) Generate(ctx *contract.Context) ([]artifact.File, error) {
	g := newBuilder(ctx)
	if err := g.buildSchemas(); err != nil {
		return nil, err
	}
	var files []artifact.File
	for _, p := range g.packages() {
		if !ctx.Scope[p.Path] {
			continue
		}
		structs := g.structsOf(p)
		if len(structs) == 0 {
			continue
		}
		outDir := path.Join(ctx.Rel(p.Dir), p.ApplyConfigurationSubdir())
		for _, n := range structs {
			src, err := g.file(p, n)
			if err != nil {
				return nil, err
			}
			files = append(files, artifact.File{Path: path.Join(outDir, strings.ToLower(n.Obj().Name())+".go"), Content: src})
		}
		if p.Group == "" {
			continue // not an API package: no kinds for ForKind
		}
		src, err := g.utils(p, structs)
		if err != nil {
			return nil, err
		}
		files = append(files, artifact.File{Path: path.Join(ctx.Rel(p.Dir), model.ApplyConfigurationDir, "utils.go"), Content: src})
		if y := g.schemaYAML[p.Path]; y != nil {
			src, err := g.internal(p, y)
			if err != nil {
				return nil, err
			}
			files = append(files, artifact.File{Path: path.Join(ctx.Rel(p.Dir), model.ApplyConfigurationDir, internalDir, "internal.go"), Content: src})
		}
	}
	return files, nil
}

type builder struct {
	ctx    *contract.Context
	api    *model.API
	byPath map[string]*model.Package
	// local maps every struct reachable from an asked type, in any package of the
	// module, to the import path of its apply configuration.
	local map[*types.TypeName]string
	// docs holds doc comments of declarations in the packages of local's structs.
	docs  map[types.Object]string
	kinds map[*types.TypeName]*model.Kind
	// extract holds the kinds that get Extract functions: those another kind of the run
	// owns (+opguard:owns) and that have apply configurations.
	extract map[*types.TypeName]*model.Kind
	// schemaYAML is the structured-merge-diff schema of the extracted kinds of each
	// package in scope, by import path.
	schemaYAML map[string][]byte
}

func newBuilder(ctx *contract.Context) *builder {
	g := &builder{ctx: ctx, api: ctx.API, byPath: map[string]*model.Package{}, local: map[*types.TypeName]string{}, docs: map[types.Object]string{}, kinds: map[*types.TypeName]*model.Kind{},
		extract: map[*types.TypeName]*model.Kind{}, schemaYAML: map[string][]byte{}}
	for _, p := range ctx.API.Packages {
		g.byPath[p.Path] = p
		g.indexDocs(p)
	}
	modulePkgs := modulePackages(ctx)
	// pkgOf is the package, API or not, an apply configuration of a struct of the
	// module goes into: beside the struct, as controller-gen would put it.
	pkgOf := func(path string) *model.Package {
		if p := g.byPath[path]; p != nil {
			return p
		}
		lp := modulePkgs[path]
		if lp == nil {
			return nil
		}
		dir := ctx.PackageDir(lp)
		if dir == "" {
			return nil
		}
		p := &model.Package{Loaded: lp, Path: lp.PkgPath, Name: lp.Name, Version: lp.Name,
			Dir: filepath.Join(ctx.ModuleRoot, filepath.FromSlash(dir))}
		g.byPath[path] = p
		g.indexDocs(p)
		return p
	}
	seen := map[types.Type]bool{}
	var walk func(t types.Type)
	walk = func(t types.Type) {
		t = types.Unalias(t)
		if seen[t] {
			return
		}
		seen[t] = true
		switch t := t.(type) {
		case *types.Pointer:
			walk(t.Elem())
		case *types.Slice:
			walk(t.Elem())
		case *types.Array:
			walk(t.Elem())
		case *types.Map:
			walk(t.Key())
			walk(t.Elem())
		case *types.Named:
			obj := t.Obj()
			st, ok := t.Underlying().(*types.Struct)
			if !ok || obj.Pkg() == nil {
				return
			}
			p := pkgOf(obj.Pkg().Path())
			if p == nil {
				return
			}
			if hasJSONFields(st) {
				g.local[obj] = p.ApplyConfigurationPath()
			}
			for i := 0; i < st.NumFields(); i++ {
				walk(st.Field(i).Type())
			}
		}
	}
	for _, p := range ctx.API.Packages {
		for _, k := range p.Kinds {
			g.kinds[k.Named.Obj()] = k
			if ctx.API.AppliesConfigurations(k) {
				walk(k.Named)
			}
		}
		// Other types a +kubebuilder:ac:generate=true names.
		for name, v := range p.TypeApplyConfigurations {
			if obj, ok := p.Loaded.Types.Scope().Lookup(name).(*types.TypeName); ok && v {
				walk(obj.Type())
			}
		}
	}
	for _, k := range ctx.API.Kinds() {
		for _, o := range k.Owns {
			if owned := ctx.API.Lookup(o); owned != nil && owned != k {
				if _, hasAC := g.local[owned.Named.Obj()]; hasAC {
					g.extract[owned.Named.Obj()] = owned
				}
			}
		}
	}
	return g
}

// buildSchemas derives the schema of each scoped package's extracted kinds from their
// CustomResourceDefinitions, as the crd generator writes them.
func (g *builder) buildSchemas() error {
	byPkg := map[string][]*model.Kind{}
	var gks []schema.GroupKind
	for _, k := range g.extract {
		if g.ctx.Scope[k.Package.Path] {
			byPkg[k.Package.Path] = append(byPkg[k.Package.Path], k)
			gks = append(gks, schema.GroupKind{Group: k.Package.Group, Kind: k.Name})
		}
	}
	if len(gks) == 0 {
		return nil
	}
	sort.Slice(gks, func(i, j int) bool { return gks[i].String() < gks[j].String() })
	crds, err := controllertools.CRDs(g.ctx, gks)
	if err != nil {
		return fmt.Errorf("the schema of Extract functions: %w", err)
	}
	for pkgPath, kinds := range byPkg {
		sort.Slice(kinds, func(i, j int) bool { return kinds[i].Name < kinds[j].Name })
		var in []smd.Kind
		var names []string
		for _, k := range kinds {
			crd := crds[schema.GroupKind{Group: k.Package.Group, Kind: k.Name}]
			sk := smd.Kind{Group: k.Package.Group, Version: k.Package.Version, Kind: k.Name}
			for _, v := range crd.Spec.Versions {
				if v.Name == k.Package.Version && v.Schema != nil {
					sk.Schema = v.Schema.OpenAPIV3Schema
				}
			}
			in = append(in, sk)
			names = append(names, typeName(k))
		}
		s, err := smd.Build(in)
		if err != nil {
			return fmt.Errorf("the schema of Extract functions in %s: %w", pkgPath, err)
		}
		y, err := smd.YAML(s, names...)
		if err != nil {
			return fmt.Errorf("the schema of Extract functions in %s: %w", pkgPath, err)
		}
		g.schemaYAML[pkgPath] = y
	}
	return nil
}

// typeName is the kind's type in the schema: the name the API server gives its model.
func typeName(k *model.Kind) string {
	return smd.TypeName(k.Package.Group, k.Package.Version, k.Name)
}

// internalPath is the import path of the package holding the schema of p's Extract
// functions.
func internalPath(p *model.Package) string {
	return path.Join(p.Path, model.ApplyConfigurationDir, internalDir)
}

// packages returns every package that has apply configurations, by import path.
func (g *builder) packages() []*model.Package {
	var out []*model.Package
	for _, p := range g.byPath {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// modulePackages returns the loaded packages of the main module, the run's roots and
// what they import, by import path.
func modulePackages(ctx *contract.Context) map[string]*loader.Package {
	out := map[string]*loader.Package{}
	var visit func(p *loader.Package)
	visit = func(p *loader.Package) {
		if out[p.PkgPath] != nil || (p.PkgPath != ctx.ModulePath && !strings.HasPrefix(p.PkgPath, ctx.ModulePath+"/")) {
			return
		}
		out[p.PkgPath] = p
		for _, imp := range p.Imports() {
			visit(imp)
		}
	}
	for _, r := range ctx.Roots {
		visit(r)
	}
	return out
}

func hasJSONFields(st *types.Struct) bool {
	for i := 0; i < st.NumFields(); i++ {
		if _, _, _, ok := model.JSONTag(st.Tag(i)); ok {
			return true
		}
	}
	return false
}

// structsOf returns the package's structs that get an apply configuration, by name.
func (g *builder) structsOf(p *model.Package) []*types.Named {
	var out []*types.Named
	for obj := range g.local {
		if obj.Pkg().Path() == p.Path {
			out = append(out, obj.Type().(*types.Named))
		}
	}
	sort.Slice(out, func(i, j int) bool {
		return strings.ToLower(out[i].Obj().Name()) < strings.ToLower(out[j].Obj().Name())
	})
	return out
}

// acOf returns the package and type name of the apply configuration of a named struct.
func (g *builder) acOf(t types.Type) (pkg, name string, ok bool) {
	n, isNamed := types.Unalias(t).(*types.Named)
	if !isNamed || n.Obj().Pkg() == nil {
		return "", "", false
	}
	obj := n.Obj()
	if p, found := g.local[obj]; found {
		return p, naming.ApplyConfiguration(obj.Name()), true
	}
	pp := obj.Pkg().Path()
	if pp == metaV1 && metaTypes[obj.Name()] {
		return metaV1AC, naming.ApplyConfiguration(obj.Name()), true
	}
	if acPkg, found := kubeapi.ApplyConfigurations[pp+"."+obj.Name()]; found {
		return acPkg, naming.ApplyConfiguration(obj.Name()), true
	}
	return "", "", false
}

// isAC reports whether t, through pointers, has an apply configuration.
func (g *builder) isAC(t types.Type) bool {
	t = types.Unalias(t)
	for {
		p, ok := t.(*types.Pointer)
		if !ok {
			break
		}
		t = types.Unalias(p.Elem())
	}
	_, _, ok := g.acOf(t)
	return ok
}

func deref(t types.Type) types.Type {
	t = types.Unalias(t)
	for {
		p, ok := t.(*types.Pointer)
		if !ok {
			return t
		}
		t = types.Unalias(p.Elem())
	}
}

// memberType is the type an apply configuration uses for a field of type t, before
// the pointer that makes scalars optional.
func (g *builder) memberType(t types.Type) jen.Code {
	t = types.Unalias(t)
	switch u := t.(type) {
	case *types.Named:
		if pkg, name, ok := g.acOf(u); ok {
			return jen.Qual(pkg, name)
		}
	case *types.Pointer:
		return g.memberType(u.Elem())
	case *types.Slice:
		if g.reachesAC(u.Elem()) {
			return jen.Index().Add(g.memberType(u.Elem()))
		}
	case *types.Map:
		if g.reachesAC(u.Elem()) {
			return jen.Map(raw(u.Key())).Add(g.memberType(u.Elem()))
		}
	}
	return raw(t)
}

// reachesAC reports whether t has an apply configuration, or holds one in its
// elements (map[string][]Port): such a type is written with apply configurations all
// the way down, so that no raw struct serializes its zero fields into an apply.
func (g *builder) reachesAC(t types.Type) bool {
	switch u := types.Unalias(t).(type) {
	case *types.Pointer:
		return g.reachesAC(u.Elem())
	case *types.Slice:
		return g.reachesAC(u.Elem())
	case *types.Map:
		return g.reachesAC(u.Elem())
	}
	return g.isAC(t)
}

// raw renders a Go type as it is.
func raw(t types.Type) jen.Code {
	switch u := types.Unalias(t).(type) {
	case *types.Basic:
		return jen.Id(u.Name())
	case *types.Named:
		obj := u.Obj()
		if obj.Pkg() == nil {
			return jen.Id(obj.Name())
		}
		return jen.Qual(obj.Pkg().Path(), obj.Name())
	case *types.Pointer:
		return jen.Op("*").Add(raw(u.Elem()))
	case *types.Slice:
		return jen.Index().Add(raw(u.Elem()))
	case *types.Array:
		return jen.Index(jen.Lit(int(u.Len()))).Add(raw(u.Elem()))
	case *types.Map:
		return jen.Map(raw(u.Key())).Add(raw(u.Elem()))
	case *types.Interface:
		if u.Empty() {
			return jen.Interface()
		}
	}
	return jen.Id(types.TypeString(t, func(p *types.Package) string { return p.Name() }))
}

// member is one json field of a struct, as an apply configuration sees it.
type member struct {
	v        *types.Var
	name     string // Go field name
	json     string
	inline   bool
	embedded bool
}

func members(st *types.Struct) []member {
	var out []member
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		jn, _, _, ok := model.JSONTag(st.Tag(i))
		if !ok {
			continue
		}
		if !f.Exported() && !f.Embedded() {
			continue
		}
		if isBlocklisted(f) {
			continue
		}
		m := member{v: f, name: f.Name(), json: jn, embedded: f.Embedded()}
		m.inline = f.Embedded() && jn == ""
		if m.json == "" {
			m.json = f.Name()
		}
		out = append(out, m)
	}
	return out
}

func isBlocklisted(f *types.Var) bool {
	if strings.HasPrefix(f.Name(), "ZZZ_") {
		return true
	}
	// ObjectMeta's server-managed fields are not applied.
	if f.Pkg() != nil && f.Pkg().Path() == metaV1 && (f.Name() == "ManagedFields" || f.Name() == "SelfLink") {
		return true
	}
	return false
}

// isNillable reports whether a field of type t needs no pointer to be optional: an
// unnamed slice or map. Named slice and map types are treated as values, as upstream
// treats them.
func isNillable(t types.Type) bool {
	switch types.Unalias(t).(type) {
	case *types.Slice, *types.Map:
		return true
	}
	return false
}

// file renders the apply configuration of one struct.
func (g *builder) file(p *model.Package, n *types.Named) ([]byte, error) {
	acPkg := p.ApplyConfigurationPath()
	f := jen.NewFilePathName(acPkg, path.Base(acPkg))
	g.ctx.HeaderComments(f)
	g.aliases(f, p)

	name := n.Obj().Name()
	ac := naming.ApplyConfiguration(name)
	st := n.Underlying().(*types.Struct)

	/* target shape:
	// FooApplyConfiguration represents a declarative configuration of the Foo type for use
	// with apply.
	type FooApplyConfiguration struct {
		metav1.TypeMetaApplyConfiguration    `json:",inline"`
		*metav1.ObjectMetaApplyConfiguration `json:"metadata,omitempty"`
		Spec *FooSpecApplyConfiguration `json:"spec,omitempty"`
	}
	*/
	f.Comment(fmt.Sprintf("%s represents a declarative configuration of the %s type for use", ac, name))
	f.Comment("with apply.")
	if doc := g.docs[n.Obj()]; doc != "" {
		f.Comment("")
		for _, l := range strings.Split(doc, "\n") {
			f.Comment(l)
		}
	}
	var fields []jen.Code
	for _, m := range members(st) {
		var field *jen.Statement
		if doc := g.docs[m.v]; doc != "" {
			for _, l := range strings.Split(doc, "\n") {
				fields = append(fields, jen.Comment(l))
			}
		}
		mt := g.memberType(m.v.Type())
		switch {
		case m.embedded && m.inline:
			field = jen.Add(mt).Tag(map[string]string{"json": ",inline"})
		case m.embedded:
			field = jen.Op("*").Add(mt).Tag(map[string]string{"json": m.json + ",omitempty"})
		case isNillable(m.v.Type()):
			field = jen.Id(m.name).Add(mt).Tag(map[string]string{"json": m.json + ",omitempty"})
		default:
			field = jen.Id(m.name).Op("*").Add(mt).Tag(map[string]string{"json": m.json + ",omitempty"})
		}
		fields = append(fields, field)
	}
	f.Type().Id(ac).Struct(fields...)

	kind := g.kinds[n.Obj()]
	apiVersion := p.Group + "/" + p.Version
	f.Line()
	switch {
	case kind != nil && kind.Namespaced:
		f.Comment(fmt.Sprintf("%s constructs a declarative configuration of the %s type for use with", name, name))
		f.Comment("apply.")
		f.Func().Id(name).Params(jen.List(jen.Id("name"), jen.Id("namespace")).String()).Op("*").Id(ac).Block(
			jen.Id("b").Op(":=").Op("&").Id(ac).Values(),
			jen.Id("b").Dot("WithName").Call(jen.Id("name")),
			jen.Id("b").Dot("WithNamespace").Call(jen.Id("namespace")),
			jen.Id("b").Dot("WithKind").Call(jen.Lit(name)),
			jen.Id("b").Dot("WithAPIVersion").Call(jen.Lit(apiVersion)),
			jen.Return(jen.Id("b")),
		)
	case kind != nil:
		f.Comment(fmt.Sprintf("%s constructs a declarative configuration of the %s type for use with", name, name))
		f.Comment("apply.")
		f.Func().Id(name).Params(jen.Id("name").String()).Op("*").Id(ac).Block(
			jen.Id("b").Op(":=").Op("&").Id(ac).Values(),
			jen.Id("b").Dot("WithName").Call(jen.Id("name")),
			jen.Id("b").Dot("WithKind").Call(jen.Lit(name)),
			jen.Id("b").Dot("WithAPIVersion").Call(jen.Lit(apiVersion)),
			jen.Return(jen.Id("b")),
		)
	case hasTypeMeta(st):
		f.Comment(fmt.Sprintf("%s constructs a declarative configuration of the %s type for use with", ac, name))
		f.Comment("apply.")
		f.Func().Id(name).Params().Op("*").Id(ac).Block(
			jen.Id("b").Op(":=").Op("&").Id(ac).Values(),
			jen.Id("b").Dot("WithKind").Call(jen.Lit(name)),
			jen.Id("b").Dot("WithAPIVersion").Call(jen.Lit(apiVersion)),
			jen.Return(jen.Id("b")),
		)
	default:
		f.Comment(fmt.Sprintf("%s constructs a declarative configuration of the %s type for use with", ac, name))
		f.Comment("apply.")
		f.Func().Id(name).Params().Op("*").Id(ac).Block(jen.Return(jen.Op("&").Id(ac).Values()))
	}
	if k := g.extract[n.Obj()]; k != nil {
		g.extractFuncs(f, k)
	}
	if kind != nil || hasTypeMeta(st) {
		f.Line()
		f.Func().Params(jen.Id("b").Id(ac)).Id("IsApplyConfiguration").Params().Block()
	}

	w := &withWriter{g: g, f: f, ac: ac, done: map[string]bool{}}
	w.withFuncs(st, nil)
	w.getters(st, nil)

	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		return nil, fmt.Errorf("rendering apply configuration of %s.%s: %w", p.Path, name, err)
	}
	return buf.Bytes(), nil
}

// extractFuncs writes Extract<Kind>From, Extract<Kind> and, with a status subresource,
// Extract<Kind>Status, with the signatures of client-go's.
func (g *builder) extractFuncs(f *jen.File, k *model.Kind) {
	name, ac := k.Name, naming.ApplyConfiguration(k.Name)
	identity := "name, kind and apiVersion"
	if k.Namespaced {
		identity = "name, namespace, kind and apiVersion"
	}
	obj := objParam(name)
	from := k.Names.ExtractFrom()
	apiVersion := k.Package.Group + "/" + k.Package.Version
	f.ImportAlias(managedFieldsPkg, "managedfields")
	f.ImportAlias(internalPath(k.Package), "internal")

	/* target shape:
	func ExtractFooFrom(foo *apiv1.Foo, fieldManager string, subresource string) (*FooApplyConfiguration, error) {
		b := &FooApplyConfiguration{}
		err := managedfields.ExtractInto(foo, internal.Parser().Type("com.example.v1.Foo"), fieldManager, b, subresource)
		if err != nil {
			return nil, err
		}
		b.WithName(foo.Name)
		b.WithNamespace(foo.Namespace)

		b.WithKind("Foo")
		b.WithAPIVersion("example.com/v1")
		return b, nil
	}
	*/
	body := []jen.Code{
		jen.Id("b").Op(":=").Op("&").Id(ac).Values(),
		jen.Id("err").Op(":=").Qual(managedFieldsPkg, "ExtractInto").Call(
			jen.Id(obj),
			jen.Qual(internalPath(k.Package), "Parser").Call().Dot("Type").Call(jen.Lit(typeName(k))),
			jen.Id("fieldManager"), jen.Id("b"), jen.Id("subresource"),
		),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
		jen.Id("b").Dot("WithName").Call(jen.Id(obj).Dot("Name")),
	}
	if k.Namespaced {
		body = append(body, jen.Id("b").Dot("WithNamespace").Call(jen.Id(obj).Dot("Namespace")))
	}
	body = append(body,
		jen.Line(),
		jen.Id("b").Dot("WithKind").Call(jen.Lit(name)),
		jen.Id("b").Dot("WithAPIVersion").Call(jen.Lit(apiVersion)),
		jen.Return(jen.Id("b"), jen.Nil()),
	)
	f.Line()
	comment(f, fmt.Sprintf("%s returns what fieldManager owns of %s on a subresource (\"\" for the "+
		"object itself, \"status\" for its status) as an apply configuration: the fields the API "+
		"server's managedFields record as applied by that manager and still owned by it, with %s's %s. "+
		"A field another manager has since taken over (a forced apply, an update) is not in it, so a "+
		"configuration extracted, changed and applied again as fieldManager conflicts with no one and "+
		"gives up only what it leaves out. %s must be as read from the API server, unmodified: the "+
		"field sets describe it.", from, obj, obj, identity, obj))
	f.Func().Id(from).Params(
		jen.Id(obj).Op("*").Qual(k.Package.Path, name),
		jen.Id("fieldManager").String(),
		jen.Id("subresource").String(),
	).Parens(jen.List(jen.Op("*").Id(ac), jen.Error())).Block(body...)

	sub := func(fn, subresource, doc string) {
		f.Line()
		comment(f, doc)
		f.Func().Id(fn).Params(jen.Id(obj).Op("*").Qual(k.Package.Path, name), jen.Id("fieldManager").String()).
			Parens(jen.List(jen.Op("*").Id(ac), jen.Error())).
			Block(jen.Return(jen.Id(from).Call(jen.Id(obj), jen.Id("fieldManager"), jen.Lit(subresource))))
	}
	sub(k.Names.Extract(), "", fmt.Sprintf("%s returns what fieldManager applied and still owns "+
		"of %s itself, not of a subresource; see %s.", k.Names.Extract(), obj, from))
	if k.StatusSubresource {
		sub(k.Names.ExtractStatus(), "status", fmt.Sprintf("%s returns what fieldManager "+
			"applied and still owns of %s's status subresource; see %s.", k.Names.ExtractStatus(), obj, from))
	}
}

// comment writes text as // lines of at most commentWidth columns.
func comment(f *jen.File, text string) {
	line := ""
	for _, w := range strings.Fields(text) {
		if line != "" && len(line)+1+len(w) > commentWidth-3 {
			f.Comment(line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		f.Comment(line)
	}
}

// commentWidth is where the comments opgen writes itself wrap.
const commentWidth = 90

// objParam names the object parameter of the Extract functions as client-go does, the
// kind in lower camel case, unless that is a keyword or a name the body uses.
func objParam(kind string) string {
	p := strings.ToLower(kind[:1]) + kind[1:]
	switch {
	case token.IsKeyword(p), p == "b", p == "err", p == "fieldManager", p == "subresource",
		p == "internal", p == "managedfields", p == "nil":
		return "obj"
	}
	return p
}

// internal renders applyconfiguration/internal/internal.go: the schema the package's
// Extract functions read, parsed once on first use.
func (g *builder) internal(p *model.Package, schemaYAML []byte) ([]byte, error) {
	f := jen.NewFilePathName(internalPath(p), internalDir)
	g.ctx.HeaderComments(f)
	f.ImportAlias(typedPkg, "typed")
	/* target shape:
	func Parser() *typed.Parser {
		parserOnce.Do(func() {
			var err error
			parser, err = typed.NewParser(schemaYAML)
			if err != nil {
				panic(fmt.Sprintf("Failed to parse schema: %v", err))
			}
		})
		return parser
	}
	*/
	f.Comment("Parser returns the parser of the structured-merge-diff schema below, built on the first")
	f.Comment("call. The generator checked that the schema parses.")
	f.Func().Id("Parser").Params().Op("*").Qual(typedPkg, "Parser").Block(
		jen.Id("parserOnce").Dot("Do").Call(jen.Func().Params().Block(
			jen.Var().Err().Error(),
			jen.List(jen.Id("parser"), jen.Err()).Op("=").Qual(typedPkg, "NewParser").Call(jen.Id("schemaYAML")),
			jen.If(jen.Err().Op("!=").Nil()).Block(
				jen.Panic(jen.Qual("fmt", "Sprintf").Call(jen.Lit("Failed to parse schema: %v"), jen.Err())),
			),
		)),
		jen.Return(jen.Id("parser")),
	)
	f.Line()
	f.Var().Id("parserOnce").Qual("sync", "Once")
	f.Var().Id("parser").Op("*").Qual(typedPkg, "Parser")
	f.Line()
	f.Comment("schemaYAML describes the kinds with Extract functions as the API server tracks their")
	f.Comment("fields: derived from their CustomResourceDefinitions' schemas, with ObjectMeta and the")
	f.Comment("types it refers to.")
	f.Var().Id("schemaYAML").Op("=").Qual(typedPkg, "YAMLObject").Call(rawString(string(schemaYAML)))
	return contract.Render(f, internalPath(p))
}

// rawString renders s as a raw string literal, backquotes spliced in as
// interpreted ones.
func rawString(s string) jen.Code {
	parts := strings.Split(s, "`")
	return jen.Op("`" + strings.Join(parts, "` + \"`\" + `") + "`")
}

func hasTypeMeta(st *types.Struct) bool {
	for i := 0; i < st.NumFields(); i++ {
		if f := st.Field(i); f.Embedded() && model.IsNamed(f.Type(), metaV1, "TypeMeta") {
			return true
		}
	}
	return false
}

// embed is one step of the path from an apply configuration to a promoted field.
type embed struct {
	field  string // the embedded apply configuration's field name
	inline bool
	parent *embed
}

func (e *embed) path() *jen.Statement {
	if e == nil {
		return jen.Id("b")
	}
	return e.parent.path().Dot(e.field)
}

type withWriter struct {
	g    *builder
	f    *jen.File
	ac   string
	done map[string]bool
}

// ensure returns the ensure<X>Exists calls needed before touching a promoted field.
func (w *withWriter) ensure(e *embed) []jen.Code {
	var out []jen.Code
	for ; e != nil; e = e.parent {
		if !e.inline {
			out = append([]jen.Code{jen.Id("b").Dot("ensure" + e.field + "Exists").Call()}, out...)
		}
	}
	return out
}

func (w *withWriter) withFuncs(st *types.Struct, in *embed) {
	for _, m := range members(st) {
		if w.done[m.name] && !m.embedded {
			continue
		}
		t := m.v.Type()
		if m.embedded {
			inner, ok := deref(t).Underlying().(*types.Struct)
			if !ok {
				continue
			}
			_, acName, _ := w.g.acOf(deref(t))
			if acName == "" {
				continue
			}
			e := &embed{field: acName, inline: m.inline, parent: in}
			w.withFuncs(inner, e)
			if !m.inline {
				/* target shape:
				func (b *FooApplyConfiguration) ensureObjectMetaApplyConfigurationExists() {
					if b.ObjectMetaApplyConfiguration == nil {
						b.ObjectMetaApplyConfiguration = &metav1.ObjectMetaApplyConfiguration{}
					}
				}
				*/
				target := e.path()
				w.f.Line()
				w.f.Func().Params(jen.Id("b").Op("*").Id(w.ac)).Id("ensure" + acName + "Exists").Params().Block(
					jen.If(target.Clone().Op("==").Nil()).Block(
						target.Clone().Op("=").Op("&").Add(w.g.memberType(deref(t))).Values(),
					),
				)
			}
			continue
		}
		w.done[m.name] = true
		field := in.path().Dot(m.name)
		mt := w.g.memberType(t)
		recv := jen.Id("b").Op("*").Id(w.ac)
		fn := "With" + m.name
		body := w.ensure(in)
		w.f.Line()
		d := deref(t)
		switch {
		case isSliceOfAC(w.g, d):
			/* target shape:
			func (b *FooApplyConfiguration) WithItems(values ...*ItemApplyConfiguration) *FooApplyConfiguration {
				for i := range values {
					if values[i] == nil { panic("nil value passed to WithItems") }
					b.Items = append(b.Items, *values[i])
				}
				return b
			}
			*/
			elem := w.g.memberType(d.(*types.Slice).Elem())
			target := field.Clone()
			if _, isPtr := types.Unalias(t).(*types.Pointer); isPtr {
				w.ensureSlice(m.name, elem)
				body = append(body, jen.Id("b").Dot("ensure"+m.name+"Exists").Call())
				target = jen.Op("*").Add(field.Clone())
			}
			w.sliceDoc(m.name)
			body = append(body, jen.For(jen.Id("i").Op(":=").Range().Id("values")).Block(
				jen.If(jen.Id("values").Index(jen.Id("i")).Op("==").Nil()).Block(
					jen.Panic(jen.Lit("nil value passed to "+fn)),
				),
				target.Clone().Op("=").Append(target.Clone(), jen.Op("*").Id("values").Index(jen.Id("i"))),
			), jen.Return(jen.Id("b")))
			w.f.Func().Params(recv).Id(fn).Params(jen.Id("values").Op("...").Op("*").Add(elem)).Op("*").Id(w.ac).Block(body...)
		case isSlice(t):
			w.sliceDoc(m.name)
			elem := raw(types.Unalias(t).(*types.Slice).Elem())
			body = append(body, jen.For(jen.Id("i").Op(":=").Range().Id("values")).Block(
				field.Clone().Op("=").Append(field.Clone(), jen.Id("values").Index(jen.Id("i"))),
			), jen.Return(jen.Id("b")))
			w.f.Func().Params(recv).Id(fn).Params(jen.Id("values").Op("...").Add(elem)).Op("*").Id(w.ac).Block(body...)
		case isMap(t):
			w.f.Comment(fmt.Sprintf("%s puts the entries into the %s field in the declarative configuration", fn, m.name))
			w.f.Comment("and returns the receiver, so that objects can be build by chaining \"With\" function invocations.")
			w.f.Comment(fmt.Sprintf("If called multiple times, the entries provided by each call will be put on the %s field,", m.name))
			w.f.Comment(fmt.Sprintf("overwriting an existing map entries in %s field with the same key.", m.name))
			body = append(body,
				jen.If(field.Clone().Op("==").Nil().Op("&&").Len(jen.Id("entries")).Op(">").Lit(0)).Block(
					field.Clone().Op("=").Make(mt, jen.Len(jen.Id("entries"))),
				),
				jen.For(jen.List(jen.Id("k"), jen.Id("v")).Op(":=").Range().Id("entries")).Block(
					field.Clone().Index(jen.Id("k")).Op("=").Id("v"),
				),
				jen.Return(jen.Id("b")))
			w.f.Func().Params(recv).Id(fn).Params(jen.Id("entries").Add(mt)).Op("*").Id(w.ac).Block(body...)
		default:
			w.f.Comment(fmt.Sprintf("%s sets the %s field in the declarative configuration to the given value", fn, m.name))
			w.f.Comment("and returns the receiver, so that objects can be built by chaining \"With\" function invocations.")
			w.f.Comment(fmt.Sprintf("If called multiple times, the %s field is set to the value of the last call.", m.name))
			if w.g.isAC(t) || isNillable(t) {
				body = append(body, field.Clone().Op("=").Id("value"))
			} else {
				body = append(body, field.Clone().Op("=").Op("&").Id("value"))
			}
			body = append(body, jen.Return(jen.Id("b")))
			param := mt
			if w.g.isAC(t) {
				param = jen.Op("*").Add(mt)
			}
			w.f.Func().Params(recv).Id(fn).Params(jen.Id("value").Add(param)).Op("*").Id(w.ac).Block(body...)
		}
	}
}

func (w *withWriter) sliceDoc(name string) {
	w.f.Comment(fmt.Sprintf("With%s adds the given value to the %s field in the declarative configuration", name, name))
	w.f.Comment("and returns the receiver, so that objects can be build by chaining \"With\" function invocations.")
	w.f.Comment(fmt.Sprintf("If called multiple times, values provided by each call will be appended to the %s field.", name))
}

func (w *withWriter) ensureSlice(name string, elem jen.Code) {
	w.f.Func().Params(jen.Id("b").Op("*").Id(w.ac)).Id("ensure" + name + "Exists").Params().Block(
		jen.If(jen.Id("b").Dot(name).Op("==").Nil()).Block(
			jen.Id("b").Dot(name).Op("=").Op("&").Index().Add(elem).Values(),
		),
	)
	w.f.Line()
}

// getters writes GetKind, GetAPIVersion, GetName and GetNamespace, which apply needs,
// promoted from TypeMeta and ObjectMeta.
func (w *withWriter) getters(st *types.Struct, in *embed) {
	for _, m := range members(st) {
		t := deref(m.v.Type())
		if m.embedded {
			inner, ok := t.Underlying().(*types.Struct)
			_, acName, hasAC := w.g.acOf(t)
			if ok && hasAC {
				w.getters(inner, &embed{field: acName, inline: m.inline, parent: in})
			}
			continue
		}
		owner := m.v.Pkg()
		if in == nil || owner == nil || owner.Path() != metaV1 {
			continue
		}
		switch m.name {
		case "Kind", "APIVersion", "Name", "Namespace":
		default:
			continue
		}
		w.f.Line()
		w.f.Comment(fmt.Sprintf("Get%s retrieves the value of the %s field in the declarative configuration.", m.name, m.name))
		body := append(w.ensure(in), jen.Return(in.path().Dot(m.name)))
		w.f.Func().Params(jen.Id("b").Op("*").Id(w.ac)).Id("Get" + m.name).Params().Op("*").Add(raw(m.v.Type())).Block(body...)
	}
}

func isSlice(t types.Type) bool {
	_, ok := types.Unalias(t).(*types.Slice)
	return ok
}

func isMap(t types.Type) bool {
	_, ok := types.Unalias(t).(*types.Map)
	return ok
}

func isSliceOfAC(g *builder, t types.Type) bool {
	s, ok := types.Unalias(t).(*types.Slice)
	return ok && g.isAC(s.Elem())
}

// aliases names imports the way upstream's output reads: corev1, metav1 for API types,
// and <group><version>ac for client-go's apply configurations.
func (g *builder) aliases(f *jen.File, p *model.Package) {
	f.ImportAlias(p.Path, "api"+p.Version)
	for path, alias := range importAliases() {
		f.ImportAlias(path, alias)
	}
}

// importAliases is computed once: every file of a run uses the same table.
var importAliases = sync.OnceValue(func() map[string]string {
	m := map[string]string{
		metaV1:                          "metav1",
		metaV1AC:                        "metav1ac",
		"k8s.io/apimachinery/pkg/types": "types",
	}
	for _, acPkg := range kubeapi.ApplyConfigurations {
		if _, done := m[acPkg]; done {
			continue
		}
		apiPkg := "k8s.io/api/" + strings.TrimPrefix(acPkg, kubeapi.ApplyConfigurationsPrefix)
		m[acPkg], m[apiPkg] = naming.KubeAlias(acPkg), naming.KubeAlias(apiPkg)
	}
	return m
})

// utils renders applyconfiguration/utils.go: ForKind over the package's structs.
func (g *builder) utils(p *model.Package, structs []*types.Named) ([]byte, error) {
	pkgPath := path.Join(p.Path, model.ApplyConfigurationDir)
	f := jen.NewFilePathName(pkgPath, model.ApplyConfigurationDir)
	g.ctx.HeaderComments(f)
	acPkg := p.ApplyConfigurationPath()
	f.ImportAlias(acPkg, "ac"+p.Version)
	/* target shape:
	func ForKind(kind schema.GroupVersionKind) interface{} {
		switch kind {
		case schema.GroupVersionKind{Group: "g", Version: "v1", Kind: "Foo"}:
			return &acv1.FooApplyConfiguration{}
		}
		return nil
	}
	*/
	var cases []jen.Code
	cases = append(cases, jen.Comment(fmt.Sprintf("Group=%s, Version=%s", p.Group, p.Version)))
	for _, n := range structs {
		cases = append(cases, jen.Case(jen.Qual("k8s.io/apimachinery/pkg/runtime/schema", "GroupVersionKind").Add(contract.Literal(
			contract.Field{Name: "Group", Value: jen.Lit(p.Group)},
			contract.Field{Name: "Version", Value: jen.Lit(p.Version)},
			contract.Field{Name: "Kind", Value: jen.Lit(n.Obj().Name())},
		))).Block(jen.Return(jen.Op("&").Qual(acPkg, naming.ApplyConfiguration(n.Obj().Name())).Values())))
	}
	f.Comment("ForKind returns an apply configuration type for the given GroupVersionKind, or nil if no")
	f.Comment("apply configuration type exists for the given GroupVersionKind.")
	f.Func().Id("ForKind").Params(jen.Id("kind").Qual("k8s.io/apimachinery/pkg/runtime/schema", "GroupVersionKind")).Interface().Block(
		jen.Switch(jen.Id("kind")).Block(cases...),
		jen.Return(jen.Nil()),
	)
	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		return nil, fmt.Errorf("rendering %s/utils.go: %w", pkgPath, err)
	}
	return buf.Bytes(), nil
}

// indexDocs records the doc comments of the package's types and struct fields, with
// marker lines removed, as upstream copies them onto apply configurations.
func (g *builder) indexDocs(p *model.Package) {
	lp := p.Loaded
	if lp.TypesInfo == nil {
		return
	}
	for _, file := range lp.Syntax {
		for _, decl := range file.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, spec := range gd.Specs {
				ts, ok := spec.(*ast.TypeSpec)
				if !ok {
					continue
				}
				doc := ts.Doc
				if doc == nil && len(gd.Specs) == 1 {
					doc = gd.Doc
				}
				if obj := lp.TypesInfo.Defs[ts.Name]; obj != nil {
					g.docs[obj] = docText(doc)
				}
				st, ok := ts.Type.(*ast.StructType)
				if !ok {
					continue
				}
				for _, fld := range st.Fields.List {
					for _, id := range fld.Names {
						if obj := lp.TypesInfo.Defs[id]; obj != nil {
							g.docs[obj] = docText(fld.Doc)
						}
					}
				}
			}
		}
	}
}

func docText(g *ast.CommentGroup) string {
	if g == nil {
		return ""
	}
	var lines []string
	for _, c := range g.List {
		text := c.Text
		if !strings.HasPrefix(text, "//") {
			continue
		}
		text = strings.TrimSpace(text[2:])
		if strings.HasPrefix(text, "+") {
			continue
		}
		lines = append(lines, text)
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}
