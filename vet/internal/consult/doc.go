// Package consult decides whether the path to a statement consults the stored status
// of the object it writes: whether a condition on the way (an enclosing if or switch
// case, or an earlier if whose body leaves, or whose body is only such an if, after
// definitions of locals that hand the call they make neither the object nor a status
// field's address: if c != nil { if c.Reason == r { return } }, if Phase == Pending {
// c := meta.FindStatusCondition(…); if c != nil && c.Message == m { return } }) reads
// that status. statusupdate and
// statustime take such a condition for a guard they cannot judge, and leave the write
// alone: they report what is sent, or stamped, on a path where nothing looked at the
// stored status at all.
//
// # Why a guard is granted, unproven
//
// Run on 81 operators nobody here wrote, most of the status writes the two analyzers
// got wrong were guards they could not prove complete: a state machine reached only
// from one case of a switch on the phase, a condition found with a reason and then
// cleaned, a helper's early exit on the very field it then sets, a counter compared
// with its stored value. Each new repository brings guards of its own shape. A
// finding is only worth its reader's time when it is right, so the rule is the other
// way round: a write is reported only when no condition on its path reads the stored
// status. A write that a condition on the status gates but does not fully guard (a
// heartbeat stamped on every pass while the phase is Running) is then missed; the
// corpus records such misses (vet/testdata/realworld.md).
//
// # What reads the status
//
// An expression reads the stored status of a kind when it holds
//
//   - a selector through the Status field of an object of that kind (obj.Status.Phase,
//     latest.Status.Conditions: any object of the kind, the one written or a copy of
//     it read again), or a variable pointing at the kind's status type;
//   - a local variable that was assigned from such an expression (phase :=
//     obj.Status.Phase; cond := meta.FindStatusCondition(obj.Status.Conditions, …);
//     for _, c := range obj.Status.Conditions), or was assigned under a condition
//     that reads it (changed := false; if obj.Status.Replicas != n { changed = true }),
//     followed three variables deep;
//   - a call handed an object of the kind, as receiver or argument, of a function that
//     reads the status of that parameter (obj.IsDeprecated(), r.isDue(obj)): in its
//     body, through a field selector, or by handing it on to another such function,
//     or that gives back (not a bool) a field of it, or a local some assignment of
//     which is one, or what that local points at (a getter: func lastRun(obj) Time {
//     t := obj.Status.LastRun; if t == nil { return Time{} }; return *t }, then if
//     sched.Next(lastRun(obj)).Before(now)).
//     A function of any loaded package carries this to its callers as the ReadsStatus
//     analysis fact.
//
// A status field tested against a constant, for emptiness or as a bool, or switched on
// with constant cases, read as it is or through a conversion (Phase(obj.Status.Phase)
// == Running), is the analyzers' own rule to judge and does not count for Consults.
// Gated counts it too, and so a function that reads its parameter's status only so
// (func (c *Cluster) IsRunning() bool { return c.Status.Phase == Running }; the
// fact's Any): statusupdate asks Gated by default, so that a write reached only in
// some states of the stored status is left alone unless its rules prove it a change,
// and Consults with its -gated flag.
//
// A function literal in a condition is not entered.
//
// # Where a condition counts
//
// Walking out from the statement to the function around it: the condition or init
// statement of an if whose then or else branch holds it, the tag or init of a switch
// and the expressions of the case clause that hold it, and an earlier if in an
// enclosing block whose body returns, branches away or panics (the early exit). A
// function literal stops the walk unless the caller says it runs in place (a conflict
// retry's literal is part of the function around it). Following the callers of a
// helper is the analyzers' own step (statusupdate's rule 4).
package consult
