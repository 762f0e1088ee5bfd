package guards_test

import (
	"path"
	"testing"

	"github.com/opgen-dev/opgen/generator/guards"
	"github.com/opgen-dev/opgen/generator/guards/symbols"
	"github.com/opgen-dev/opgen/generator/internal/gentest"
	"github.com/opgen-dev/opgen/naming"
)

func TestMain(m *testing.M) { gentest.Main(m) }

// TestParts: the runtime file holds the parts the run uses and no other: every-marker
// has a status writer, a reconciler with a finalizer that owns kinds, and the wiring;
// rich-types only a status writer (with its memory and metrics).
func TestParts(t *testing.T) {
	for name, want := range map[string][]symbols.Part{
		"every-marker": symbols.Parts,
		"rich-types":   {symbols.Status, symbols.Memory, symbols.Metrics},
	} {
		t.Run(name, func(t *testing.T) {
			ctx := gentest.Load(t, name)
			files, err := guards.Generator{}.Generate(ctx)
			if err != nil {
				t.Fatal(err)
			}
			f := gentest.Go(t, ctx, gentest.Find(t, files, path.Join(ctx.Controller.Dir, naming.RuntimeFile)))
			declared := map[string]bool{}
			for _, fn := range f.Funcs() {
				declared[fn] = true
			}
			in := map[symbols.Part]bool{}
			for _, p := range want {
				in[p] = true
			}
			for _, p := range guards.InUse(ctx) {
				if !in[p] {
					t.Errorf("part %s in use, want only %v", p, want)
				}
			}
			for _, fn := range []string{symbols.RecallWrite, symbols.OwnedStatus, symbols.EnsureFinalizer, symbols.ApplyOwned, symbols.TrimManagedFields, symbols.TerminalReason} {
				if got, want := declared[fn], in[symbols.PartOf[fn]]; got != want {
					t.Errorf("%s (part %s) declared: %t, want %t", fn, symbols.PartOf[fn], got, want)
				}
			}
		})
	}
}
