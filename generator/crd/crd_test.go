package crd_test

import (
	"path"
	"strings"
	"testing"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/api/equality"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator/controllertools"
	"github.com/opgen-dev/opgen/generator/crd"
	"github.com/opgen-dev/opgen/generator/internal/gentest"
)

func TestMain(m *testing.M) { gentest.Main(m) }

// TestCRDs: one manifest per group and plural, as controller-gen names it, with opgen's
// header and without the tool version, creationTimestamp or status; in a project, the
// kind with a conversion hub is served through the conversion webhook, and no other.
func TestCRDs(t *testing.T) {
	ctx := gentest.Load(t, "init-webhook")
	files, err := crd.Generator{}.Generate(ctx)
	if err != nil {
		t.Fatal(err)
	}
	hub := ctx.API.Conversions()[0].Hub
	for _, k := range ctx.API.Kinds() {
		f := gentest.Find(t, files, path.Join(ctx.CRDDir, k.Package.Group+"_"+k.Plural+".yaml"))
		for _, absent := range []string{"controller-gen.kubebuilder.io/version", "\n  creationTimestamp:", "\nstatus:"} {
			if strings.Contains(string(f.Content), absent) {
				t.Errorf("%s holds %s", f.Path, absent)
			}
		}
		if artifact.OwnedBy(f.Path, f.Content) != artifact.Opgen {
			t.Errorf("%s does not carry opgen's header", f.Path)
		}
		c := gentest.YAMLDocs[apiextensionsv1.CustomResourceDefinition](t, f)[0]
		switch {
		case k.Name == hub.Name && k.Package.Group == hub.Package.Group:
			if want := controllertools.WebhookConversion(); !equality.Semantic.DeepEqual(c.Spec.Conversion, want) {
				t.Errorf("%s: conversion %+v, want %+v", f.Path, c.Spec.Conversion, want)
			}
		case c.Spec.Conversion != nil:
			t.Errorf("%s, no hub's, has a conversion", f.Path)
		}
	}
}
