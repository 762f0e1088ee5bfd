// Package writes defines Analyzer, which the analyzers that follow objects into other
// functions require: it finds, for every function, which of its parameters it writes
// to the API server, and carries that to the functions' callers in other packages as
// an analysis fact.
//
// A function writes the status of its parameter when it calls Update, Patch or Apply
// of a status writer (c.Status().Update(ctx, obj), c.SubResource("status").Patch(…))
// on it, calls the Patch of a patch helper that sends the status subresource with the
// object's other changes (cluster-api's util/patch.Helper, fluxcd's runtime/patch
// Helper and SerialPatcher: helper.Patch(ctx, obj); not one that can have changed
// only metadata since the helper was made, kubetypes.PatchesMetadataOnly), or hands
// it to a function that
// does. It updates its parameter as it came in
// when it calls Update or Status().Update on it (which send the object whole, with its
// resourceVersion), or hands it to a function that does, without reading it again
// first: a Get or List into the parameter in the same function means the function
// sends what it read itself, and cachedupdate judges that read where it is. An Update
// in a function literal that is called again on a conflict and reads the object again
// (kubetypes.InRetry: one given to k8s.io/client-go/util/retry, or to a wait poll that
// asks errors.IsConflict, with a Get or List into it or a getter's fresh result) is
// not counted: the retry
// answers the 409.
//
// The parameter is followed through variables assigned from it (o := obj, c :=
// obj.DeepCopy(), k := o.(*Kind)), for Update also through the elements of a slice
// parameter ranged over (for _, o := range objs { c.Update(ctx, &o) } updates objs,
// element by element; a status write of an element is not counted for the slice),
// and through any number of calls, in the package by
// a fixed point, across packages by the facts. An object held in a field of a struct
// parameter that is no API object (params.Object of a Params{Object, Client}) is
// followed the same way, as that parameter's field, to the calls that fill the field
// with a composite literal (or a variable assigned once from one).
//
// The fact also carries the custom resources whose status a function writes, or a
// function it reaches writes (its calls, the functions it takes as values, the
// methods of the types it builds a value of, which an interface may call, except a
// custom resource's: the interfaces an object is handed to never call a method of
// the API type that writes its status), in this
// package or in another: so the methods of a reconciler declared in one package tell
// a For() in another what the controller writes. It carries, too, the switches every
// write of a parameter needs (vet/internal/switches): a call that turns them off
// writes none of its arguments.
//
// Only function and method declarations carry facts; a function literal is part of
// the declaration that holds it. A function called through a seam — a package
// variable or a struct field that the package assigns only that function (var saveFn
// = save; r.updateStatusHandler = r.updateStatus), as tests need — is followed as a
// call of it; so is a table of phases, a local slice of known functions ranged over
// and each called (for _, step := range []stepFn{r.init, r.save} { step(ctx, obj) }:
// the call writes what any of them writes). A method called through an interface
// the package declares is followed as a call of the method of the package's one type
// that implements it, when only one does (a reconciler's ResourceManager field and the
// defaultResourceManager its package's constructor returns), across packages too: the
// interface's method carries that fact. A test double a mock generator wrote into
// the package (a struct holding gomock's *Controller, as mockgen's mocks do, or
// embedding testify's mock.Mock, as mockery's do) is no implementation: no operator
// wires one. Nor is an aggregate that has the interface's methods only by embedding
// it, or an interface that embeds it (type services struct{ CRD; Pods }, each field
// holding a kind's service, as a Services interface gathers them): it runs what its
// field holds. One called through an interface of two implementations or more (a
// hand-written fake beside the real one), an interface declared elsewhere, or another
// value, is not. The receiver is no
// parameter: an object held in a field of the receiver is not followed.
//
// The result, for the package analyzed, is every call whose callee writes one of its
// arguments (with what it writes) and the kinds whose status the package writes.
package writes
