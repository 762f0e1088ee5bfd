package webhook_test

import (
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/opgen-dev/opgen/generator/internal/gentest"
	"github.com/opgen-dev/opgen/generator/webhook"
	"github.com/opgen-dev/opgen/project"
)

func TestMain(m *testing.M) { gentest.Main(m) }

// object is what the components' documents may hold; a key it lacks fails the test.
type object struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Metadata   struct {
		Name      string            `json:"name"`
		Namespace string            `json:"namespace"`
		Labels    map[string]string `json:"labels"`
	} `json:"metadata"`
	Resources []string `json:"resources"`
	Patches   []struct {
		Path   string `json:"path"`
		Target struct {
			Kind, Name string
		} `json:"target"`
		Patch string `json:"patch"`
	} `json:"patches"`
	Spec map[string]any `json:"spec"`
}

// TestComponents: golden/init-webhook's webhooks and conversion hub get
// config/webhook (the manifests, the Service, the manager's patch, cert-manager's CA
// injected into both webhook configurations and the hub's CRD) and config/certmanager
// (the Issuer and the Certificate of the Service's names), written as config/default
// names them.
func TestComponents(t *testing.T) {
	ctx := gentest.Load(t, "init-webhook")
	files, err := webhook.Generator{}.Generate(ctx)
	if err != nil {
		t.Fatal(err)
	}
	doc := func(dir, file string) object {
		return gentest.YAMLDocs[object](t, gentest.Find(t, files, path.Join(dir, file)))[0]
	}
	name := ctx.ProjectName
	ns, prefix := name+"-system", name+"-"
	k := doc(webhook.Dir, "kustomization.yaml")
	if k.Kind != "Component" || !slices.Equal(k.Resources, []string{webhook.ManifestsFile, "service.yaml"}) {
		t.Errorf("config/webhook: a %s of %v", k.Kind, k.Resources)
	}
	var targets []string
	for _, p := range k.Patches {
		if p.Path != "" {
			continue
		}
		targets = append(targets, p.Target.Kind+"/"+p.Target.Name)
		if want := "cert-manager.io/inject-ca-from: " + ns + "/" + prefix + "serving-cert"; !strings.Contains(p.Patch, want) {
			t.Errorf("the patch of %s does not inject %s:\n%s", p.Target.Kind, want, p.Patch)
		}
	}
	hub := ctx.API.Conversions()[0].Hub
	if want := []string{"MutatingWebhookConfiguration/", "ValidatingWebhookConfiguration/", "CustomResourceDefinition/" + hub.Plural + "." + hub.Package.Group}; !slices.Equal(targets, want) {
		t.Errorf("CA injected into %v, want %v", targets, want)
	}
	if svc := doc(webhook.Dir, "service.yaml"); svc.Metadata.Name != webhook.ServiceName || svc.Metadata.Labels["app.kubernetes.io/name"] != name {
		t.Errorf("the Service is %s labelled %v", svc.Metadata.Name, svc.Metadata.Labels)
	}
	patch := gentest.Find(t, files, path.Join(webhook.Dir, "manager_patch.yaml"))
	for _, zero := range []string{"null", "creationTimestamp", "status", "selector", "{}"} {
		if strings.Contains(string(patch.Content), zero) {
			t.Errorf("the manager's strategic-merge patch holds %q, which would overwrite the Deployment's:\n%s", zero, patch.Content)
		}
	}
	cert := doc(webhook.CertManagerDir, "certificate.yaml")
	svc := prefix + webhook.ServiceName
	if got, want := cert.Spec["dnsNames"], []any{svc + "." + ns + ".svc", svc + "." + ns + ".svc.cluster.local"}; !slices.Equal(got.([]any), want) {
		t.Errorf("the Certificate is for %v, want %v", got, want)
	}
	if c := doc(webhook.CertManagerDir, "kustomization.yaml"); !slices.Equal(c.Resources, []string{"issuer.yaml", "certificate.yaml"}) {
		t.Errorf("config/certmanager lists %v", c.Resources)
	}
}

// TestEmptyComponents: a project without webhooks gets both components, named and
// empty, so that config/default enables them from the start.
func TestEmptyComponents(t *testing.T) {
	ctx := *gentest.Load(t, "every-marker")
	ctx.Project = &project.Config{Domain: "example.com", ProjectName: ctx.ProjectName}
	files, err := webhook.Generator{}.Generate(&ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 2 {
		t.Fatalf("%d files, want the two kustomizations", len(files))
	}
	for _, dir := range []string{webhook.Dir, webhook.CertManagerDir} {
		k := gentest.YAMLDocs[object](t, gentest.Find(t, files, path.Join(dir, "kustomization.yaml")))[0]
		if k.Kind != "Component" || k.Metadata.Name != path.Base(dir) || len(k.Resources) > 0 {
			t.Errorf("%s: %+v, want an empty Component named %s", dir, k, path.Base(dir))
		}
	}
}
