package controllertools

import (
	"fmt"
	"strings"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	ctcrd "sigs.k8s.io/controller-tools/pkg/crd"

	"github.com/opgen-dev/opgen/generator/contract"
)

// CRDGenerator is controller-tools' CRD generator as opgen runs it: the CRD generator
// writes its manifests, and [CRDs] parses with the same settings, so both see one
// schema per kind.
func CRDGenerator() ctcrd.Generator {
	yes := true
	return ctcrd.Generator{
		HeaderFile:      HeaderFileName,
		OmitToolVersion: &yes,
		// Unexported fields are never serialized; controller-gen's default rejects them.
		IgnoreUnexportedFields: &yes,
	}
}

// CRDs returns the CustomResourceDefinition of each group kind, as [CRDGenerator]
// writes it (top-level metadata reset to an object), from the run's root packages.
// A group kind controller-tools finds no type for is an error.
func CRDs(ctx *contract.Context, gks []schema.GroupKind) (map[schema.GroupKind]apiextensionsv1.CustomResourceDefinition, error) {
	g := CRDGenerator()
	on := func(b *bool) bool { return b != nil && *b }
	parser := &ctcrd.Parser{
		Collector:                  ctx.Collector,
		Checker:                    ctx.Checker,
		IgnoreUnexportedFields:     on(g.IgnoreUnexportedFields),
		AllowDangerousTypes:        on(g.AllowDangerousTypes),
		GenerateEmbeddedObjectMeta: on(g.GenerateEmbeddedObjectMeta),
	}
	ctcrd.AddKnownTypes(parser)
	before := errorCounts(ctx)
	for _, root := range ctx.Roots {
		parser.NeedPackage(root)
	}
	out := map[schema.GroupKind]apiextensionsv1.CustomResourceDefinition{}
	for _, gk := range gks {
		parser.NeedCRDFor(gk, g.MaxDescLen)
		crd, ok := parser.CustomResourceDefinitions[gk]
		if !ok || len(crd.Spec.Versions) == 0 {
			return nil, fmt.Errorf("controller-tools derives no CustomResourceDefinition for %s", gk)
		}
		ctcrd.FixTopLevelMetadata(crd)
		out[gk] = crd
	}
	if err := newErrors(ctx, before); err != nil {
		return nil, err
	}
	return out, nil
}

// WebhookServiceName is the Service the API server calls the operator's webhooks
// through, before config/default's name prefix.
const WebhookServiceName = "webhook-service"

// ConversionStanza is a CRD's spec.conversion for a kind with a conversion hub, in
// controller-gen's YAML layout (two-space indent, keys sorted), to go right under spec:.
func ConversionStanza() string {
	return strings.Join([]string{
		"  conversion:",
		"    strategy: Webhook",
		"    webhook:",
		"      clientConfig:",
		"        service:",
		"          name: " + WebhookServiceName,
		"          namespace: system",
		"          path: /convert",
		"      conversionReviewVersions:",
		"      - v1",
	}, "\n") + "\n"
}
