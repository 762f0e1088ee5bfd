package validation_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opgen-dev/opgen/vet/internal/testdatadir"
	"github.com/opgen-dev/opgen/vet/internal/validation"
)

// TestFields: each field's fact, as the want comments of the API packages give it:
// required by default, by marker, or not (omitempty, +optional, a package's
// +kubebuilder:validation:Optional); non-empty by MinItems or MinLength on the field
// or its named type.
func TestFields(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	testdatadir.Track(t, dir)
	analysistest.Run(t, dir, validation.Analyzer, "example.com/pipelines", "example.com/optionalpkg")
}
