package chart

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"helm.sh/helm/v4/pkg/chart/common"
	chartutil "helm.sh/helm/v4/pkg/chart/common/util"
	"helm.sh/helm/v4/pkg/chart/v2/lint"
	"helm.sh/helm/v4/pkg/chart/v2/lint/support"
	"helm.sh/helm/v4/pkg/chart/v2/loader"
	"helm.sh/helm/v4/pkg/engine"
	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/yaml"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator/manifests"
	"github.com/opgen-dev/opgen/output"
	"github.com/opgen-dev/opgen/templates"
)

// input is a project with one kind served through a conversion webhook, one that is
// not, a mutating and a validating webhook, a namespaced Role and APF.
func input() *Input {
	crd := func(group, plural, kind string) *apiextensionsv1.CustomResourceDefinition {
		c := &apiextensionsv1.CustomResourceDefinition{}
		c.APIVersion, c.Kind = "apiextensions.k8s.io/v1", "CustomResourceDefinition"
		c.Name = plural + "." + group
		c.Spec = apiextensionsv1.CustomResourceDefinitionSpec{
			Group: group, Scope: apiextensionsv1.NamespaceScoped,
			Names: apiextensionsv1.CustomResourceDefinitionNames{Kind: kind, ListKind: kind + "List", Plural: plural, Singular: strings.ToLower(kind)},
			Versions: []apiextensionsv1.CustomResourceDefinitionVersion{{
				Name: "v1", Served: true, Storage: true,
				Schema: &apiextensionsv1.CustomResourceValidation{OpenAPIV3Schema: &apiextensionsv1.JSONSchemaProps{
					Type: "object",
					// A description that holds Helm's delimiters must come out as written.
					Description: "Set {{ .Values.x }} in the spec.",
				}},
			}},
		}
		return c
	}
	path := "/mutate-cache-example-com-v1-memcached"
	vpath := "/validate-cache-example-com-v1-memcached"
	none := admissionregistrationv1.SideEffectClassNone
	mutating := &admissionregistrationv1.MutatingWebhookConfiguration{Webhooks: []admissionregistrationv1.MutatingWebhook{{
		Name: "mmemcached-v1.kb.io", AdmissionReviewVersions: []string{"v1"}, SideEffects: &none,
		ClientConfig: admissionregistrationv1.WebhookClientConfig{Service: &admissionregistrationv1.ServiceReference{Name: "webhook-service", Namespace: "system", Path: &path}},
	}}}
	mutating.Name = "mutating-webhook-configuration"
	validating := &admissionregistrationv1.ValidatingWebhookConfiguration{Webhooks: []admissionregistrationv1.ValidatingWebhook{{
		Name: "vmemcached-v1.kb.io", AdmissionReviewVersions: []string{"v1"}, SideEffects: &none,
		ClientConfig: admissionregistrationv1.WebhookClientConfig{Service: &admissionregistrationv1.ServiceReference{Name: "webhook-service", Namespace: "system", Path: &vpath}},
	}}}
	validating.Name = "validating-webhook-configuration"
	role := &rbacv1.ClusterRole{Rules: []rbacv1.PolicyRule{{APIGroups: []string{"cache.example.com"}, Resources: []string{"memcacheds/status"}, Verbs: []string{"patch"}}}}
	role.Name = "manager-role"
	nsRole := &rbacv1.Role{Rules: []rbacv1.PolicyRule{{APIGroups: []string{""}, Resources: []string{"configmaps"}, Verbs: []string{"get"}}}}
	nsRole.Name, nsRole.Namespace = "manager-role", "elsewhere"
	return &Input{
		Name: "memcached-operator",
		CRDs: map[string]*apiextensionsv1.CustomResourceDefinition{
			"cache.example.com_memcacheds.yaml": crd("cache.example.com", "memcacheds", "Memcached"),
			"cache.example.com_stores.yaml":     crd("cache.example.com", "stores", "Store"),
		},
		Conversions: map[string]bool{"memcacheds.cache.example.com": true},
		ClusterRole: role, Roles: []*rbacv1.Role{nsRole},
		Mutating: mutating, Validating: validating,
		APF: true, Monitoring: true,
	}
}

// writeChart writes the chart of in to a directory, with the built-in Chart.yaml and
// values.yaml, as a run writes them.
func writeChart(t *testing.T, in *Input) string {
	t.Helper()
	files, err := Render(in)
	if err != nil {
		t.Fatal(err)
	}
	set, err := templates.Load("")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Chart.yaml", "values.yaml"} {
		content, err := set.Render("chart/"+name, map[string]any{"ProjectName": in.Name})
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, artifact.File{Path: Dir + "/" + name, Content: content})
	}
	root := t.TempDir()
	for _, f := range files {
		p := filepath.Join(root, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// render renders the chart at dir with Helm's library, as release memcached-operator
// in namespace ops, and indexes the objects by "Kind name".
func render(t *testing.T, dir string, vals map[string]any) (map[string]*unstructured.Unstructured, error) {
	t.Helper()
	ch, err := loader.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	values, err := chartutil.ToRenderValuesWithSchemaValidation(ch, vals,
		common.ReleaseOptions{Name: "memcached-operator", Namespace: "ops", Revision: 1, IsInstall: true}, common.DefaultCapabilities, false)
	if err != nil {
		return nil, err
	}
	rendered, err := engine.Render(ch, values)
	if err != nil {
		return nil, err
	}
	objs := map[string]*unstructured.Unstructured{}
	for name, content := range rendered {
		for _, doc := range strings.Split(content, "\n---\n") {
			var m map[string]any
			if err := yaml.Unmarshal([]byte(doc), &m); err != nil {
				t.Fatalf("%s: %v\n%s", name, err, doc)
			}
			if len(m) == 0 {
				continue
			}
			u := &unstructured.Unstructured{Object: m}
			objs[u.GetKind()+" "+u.GetName()] = u
		}
	}
	return objs, nil
}

func names(objs map[string]*unstructured.Unstructured) []string {
	out := make([]string, 0, len(objs))
	for k := range objs {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestRenderDefaults: with the default values, every object config/ would hold, named
// with the release's prefix, in the release's namespace, wired to each other.
func TestRenderDefaults(t *testing.T) {
	dir := filepath.Join(writeChart(t, input()), "dist", "chart")
	objs, err := render(t, dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"Certificate memcached-operator-serving-cert",
		"ClusterRole memcached-operator-manager-role",
		"ClusterRole memcached-operator-metrics-auth-role",
		"ClusterRole memcached-operator-metrics-reader",
		"ClusterRoleBinding memcached-operator-manager-rolebinding",
		"ClusterRoleBinding memcached-operator-metrics-auth-rolebinding",
		"CustomResourceDefinition memcacheds.cache.example.com",
		"CustomResourceDefinition stores.cache.example.com",
		"Deployment memcached-operator-controller-manager",
		"FlowSchema memcached-operator",
		"FlowSchema memcached-operator-leader-election",
		"Issuer memcached-operator-selfsigned-issuer",
		"MutatingWebhookConfiguration memcached-operator-mutating-webhook-configuration",
		"PriorityLevelConfiguration memcached-operator",
		"Role memcached-operator-leader-election-role",
		"Role memcached-operator-manager-role",
		"RoleBinding memcached-operator-leader-election-rolebinding",
		"Service memcached-operator-controller-manager-metrics-service",
		"Service memcached-operator-webhook-service",
		"ServiceAccount memcached-operator-controller-manager",
		"ValidatingWebhookConfiguration memcached-operator-validating-webhook-configuration",
	}
	if got := names(objs); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("objects:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	str := func(key string, path ...string) string {
		s, _, _ := unstructured.NestedString(objs[key].Object, path...)
		return s
	}
	crd := "CustomResourceDefinition memcacheds.cache.example.com"
	for what, c := range map[string][2]string{
		"CRD kept":                 {objs[crd].GetAnnotations()["helm.sh/resource-policy"], "keep"},
		"CRD CA":                   {objs[crd].GetAnnotations()["cert-manager.io/inject-ca-from"], "ops/memcached-operator-serving-cert"},
		"conversion Service":       {str(crd, "spec", "conversion", "webhook", "clientConfig", "service", "name"), "memcached-operator-webhook-service"},
		"conversion namespace":     {str(crd, "spec", "conversion", "webhook", "clientConfig", "service", "namespace"), "ops"},
		"description kept":         {str(crd, "spec", "versions", "0", "schema", "openAPIV3Schema", "description"), ""},
		"Role namespace":           {objs["Role memcached-operator-manager-role"].GetNamespace(), "ops"},
		"ServiceAccount namespace": {objs["ServiceAccount memcached-operator-controller-manager"].GetNamespace(), "ops"},
		"managed by":               {objs["ClusterRole memcached-operator-manager-role"].GetLabels()["app.kubernetes.io/managed-by"], "Helm"},
		"instance":                 {objs["Deployment memcached-operator-controller-manager"].GetLabels()["app.kubernetes.io/instance"], "memcached-operator"},
		"service account":          {str("Deployment memcached-operator-controller-manager", "spec", "template", "spec", "serviceAccountName"), "memcached-operator-controller-manager"},
		"binding subject":          {str("ClusterRoleBinding memcached-operator-manager-rolebinding", "roleRef", "name"), "memcached-operator-manager-role"},
	} {
		if what == "description kept" {
			// NestedString does not index lists: read it through the typed spec.
			versions, _, _ := unstructured.NestedSlice(objs[crd].Object, "spec", "versions")
			c[0], _, _ = unstructured.NestedString(versions[0].(map[string]any), "schema", "openAPIV3Schema", "description")
			c[1] = "Set {{ .Values.x }} in the spec."
		}
		if c[0] != c[1] {
			t.Errorf("%s: %q, want %q", what, c[0], c[1])
		}
	}
	if _, ok := objs["CustomResourceDefinition stores.cache.example.com"].Object["spec"].(map[string]any)["conversion"]; ok {
		t.Error("a CRD without a hub has a conversion stanza")
	}
	hooks, _, _ := unstructured.NestedSlice(objs["MutatingWebhookConfiguration memcached-operator-mutating-webhook-configuration"].Object, "webhooks")
	svc := hooks[0].(map[string]any)["clientConfig"].(map[string]any)["service"].(map[string]any)
	if svc["name"] != "memcached-operator-webhook-service" || svc["namespace"] != "ops" || svc["path"] != "/mutate-cache-example-com-v1-memcached" {
		t.Errorf("mutating webhook's Service: %v", svc)
	}
	args, _, _ := unstructured.NestedSlice(objs["Deployment memcached-operator-controller-manager"].Object, "spec", "template", "spec", "containers")
	container := args[0].(map[string]any)
	if got := strings.Join(toStrings(container["args"]), " "); got != "--leader-elect --health-probe-bind-address=:8081 --metrics-bind-address=:8443" {
		t.Errorf("args: %s", got)
	}
	if container["image"] != "memcached-operator:latest" {
		t.Errorf("image: %v", container["image"])
	}
}

func toStrings(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

// TestRenderValues: each switch of values.yaml takes out what it names, and the
// manager's settings reach its command line and pod.
func TestRenderValues(t *testing.T) {
	dir := filepath.Join(writeChart(t, input()), "dist", "chart")
	for _, c := range []struct {
		name    string
		vals    map[string]any
		gone    []string
		check   func(t *testing.T, objs map[string]*unstructured.Unstructured)
		present []string
	}{
		{name: "crd off", vals: map[string]any{"crd": map[string]any{"enable": false}},
			gone: []string{"CustomResourceDefinition memcacheds.cache.example.com", "CustomResourceDefinition stores.cache.example.com"}},
		{name: "crd not kept", vals: map[string]any{"crd": map[string]any{"keep": false}}, check: func(t *testing.T, objs map[string]*unstructured.Unstructured) {
			if _, ok := objs["CustomResourceDefinition stores.cache.example.com"].GetAnnotations()["helm.sh/resource-policy"]; ok {
				t.Error("kept")
			}
		}},
		{name: "apf off", vals: map[string]any{"apf": map[string]any{"enable": false}},
			gone: []string{"FlowSchema memcached-operator", "FlowSchema memcached-operator-leader-election", "PriorityLevelConfiguration memcached-operator"}},
		{name: "leader election off", vals: map[string]any{"leaderElection": map[string]any{"enable": false}},
			gone: []string{"Role memcached-operator-leader-election-role", "RoleBinding memcached-operator-leader-election-rolebinding"},
			check: func(t *testing.T, objs map[string]*unstructured.Unstructured) {
				if args := managerArgs(objs); strings.Contains(args, "--leader-elect") {
					t.Errorf("args: %s", args)
				}
			}},
		{name: "metrics insecure", vals: map[string]any{"metrics": map[string]any{"secure": false, "port": 8080}},
			gone: []string{"ClusterRole memcached-operator-metrics-auth-role", "ClusterRoleBinding memcached-operator-metrics-auth-rolebinding", "ClusterRole memcached-operator-metrics-reader"},
			check: func(t *testing.T, objs map[string]*unstructured.Unstructured) {
				if args := managerArgs(objs); !strings.Contains(args, "--metrics-bind-address=:8080 --metrics-secure=false") {
					t.Errorf("args: %s", args)
				}
				ports, _, _ := unstructured.NestedSlice(objs["Service memcached-operator-controller-manager-metrics-service"].Object, "spec", "ports")
				if p := ports[0].(map[string]any); p["name"] != "http" || p["port"] != float64(8080) {
					t.Errorf("metrics Service port: %v", p)
				}
			}},
		{name: "metrics off", vals: map[string]any{"metrics": map[string]any{"enable": false}},
			gone: []string{"Service memcached-operator-controller-manager-metrics-service", "ClusterRole memcached-operator-metrics-reader"},
			check: func(t *testing.T, objs map[string]*unstructured.Unstructured) {
				if args := managerArgs(objs); !strings.Contains(args, "--metrics-bind-address=0") {
					t.Errorf("args: %s", args)
				}
			}},
		{name: "webhooks off", vals: map[string]any{"webhook": map[string]any{"enable": false}},
			gone: []string{"MutatingWebhookConfiguration memcached-operator-mutating-webhook-configuration", "ValidatingWebhookConfiguration memcached-operator-validating-webhook-configuration",
				"Service memcached-operator-webhook-service", "Issuer memcached-operator-selfsigned-issuer", "Certificate memcached-operator-serving-cert"},
			check: func(t *testing.T, objs map[string]*unstructured.Unstructured) {
				y, _ := yaml.Marshal(objs["Deployment memcached-operator-controller-manager"].Object)
				if !strings.Contains(string(y), "name: ENABLE_WEBHOOKS\n") || strings.Contains(string(y), "webhook-server") || strings.Contains(string(y), "webhook-certs") {
					t.Errorf("Deployment:\n%s", y)
				}
				if _, ok := objs["CustomResourceDefinition memcacheds.cache.example.com"].Object["spec"].(map[string]any)["conversion"]; ok {
					t.Error("the CRD keeps its conversion webhook")
				}
			}},
		{name: "cert-manager off", vals: map[string]any{"certManager": map[string]any{"enable": false}, "webhook": map[string]any{"enable": true, "caBundle": "Q0E="}},
			gone: []string{"Issuer memcached-operator-selfsigned-issuer", "Certificate memcached-operator-serving-cert"},
			check: func(t *testing.T, objs map[string]*unstructured.Unstructured) {
				hooks, _, _ := unstructured.NestedSlice(objs["ValidatingWebhookConfiguration memcached-operator-validating-webhook-configuration"].Object, "webhooks")
				if cc := hooks[0].(map[string]any)["clientConfig"].(map[string]any); cc["caBundle"] != "Q0E=" {
					t.Errorf("clientConfig: %v", cc)
				}
				if a := objs["ValidatingWebhookConfiguration memcached-operator-validating-webhook-configuration"].GetAnnotations(); len(a) != 0 {
					t.Errorf("annotations: %v", a)
				}
			}},
		{name: "pod settings", vals: map[string]any{
			"image":    map[string]any{"repository": "registry.example.com/op", "tag": "v1.2.3", "pullPolicy": "Always"},
			"replicas": 2, "kubeAPI": map[string]any{"qps": 50, "burst": 100}, "extraArgs": []any{"--zap-log-level=debug"},
			"env":          []any{map[string]any{"name": "A", "value": "b"}},
			"nodeSelector": map[string]any{"kubernetes.io/os": "linux"}, "tolerations": []any{map[string]any{"key": "k", "operator": "Exists"}},
			"affinity": map[string]any{"nodeAffinity": map[string]any{}}, "priorityClassName": "system-cluster-critical",
			"labels": map[string]any{"team": "a"}, "annotations": map[string]any{"owner": "a"}, "podLabels": map[string]any{"pod": "x"}, "podAnnotations": map[string]any{"scrape": "z"},
			"resources": map[string]any{"limits": map[string]any{"memory": "1Gi"}}, "fullnameOverride": "ops-op",
		}, check: func(t *testing.T, objs map[string]*unstructured.Unstructured) {
			d := objs["Deployment ops-op-controller-manager"]
			if d == nil {
				t.Fatalf("no Deployment ops-op-controller-manager: %v", names(objs))
			}
			y, _ := yaml.Marshal(d.Object)
			for _, want := range []string{"replicas: 2\n", "image: registry.example.com/op:v1.2.3\n", "imagePullPolicy: Always\n",
				"- --kube-api-qps=50\n", "- --kube-api-burst=100\n", "- --zap-log-level=debug\n", "name: A\n", "kubernetes.io/os: linux\n",
				"operator: Exists\n", "nodeAffinity: {}\n", "priorityClassName: system-cluster-critical\n", "team: a\n", "owner: a\n",
				"pod: x\n", "scrape: z\n", "memory: 1Gi\n", "serviceAccountName: ops-op-controller-manager\n"} {
				if !strings.Contains(string(y), want) {
					t.Errorf("the Deployment has no %q:\n%s", want, y)
				}
			}
			if l := objs["ClusterRole ops-op-manager-role"].GetLabels(); l["team"] != "a" {
				t.Errorf("labels of the ClusterRole: %v", l)
			}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			objs, err := render(t, dir, c.vals)
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range c.gone {
				if objs[g] != nil {
					t.Errorf("%s is still there", g)
				}
			}
			if c.check != nil {
				c.check(t, objs)
			}
		})
	}
}

func managerArgs(objs map[string]*unstructured.Unstructured) string {
	containers, _, _ := unstructured.NestedSlice(objs["Deployment memcached-operator-controller-manager"].Object, "spec", "template", "spec", "containers")
	return strings.Join(toStrings(containers[0].(map[string]any)["args"]), " ")
}

// TestSchemaRejects: values.schema.json refuses wrong types and misspelt keys of
// opgen's groups, naming the value; a team's own top-level value passes.
func TestSchemaRejects(t *testing.T) {
	dir := filepath.Join(writeChart(t, input()), "dist", "chart")
	for _, c := range []struct {
		vals map[string]any
		want []string
	}{
		{map[string]any{"replicas": "two"}, []string{"replicas", "integer"}},
		{map[string]any{"webhook": map[string]any{"enable": "yes"}}, []string{"webhook", "enable", "boolean"}},
		{map[string]any{"kubeAPI": map[string]any{"burst": -1}}, []string{"kubeAPI", "burst"}},
		{map[string]any{"image": map[string]any{"pullPolicy": "Sometimes"}}, []string{"pullPolicy"}},
		{map[string]any{"crd": map[string]any{"enabled": true}}, []string{"crd", "enabled"}},
		{map[string]any{"metrics": map[string]any{"serviceMonitor": map[string]any{"enable": "yes"}}}, []string{"serviceMonitor", "enable", "boolean"}},
		{map[string]any{"metrics": map[string]any{"prometheusRule": map[string]any{"enabled": true}}}, []string{"prometheusRule", "enabled"}},
	} {
		_, err := render(t, dir, c.vals)
		if err == nil {
			t.Errorf("%v: rendered", c.vals)
			continue
		}
		t.Logf("%v: %v", c.vals, err)
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%v: the error does not say %q:\n%v", c.vals, w, err)
			}
		}
	}
	if _, err := render(t, dir, map[string]any{"myTeamsValue": map[string]any{"x": 1}}); err != nil {
		t.Errorf("a team's own value: %v", err)
	}
}

// TestLint: helm lint's rules find nothing to warn about, webhooks or none.
func TestLint(t *testing.T) {
	plain := input()
	plain.Mutating, plain.Validating, plain.Conversions, plain.APF, plain.Roles = nil, nil, nil, false, nil
	for name, in := range map[string]*Input{"full": input(), "plain": plain} {
		dir := filepath.Join(writeChart(t, in), "dist", "chart")
		for _, m := range lint.RunAll(dir, nil, "ops").Messages {
			if m.Severity >= support.WarningSev {
				t.Errorf("%s: %s", name, m)
			}
		}
	}
}

// TestGeneratedAndOwned: every template and the schema carry opgen's header (so a run
// rewrites and removes them); a template a team adds, and Chart.yaml and values.yaml
// once written, are the user's and survive a run that no longer produces a template.
func TestGeneratedAndOwned(t *testing.T) {
	files, err := Render(input())
	if err != nil {
		t.Fatal(err)
	}
	claims := Generator{}.Claims(nil)
	for _, f := range files {
		if artifact.OwnedBy(f.Path, f.Content) != "opgen" {
			t.Errorf("%s does not carry opgen's header", f.Path)
		}
		covered := false
		for _, c := range claims {
			covered = covered || c.Covers(f.Path)
		}
		if !covered {
			t.Errorf("%s lies outside the generator's claims", f.Path)
		}
	}
	root := writeChart(t, input())
	mine := filepath.Join(root, TemplatesDir, "team", "configmap.yaml")
	if err := os.MkdirAll(filepath.Dir(mine), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(mine, []byte("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: team\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The next run has no webhooks any more: their templates go, the team's stays.
	plain := input()
	plain.Mutating, plain.Validating, plain.Conversions = nil, nil, nil
	next, err := Render(plain)
	if err != nil {
		t.Fatal(err)
	}
	next = append(next, artifact.File{Path: Dir + "/values.yaml", Content: []byte("replicas: 3\n"), Owner: artifact.Scaffold})
	plan, err := output.Compute(root, next, claims)
	if err != nil {
		t.Fatal(err)
	}
	deleted := map[string]bool{}
	for _, c := range plan.Changes {
		switch {
		case c.Action == output.Delete:
			deleted[c.Path] = true
		case c.Path == Dir+"/values.yaml" && c.Action != output.Keep:
			t.Errorf("values.yaml: %v, want it kept", c.Action)
		}
	}
	for _, p := range []string{TemplatesDir + "/webhook/manifests.yaml", TemplatesDir + "/webhook/service.yaml", TemplatesDir + "/certmanager/issuer.yaml"} {
		if !deleted[p] {
			t.Errorf("%s is not removed", p)
		}
	}
	if deleted[TemplatesDir+"/team/configmap.yaml"] || len(deleted) != 4 {
		t.Errorf("removed: %v", deleted)
	}
}

// specOf is the spec of one of config/prometheus's objects as plain data, for
// comparison with a rendered one.
func specOf(t *testing.T, obj any) map[string]any {
	t.Helper()
	raw, err := yaml.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := yaml.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	return m["spec"].(map[string]any)
}

// TestRenderMonitoring: the ServiceMonitor and the PrometheusRule are off by default
// and each on by its own switch (and only with the metrics Service); on, their specs
// are config/prometheus's, field for field, for a release named after the project; the
// ServiceMonitor follows metrics.secure; the rules' job is the chart's metrics Service
// under any release name; a values.yaml written before the switches renders neither;
// helm lint passes with both on.
func TestRenderMonitoring(t *testing.T) {
	root := writeChart(t, input())
	dir := filepath.Join(root, "dist", "chart")
	const (
		monitorKey = "ServiceMonitor memcached-operator-controller-manager-metrics-monitor"
		rulesKey   = "PrometheusRule memcached-operator-controller-manager-alerts"
	)
	on := func(monitor, rules bool, more map[string]any) map[string]any {
		m := map[string]any{"serviceMonitor": map[string]any{"enable": monitor}, "prometheusRule": map[string]any{"enable": rules}}
		for k, v := range more {
			m[k] = v
		}
		return map[string]any{"metrics": m}
	}
	for _, c := range []struct {
		name string
		vals map[string]any
		want []string
	}{
		{"defaults", nil, nil},
		{"monitor", on(true, false, nil), []string{monitorKey}},
		{"rules", on(false, true, nil), []string{rulesKey}},
		{"both", on(true, true, nil), []string{rulesKey, monitorKey}}, // sorted
		{"no metrics Service", on(true, true, map[string]any{"enable": false}), nil},
	} {
		objs, err := render(t, dir, c.vals)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var got []string
		for _, k := range names(objs) {
			if kind := objs[k].GetKind(); kind == "ServiceMonitor" || kind == "PrometheusRule" {
				got = append(got, k)
				if objs[k].GetNamespace() != "ops" {
					t.Errorf("%s: %s in namespace %q, want the release's", c.name, k, objs[k].GetNamespace())
				}
			}
		}
		if strings.Join(got, ",") != strings.Join(c.want, ",") {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}

	objs, err := render(t, dir, on(true, true, nil))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := objs[monitorKey].Object["spec"], specOf(t, manifests.Monitor("memcached-operator")); !reflect.DeepEqual(got, want) {
		t.Errorf("ServiceMonitor spec:\n%v\nwant config/prometheus's:\n%v", got, want)
	}
	if got, want := objs[rulesKey].Object["spec"], specOf(t, manifests.Rules("memcached-operator")); !reflect.DeepEqual(got, want) {
		t.Errorf("PrometheusRule spec:\n%v\nwant config/prometheus's:\n%v", got, want)
	}
	for _, m := range lint.RunAll(dir, on(true, true, nil), "ops").Messages {
		if m.Severity >= support.WarningSev {
			t.Errorf("lint with both on: %s", m)
		}
	}

	// Plain HTTP: the ServiceMonitor scrapes the Service's http port, without a token.
	objs, err = render(t, dir, on(true, false, map[string]any{"secure": false}))
	if err != nil {
		t.Fatal(err)
	}
	eps, _, _ := unstructured.NestedSlice(objs[monitorKey].Object, "spec", "endpoints")
	ep := eps[0].(map[string]any)
	ports, _, _ := unstructured.NestedSlice(objs["Service memcached-operator-controller-manager-metrics-service"].Object, "spec", "ports")
	if ep["scheme"] != "http" || ep["port"] != ports[0].(map[string]any)["name"] || ep["bearerTokenFile"] != nil || ep["tlsConfig"] != nil {
		t.Errorf("insecure metrics: endpoint %v, Service ports %v", ep, ports)
	}

	// Another release's objects: the rules match the job of its metrics Service.
	objs, err = render(t, dir, map[string]any{"fullnameOverride": "prod-cache", "metrics": map[string]any{"prometheusRule": map[string]any{"enable": true}}})
	if err != nil {
		t.Fatal(err)
	}
	rules := objs["PrometheusRule prod-cache-controller-manager-alerts"]
	if rules == nil || objs["Service prod-cache-controller-manager-metrics-service"] == nil {
		t.Fatalf("fullnameOverride: %q", names(objs))
	}
	groups, _, _ := unstructured.NestedSlice(rules.Object, "spec", "groups")
	g := groups[0].(map[string]any)
	if g["name"] != "prod-cache-opguard" {
		t.Errorf("group %v", g["name"])
	}
	for _, r := range g["rules"].([]any) {
		expr := r.(map[string]any)["expr"].(string)
		if !strings.Contains(expr, `job="prod-cache-controller-manager-metrics-service"`) || strings.Contains(expr, "memcached-operator") {
			t.Errorf("%s: %s", r.(map[string]any)["alert"], expr)
		}
	}

	// A values.yaml from before the switches: neither object, no error.
	vf := filepath.Join(dir, "values.yaml")
	data, err := os.ReadFile(vf)
	if err != nil {
		t.Fatal(err)
	}
	old := regexp.MustCompile(`(?m)^  (serviceMonitor|prometheusRule):\n    enable: false\n`).ReplaceAllString(string(data), "")
	if old == string(data) {
		t.Fatal("values.yaml holds no switches to take out")
	}
	if err := os.WriteFile(vf, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	if objs, err = render(t, dir, nil); err != nil {
		t.Fatalf("values.yaml without the switches: %v", err)
	}
	for _, k := range names(objs) {
		if kind := objs[k].GetKind(); kind == "ServiceMonitor" || kind == "PrometheusRule" {
			t.Errorf("values.yaml without the switches: %s rendered", k)
		}
	}
}
