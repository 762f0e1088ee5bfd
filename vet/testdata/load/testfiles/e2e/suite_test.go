package e2e

import (
	"testing"

	"example.com/testfiles/api"
)

var suiteNamespace = api.Name

func TestNamespace(t *testing.T) {
	if Namespace() != api.Name {
		t.Fatal(Namespace())
	}
}
