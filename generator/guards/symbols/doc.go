// Package symbols names what the generated runtime (generator/guards/source) declares,
// and which of its parts declares it, so that generators emit calls to it by a name
// written once, and the guards generator emits only the parts in use. A test holds the
// table and the source equal, both ways.
//
// The runtime is emitted into the controller package as one file made of the parts in
// use: [Status] when a kind has a status writer, [Reconcile] when one has a reconciler
// (or the user's code there calls Outcome, Terminal or ReadyCondition), [Finalizer] when
// one has a finalizer, [ClientLimits] when the operator's main is wired by opgen, [Owned]
// when one owns a kind (the gated apply of owned objects), [Memory] (a guard's last write,
// recalled while the cache is behind it) with [Status] or [Owned], and [ManagedFields]
// (the cache transform the generated CacheOptions installs) when the main is wired, and
// [External] (the content predicate) when a reconciler has +opguard:for, and
// [Condition] (the gated apply of one owned condition, with [Memory]) when one also
// has +opguard:own-condition.
package symbols
