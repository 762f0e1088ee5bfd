// Package entry tells code that runs on a reconcile path from code that runs outside
// it: the update–watch–update loop needs a watch event to drive the write, and some
// entry points of a controller's package are driven by something else.
//
// Loopless names those entry points: main and init; an HTTP handler (a ServeHTTP
// method, or a function that takes an http.ResponseWriter and an *http.Request), run
// once per request; the Get or List method of a type of the package that is a client
// of its own (controller-runtime client.Reader's signatures: a test double kept in a
// file beside the code, a wrapper), whose filling of the object it is handed is a
// read's answer; and the Start(context.Context) error of a manager Runnable whose
// type has no Reconcile method and that neither holds nor uses an informer, a work
// queue, or controller-runtime's cache, source, handler or controller packages (a
// router of a message bus's or a timer's events). A Runnable that works off a work
// queue or an informer is a controller of its own: its Start is no such entry point.
// Yet the manager calls a Runnable's Start once: what it, or a function literal the
// manager runs as a manager.RunnableFunc, reaches in a line that runs once (no loop
// that may not end: a for but a counted one, a range over a channel or an iterator;
// no function literal but one called in place, by go or defer, or by a Go method of
// errgroup.Group or sync.WaitGroup) is a start-up step, whatever the type holds: a
// migration of the objects that exist before it starts its controller. A Start the
// package calls itself is its caller's to judge.
//
// OffLoop says a node runs only outside the loop: in such an entry point, or in an
// unexported function every call of which, followed through the package's calls up
// to a depth, is (a call back into a function already followed adds no way in); a
// function literal counts as the function that makes it. An
// exported function may be called by another package's reconciler and is on the
// loop, and so is one handed on as a value.
//
// Calls is the index of the package's calls of its own functions that OffLoop
// follows; analyzers that follow a function's callers for other reasons (what every
// caller did before the call) use the same index.
package entry
