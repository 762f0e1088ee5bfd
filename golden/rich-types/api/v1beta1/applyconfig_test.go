package v1beta1_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	sharedac "opgen.test/golden/rich-types/api/shared/applyconfiguration/api/shared"
	ac "opgen.test/golden/rich-types/api/v1beta1/applyconfiguration/api/v1beta1"
)

// TestApplyConfigurationsHoldNoZeroValues walks every apply configuration type a
// Workload reaches, wherever it is declared, and checks that every field can be left
// out of an apply: a pointer, slice or map with omitempty, or an inlined embedded one.
// A raw struct among them would serialize its zero fields, which the apply would then
// claim ({"name":"","weight":5}).
func TestApplyConfigurationsHoldNoZeroValues(t *testing.T) {
	seen := map[reflect.Type]bool{}
	var walk func(reflect.Type, string)
	walk = func(typ reflect.Type, where string) {
		for typ.Kind() == reflect.Pointer || typ.Kind() == reflect.Slice || typ.Kind() == reflect.Map || typ.Kind() == reflect.Array {
			typ = typ.Elem()
		}
		if typ.Kind() != reflect.Struct || seen[typ] || !strings.HasSuffix(typ.Name(), "ApplyConfiguration") {
			return
		}
		seen[typ] = true
		for i := 0; i < typ.NumField(); i++ {
			f := typ.Field(i)
			tag := f.Tag.Get("json")
			name := where + "." + f.Name
			switch f.Type.Kind() {
			case reflect.Pointer, reflect.Slice, reflect.Map:
				if !strings.Contains(tag, "omitempty") && !(f.Anonymous && strings.Contains(tag, "inline")) {
					t.Errorf("%s (%s) is sent even when unset: json %q", name, f.Type, tag)
				}
			case reflect.Struct:
				if !f.Anonymous || !strings.Contains(tag, "inline") {
					t.Errorf("%s is a struct value (%s): its zero fields are sent", name, f.Type)
				}
			default:
				t.Errorf("%s is a %s: its zero value is sent", name, f.Type)
			}
			walk(f.Type, name)
		}
	}
	walk(reflect.TypeOf(ac.WorkloadApplyConfiguration{}), "Workload")
	for _, want := range []string{"PortApplyConfiguration", "RefApplyConfiguration", "ScheduleApplyConfiguration"} {
		found := false
		for typ := range seen {
			found = found || typ.Name() == want
		}
		if !found {
			t.Errorf("%s is not reached from Workload: a raw struct stands in its place", want)
		}
	}
}

// TestPartialBuilderSerializesOnlyWhatIsSet sets one field of each shape and checks
// that the JSON an apply would send holds exactly those.
func TestPartialBuilderSerializesOnlyWhatIsSet(t *testing.T) {
	w := ac.Workload("w", "default").WithSpec(ac.WorkloadSpec().
		WithReplicas(2).
		WithUpstream(sharedac.Ref().WithName("db")).
		WithMirrors(sharedac.Ref().WithWeight(5)).
		WithRoutes(map[string][]ac.PortApplyConfiguration{"web": {*ac.Port().WithName("http")}}).
		WithBackends(map[string]ac.BackendApplyConfiguration{"a": *ac.Backend().WithWeight(1)}).
		WithSchedule(ac.Schedule().WithCron("* * * * *")))
	raw, err := json.Marshal(w)
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"apiVersion": "apps.example.com/v1beta1",
		"kind":       "Workload",
		"metadata":   map[string]any{"name": "w", "namespace": "default"},
		"spec": map[string]any{
			"replicas": 2.0,
			"upstream": map[string]any{"name": "db"},
			"mirrors":  []any{map[string]any{"weight": 5.0}},
			"routes":   map[string]any{"web": []any{map[string]any{"name": "http"}}},
			"backends": map[string]any{"a": map[string]any{"weight": 1.0}},
			"schedule": map[string]any{"cron": "* * * * *"},
		},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("the apply would send\n%s\nwant only what was set:\n%v", raw, want)
	}
}
