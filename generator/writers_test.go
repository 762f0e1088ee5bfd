package generator

import (
	"go/parser"
	"go/token"
	"slices"
	"testing"
)

// TestWrittenTypes: the objects whose status a file writes, by every form the
// reading knows (a parameter, a composite literal, new, a var declaration, a DeepCopy of
// one, a type assertion; Update and Patch; a named or unnamed import), and nothing
// written through a form it does not (a field), nor a call that is not a status write.
func TestWrittenTypes(t *testing.T) {
	src := `package c

import (
	"context"

	v1 "example.com/op/api/v1"
	"example.com/op/api/v2"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
)

type R struct {
	client.Client
	held *v1.Held
}

func (r *R) param(ctx context.Context, a *v1.Param) error { return r.Status().Update(ctx, a) }

func (r *R) literal(ctx context.Context) error {
	b := &v1.Literal{}
	return r.Client.Status().Patch(ctx, b, client.MergeFrom(b))
}

func (r *R) newed(ctx context.Context) error {
	c := new(v2.Newed)
	return r.Status().Update(ctx, c)
}

func (r *R) declared(ctx context.Context) error {
	var d v1.Declared
	e := d.DeepCopy()
	return r.Status().Update(ctx, e)
}

func (r *R) asserted(ctx context.Context, ev event.UpdateEvent) error {
	f, ok := ev.ObjectNew.(*v1.Asserted)
	if !ok {
		return nil
	}
	return r.Status().Update(ctx, f)
}

func (r *R) notSeen(ctx context.Context, g *v1.Read) error {
	_ = r.Get(ctx, client.ObjectKeyFromObject(g), g)
	r.Update(ctx, g)
	return r.Status().Update(ctx, r.held)
}
`
	f, err := parser.ParseFile(token.NewFileSet(), "c.go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	got := writtenTypes(f)
	want := []string{
		"example.com/op/api/v1.Param", "example.com/op/api/v1.Literal", "example.com/op/api/v2.Newed",
		"example.com/op/api/v1.Declared", "example.com/op/api/v1.Asserted",
	}
	if !slices.Equal(got, want) {
		t.Errorf("writtenTypes = %q, want %q", got, want)
	}
}
