package applyconfig

import (
	"embed"
	"fmt"
	"go/types"
	"path"
	"strconv"
	"strings"
	"sync"

	"github.com/opgen-dev/opgen/generator/gotmpl"
	"github.com/opgen-dev/opgen/kubeapi"
	"github.com/opgen-dev/opgen/model"
	"github.com/opgen-dev/opgen/naming"
)

// The templates of the three kinds of file: one apply configuration
// (applyconfig.go.tmpl), ForKind (utils.go.tmpl) and the schema of Extract
// (internal.go.tmpl). The walk over a struct's fields, through embedded structs, is Go
// code: it lists what the template writes, a field, a With function, a getter, each
// with its types spelled by the file's imports.
//
//go:embed *.go.tmpl
var templates embed.FS

var tmpl = gotmpl.MustParse(templates, "*.go.tmpl")

// acFile is what applyconfig.go.tmpl is filled with: the apply configuration of one
// struct.
type acFile struct {
	Package string
	// Name is the struct's, AC its apply configuration's; Doc the struct's doc comment.
	Name, AC string
	Doc      []string
	Fields   []acField
	// Kind is set for a root kind; TypeMeta for another struct that embeds TypeMeta.
	Kind       *model.Kind
	TypeMeta   bool
	APIVersion string
	Extract    *extract
	Methods    []method
	Imports    gotmpl.Imports

	g *builder
	p *model.Package
}

// acField is a field of the apply configuration: Decl is its name and type (the type
// alone for an embedded one), Tag its struct tag.
type acField struct {
	Doc       []string
	Decl, Tag string
}

// extract is what the Extract functions of an owned kind need.
type extract struct {
	// Obj names the object parameter; From is Extract<Kind>From, with its doc lines.
	Obj, From string
	FromDoc   []string
	// TypeName is the kind's type in the schema.
	TypeName string
	// API, ManagedFields and Internal are the file's names of the kind's package,
	// apimachinery's managedfields and the schema's package.
	API, ManagedFields, Internal string
	Subresources                 []subresource
}

// subresource is Extract<Kind> (Subresource "") or Extract<Kind>Status.
type subresource struct {
	Func, Subresource string
	Doc               []string
}

// method is one method of the apply configuration, of one Kind: "set", "append",
// "appendAC" (values are apply configurations, passed by pointer), "map", "get", or
// "ensure" (creating an embedded pointer before a promoted field is set).
type method struct {
	Kind string
	// Func is the method; Field the field it reads or writes, Target the field's path
	// from the receiver.
	Func, Field, Target string
	// Type is the parameter's type ("set", "map"), the elements' ("append",
	// "appendAC"), the result's ("get"), or the value created ("ensure"); Value is what
	// "set" assigns.
	Type, Value string
	// Ensure are the ensure methods to call first; EnsureSlice, for a pointer to a slice,
	// the one the method declares just before itself.
	Ensure      []string
	EnsureSlice string
}

// file renders the apply configuration of one struct.
func (g *builder) file(p *model.Package, n *types.Named) ([]byte, error) {
	acPkg := p.ApplyConfigurationPath()
	name := n.Obj().Name()
	st := n.Underlying().(*types.Struct)
	f := &acFile{
		Package: path.Base(acPkg), Name: name, AC: naming.ApplyConfiguration(name),
		Doc: commentLines(g.docs[n.Obj()]), Kind: g.kinds[n.Obj()], TypeMeta: hasTypeMeta(st),
		APIVersion: p.Group + "/" + p.Version, g: g, p: p,
	}
	for _, m := range members(st) {
		fld := acField{Doc: commentLines(g.docs[m.v])}
		mt := f.memberType(m.v.Type())
		switch {
		case m.embedded && m.inline:
			fld.Decl, fld.Tag = mt, tag(",inline")
		case m.embedded:
			fld.Decl, fld.Tag = "*"+mt, tag(m.json+",omitempty")
		case isNillable(m.v.Type()):
			fld.Decl, fld.Tag = m.name+" "+mt, tag(m.json+",omitempty")
		default:
			fld.Decl, fld.Tag = m.name+" *"+mt, tag(m.json+",omitempty")
		}
		f.Fields = append(f.Fields, fld)
	}
	if k := g.extract[n.Obj()]; k != nil {
		f.Extract = f.extract(k)
	}
	w := &withWriter{f: f, done: map[string]bool{}}
	w.withFuncs(st, nil)
	w.getters(st, nil)
	src, err := tmpl.File(g.ctx.GoHeader(), "applyconfig.go.tmpl", f)
	if err != nil {
		return nil, fmt.Errorf("rendering apply configuration of %s.%s: %w", p.Path, name, err)
	}
	return src, nil
}

// tag is a field's json struct tag.
func tag(json string) string {
	t := "json:" + strconv.Quote(json)
	if strconv.CanBackquote(t) {
		return "`" + t + "`"
	}
	return strconv.Quote(t)
}

// commentLines are doc text as // comment lines.
func commentLines(doc string) []string {
	if doc == "" {
		return nil
	}
	var out []string
	for _, l := range strings.Split(doc, "\n") {
		if !strings.HasPrefix(l, "//") && !strings.HasPrefix(l, "/*") {
			l = strings.TrimRight("// "+l, " ")
		}
		out = append(out, l)
	}
	return out
}

// extract describes Extract<Kind>From, Extract<Kind> and, with a status subresource,
// Extract<Kind>Status, with the signatures of client-go's.
func (f *acFile) extract(k *model.Kind) *extract {
	identity := "name, kind and apiVersion"
	if k.Namespaced {
		identity = "name, namespace, kind and apiVersion"
	}
	obj := objParam(k.Name)
	from := k.Names.ExtractFrom()
	e := &extract{
		Obj: obj, From: from, TypeName: typeName(k),
		API:           f.qual(k.Package.Path),
		ManagedFields: f.Imports.Add("managedfields", managedFieldsPkg),
		Internal:      f.Imports.Add("internal", internalPath(k.Package)),
		FromDoc: wrap(fmt.Sprintf("%s returns what fieldManager owns of %s on a subresource (\"\" for the "+
			"object itself, \"status\" for its status) as an apply configuration: the fields the API "+
			"server's managedFields record as applied by that manager and still owned by it, with %s's %s. "+
			"A field another manager has since taken over (a forced apply, an update) is not in it, so a "+
			"configuration extracted, changed and applied again as fieldManager conflicts with no one and "+
			"gives up only what it leaves out. %s must be as read from the API server, unmodified: the "+
			"field sets describe it.", from, obj, obj, identity, obj)),
	}
	e.Subresources = append(e.Subresources, subresource{Func: k.Names.Extract(), Doc: wrap(fmt.Sprintf(
		"%s returns what fieldManager applied and still owns of %s itself, not of a subresource; see %s.",
		k.Names.Extract(), obj, from))})
	if k.StatusSubresource {
		e.Subresources = append(e.Subresources, subresource{Func: k.Names.ExtractStatus(), Subresource: "status", Doc: wrap(fmt.Sprintf(
			"%s returns what fieldManager applied and still owns of %s's status subresource; see %s.",
			k.Names.ExtractStatus(), obj, from))})
	}
	return e
}

// wrap is text as // lines of at most commentWidth columns.
func wrap(text string) []string {
	var out []string
	line := ""
	for _, w := range strings.Fields(text) {
		if line != "" && len(line)+1+len(w) > commentWidth-3 {
			out = append(out, "// "+line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		out = append(out, "// "+line)
	}
	return out
}

// commentWidth is where the comments opgen writes itself wrap.
const commentWidth = 90

// qual is the file's name of the package at pkgPath, imported under the alias
// upstream's output reads (see importAliases), else under its own path's name.
func (f *acFile) qual(pkgPath string) string {
	alias, ok := importAliases()[pkgPath]
	switch {
	case pkgPath == f.p.Path:
		alias = "api" + f.p.Version
	case ok:
	case !strings.Contains(strings.Split(pkgPath, "/")[0], "."):
		alias = "" // the standard library, by its own name
	default:
		alias = naming.PathAlias(pkgPath)
	}
	return f.Imports.Add(alias, pkgPath)
}

// named spells a type declared in pkgPath.
func (f *acFile) named(pkgPath, name string) string {
	if pkgPath == f.p.ApplyConfigurationPath() {
		return name
	}
	return f.qual(pkgPath) + "." + name
}

// memberType is the type an apply configuration uses for a field of type t, before
// the pointer that makes scalars optional.
func (f *acFile) memberType(t types.Type) string {
	t = types.Unalias(t)
	switch u := t.(type) {
	case *types.Named:
		if pkg, name, ok := f.g.acOf(u); ok {
			return f.named(pkg, name)
		}
	case *types.Pointer:
		return f.memberType(u.Elem())
	case *types.Slice:
		if f.g.reachesAC(u.Elem()) {
			return "[]" + f.memberType(u.Elem())
		}
	case *types.Map:
		if f.g.reachesAC(u.Elem()) {
			return "map[" + f.raw(u.Key()) + "]" + f.memberType(u.Elem())
		}
	}
	return f.raw(t)
}

// raw spells a Go type as it is.
func (f *acFile) raw(t types.Type) string {
	switch u := types.Unalias(t).(type) {
	case *types.Basic:
		return u.Name()
	case *types.Named:
		obj := u.Obj()
		if obj.Pkg() == nil {
			return obj.Name()
		}
		return f.named(obj.Pkg().Path(), obj.Name())
	case *types.Pointer:
		return "*" + f.raw(u.Elem())
	case *types.Slice:
		return "[]" + f.raw(u.Elem())
	case *types.Array:
		return fmt.Sprintf("[%d]%s", u.Len(), f.raw(u.Elem()))
	case *types.Map:
		return "map[" + f.raw(u.Key()) + "]" + f.raw(u.Elem())
	case *types.Interface:
		if u.Empty() {
			return "interface{}"
		}
	}
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

// step is one step of the path from an apply configuration to a promoted field: an
// embedded apply configuration.
type step struct {
	field  string // the embedded apply configuration's field name
	inline bool
	parent *step
}

func (e *step) path() string {
	if e == nil {
		return "b"
	}
	return e.parent.path() + "." + e.field
}

// ensure returns the ensure<X>Exists methods to call before touching a promoted field.
func (e *step) ensure() []string {
	var out []string
	for ; e != nil; e = e.parent {
		if !e.inline {
			out = append([]string{"ensure" + e.field + "Exists"}, out...)
		}
	}
	return out
}

type withWriter struct {
	f    *acFile
	done map[string]bool
}

func (w *withWriter) add(m method) { w.f.Methods = append(w.f.Methods, m) }

// withFuncs lists a With function per field, promoted through embedded structs, and an
// ensure method per embedded pointer.
func (w *withWriter) withFuncs(st *types.Struct, in *step) {
	g := w.f.g
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
			_, acName, _ := g.acOf(deref(t))
			if acName == "" {
				continue
			}
			e := &step{field: acName, inline: m.inline, parent: in}
			w.withFuncs(inner, e)
			if !m.inline {
				w.add(method{Kind: "ensure", Func: "ensure" + acName + "Exists", Target: e.path(), Type: w.f.memberType(deref(t))})
			}
			continue
		}
		w.done[m.name] = true
		fm := method{Func: "With" + m.name, Field: m.name, Target: in.path() + "." + m.name, Ensure: in.ensure()}
		d := deref(t)
		switch {
		case isSliceOfAC(g, d):
			fm.Kind, fm.Type = "appendAC", w.f.memberType(d.(*types.Slice).Elem())
			if _, isPtr := types.Unalias(t).(*types.Pointer); isPtr {
				fm.EnsureSlice = "ensure" + m.name + "Exists"
				fm.Ensure = append(fm.Ensure, fm.EnsureSlice)
				fm.Target = "*" + fm.Target
			}
		case isSlice(t):
			fm.Kind, fm.Type = "append", w.f.raw(types.Unalias(t).(*types.Slice).Elem())
		case isMap(t):
			fm.Kind, fm.Type = "map", w.f.memberType(t)
		default:
			fm.Kind, fm.Type, fm.Value = "set", w.f.memberType(t), "&value"
			if g.isAC(t) || isNillable(t) {
				fm.Value = "value"
			}
			if g.isAC(t) {
				fm.Type = "*" + fm.Type
			}
		}
		w.add(fm)
	}
}

// getters lists GetKind, GetAPIVersion, GetName and GetNamespace, which apply needs,
// promoted from TypeMeta and ObjectMeta.
func (w *withWriter) getters(st *types.Struct, in *step) {
	for _, m := range members(st) {
		t := deref(m.v.Type())
		if m.embedded {
			inner, ok := t.Underlying().(*types.Struct)
			_, acName, hasAC := w.f.g.acOf(t)
			if ok && hasAC {
				w.getters(inner, &step{field: acName, inline: m.inline, parent: in})
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
		w.add(method{Kind: "get", Func: "Get" + m.name, Field: m.name, Target: in.path() + "." + m.name,
			Type: w.f.raw(m.v.Type()), Ensure: in.ensure()})
	}
}

// internal renders applyconfiguration/internal/internal.go: the schema the package's
// Extract functions read, parsed once on first use.
func (g *builder) internal(p *model.Package, schemaYAML []byte) ([]byte, error) {
	return tmpl.File(g.ctx.GoHeader(), "internal.go.tmpl", map[string]string{
		"Package": internalDir, "Schema": rawString(string(schemaYAML)),
	})
}

// rawString is s as a raw string literal, backquotes spliced in as interpreted ones.
func rawString(s string) string {
	return "`" + strings.Join(strings.Split(s, "`"), "` + \"`\" + `") + "`"
}

// utils renders applyconfiguration/utils.go: ForKind over the package's structs.
func (g *builder) utils(p *model.Package, structs []*types.Named) ([]byte, error) {
	var names []string
	for _, n := range structs {
		names = append(names, n.Obj().Name())
	}
	src, err := tmpl.File(g.ctx.GoHeader(), "utils.go.tmpl", map[string]any{
		"Package": model.ApplyConfigurationDir, "Alias": "ac" + p.Version, "Path": p.ApplyConfigurationPath(),
		"Group": p.Group, "Version": p.Version, "Types": names,
	})
	if err != nil {
		return nil, fmt.Errorf("rendering %s/utils.go: %w", path.Join(p.Path, model.ApplyConfigurationDir), err)
	}
	return src, nil
}

// importAliases name imports the way upstream's output reads: corev1, metav1 for API
// types, and <group><version>ac for client-go's apply configurations. Computed once:
// every file of a run uses the same table.
var importAliases = sync.OnceValue(func() map[string]string {
	m := map[string]string{
		metaV1:                          naming.Standard[metaV1],
		metaV1AC:                        naming.KubeAlias(metaV1AC),
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
