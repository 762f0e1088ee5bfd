package webhook

import (
	"bytes"
	"fmt"
	"path"

	ctwebhook "sigs.k8s.io/controller-tools/pkg/webhook"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator/contract"
	"github.com/opgen-dev/opgen/generator/controllertools"
)

// Generator is the webhook manifests generator.
type Generator struct{}

// Dir and CertManagerDir are the components' directories, ManifestsFile the webhook
// configurations' file in Dir (controller-gen's name and place).
const (
	Dir            = "config/webhook"
	CertManagerDir = "config/certmanager"
	ManifestsFile  = "manifests.yaml"
	// ServiceName is the webhook Service's name, before config/default's prefix (the
	// CRDs' conversion stanza names it too); SecretName the Secret cert-manager writes
	// the serving certificate into.
	ServiceName = controllertools.WebhookServiceName
	SecretName  = "webhook-server-cert"
	// CertDir is where controller-runtime's webhook server reads its certificate by
	// default, where the manager's Deployment mounts the Secret.
	CertDir = "/tmp/k8s-webhook-server/serving-certs"
)

// Name implements contract.Generator.
func (Generator) Name() string { return "webhook" }

// Claims implements contract.Generator.
func (Generator) Claims(ctx *contract.Context) []artifact.Claim {
	return []artifact.Claim{{Dir: Dir, Match: "*.yaml"}, {Dir: CertManagerDir, Match: "*.yaml"}}
}

// Generate implements contract.Generator.
func (Generator) Generate(ctx *contract.Context) ([]artifact.File, error) {
	files, err := controllertools.Run(ctx, ctwebhook.Generator{HeaderFile: controllertools.HeaderFileName}, Dir, nil)
	if err != nil {
		return nil, err
	}
	var manifests []byte
	for _, f := range files {
		if f.Path == path.Join(Dir, ManifestsFile) {
			manifests = f.Content
		}
	}
	if ctx.Project == nil {
		return files, nil
	}
	return append(files, components(ctx, manifests)...), nil
}

// components renders config/webhook and config/certmanager for the project.
func components(ctx *contract.Context, manifests []byte) []artifact.File {
	header := artifact.YAMLHeader + "\n"
	component := "apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\n"
	conversions := ctx.API.Conversions()
	if manifests == nil && len(conversions) == 0 {
		// kustomize refuses a kustomization with nothing but its type: the name keeps an
		// empty component a valid one.
		empty := func(name string) []byte {
			return []byte(header + "# The project has no webhook yet: opgen create webhook fills this component.\n" + component + "metadata:\n  name: " + name + "\n")
		}
		return []artifact.File{
			{Path: path.Join(Dir, "kustomization.yaml"), Content: empty("webhook")},
			{Path: path.Join(CertManagerDir, "kustomization.yaml"), Content: empty("certmanager")},
		}
	}
	name := ctx.ProjectName
	ns, prefix := name+"-system", name+"-"
	inject := fmt.Sprintf("cert-manager.io/inject-ca-from: %s/%sserving-cert", ns, prefix)
	var k bytes.Buffer
	k.WriteString(header)
	k.WriteString("# The operator's webhooks: their configurations, the Service the API server calls,\n")
	k.WriteString("# the manager's serving port and certificate, and the CA cert-manager injects.\n")
	k.WriteString(component)
	k.WriteString("resources:\n")
	if manifests != nil {
		k.WriteString("- " + ManifestsFile + "\n")
	}
	k.WriteString("- service.yaml\npatches:\n- path: manager_patch.yaml\n")
	annotate := func(kind, objName string) {
		fmt.Fprintf(&k, "- target:\n    kind: %s\n", kind)
		if objName != "" {
			fmt.Fprintf(&k, "    name: %s\n", objName)
		}
		fmt.Fprintf(&k, "  patch: |-\n    - op: add\n      path: /metadata/annotations\n      value:\n        %s\n", inject)
		if kind == "CustomResourceDefinition" {
			// kustomize's namePrefix does not reach a CRD's conversion Service (its
			// namespace it sets): the name is written as config/default makes it.
			fmt.Fprintf(&k, "    - op: replace\n      path: /spec/conversion/webhook/clientConfig/service/name\n      value: %s%s\n", prefix, ServiceName)
		}
	}
	if bytes.Contains(manifests, []byte("kind: MutatingWebhookConfiguration")) {
		annotate("MutatingWebhookConfiguration", "")
	}
	if bytes.Contains(manifests, []byte("kind: ValidatingWebhookConfiguration")) {
		annotate("ValidatingWebhookConfiguration", "")
	}
	for _, c := range conversions {
		annotate("CustomResourceDefinition", c.Hub.Plural+"."+c.Hub.Package.Group)
	}
	labels := fmt.Sprintf("  labels:\n    app.kubernetes.io/name: %s\n    app.kubernetes.io/managed-by: kustomize\n", name)
	service := header + `apiVersion: v1
kind: Service
metadata:
` + labels + `  name: ` + ServiceName + `
  namespace: system
spec:
  ports:
  - port: 443
    protocol: TCP
    targetPort: 9443
  selector:
    control-plane: controller-manager
    app.kubernetes.io/name: ` + name + "\n"
	patch := header + `# The manager serves its webhooks on 9443 with the certificate cert-manager issues.
apiVersion: apps/v1
kind: Deployment
metadata:
  name: controller-manager
  namespace: system
spec:
  template:
    spec:
      containers:
      - name: manager
        ports:
        - name: webhook-server
          containerPort: 9443
          protocol: TCP
        volumeMounts:
        - name: webhook-certs
          mountPath: ` + CertDir + `
          readOnly: true
      volumes:
      - name: webhook-certs
        secret:
          secretName: ` + SecretName + "\n"
	svc := prefix + ServiceName
	cert := header + `# The webhook server's certificate, issued by the self-signed Issuer; cert-manager's
# CA injector copies its CA into the webhook configurations and CRDs that name it.
apiVersion: cert-manager.io/v1
kind: Certificate
metadata:
` + labels + `  name: serving-cert
  namespace: system
spec:
  dnsNames:
  - ` + svc + "." + ns + `.svc
  - ` + svc + "." + ns + `.svc.cluster.local
  issuerRef:
    kind: Issuer
    name: ` + prefix + `selfsigned-issuer
  secretName: ` + SecretName + "\n"
	issuer := header + `apiVersion: cert-manager.io/v1
kind: Issuer
metadata:
` + labels + `  name: selfsigned-issuer
  namespace: system
spec:
  selfSigned: {}
`
	certKust := header + "# cert-manager's Issuer and Certificate for the webhook server; replace this\n# component to provision the certificate another way.\n" + component + "resources:\n- issuer.yaml\n- certificate.yaml\n"
	return []artifact.File{
		{Path: path.Join(Dir, "kustomization.yaml"), Content: k.Bytes()},
		{Path: path.Join(Dir, "service.yaml"), Content: []byte(service)},
		{Path: path.Join(Dir, "manager_patch.yaml"), Content: []byte(patch)},
		{Path: path.Join(CertManagerDir, "kustomization.yaml"), Content: []byte(certKust)},
		{Path: path.Join(CertManagerDir, "certificate.yaml"), Content: []byte(cert)},
		{Path: path.Join(CertManagerDir, "issuer.yaml"), Content: []byte(issuer)},
	}
}
