package model

import (
	"go/types"

	"github.com/opgen-dev/opgen/diag"
	"github.com/opgen-dev/opgen/markers"
	"github.com/opgen-dev/opgen/policy"
)

// What each marker of the language means to the model: one handler per marker, keyed
// by its constant, in the table of the marker's target. A handler reads the marker's
// typed value (markers.Get) into the model, and may check it against the declaration's
// Go types. TestHandlers holds these tables and markers.Defs equal: every Def has
// exactly one handler, every handler a Def of its target.

// kindHandler applies a marker of a root kind. check, when set, runs after every
// marker of the package was applied, with the kind's types resolved.
type kindHandler struct {
	apply func(b *builder, k *Kind, m markers.Marker)
	check func(b *builder, k *Kind, m markers.Marker)
}

var kindHandlers = map[markers.Name]kindHandler{
	markers.StatusOwner: {
		apply: func(_ *builder, k *Kind, m markers.Marker) {
			k.StatusOwner = string(markers.Get[markers.FieldManager](m))
		},
		check: func(b *builder, k *Kind, m markers.Marker) {
			switch {
			case k.Status == nil:
				b.diags.Errorf(m.Pos, "%s: kind %s has no Status field (json \"status\") of a struct type", prefixed(markers.StatusOwner), k.Name)
			case !k.StatusSubresource:
				b.diags.Errorf(m.Pos, "%s needs the status subresource: add +kubebuilder:subresource:status to %s", prefixed(markers.StatusOwner), k.Name)
			}
		},
	},
	markers.ObservedGeneration: {
		apply: func(_ *builder, k *Kind, _ markers.Marker) { k.ObservedGeneration = true },
		check: func(b *builder, k *Kind, m markers.Marker) {
			if k.Status != nil && k.Status.ObservedGenerationField() == nil {
				b.diags.Errorf(m.Pos, "%s: %s has no field ObservedGeneration int64 with json name \"observedGeneration\"", prefixed(markers.ObservedGeneration), k.Status.Named.Obj().Name())
			}
		},
	},
	markers.Reconciler: {
		apply: func(b *builder, k *Kind, m markers.Marker) {
			args := markers.Get[markers.ReconcilerArgs](m)
			k.Reconciler = &Reconciler{MaxConcurrentReconciles: args.MaxConcurrentReconciles}
			if n := args.MaxConcurrentReconciles; n > policy.MaxWorkers {
				b.diags.Warnf(m.Pos, "%s: maxConcurrentReconciles=%d: more workers than %d feed a conflict storm more than they drain a backlog", prefixed(markers.Reconciler), n, policy.MaxWorkers)
			}
		},
	},
	markers.Owns: {
		apply: func(b *builder, k *Kind, m markers.Marker) {
			gvk := markers.Get[markers.GVK](m)
			for _, o := range k.Owns {
				if o == gvk {
					b.diags.Errorf(m.At(m.ValueOffset), "%s=%s is given twice on %s", prefixed(markers.Owns), m.Value, k.Name)
				}
			}
			k.Owns = append(k.Owns, gvk)
			k.OwnsPos = append(k.OwnsPos, m.At(m.ValueOffset))
		},
	},
	markers.WatchLabels: {
		apply: func(b *builder, k *Kind, m markers.Marker) { k.WatchLabels = appendKeys(&b.diags, m, k.WatchLabels) },
	},
	markers.WatchAnnotations: {
		apply: func(b *builder, k *Kind, m markers.Marker) {
			k.WatchAnnotations = appendKeys(&b.diags, m, k.WatchAnnotations)
		},
	},
	markers.Finalizer: {
		apply: func(_ *builder, k *Kind, m markers.Marker) {
			k.Finalizer = string(markers.Get[markers.FinalizerName](m))
		},
	},
	markers.CacheSelector: {
		apply: func(_ *builder, k *Kind, m markers.Marker) {
			k.CacheSelector = string(markers.Get[markers.Selector](m))
		},
	},
}

// fieldHandlers apply a marker of a status field.
var fieldHandlers = map[markers.Name]func(f *Field, m markers.Marker){
	markers.Volatile: func(f *Field, _ markers.Marker) { f.Volatile = true },
}

// packageHandlers apply a marker of a package clause.
var packageHandlers = map[markers.Name]func(b *builder, m markers.Marker){
	markers.Client: func(b *builder, m markers.Marker) {
		args := markers.Get[markers.ClientArgs](m)
		if args.QPS == 0 && args.Burst == 0 {
			b.diags.Errorf(m.Pos, "%s: give qps=<float>, burst=<int> or both", prefixed(markers.Client))
			return
		}
		cp := &ClientPolicy{QPS: args.QPS, Burst: args.Burst, Pos: m.Pos}
		if prev := b.api.Client; prev != nil {
			if prev.QPS != cp.QPS || prev.Burst != cp.Burst {
				b.diags.Errorf(m.Pos, "%s contradicts the one at %s: one client policy per operator", prefixed(markers.Client), shortPos(prev.Pos))
			}
			return
		}
		b.api.Client = cp
	},
}

// prefixed is a marker's name as written: +opguard:<name>.
func prefixed(n markers.Name) string { return markers.Prefix + string(n) }

func appendKeys(diags *diag.Diagnostics, m markers.Marker, have []string) []string {
	for _, key := range markers.Get[markers.Keys](m) {
		for _, h := range have {
			if h == key {
				diags.Errorf(m.At(m.ValueOffset), "%s: key %q is already listed", prefixed(m.Def.Name), key)
			}
		}
		have = append(have, key)
	}
	return have
}

// kindMarkers applies a kind's markers through kindHandlers: each once unless its Def is
// repeatable; an invalid marker (reported already) is kept for the rules between
// markers but not applied.
func (b *builder) kindMarkers(k *Kind, ms []markers.Marker) {
	first := map[markers.Name]markers.Marker{}
	for _, m := range ms {
		if m.Def.Target != markers.TargetKind {
			b.diags.Errorf(m.Pos, "%s", m.Misplaced("kind "+k.Name))
			continue
		}
		k.markers = append(k.markers, m)
		if m.Invalid {
			continue
		}
		if prev, dup := first[m.Def.Name]; dup && !m.Def.Repeatable {
			b.diags.Errorf(m.Pos, "%s is given twice on %s (first at %s)", prefixed(m.Def.Name), k.Name, shortPos(prev.Pos))
			continue
		}
		first[m.Def.Name] = m
		kindHandlers[m.Def.Name].apply(b, k, m)
	}
}

// checkKind checks the rules between a kind's markers and its types. A marker that
// was itself reported (Invalid) still satisfies another's requirement, and is not
// checked against the types: each mistake is reported once.
func (b *builder) checkKind(k *Kind) {
	checked := map[markers.Name]bool{}
	for _, m := range k.markers {
		if m.Invalid {
			continue
		}
		for _, r := range m.Def.Requires {
			if !k.has(r.Name) {
				b.diags.Errorf(m.Pos, "%s %s: add %s to %s", prefixed(m.Def.Name), r.Because, r.Name.Def().Short(), k.Name)
			}
		}
		if h := kindHandlers[m.Def.Name]; h.check != nil && !checked[m.Def.Name] {
			checked[m.Def.Name] = true
			h.check(b, k, m)
		}
	}
	if k.StatusOwner != "" && k.Status != nil {
		for _, f := range k.Status.Fields {
			if f.Volatile || f.Inline {
				continue
			}
			t := f.Type
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
			}
			if IsNamed(t, MetaV1, "Time") || IsNamed(t, MetaV1, "MicroTime") {
				b.diags.Warnf(f.Pos, "%s.%s is a timestamp in status without %s: written on every reconcile it is the seed of an update loop; mark it %s or set it only on real changes", k.Status.Named.Obj().Name(), f.Name, prefixed(markers.Volatile), prefixed(markers.Volatile))
			}
		}
	}
}

// packageMarkers applies the markers of package clauses through packageHandlers.
func (b *builder) packageMarkers(ms []markers.Marker) {
	for _, m := range ms {
		if m.Def.Target != markers.TargetPackage {
			b.diags.Errorf(m.Pos, "%s", m.Misplaced("the package clause"))
			continue
		}
		if !m.Invalid {
			packageHandlers[m.Def.Name](b, m)
		}
	}
}
