package statusupdate

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// SetsStatus is the fact of a status setter: a function or method that, on every path,
// gives fields of the status of its receiver or of one of its parameters constant
// values (func (b *Backup) SetFailed(err error) { b.Status.State = BackupFailed; … }),
// or the value of another parameter of a basic type (func SetState(b *Backup, msg,
// state string) { b.Status.State = state }), the call's argument in its place.
// A call of it on the written object is, for rule 7, those assignments: a write past
// an early exit on State == BackupFailed, after b.SetFailed(err), or SetState(b, msg,
// BackupFailed), moves the state.
type SetsStatus struct {
	// Param is the index of the parameter whose status it sets, -1 for the receiver.
	Param int
	// Fields are the fields it sets, each once and with nothing else assigning them.
	Fields []SetField
	// OnStatus says the receiver or parameter is the status itself, a method of the
	// status type (func (s *BackupStatus) SetPhase(p Phase) { s.Phase = p }, called
	// as b.Status.SetPhase(Failed)): Fields are its own fields.
	OnStatus bool
}

// SetField is a status field a setter gives a constant value.
type SetField struct {
	// Path is the field under the status, with a leading dot (".State").
	Path string
	// Kind and Exact are the constant's kind and exact spelling (constant.Value
	// cannot travel in a fact).
	Kind  constant.Kind
	Exact string
	// FromArg says the field is given the parameter Arg, by index, as it is: the
	// call's argument stands in its place.
	FromArg bool
	Arg     int
}

// AFact marks SetsStatus as an analysis fact.
func (*SetsStatus) AFact() {}

func (f *SetsStatus) String() string { return "sets status" }

// value is the constant the field is given; nil for a kind that does not travel.
func (s SetField) value() constant.Value {
	switch s.Kind {
	case constant.String:
		return constant.MakeFromLiteral(s.Exact, token.STRING, 0)
	case constant.Int:
		return constant.MakeFromLiteral(s.Exact, token.INT, 0)
	case constant.Bool:
		return constant.MakeBool(s.Exact == "true")
	}
	return nil
}

// exportSetsStatus marks the package's status setters, functions that take no context
// (so make no request): for the receiver and each parameter, the status fields the function's top-level statements assign a
// constant, when no other statement of it assigns them.
func exportSetsStatus(pass *analysis.Pass, g *guards) {
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if fn == nil {
				continue
			}
			if takesContext(fn) {
				continue // it talks to the API server: a writer, judged as one, not a setter
			}
			var names []string
			if fd.Recv != nil && len(fd.Recv.List) == 1 && len(fd.Recv.List[0].Names) == 1 {
				names = append(names, fd.Recv.List[0].Names[0].Name)
			} else {
				names = append(names, "")
			}
			for i := 0; i < fn.Signature().Params().Len(); i++ {
				names = append(names, fn.Signature().Params().At(i).Name())
			}
			for i, name := range names {
				if name == "" || name == "_" {
					continue
				}
				if fact := setsStatus(g, fd, name, false); len(fact) > 0 {
					pass.ExportObjectFact(fn, &SetsStatus{Param: i - 1, Fields: fact})
					break
				}
				if isStatusType(fn, i-1) {
					if fact := setsStatus(g, fd, name, true); len(fact) > 0 {
						pass.ExportObjectFact(fn, &SetsStatus{Param: i - 1, Fields: fact, OnStatus: true})
						break
					}
				}
			}
		}
	}
}

// isStatusType reports whether fn's receiver (i == -1) or parameter i is a pointer to
// a struct type named …Status: the status of a kind, which a setter of its own sets
// field by field.
func isStatusType(fn *types.Func, i int) bool {
	sig := fn.Signature()
	var t types.Type
	switch {
	case i < 0 && sig.Recv() != nil:
		t = sig.Recv().Type()
	case i >= 0 && i < sig.Params().Len():
		t = sig.Params().At(i).Type()
	default:
		return false
	}
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := p.Elem().(*types.Named)
	if !ok {
		return false
	}
	_, isStruct := n.Underlying().(*types.Struct)
	return isStruct && strings.HasSuffix(n.Obj().Name(), "Status")
}

// setsStatus are the status fields of name that fd sets to a constant on every path;
// onStatus, the fields of name itself, a status (see SetsStatus.OnStatus).
func setsStatus(g *guards, fd *ast.FuncDecl, name string, onStatus bool) []SetField {
	k := keyer{g: g, obj: name, stack: []ast.Node{fd, fd.Body}}
	if onStatus {
		// name is the status: its fields key as the object's status fields, and no
		// name is the object.
		k.obj, k.status = "", name
	}
	count := map[string]int{}
	at := map[string]token.Pos{}
	firstReturn := token.NoPos
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				count[k.key(l)]++
				at[k.key(l)] = n.Pos()
			}
		case *ast.IncDecStmt:
			count[k.key(n.X)]++
		case *ast.ReturnStmt:
			if !firstReturn.IsValid() {
				firstReturn = n.Pos()
			}
		}
		return true
	})
	var out []SetField
	params := fd.Type.Params
	for _, a := range k.assigns(fd.Body.List) {
		if count[a.lhs] != 1 || !strings.HasPrefix(a.lhs, "$.Status.") {
			continue
		}
		if firstReturn.IsValid() && firstReturn < at[a.lhs] && !k.onlyAlreadyExits(fd.Body.List, at[a.lhs], a) {
			continue // a path returns before it: not on every path
		}
		if written, whole := count["$.Status"], count["$"]; written > 0 || whole > 0 {
			return nil // the status is replaced too
		}
		path, _ := strings.CutPrefix(a.lhs, "$.Status")
		switch {
		case a.value != nil && (a.value.Kind() == constant.String || a.value.Kind() == constant.Int || a.value.Kind() == constant.Bool):
			out = append(out, SetField{Path: path, Kind: a.value.Kind(), Exact: a.value.ExactString()})
		case a.value == nil && a.param != nil && a.param.rest == "" && basicParam(g.pass.TypesInfo, params, a.param.index):
			out = append(out, SetField{Path: path, FromArg: true, Arg: a.param.index})
		}
	}
	return out
}

// onlyAlreadyExits reports whether every return of list before pos is an early exit
// taken only when the field a assigns already holds what a gives it: the body of an if
// at the top of list, with no else, that does nothing but return, whose condition is
// that field == that value (func (r *R) setPhase(obj *Foo, p Phase) { if
// obj.Status.Phase == p { return }; obj.Status.Phase = p; … }). Past the call the field
// holds the value on every path, as if the assignment were unconditional.
func (k keyer) onlyAlreadyExits(list []ast.Stmt, pos token.Pos, a assignment) bool {
	info := k.g.pass.TypesInfo
	same := func(e ast.Expr) bool {
		switch {
		case a.value != nil:
			tv, ok := info.Types[e]
			return ok && tv.Value != nil && constant.Compare(tv.Value, token.EQL, a.value)
		case a.param != nil && a.param.rest == "" && a.expr != nil:
			id, ok := ast.Unparen(e).(*ast.Ident)
			rid, rok := ast.Unparen(a.expr).(*ast.Ident)
			return ok && rok && info.Uses[id] != nil && info.Uses[id] == info.Uses[rid]
		}
		return false
	}
	for _, st := range list {
		if st.Pos() >= pos {
			break
		}
		if !syntax.HasReturn(st) {
			continue
		}
		is, ok := st.(*ast.IfStmt)
		if !ok || is.Init != nil || is.Else != nil || len(is.Body.List) != 1 {
			return false
		}
		if _, ok := is.Body.List[0].(*ast.ReturnStmt); !ok {
			return false
		}
		eq, ok := ast.Unparen(is.Cond).(*ast.BinaryExpr)
		if !ok || eq.Op != token.EQL {
			return false
		}
		if !(k.key(eq.X) == a.lhs && same(eq.Y) || k.key(eq.Y) == a.lhs && same(eq.X)) {
			return false
		}
	}
	return true
}

// basicParam reports whether parameter i of params is of a basic type (a string, a
// number, a bool, or a named type of one: a state's type), not variadic.
func basicParam(info *types.Info, params *ast.FieldList, i int) bool {
	n := 0
	for _, f := range params.List {
		names := max(len(f.Names), 1)
		if i < n+names {
			if _, variadic := f.Type.(*ast.Ellipsis); variadic {
				return false
			}
			_, ok := info.TypeOf(f.Type).Underlying().(*types.Basic)
			return ok
		}
		n += names
	}
	return false
}

// setterAssigns are the assignments a call statement of a status setter makes to the
// written object's status; nil when st is no such call.
func (k keyer) setterAssigns(st ast.Stmt) []assignment {
	call := syntax.StmtCall(st)
	if call == nil {
		return nil
	}
	fn := kubetypes.Callee(k.g.pass.TypesInfo, call)
	if fn == nil {
		return nil
	}
	var f SetsStatus
	if !k.g.pass.ImportObjectFact(fn, &f) {
		return k.accessorAssigns(call, fn)
	}
	want := "$"
	if f.OnStatus {
		want = "$.Status" // obj.Status.SetPhase(p): the setter's receiver is the status
	}
	if target := argAt(call, f.Param); target == nil || k.key(target) != want {
		return nil
	}
	var out []assignment
	for _, s := range f.Fields {
		if s.FromArg {
			if s.Arg < len(call.Args) && !call.Ellipsis.IsValid() {
				out = append(out, k.valueAssign("$.Status"+s.Path, call.Args[s.Arg]))
			}
			continue
		}
		if v := s.value(); v != nil {
			out = append(out, assignment{lhs: "$.Status" + s.Path, rhs: s.Exact, portable: true, value: v})
		}
	}
	return out
}

// accessorAssigns is the assignment a call of a setter method on the written object
// makes when the object's type has the matching getter (x.SetObservedVersion(v), with
// GetObservedVersion() of the same type: an interface a generic reconciler's kinds
// implement, whose methods no fact follows): the field the getter reads, keyed as the
// getter's call ($.GetObservedVersion()), is given v. nil when call is no such call.
func (k keyer) accessorAssigns(call *ast.CallExpr, fn *types.Func) []assignment {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	name, isSetter := strings.CutPrefix(fn.Name(), "Set")
	if !ok || !isSetter || name == "" || len(call.Args) != 1 || fn.Signature().Recv() == nil || k.key(sel.X) != "$" {
		return nil
	}
	sig := fn.Signature()
	if sig.Params().Len() != 1 || sig.Results().Len() != 0 {
		return nil
	}
	getter, _, _ := types.LookupFieldOrMethod(k.g.pass.TypesInfo.TypeOf(sel.X), true, fn.Pkg(), "Get"+name)
	g, ok := getter.(*types.Func)
	if !ok || g.Signature().Params().Len() != 0 || g.Signature().Results().Len() != 1 ||
		!types.Identical(g.Signature().Results().At(0).Type(), sig.Params().At(0).Type()) {
		return nil
	}
	return []assignment{k.valueAssign("$.Get"+name+"()", call.Args[0])}
}

// takesContext reports whether one of fn's parameters is a context.Context.
func takesContext(fn *types.Func) bool {
	for i := 0; i < fn.Signature().Params().Len(); i++ {
		if kubetypes.IsNamed(fn.Signature().Params().At(i).Type(), "context", "Context") {
			return true
		}
	}
	return false
}
