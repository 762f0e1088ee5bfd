package model

import (
	"strings"

	"github.com/opgen-dev/opgen/kubeapi"
	"github.com/opgen-dev/opgen/markers"
)

// checkOwned checks each +opguard:owns of k: the owned kind is one of this run's API
// packages or one of k8s.io/api that a server of the project's Kubernetes release
// serves, spelled with its group as the API server names it (RBAC rules and watches
// use that name), and in a scope k can own: the garbage collector ignores an owner
// reference from a cluster-scoped object to a namespaced owner, and Owns() maps such an
// object's events to no namespace, so its drift would never be repaired.
func (b *builder) checkOwned(k *Kind) {
	for i, g := range k.Owns {
		pos := k.OwnsPos[i]
		spell := gvkString(g)
		if local := b.api.Lookup(g); local != nil {
			if k.Namespaced && !local.Namespaced {
				b.diags.Errorf(pos, "%s", scopeProblem(k, spell))
			}
			continue
		}
		kk, p := kubeapi.CheckOwnable(g.Group, g.Version, g.Kind, b.KubernetesMinor)
		switch {
		case p != nil && p.Warning:
			b.diags.Warnf(pos, "%s=%s: %s", prefixed(markers.Owns), spell, p.Msg)
		case p != nil:
			b.diags.Errorf(pos, "%s=%s: %s", prefixed(markers.Owns), spell, p.Msg)
			continue
		case kk.Kind == "":
			b.diags.Errorf(pos, "%s: no Go type for %s: it is neither a kind of the API packages of this run nor a kind of k8s.io/api%s", prefixed(markers.Owns), spell, b.localSpelling(g))
			continue
		}
		if k.Namespaced && !kk.Namespaced {
			b.diags.Errorf(pos, "%s", scopeProblem(k, spell))
		}
	}
}

func scopeProblem(owner *Kind, owned string) string {
	return prefixed(markers.Owns) + "=" + owned + ": " + owner.Name + " is namespaced and " + owned + " is cluster-scoped: " +
		"the garbage collector ignores a cluster-scoped object's owner reference to a namespaced owner, and " +
		"Owns() would map its events to no namespace, so its drift would never be repaired. Make " + owner.Name +
		" cluster-scoped (+kubebuilder:resource:scope=Cluster), or manage the object without " + prefixed(markers.Owns) +
		" (a finalizer of yours cleans it up)"
}

// localSpelling suggests the kind of this run a spelling meant: its group without the
// project's domain (cache/v1/Memcached for cache.example.com), another version.
func (b *builder) localSpelling(g markers.GVK) string {
	var near []string
	for _, k := range b.api.Kinds() {
		if k.Name != g.Kind {
			continue
		}
		first, _, _ := strings.Cut(k.Package.Group, ".")
		if k.Package.Group == g.Group || first == g.Group {
			near = append(near, gvkString(markers.GVK{Group: k.Package.Group, Version: k.Package.Version, Kind: k.Name}))
		}
	}
	if len(near) == 0 {
		return ""
	}
	return "; did you mean " + strings.Join(near, " or ") + "?"
}
