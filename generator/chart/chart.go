package chart

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path"
	"sort"
	"strings"

	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	yamlutil "k8s.io/apimachinery/pkg/util/yaml"
	flowcontrolv1ac "k8s.io/client-go/applyconfigurations/flowcontrol/v1"
	ctrbac "sigs.k8s.io/controller-tools/pkg/rbac"
	ctwebhook "sigs.k8s.io/controller-tools/pkg/webhook"
	"sigs.k8s.io/yaml"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator/contract"
	"github.com/opgen-dev/opgen/generator/controllertools"
	"github.com/opgen-dev/opgen/generator/manifests"
)

// Dir is the chart's directory, where kubebuilder's helm plugin puts its chart too.
const Dir = "dist/chart"

// TemplatesDir holds the chart's templates: opgen's generated ones and the user's.
const TemplatesDir = Dir + "/templates"

// SchemaFile is the generated JSON schema of the values.
const SchemaFile = "values.schema.json"

// Generator is the Helm chart generator.
type Generator struct{}

// Name implements contract.Generator.
func (Generator) Name() string { return "chart" }

// Claims implements contract.Generator: the templates, whatever their folder, and the
// schema. Only files with opgen's header go when the run no longer produces them, so a
// template of the user's stays.
func (Generator) Claims(ctx *contract.Context) []artifact.Claim {
	return []artifact.Claim{{Dir: TemplatesDir, Match: "*", Tree: true}, {Dir: Dir, Match: SchemaFile}}
}

// Generate implements contract.Generator.
func (Generator) Generate(ctx *contract.Context) ([]artifact.File, error) {
	if !ctx.ChartOn() {
		return nil, nil
	}
	in, err := inputs(ctx)
	if err != nil {
		return nil, err
	}
	files, err := Render(in)
	if err != nil {
		return nil, err
	}
	data := map[string]any{"ProjectName": ctx.ProjectName}
	for _, name := range []string{"Chart.yaml", "values.yaml"} {
		content, err := ctx.Templates.Render("chart/"+name, data)
		if err != nil {
			return nil, err
		}
		files = append(files, artifact.File{Path: path.Join(Dir, name), Content: content, Owner: artifact.Scaffold})
	}
	return files, nil
}

// Input is what the chart is made of: the same objects config/ holds, as the run's
// other generators derive them.
type Input struct {
	// Name is the project's name: the chart's, and its templates' prefix.
	Name string
	// CRDs are the CustomResourceDefinitions of config/crd/bases, by file name there.
	CRDs map[string]*apiextensionsv1.CustomResourceDefinition
	// Conversions names the CRDs served through the conversion webhook.
	Conversions map[string]bool
	// ClusterRole and Roles are config/rbac/role.yaml's: the manager's rules.
	ClusterRole *rbacv1.ClusterRole
	Roles       []*rbacv1.Role
	// Mutating and Validating are config/webhook/manifests.yaml's, nil without webhooks.
	Mutating   *admissionregistrationv1.MutatingWebhookConfiguration
	Validating *admissionregistrationv1.ValidatingWebhookConfiguration
	// APF says the operator's APF objects are part of it (config/apf).
	APF bool
	// Monitoring says config/prometheus's ServiceMonitor and PrometheusRule are (an
	// operator opgen wires); the chart holds them behind switches, off by default.
	Monitoring bool
}

// Webhooks reports whether the operator serves webhooks.
func (in *Input) Webhooks() bool {
	return in.Mutating != nil || in.Validating != nil || len(in.Conversions) > 0
}

// inputs runs controller-tools' CRD, RBAC and webhook generators as the crd, rbac and
// webhook generators run them, and reads their output back into typed objects.
func inputs(ctx *contract.Context) (*Input, error) {
	in := &Input{Name: ctx.ProjectName, CRDs: map[string]*apiextensionsv1.CustomResourceDefinition{}, Conversions: map[string]bool{}, APF: ctx.Wired, Monitoring: ctx.Wired}
	crds, err := controllertools.Run(ctx, controllertools.CRDGenerator(ctx.Options), "crd", nil)
	if err != nil {
		return nil, err
	}
	for _, f := range crds {
		objs, err := decode[apiextensionsv1.CustomResourceDefinition](f.Content)
		if err != nil {
			return nil, fmt.Errorf("chart: CRD %s: %w", path.Base(f.Path), err)
		}
		for _, o := range objs {
			in.CRDs[path.Base(f.Path)] = o
		}
	}
	for _, c := range ctx.API.Conversions() {
		in.Conversions[c.Hub.Plural+"."+c.Hub.Package.Group] = true
	}
	roots, err := manifests.RBACRoots(ctx)
	if err != nil {
		return nil, err
	}
	roles, err := controllertools.Run(ctx, ctrbac.Generator{RoleName: ctx.RoleName, HeaderFile: controllertools.HeaderFileName}, "rbac", roots)
	if err != nil {
		return nil, err
	}
	in.ClusterRole = &rbacv1.ClusterRole{}
	in.ClusterRole.Name = ctx.RoleName
	for _, f := range roles {
		if crs, err := decode[rbacv1.ClusterRole](f.Content); err != nil {
			return nil, fmt.Errorf("chart: role: %w", err)
		} else {
			for _, cr := range crs {
				switch cr.Kind {
				case "ClusterRole":
					in.ClusterRole = cr
				case "Role":
					in.Roles = append(in.Roles, &rbacv1.Role{TypeMeta: cr.TypeMeta, ObjectMeta: cr.ObjectMeta, Rules: cr.Rules})
				}
			}
		}
	}
	hooks, err := controllertools.Run(ctx, ctwebhook.Generator{HeaderFile: controllertools.HeaderFileName}, "webhook", nil)
	if err != nil {
		return nil, err
	}
	for _, f := range hooks {
		if path.Base(f.Path) != "manifests.yaml" {
			continue
		}
		docs, err := decode[map[string]any](f.Content)
		if err != nil {
			return nil, fmt.Errorf("chart: webhook manifests: %w", err)
		}
		for _, d := range docs {
			b, _ := yaml.Marshal(d)
			switch (*d)["kind"] {
			case "MutatingWebhookConfiguration":
				in.Mutating = &admissionregistrationv1.MutatingWebhookConfiguration{}
				err = yaml.UnmarshalStrict(b, in.Mutating)
			case "ValidatingWebhookConfiguration":
				in.Validating = &admissionregistrationv1.ValidatingWebhookConfiguration{}
				err = yaml.UnmarshalStrict(b, in.Validating)
			}
			if err != nil {
				return nil, fmt.Errorf("chart: webhook manifests: %w", err)
			}
		}
	}
	return in, nil
}

// decode reads every document of a YAML stream into a T.
func decode[T any](data []byte) ([]*T, error) {
	var out []*T
	dec := yamlutil.NewYAMLOrJSONDecoder(bytes.NewReader(data), 4096)
	for {
		var raw map[string]any
		if err := dec.Decode(&raw); errors.Is(err, io.EOF) {
			return out, nil
		} else if err != nil {
			return nil, err
		}
		if len(raw) == 0 {
			continue
		}
		b, err := yaml.Marshal(raw)
		if err != nil {
			return nil, err
		}
		v := new(T)
		if err := yaml.UnmarshalStrict(b, v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
}

// Render writes the chart's generated files for in: the templates and the values'
// schema (Chart.yaml and values.yaml are the user's, rendered by Generate).
func Render(in *Input) ([]artifact.File, error) {
	t := &writer{name: in.Name}
	t.file("_helpers.tpl", helpers)
	for _, name := range sortedKeys(in.CRDs) {
		if err := t.crd(name, in.CRDs[name], in.Conversions[in.CRDs[name].Name]); err != nil {
			return nil, err
		}
	}
	if err := t.rbac(in); err != nil {
		return nil, err
	}
	t.file("manager/manager.yaml", deployment(in.Webhooks()))
	t.file("metrics/metrics_service.yaml", metricsService)
	if in.Webhooks() {
		if err := t.webhooks(in); err != nil {
			return nil, err
		}
	}
	if in.APF {
		if err := t.apf(); err != nil {
			return nil, err
		}
	}
	if in.Monitoring {
		if err := t.monitoring(); err != nil {
			return nil, err
		}
	}
	if t.err != nil {
		return nil, t.err
	}
	schema, err := valuesSchema()
	if err != nil {
		return nil, err
	}
	return append(t.files, artifact.File{Path: path.Join(Dir, SchemaFile), Content: schema}), nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// writer collects the templates.
type writer struct {
	name  string
	files []artifact.File
	err   error
}

// file adds a template: src with CHART. standing for the helpers' prefix (the project's
// name), under opgen's header.
func (t *writer) file(rel, src string) {
	header := artifact.YAMLHeader
	if strings.HasSuffix(rel, ".tpl") {
		header = artifact.TemplateHeader
	}
	src = strings.ReplaceAll(src, "CHART.", t.name+".")
	t.files = append(t.files, artifact.File{Path: path.Join(TemplatesDir, rel), Content: []byte(header + "\n" + strings.TrimLeft(src, "\n"))})
}

// toYAML marshals a derived object's part for a template: indented by n spaces, and
// with every "{{" of its text (a description can hold one) made literal for Helm.
func toYAML(v any, n int) (string, error) {
	b, err := yaml.Marshal(v)
	if err != nil {
		return "", err
	}
	s := strings.ReplaceAll(string(b), "{{", `{{ "{{" }}`)
	pad := strings.Repeat(" ", n)
	var out strings.Builder
	for _, line := range strings.SplitAfter(s, "\n") {
		if line != "" {
			out.WriteString(pad + line)
		}
	}
	return out.String(), nil
}

// metadata is an object's metadata block: its name (a suffix of the fullname, or a
// template expression when fixed is set), the release's namespace when namespaced, the
// labels config/ gives it, and the chart's labels and annotations. extraAnnotations
// are template lines that add to a dict $annotations.
func metadata(name string, namespaced bool, labels []string, annotations string) string {
	var b strings.Builder
	b.WriteString("metadata:\n")
	fmt.Fprintf(&b, "  name: %s\n", name)
	if namespaced {
		b.WriteString("  namespace: {{ .Release.Namespace }}\n")
	}
	b.WriteString("  labels:\n")
	for _, l := range labels {
		b.WriteString("    " + l + "\n")
	}
	b.WriteString("    {{- include \"CHART.labels\" . | nindent 4 }}\n")
	if annotations == "" {
		b.WriteString("  {{- with .Values.annotations }}\n  annotations:\n    {{- toYaml . | nindent 4 }}\n  {{- end }}\n")
	} else {
		b.WriteString("  {{- $annotations := dict }}\n" + annotations)
		b.WriteString("  {{- with mergeOverwrite $annotations .Values.annotations }}\n  annotations:\n    {{- toYaml . | nindent 4 }}\n  {{- end }}\n")
	}
	return b.String()
}

const (
	nameLabel  = `app.kubernetes.io/name: {{ include "CHART.name" . }}`
	planeLabel = "control-plane: controller-manager"
	fullname   = `{{ include "CHART.fullname" . }}`
	// injectCA is cert-manager's CA injection, as config/webhook adds it.
	injectCA = "  {{- if .Values.certManager.enable }}\n" +
		`  {{- $_ := set $annotations "cert-manager.io/inject-ca-from" (printf "%s/%s-serving-cert" .Release.Namespace (include "CHART.fullname" .)) }}` + "\n" +
		"  {{- end }}\n"
	// caBundle is a webhook client config's CA when cert-manager does not inject it.
	caBundle = "CABUNDLE_INDENT{{- if and (not .Values.certManager.enable) .Values.webhook.caBundle }}\nCABUNDLE_INDENTcaBundle: {{ .Values.webhook.caBundle }}\nCABUNDLE_INDENT{{- end }}\n"
	// webhookServiceName and metricsServiceName are the Services' names: a Service's
	// name is a DNS label, and a long release name is cut to fit.
	webhookServiceName = `{{ include "CHART.webhookServiceName" . }}`
	metricsServiceName = `{{ include "CHART.metricsServiceName" . }}`
)

// crd templates one CRD: installed when crd.enable, kept on uninstall when crd.keep,
// served through the conversion webhook when it has a hub and webhooks are on.
func (t *writer) crd(file string, crd *apiextensionsv1.CustomResourceDefinition, conversion bool) error {
	spec := crd.Spec
	spec.Conversion = nil
	body, err := toYAML(spec, 2)
	if err != nil {
		return err
	}
	annotations := "  {{- if .Values.crd.keep }}\n  {{- $_ := set $annotations \"helm.sh/resource-policy\" \"keep\" }}\n  {{- end }}\n"
	conv := ""
	if conversion {
		annotations += "  {{- if .Values.webhook.enable }}\n" + indentLines(injectCA, 2) + "  {{- end }}\n"
		conv = `  {{- if .Values.webhook.enable }}
  conversion:
    strategy: Webhook
    webhook:
      clientConfig:
        service:
          name: ` + webhookServiceName + `
          namespace: {{ .Release.Namespace }}
          path: /convert
` + strings.ReplaceAll(caBundle, "CABUNDLE_INDENT", "        ") + `      conversionReviewVersions:
      - v1
  {{- end }}
`
	}
	src := "{{- if .Values.crd.enable }}\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\n" +
		metadata(crd.Name, false, nil, annotations) + "spec:\n" + conv + body + "{{- end }}\n"
	t.file("crd/"+file, src)
	return nil
}

// indentLines indents every line of s by n more spaces.
func indentLines(s string, n int) string {
	pad := strings.Repeat(" ", n)
	lines := strings.SplitAfter(s, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = pad + l
		}
	}
	return strings.Join(lines, "")
}

// rbac templates the ServiceAccount, the manager's roles from the generated rules, and
// the leader election and metrics roles of config/rbac, with their bindings.
func (t *writer) rbac(in *Input) error {
	t.file("rbac/service_account.yaml", "apiVersion: v1\nkind: ServiceAccount\n"+metadata(fullname+"-controller-manager", true, []string{nameLabel}, ""))
	rules, err := toYAML(map[string]any{"rules": nonNil(in.ClusterRole.Rules)}, 0)
	if err != nil {
		return err
	}
	src := "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\n" + metadata(fullname+"-"+in.ClusterRole.Name, false, nil, "") + rules
	for _, r := range in.Roles {
		rules, err := toYAML(map[string]any{"rules": nonNil(r.Rules)}, 0)
		if err != nil {
			return err
		}
		// config/default's namespace moves every Role into the operator's namespace.
		src += "---\napiVersion: rbac.authorization.k8s.io/v1\nkind: Role\n" + metadata(fullname+"-"+r.Name, true, nil, "") + rules
	}
	t.file("rbac/role.yaml", src)
	t.file("rbac/role_binding.yaml", binding("ClusterRoleBinding", "manager-rolebinding", "ClusterRole", in.ClusterRole.Name))
	t.file("rbac/leader_election_role.yaml", "{{- if .Values.leaderElection.enable }}\n"+leaderElectionRole+"{{- end }}\n")
	t.file("rbac/leader_election_role_binding.yaml", "{{- if .Values.leaderElection.enable }}\n"+binding("RoleBinding", "leader-election-rolebinding", "Role", "leader-election-role")+"{{- end }}\n")
	secure := "{{- if and .Values.metrics.enable .Values.metrics.secure }}\n"
	t.file("rbac/metrics_auth_role.yaml", secure+metricsAuthRole+"{{- end }}\n")
	t.file("rbac/metrics_auth_role_binding.yaml", secure+binding("ClusterRoleBinding", "metrics-auth-rolebinding", "ClusterRole", "metrics-auth-role")+"{{- end }}\n")
	t.file("rbac/metrics_reader_role.yaml", secure+metricsReaderRole+"{{- end }}\n")
	return nil
}

func nonNil(rules []rbacv1.PolicyRule) []rbacv1.PolicyRule {
	if rules == nil {
		return []rbacv1.PolicyRule{}
	}
	return rules
}

func binding(kind, name, roleKind, role string) string {
	return "apiVersion: rbac.authorization.k8s.io/v1\nkind: " + kind + "\n" +
		metadata(fullname+"-"+name, kind == "RoleBinding", []string{nameLabel}, "") + `roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ` + roleKind + `
  name: ` + fullname + `-` + role + `
subjects:
- kind: ServiceAccount
  name: ` + fullname + `-controller-manager
  namespace: {{ .Release.Namespace }}
`
}

// webhooks templates the webhook configurations, their Service, and cert-manager's
// Issuer and Certificate, as config/webhook and config/certmanager hold them.
func (t *writer) webhooks(in *Input) error {
	on := "{{- if .Values.webhook.enable }}\n"
	clientConfig := func(cc admissionregistrationv1.WebhookClientConfig) map[string]any {
		p := ""
		if cc.Service != nil && cc.Service.Path != nil {
			p = *cc.Service.Path
		}
		return map[string]any{"caBundle": "@CABUNDLE@", "service": map[string]any{"name": "@SERVICE@", "namespace": "@NAMESPACE@", "path": p}}
	}
	var src strings.Builder
	add := func(kind, name string, hooks any) error {
		// Each webhook as controller-gen wrote it, its clientConfig pointed at the
		// chart's Service.
		raw, err := yaml.Marshal(hooks)
		if err != nil {
			return err
		}
		var list []map[string]any
		if err := yaml.Unmarshal(raw, &list); err != nil {
			return err
		}
		for _, h := range list {
			var cc admissionregistrationv1.WebhookClientConfig
			b, _ := yaml.Marshal(h["clientConfig"])
			if err := yaml.Unmarshal(b, &cc); err != nil {
				return err
			}
			h["clientConfig"] = clientConfig(cc)
		}
		body, err := toYAML(map[string]any{"webhooks": list}, 0)
		if err != nil {
			return err
		}
		body = strings.ReplaceAll(body, "name: '@SERVICE@'", "name: "+webhookServiceName)
		body = strings.ReplaceAll(body, "namespace: '@NAMESPACE@'", "namespace: {{ .Release.Namespace }}")
		body = strings.ReplaceAll(body, "    caBundle: '@CABUNDLE@'\n", strings.ReplaceAll(caBundle, "CABUNDLE_INDENT", "    "))
		if src.Len() > 0 {
			src.WriteString("---\n")
		}
		src.WriteString("apiVersion: admissionregistration.k8s.io/v1\nkind: " + kind + "\n" + metadata(fullname+"-"+name, false, nil, injectCA) + body)
		return nil
	}
	if in.Mutating != nil {
		if err := add("MutatingWebhookConfiguration", in.Mutating.Name, in.Mutating.Webhooks); err != nil {
			return err
		}
	}
	if in.Validating != nil {
		if err := add("ValidatingWebhookConfiguration", in.Validating.Name, in.Validating.Webhooks); err != nil {
			return err
		}
	}
	if src.Len() > 0 {
		t.file("webhook/manifests.yaml", on+src.String()+"{{- end }}\n")
	}
	t.file("webhook/service.yaml", on+webhookService+"{{- end }}\n")
	cm := "{{- if and .Values.webhook.enable .Values.certManager.enable }}\n"
	t.file("certmanager/issuer.yaml", cm+issuer+"{{- end }}\n")
	t.file("certmanager/certificate.yaml", cm+certificate+"{{- end }}\n")
	return nil
}

// apf templates the APF objects of config/apf for the release's ServiceAccount.
func (t *writer) apf() error {
	const name, sa, ns = "@NAME@", "@NAME@-controller-manager", "@NAMESPACE@"
	level, schemas := manifests.APF(name, sa, ns)
	objs := []any{level}
	for _, s := range schemas {
		objs = append(objs, s)
	}
	var src strings.Builder
	src.WriteString("{{- if .Values.apf.enable }}\n")
	for i, o := range objs {
		raw, err := yaml.Marshal(o)
		if err != nil {
			return err
		}
		var m map[string]any
		if err := yaml.Unmarshal(raw, &m); err != nil {
			return err
		}
		meta := m["metadata"].(map[string]any)
		delete(m, "metadata")
		delete(m, "status")
		objName := strings.ReplaceAll(meta["name"].(string), name, fullname)
		delete(m, "apiVersion")
		delete(m, "kind")
		body, err := toYAML(m, 0)
		if err != nil {
			return err
		}
		body = strings.NewReplacer("'@NAME@-controller-manager'", fullname+"-controller-manager", "'@NAME@'", fullname, "'@NAMESPACE@'", "{{ .Release.Namespace }}").Replace(body)
		if i > 0 {
			src.WriteString("---\n")
		}
		src.WriteString("apiVersion: flowcontrol.apiserver.k8s.io/v1\nkind: " + kindOf(o) + "\n" + metadata(objName, false, nil, "") + body)
	}
	src.WriteString("{{- end }}\n")
	t.file("apf/apf.yaml", src.String())
	return nil
}

func kindOf(o any) string {
	if _, ok := o.(*flowcontrolv1ac.FlowSchemaApplyConfiguration); ok {
		return "FlowSchema"
	}
	return "PriorityLevelConfiguration"
}

// monitoring templates config/prometheus's ServiceMonitor and PrometheusRule from the
// same objects (manifests.Monitor, manifests.Rules, made for a placeholder project
// whose names are then the release's), each behind its switch, off by default: a
// cluster without the Prometheus Operator has no such kinds. The ServiceMonitor follows
// metrics.secure (HTTPS with the scraper's token, or plain HTTP); the rules' job is the
// chart's metrics Service, which is what the Prometheus Operator names the job.
func (t *writer) monitoring() error {
	// A plain YAML scalar (an "@" would be quoted), found nowhere else.
	const name = "opgen-chart-placeholder"
	replace := func(what, body string, pairs ...string) (string, error) {
		for i := 0; i+1 < len(pairs); i += 2 {
			if !strings.Contains(body, pairs[i]) {
				return "", fmt.Errorf("chart: %s: %q not found in monitoring's object", what, pairs[i])
			}
			body = strings.ReplaceAll(body, pairs[i], pairs[i+1])
		}
		return body, nil
	}
	// The spec as config/prometheus writes it (in the order of the Prometheus
	// Operator's documentation), every "{{" of its text (the alerts' annotations are
	// Prometheus templates) made literal for Helm.
	spec := func(obj any) (string, error) {
		out, err := artifact.MarshalDocument(obj)
		if err != nil {
			return "", err
		}
		i := strings.Index(string(out), "\nspec:\n")
		if i < 0 {
			return "", fmt.Errorf("chart: monitoring's object has no spec")
		}
		return strings.ReplaceAll(string(out[i+1:]), "{{", `{{ "{{" }}`), nil
	}
	body, err := spec(manifests.Monitor(name))
	if err != nil {
		return err
	}
	scheme := "{{ if .Values.metrics.secure }}https{{ else }}http{{ end }}"
	if body, err = replace("ServiceMonitor", body,
		"port: https\n", "port: "+scheme+"\n",
		"scheme: https\n", "scheme: "+scheme+"\n",
		"    bearerTokenFile:", "    {{- if .Values.metrics.secure }}\n    bearerTokenFile:",
		"      insecureSkipVerify: true\n", "      insecureSkipVerify: true\n    {{- end }}\n",
		"app.kubernetes.io/name: "+name, `app.kubernetes.io/name: {{ include "CHART.name" . }}`,
	); err != nil {
		return err
	}
	// dig: a values.yaml written before the switches existed has no such keys.
	t.file("monitoring/monitor.yaml", `{{- if and .Values.metrics.enable (dig "serviceMonitor" "enable" false .Values.metrics) }}`+"\n"+
		"apiVersion: monitoring.coreos.com/v1\nkind: ServiceMonitor\n"+
		metadata(fullname+"-controller-manager-metrics-monitor", true, []string{planeLabel, nameLabel}, "")+body+"{{- end }}\n")

	if body, err = spec(manifests.Rules(name)); err != nil {
		return err
	}
	if body, err = replace("PrometheusRule", body,
		manifests.Job(name), metricsServiceName,
		"name: "+name+"-"+manifests.AlertsGroup, "name: "+fullname+"-"+manifests.AlertsGroup,
	); err != nil {
		return err
	}
	t.file("monitoring/rules.yaml", `{{- if and .Values.metrics.enable (dig "prometheusRule" "enable" false .Values.metrics) }}`+"\n"+
		"apiVersion: monitoring.coreos.com/v1\nkind: PrometheusRule\n"+
		metadata(fullname+"-controller-manager-alerts", true, []string{planeLabel, nameLabel}, "")+body+"{{- end }}\n")
	return nil
}
