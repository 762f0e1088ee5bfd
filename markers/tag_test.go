package markers

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParse(t *testing.T) {
	tests := []struct {
		text    string
		want    Tag
		wantErr string
		errOff  int
	}{
		{text: "+opguard:observed-generation", want: Tag{Name: "observed-generation"}},
		{text: "+opguard:volatile  ", want: Tag{Name: "volatile"}},
		{text: "+opguard:status-owner=memcached-operator", want: Tag{Name: "status-owner", Value: "memcached-operator", HasValue: true, ValueOffset: 22}},
		{text: `+opguard:status-owner="my manager"`, want: Tag{Name: "status-owner", Value: "my manager", HasValue: true, ValueOffset: 22}},
		{text: "+opguard:status-owner= spaced ", want: Tag{Name: "status-owner", Value: "spaced", HasValue: true, ValueOffset: 23}},
		{text: "+opguard:finalizer=", want: Tag{Name: "finalizer", HasValue: true, ValueOffset: 19}},
		{text: "+opguard:reconciler:maxConcurrentReconciles=2", want: Tag{Name: "reconciler",
			Args: []Arg{{Key: "maxConcurrentReconciles", Value: "2", Offset: 20, ValueOffset: 44}}}},
		{text: "+opguard:client:qps=50,burst=100", want: Tag{Name: "client",
			Args: []Arg{{Key: "qps", Value: "50", Offset: 16, ValueOffset: 20}, {Key: "burst", Value: "100", Offset: 23, ValueOffset: 29}}}},
		{text: "+opguard:client:qps=5, burst=10", want: Tag{Name: "client",
			Args: []Arg{{Key: "qps", Value: "5", Offset: 16, ValueOffset: 20}, {Key: "burst", Value: "10", Offset: 23, ValueOffset: 29}}}},
		{text: "+opguard:statusOwner=x", want: Tag{Name: "statusOwner", Value: "x", HasValue: true, ValueOffset: 21}},

		{text: "+opguard:", wantErr: "want a marker name", errOff: 9},
		{text: "+opguard", wantErr: "want +opguard:<name>", errOff: 0},
		{text: "+opguard:Status", wantErr: "want a marker name", errOff: 9},
		{text: "+opguard:reconciler:", wantErr: "want <key>=<value>", errOff: 20},
		{text: "+opguard:client:qps", wantErr: `want <key>=<value>, got "qps"`, errOff: 16},
		{text: "+opguard:client:qps=1,", wantErr: `want <key>=<value>, got ""`, errOff: 22},
		{text: "+opguard:client:qps=", wantErr: "argument qps has an empty value", errOff: 20},
		{text: "+opguard:client:q-ps=1", wantErr: `malformed argument name "q-ps"`, errOff: 17},
		{text: "+opguard:volatile extra", wantErr: "unexpected text", errOff: 17},
		{text: "+opguard:volatile;", wantErr: `unexpected ';'`, errOff: 17},
		{text: `+opguard:status-owner="open`, wantErr: "malformed quoted value", errOff: 22},
		{text: "+opguard:volatile\n", wantErr: "one line", errOff: 17},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			got, err := Parse(tt.text)
			if tt.wantErr != "" {
				if err == nil {
					t.Fatalf("Parse(%q) = %+v, want error %q", tt.text, got, tt.wantErr)
				}
				if !strings.Contains(err.Msg, tt.wantErr) || err.Offset != tt.errOff {
					t.Fatalf("Parse(%q) error = %q at %d, want %q at %d", tt.text, err.Msg, err.Offset, tt.wantErr, tt.errOff)
				}
				return
			}
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.text, err)
			}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Fatalf("Parse(%q) (-want +got):\n%s", tt.text, d)
			}
		})
	}
}

func TestCheck(t *testing.T) {
	tests := []struct {
		text string
		want []string // problem messages; empty: valid
	}{
		{text: "+opguard:status-owner=memcached-operator"},
		{text: "+opguard:observed-generation"},
		{text: "+opguard:reconciler"},
		{text: "+opguard:reconciler:maxConcurrentReconciles=4"},
		{text: "+opguard:owns=apps/v1/Deployment"},
		{text: "+opguard:owns=core/v1/Secret"},
		{text: "+opguard:owns=cache.example.com/v1alpha1/Memcached"},
		{text: "+opguard:watch-labels=app.kubernetes.io/version;tier"},
		{text: "+opguard:watch-annotations=example.com/pause"},
		{text: "+opguard:finalizer=cache.example.com/cleanup"},
		{text: "+opguard:volatile"},
		{text: "+opguard:client:qps=50,burst=100"},
		{text: "+opguard:client:qps=0.5"},

		{text: "+opguard:status-ownr=x", want: []string{"unknown marker +opguard:status-ownr; did you mean +opguard:status-owner?"}},
		{text: "+opguard:statusOwner=x", want: []string{"unknown marker +opguard:statusOwner; did you mean +opguard:status-owner?"}},
		{text: "+opguard:observedgeneration", want: []string{"unknown marker +opguard:observedgeneration; did you mean +opguard:observed-generation?"}},
		{text: "+opguard:finaliser=a.b/c", want: []string{"unknown marker +opguard:finaliser; did you mean +opguard:finalizer?"}},
		{text: "+opguard:frobnicate", want: []string{"unknown marker +opguard:frobnicate"}},
		{text: "+opguard:status-owner", want: []string{"+opguard:status-owner: missing value; write +opguard:status-owner=<field-manager>"}},
		{text: "+opguard:status-owner=", want: []string{"+opguard:status-owner: the field manager is empty; the API server requires one for apply"}},
		{text: "+opguard:status-owner=" + strings.Repeat("m", 129), want: []string{`+opguard:status-owner: the API server would reject field manager "` + strings.Repeat("m", 129) + `": may not be more than 128 bytes`}},
		{text: "+opguard:status-owner=bad\x01name", want: []string{"+opguard:status-owner: the API server would reject field manager \"bad\\x01name\": invalid character U+0001 (at position 3)"}},
		{text: "+opguard:observed-generation=true", want: []string{"+opguard:observed-generation: takes no value; write +opguard:observed-generation"}},
		{text: "+opguard:owns=apps/Deployment", want: []string{`+opguard:owns: want <group>/<version>/<Kind>, got "apps/Deployment"`}},
		{text: "+opguard:owns=Apps/v1/Deployment", want: []string{`+opguard:owns: group "Apps" is not a DNS subdomain (spell the core group "core")`}},
		{text: "+opguard:owns=apps/1/Deployment", want: []string{`+opguard:owns: version "1" is not a Kubernetes API version like v1, v1beta1`}},
		{text: "+opguard:owns=apps/v1/deployment", want: []string{`+opguard:owns: kind "deployment" is not UpperCamelCase`}},
		{text: "+opguard:reconciler:maxConcurrentReconciles=two", want: []string{`+opguard:reconciler: maxConcurrentReconciles: want a positive integer, got "two"`}},
		{text: "+opguard:reconciler:maxConcurrentReconciles=0", want: []string{`+opguard:reconciler: maxConcurrentReconciles: want a positive integer, got "0"`}},
		{text: "+opguard:reconciler:maxConcurent=2", want: []string{`+opguard:reconciler: unknown argument "maxConcurent"; did you mean "maxConcurrentReconciles"?`}},
		{text: "+opguard:reconciler:workers=2", want: []string{`+opguard:reconciler: unknown argument "workers"`}},
		{text: "+opguard:reconciler:maxConcurrentReconcile=2", want: []string{`+opguard:reconciler: unknown argument "maxConcurrentReconcile"; did you mean "maxConcurrentReconciles"?`}},
		{text: "+opguard:reconciler=2", want: []string{"+opguard:reconciler: takes named arguments, not a value; write +opguard:reconciler[:maxConcurrentReconciles=<int>]"}},
		{text: "+opguard:client:qps=fast", want: []string{`+opguard:client: qps: want a positive number, got "fast"`}},
		{text: "+opguard:client:qps=1,qps=2", want: []string{"+opguard:client: argument qps given twice"}},
		{text: "+opguard:watch-labels=a;;b", want: []string{`+opguard:watch-labels: empty key in "a;;b"`}},
		{text: "+opguard:watch-labels=Bad Key", want: []string{`+opguard:watch-labels: "Bad Key" is not a valid key: name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`}},
		{text: "+opguard:watch-labels=a;a", want: []string{`+opguard:watch-labels: key "a" is listed twice`}},
		{text: "+opguard:cache-selector=shard in (a", want: []string{`+opguard:cache-selector: "shard in (a" is not a label selector: unable to parse requirement: found '', expected: ',' or ')'`}},
		{text: `+opguard:cache-selector=""`, want: []string{"+opguard:cache-selector: the selector is empty and matches every object; remove the marker"}},
		{text: "+opguard:cache-selector=Bad Key=x", want: []string{`+opguard:cache-selector: "Bad Key=x" is not a label selector: unable to parse requirement: found 'Key', expected: in, notin, =, ==, !=, gt, lt`}},
		{text: "+opguard:own-condition=Bundle Ready", want: []string{`+opguard:own-condition: "Bundle Ready" is not a valid condition type: name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`}},
		{text: "+opguard:own-condition=Example.com/Ready", want: []string{`+opguard:own-condition: "Example.com/Ready" is not a valid condition type: prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`}},
		{text: "+opguard:finalizer=cleanup", want: []string{`+opguard:finalizer: finalizer "cleanup" needs a domain prefix, like example.com/cleanup, so it cannot collide with another controller's`}},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			tag, err := Parse(tt.text)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.text, err)
			}
			_, probs := Check(tag)
			var got []string
			for _, p := range probs {
				got = append(got, p.Msg)
			}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Fatalf("Check(%q) (-want +got):\n%s", tt.text, d)
			}
		})
	}
}

// FuzzParse checks that the scanner never panics, that offsets stay inside the text
// and that every marker it accepts survives a round trip through String. The seed
// corpus (f.Add and testdata/fuzz) runs in the normal test suite.
func FuzzParse(f *testing.F) {
	for _, d := range Defs {
		f.Add(d.Spelling())
		f.Add(Prefix + strings.TrimPrefix(d.Example, Prefix))
	}
	for _, s := range []string{"+opguard:", "+opguard:a:b=c,d=e", `+opguard:x="q\"uote"`, "+opguard:x= y ", "+opguard:x:=", "+opguard:x:a==b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if !strings.HasPrefix(text, "+opguard") {
			text = Prefix + text
		}
		tag, err := Parse(text)
		if err != nil {
			if err.Offset < 0 || err.Offset > len(text) {
				t.Fatalf("Parse(%q): error offset %d outside the text", text, err.Offset)
			}
			return
		}
		for _, a := range tag.Args {
			if a.Offset < 0 || a.ValueOffset > len(text) || a.Offset >= a.ValueOffset {
				t.Fatalf("Parse(%q): bad argument offsets %+v", text, a)
			}
		}
		if tag.ValueOffset > len(text) {
			t.Fatalf("Parse(%q): value offset %d outside the text", text, tag.ValueOffset)
		}
		again, err := Parse(tag.String())
		if err != nil {
			t.Fatalf("Parse(%q) accepted, but its String %q fails: %v", text, tag.String(), err)
		}
		if again.String() != tag.String() || again.Name != tag.Name || again.Value != tag.Value || len(again.Args) != len(tag.Args) {
			t.Fatalf("round trip of %q: %+v then %+v", text, tag, again)
		}
		Check(tag) // must not panic
	})
}
