// Package statusupdate defines an analyzer that reports status writes no semantic
// diff guards: the seed of the update–watch–update loop.
//
// # Analyzer statusupdate
//
// statusupdate: report status writes that no semantic diff guards
//
// # Incident
//
// A reconciler that writes status on every pass makes every pass produce a watch event
// for its own object, which queues the object again: an infinite update–watch–update
// loop (reported: apiserver 500 → 20,000 QPS, 15,000 QPS of PATCH …/status, etcd fsync
// alarms). Status().Update makes it worse: it sends the whole object with the
// resourceVersion of a possibly stale cached copy, so it also fails with 409 Conflict.
//
// # Rule
//
// A status write is a call of Update, Patch or Apply on a client.SubResourceWriter:
// c.Status().Update(…), c.Status().Patch(…), c.Status().Apply(…),
// c.SubResource("status").Update(…) and a stored StatusWriter's methods (before
// controller-runtime 0.14 a StatusWriter interface of its own), whatever the
// object's kind, in a package that holds a controller (a For call of the controller
// builder, or a Reconcile method that takes a reconcile.Request, with a context or,
// as before controller-runtime 0.7, without: a command or a migration that writes a
// status once is in no loop). A write of an unstructured.Unstructured or a
// metav1.PartialObjectMetadata, whose kind is set only at run time (a storage-version
// migration touching every custom resource), is not reported: nothing says statically
// what watches it. Nor is a write of a kind without a status subresource
// (vet/internal/subresource: the CustomResourceDefinition manifests of the module
// that declares it give it none, or, where no manifest declares it, its declaration,
// loaded from source, has the marker +kubebuilder:object:root=true and not the
// marker +kubebuilder:subresource:status): it fails with 404 and changes nothing. Nor is a write a
// method forwards for the writer it stands in for (kubetypes.Forwarder: a wrapper's
// Update, Patch or Apply, whose receiver implements the interface the write's method
// belongs to, writing its own object parameter): its callers decide, and write
// through that interface, where they are judged. Nor is a write in the body of an
// if whose condition, or one of its && conjuncts, finds empty a field that the CRD's
// schema keeps non-empty (len(obj.Spec.Steps) == 0, < 1 or <= 0, obj.Spec.Image ==
// "", == nil), reached from the object through required fields only: the field has
// MinItems, MinProperties or MinLength of 1 or more on it or its type, and it and
// every field above it are required (vet/internal/validation): no object the API
// server holds takes that branch. A spec tagged omitempty may be absent, and then so
// is everything in it. Nor is a write of
// an object that is nil there: assigned, with an error, from a function of any
// loaded package that returns nil for it with every error (claim, err :=
// r.getClaim(…); if err != nil { …; write claim }; the NilOnError fact), or one
// that has no name there: declared with nothing in it (var obj Foo, obj := &Foo{})
// and written in the branch that finds its Get failed, with nothing on the way that
// may name it (an assignment to it, its ObjectMeta or Name, a call it is handed to
// whole): a failed Get leaves the object as it was, and the client refuses to send
// an object with no name. Nor is a
// write off the reconcile loop (vet/internal/entry): in an entry point no watch
// event drives, or in unexported functions of the package whose every call, followed up to five calls
// (rule 4's walk, a function literal counting as the function that makes it, a call
// back into one followed adding no way in), is in
// one. Such entry points are main and init, an HTTP handler (ServeHTTP, or a function
// taking an http.ResponseWriter and an *http.Request: once per request), the Get or
// List of a client of the package's own (a test double or a wrapper, with
// client.Reader's signatures: what it does answers a read), and the Start(ctx) error
// of a manager Runnable whose type has no Reconcile method and
// neither holds nor uses an informer, a work queue or controller-runtime's cache,
// source, handler or controller packages (a router of a message bus's or a timer's
// events: once per message, and its write queues no message). A Runnable that works
// off a work queue is a controller of its own and is judged as one; a helper a
// reconciler calls too is in the loop. Whatever its type holds, a Runnable's Start
// that the package never calls itself (the manager calls it once), and a function
// literal the manager runs as a manager.RunnableFunc, are start-up steps for what
// they reach in a line that runs once: no loop on the way but a counted for or a
// range over a slice, an array, a map, a string or an integer, and no function
// literal but one called in place, by go or defer, or by errgroup.Group's or
// sync.WaitGroup's Go (a migration of the objects that exist, run before the
// Runnable starts its controller, writes each once; a poll loop after it is a loop). It is not reported for a kind every controller of which in the
// package filters update events (see unfilteredfor for what counts; a watch without the builder,
// c.Watch(source.Kind(cache, &Foo{}, handler, predicates…)), filters when one of its
// predicates may filter or its handler is not EnqueueRequestForObject): its status writes
// reconcile nothing again. A kind no controller of the package is its own (a child
// the owner writes) is settled by its watches as a child, an owner's Owns or another
// controller's Watches: left alone when there are some and every one filters (a
// predicate, the chain's WithEventFilter, or a Watches handler that decides what to
// enqueue; Owns and EnqueueRequestForOwner enqueue the owner on every update). opgen vet, which sees every package it analyzes, also drops
// the finding when every controller of the kind among those packages filters so (a
// kind one package writes and another watches); the analyzer alone, run package by
// package (golangci-lint), cannot see them. An object of an interface type (client.Object, a job
// interface several kinds implement) stands for the kinds with a status subresource
// that the package wires a controller for and that implement it: it is left alone when
// there is one and every one filters. Otherwise it is reported unless a semantic diff guards it,
// which means one of:
//
//  1. an enclosing if (or switch case) whose condition or init statement holds a
//     diff, with the write in its then or else branch — but for the branch that
//     runs exactly when the diff found nothing changed: a condition that is a bool
//     diff by name, as it is or negated, whose value there says so (if !needsUpdate
//     { …; write }, if changed { … } else { write }, if reflect.DeepEqual(a, b) {
//     write }; a name with equal, consistent or same is true when nothing changed,
//     inconsistent, notEqual or unequal and the other diff names when something
//     did). A write there is sent on every pass that changes nothing. A change flag
//     holds a diff whatever its name: a local bool declared false that every other
//     assignment sets false, or true in the body of an if that holds a diff or
//     compares two values with != (neither a constant nor nil), with at least one
//     such true (updated := false; if !slices.Equal(cur, nodes) { updated = true };
//     if cur.State != state { updated = true }; if updated { …; write }); it is true
//     when something differs, so if !updated { write } is the branch of nothing
//     changed. A true set under any other condition (if err != nil) or outside an
//     if, or any other value, makes it no change flag;
//  2. an earlier if (or switch case) in an enclosing block of the same function whose condition holds
//     a diff and whose body ends in return, continue, break, goto or panic (the
//     "nothing changed: stop here" early exit; also an else if on a diff whose
//     body leaves, when every branch before it leaves: if err != nil { return err
//     } else if !changed { return nil }), or an earlier such if whose
//     condition compares with == (joined by &&) every status field the statements
//     between it and the write assign, when they assign nothing else (if
//     obj.Status.ObservedGeneration == obj.Generation && obj.Status.Matched == n {
//     return nil }; obj.Status.ObservedGeneration = …; obj.Status.Matched = n; write);
//  3. an enclosing if whose condition tests a status field for emptiness
//     (len(obj.Status.Conditions) == 0, <= 0 or < 1, obj.Status.Phase == "", == nil,
//     obj.Status.StartTime.IsZero(); == with another value, len(f) == 32, is no
//     such test; tests joined by || each of which is one, obj.Status.Conditions ==
//     nil || len(obj.Status.Conditions) == 0, or by && one of which is) and whose
//     body fills that field before the write, whatever the
//     branch's own conditions: a statement on the way to the write (not one nested
//     in an if or a loop it holds) assigns the field a value that is not the empty
//     one, appends to it, hands its address to a call that is no removal
//     (meta.SetStatusCondition(&obj.Status.Conditions, …)), or calls a fill function
//     on the object. A fill function, of any loaded package, does one of these to its
//     receiver or a parameter before anything in it may return or write (func
//     stampHash(obj *Kind) { obj.Status.Hash = obj.Spec.Hash() }; the Fills fact);
//     the write may be its own (if len(obj.Status.Conditions) == 0 {
//     initConditions(ctx, c, obj) }, which sets them and then writes). A later
//     statement on the way that gives the field the empty value again (nil, "", 0,
//     false, an empty literal), itself or in a branch or loop it holds, undoes the
//     fill. The first status of a new object, written once. The test may be a
//     call of an exported bool function or method of another package (an API
//     package's helper) whose body is one return of such a test of one status field
//     of its receiver or a parameter, handed the written object (if
//     !role.HasBindingRef() { role.SetBindingRef(name); write }, func (r *Role)
//     HasBindingRef() bool { return r.Status.BindingRef != "" }; the TestsField
//     fact): found empty and filled, or found set and cleared;
//  4. the write is in a function of the same package every call of which is guarded
//     by 1, 2 or 3 (followed up to five calls deep: a reconciler, a phase handler, a step, a check and the helper that fails the object), so a small updateStatus helper
//     called only behind a diff is fine; a function stored in a variable or a field
//     (r.updateStatusHandler = r.updateStatus, a seam for tests) is followed through
//     the calls of that variable, a method that implements an interface of the
//     package (a handler per phase: h.handle(ctx, obj) in case Running) through the
//     calls of the interface's method, when no other package can call it (the
//     interface or the method unexported), and one handed on as a value in any other
//     way is not followed. A helper that reads the object again and gives it the status of
//     its parameter whole before the write (latest := &Foo{}; Get(…, latest);
//     latest.Status = obj.Status; write latest, in a conflict retry) writes that
//     parameter's status: its callers' conditions on the parameter (rule 7) are the
//     write's;
//  5. the write is a Patch with a diff by construction: client.MergeFrom,
//     MergeFromWithOptions or StrategicMergeFrom of a base that is not the written
//     object itself (a copy taken before the change: patch := client.MergeFrom(
//     obj.DeepCopy()); mutate; c.Status().Patch(ctx, obj, patch)). The patch holds
//     only what changed, {} when nothing did, and the API server does not persist an
//     empty patch: no new resourceVersion, no watch event, no loop (proven against a
//     real API server in vet/internal/apiserverproof). The patch may be held in a
//     variable every assignment of which is such a patch (one per case of a type
//     switch), come in as a parameter every call of whose function passes one, or
//     be the first result of a function, of any loaded package, that returns at
//     every return a MergeFrom of a deep copy it takes itself (patch :=
//     obj.NewPatch(), NewPatch returning client.MergeFrom(m.DeepCopy()): the base
//     is the object as it was at the call; the CopyPatch fact).
//     A MergeFrom of the object itself diffs it against itself and is reported,
//     unless the variable is given a value made from a deep copy between the
//     MergeFrom and the write (patch := client.MergeFrom(obj); obj =
//     transform(obj.DeepCopyObject()); write obj): the patch then holds the old
//     object and the write sends the new one; a
//     raw patch is what it says, and is reported, except a constant JSON patch
//     (client.RawPatch(types.JSONPatchType, []byte(`[{"op":"remove","path":…}]`)),
//     in place or in a variable assigned once) with a remove among its operations:
//     the API server refuses a remove of a path that is absent, so the patch changes
//     the object or is not written (a replace or an add may set what is there, and
//     is reported). A server-side apply is a diff by construction too:
//     Status().Apply(…), or a Patch of client.Apply or of a raw patch of
//     types.ApplyPatchType, or of a project's own apply patch: what a function
//     returns whose every return is a literal of a type whose Type method returns
//     types.ApplyPatchType, or such a call (ssa.Apply(cfg), in any loaded package:
//     the AppliesPatch fact). An apply of the fields the manager already owns, with
//     the values stored, is not persisted either (proven in
//     vet/internal/apiserverproof); a JSON merge patch of the whole object
//     (client.Merge) sends what it holds, and is reported;
//  6. the written object is a variable assigned once from a call of a function that
//     returns nil for it when a diff in that function finds nothing changed (if
//     reflect.DeepEqual(previous, current) { return events, nil }), and the write is
//     behind a nil check of it (if updated == nil { return }, or inside
//     if updated != nil): the function, in any loaded package, carries this to its
//     callers as an analysis fact (NilWhenEqual). A nil returned in an error result
//     says nothing about a change and does not count;
//  7. the write is reached only when the status differs from what is stored, though
//     no diff says so: a condition on the way (an enclosing if, an earlier if whose
//     body leaves, an earlier switch a clause of which leaves — returns, panics,
//     continues or jumps away; a break ends only the switch — read as the if of
//     that clause's cases: switch obj.Status.Phase { case Done, Failed: return nil }
//     is if Phase == Done || Phase == Failed { return nil }; a clause that is one if
//     leaving on a test leaves when its cases and the test hold, case Restoring: if
//     obj.Status.Job != "" { return } is Phase == Restoring && Job != ""; a clause after one that
//     goes on counting only when every case is a constant, a bool variable assigned
//     once from one) finds that a status field
//     differs (!=, <, >, a time's Before or After; ==, <= or >= for an early exit:
//     if obj.Generation <= obj.Status.ObservedGeneration { return }) from a value
//     that the statements
//     between it and the write assign to that very field (read on the written
//     object, or on a fresh read of it: a local variable that a client's Get fills
//     with a key made of the written object, var cur Foo; if err := r.Get(ctx,
//     client.ObjectKeyFromObject(obj), &cur); err == nil && cur.Status.Phase ==
//     Failed { return }, where the conjunct err == nil of such a Get's error is taken
//     as true: a failed read is no pass of the steady loop), unconditionally, the
//     last such assignment on the way deciding (a branch that may give the state
//     Saving, then a helper that gives it Failed, leaves it Failed; a call on the
//     way of a function the helper is handed, mutate() or mutate(&obj.Status),
//     assigns, at each call of the helper that hands in a function literal, what
//     the literal's body assigns, its one parameter standing for the object or its
//     status: r.persist(ctx, obj, func() { obj.Status.State = state }), and a
//     function the caller was itself handed is spelled out by its callers in turn;
//     any other function handed in assigns nothing known)
//     (if obj.Status.Message != msg { obj.Status.Message = msg; write }; a whole
//     assigned counts for its parts: if obj.Status.State != desired.State {
//     obj.Status = desired; write };
//     if obj.Generation != obj.Status.ObservedGeneration { obj.Status.ObservedGeneration
//     = obj.Generation; write }; slices.Contains of a status list false, then the
//     element appended to it, or a loop over the list that returns when an element
//     equals the value (==, or a function whose name says it tests sameness, same…,
//     …equal…, match…, handed the two and returning one bool: if sameRef(e, ref))
//     before the value is appended (directly or through a variable that holds the
//     append), or a switch without a tag, its default leaving, whose every other
//     clause tests a position variable of the list (idx := -1; for i, e := range l
//     { if sameRef(e, ref) { idx = i; break } }, nothing else assigning it) and
//     appends the value when it found it absent (idx == -1, idx < 0) or removes the
//     element at idx when it found it present (append(l[:idx], l[idx+1:]...),
//     slices.Delete(l, idx, idx+1)), or a loop over the list that returns when an element's
//     fields hold given values (c.Type == Accepted, then c.Status == True, nested or
//     joined by &&) before the list is given an append of a struct literal with
//     those values (obj.Status.Conditions = append(kept, Condition{Type: Accepted,
//     Status: True, …}): whatever else the rebuilt list holds, it now holds such an
//     element), or a local flag declared false and set only true, in
//     a loop over the list when an element or a field of it equals a value, found
//     false before the value, or a struct literal giving that field that value, is
//     appended (found := false; for _, c := range obj.Status.Conditions { if c.Type
//     == Ready { found = true } }; if !found { obj.Status.Conditions = append(…,
//     Condition{Type: Ready, …}); write }); a bool status field true, then set false, or false
//     and then set true, the field read as it is or through a method of the object,
//     of any loaded package, that returns it, or returns a *bool field not nil and
//     true (if !obj.Done() { yes := true; obj.Status.Done = &yes; write }; ptr.To(true)
//     likewise; the ReadsFlag fact); meta.IsStatusConditionTrue or IsStatusConditionFalse
//     of a condition type, then meta.RemoveStatusCondition of it or
//     meta.SetStatusCondition of it to another constant status, or false and then set
//     to that status, directly or through a package function that calls them with its
//     parameters, the test made directly or by a method of the object, of any loaded
//     package, that returns it for a constant type (if !obj.IsReady() { set Ready True;
//     write }; the ReadsFlag fact); a comparison of a status field with a
//     constant made by a method of the object, of any loaded package, that returns
//     it (func (c *Cluster) IsRunning() bool { return c.Status.Phase == Running };
//     if !obj.IsRunning() { Phase = Running; write }; the ReadsFlag fact), or by a
//     bool function or method of the package whose body returns a test of the
//     parameter the call hands the object, after definitions of locals the test
//     reads (cond := meta.FindStatusCondition(o.Status.Conditions, T); return cond
//     != nil && cond.Status == True, then T set to another status), and reads no
//     other parameter (func
//     isQueued(m *Foo) bool { return m.Status.State == Queued }: if isQueued(obj)
//     { return }; State = Queued; write), the test standing in for the call;
//     cluster-api's conditions.IsTrue or IsFalse of the object, then
//     conditions.Delete, MarkTrue, MarkFalse or MarkUnknown of that type; the
//     condition API crossplane-runtime made common, of the object or its status:
//     obj.GetCondition(T).Status compared with a constant status, then
//     obj.SetConditions(c…), variadic, handed a call of a function, of any loaded
//     package, whose body returns a struct literal of constant Type T and another
//     Status, or none and then that status (if cr.GetCondition(TypeReady).Status ==
//     True { cr.SetConditions(Deleting()); write }; the MakesCondition fact: the
//     literal's Type and Status may be the function's parameters, and a function
//     that returns a call of such a function with constants there makes that
//     condition, func NewCreated(gen int64) metav1.Condition { return
//     NewCondition(TypeCreated, metav1.ConditionTrue, …) }, which
//     meta.SetStatusCondition is handed as it is handed a literal); a
//     condition type found absent, then set, or found present, then removed:
//     meta.FindStatusCondition(list, T) compared with nil, or a bool function of the
//     package that returns such a test of its parameter or loops over its
//     conditions returning true at the type, so that a helper's write reached only
//     past if completed(obj) { return } and setting that type is a change), or from
//     its own earlier value, a snapshot taken in a
//     variable (old := obj.Status.State, prev := obj.Status.DeepCopy(), orig :=
//     obj.DeepCopy(); a deferred if obj.Status.State != old { write }; or a value the
//     path assigns to the field, compared with such a snapshot of it: if next !=
//     orig.Status.Version { obj.Status.Version = next; write }), or finds that
//     it holds a constant (== c, a case c of a switch on it or on a conversion of it:
//     switch Phase(obj.Status.Phase)) when the path assigns it
//     another constant (a state machine's transition: case Pending: obj.Status.State =
//     Running; write), or, in the default of such a switch, that it holds none of
//     the other clauses' constants when the path assigns it one of them (switch
//     obj.Status.Phase { case Exporting: …; case Ready, Failed: return; default:
//     return r.checkBuild(ctx, obj) }, checkBuild moving the phase to Exporting or
//     Failed), or finds it holds what an earlier write of the same pass
//     stored, a status write of the object whose error the path leaves on, after
//     statements that give the field a constant (obj.Status.State = ""; if err :=
//     write; err != nil { return err }; …; obj.Status.State = Skipped; write: the
//     second moves it), or a variable that an earlier switch on it narrows to other
//     constants (switch result { case Failed, Succeeded: …; default: return };
//     obj.Status.State = result). The early exit may be a callee's: a call of a
//     function of the package handed the object, whose error the path leaves on
//     (v, err := r.imageDue(obj); if err != nil { return … }), stands for each
//     if at the top of that function that returns a non-nil error, before it assigns
//     any status or may return a nil one (if obj.Status.Image == obj.Spec.Image
//     { return "", errNotDue }), and for the calls it checks so in turn, two deep.
//     An early exit's conjunct that an earlier early exit on its negation
//     establishes, nothing assigning what it reads between them, is dropped from
//     it (if ref.Status.State != Ready { return }; if ref.Status.State == Ready &&
//     claim.Status.State == Ready { return }: the second leaves when the claim is
//     Ready; claim.Status.State = Ready; write moves it).
//     A condition before an earlier write of the object on the way (checked or
//     not) still counts for the fields nothing on the way assigns between it and
//     the last such write, which stored them as the condition found them, when it
//     reads the status through such fields only: it hands the object whole to no
//     call and tests no bool variable (if obj.Status.Ready { return }; obj.Status.URL
//     = url; write; …; obj.Status.Ready = true; write: the second moves Ready).
//     A write of the object read again and given another variable's status whole
//     (latest.Status = obj.Status in a conflict retry) is judged by what the path
//     does to that variable. One read again in a conflict retry and given no such
//     status (latest := &Foo{}; Get(…, key, latest); latest.Status.Phase = Running;
//     write latest) is judged by what the conditions around the retry found of the
//     object it reads again: the one its key is made of (client.ObjectKeyFromObject(
//     obj), a NamespacedName of obj.Name), or else the only object of its kind the
//     function has in scope there (a parameter, a variable, a deep copy of one
//     counting as it, a field of the receiver: a reconciler keeping the object of
//     the pass in r.instance); none when there are two (a parent and its child). A
//     value taken from that object is not the stored one. A helper whose retry reads
//     r.instance again carries its assignments to its callers, whose conditions on
//     r.instance are the write's (if r.instance.Status.Phase != Running { return };
//     …; r.fail(ctx, msg), fail moving the fresh read's Phase to Failed). An accessor of the status (x.GetStatus(), on an
//     interface several kinds implement) reads the status. A call of a status setter on the object counts as
//     the assignments it makes: a function of any loaded package that takes no
//     context and gives status fields of its receiver or a parameter constants on
//     every path (before anything in it returns, but for an early exit at its top
//     taken only when the field already holds what it would give: if
//     a.Status.Phase == p { return }; a.Status.Phase = p), each field once (func (b *Backup)
//     SetFailed(msg string) { b.Status.State = BackupFailed; … }; the SetsStatus
//     fact), a constant matching however it is spelled, or the value of another
//     parameter of a basic type, the call's argument in its place (func
//     setState(b *Backup, msg, state string) { …; b.Status.State = state }, called
//     as setState(b, msg, BackupFailed)), and a method of the status type itself,
//     called on the object's status (func (s *BackupStatus) SetPhase(p Phase) {
//     s.Phase = p }, b.Status.SetPhase(Failed): a type named …Status); so does a setter method whose type has the matching
//     getter (x.SetObservedVersion(v), with GetObservedVersion() of v's type, on an
//     interface a generic reconciler's kinds implement, which no fact follows): it
//     gives what the getter reads v, so if x.GetObservedVersion() != v {
//     x.SetObservedVersion(v); write } is a change. A call of a fill function
//     (rule 3's Fills) on the object gives each field it fills something not
//     empty, which is all a test of its emptiness needs (if obj.Status.Target != ""
//     { return }; if a { r.targetFromSpec(obj) } else { r.targetGenerated(obj) };
//     write); so does a call of a function that returns an error, writes no
//     status, and fills a field before each of its returns that may give a nil
//     error, when the path leaves on that error (err = r.makeTarget(), in each
//     branch, then if err != nil { return err }; the object may be a field of
//     the receiver: s.obj). A struct literal assigned to a
//     status field assigns each
//     field it names (obj.Status.Progress = &Progress{Done: d}, or through a variable
//     assigned once from the literal), and a local variable assigned once from a
//     status field reads that field (cur := obj.Status.Progress; if cur != nil &&
//     cur.Done == d { return }), as a local pointer assigned once the address of a
//     part of the object reads and assigns that part (st := &obj.Status; if
//     st.State == Ready { return }; st.State = Ready; write), and so does a pointer
//     parameter of a function that takes the object too when every call of it hands
//     the address of a part of the object's status (start(ctx, run,
//     &run.Status.Steps[0]), or a parameter that does so in turn): when the calls
//     hand different parts (Steps[0] here, Steps[i] there), the parameter stands for
//     whichever part a call hands, in the function and in those it hands the
//     parameter on to, so that if step.JobName == "" { return r.create(ctx, run,
//     step) }, create setting step.JobName = job.Name and writing run, fills the
//     field, and a caller's test of the part it hands (if s := &run.Status.Steps[0];
//     s.Phase != Running { return }) meets what the functions it calls give it. A
//     bool variable found true whose every assignment but its declaration's gives
//     false (create := ready && obj.Status.Pod == ""; if failed { create = false };
//     if create { …; write }) held its declaration's test there; one whose address
//     is taken (decide(&create)) may hold anything. A field found empty (== nil, "" or 0, joined to
//     the rest by || or && as logic says) that the path then gives another value is
//     filled, the first value of rule 3 (if obj.Status.Secret == nil ||
//     obj.Status.Secret.Name != name { obj.Status.Secret = &Ref{Name: name}; write }),
//     and so is a list or string whose length is found zero (len(f) == 0, <= 0 or
//     < 1); one whose length is found not zero (len(f) > 0, != 0 or >= 1, 0 <
//     len(f)) or the field found not empty (f != "", != nil, != 0) that the path
//     then gives the empty value ("", nil, an empty literal such as []string{}),
//     itself or with a whole that holds it (obj.Status = api.IPStatus{}), is
//     cleared, also a change (if len(obj.Status.URL) > 0 { obj.Status.URL = "";
//     write }).
//     An if with an else whose every branch that falls through gives a field one
//     value assigns it that value past the if (if … { State = Complete; Reason =
//     Failed } else { State = Complete; Reason = Cancelled }). An if with else ifs
//     whose branches that fall through assign no status says, past it, that one of
//     them was taken: its condition held and those before it did not, the final
//     else's that none did (if obj.Spec.Suspend { return } else if Phase == Pending
//     { log } else { Phase = Pending; write; return }: past it the phase is
//     Pending, and a write that moves it to Failed is a change).
//     A switch on a status field whose default leaves, and each other clause of
//     which leaves or gives the field a constant none of its own, has moved the
//     field on every path past it: a write there is a change (switch
//     obj.Status.State { case "": State = Pending; case Pending: State = Running;
//     default: return }; write). A clause that keeps the value it found, or a
//     default that falls through, makes it no such switch.
//     The elements of a list that a List of the function filled through a field
//     index (client.MatchingFields{key: v}, in place or in a variable assigned once)
//     hold what the index's extractor keeps: when the extractor, registered in the
//     package with IndexField under that constant key (a function literal, a
//     variable assigned one once, or a function of the package), returns nil at its
//     top when a status field of the object differs from a constant, before any
//     statement in it may return more (if state != Failed { return nil }, the field
//     read on the object, on a type assertion of it, or through a local assigned
//     once from it), every element of the list was found holding that constant, so a
//     loop over the list by value that gives the element's field another constant and
//     writes it moves it (for _, m := range list.Items { m.Status.State = Processing;
//     write &m }: a requeue of the failed).
//     The written object may be a field a wrapper embeds (type state struct { *Foo;
//     nodes []Node }, write w.Foo): what the path reads or assigns through the
//     wrapper of the fields promoted from it (w.Status.Phase) is the object's.
//     The written object may be a deep copy of another (next := obj.DeepCopy();
//     next.Status.State = Running; write next, inside if obj.Status.State ==
//     Pending): what the path reads of the original is what the copy held when it was
//     taken, and what it assigns to the original is not the copy's.
//     Such a write is never sent unchanged. The assignments may be in a helper the
//     write is in: those whose value is of the object itself or a constant are
//     carried to the callers, whose conditions rule 4 follows, and so is one read
//     from a parameter, the call's argument in the parameter's place (setSecret(ctx,
//     obj, image) { obj.Status.Image = image; write }, called behind if
//     obj.Status.Image != obj.Spec.Image with obj.Spec.Image), and nil, which clears
//     the field for the caller that found it not nil (if obj.Status.Missing != nil
//     { return r.present(ctx, obj) }, present setting it nil and writing); any
//     other is carried as the field given something, which is all a test of its
//     emptiness needs. The
//     object may be a field of the helper's receiver (func (s *state) record() {
//     s.obj.Status.Secret = &Ref{…}; write s.obj }): at each call the receiver the call
//     names stands for it, so that if s.obj.Status.Secret != nil { return } before
//     s.record() finds the field empty.
//     A field given values more than once on the way counts by each of them: every
//     value the path may leave in it must be one the condition rules out (State =
//     Running, then State = Failed in an if, past obj.Status.State == Failed, may
//     send Failed again), a field that a statement nested in a branch or a loop on
//     the way gives a value may hold anything past it, and a write of the object on
//     the way, after the condition, stores what the object held then, so that the
//     condition no longer says what is stored (but for the second write of the
//     reset above);
//     and, for constants, the function is run: the path analysis follows every
//     path from the function's entry to the write through if and else if, switches
//     with a tag (a case holds the field to its constants, the default to none of
//     them) and without (a case holds its condition true and the earlier cases'
//     false), &&, ||, !, early returns, break and loops (what a loop's body may
//     change is unknown at its start and past it), keeping for each status field
//     compared with or given a constant the constants (and "any other value") it
//     may hold as stored and as the object holds it, and for each bool variable
//     the function never assigns again what the path found of it (a condition
//     of the object counts as two such fields, its status and its reason, which
//     meta.SetStatusCondition gives, the literal's Reason or "" when it names
//     none, and which a local c := meta.FindStatusCondition(obj.Status.Conditions,
//     T) reads as c.Status and c.Reason: if c == nil { …; write; return } else if
//     c.Reason == Failed { return }; set Ready with reason Failed; write is a
//     change; a list assigned whole may hold anything in its conditions) (past 128 paths
//     at once, those that found the same of the bool variables are joined into one
//     on which each field may hold what it may on any of them, then all those that
//     found the same of the writes: a join proves less, never more). A write of the
//     object stores what it holds (on the path where its error is nil, when the
//     path tests it), a Get into the object reads the stored status again, an
//     Update of the object brings the stored status back into it, and a call that
//     hands the object to a function of the package is run inline, two calls deep
//     (its parameter standing for the object, its bool parameters for the bools
//     handed in, its answer for the error the caller tests: the variable assigned,
//     or the last of several when it is an error, res, done, err := r.step(…); and
//     a bool the return gives in a result, a constant or a bool the path found,
//     for the variable the call assigns it to, when nothing assigns that again: if
//     res, stop, err := r.claim(ctx, obj); stop { return res, err } leaves on every
//     path on which claim returned res, true, r.fail(…), and goes on on those of
//     false); a
//     predicate of the package on status fields, a function whose body is one
//     return of ==, !=, &&, || and ! over its parameters and constants, handed each
//     field as it is (if r.isTerminal(obj.Status.Phase), func isTerminal(p string)
//     bool { return p == Done || p == Failed }), is read as those comparisons of
//     the fields handed in; a project's own copy of meta's conditions helpers, for a
//     Condition type of its own with Type and Status fields, is read as meta's:
//     a function of any loaded package whose body does what FindStatusCondition
//     does (ranges over the list it is handed, or the list a pointer it is handed
//     points to, and returns the address of the element whose Type equals the type
//     it is handed, nil after the loop, and with an error result a nil error with
//     the element: old, err := GetCondition(&list, T); if err == nil && old.Status
//     != want), SetStatusCondition does (appends the condition it is handed to
//     *list, after looking for its type there, or, handed the list and any number
//     of conditions and returning the list or its address, both replaces an
//     element with each condition and appends it, after looking for its type: list
//     = *Merge(list, c…); one that only appends the types not there is no set) or
//     RemoveStatusCondition does (gives *list a new
//     value of its own elements, looking for the type), or that forwards its two
//     parameters to one of them (the ConditionHelper fact); a condition's status
//     that is no constant is the expression the literal gives, the same as a test
//     that compares the found condition's status with that same expression (if
//     old.Status != statusOf(ready) { set Ready to statusOf(ready); write }: it
//     moves); a local assigned from
//     such a find and, when the find gave nil, a default literal (c :=
//     FindCondition(list, T); if c == nil { c = &Condition{Status: Unknown} }) reads
//     the condition; a bool local assigned again, by no function literal and never
//     by address, is followed from assignment to assignment (what a test of it
//     found holds until the next assignment, which gives a constant or makes it
//     unknown; a loop that assigns it makes it unknown: exists := true; if
//     notFound { exists = false }; if !exists && isFinal(obj.Status.Phase) { return
//     r.expire(…) }; if !exists { r.fail(…) } reaches fail with the phase not
//     final); a function literal that a conflict retry runs in place and that holds
//     the write (retry.RetryOnConflict(backoff, func() error { Get(…, obj); Phase =
//     Failed; write })) is run where it stands, its returns ending the literal, and
//     a Get into the object there refreshes it for the write while what the pass
//     found stored stands (another writer in between makes one write, no loop); a
//     call of any other
//     function that may change the object's status (one of the package that is not
//     run inline and assigns a status, a method of the object whose name does not
//     say it only reads, a function outside the Kubernetes and standard libraries)
//     makes every field unknown. The write is a change when on every path that
//     reaches it some field holds in the object none of the values it may hold as
//     stored; a write in a function whose every use is a call of the package that
//     hands it the object is judged so from each caller's entry, the function run
//     inline at the call (and from the callers' callers, two deep). A counter
//     is a change too: a statement that runs on every way to the write, after
//     the last write of the object before it, moves a number of the status by a
//     constant (obj.Status.Retries++, obj.Status.Rounds += 2, n = n + 1) that no
//     other statement on a way to the write assigns or hands out by address (one
//     followed, in its list, by a write of the object whose error leaves, before the
//     count, is stored by then: if restart { Retries = 0; if err := write; err !=
//     nil { return err } }; Retries++; write): the count stored is one the API
//     server does not hold;
//  8. the write is in a helper that the call switches off: the path to it needs a bool
//     parameter, or a bool field of a struct parameter, to be true or false (if
//     !params.ApplyChanges { return nil }), and the call hands in the other constant
//     (false, or a literal that sets the field to it or leaves it out); or a
//     parameter to equal, or to differ from, a constant (if policy == FinalizeAnyway
//     { return nil }, an enum's value), and the call hands in a constant that is
//     not, or is, that one. Or the path needs an interface parameter to hold one
//     concrete type: the write is the method of that type a call through the
//     interface runs (a retry helper handed a status writer or an object writer,
//     w.write(ctx, obj), where only the status writer's writes status), and the call
//     hands in a value of another concrete type (&objectWriter{c}). Or the path
//     needs a yes from a function parameter: its call returned true, or a nil error
//     (if err := mutate(); err != nil { return }: a mutate-and-write helper), and the
//     call hands in a function literal (or a local variable assigned one once) that
//     says no, false or an error that cannot be nil (a composite literal, errors.New,
//     fmt.Errorf, a package-level sentinel), in a branch of an if that holds a diff
//     or runs when the values it compares are equal (if !meta.SetStatusCondition(…)
//     { return &NoUpdateError{} }, if equality.Semantic.DeepEqual(before,
//     obj.Status) { return &NoUpdateError{} }, if obj.Status.Message == msg { return
//     &NoUpdateError{} }): the write is sent only past that diff. A literal that
//     says no only on its own tests and otherwise gives the result of the caller's
//     function parameter (return fn()) hands the need on to that parameter. Followed
//     through the package's calls (rule 4) and, as the Delegated fact's Requires,
//     across packages; a function every write of which its calls switch off
//     delegates nothing.
//  9. a condition on the way to the write, within the function (an enclosing if or
//     switch case, or an earlier if whose body leaves without writing, or holds only
//     such an if, after definitions of locals that only read: if c != nil { if
//     c.Reason == r { return } }, if Phase == Pending { c :=
//     meta.FindStatusCondition(…); if c != nil && c.Message == m { return } }), reads the
//     stored status of an object of the written kind in a way rules 1 to 8 do not
//     judge: compares a status field with a value that is no constant (if
//     obj.Status.Image != obj.Spec.Image), hands it to a call (slices.Contains(
//     obj.Status.Nodes, n), a.Before(obj.Status.LastSync)), reads a local variable
//     taken from it or set under such a condition (cond := meta.FindStatusCondition(…);
//     if cond.Reason != r), or calls a function or method that does so itself
//     (if r.due(obj), obj.Outdated(img), an interface's GetCondition or GetStatus,
//     also on an adapter whose accessor without arguments hands out the written
//     object: if a.GetStatusID() == nil, the write sending a.GetObject()),
//     or compares what a getter of it gives back (sched.Next(r.lastRun(obj)).Before(
//     now), lastRun returning a status field): see
//     vet/internal/consult. Such a condition is taken for a guard, unproven. So,
//     by default, is a test of a plain field against a constant or nil, of its
//     length, of a bool field as it is, a switch on one, meta.IsStatusConditionTrue
//     with constants, or a call of a function that does one of these to the object
//     it is handed (if obj.Status.Phase == Running, case Pending:, if obj.Status.State
//     == Done { return }, if !obj.IsReady()), when rules 1 to 8 do not prove the
//     write a change: the write is reached only in some states of the stored status,
//     and on operators nobody here wrote most false findings were writes so gated,
//     each by a guard of its own shape (a final state several calls away, a phase
//     no code sets, a flag set only by code that compares). With -gated
//     (opgen vet -statusupdate.gated) such a test is the other rules' to judge, as
//     it was: a write behind obj.Status.Phase == Running alone is then reported, for
//     it is sent on every pass while the phase holds. An error returned by a call
//     says whether it failed, not what the status holds: if err := r.sync(ctx, obj);
//     err != nil consults nothing, and a write in that branch is reported. The rule
//     trades findings for precision: a write that such a condition gates but does
//     not fully guard is missed (vet/testdata/realworld.md counts both; on R45 and
//     R46, read again by the path to each write, the writes gated so were 14 of the
//     93 true findings and 22 of the 28 false ones).
//  10. the write is past a checked Create, in the function or, through rule 4, in
//     every caller: an earlier statement of an enclosing block creates an object and
//     leaves when that fails (if err := c.Create(ctx, child); err != nil { return err
//     }), or the write is in the branch of an if that finds it succeeded (err =
//     c.Create(ctx, child); if err == nil { …; write }, or if err := c.Create(ctx,
//     child); err != nil { … } else { …; write }). A Create of one name succeeds once, and one with a generated name gives a
//     new name each time: the write records something the pass did, and is not
//     reached on the next pass with nothing done. A check that lets a failure through
//     (err != nil && !IsAlreadyExists(err)) is no such check; a child deleted by
//     hand and created again makes the write once more, which is no loop. A remote
//     create counts as well when the path records what it made: a call of a
//     function or method named create… (a cloud API's CreateBucket, a remote
//     service client's CreateThing, through an interface too) that returns the
//     created thing and an error, the thing assigned to a variable that a statement
//     on the way to the write reads (thing, err := api.CreateThing(ctx, name); if err
//     != nil { return err }; setStatus(obj, thing); write). The next pass finds the
//     thing and does not create it, or creates another with another ID. A create
//     that returns only an error may be an idempotent helper that answers nil when
//     the thing exists already (createService ignoring AlreadyExists), and a name
//     with create-or-update, -or-patch, -or-get, -if-needed, -if-not-exists,
//     -if-missing or ensure says the call runs on every pass: neither counts.
//     A handle of something the pass started counts too, whatever the name ends
//     with: the write in the body of an if that finds it non-nil (op != nil, alone
//     or with && other tests), op assigned once in the function, with an error
//     found nil on the way (if err != nil { return … } before, or the if in its
//     else), from a function or method of the package named create…, start…,
//     begin…, submit…, launch… or trigger… that answers nil with a nil error on
//     some path (return nil, nil: nothing to start), and the body reading op (op,
//     err := r.startDeleteIfNeeded(ctx, obj); if err != nil { return err } else if
//     op != nil { obj.Status.Operation = &Operation{Token: op.Token()}; write }).
//     The next pass finds the operation under way, or starts another with another
//     handle. A start that never answers nil may hand back the same running thing
//     on every pass, and a getter that answers nil when it finds nothing
//     (lookupOperation) starts nothing: neither counts.
//     So does a write in the body of if apierrors.IsNotFound(err), err last
//     assigned before it from a Get of an object other than the written one (a
//     child), past a statement of that body that creates with its error checked,
//     the create any call named create… (one that answers only an error, or a
//     create-or-update, too) or a client Create (child := &Run{}; err := r.Get(ctx,
//     key, child); if apierrors.IsNotFound(err) { if err := r.createRun(ctx, obj);
//     err != nil { return err }; obj.Status.Phase = Initializing; write }): the
//     next pass's Get finds the child. A branch that finds it absent and creates
//     nothing comes back on every pass.
//     So does a test of a controllerutil.OperationResult, CreateOrUpdate's or
//     CreateOrPatch's answer (or a wrapper's of that type), that finds the pass
//     created or changed its object: the write in the body of if op !=
//     OperationResultNone (or == OperationResultCreated, Updated…, or two such tests
//     joined by ||), in the else of if op == OperationResultNone, in a case of a
//     switch on op that lists only such results, or past if op ==
//     OperationResultNone { return }. The next pass, with nothing to do, finds
//     OperationResultNone and does not reach the write; a test that the branch
//     where nothing was done passes too (op != OperationResultCreated, a default
//     case) is none.
//  11. the write is past a checked status write of the same object, in the
//     function or, through rule 4, in every caller: an earlier statement of an
//     enclosing block writes it and leaves when that fails (if err :=
//     c.Status().Update(ctx, obj); err != nil { return err }), that write is
//     guarded itself (by any of these rules), and the statements between them, or
//     the function called on the way, give a status field a value that is no
//     constant, which the path analysis cannot follow (if obj.Status.Phase ==
//     Pending { Phase = Provisioning; write; r.recordVersion(ctx, obj, v) },
//     recordVersion setting the version and writing). Whatever keeps the earlier
//     write from being sent unchanged keeps the pass from reaching the later one
//     with nothing done: it records what the pass has just changed, once per
//     change. A second write with nothing assigned since sends what the first
//     stored, constants are rule 7's to judge, and an unchecked earlier write may
//     have failed: none of them counts.
//
// A helper in another package (common.UpdateStatus(ctx, c, obj)) is judged where it is
// called: a function that writes the status of one of its parameters, or a method that
// writes its receiver's (obj.SaveStatus(ctx, c), a method of the API type), with
// nothing in it guarding the write (a diff, rules 1 to 3, a change within the
// function, rule 7, or a condition that reads the stored status, rule 9: a step of
// another package that writes only past if cond.Status != Unknown { return } is
// guarded there, as it would be in the controller's package) carries that to its
// callers as an analysis fact
// (Delegated), through any number of calls and packages, and an unguarded call of it in a
// controller's package is reported at the call, unless the patch it is handed is a
// MergeFrom diff (rule 5). A function that writes in one place, directly, carries
// the status fields it assigns on the way there too (the fact's Sets: a constant
// as it is, a value not known as the field given something): its callers' conditions
// judge the call as they would judge a helper of their own package (rule 7), so
// that a call of team.Start(ctx, obj), which sets Phase = Running and writes, from
// case "", Pending: of a switch on the phase moves the phase. A helper whose every write is a raw JSON merge patch that
// sets one status key, named by a string parameter, to null (patch := []byte(
// `{"status":{"` + key + `": null}}`); Status().Patch(ctx, obj,
// client.RawPatch(types.MergePatchType, patch))) carries that too (the fact's
// Clears): a call with a constant key clears the status field of that JSON name, so
// behind a test that the field is set (if obj.Status.PortID != nil {
// helper.RemoveFromStatus(ctx, c, obj, "portID") }) it is a change (rule 7). Its own write is then not reported when it is exported and
// nothing in its package calls it: its callers stand in its place.
//
// A diff is a call of a function or method that returns more than an error and whose
// name contains equal, chang, diff, modif or dirty, or needs/should (+ status) +
// update/write/patch, in any case (syncOnChanges(…) error is an action, not a
// comparison)
// (equality.Semantic.DeepEqual, reflect.DeepEqual, cmp.Equal, statusChanged,
// meta.IsStatusConditionPresentAndEqual), a call of meta.SetStatusCondition,
// meta.RemoveStatusCondition or UpdatePodCondition of k8s.io/kubernetes/pkg/api/v1/pod
// (each reports whether it changed anything), a call of a
// change-reporting setter of any loaded package (a function whose first result, a
// bool, can say "nothing to do", false, can say true, and is true only after it
// assigned through a pointer, slice or map it was handed, or was handed an interface
// with a Set… method (as a client.Object, whose type switch binds it to each kind:
// switch o := obj.(type) { case *Foo: o.Status.X = x }), directly or through a local
// change flag; an assignment counts for what follows an if with an else, or a switch
// with a default, when each branch assigns or returns; a flag set true right after
// such an assignment or in the branch of an if on a call that reports a change (if
// meta.SetStatusCondition(&cs, c) { changed = true }) or assigned from one (changed =
// changed || meta.SetStatusCondition(&cs, c)), or in a branch that skips an element
// (ends in continue) of a range over a field reached from what it was handed, which
// the statements after the range assign again before any return (for _, c := range
// obj.Status.Items { if gone(c) { changed = true; continue }; kept = append(kept, c)
// }; obj.Status.Items = kept: the new value lacks what was skipped); a named first result is such a flag,
// and a bare return gives it: func setCondition(obj *Foo, c Condition) bool, func
// updateConditions(obj *Foo) (changed, done bool, err error), func
// InitializeConditions(target Setter, types ...string) (changed bool); so is a local
// bool assigned once from comparisons that find two values different (a != b joined
// by ||, neither a constant nor nil) and returned after the function assigned
// through what it was handed (changed := old.Status != c.Status || old.Reason !=
// c.Reason; (*list)[i] = c; return changed: what differed was replaced); carried as the
// ReportsChange fact; a call through an unexported method of an interface of the
// package reports a change when every implementation the package has does, a seam
// with a mock beside the real one: if r.Crontab.reschedule(obj) { write }), a call that
// returns one bool and is handed two values of one struct type
// (inconsistentStatus(old.Status, obj.Status)), a variable or field with such a name
// (changed, needsUpdate), the StatusUpdated field of controller-runtime's finalizer
// Result (res, err := finalizers.Finalize(ctx, obj); if res.StatusUpdated { write }:
// true only when a finalizer changed the status), or a bool variable assigned once
// from such a call. A comparison of single
// fields (obj.Status.Phase != "Ready", len(obj.Status.Conditions) == 0) is not a diff:
// the write sends the whole status, so one field says nothing about the rest. Nor is
// a deep comparison (reflect.DeepEqual, equality.Semantic.DeepEqual, cmp.Equal) of two
// values of different static types, neither an interface nor an untyped nil
// (reflect.DeepEqual(&obj.Status, newStatus), a pointer with a value): it is false
// whatever they hold, so it finds a change on every pass, and it reads no status for
// rule 9 either.
// Function literals are separate functions: a guard outside one does not guard a
// write inside it, except a literal handed to client-go's retry package or
// apimachinery's wait package (retry.RetryOnConflict(backoff, func() error { … })),
// which runs it before it returns, or to a package's own wrapper of either (as
// cachedupdate's doc says): it is judged as part of the function around it. A literal
// held in a variable that the function uses once more, as such an argument (update :=
// func() error { … }; retry.RetryOnConflict(backoff, update)), counts as handed. A
// literal handed, as an argument of its own, to a function of any loaded package that
// uses that parameter only to call it, each call where a condition on the path reads
// a stored status (rule 9 in that function: if StatusNeedsUpdate(*status, cond) { …;
// return write() }; the CallsGuarded fact), is guarded by that condition; a function
// that calls it anywhere else too, or hands it on, or keeps it, guards nothing; a
// literal held in a variable the function uses once more, as that argument (update
// := func() error { … }; clusters.UpdateStatus(…, update)), counts as handed.
//
// A write in the body of an if that repeats the test of an earlier if of the same
// statement list, without an init or an else, whose body leaves the function, with
// nothing between that assigns a variable the test reads or takes its address (err
// := connect(); if err != nil { return … }; if err != nil { …; write }), is not
// reported: the body never runs (vet/internal/syntax's RepeatedGuard; a test with
// a call in it is not judged). cachedupdate leaves such a write alone too.
//
// # Fix
//
// Build the desired status, compare it with the live one
// (equality.Semantic.DeepEqual), and write only when they differ, with Server-Side
// Apply (Status().Apply with a field owner) or a MergeFrom patch; opgen's generated
// Apply<Kind>Status does all of it.
//
// Where opgen generated the kind's writer (+opguard:status-owner) in the same package,
// the finding names it, and the suggested fix rewrites the write to call it, its error
// handled as before: if err := r.Status().Update(ctx, obj); err != nil becomes
// if _, err := ApplyObjStatus(ctx, r.Client, obj, obj.Status); err != nil, err = … and
// a bare call likewise. A write returned or used in a condition gets no fix: what the
// caller does with the writer's bool is for its author to say. The writer writes less
// (nothing when the status is unchanged) and with Server-Side Apply, which is the
// point and a change of behaviour: opgen vet applies the fix only when asked by name
// (-fix=statusupdate, or -fix=all), not with a bare -fix.
package statusupdate
