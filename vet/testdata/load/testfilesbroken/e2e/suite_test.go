package e2e

import "testing"

func TestNamespace(t *testing.T) {
	if Namespace() == "" {
		t.Fatal("no namespace")
	}
}
