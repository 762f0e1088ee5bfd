package upgrade

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestUnresolved: the files with a conflict an upgrade left are found, wherever they
// are in the project; a Markdown rule of "=======" alone is not one, and neither are
// markers under .git or vendor/.
func TestUnresolved(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"Makefile":                          "all:\n<<<<<<< ours\n\techo ours\n=======\n\techo theirs\n>>>>>>> theirs\n",
		"config/default/kustomization.yaml": "resources:\n- ../crd\n<<<<<<< ours\n- ../prometheus\n=======\n- metrics_service.yaml\n>>>>>>> theirs\n",
		"README.md":                         "Title\n=======\n\ntext\n",
		"cmd/main.go":                       "package main\n",
		".git/MERGE_MSG":                    "<<<<<<< ours\n",
		"vendor/x/x.go":                     ">>>>>>> theirs\n",
		"docs/git.md":                       "<<<<<<< HEAD\n",
	}
	for p, s := range files {
		f := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := Unresolved(root)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"Makefile", "config/default/kustomization.yaml"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("Unresolved = %v, want %v", got, want)
	}
}
