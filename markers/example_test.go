package markers_test

import (
	"fmt"

	"github.com/opgen-dev/opgen/markers"
)

// A marker with a value: everything after "=" to the end of the line.
func ExampleParse_value() {
	tag, err := markers.Parse("+opguard:status-owner=memcached-operator")
	fmt.Println(tag.Name, tag.Value, err == nil)
	// Output: status-owner memcached-operator true
}

// A marker with named arguments after ":".
func ExampleParse_args() {
	tag, _ := markers.Parse("+opguard:client:qps=50,burst=100")
	fmt.Println(tag.Name, tag.FloatArg("qps", 0), tag.IntArg("burst", 0))
	// Output: client 50 100
}

// Check validates a tag against the language table and suggests the marker meant.
func ExampleCheck() {
	tag, _ := markers.Parse("+opguard:status-ownr=memcached-operator")
	_, problems := markers.Check(tag)
	fmt.Println(problems[0].Msg)
	// Output: unknown marker +opguard:status-ownr; did you mean +opguard:status-owner?
}

// owns takes <group>/<version>/<Kind>, with the core group spelled "core".
func ExampleParseGVK() {
	gvk, _ := markers.ParseGVK("core/v1/Secret")
	fmt.Printf("%q %s %s\n", gvk.Group, gvk.Version, gvk.Kind)
	_, problem := markers.ParseGVK("apps/Deployment")
	fmt.Println(problem)
	// Output:
	// "" v1 Secret
	// want <group>/<version>/<Kind>, got "apps/Deployment"
}
