package kubeapi

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/opgen-dev/opgen/internal/suggest"
)

// Kind is a kind of k8s.io/api that client-go has a typed client for, as the pinned
// k8s.io/api's sources describe it (kinds_table.go).
type Kind struct {
	// Group is the API group as the server names it ("" for the core group,
	// "networking.k8s.io"), Version and Kind as served.
	Group, Version, Kind string
	// Package is the Go package of its type.
	Package string
	// Namespaced is false for a cluster-scoped kind (+genclient:nonNamespaced).
	Namespaced bool
	// Introduced and Removed are the Kubernetes releases ("1.22") the version of the
	// kind was introduced in and removed in, "" when the sources do not say;
	// Replacement is "group,version,Kind" of what replaced it.
	Introduced, Removed, Replacement string
}

// LookupKind returns the kind of k8s.io/api of exactly that group (as the server names
// it), version and kind.
func LookupKind(group, version, kind string) (Kind, bool) {
	for _, k := range kinds {
		if k.Group == group && k.Version == version && k.Kind == kind {
			return k, true
		}
	}
	return Kind{}, false
}

// Kinds returns every kind of k8s.io/api the table holds.
func Kinds() []Kind { return kinds }

// ServedBy reports whether a Kubernetes release 1.<minor> serves the kind: it was not
// removed at or before it, nor introduced after it.
func (k Kind) ServedBy(minor int) bool {
	if r := releaseMinor(k.Removed); r > 0 && r <= minor {
		return false
	}
	if i := releaseMinor(k.Introduced); i > minor {
		return false
	}
	return true
}

// GVK spells the kind as +opguard:owns takes it: <group>/<version>/<Kind>, the core
// group spelled core.
func (k Kind) GVK() string { return groupName(k.Group) + "/" + k.Version + "/" + k.Kind }

// groupName is a group as +opguard:owns spells it: the core group is core.
func groupName(g string) string {
	if g == "" {
		return "core"
	}
	return g
}

// ReplacementGVK spells Replacement as GVK does, or "".
func (k Kind) ReplacementGVK() string {
	parts := strings.Split(k.Replacement, ",")
	if len(parts) != 3 {
		return ""
	}
	return Kind{Group: parts[0], Version: parts[1], Kind: parts[2]}.GVK()
}

// releaseMinor is the minor of "1.22", 0 for "" or anything else.
func releaseMinor(r string) int {
	major, minor, ok := strings.Cut(r, ".")
	if !ok || major != "1" {
		return 0
	}
	n, _ := strconv.Atoi(minor)
	return n
}

// Problem is why a kind of k8s.io/api cannot be owned, in words that end with the
// fix; Warning says it may still work (an alpha version, off on a default server).
type Problem struct {
	Msg     string
	Warning bool
}

// CheckOwnable says whether group/version/kind (the group as +opguard:owns spells it,
// "" for core) is a kind of k8s.io/api a Kubernetes 1.<minor> server serves, and when
// it is not, why, with the spelling that is: the group as the server names it
// (networking.k8s.io, not networking), the kind's served versions, the replacement of
// a removed version, the nearest kind name. It returns the kind when the table knows
// it; the problem is nil for one that can be owned.
func CheckOwnable(group, version, kind string, minor int) (Kind, *Problem) {
	if k, ok := LookupKind(group, version, kind); ok {
		switch {
		case !k.ServedBy(minor) && k.Removed != "":
			msg := fmt.Sprintf("removed in Kubernetes %s: no server of 1.%d serves it", k.Removed, minor)
			if r := k.ReplacementGVK(); r != "" {
				msg += "; own " + r + " instead"
			}
			return k, &Problem{Msg: msg}
		case !k.ServedBy(minor):
			return k, &Problem{Msg: fmt.Sprintf("served from Kubernetes %s on, and the project's k8s.io/api is 1.%d", k.Introduced, minor)}
		case strings.Contains(k.Version, "alpha"):
			return k, &Problem{Msg: "an alpha API, which an API server serves only when --runtime-config enables it", Warning: true}
		}
		return k, nil
	}
	// Not a kind of k8s.io/api as spelled: find the spelling meant.
	var sameKind, sameGroup []Kind
	for _, k := range kinds {
		if k.Kind == kind {
			sameKind = append(sameKind, k)
		}
		if k.Group == group && k.Version == version {
			sameGroup = append(sameGroup, k)
		}
	}
	for _, k := range sameKind {
		// The group's short name: "networking" for networking.k8s.io, "rbac" for
		// rbac.authorization.k8s.io.
		if first, _, _ := strings.Cut(k.Group, "."); first == group && k.Version == version {
			return Kind{}, &Problem{Msg: fmt.Sprintf("the API group of %s is %s, as the API server names it; write %s", kind, k.Group, k.GVK())}
		}
	}
	var versions []string
	for _, k := range sameKind {
		if k.Group == group && k.ServedBy(minor) {
			versions = append(versions, k.GVK())
		}
	}
	if len(versions) > 0 {
		return Kind{}, &Problem{Msg: fmt.Sprintf("%s is not served in version %s; served: %s", kind, version, strings.Join(versions, ", "))}
	}
	if len(sameGroup) > 0 {
		names := make([]string, len(sameGroup))
		for i, k := range sameGroup {
			names[i] = k.Kind
		}
		msg := fmt.Sprintf("%s/%s has no kind %s", groupName(group), version, kind)
		if s := suggest.Closest(kind, names); s != "" {
			msg += fmt.Sprintf("; did you mean %s?", Kind{Group: group, Version: version, Kind: s}.GVK())
		}
		return Kind{}, &Problem{Msg: msg}
	}
	if len(sameKind) == 1 {
		return Kind{}, &Problem{Msg: fmt.Sprintf("not a kind of k8s.io/api; did you mean %s?", sameKind[0].GVK())}
	}
	return Kind{}, nil
}
