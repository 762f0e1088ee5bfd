package conversion_test

import (
	"path"
	"strings"
	"testing"

	"github.com/opgen-dev/opgen/generator/conversion"
	"github.com/opgen-dev/opgen/generator/internal/gentest"
	"github.com/opgen-dev/opgen/naming"
)

func TestMain(m *testing.M) { gentest.Main(m) }

// TestConversion: golden/init-webhook's spoke v2 of Memcached calls the generated
// conversion; it gets convert<Type>ToHub and FromHub for the kind and every struct both
// versions declare, converting matching fields itself and calling the user's function
// for each field without a match (Spec.Size, Spec.Replicas: a rename), and the fuzzed
// round-trip test beside it.
func TestConversion(t *testing.T) {
	ctx := gentest.Load(t, "init-webhook")
	files, err := conversion.Generator{}.Generate(ctx)
	if err != nil {
		t.Fatal(err)
	}
	convs := ctx.API.Conversions()
	if len(convs) != 1 || len(convs[0].Spokes) != 1 {
		t.Fatalf("conversions %v, want Memcached's v1 hub and v2 spoke", convs)
	}
	hub, spoke := convs[0].Hub, convs[0].Spokes[0]
	dir := ctx.Rel(spoke.Package.Dir)
	f := gentest.Go(t, ctx, gentest.Find(t, files, path.Join(dir, naming.ConversionFile)))
	hubAlias := f.Imports()[hub.Package.Path]
	for _, typ := range []string{"Memcached", "MemcachedSpec", "MemcachedStatus"} {
		to := f.Func(t, naming.ConvertFunc(typ, true))
		if got, want := f.Signature(to), "func(in *"+typ+", out *"+hubAlias+"."+typ+") error"; got != want {
			t.Errorf("%s: %s, want %s", naming.ConvertFunc(typ, true), got, want)
		}
		from := f.Func(t, naming.ConvertFunc(typ, false))
		if got, want := f.Signature(from), "func(in *"+hubAlias+"."+typ+", out *"+typ+") error"; got != want {
			t.Errorf("%s: %s, want %s", naming.ConvertFunc(typ, false), got, want)
		}
	}
	kind := f.Body(f.Func(t, naming.ConvertFunc("Memcached", true)))
	for _, code := range []string{"out.ObjectMeta = in.ObjectMeta", "convertMemcachedSpecToHub(&in.Spec, &out.Spec)"} {
		if !strings.Contains(kind, code) {
			t.Errorf("the kind's conversion does not hold %s:\n%s", code, kind)
		}
	}
	if strings.Contains(kind, "TypeMeta") {
		t.Error("TypeMeta is copied: the webhook sets each object's apiVersion")
	}
	for _, hook := range []string{
		naming.ConversionHook("MemcachedSpec", "Size", true) + "(in, out)",
		naming.ConversionHook("MemcachedSpec", "Replicas", false) + "(in, out)",
	} {
		if !strings.Contains(f.Src, hook) {
			t.Errorf("no call of the user's %s", hook)
		}
	}
	test := gentest.Go(t, ctx, gentest.Find(t, files, path.Join(dir, naming.ConversionTestFile)))
	if got := test.Signature(test.Func(t, spoke.Names.RoundTripTest())); got != "func(t *testing.T)" {
		t.Errorf("%s: %s", spoke.Names.RoundTripTest(), got)
	}
	if hooks := conversion.MissingHooks(ctx.API, ctx.Rel); len(hooks) != 0 {
		t.Errorf("missing hooks %v: the project's memcached_conversion.go declares them", hooks)
	}
	for _, c := range (conversion.Generator{}).Claims(ctx) {
		if c.Dir == dir && c.Covers(path.Join(dir, naming.ConversionFile)) && c.Covers(path.Join(dir, naming.ConversionTestFile)) {
			return
		}
	}
	t.Errorf("no claim covers the spoke's two files")
}
