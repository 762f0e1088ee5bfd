package statusupdate_test

// Generated transitions: a property test of rule 7 on programs nobody chose. Each
// program is a method that branches on the stored State of the object (if, else if,
// switch on it, switch without a tag, early returns, &&, ||, !) and on two bools the
// analyzer cannot know, assigns State constants, writes the status and calls helpers
// handed the object, some of which answer whether the caller must stop (true, false
// or the bool p, with an error: if stop, err := r.h(…); stop || err != nil). An interpreter
// runs it on every stored State and every pair of bools and says, for each write,
// whether some run reaches it with State what the API server holds (the write may be
// sent unchanged: it must be reported) or none does (a transition: it must not be).
// A finding on a transition is a false positive of the kind the held-out operators
// show; a transition rule that lets an unchanged write through is unsound.

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opgen-dev/opgen/vet/statusupdate"
)

// states are the constants the programs compare State with and assign it; "" is the
// State of a new object.
var states = []string{"", "Pending", "Running", "Failed"}

type (
	gStmt interface{}
	// gAssign sets State to states[v].
	gAssign struct{ v int }
	// gWrite writes the status; ret: as a return statement, else checked and going on.
	gWrite struct {
		id  int
		ret bool
		// stop is what a return write of a stop helper answers.
		stop gStop
	}
	// gReturn leaves the function; in a stop helper it answers stop (see gStop).
	gReturn struct{ stop gStop }
	// gCall calls a helper of the program that is handed the object; ret: as a
	// return statement, else its error checked and going on.
	gCall struct {
		h   *gHelper
		ret bool
	}
	gHelper struct {
		name string
		body []gStmt
		// stop: the helper answers (stop bool, err error), and its caller leaves
		// when stop is true (if stop, err := r.h(…); stop || err != nil).
		stop bool
	}
	gIf struct {
		cond gCond
		then []gStmt
		// els is nil, a list, or one *gIf (an else if).
		els []gStmt
	}
	gSwitch struct {
		tagged bool
		cases  []gCase
		def    []gStmt
		hasDef bool
	}
	gCase struct {
		vals  []int   // tagged: the State constants listed
		conds []gCond // untagged: the conditions listed
		body  []gStmt
	}
)

// gStop is what a return of a stop helper answers in its bool: a constant, or the
// bool p, which the analysis cannot know.
type gStop int

const (
	stopFalse gStop = iota
	stopTrue
	stopP
)

func (v gStop) text() string {
	return [...]string{"false", "true", "p"}[v]
}

type (
	gCond interface{}
	gEq   struct {
		v   int
		neg bool
	}
	gVar struct {
		name string
		neg  bool
	}
	gAnd struct{ a, b gCond }
	gOr  struct{ a, b gCond }
	gNot struct{ c gCond }
)

// gen makes programs from one seeded source.
type gen struct {
	r      *rand.Rand
	writes int
	// helpers are the current program's, each called once.
	helpers []*gHelper
	prog    string
	// inStop is set while the body of a stop helper is made.
	inStop bool
}

func (g *gen) stop() gStop {
	if !g.inStop {
		return stopFalse
	}
	return gStop(g.r.Intn(3))
}

// cond makes a condition; after an assignment of State on the path (assigned) it tests
// only the bools: code compares the State it read, not the one it set.
func (g *gen) cond(depth int, assigned bool) gCond {
	if assigned {
		return gVar{name: []string{"p", "q"}[g.r.Intn(2)], neg: g.r.Intn(2) == 0}
	}
	switch n := g.r.Intn(10); {
	case n < 5 || depth > 1:
		return gEq{v: g.r.Intn(len(states)), neg: g.r.Intn(3) == 0}
	case n < 7:
		return gVar{name: []string{"p", "q"}[g.r.Intn(2)], neg: g.r.Intn(2) == 0}
	case n < 8:
		return gAnd{g.cond(depth+1, false), g.cond(depth+1, false)}
	case n < 9:
		return gOr{g.cond(depth+1, false), g.cond(depth+1, false)}
	default:
		return gNot{g.cond(depth+1, false)}
	}
}

// list makes up to three statements; it stops after one that leaves.
func (g *gen) list(depth int, assigned bool) []gStmt {
	var out []gStmt
	n := 1 + g.r.Intn(3)
	for i := 0; i < n; i++ {
		st := g.stmt(depth, assigned)
		out = append(out, st)
		assigned = assigned || assigns(st)
		switch s := st.(type) {
		case gReturn:
			return out
		case gWrite:
			if s.ret {
				return out
			}
		case gCall:
			if s.ret {
				return out
			}
		}
	}
	return out
}

func (g *gen) write() gWrite {
	g.writes++
	return gWrite{id: g.writes, ret: g.r.Intn(2) == 0, stop: g.stop()}
}

// assigns reports whether st sets State somewhere.
func assigns(st gStmt) bool {
	switch s := st.(type) {
	case gAssign:
		return true
	case gCall:
		return slices.ContainsFunc(s.h.body, assigns)
	case gIf:
		return slices.ContainsFunc(s.then, assigns) || slices.ContainsFunc(s.els, assigns)
	case gSwitch:
		for _, c := range s.cases {
			if slices.ContainsFunc(c.body, assigns) {
				return true
			}
		}
		return slices.ContainsFunc(s.def, assigns)
	}
	return false
}

func (g *gen) stmt(depth int, assigned bool) gStmt {
	n := g.r.Intn(12)
	if depth >= 2 && n >= 6 {
		n = g.r.Intn(6)
	}
	switch {
	case n < 2:
		return gAssign{v: 1 + g.r.Intn(len(states)-1)}
	case n < 4:
		return g.write()
	case n < 5:
		if depth < 2 && g.r.Intn(2) == 0 {
			// A helper the object is handed to, whose conditions and writes are its own.
			h := &gHelper{name: fmt.Sprintf("%s_h%d", g.prog, len(g.helpers)), stop: g.r.Intn(2) == 0}
			g.helpers = append(g.helpers, h)
			outer := g.inStop
			g.inStop = h.stop
			h.body = g.list(depth+1, assigned)
			g.inStop = outer
			// A stop helper's call leaves only on its answer; a call returned whole
			// from a stop helper would answer another helper's error alone.
			return gCall{h: h, ret: !h.stop && !g.inStop && g.r.Intn(2) == 0}
		}
		return gReturn{stop: g.stop()}
	case n < 6:
		// A transition's commonest form: set a constant, write.
		return gIf{cond: g.cond(0, assigned), then: []gStmt{gAssign{v: g.r.Intn(len(states))}, g.write()}}
	case n < 9:
		s := gIf{cond: g.cond(0, assigned), then: g.list(depth+1, assigned)}
		switch g.r.Intn(3) {
		case 1:
			s.els = g.list(depth+1, assigned)
		case 2:
			s.els = []gStmt{g.stmt(depth+1, assigned)}
			if _, ok := s.els[0].(gIf); !ok {
				s.els = nil
			}
		}
		return s
	default:
		s := gSwitch{tagged: !assigned && g.r.Intn(3) > 0, hasDef: g.r.Intn(2) == 0}
		perm := g.r.Perm(len(states))
		used := 0
		for c := 0; c < 1+g.r.Intn(3); c++ {
			var cs gCase
			if s.tagged {
				k := 1 + g.r.Intn(2)
				if used+k > len(perm) {
					break
				}
				cs.vals = perm[used : used+k]
				used += k
			} else {
				cs.conds = []gCond{g.cond(1, assigned)}
			}
			cs.body = g.list(depth+1, assigned)
			s.cases = append(s.cases, cs)
		}
		if s.hasDef {
			s.def = g.list(depth+1, assigned)
		}
		return s
	}
}

// run is one execution: what the API server holds, what the object holds, the bools.
type run struct {
	stored, cur int
	p, q        bool
	// reached and unchanged are per write: reached on some run, reached with State
	// as stored on some run.
	reached, unchanged map[int]bool
	// stopped is what the last return of a stop helper answered.
	stopped bool
}

func (r *run) eval(c gCond) bool {
	switch c := c.(type) {
	case gEq:
		return (r.cur == c.v) != c.neg
	case gVar:
		v := r.p
		if c.name == "q" {
			v = r.q
		}
		return v != c.neg
	case gAnd:
		return r.eval(c.a) && r.eval(c.b)
	case gOr:
		return r.eval(c.a) || r.eval(c.b)
	case gNot:
		return !r.eval(c.c)
	}
	panic(fmt.Sprintf("condition %T", c))
}

func (r *run) answer(v gStop) bool {
	switch v {
	case stopTrue:
		return true
	case stopP:
		return r.p
	}
	return false
}

// exec runs list; it reports whether the function returned.
func (r *run) exec(list []gStmt) bool {
	for _, st := range list {
		switch s := st.(type) {
		case gAssign:
			r.cur = s.v
		case gWrite:
			r.reached[s.id] = true
			if r.cur == r.stored {
				r.unchanged[s.id] = true
			}
			r.stored = r.cur
			if s.ret {
				r.stopped = r.answer(s.stop)
				return true
			}
		case gReturn:
			r.stopped = r.answer(s.stop)
			return true
		case gCall:
			if !r.exec(s.h.body) { // a return in the helper ends the helper
				r.stopped = false // a stop helper that falls off its end answers false
			}
			if s.ret || s.h.stop && r.stopped {
				return true
			}
		case gIf:
			if r.eval(s.cond) {
				if r.exec(s.then) {
					return true
				}
			} else if r.exec(s.els) {
				return true
			}
		case gSwitch:
			body, found := s.def, s.hasDef
			for _, c := range s.cases {
				hit := false
				for _, v := range c.vals {
					hit = hit || r.cur == v
				}
				for _, x := range c.conds {
					hit = hit || r.eval(x)
				}
				if hit {
					body, found = c.body, true
					break
				}
			}
			if found && r.exec(body) {
				return true
			}
		}
	}
	return false
}

// printer writes Go and records the line of each write.
type printer struct {
	b     strings.Builder
	line  int
	lines map[int]int // write id → line
	// inStop is set while a stop helper's body is printed: its returns answer a
	// bool and an error.
	inStop bool
}

// ret is a return of err from the function being printed, answering stop in a stop
// helper.
func (p *printer) ret(stop gStop, err string) string {
	if p.inStop {
		return "return " + stop.text() + ", " + err
	}
	return "return " + err
}

func (p *printer) ln(indent int, s string) {
	p.b.WriteString(strings.Repeat("\t", indent) + s + "\n")
	p.line++
}

func condText(c gCond) string {
	switch c := c.(type) {
	case gEq:
		op := "=="
		if c.neg {
			op = "!="
		}
		return fmt.Sprintf("obj.Status.State %s %q", op, states[c.v])
	case gVar:
		if c.neg {
			return "!" + c.name
		}
		return c.name
	case gAnd:
		return "(" + condText(c.a) + " && " + condText(c.b) + ")"
	case gOr:
		return "(" + condText(c.a) + " || " + condText(c.b) + ")"
	case gNot:
		return "!(" + condText(c.c) + ")"
	}
	panic(fmt.Sprintf("condition %T", c))
}

func (p *printer) list(indent int, list []gStmt) {
	for _, st := range list {
		p.stmt(indent, st)
	}
}

func (p *printer) stmt(indent int, st gStmt) {
	switch s := st.(type) {
	case gAssign:
		p.ln(indent, fmt.Sprintf("obj.Status.State = %q", states[s.v]))
	case gWrite:
		if s.ret {
			p.lines[s.id] = p.line
			p.ln(indent, p.ret(s.stop, "r.Status().Update(ctx, obj)"))
			return
		}
		p.lines[s.id] = p.line
		p.ln(indent, "if err := r.Status().Update(ctx, obj); err != nil {")
		p.ln(indent+1, p.ret(stopTrue, "err"))
		p.ln(indent, "}")
	case gReturn:
		p.ln(indent, p.ret(s.stop, "nil"))
	case gCall:
		call := fmt.Sprintf("r.%s(ctx, obj, p, q)", s.h.name)
		switch {
		case s.h.stop:
			p.ln(indent, "if stop, err := "+call+"; stop || err != nil {")
		case s.ret:
			p.ln(indent, "return "+call)
			return
		default:
			p.ln(indent, "if err := "+call+"; err != nil {")
		}
		p.ln(indent+1, p.ret(stopTrue, "err"))
		p.ln(indent, "}")
	case gIf:
		p.ifChain(indent, s, "if ")
		p.ln(indent, "}")
	case gSwitch:
		if s.tagged {
			p.ln(indent, "switch obj.Status.State {")
		} else {
			p.ln(indent, "switch {")
		}
		for _, c := range s.cases {
			var xs []string
			for _, v := range c.vals {
				xs = append(xs, strconv.Quote(states[v]))
			}
			for _, x := range c.conds {
				xs = append(xs, condText(x))
			}
			p.ln(indent, "case "+strings.Join(xs, ", ")+":")
			p.list(indent+1, c.body)
		}
		if s.hasDef {
			p.ln(indent, "default:")
			p.list(indent+1, s.def)
		}
		p.ln(indent, "}")
	}
}

// ifChain prints an if and its else ifs, without the last closing brace.
func (p *printer) ifChain(indent int, s gIf, lead string) {
	p.ln(indent, lead+condText(s.cond)+" {")
	p.list(indent+1, s.then)
	if len(s.els) == 1 {
		if e, ok := s.els[0].(gIf); ok {
			p.ifChain(indent, e, "} else if ")
			return
		}
	}
	if s.els != nil {
		p.ln(indent, "} else {")
		p.list(indent+1, s.els)
	}
}

// program is one generated method, its writes' lines and what each must be.
type program struct {
	name string
	// verdict per write line: "unchanged" (must be reported), "change" (must not).
	verdict map[int]string
}

// generate writes n programs of the seed into dir/src/statusupdategen and returns
// them.
func generate(t testing.TB, dir string, seed int64, n int) []program {
	g := &gen{r: rand.New(rand.NewSource(seed))}
	p := &printer{lines: map[int]int{}}
	head := `// Code generated by TestGeneratedTransitions; DO NOT EDIT.

package statusupdategen

import (
	"context"

	apiv1 "example.com/api/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&apiv1.Memcached{}).Complete(r)
}
`
	p.b.WriteString(head)
	p.line = strings.Count(head, "\n") + 1
	var progs []program
	for i := 0; i < n; i++ {
		first := g.writes
		name := fmt.Sprintf("g%d", i)
		g.prog, g.helpers = name, nil
		body := g.list(0, false)
		if g.writes == first {
			body = append(body, g.write())
		}
		p.ln(0, "")
		p.ln(0, fmt.Sprintf("func (r *Reconciler) %s(ctx context.Context, obj *apiv1.Memcached, p, q bool) error {", name))
		p.list(1, body)
		p.ln(1, "return nil")
		p.ln(0, "}")
		for _, h := range g.helpers {
			p.ln(0, "")
			result := "error"
			if h.stop {
				result = "(bool, error)"
			}
			p.ln(0, fmt.Sprintf("func (r *Reconciler) %s(ctx context.Context, obj *apiv1.Memcached, p, q bool) %s {", h.name, result))
			p.inStop = h.stop
			p.list(1, h.body)
			p.ln(1, p.ret(stopFalse, "nil"))
			p.inStop = false
			p.ln(0, "}")
		}
		pr := program{name: name, verdict: map[int]string{}}
		reached, unchanged := map[int]bool{}, map[int]bool{}
		// One more stored State than the code names: the API server may hold a value
		// no branch mentions (a phase of a newer version, one set by hand).
		for s := range len(states) + 1 {
			for _, pq := range [][2]bool{{false, false}, {false, true}, {true, false}, {true, true}} {
				r := &run{stored: s, cur: s, p: pq[0], q: pq[1], reached: reached, unchanged: unchanged}
				r.exec(body)
			}
		}
		for id := first + 1; id <= g.writes; id++ {
			switch {
			case unchanged[id]:
				pr.verdict[p.lines[id]] = "unchanged"
			case reached[id]:
				pr.verdict[p.lines[id]] = "change"
			}
		}
		progs = append(progs, pr)
	}
	pkg := filepath.Join(dir, "src", "statusupdategen")
	if err := os.MkdirAll(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(pkg, "gen.go"), []byte(p.b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return progs
}

// quiet takes analysistest's complaints (the generated file has no want comments):
// the diagnostics are compared here.
type quiet struct{}

func (quiet) Errorf(string, ...any) {}

// mismatch is a write the analyzer judged wrong.
type mismatch struct {
	line    int
	verdict string
}

// judge runs the analyzer on n programs of seed and returns its wrong verdicts, the
// number of writes judged, and the file.
func judge(t testing.TB, seed int64, n int) ([]mismatch, int, string) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	stubs := testdata(t)
	for _, d := range []string{"example.com", "k8s.io", "sigs.k8s.io", "github.com"} {
		if err := os.Symlink(filepath.Join(stubs, "src", d), filepath.Join(src, d)); err != nil {
			t.Fatal(err)
		}
	}
	progs := generate(t, dir, seed, n)
	results := analysistest.Run(quiet{}, dir, statusupdate.Analyzer, "statusupdategen")
	reported := map[int]bool{}
	for _, res := range results {
		for _, d := range res.Diagnostics {
			reported[res.Pass.Fset.Position(d.Pos).Line] = true
		}
	}
	var out []mismatch
	judged := 0
	for _, pr := range progs {
		for line, v := range pr.verdict {
			judged++
			if (v == "unchanged") != reported[line] {
				out = append(out, mismatch{line, v})
			}
		}
	}
	file, err := os.ReadFile(filepath.Join(src, "statusupdategen", "gen.go"))
	if err != nil {
		t.Fatal(err)
	}
	return out, judged, string(file)
}

// TestGeneratedTransitions judges the writes of generated programs of a fixed seed.
// OPGEN_GEN_SEED and OPGEN_GEN_N run other seeds and sizes (the long run).
func TestGeneratedTransitions(t *testing.T) {
	seed, n := int64(1), 150
	if s := os.Getenv("OPGEN_GEN_SEED"); s != "" {
		seed, _ = strconv.ParseInt(s, 10, 64)
	}
	if s := os.Getenv("OPGEN_GEN_N"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	bad, judged, file := judge(t, seed, n)
	if out := os.Getenv("OPGEN_GEN_OUT"); out != "" {
		if err := os.WriteFile(out, []byte(file), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	lines := strings.Split(file, "\n")
	fp, fn := 0, 0
	for _, m := range bad {
		if m.verdict == "change" {
			fp++
		} else {
			fn++
		}
	}
	t.Logf("seed %d: %d programs, %d writes judged, %d reported on a transition, %d let through that may be sent unchanged", seed, n, judged, fp, fn)
	for _, m := range bad {
		// The method around the write, for the reader.
		start := m.line
		for start > 0 && !strings.HasPrefix(lines[start-1], "func ") {
			start--
		}
		end := m.line
		for end < len(lines) && lines[end-1] != "}" {
			end++
		}
		what := "reported, but every run that reaches it changes State"
		report := t.Errorf
		if m.verdict == "unchanged" {
			// A miss of a rule that reads one shape at a time (a field filled, then
			// emptied again in a branch nested on the way): logged, not failed; the
			// false findings are what this test holds at zero.
			what = "not reported, but some run reaches it with State as stored"
			report = t.Logf
		}
		var b strings.Builder
		for l := start; l <= end; l++ {
			mark := "   "
			if l == m.line {
				mark = "-> "
			}
			b.WriteString(mark + lines[l-1] + "\n")
		}
		report("line %d: %s\n%s", m.line, what, b.String())
	}
}

// BenchmarkGeneratedTransitions is the long run: seeds 1 to OPGEN_GEN_SEEDS (20 by
// default), 150 programs each, per iteration. It reports the transitions reported
// (false findings) and the unchanged writes let through (misses) per thousand writes
// judged; a false one also fails it, as in the test.
func BenchmarkGeneratedTransitions(b *testing.B) {
	seeds := 20
	if s := os.Getenv("OPGEN_GEN_SEEDS"); s != "" {
		seeds, _ = strconv.Atoi(s)
	}
	for b.Loop() {
		judged, fp, fn := 0, 0, 0
		for seed := 1; seed <= seeds; seed++ {
			bad, n, _ := judge(b, int64(seed), 150)
			judged += n
			for _, m := range bad {
				if m.verdict == "change" {
					fp++
					b.Errorf("seed %d line %d: reported on a transition", seed, m.line)
				} else {
					fn++
				}
			}
		}
		b.ReportMetric(float64(judged), "writes")
		b.ReportMetric(1000*float64(fp)/float64(judged), "false/kwrites")
		b.ReportMetric(1000*float64(fn)/float64(judged), "missed/kwrites")
	}
}

// TestGeneratedTransitionsJoined runs the programs of seed 1 with the path analysis
// joining its paths at every statement (a bound of one path at once). A join may prove
// less, never more: the joined run may report more transitions, and must let through
// no write that may be sent unchanged which the unjoined run reports.
func TestGeneratedTransitionsJoined(t *testing.T) {
	plain, _, _ := judge(t, 1, 150)
	restore := statusupdate.SetMaxStates(1)
	defer restore()
	joined, judged, _ := judge(t, 1, 150)
	missed := map[int]bool{}
	plainFalse := 0
	for _, m := range plain {
		if m.verdict == "unchanged" {
			missed[m.line] = true
		} else {
			plainFalse++
		}
	}
	joinedFalse := 0
	for _, m := range joined {
		switch {
		case m.verdict == "change":
			joinedFalse++
		case !missed[m.line]:
			t.Errorf("line %d: let through when joined, reported when not: the join proved more", m.line)
		}
	}
	if joinedFalse <= plainFalse {
		t.Errorf("joined at every statement, %d transitions reported against %d: the bound did not make the analysis join", joinedFalse, plainFalse)
	}
	t.Logf("%d writes: %d transitions reported joined, %d not", judged, joinedFalse, plainFalse)
}
