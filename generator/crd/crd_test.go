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
	"github.com/opgen-dev/opgen/naming"
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

// TestTestCRDs: in a project reconciling a kind of another module (golden/init-external's
// Certificate), that kind's CRD is derived from the module's Go types into
// naming.TestCRDDir, for the tests only, and no manifest of config/crd holds it; a kind of
// k8s.io/api (its Deployment) gets none.
func TestTestCRDs(t *testing.T) {
	ctx := gentest.Load(t, "init-external")
	files, err := crd.Generator{}.Generate(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var tests []artifact.File
	for _, f := range files {
		switch {
		case strings.HasPrefix(f.Path, naming.TestCRDDir+"/"):
			tests = append(tests, f)
		case strings.HasPrefix(f.Path, ctx.CRDDir+"/"):
			t.Errorf("%s: a project without kinds of its own has no CRD in %s", f.Path, ctx.CRDDir)
		}
	}
	if len(tests) != 1 || tests[0].Path != path.Join(naming.TestCRDDir, "certs.example.org_certificates.yaml") {
		t.Fatalf("test CRDs %v, want only %s/certs.example.org_certificates.yaml", tests, naming.TestCRDDir)
	}
	if artifact.OwnedBy(tests[0].Path, tests[0].Content) != artifact.Opgen {
		t.Errorf("%s does not carry opgen's header", tests[0].Path)
	}
	c := gentest.YAMLDocs[apiextensionsv1.CustomResourceDefinition](t, tests[0])[0]
	if c.Name != "certificates.certs.example.org" || c.Spec.Scope != apiextensionsv1.NamespaceScoped || len(c.Spec.Versions) != 1 {
		t.Fatalf("CRD %s, scope %s, %d versions; want certificates.certs.example.org, Namespaced, 1", c.Name, c.Spec.Scope, len(c.Spec.Versions))
	}
	v := c.Spec.Versions[0]
	if v.Name != "v1" || v.Subresources == nil || v.Subresources.Status == nil {
		t.Errorf("version %s, subresources %+v; want v1 with the status subresource of +kubebuilder:subresource:status", v.Name, v.Subresources)
	}
	conds := v.Schema.OpenAPIV3Schema.Properties["status"].Properties["conditions"]
	if conds.XListType == nil || *conds.XListType != "map" || len(conds.XListMapKeys) != 1 || conds.XListMapKeys[0] != "type" {
		t.Errorf("status.conditions is not the listType=map keyed by type the Go types declare: %+v", conds)
	}
	if req := v.Schema.OpenAPIV3Schema.Properties["spec"].Required; strings.Join(req, ",") != "dnsNames,secretName" {
		t.Errorf("spec requires %v, want dnsNames and secretName as the Go types say", req)
	}
	found := false
	for _, cl := range (crd.Generator{}).Claims(ctx) {
		found = found || cl.Dir == naming.TestCRDDir
	}
	if !found {
		t.Errorf("the generator does not claim %s, so a kind's test CRD would outlive its reconciler", naming.TestCRDDir)
	}
}
