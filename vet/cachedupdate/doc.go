// Package cachedupdate defines an analyzer that reports Update of a custom resource
// that was read from the informer cache: the seed of 409 Conflict storms.
//
// # Analyzer cachedupdate
//
// cachedupdate: report Update of a custom resource read from the informer cache
//
// # Incident
//
// The manager's client reads from an informer cache that lags the API server. Update
// and Status().Update send the whole object with its resourceVersion; when the cache
// is behind (always, right after the controller's own previous write) the server
// answers 409 Conflict ("the object has been modified"), the request is requeued with
// backoff, retries pile up, client-side throttling kicks in and the controller looks
// dead (reported: p99 reconcile 10 ms → 40 s, workqueue depth > 15,000). Re-fetching
// with Get before the Update, as kubebuilder's deploy-image plugin does, reads the
// same cache and does not help.
//
// # Rule
//
// Reported: a call of client.Writer's Update (c.Update, r.Update through an embedded
// client.Client) or of a status writer's Update (c.Status().Update,
// c.SubResource("status").Update) whose object is a custom resource (see
// kubetypes) held in a variable that the same function filled from the cache:
//
//   - the object argument of Get, or the list argument of List, called on a full
//     client (a value whose method set has Status) that is known to be the
//     manager's: the method's receiver (a reconciler that embeds client.Client), a
//     field (r.Client), mgr.GetClient(), a function without parameters that returns
//     one of these, in this package or another (func (b *Base) Client()
//     client.Client { return b.client }: r.Client().Get, the CachedClient fact), a
//     parameter unless every caller in the
//     package passes a client that is not (followed through up to six parameters
//     and variables; a call from an unexported function nothing in the package
//     refers to, a test's entry point, runs nowhere and does not count when other
//     calls do), or a variable holding one of those. The
//     client parameter of an exported function that nothing in its package calls (a
//     helper package's func Resize(ctx, c client.Client, key, n) error, which tests
//     call with client.New's client and controllers with the manager's) is the
//     callers': such a function is judged where it is called, in the callers'
//     package, by the client that call hands in — its Update of what it read is
//     reported at a call that hands it the manager's client (the SendsWhatItReads
//     fact), and what it returns of what it read is cached where such a call assigns
//     it (CachedResults with its Clients). A bare client.Reader such as mgr.GetAPIReader() reads from the API server and does not
//     count, nor does a client that client.New or client.NewWithWatch made (e2e
//     helpers and command-line tools build one; it has no cache), or that a
//     function returns whose every return is such a client, in this package or
//     another (func Client(p *Provider) (c client.Client, err error) { c, err =
//     client.New(cfg, opts); return }: the NewClient fact), or that a call through
//     an unexported package variable returns when every value the package gives
//     that variable names such a function (var getAdminClientFunc =
//     createAdminClient: a seam tests swap; a literal given to it is not known), or
//     through a struct field of a function type that the package gives one such
//     function only (c.buildClient = c.defaultBuildClient in a remote-client cache's
//     constructor), nor
//     a struct field
//     that the package declaring it fills only with such clients, or with another
//     such field (s.LocalClient = s.LocalNonCachedClient) (a constructor
//     that builds its own: return StatusUpdater{k8sClient}, k8sClient from
//     client.New; in another package, through the NewClientField fact; a field of
//     an exported struct may be filled elsewhere as well: the package that
//     declares it is taken to say what it holds), nor the receiver of a type that
//     embeds its client in such a field (type HubClient struct{ client.Client },
//     built only with client.New's: h.Get), nor a second client a struct takes
//     from its caller: a field the package fills only from parameters of the
//     functions that fill it, in a struct whose other client field the package
//     fills only with the manager's (NewReconciler(mgr, c) { return &R{client:
//     mgr.GetClient(), direct: c} }: r.direct.Get). A type that keeps the
//     manager's client for itself and takes one more from its caller keeps that
//     one to read past the cache; the caller, in a package that imports this one,
//     builds it (client.New), and no fact reaches back. Nor, when the run sees
//     every package of the program (opgen vet, with a package that makes the
//     manager among them), is a field the package fills only from client
//     parameters of its functions that every call in those packages hands a client
//     without a cache: client.New's, client.NewWithWatch's or a fake client, or what
//     a function of those packages returns when it returns only such clients (or
//     nil) — an unexported package variable every assignment of which in its
//     package gives one counts as one, a client memoized on first use (if c == nil
//     { c, err = newDirect() }; return c) —, or a parameter that is itself such a parameter, handed on, directly
//     or through a local variable every value of which is one (func NewK8S(cfg,
//     k8sClient) Manager { return &k8sManager{cli: k8sClient} }, called only by an
//     API server's packages with the client they build; WithCallers), or a client
//     field every value of which, given in a literal or assigned anywhere in those
//     packages, is such a client, such a parameter or such a field (a struct of
//     settings, Config{K8sClient: k8sClient}, whose client a constructor copies
//     into a field of its own: cfg.K8sClient). A parameter or a value some call or
//     literal hands the manager's client, or anything not known, keeps the field
//     the manager's. Nor is one held in a
//     variable that some other function returned (a factory's: not known);
//   - a variable assigned from one of those (x := list.Items[i], y := x.DeepCopy(),
//     for _, item := range list.Items), transitively, or given one's resourceVersion
//     (desired.ResourceVersion = current.ResourceVersion,
//     desired.SetResourceVersion(current.GetResourceVersion()): a hand-rolled
//     create-or-update that sends the cached resourceVersion on a fresh object);
//   - a variable assigned from a call of a getter: a function that returns an object
//     it read so itself (func (r *R) getCluster(ctx, req) (*Cluster, error) {
//     r.Get(…); return &c, nil }), or what another getter returns, in the package or,
//     through the CachedResults analysis fact, in any package analyzed before it; a
//     call through an interface a package declares with one implementation (as
//     vet/internal/writes counts them: r.svc.GetRedis(req), a service per kind
//     gathered in a Services interface) is a call of that implementation's method.
//     A function that also fills the variable it returns, or the out-parameter, from
//     the API server (a cache read, then if r.APIReader != nil { r.APIReader.Get(…,
//     &obj) }) is no getter: which read it hands back depends on the path, as for a
//     variable so filled within a function (below);
//   - the argument of a getter's out-parameter: a pointer parameter the function
//     fills from the cache (func (r *R) fetch(ctx, key, out *Cluster) error { return
//     r.Get(ctx, key, out) }, or one that hands it on to such a getter), carried the
//     same way (r.fetch(ctx, key, &c): c holds a cached object). A function that
//     reads into its parameter and then writes it, keeping the answer whenever it
//     returns nil (Refreshes: a conflict retry that reads, changes and updates),
//     hands back the server's object and is no such getter. A getter that is a
//     method called on a struct literal (or a local variable assigned only one)
//     whose client fields are given only clients without a cache reads through
//     those ((&R{Client: direct}).fetch(ctx, key, &c), direct client.New's, in a
//     command's run): c is no cached object;
//   - an accessor of a wrapper struct that holds the object (w.Unwrap(), a method
//     without arguments of a type with a field of the kind it returns, type Cluster
//     struct{ *api.Cluster }) stands for the wrapper's variable: a Get into
//     w.Unwrap() fills w, an Update of w.Unwrap() sends it;
//   - a struct field of a custom resource's type that a function of the package fills
//     from the cache (a Get into s.cluster, or s.cluster = a cached object), sent by
//     another function (a scope or wrapper read by one method and written by
//     another), unless that function gives the field a value or reads into it itself;
//     and one that a literal gives a cached object (&statusReconciler{resource: c}),
//     directly or through a constructor of the package that puts a parameter in it
//     (NewStatusReconciler(b, c)), sent by a method of that struct through its
//     receiver (s.Client().Status().Update(ctx, s.resource)): a helper built for one
//     pass around what the pass read.
//
// A call of controllerutil.CreateOrUpdate (or its alias ctrl.CreateOrUpdate) of a
// custom resource, through a client known to be the manager's as above and outside a
// conflict retry's literal, is a read and an Update in one: it Gets the object
// through that client and, when the mutate function changed it, sends it whole
// (CreateOrPatch sends a patch and is not reported). So is a call of a project's
// wrapper of it, in this package or another: a function that hands two of its
// parameters, as they are, to controllerutil.CreateOrUpdate as client and object,
// the object's parameter of an interface type (func CreateOrUpdate(ctx, c
// client.Client, obj client.Object, f MutateFn) { …; return
// controllerutil.CreateOrUpdate(ctx, c, obj, wrapped) }; the CreatesOrUpdates
// fact), judged by the client and the object each call hands in. So is a "fetch the
// latest, then update" helper of any kind: a function that reads, through a client
// parameter, into its object parameter of an interface type (client.Object), or into
// a local variable every value of which is a deep copy of it (latest :=
// obj.DeepCopyObject().(client.Object)), and then sends that variable with the same
// client's Update or Status().Update, outside a retry that reads it again (a read
// before retry.RetryOnConflict, the Update inside it, resends the one read on every
// attempt); when it sends only the status, a kind without a status subresource is
// not reported (404, not 409).
//
// A call that hands such an object to a function that Updates it as it came in is
// reported the same way, at the call: a finalizer helper, an updateStatus(ctx, obj)
// of the same package, common.UpdateStatus(ctx, c, obj) of another, or a helper
// handed the object in a field of a struct (helper(ctx, Params{Object: obj}), or a
// variable assigned once from such a literal) that Updates params.Object; the
// function is followed through any number of calls and packages (vet/internal/writes
// carries it as an analysis fact), and through a package variable or a struct field
// that holds it (var updateFn = update; r.updateStatusHandler = r.updateStatus: seams
// for tests). So is a call that hands the items of a cached List (list.Items) to a
// function that ranges over a slice parameter and Updates each element as it came
// in (for _, o := range items { …; c.Update(ctx, &o) }): each element carries the
// cached resourceVersion. So is a call of a reconciler's table of phases, each
// handed the object (steps := []stepFn{r.init, r.setFinalizer, r.updateStatus};
// for _, step := range steps { step(ctx, obj) }), when one of the table's functions
// Updates it as it came in: the table is a local slice every value of which, in the
// function, is a literal of known functions (one per branch, or the literal ranged
// over itself); a table appended to, with an element replaced, or given a value from
// elsewhere is not known, and its calls are not judged. A call that switches the
// Update off — the path to
// it needs a bool parameter, or a bool field of a struct parameter, to be true (if
// params.ApplyChanges { Update }) and the call hands in false, or a literal that
// leaves the field out, or needs a parameter to differ from a constant (if policy ==
// FinalizeAnyway { return }, in a case clause too) and the call hands in that
// constant (see vet/internal/switches) — sends nothing, and is not
// reported. A function that reads the object again before its Update is
// not followed: it sends what it read itself, judged as such a helper is, by the
// client the call hands in.
//
// The function is the declaration that holds the call, function literals in it
// included, except a function literal given to k8s.io/client-go/util/retry
// (RetryOnConflict, OnError) — directly, or through a function of a loaded package
// that hands its func parameter on to one (func retryOnConflict(fn func() error)
// error { return retry.OnError(retry.DefaultRetry, isConflict, fn) }), or calls it in
// a literal of wait's that asks errors.IsConflict (wait.ExponentialBackoff(b,
// func() (bool, error) { err := fn(); if IsConflict(err) { return false, nil } … }))
// or asks a func(error) bool parameter of the wrapper, when the call hands it
// errors.IsConflict (retryOnError(b, fn, apierrors.IsConflict), or a wrapper of that);
// a literal held in a variable that the function uses once more, as that argument
// (update := func() error { … }; retry.RetryOnConflict(b, update)), counts as given
// — or to a
// polling function of
// k8s.io/apimachinery/pkg/util/wait whose body asks errors.IsConflict, or to a test
// library's poll that calls it until an attempt succeeds (testify's
// require.Eventually, gomega's Eventually), or to a retry library's function that
// calls it again on any error (avast/retry-go's Do, cenkalti/backoff's Retry,
// sethvargo/go-retry's Do), when an attempt fails on an error (return
// err == nil, return r.Update(…), g.Expect(…) through the poll's Gomega), that reads
// the object again (a Get or List into it, a call of a function whose top-level
// statements read into the pointer it is handed — return r.Get(ctx, key, obj) —, or
// a value the function gives it anew on each
// run: a getter's result, current, err := r.getX(ctx, key), or a deep copy of such a
// value, next := current.DeepCopy()): the retry answers the 409 by reading again. A
// retry whose function sends the object it was given, or a copy of it, without
// reading it, resends the same stale resourceVersion on every attempt, and is
// reported like any other Update. A polling function of the wait package whose
// literal, after the write, reads the object again and can end an attempt not done
// and without an error (return false, nil) is a retry too, whatever it asks of the
// error: the next attempt sends what it read (a health monitor's poll: if err :=
// r.update(ctx, obj); err == nil { return true, nil }; if err := r.Get(ctx, key,
// obj); err != nil { return false, err }; return false, nil). So is one whose
// literal reads the object afresh on each attempt (a Get into a variable of its own)
// and ends the attempt not done and without an error when the write failed (fresh :=
// &Foo{}; r.Get(ctx, key, fresh); …; err = r.Status().Update(ctx, fresh); if err ==
// nil { return true, nil }; return false, nil, or if err := …; err != nil { return
// false, nil }): the poll tries again, on a 409 as on any error, with a new read. A
// read before the poll (wait until ready, then write) or an attempt that ends with the write's error
// is no such retry. A retry written by hand as a loop counts the same:
// a for or range loop around the write whose body asks errors.IsConflict, or ends
// the loop (a return, a break) when the write succeeded and so goes round again on
// any error (if err := r.Status().Update(ctx, &fresh); err == nil { return }, or if
// err != nil { … } else { break }; not a continue, which goes on to the next
// object), or, a for loop (not a range, nor a loop that indexes with a variable its
// init declares: for i := 0; i < len(keys); i++ { … keys[i] … }), goes round again
// with a continue when the write failed (if err = r.Status().Update(ctx, obj); err
// != nil { time.Sleep(d); continue }: until a deadline, or until the read at the top
// shows the status it wants), or the statements from a label before
// the write to the end of its block, when they hold a goto back to it and ask
// errors.IsConflict (Retry: latest := Foo{}; Get(…, &latest); …; if err := write;
// IsConflict(err) { goto Retry }), and reads the object again (latest := &Foo{}; r.Get(ctx, key, latest); write latest), or
// puts such a read into the object it writes (*obj = latest, latest.DeepCopyInto(obj)),
// or gives it the resourceVersion of a variable it reads again (obj.ResourceVersion =
// latest.ResourceVersion; write obj; if IsConflict(err) { continue }); a retry's
// literal may do the same (existing read in it, desired.ResourceVersion =
// existing.ResourceVersion; Update(desired)), under other names too: a variable the
// function defines once from the object, as it is or through a type assertion, is
// that object (meta := obj; freshObj, ok := fresh.(metav1.Object);
// meta.SetResourceVersion(freshObj.GetResourceVersion())). So does a second try by
// hand, once, without a loop: a write reached only when an earlier write failed with
// a conflict (in the body of if errors.IsConflict(err), or past if
// !errors.IsConflict(err) { return … }) of an object read again after that test
// (fresh := &Foo{}; r.Get(ctx, key, fresh); write fresh). The first try is
// reported as any other; an object read before the conflict was seen, or the first
// one sent again, is not fresher.
// A function that reads its object itself (a Get into a variable of its own) and is
// called only inside such retries' literals (retry.RetryOnConflict(b, func() error {
// return u.updateConditions(ctx, cr) })), or only in loops that go round again
// (an if on the result that ends in continue) while a bool result it gives as
// errors.IsConflict of an error says so (retry, err := p.updateStatus(ctx); if retry
// { time.Sleep(d); continue }; break, updateStatus returning
// apierrors.IsConflict(err), err when its write fails), or only in for loops (not
// range loops, which go on to the next element) that ask errors.IsConflict of the
// error it gives (for i := 0; i < 5; i++ { err = r.tryApply(ctx, key); if err == nil
// { return nil }; if !apierrors.IsConflict(err) { return err } }), runs again, and
// reads again, on each attempt: its Update is not reported.
// Order within the function is not considered, with one exception: an Update of an
// object that, on every path to it, a write the server answered has just filled
// (Update, Patch or Create, or a status Update or Patch, of the same variable, its
// error checked with a return — or with an if and else that both return, if
// IsConflict(err) { return requeue } else { return err }: vet/internal/syntax
// reads a statement list's end as the Go specification's terminating statements —,
// or the Update inside the branch where that error is
// nil: the body of if err := W; err == nil, or the else of if err := W; err != nil,
// the first status of an object just created) with no Get, List or assignment of
// the variable since (a read in the statement that opens the if or switch the
// Update is in counts: if err := r.Get(ctx, key, obj); err == nil { Update(obj) }
// sends the cache's copy again), sends the
// resourceVersion the server has just returned, not the cache's, and is not reported
// (r.Update(ctx, obj), then r.Status().Update(ctx, obj)); nor is a call that hands
// such an object to a function that Updates it (r.Status().Update(ctx, obj) checked,
// then resources.UpdateCondition(ctx, r.Client, obj, …)); nor is an Update at the
// top of a function of the package that no other package can call (its name
// unexported, no interface of the package naming it, every use of it a call) when
// the object is its receiver's or a parameter's and every call hands in one so
// filled, followed up to three calls up (a reconciler that keeps the object of the
// pass in a field, r.obj, writes its status with the error checked and then calls
// r.monitor(), which updates r.obj again; a statement that gives the field another
// object, r.obj = other, or reads into it, is a read again). That write may be made
// by a function literal held in a variable of the function and called with its error
// checked (saveStatus := func() error { …; if err := r.Status().Patch(ctx, obj, …);
// err != nil { return err }; … }), or a function of this or another package that
// writes an object handed to it, a pointer or an interface it never reassigns, and
// returns that write's error (func (r *R) markReady(ctx, obj *Kind) error { …;
// return r.Status().Update(ctx, obj) }, or err = r.Update(ctx, obj); return err, or
// return retry.RetryOnConflict(b, func() error { Get(obj); …; return Update(obj) }),
// or a retry by hand that returns nil only right after a write of it succeeded and a
// new error (fmt.Errorf, errors.New) or a failed error everywhere else: for attempt
// := 0; attempt < 3; attempt++ { Get(obj); …; err = r.Status().Update(ctx, obj); if
// err == nil { return nil }; if IsConflict(err) { continue }; return fmt.Errorf(…) };
// return fmt.Errorf(…)), or whose every return fails or hands back what such a
// write answered (return ctrl.Result{}, r.Status().Update(ctx, obj); return
// v.handleInvalid(ctx, obj); if res, err := v.check(ctx, obj); err != nil ||
// res.RequeueAfter > 0 { return res, err }: a validator whose every outcome a
// handler writes), called with its error checked (err != nil, alone or joined by ||
// with other tests that leave: past if res, err := v.validate(ctx, obj); err != nil
// || res.RequeueAfter > 0 { return res, err } the error was nil): when nothing
// in the literal or function returns before that write but with an error (if err
// != nil { return err }, fmt.Errorf, errors.New, reconcile.TerminalError, a struct
// literal of an error type or its address, a sentinel (a package-level variable of
// type error named Err… or err…, as Go names them), or a call of a function of any loaded
// package whose every return is such a new error: func permanent(err error) error {
// return &nonRetryable{err} }, the Fails fact; client.IgnoreNotFound(err) may be
// nil), and nothing after it reads the object again.
// So does an if with a final else (a chain of else ifs) each branch of which leaves
// or writes the object in a statement of its own, nothing after it in the branch
// reading it again or assigning it (if healthy { r.setPhase(ctx, obj, Ready) } else
// { r.setPhase(ctx, obj, Deploying) }; then r.Status().Update(ctx, obj)).
// So does a call of a function of the package, handed the object, whose error the
// path checks with an if that leaves (if err, keep := r.deleteExternal(ctx, obj);
// err != nil { return … }, or the assignment and then that if) and whose bool
// result the path then tests (if keep { … } else { …; the write }, or past if keep {
// return … }, or err != nil || keep in the check itself), when the function gives
// that result as a constant at each of its returns but those where it has written
// the object, a write checked as above (a delete the backend refuses keeps the
// finalizer and says why in the status: the only way out with keep false and no
// error follows that status write). A return of a non-nil error (a new error, a
// failed error variable, or a sentinel: a package-level error variable named Err…)
// the check has sent away; a bare return of named results, a call of another
// package's function, or a result given another value after the call is not
// followed.
// A write whose answer the path does not look at counts as well (r.Status().Update(
// ctx, obj) as a statement, _ = r.Update(ctx, obj), a write whose error only a branch
// that goes on looks at — if err := r.Update(ctx, obj); err != nil { log.Error(err,
// …) }, or err := W and then such an if, the branch neither leaving nor reading the
// object again —, or a call of a function without results that writes the object on
// every path: func (r *R) setPhase(ctx, obj *Kind, p string) { obj.Status.Phase = p;
// r.Status().Update(ctx, obj) }): when it succeeded
// the object holds the server's version; when it failed, that write sent the stale
// version and is the one reported, and the writes after it, which send the same
// version again, are not reported once more.
// The filling write may stand in an earlier if on the same condition as the one the
// Update is in (if live(obj) { …; if err := r.Status().Update(ctx, obj); err != nil
// { return err }; … } … if live(obj) { …; r.Status().Update(ctx, obj) }): the later
// body runs only when the earlier one ran, and that one left the function or went
// past its checked write. Neither if has an init statement; nothing between them, nor
// in the earlier body after its write, assigns a variable the condition reads (or a
// field of one: of its status only when the condition names a status), adds or
// removes a finalizer, or reads the object again; and nothing
// in the earlier body before the write can skip the rest of it (a break, continue or
// goto of its own).
// A variable the function also fills from the API server (a Get or List through a
// bare client.Reader into it, or assigned or ranged from such a variable: the first
// read from mgr.GetAPIReader(), the cache read only to answer a conflict) is not
// reported: which read its Update sends depends on
// the path, and order is not followed. Nor is an Update inside the body of an if on
// the error of the read that fills the object (if err := r.Get(ctx, key, obj);
// apierrors.IsNotFound(err) { …; Update(obj) }, or err != nil, the error assigned in
// the if or in the statement before it), or of the getter it is assigned from with
// that error (obj, err := r.getCluster(ctx, key); if err != nil { …; Update(obj) }):
// the read failed, and the object holds nothing the cache gave. Nor is an Update in
// the body of an if that repeats the test of an earlier if of the same statement
// list whose body leaves the function, nothing between changing what the test reads
// (if err != nil { return … }; if err != nil { Update(obj) }): the body never runs
// (see statusupdate). Nor is a status Update of a kind without a status
// subresource (vet/internal/subresource: its module's CustomResourceDefinition
// manifests give it none, or, where none declares it, its declaration, loaded from
// source, has no +kubebuilder:subresource:status), nor a call that hands such an
// object to a function that sends it only with Status().Update (the Object list of
// vet/internal/writes' fact holds those it sends with an Update of the object): it
// fails with 404 before any resourceVersion is compared. Built-in kinds are not
// reported.
//
// opgen vet, run over packages some of which hold a controller (a For call, or a
// Reconcile method), reports only in those, in the packages that make a manager
// (manager.New, ctrl.NewManager: the operator's main, which hands the manager's client
// to its webhooks and runnables), and in the packages they import, directly or not: a
// package none of them imports (a command-line tool, an e2e suite, its test
// framework) runs no reconcile loop, and its client is the one the tool built, not
// the manager's. A kind the manager leaves out of its cache
// (client.CacheOptions' DisableFor, a literal, a local variable every value of which
// is one, or a function of a package analyzed that returns one, or manager.Options'
// ClientDisableCacheFor before
// controller-runtime 0.15, in any package analyzed) is read from the API server: its
// Updates are not reported either. Nor is any kind when every manager.Options of the
// packages analyzed has a NewClient that builds the client without the cache
// (options.Cache = nil; return client.New(config, options), or client.New with a
// client.Options literal that sets no Cache, or any client.New of a controller-runtime
// before 0.15, whose client.Options has no Cache; the function given by name, or a
// literal held in a local variable assigned once): the manager's client then reads
// everything from the API server. Run over packages none of which holds one (a library of helpers
// alone), it reports in all of them; so does the analyzer run package by package
// (golangci-lint), which cannot see who imports a package.
//
// # Fix
//
// Send only what changed and no resourceVersion: a patch (client.MergeFrom(base)) or
// Server-Side Apply (c.Apply, c.Status().Apply with a field owner).
package cachedupdate
