package gotmpl

import "testing"

func TestStdlibFirst(t *testing.T) {
	in := `package x

import (
	"os"
	"fmt"

	"k8s.io/client-go/rest"
	"encoding/json"

	ctrl "sigs.k8s.io/controller-runtime"
	"reflect"
)
`
	want := `package x

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"

	"k8s.io/client-go/rest"

	ctrl "sigs.k8s.io/controller-runtime"
)
`
	if got := string(stdlibFirst([]byte(in))); got != want {
		t.Errorf("stdlibFirst:\n%s\nwant:\n%s", got, want)
	}
	// A file without a parenthesized block, or one that does not parse, is unchanged.
	for _, src := range []string{"package x\n\nimport \"fmt\"\n", "package x\nimport (\n"} {
		if got := string(stdlibFirst([]byte(src))); got != src {
			t.Errorf("stdlibFirst(%q) = %q, want it unchanged", src, got)
		}
	}
}
