package project

import (
	"reflect"
	"strings"
	"testing"
)

// TestRecordRoundTrip: the record, a step per line, reads back as it was written,
// whatever its strings hold (values YAML would read as something else are quoted).
func TestRecordRoundTrip(t *testing.T) {
	c := &Config{ProjectName: "op", Domain: "example.com", Templates: "../platform", Chart: "false", Scaffold: &Record{
		TemplateSet: 3,
		Overlay:     &Overlay{Name: "acme platform: v2", Version: "2.0", Digest: "sha256:abc"},
		Module:      "example.com/op/v2",
		Steps: []Step{
			{API: &APIStep{Group: "cache", Version: "v1alpha1", Kind: "Memcached", Owns: []string{"apps/v1/Deployment", "core/v1/Service"}}},
			{API: &APIStep{Group: "batch", Version: "v1", Kind: "Sweeper", ClusterScoped: true}},
			{Webhook: &WebhookStep{Group: "cache", Version: "v1alpha1", Kind: "Memcached", Defaulting: true, Validation: true}},
			{Webhook: &WebhookStep{Group: "cache", Version: "v1alpha1", Kind: "Memcached", Conversion: true, Spokes: []string{"v2", "v3"}}},
			{Controller: &ControllerStep{Group: "apps", Version: "v1", Kind: "Deployment", Owns: []string{"core/v1/ConfigMap"}, SelectAnnotation: "example.com/config=on", Finalizer: "example.com/cleanup"}},
			{Controller: &ControllerStep{Group: "networking", Version: "v1", Kind: "Ingress", APIGroup: "networking.k8s.io", SelectLabels: "tier in (web, api),!legacy"}},
			{Controller: &ControllerStep{Group: "cert-manager", Version: "v1", Kind: "Certificate", ExternalAPIPath: "github.com/cert-manager/cert-manager/pkg/apis/certmanager/v1", ExternalAPIDomain: "io"}},
			{Controller: &ControllerStep{Group: "core", Version: "v1", Kind: "Namespace", ClusterScoped: true}},
		},
	}}
	out := c.Marshal()
	for _, line := range []string{
		"  templateSet: 3\n",
		`  overlay: {name: "acme platform: v2", version: "2.0", digest: "sha256:abc"}` + "\n",
		"  - api: {group: cache, version: v1alpha1, kind: Memcached, owns: [apps/v1/Deployment, core/v1/Service]}\n",
		"  - webhook: {group: cache, version: v1alpha1, kind: Memcached, conversion: true, spokes: [v2, v3]}\n",
		`  - controller: {group: apps, version: v1, kind: Deployment, owns: [core/v1/ConfigMap], selectAnnotation: "example.com/config=on", finalizer: example.com/cleanup}` + "\n",
		"  - controller: {group: core, version: v1, kind: Namespace, clusterScoped: true}\n",
	} {
		if !strings.Contains(string(out), line) {
			t.Errorf("no line %q in\n%s", line, out)
		}
	}
	back, err := Parse(out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !reflect.DeepEqual(back, c) {
		t.Fatalf("read back %+v, want %+v", back.Scaffold, c.Scaffold)
	}
	for _, s := range []string{"true", "1.5", "007", "0x1f", "-", "a b", "yes"} {
		c := &Config{ProjectName: "op", Domain: "example.com", Scaffold: &Record{Module: "m", Overlay: &Overlay{Version: s, Digest: "d"}}}
		back, err := Parse(c.Marshal())
		if err != nil || back.Scaffold.Overlay.Version != s {
			t.Errorf("version %q read back as %+v, %v", s, back, err)
		}
	}
	for i, want := range []string{"apps", "networking.k8s.io", "cert-manager.io", ""} {
		if got := c.Scaffold.Steps[4+i].Controller.FullGroup(); got != want {
			t.Errorf("step %d's API group: %q, want %q", 5+i, got, want)
		}
	}
	if (&Config{}).Append(Step{}) {
		t.Error("Append to a project without a record")
	}
}

// TestRecordRefusesBadSteps: a step that is neither or both, or lacks its kind, is
// refused with the step's number.
func TestRecordRefusesBadSteps(t *testing.T) {
	for content, want := range map[string]string{
		"scaffold:\n  templateSet: 1\n  steps:\n  - {}\n":                                                                                                               "module is required",
		"scaffold:\n  templateSet: 1\n  module: m\n  steps:\n  - {}\n":                                                                                                  "step 1: give exactly one of api, webhook and controller",
		"scaffold:\n  templateSet: 1\n  module: m\n  steps:\n  - api: {group: g, version: v1}\n":                                                                        "step 1: api needs group, version and kind",
		"scaffold:\n  templateSet: 1\n  module: m\n  steps:\n  - api: {group: g, version: v1, kind: K}\n    controller: {group: apps, version: v1, kind: Deployment}\n": "step 1: give exactly one of api, webhook and controller",
		"scaffold:\n  templateSet: 1\n  module: m\n  steps:\n  - controller: {group: apps, kind: Deployment}\n":                                                         "step 1: controller needs group, version and kind",
		"scaffold:\n  templateSet: 1\n  module: m\n  stepz: []\n":                                                                                                       `unknown field "stepz"`,
	} {
		_, err := Parse([]byte("projectName: op\ndomain: example.com\n" + content))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", content, err, want)
		}
	}
}

// TestRecordWritesEveryField: every field of every step kind, set, reads back: the
// writer spells the steps out by hand, and a field it forgets would be lost from the
// record without a word (own-condition was, once).
func TestRecordWritesEveryField(t *testing.T) {
	fill := func(v reflect.Value) {
		for i := range v.NumField() {
			f := v.Field(i)
			switch f.Kind() {
			case reflect.String:
				f.SetString("v" + strings.ToLower(v.Type().Field(i).Name))
			case reflect.Bool:
				f.SetBool(true)
			case reflect.Slice:
				f.Set(reflect.ValueOf([]string{"a/v1/A", "b/v1/B"}))
			default:
				t.Fatalf("%s.%s: a %s field this test cannot fill", v.Type(), v.Type().Field(i).Name, f.Kind())
			}
		}
	}
	api, webhook, controller := &APIStep{}, &WebhookStep{}, &ControllerStep{}
	fill(reflect.ValueOf(api).Elem())
	fill(reflect.ValueOf(webhook).Elem())
	fill(reflect.ValueOf(controller).Elem())
	c := &Config{ProjectName: "op", Domain: "example.com", Scaffold: &Record{Module: "m", TemplateSet: 1,
		Steps: []Step{{API: api}, {Webhook: webhook}, {Controller: controller}}}}
	back, err := Parse(c.Marshal())
	if err != nil {
		t.Fatalf("%v\n%s", err, c.Marshal())
	}
	if !reflect.DeepEqual(back.Scaffold, c.Scaffold) {
		t.Fatalf("read back\n%+v %+v %+v\nwant\n%+v %+v %+v", *back.Scaffold.Steps[0].API, *back.Scaffold.Steps[1].Webhook, *back.Scaffold.Steps[2].Controller, *api, *webhook, *controller)
	}
}
