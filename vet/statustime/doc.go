// Package statustime defines an analyzer that reports the current time written into
// an object's status.
//
// # Analyzer statustime
//
// statustime: report the current time written into status
//
// # Incident
//
// obj.Status.LastReconcileTime = metav1.Now() makes every status write a real
// change: no diff can ever find the status equal, every reconcile writes, every write
// is a watch event that queues the object again. It is the most common seed of the
// update–watch–update loop (reported: apiserver 500 → 20,000 QPS).
//
// # Rule
//
// Reported: an expression that reads the clock — a call of time.Now, metav1.Now or
// metav1.NowMicro, or of the Now method of an injected clock (a method named Now that
// takes nothing and gives a time.Time or a metav1.Time: k8s.io/utils/clock's Clock, a
// clock interface of the project's own, which tests replace with a fake), also inside metav1.NewTime(time.Now()), &metav1.Time{Time:
// time.Now()}, time.Now().Format(…) — that is
//
//   - the right-hand side of an assignment whose left-hand side is reached through the
//     Status field of a custom resource (obj.Status.LastSync = …, obj.Status = …,
//     obj.Status.Conditions[i].LastTransitionTime = …) or through a pointer to a
//     custom resource's status type (func(status *FooStatus) { status.LastSync = … },
//     st := &obj.Status; st.LastSync = …), or
//   - the value of the Status field in a composite literal of a custom resource
//     (&Foo{Status: FooStatus{…}}),
//
// in a package that holds a controller (a For call of the controller builder, or a
// Reconcile method): a command or a server's start-up that stamps a status is in no
// reconcile loop. Nor is a stamp off the reconcile loop (vet/internal/entry, as
// statusupdate reads it): in main or init, an HTTP handler, the Get or List of a
// client of the package's own (a test double that fills a status it answers with a
// time), or the Start of a manager
// Runnable that no watch event drives, or in unexported functions whose every call,
// up to three calls up, is in one: a message's or a request's stamp, not a pass's;
// and a start-up step, reached in a line that runs once from a Start the manager
// calls once, or from a manager.RunnableFunc's literal.
// A kind every controller of which in the package filters update
// events (see unfilteredfor for what counts; a watch without the builder,
// c.Watch(source.Kind(cache, &Foo{}, handler, predicates…)), filters when one of its
// predicates may filter or its handler is not EnqueueRequestForObject) is left alone: its status writes
// reconcile nothing again, and a timestamp there is a heartbeat, not a loop. So is a
// kind that no watch of the package is of, when the package builds controllers (a
// For, or a watch without the builder; a method named For, Owns, Watches or Watch
// handed the kind, of any builder, a project's own too, counts as its watch): the
// stamp (a migration the pass plans, stamped PlannedAt) wakes the kind's own
// controller, elsewhere, and no controller of the package that stamps it. So is a
// kind no controller of the package is its own (a child the owner stamps) whose
// watches as a child, an owner's Owns or another controller's Watches, all filter
// (Owns and EnqueueRequestForOwner enqueue the owner on every update, the child's
// status-only ones too, unless a predicate or the chain's WithEventFilter drops them). opgen
// vet, which sees every package it analyzes, also leaves it when every controller of
// the kind among those packages filters so (controllers built in a cmd package, the
// stamp written in a reconciler package), as it does for statusupdate.
//
// A local variable in the expression is followed to its value when it is assigned
// once (now := metav1.Now(); obj.Status.LastSync = &now), up to three variables deep;
// the finding then names it and stands where the variable is used. A field of such a
// variable whose value is a literal with keyed fields (common.StepIndex, common :=
// FooStatus{LastUpdate: now, StepIndex: 1}) is the value the literal gives that field,
// followed through nested literals: only the field that holds the time hands it on,
// and a field the literal leaves out is its zero value. A variable
// assigned more than once is not followed, nor is the start given to time.Since or
// time.Until, nor any call that gives a time.Duration (metav1.Now().Sub(start), the
// same duration spelled another way): a duration is not the current time. The arguments of a call are
// followed only where the call hands the time on: a conversion, append, and the
// functions and methods of time, metav1, fmt, strconv and k8s.io/utils/ptr
// (metav1.NewTime(t), t.UTC(), ptr.To(t)); what another function computes from the
// time (the targets found healthy at now) is no time.
//
// An assignment made only when something changed is not reported: under an if (or a
// switch case), in the function or one enclosing its literal, whose condition reads
// the very field assigned (if obj.Status.StartTime.IsZero(), == nil: set once),
// compares a status value with something that is no constant (if obj.Status.Phase !=
// oldPhase), or holds a diff as statusupdate counts one (not a deep comparison of
// values of two types, which finds a change every time); nor one after an earlier
// if on such a condition, in an enclosing block of the function, whose body returns,
// branches away or panics (if obj.Status.StartTime != nil { return }: set once);
// nor one in the body of an if that finds a status field empty (len(f) == 0, <= 0
// or < 1, f == nil, f == "", f.IsZero(); joined by || each, or by && one of them,
// as statusupdate's rule 3 reads it) and fills that
// field in a statement of the body not nested in another — assigns it something not
// empty, assigns a whole of it a literal that names it, or hands its address to a
// call that removes nothing —, whatever field the time goes to: the body runs once
// (if len(obj.Status.Conditions) == 0 { awake := metav1.Now(); obj.Status =
// FooStatus{Conditions: initial, LastAwakeTime: awake} }; if obj.Status.DrainStart ==
// nil { obj.Status.DrainStart = &now; obj.Status.LastWarning = &now }); nor one in
// the body of an if that finds a status field not empty (f != nil, f != "", len(f) >
// 0 or >= 1, !f.IsZero(); joined by && one of them, by || each) and empties it in a
// statement of the body not nested in another (assigns it nil, the zero constant or
// an empty literal): the body runs once for what the field held (if
// obj.Status.Active != nil && finished { obj.Status.Active = nil;
// obj.Status.LastCompletionTime = &now }).
// That is the fix this analyzer asks for. When the function that assigns says
// nothing of the kind, every call of it in the package (up to three calls up, and
// none handing it on as a value) may: a helper that stamps obj.Status.MissingSince,
// called only behind if obj.Status.MissingSince == nil, sets it once; one that
// rebuilds the whole status (obj.Status = FooStatus{State: Applied, Version: v,
// AppliedAt: &now}), reached only past an early return when the stored state and
// version already are those, stamps that change. Nor is one
// past a checked Create (if err := c.Create(ctx, run); err != nil { return err }, an
// earlier statement of an enclosing block, here or in every caller), or in the body
// of an if err == nil on such a Create or the else of an if err != nil on it, or of a
// remote create recorded on the way
// (id, err := api.CreateRun(…), id read before the stamp; statusupdate's rule 10
// says which calls count), or in the body of if apierrors.IsNotFound(err) that
// found a child absent and, before the stamp, created it with its error checked
// (any call named create…): a Create of a
// name succeeds once, and the stamp records it. Nor is one in a statement list that
// deletes (client.Writer's Delete, as a statement, assigned or in an if's init) an
// object whose fields the condition of an enclosing if, or the tag or a case of an
// enclosing switch, reads (switch pod.Status.Phase { case corev1.PodSucceeded:
// obj.Status.LastStoppedAt = &now; r.Delete(ctx, pod) }): the pass removes what it
// found, the branch does not run again for it, and the stamp records that. Nor is one
// behind a condition that reads the stored status of the same kind in a way these
// rules do not judge — a value
// that is no constant compared with a status field by <, <=, > or >= as well, the
// status handed to a call or read through a local variable, a function or method
// that reads it (if obj.Status.Attempts < n, if !due(obj)): statusupdate's rule 9,
// vet/internal/consult; as above, in every call of a function that says nothing (a
// stamp made in a sync helper called only behind if needsSync(obj), which compares
// the stored stamp with the clock: a resync gate, the stamp read back). A plain field tested against a constant is no such condition
// (if obj.Status.State == Running { obj.Status.LastHeartbeat = now }: renewed on
// every pass while the state holds).
//
// Nor is a time written at an event, in a statement list that also, unconditionally,
// moves the state with it — in a statement of its own, or in every branch of an if
// with an else or of a switch with a default (if valid { obj.Status.Phase = Completed
// } else { obj.Status.Phase = Failed }) — (or in a list around that one, when nothing from the stamp
// to the end of the lists it leaves returns or branches: switch { case done:
// obj.Status.LastSuccess = now; case failed: obj.Status.LastFailure = now };
// obj.Status.Running = false; two lists up): sets a status field of the same object to a constant that
// the path shows it did not hold — an enclosing if or case, or an earlier if whose
// body leaves, compares the field with another constant, or with several joined by
// || (== A || == B) or, in an early exit, by && (!= A && != B), or tests a bool field
// as it is (if !obj.Status.Running { … } else { …; Running = false }), or tests a
// local snapshot of the field taken before the pass changed it (was :=
// obj.Status.Connected; obj.Status.Connected = up; if up { if !was { stamp } }: a
// bool set from a value an enclosing if tests is that value there) (if obj.Status.State
// != Submitted { return }; … obj.Status.State = Failed; obj.Status.TerminationTime =
// now; the field read as it is or through a conversion: switch
// Phase(obj.Status.State) { case Queued: … }), in the function or, when it says nothing, in every call of it in the package
// (up to three calls up; a range loop's copy of a status element stands for that
// element: for i, c := range obj.Status.Conditions { if c.Status == True {
// obj.Status.Conditions[i].Status = False; ….LastTransitionTime = now } }) — or
// increments a status counter (Attempts++, Attempts =
// Attempts + 1: a submission attempt, stamped with its time). Such a time moves only
// with the state or the count, whatever its name; a field named Last… is no heartbeat
// by its name. A state set to the same constant on every pass is no transition, and
// its timestamp is reported; a counter incremented on every pass is itself a loop's
// seed, and is missed.
//
// Nor is a time in an entry appended to the very list it joins (obj.Status.Actions =
// append(obj.Status.Actions, Action{At: now, …})): the list grows with the entry, so
// the time never moves alone (a list that grows on every pass is a loop's seed of its
// own, and is missed). A list rebuilt from another or emptied first (append(kept, e),
// append(obj.Status.Actions[:0], e)) keeps its length: an entry stamped anew there on
// every pass moves only the time, and is reported.
//
// Nor is a field whose name marks a moment that happens once in an object's life —
// StartTime, StartedAt, CompletionTime, CompletedAt, FinishedAt, EndTime,
// CreationTimestamp, CreatedAt — which a controller sets when the phase that it
// names begins, along with that phase (if a controller stamps one on every pass, the
// finding is missed: the loop seed is the Last… kind, LastReconcileTime, LastSync).
//
// Nor is a field left out of the diff that gates the write: where the package calls
// a function that compares two values of the status type field by field and returns
// a bool (inconsistentStatus(old, new FooStatus) bool, in any loaded package: it
// carries the fields it reads to its callers as an analysis fact, Compares), a time
// written into a field of that type it does not read is written only along with
// another change. A comparison that uses either value whole (reflect.DeepEqual(old,
// new)) reads every field, the time among them, and exempts nothing.
//
// So is a time written in a function that gates its status write on a diff written
// out field by field between the object and a copy of it, none of whose tests reads
// the time's field, a field it lies in, or a field in it: if obj.Status.Units !=
// orig.Status.Units || obj.Status.Sync.Status != orig.Status.Sync.Status ||
// !equality.Semantic.DeepEqual(obj.Status.Names, orig.Status.Names) { return
// r.Status().Update(ctx, obj) }, or the same tests with == (and DeepEqual) joined by
// && in an if whose body leaves before the write. The time's field is the one
// assigned, down through the keys of the literal that holds the clock read
// (obj.Status.Sync = SyncStatus{LastTransitionTime: metav1.Now(), Status: s} stamps
// Sync.LastTransitionTime, which a test of Sync.Status does not read; a status
// rebuilt whole, obj.Status = FooStatus{Sync: SyncStatus{LastTransitionTime:
// metav1.Now()}}, stamps the same field). A test of
// the whole status (obj.Status != …, DeepEqual(obj.Status, orig.Status)) reads
// every field, and any test in the function that reads the time's field makes the
// time a difference: reported.
//
// A status value built in a local variable of the status type (not a pointer) and
// handed to a diff-gated writer (opgen's Reconcile<Kind> returns one; a
// +opguard:volatile field is left out of the diff) is not reported, and neither is
// meta.SetStatusCondition, which keeps a condition's lastTransitionTime unless its
// status changed. Function literals are not entered from outside: the clock read must
// be in the function that writes it into status.
//
// # Fix
//
// Drop the field: the API server already records when the object changed
// (managedFields, events, conditions' lastTransitionTime). If a timestamp must be
// kept, set it only when something else in status changed, and leave it out of the
// diff (+opguard:volatile).
package statustime
