package controllertools

import (
	"testing"

	"github.com/opgen-dev/opgen/generator/contract"
)

// TestCRDGeneratorOptions: an adopted section's crd options reach controller-tools'
// generator (and so the parser CRDs builds), controller-gen's defaults included;
// without one, opgen's own settings.
func TestCRDGeneratorOptions(t *testing.T) {
	g := CRDGenerator(contract.Options{})
	if !*g.IgnoreUnexportedFields || g.GenerateEmbeddedObjectMeta != nil || g.MaxDescLen != nil {
		t.Errorf("opgen's settings: %+v", g)
	}
	g = CRDGenerator(contract.Options{Adopted: contract.Adopted{On: true, GenerateEmbeddedObjectMeta: true, AllowDangerousTypes: true, MaxDescLen: 0, HasMaxDescLen: true}})
	if *g.IgnoreUnexportedFields || !*g.GenerateEmbeddedObjectMeta || !*g.AllowDangerousTypes || g.MaxDescLen == nil || *g.MaxDescLen != 0 || !*g.OmitToolVersion {
		t.Errorf("adopted: %+v", g)
	}
}
