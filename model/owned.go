package model

import (
	"github.com/opgen-dev/opgen/kubeapi"
	"github.com/opgen-dev/opgen/markers"
	"github.com/opgen-dev/opgen/naming"
)

// AppliesConfigurations reports whether a kind gets apply configurations: in a project
// opgen scaffolded (API.Project), every kind; elsewhere, a kind with a +opguard marker
// (its status writer applies through them), or one that +kubebuilder:ac:generate asks
// for, on the kind or (unless the kind says false) on its package. The applyconfig and
// ownedapply generators agree on it through this one rule.
func (a *API) AppliesConfigurations(k *Kind) bool {
	if a.Project || k.Guarded() {
		return true
	}
	if v, ok := k.Package.TypeApplyConfigurations[k.Name]; ok {
		return v
	}
	return k.Package.ApplyConfigurations != nil && *k.Package.ApplyConfigurations
}

// OwnedKind is one kind a reconciled kind owns, as its gated apply names it.
type OwnedKind struct {
	markers.GVK
	// Func is the gated apply: Apply<Owner><Kind>, the owned kind qualified by its group
	// where the owner owns two kinds of one name, or where the plain name is another
	// generated name of the controller package (see nameOwnedApplies).
	Func string
	// Package and ACPackage are the Go type's package and its apply configurations';
	// the aliases are what generated code imports them as.
	Package, PackageAlias string
	ACPackage, ACAlias    string
	// Local is the kind when it is one of this run's, nil for a kind of k8s.io/api.
	Local *Kind
}

// Owned lists what k owns that gets a gated apply, in the order of its markers: every
// kind of k8s.io/api, and each kind of the run that has apply configurations (whose
// package then has its Extract<Kind>, see generator/applyconfig).
func (a *API) Owned(k *Kind) []OwnedKind {
	api := a
	var out []OwnedKind
	for i, g := range k.Owns {
		o := OwnedKind{GVK: g, Func: k.ownedFuncs[i]}
		if local := api.Lookup(g); local != nil {
			if !a.AppliesConfigurations(local) {
				continue
			}
			o.Local = local
			o.Package, o.PackageAlias = local.Package.Path, local.Package.Alias
			o.ACPackage, o.ACAlias = local.Package.ApplyConfigurationPath(), naming.ApplyConfigAlias(local.Package.Alias)
		} else {
			o.Package = kubeapi.Package(g.Group, g.Version)
			o.PackageAlias = naming.KubeAlias(o.Package)
			o.ACPackage = kubeapi.ApplyConfigurations[o.Package+"."+g.Kind]
			o.ACAlias = naming.KubeAlias(o.ACPackage)
		}
		out = append(out, o)
	}
	return out
}

// nameOwnedApplies names the gated apply of every owned kind, once every kind is
// known: Apply<Owner><Kind>, or Apply<Owner><Group><Kind> (the group's first word) when
// the owner owns two kinds of one name or the plain name is one the controller package
// already has (a kind named Status owned by Holder: ApplyHolderStatus is Holder's
// status writer). A name that still collides is an error at the marker, so generated
// names never redeclare one another.
func (b *builder) nameOwnedApplies() {
	taken := map[string]string{}
	for _, n := range naming.Wiring {
		taken[n] = "the generated wiring"
	}
	for _, k := range b.api.Kinds() {
		if k.StatusOwner != "" {
			for _, n := range []string{k.Names.StatusWriter(), k.Names.EqualStatus(), k.Names.FieldManager()} {
				taken[n] = k.Name + "'s status writer"
			}
		}
		if k.Reconciler != nil {
			for _, n := range []string{k.Names.Reconciler(), k.Names.NewReconciler(), k.Names.FinalizerConst(), k.Names.GVKVar(), k.Names.NotApplied()} {
				taken[n] = k.Name + "'s reconciler"
			}
		}
	}
	for _, k := range b.api.Kinds() {
		count := map[string]int{}
		for _, g := range k.Owns {
			count[g.Kind]++
		}
		k.ownedFuncs = make([]string, len(k.Owns))
		for i, g := range k.Owns {
			name := k.Names.OwnedApply("", g.Kind)
			if count[g.Kind] > 1 || taken[name] != "" {
				name = k.Names.OwnedApply(naming.GroupWord(g.Group), g.Kind)
			}
			if by := taken[name]; by != "" {
				b.diags.Errorf(k.OwnsPos[i], "%s=%s: its gated apply would be %s, a name %s has already; rename one of the kinds", prefixed(markers.Owns), gvkString(g), name, by)
			}
			taken[name] = k.Name + "'s gated apply of " + gvkString(g)
			k.ownedFuncs[i] = name
		}
	}
}
