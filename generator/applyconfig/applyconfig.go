package applyconfig

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"path/filepath"
	"sort"
	"strings"

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

func hasTypeMeta(st *types.Struct) bool {
	for i := 0; i < st.NumFields(); i++ {
		if f := st.Field(i); f.Embedded() && model.IsNamed(f.Type(), metaV1, "TypeMeta") {
			return true
		}
	}
	return false
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
