package artifact

import (
	"testing"
)

type ordDoc struct {
	Ordered
	Zeta  string            `json:"zeta"`
	Alpha []ordItem         `json:"alpha"`
	Map   map[string]string `json:"map,omitempty"`
}

type ordItem struct {
	Ordered
	Op   string `json:"op"`
	Beta int    `json:"beta"`
}

type sortedDoc struct {
	Zeta  string `json:"zeta"`
	Alpha string `json:"alpha"`
}

// TestYAML: the header and the comment first; an Ordered document keeps its declared
// order (in a list too), a map in it and any other document sort their keys; Stream
// starts every document with "---".
func TestYAML(t *testing.T) {
	got, err := YAML{Comment: "Two lines\nof comment."}.Marshal(ordDoc{
		Zeta: "z", Alpha: []ordItem{{Op: "add", Beta: 2}}, Map: map[string]string{"b": "2", "a": "1"},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := YAMLHeader + "\n# Two lines\n# of comment.\nzeta: z\nalpha:\n- op: add\n  beta: 2\nmap:\n  a: \"1\"\n  b: \"2\"\n"
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	list, err := MarshalDocument([]ordItem{{Op: "add", Beta: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if want := "- op: add\n  beta: 1\n"; string(list) != want {
		t.Errorf("a list of Ordered: got\n%s\nwant\n%s", list, want)
	}
	got, err = YAML{Stream: true}.Marshal(sortedDoc{Zeta: "z", Alpha: "a"}, sortedDoc{Zeta: "y"})
	if err != nil {
		t.Fatal(err)
	}
	want = YAMLHeader + "\n---\nalpha: a\nzeta: z\n---\nalpha: \"\"\nzeta: \"y\"\n"
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestDocumentKinds(t *testing.T) {
	got := DocumentKinds([]byte("# c\n---\nkind: A\n---\n# only a comment\n---\napiVersion: v1\nkind: B\n"))
	if len(got) != 2 || got[0] != "A" || got[1] != "B" {
		t.Errorf("DocumentKinds = %q, want [A B]", got)
	}
}
