package controllertools

import (
	"bytes"
	"fmt"
	"path"

	"golang.org/x/tools/go/packages"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/utils/ptr"
	ctcrd "sigs.k8s.io/controller-tools/pkg/crd"
	"sigs.k8s.io/controller-tools/pkg/genall"
	"sigs.k8s.io/controller-tools/pkg/loader"
	"sigs.k8s.io/yaml"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/diag"
	"github.com/opgen-dev/opgen/generator/contract"
)

// CRDGenerator is controller-tools' CRD generator as opgen runs it: the CRD generator
// writes its manifests, and [CRDs] parses with the same settings, so both see one
// schema per kind. An adopted opgen.yaml's crd options are controller-gen's, as its
// lines gave them (generateEmbeddedObjectMeta, maxDescLen, ...).
func CRDGenerator(opts contract.Options) ctcrd.Generator {
	yes := true
	g := ctcrd.Generator{
		HeaderFile:      HeaderFileName,
		OmitToolVersion: &yes,
		// Unexported fields are never serialized; controller-gen's default rejects them.
		IgnoreUnexportedFields: &yes,
	}
	if a := opts.Adopted; a.On {
		g.IgnoreUnexportedFields = ptr.To(a.IgnoreUnexportedFields)
		g.AllowDangerousTypes = ptr.To(a.AllowDangerousTypes)
		g.GenerateEmbeddedObjectMeta = ptr.To(a.GenerateEmbeddedObjectMeta)
		if a.HasMaxDescLen {
			g.MaxDescLen = ptr.To(a.MaxDescLen)
		}
	}
	return g
}

// crdParser is controller-tools' CRD parser with the run's crd options, as
// [CRDGenerator] sets them, and the generator they come from.
func crdParser(ctx *contract.Context) (ctcrd.Generator, *ctcrd.Parser) {
	g := CRDGenerator(ctx.Options)
	on := func(b *bool) bool { return b != nil && *b }
	parser := &ctcrd.Parser{
		Collector:                  ctx.Collector,
		Checker:                    ctx.Checker,
		IgnoreUnexportedFields:     on(g.IgnoreUnexportedFields),
		AllowDangerousTypes:        on(g.AllowDangerousTypes),
		GenerateEmbeddedObjectMeta: on(g.GenerateEmbeddedObjectMeta),
	}
	ctcrd.AddKnownTypes(parser)
	return g, parser
}

// CRDs returns the CustomResourceDefinition of each group kind, as [CRDGenerator]
// writes it (top-level metadata reset to an object), from the run's root packages.
// A group kind controller-tools finds no type for is an error.
func CRDs(ctx *contract.Context, gks []schema.GroupKind) (map[schema.GroupKind]apiextensionsv1.CustomResourceDefinition, error) {
	g, parser := crdParser(ctx)
	before := errorCounts(ctx)
	for _, root := range ctx.RootsFor(contract.GenCRD, ctx.Roots) {
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

// WebhookConversion is a CRD's spec.conversion for a kind with a conversion hub: the
// API server converts through the operator's webhook Service, at /convert, where
// controller-runtime serves a hub's conversions.
func WebhookConversion() *apiextensionsv1.CustomResourceConversion {
	return &apiextensionsv1.CustomResourceConversion{
		Strategy: apiextensionsv1.WebhookConverter,
		Webhook: &apiextensionsv1.WebhookConversion{
			ClientConfig: &apiextensionsv1.WebhookClientConfig{Service: &apiextensionsv1.ServiceReference{
				Name: WebhookServiceName, Namespace: "system", Path: ptr.To("/convert"),
			}},
			ConversionReviewVersions: []string{"v1"},
		},
	}
}

// EditCRD edits a CustomResourceDefinition manifest the crd generator wrote: it reads
// the typed object back, lets edit change it, and writes it as the generator does,
// through controller-tools' own writer (keys sorted, two-space indent, no status or
// creationTimestamp), so that the layout stays controller-gen's.
func EditCRD(f artifact.File, edit func(*apiextensionsv1.CustomResourceDefinition)) (artifact.File, error) {
	var crd apiextensionsv1.CustomResourceDefinition
	if err := yaml.UnmarshalStrict(f.Content, &crd); err != nil {
		return f, fmt.Errorf("%s: %w", f.Path, err)
	}
	edit(&crd)
	out := &capture{configDir: path.Dir(f.Path), files: map[string]*bytes.Buffer{}}
	removeStatus := func(obj map[string]any) error {
		delete(obj, "status")
		return nil
	}
	err := genall.GenerationContext{OutputRule: out}.WriteYAML(path.Base(f.Path), artifact.YAMLHeader+"\n", []any{&crd},
		genall.WithTransform(removeStatus), genall.WithTransform(genall.TransformRemoveCreationTimestamp))
	if err != nil {
		return f, fmt.Errorf("%s: %w", f.Path, err)
	}
	f.Content = out.files[f.Path].Bytes()
	return f, nil
}

// CRDOf writes the CustomResourceDefinition of group kind gk, declared in pkg (a package
// of another module, loaded with the run but not one of its roots), into dir as the
// crd generator writes its manifests: <group>_<plural>.yaml, opgen's header, keys
// sorted, no status. It is how a project's tests get the CRD of a kind it reconciles
// but does not define, from the same Go types the operator is compiled against.
func CRDOf(ctx *contract.Context, pkg *loader.Package, gk schema.GroupKind, dir string) (artifact.File, error) {
	g, parser := crdParser(ctx)
	before := len(pkg.Errors)
	parser.NeedPackage(pkg)
	parser.NeedCRDFor(gk, g.MaxDescLen)
	crd, ok := parser.CustomResourceDefinitions[gk]
	if !ok || len(crd.Spec.Versions) == 0 {
		return artifact.File{}, fmt.Errorf("controller-tools derives no CustomResourceDefinition for %s from %s", gk, pkg.PkgPath)
	}
	var ds diag.Diagnostics
	for _, e := range pkg.Errors[before:] {
		if e.Kind != packages.TypeError {
			ds.Errorf(diag.ParsePos(e.Pos), "%s", e.Msg)
		}
	}
	if err := ds.Err(); err != nil {
		return artifact.File{}, err
	}
	ctcrd.FixTopLevelMetadata(crd)
	name := gk.Group + "_" + crd.Spec.Names.Plural + ".yaml"
	out := &capture{configDir: dir, files: map[string]*bytes.Buffer{}}
	removeStatus := func(obj map[string]any) error {
		delete(obj, "status")
		return nil
	}
	err := genall.GenerationContext{OutputRule: out}.WriteYAML(name, artifact.YAMLHeader+"\n", []any{&crd},
		genall.WithTransform(removeStatus), genall.WithTransform(genall.TransformRemoveCreationTimestamp))
	if err != nil {
		return artifact.File{}, fmt.Errorf("%s: %w", name, err)
	}
	p := path.Join(dir, name)
	return artifact.File{Path: p, Content: out.files[p].Bytes()}, nil
}
