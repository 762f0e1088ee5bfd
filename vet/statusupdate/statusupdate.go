package statusupdate

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/opgen-dev/opgen/vet/internal/analyzerdoc"
	"github.com/opgen-dev/opgen/vet/internal/consult"
	"github.com/opgen-dev/opgen/vet/internal/directive"
	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/subresource"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
	"github.com/opgen-dev/opgen/vet/internal/validation"
	"github.com/opgen-dev/opgen/vet/internal/watches"
)

// doc is the package comment of doc.go, this analyzer's one documentation.
//
//go:embed doc.go
var doc string

// Analyzer reports status writes that no semantic diff guards.
var Analyzer = &analysis.Analyzer{
	Name:      "statusupdate",
	Doc:       analyzerdoc.MustDoc(doc, "statusupdate"),
	URL:       "https://github.com/opgen-dev/opgen/blob/main/docs/vet.md#statusupdate",
	Requires:  []*analysis.Analyzer{inspect.Analyzer, watches.Analyzer, consult.Analyzer, subresource.Analyzer, validation.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(Delegated), new(NilWhenEqual), new(ReportsChange), new(SetsStatus), new(Fills), new(CopyPatch), new(ReadsFlag), new(NilOnError), new(MakesCondition), new(ConditionHelper), new(TestsField), new(AppliesPatch), new(CallsGuarded)},
}

// gated is the -gated flag: report writes a test of the stored status gates too
// (rule 9 counting only the reads the other rules do not judge).
var gated bool

func init() {
	Analyzer.Flags.BoolVar(&gated, "gated", false, "also report status writes that a test of the stored status against a constant gates (a case of a switch on the phase, a bool field, a condition's status) when no rule proves them a change: more findings, fewer of them true")
}

type write struct {
	call  *ast.CallExpr
	stack []ast.Node
}

func run(pass *analysis.Pass) (any, error) {
	// A package's own retry wrappers (retryOnConflict(func() error {…})) run their
	// literal as client-go's retry does.
	kubetypes.NoteRetryWrappers(pass.TypesInfo, pass.Files)
	insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	info := pass.TypesInfo
	var writes []write
	var calls []call
	insp.WithStack([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node, push bool, stack []ast.Node) bool {
		if !push {
			return true
		}
		c := n.(*ast.CallExpr)
		if kubetypes.IsStatusWrite(info, c) {
			writes = append(writes, write{c, slices.Clone(stack)})
			return true
		}
		if fn := kubetypes.Callee(info, c); fn != nil && fn.Pkg() != nil && fn.Pkg() != pass.Pkg {
			var f Delegated
			if pass.ImportObjectFact(fn.Origin(), &f) {
				calls = append(calls, call{c, slices.Clone(stack), &f})
			}
		}
		return true
	})
	exportReportsChange(pass)
	exportConditionMakers(pass)
	exportConditionHelpers(pass)
	g := &guards{pass: pass, insp: insp, consult: pass.ResultOf[consult.Analyzer].(*consult.Result), schema: pass.ResultOf[validation.Analyzer].(*validation.Result)}
	exportCopyPatches(pass, g)
	exportAppliesPatch(pass)
	exportFlags(pass, g)
	exportNilOnError(pass, g)
	exportSetsStatus(pass, g)
	exportTestsField(pass, g)
	exportFills(pass, g)
	exportNilWhenEqual(pass, g)
	exportCallsGuarded(pass, g)
	exportDelegations(pass, g, writes, calls)

	w := pass.ResultOf[watches.Analyzer].(*watches.Result)
	if !w.Controller {
		return nil, nil
	}
	rep := directive.NewReporter(pass)
	sub := pass.ResultOf[subresource.Analyzer].(*subresource.Result)
	for _, wr := range writes {
		if len(wr.call.Args) < 2 || g.guarded(wr.stack, wr.call.Args[1], 0) || g.diffPatch(wr.call, wr.stack, 0) || syntax.RepeatedGuard(pass.TypesInfo, wr.stack) || g.calledGuarded(wr.stack) {
			continue
		}
		if g.offLoop(wr.stack) {
			continue // no watch event drives it: a message's or a request's one write
		}
		if kubetypes.Forwarder(info, wr.stack, wr.call) {
			continue // a wrapper's forwarding: its callers write, through the interface it stands in for
		}
		if sub.Lacks(info.TypeOf(wr.call.Args[1])) {
			continue // no status subresource: the write fails with 404, and loops nothing
		}
		if g.nilOnFailure(wr.stack, wr.call.Args[1]) {
			continue // the object is nil there: the write sends nothing
		}
		if kubetypes.UnnamedOnFailedRead(info, wr.stack, wr.call.Args[1]) {
			continue // the Get meant to fill it failed: no name, and the client sends nothing
		}
		if w.FiltersUpdatesOf(info.TypeOf(wr.call.Args[1])) {
			continue // its controllers filter update events: the write reconciles nothing again
		}
		if kindAtRunTime(info.TypeOf(wr.call.Args[1])) {
			continue // no one can tell statically what watches it
		}
		if g.delegates(wr.stack, wr.call.Args[1]) {
			continue // the callers, in other packages, are judged in its place
		}
		fn := kubetypes.Callee(info, wr.call)
		what := "writes status with no semantic diff guarding it: each write is a watch event that queues the object again (update-watch-update loop)"
		if fn.Name() == "Update" {
			what += ", and Update sends the cached resourceVersion (409 Conflict)"
		}
		d := analysis.Diagnostic{Pos: wr.call.Pos(), Category: kubetypes.KindCategory(info.TypeOf(wr.call.Args[1])), Message: fmt.Sprintf("%s %s; compare with equality.Semantic.DeepEqual and write only on a difference, with Status().Apply or a MergeFrom patch",
			types.ExprString(wr.call.Fun), what)}
		if m := migration(pass, wr); m != nil {
			d.Message = fmt.Sprintf("%s %s; %s, which opgen generated for %s, writes it only when it differs, with Server-Side Apply and no 409", types.ExprString(wr.call.Fun), what, m.writer.Name(), m.kind)
			if m.fix != nil {
				d.SuggestedFixes = []analysis.SuggestedFix{*m.fix}
			}
		}
		rep.Report(d)
	}
	for _, c := range calls {
		var obj ast.Expr
		if len(c.fact.Params) > 0 {
			obj = argAt(c.call, c.fact.Params[0])
		}
		if g.guardedFrom(c.stack, obj, append(nullPatched(info, c), c.fact.assigned()...), 0) || g.off(c.call, c.stack, c.fact.Requires) || g.offLoop(c.stack) {
			continue
		}
		if p := c.fact.Patch; p >= 0 && p < len(c.call.Args) && g.isDiffPatch(c.call.Args[p], nil, c.stack, 0) {
			continue // the patch handed in is a diff
		}
		for _, i := range c.fact.Params {
			arg := argAt(c.call, i)
			if arg == nil || w.FiltersUpdatesOf(info.TypeOf(arg)) || sub.Lacks(info.TypeOf(arg)) || g.delegates(c.stack, arg) ||
				kubetypes.UnnamedOnFailedRead(info, c.stack, arg) {
				continue
			}
			rep.Reportf(c.call.Pos(), "%s writes the status of %s with no semantic diff guarding it, here or in it: each write is a watch event that queues the object again (update-watch-update loop); compare with equality.Semantic.DeepEqual and call it only on a difference",
				types.ExprString(c.call.Fun), types.ExprString(arg))
			break
		}
	}
	return nil, nil
}

// kindAtRunTime reports whether t is an object whose kind is set at run time:
// unstructured.Unstructured or metav1.PartialObjectMetadata.
func kindAtRunTime(t types.Type) bool {
	return kubetypes.IsNamed(t, "k8s.io/apimachinery/pkg/apis/meta/v1/unstructured", "Unstructured") ||
		kubetypes.IsNamed(t, "k8s.io/apimachinery/pkg/apis/meta/v1", "PartialObjectMetadata")
}

// nullPatched is what a call of a function that sets a status key to null (the
// Delegated fact's Clears) assigns: the status field whose JSON name the call's
// constant key is, given nil; none when the key is no constant or names no field.
func nullPatched(info *types.Info, c call) []assignment {
	if c.fact.Clears < 0 || len(c.fact.Params) == 0 {
		return nil
	}
	obj, key := argAt(c.call, c.fact.Params[0]), argAt(c.call, c.fact.Clears)
	if obj == nil || key == nil {
		return nil
	}
	v := info.Types[key].Value
	if v == nil || v.Kind() != constant.String {
		return nil
	}
	field := statusFieldByJSON(info.TypeOf(obj), constant.StringVal(v))
	if field == "" {
		return nil
	}
	return []assignment{{lhs: "$.Status." + field, rhs: "nil", portable: true}}
}

// statusFieldByJSON is the name of the field of t's status whose JSON name is name;
// "" when there is none.
func statusFieldByJSON(t types.Type, name string) string {
	st := kubetypes.StructOf(t)
	if st == nil {
		return ""
	}
	for i := range st.NumFields() {
		if f := st.Field(i); f.Name() == "Status" {
			if status := kubetypes.StructOf(f.Type()); status != nil {
				for j := range status.NumFields() {
					tag := reflect.StructTag(status.Tag(j)).Get("json")
					if n, _, _ := strings.Cut(tag, ","); n == name {
						return status.Field(j).Name()
					}
				}
			}
		}
	}
	return ""
}
