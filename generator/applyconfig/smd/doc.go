// Package smd derives the structured-merge-diff schema with which the API server tracks
// the fields of a CustomResourceDefinition's kind, for the Extract functions of the
// generated apply configurations: an extracted configuration is right only if its
// field sets are the server's.
//
// The API server builds the schema of a CRD version, when it serves Server-Side Apply,
// from an OpenAPI model of the kind, which [Build] builds the same way and with the
// same libraries (apiextensions-apiserver's structural schema, kube-openapi's schemaconv):
//
//   - the version's openAPIV3Schema as a structural schema with its vendor extensions
//     unfolded (x-kubernetes-int-or-string gains anyOf integer or string), as an OpenAPI
//     schema: x-kubernetes-list-type and -list-map-keys, x-kubernetes-map-type and
//     x-kubernetes-preserve-unknown-fields carry over as extensions;
//   - apiVersion and kind as TypeMeta declares them, and metadata a reference to
//     ObjectMeta, on the root and on every x-kubernetes-embedded-resource object;
//   - ObjectMeta and the types it refers to (Time, ManagedFieldsEntry, FieldsV1,
//     OwnerReference) from the OpenAPI definitions apiextensions-apiserver generates
//     for the built-in types. The server's schema holds every built-in type; one no
//     kind refers to changes no field set, so only those referred to are kept;
//   - the whole converted by schemaconv.ToSchemaFromOpenAPI with unknown fields not
//     preserved (controller-tools never sets spec.preserveUnknownFields).
//
// So +listType=map with +listMapKey keys list items (associative), +listType=set keys
// them by value, atomic or no list type makes the list one field; maps and structs are
// granular unless +mapType=atomic (or +structType=atomic); int-or-string is an untyped
// scalar; an object that preserves unknown fields tracks each unknown key.
//
// A kind's type is named as the server names the kind's model, [TypeName]: the group's
// labels reversed, the version, the kind. A schema that is not structural is an error:
// the API server refuses such a CRD, so there is nothing to mirror.
//
// The conversion walks Go maps; [Build] sorts the types and every map's fields by name,
// and [YAML] renders with go.yaml.in/yaml/v2 (what typed.NewParser reads), so the same
// kinds always give the same bytes. YAML checks that its output parses and names the
// types asked for.
package smd
