package statusupdate

import (
	"go/ast"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// partKey is a memo key of guards.partParam: a pointer parameter of a function, and
// the parameter the function writes the status of.
type partKey struct {
	fn         *types.Func
	param, obj int
}

// partPending marks a parameter whose part is being worked out: a call back into
// the function stands for nothing known.
const partPending = "\x00"

// partOf is the key, relative to the written object ("$.Status.Steps[0]"), of the part
// of its status that v stands for, v being a pointer parameter of the function
// declaration around the statements k judges, which takes the written object as a
// parameter too (func (r *R) start(ctx, run *Run, step *StepResult)); "" when v
// stands for no part of it. See guards.partParam.
func (k keyer) partOf(v *types.Var) string {
	if k.g == nil || k.obj == "" {
		return ""
	}
	if _, isPtr := v.Type().Underlying().(*types.Pointer); !isPtr {
		return ""
	}
	var decl *ast.FuncDecl
	for _, n := range k.stack {
		if d, ok := n.(*ast.FuncDecl); ok {
			decl = d
			break
		}
	}
	if decl == nil {
		return ""
	}
	info := k.g.pass.TypesInfo
	pi := syntax.ParamIndex(info, decl, v)
	if pi < 0 {
		return ""
	}
	fn, _ := info.Defs[decl.Name].(*types.Func)
	if fn == nil {
		return ""
	}
	oi := -1
	params := fn.Signature().Params()
	for i := range params.Len() {
		if params.At(i).Name() == k.obj {
			oi = i
		}
	}
	if oi < 0 {
		return ""
	}
	return k.g.partParam(fn, pi, oi)
}

// partParam is the part of the status of the object fn's parameter obj that its
// pointer parameter param stands for, relative to that object: the address of a part
// of the object's status that every call of fn in the package hands in its place
// (start(ctx, run, &run.Status.Steps[0]), or a parameter of the caller that stands
// for one in turn). When the calls hand different parts (Steps[0] here, Steps[i]
// there), the part is named after the parameter itself, "$.Status.@<fn>#<param>",
// the same in fn and in the functions it hands the parameter on to, and a caller
// puts its own argument's part in its place (carried). "" when a call hands
// anything else, a use of fn is no call, or fn is called nowhere.
func (g *guards) partParam(fn *types.Func, param, obj int) string {
	key := partKey{fn, param, obj}
	if p, ok := g.parts[key]; ok {
		if p == partPending {
			return ""
		}
		return p
	}
	if g.parts == nil {
		g.parts = map[partKey]string{}
	}
	g.parts[key] = partPending
	part := ""
	if sites, ok := g.callSites(fn); ok {
		for i, site := range sites {
			call := site[len(site)-1].(*ast.CallExpr)
			o, a := argAt(call, obj), argAt(call, param)
			if o == nil || a == nil {
				part = ""
				break
			}
			ak := newKeyer(g, site, o).key(a)
			if !strings.HasPrefix(ak, "$.Status") {
				part = ""
				break
			}
			if i == 0 {
				part = ak
			} else if ak != part {
				part = partName(fn, param)
			}
		}
	}
	g.parts[key] = part
	return part
}

// partMark begins the key of a part named after a parameter (partName).
const partMark = "$.Status.@"

// partName is the name of the part of the status a pointer parameter stands for when
// fn's calls hand different ones.
func partName(fn *types.Func, param int) string {
	return partMark + strconv.Itoa(int(fn.Pos())) + "#" + strconv.Itoa(param)
}

// namedPart reports whether key reads a part named after a parameter.
func namedPart(key string) bool { return strings.HasPrefix(key, partMark) }

// namedParts puts, in the assignments a function's path makes (acc, relative to the
// object written), the part each call of fn hands for a parameter named after itself
// (partName): at the call, the caller's key of the argument.
func (g *guards) namedParts(acc []assignment, fn *types.Func, call *ast.CallExpr, ck keyer) []assignment {
	if fn == nil {
		return acc
	}
	var out []assignment
	for i, a := range acc {
		if !namedPart(a.lhs) {
			continue
		}
		for n, arg := range call.Args {
			name := partName(fn, n)
			field, ok := strings.CutPrefix(a.lhs, name)
			if !ok || field != "" && !strings.HasPrefix(field, ".") {
				continue
			}
			if ak := ck.key(arg); strings.HasPrefix(ak, "$.Status") {
				if out == nil {
					out = slices.Clone(acc)
				}
				out[i].lhs = ak + field
			}
		}
	}
	if out == nil {
		return acc
	}
	return out
}
