package webhook

import (
	"path"
	"slices"
	"strings"

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
	if !ctx.Runs(contract.GenWebhook) {
		return nil
	}
	if ctx.Project == nil && ctx.Adopted.On {
		return []artifact.Claim{{Dir: dir(ctx), Match: ManifestsFile}}
	}
	return []artifact.Claim{{Dir: Dir, Match: "*.yaml"}, {Dir: CertManagerDir, Match: "*.yaml"}}
}

// dir is the directory of the webhook configurations: a project's is Dir, which its
// kustomize components name; elsewhere the one controller-gen wrote to (WebhookDir).
func dir(ctx *contract.Context) string {
	if ctx.Project == nil && ctx.WebhookDir != "" {
		return ctx.WebhookDir
	}
	return Dir
}

// Generate implements contract.Generator.
func (Generator) Generate(ctx *contract.Context) ([]artifact.File, error) {
	if !ctx.Runs(contract.GenWebhook) {
		return nil, nil
	}
	files, err := controllertools.Run(ctx, ctwebhook.Generator{HeaderFile: controllertools.HeaderFileName}, dir(ctx), ctx.RootsFor(contract.GenWebhook, ctx.Roots))
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
	more, err := components(ctx, manifests)
	if err != nil {
		return nil, err
	}
	return append(files, more...), nil
}

// components renders config/webhook and config/certmanager for the project.
func components(ctx *contract.Context, manifests []byte) ([]artifact.File, error) {
	conversions := ctx.API.Conversions()
	if manifests == nil && len(conversions) == 0 {
		// kustomize refuses a kustomization with nothing but its type: the name keeps an
		// empty component a valid one.
		empty := artifact.YAML{Comment: "The project has no webhook yet: opgen create webhook fills this component."}
		var files []artifact.File
		for _, dir := range []string{Dir, CertManagerDir} {
			content, err := empty.Marshal(kustomization{APIVersion: componentAPIVersion, Kind: "Component", Metadata: &objectMeta{Name: path.Base(dir)}})
			if err != nil {
				return nil, err
			}
			files = append(files, artifact.File{Path: path.Join(dir, kustomizationFile), Content: content})
		}
		return files, nil
	}
	name := ctx.ProjectName
	ns, prefix := name+"-system", name+"-"
	// cert-manager's CA injection into the objects that name the serving certificate.
	inject := jsonPatch{
		Op: "add", Path: "/metadata/annotations",
		Value: map[string]string{"cert-manager.io/inject-ca-from": ns + "/" + prefix + "serving-cert"},
	}
	k := kustomization{APIVersion: componentAPIVersion, Kind: "Component", Patches: []patch{{Path: managerPatchFile}}}
	if manifests != nil {
		k.Resources = append(k.Resources, ManifestsFile)
	}
	k.Resources = append(k.Resources, serviceFile)
	annotate := func(kind, objName string, ops ...jsonPatch) error {
		doc, err := artifact.MarshalDocument(append([]jsonPatch{inject}, ops...))
		if err != nil {
			return err
		}
		k.Patches = append(k.Patches, patch{Target: &target{Kind: kind, Name: objName}, Patch: strings.TrimSuffix(string(doc), "\n")})
		return nil
	}
	kinds := artifact.DocumentKinds(manifests)
	for _, kind := range []string{"MutatingWebhookConfiguration", "ValidatingWebhookConfiguration"} {
		if slices.Contains(kinds, kind) {
			if err := annotate(kind, ""); err != nil {
				return nil, err
			}
		}
	}
	for _, c := range conversions {
		// kustomize's namePrefix does not reach a CRD's conversion Service (its namespace
		// it sets): the name is written as config/default makes it.
		rename := jsonPatch{Op: "replace", Path: "/spec/conversion/webhook/clientConfig/service/name", Value: prefix + ServiceName}
		if err := annotate("CustomResourceDefinition", c.Hub.Plural+"."+c.Hub.Package.Group, rename); err != nil {
			return nil, err
		}
	}
	labels := &labels{Name: name, ManagedBy: "kustomize"}
	svc := prefix + ServiceName
	files := []struct {
		dir, file, comment string
		doc                any
	}{
		{Dir, kustomizationFile, "The operator's webhooks: their configurations, the Service the API server calls,\nthe manager's serving port and certificate, and the CA cert-manager injects.", k},
		{Dir, serviceFile, "", service{
			APIVersion: "v1", Kind: "Service",
			Metadata: objectMeta{Labels: labels, Name: ServiceName, Namespace: "system"},
			Spec: serviceSpec{
				Ports:    []servicePort{{Port: 443, Protocol: "TCP", TargetPort: webhookPort}},
				Selector: selector{ControlPlane: "controller-manager", Name: name},
			},
		}},
		{Dir, managerPatchFile, "The manager serves its webhooks on 9443 with the certificate cert-manager issues.", deployment{
			APIVersion: "apps/v1", Kind: "Deployment",
			Metadata: objectMeta{Name: "controller-manager", Namespace: "system"},
			Spec: deploymentSpec{Template: podTemplate{Spec: podSpec{
				Containers: []container{{
					Name:         "manager",
					Ports:        []containerPort{{Name: "webhook-server", ContainerPort: webhookPort, Protocol: "TCP"}},
					VolumeMounts: []volumeMount{{Name: certVolume, MountPath: CertDir, ReadOnly: true}},
				}},
				Volumes: []volume{{Name: certVolume, Secret: secretVolume{SecretName: SecretName}}},
			}}},
		}},
		{CertManagerDir, kustomizationFile, "cert-manager's Issuer and Certificate for the webhook server; replace this\ncomponent to provision the certificate another way.", kustomization{
			APIVersion: componentAPIVersion, Kind: "Component", Resources: []string{issuerFile, certificateFile},
		}},
		{CertManagerDir, certificateFile, "The webhook server's certificate, issued by the self-signed Issuer; cert-manager's\nCA injector copies its CA into the webhook configurations and CRDs that name it.", certificate{
			APIVersion: certManagerAPIVersion, Kind: "Certificate",
			Metadata: objectMeta{Labels: labels, Name: "serving-cert", Namespace: "system"},
			Spec: certificateSpec{
				DNSNames:   []string{svc + "." + ns + ".svc", svc + "." + ns + ".svc.cluster.local"},
				IssuerRef:  issuerRef{Kind: "Issuer", Name: prefix + "selfsigned-issuer"},
				SecretName: SecretName,
			},
		}},
		{CertManagerDir, issuerFile, "", issuer{
			APIVersion: certManagerAPIVersion, Kind: "Issuer",
			Metadata: objectMeta{Labels: labels, Name: "selfsigned-issuer", Namespace: "system"},
		}},
	}
	var out []artifact.File
	for _, f := range files {
		content, err := artifact.YAML{Comment: f.comment}.Marshal(f.doc)
		if err != nil {
			return nil, err
		}
		out = append(out, artifact.File{Path: path.Join(f.dir, f.file), Content: content})
	}
	return out, nil
}

// The components' files besides ManifestsFile, and what they name.
const (
	kustomizationFile     = "kustomization.yaml"
	serviceFile           = "service.yaml"
	managerPatchFile      = "manager_patch.yaml"
	issuerFile            = "issuer.yaml"
	certificateFile       = "certificate.yaml"
	componentAPIVersion   = "kustomize.config.k8s.io/v1alpha1"
	certManagerAPIVersion = "cert-manager.io/v1"
	certVolume            = "webhook-certs"
	// webhookPort is where controller-runtime's webhook server listens by default.
	webhookPort = 9443
)
