// Package client is a stub of sigs.k8s.io/controller-runtime/pkg/client for
// analysistest: the interfaces, with the method sets that matter, as v0.25 declares them.
package client

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
)

type Object interface {
	metav1.Object
	runtime.Object
}

type ObjectList interface {
	runtime.Object
}

type ObjectKey = types.NamespacedName

func ObjectKeyFromObject(obj Object) ObjectKey {
	return ObjectKey{Namespace: obj.GetNamespace(), Name: obj.GetName()}
}

type (
	GetOption               interface{}
	ListOption              interface{}
	CreateOption            interface{}
	DeleteOption            interface{}
	UpdateOption            interface{}
	PatchOption             interface{}
	ApplyOption             interface{}
	DeleteAllOfOption       interface{}
	SubResourceGetOption    interface{}
	SubResourceCreateOption interface{}
	SubResourceUpdateOption interface{}
	SubResourcePatchOption  interface{}
	SubResourceApplyOption  interface{}
)

type Patch interface {
	Type() string
	Data(obj Object) ([]byte, error)
}

type Reader interface {
	Get(ctx context.Context, key ObjectKey, obj Object, opts ...GetOption) error
	List(ctx context.Context, list ObjectList, opts ...ListOption) error
}

type Writer interface {
	Apply(ctx context.Context, obj runtime.ApplyConfiguration, opts ...ApplyOption) error
	Create(ctx context.Context, obj Object, opts ...CreateOption) error
	Delete(ctx context.Context, obj Object, opts ...DeleteOption) error
	Update(ctx context.Context, obj Object, opts ...UpdateOption) error
	Patch(ctx context.Context, obj Object, patch Patch, opts ...PatchOption) error
	DeleteAllOf(ctx context.Context, obj Object, opts ...DeleteAllOfOption) error
}

type StatusClient interface {
	Status() SubResourceWriter
}

type SubResourceClientConstructor interface {
	SubResource(subResource string) SubResourceClient
}

type StatusWriter = SubResourceWriter

type SubResourceReader interface {
	Get(ctx context.Context, obj Object, subResource Object, opts ...SubResourceGetOption) error
}

type SubResourceWriter interface {
	Create(ctx context.Context, obj Object, subResource Object, opts ...SubResourceCreateOption) error
	Update(ctx context.Context, obj Object, opts ...SubResourceUpdateOption) error
	Patch(ctx context.Context, obj Object, patch Patch, opts ...SubResourcePatchOption) error
	Apply(ctx context.Context, obj runtime.ApplyConfiguration, opts ...SubResourceApplyOption) error
}

type SubResourceClient interface {
	SubResourceReader
	SubResourceWriter
}

type Client interface {
	Reader
	Writer
	StatusClient
	SubResourceClientConstructor
	Scheme() *runtime.Scheme
}

type mergeFromPatch struct{ from Object }

func (mergeFromPatch) Type() string                    { return "merge" }
func (mergeFromPatch) Data(obj Object) ([]byte, error) { return nil, nil }

func MergeFrom(obj Object) Patch { return mergeFromPatch{obj} }

type MergeFromOption interface{ ApplyToMergeFrom() }

type MergeFromWithOptimisticLock struct{}

func (MergeFromWithOptimisticLock) ApplyToMergeFrom() {}

func MergeFromWithOptions(obj Object, opts ...MergeFromOption) Patch { return mergeFromPatch{obj} }
func StrategicMergeFrom(obj Object, opts ...MergeFromOption) Patch   { return mergeFromPatch{obj} }

type rawPatch struct{ data []byte }

func (rawPatch) Type() string                      { return "raw" }
func (p rawPatch) Data(obj Object) ([]byte, error) { return p.data, nil }

func RawPatch(typ string, data []byte) Patch { return rawPatch{data} }

type FieldOwner string

var ForceOwnership = struct{}{}

func IgnoreNotFound(err error) error { return err }

type Options struct{}

type client struct{ Client }

// New is what controller-runtime's client.New is: a client that reads from the API
// server.
func New(config any, options Options) (Client, error) { return client{}, nil }

type applyPatch struct{}

func (applyPatch) Type() string                    { return "apply" }
func (applyPatch) Data(obj Object) ([]byte, error) { return nil, nil }

// Apply is a server-side apply patch.
var Apply Patch = applyPatch{}

// Merge is a JSON merge patch of the whole object.
var Merge Patch = rawPatch{}

// MatchingFields filters a List by field indexes, key to value.
type MatchingFields map[string]string

// InNamespace restricts a List to a namespace.
type InNamespace string

// IndexerFunc gives the values an object is indexed by.
type IndexerFunc func(Object) []string

// FieldIndexer registers field indexes.
type FieldIndexer interface {
	IndexField(ctx context.Context, obj Object, field string, extractValue IndexerFunc) error
}
