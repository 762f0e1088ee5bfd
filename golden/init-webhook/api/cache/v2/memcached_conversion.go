package v2

import (
	"sigs.k8s.io/controller-runtime/pkg/conversion"

	cachev1 "example.com/webhook-operator/api/cache/v1"
)

// The conversion of Memcached v2 to and from the hub, v1. opgen create webhook
// --conversion scaffolded this file once; it is yours. zz_generated.conversion.go
// converts every field whose name and type match in both versions, and calls a
// function of this file for each field that has no match: write one for a field added
// later, when the compiler asks for it. zz_generated.conversion_test.go round-trips
// fuzzed objects both ways.

// ConvertTo converts this Memcached to the hub version, v1.
func (src *Memcached) ConvertTo(dstRaw conversion.Hub) error {
	return convertMemcachedToHub(src, dstRaw.(*cachev1.Memcached))
}

// ConvertFrom converts from the hub version, v1, to this Memcached.
func (dst *Memcached) ConvertFrom(srcRaw conversion.Hub) error {
	return convertMemcachedFromHub(srcRaw.(*cachev1.Memcached), dst)
}

// convertMemcachedSpecSizeToHub converts Spec.Size, which v1 has under no field of that name and type.
// opgen paired the one field of each side left unmatched, of the same type (a rename):
// check it.
func convertMemcachedSpecSizeToHub(in *MemcachedSpec, out *cachev1.MemcachedSpec) error {
	out.Replicas = in.Size
	return nil
}

// convertMemcachedSpecReplicasFromHub converts Spec.Replicas, which v2 has under no field of that name and type.
// opgen paired the one field of each side left unmatched, of the same type (a rename):
// check it.
func convertMemcachedSpecReplicasFromHub(in *cachev1.MemcachedSpec, out *MemcachedSpec) error {
	out.Size = in.Replicas
	return nil
}
