// Command storm reproduces the incidents that drive hand-written operators into a 409
// Conflict storm and an update–watch–update loop, on a real kube-apiserver and etcd,
// and measures the operator opgen generates against naive ones under the same load.
//
//	go run ./bench/storm [-scenario noise,conflict,...] [-controller guarded,naive,naive-patch,kubebuilder]
//	                     [-objects 100] [-writers 4] [-interval 200ms] [-load 12s] [-quiet 10s]
//	                     [-workers 2] [-seed 1] [-json FILE] [-svg FILE]
//	                     [-managed-fields trimmed,full,stripped] [-kube-api-qps Q -kube-api-burst B]
//	                     [-guarded-workers N] [-kube-api-inflight N] [-guarded-hold F] [-apf generated|none|tight]
//	                     [-idle 60s] [-create before|during] [-phases-svg FILE] [-dashboard FILE.svg]
//	go run ./bench/storm -from FILE.json -svg FILE.svg   # redraw an earlier run
//	go run ./bench/storm -faults all [-objects 100] [-load 20s] [-quiet 10s] [-json FILE]
//	go run ./bench/storm -shape deployments [-objects 100] [-writers 4] [-interval 200ms] [-load 12s] [-json FILE]
//
// -shape deployments runs a controller of a kind the benchmark does not define
// (deployments.go): the guarded one opgen generates for annotated Deployments
// (guarded/deployment_controller.go, each opted-in Deployment given a ConfigMap) beside
// a hand-written one of the same logic (For without predicates, Owns, CreateOrUpdate),
// both at once over the same Deployments: the first sync, a noise window (-load) of
// Deployment status, unread annotation and label writes, then the opt-in annotation
// changed once on each opted-in Deployment; reconciles and writes per window.
//
// -faults runs the faults of faults.go instead (restart, leader, intruder, deletion):
// each a fault during a steady outside load on a fresh API server, judged by the same
// rules; docs/storm.md#faults has the table.
//
// Controllers, for the same kind (package api/v1):
//
//   - guarded: the operator `opgen generate` writes for api/v1 (package guarded; checked
//     to be exactly opgen's output before every run), with its generated client policy
//     (no rate limit, its requests in flight bounded by DefaultKubeAPIInFlight, and
//     DefaultMaxConcurrentReconciles workers, or -kube-api-qps/-kube-api-burst/
//     -kube-api-inflight/-guarded-workers) and its generated cache options
//     (managedFields trimmed to its own entries, a digest on owned kinds); -managed-fields runs it once per cache
//     policy: trimmed, full (controller-runtime's default) or stripped
//     (cache.TransformStripManagedFields);
//   - naive: Get from the cache, Phase and LastReconcileTime = metav1.Now(),
//     Status().Update() on every reconcile, errors returned for requeue, For() without
//     predicates, client-side throttling off (controller-runtime's default);
//   - naive-patch: naive with Status().Patch(MergeFrom), the partial fix;
//   - kubebuilder: the peer, kubebuilder v4.16.0's deploy-image Memcached controller as
//     scaffolded (peer.go: installed through the module proxy, scaffolded and built at
//     benchmark time in os.UserCacheDir()/opgen-peer/v4.16.0, cached there), run in a
//     process of its own built from the scaffolded module with controller-runtime's
//     default client (no limit); the load acts on its Memcached kind.
//
// Scenarios, each a load window of outside writers, 2 seconds in which the events of the
// last outside writes are delivered and handled, then a quiet window:
//
//   - noise: writers change only unwatched labels, annotations and a status condition
//     they own (Server-Side Apply as another field manager): nothing needs a write;
//   - conflict: 5 hot objects, MaxConcurrentReconciles 10, 8 writers every 100 ms
//     changing spec and their status condition;
//   - throttled: the mixed load with client-side throttling at QPS 20, burst 30;
//   - legacy-queue: the mixed load with controller-runtime's pre-v0.23 queue
//     (UsePriorityQueue=false);
//   - mixed: spec, label, annotation and foreign-status changes in equal parts.
//
// Every (scenario, controller) runs in a process of its own, against a fresh API server
// (binaries from hack/envtest.sh), and reports, per window: the controller's requests by
// verb and resource (a wrapping transport) with apiserver_request_total as a cross-check,
// 409s, reconciles and their p50/p99 duration, the peak workqueue depth, time spent
// waiting in the client's rate limiter, spec changes, status writes, and effective
// writes (those that changed the stored status, counted by a separate watch); and at the
// end whether every object converged (observedGeneration == generation); for the
// guarded operator, its guards' metrics (opguard_*) scraped over HTTP from
// controller-runtime's registry at the end, beside the same applies in its request log
// (scrape.go; they must agree); with -dashboard, the same endpoint scraped every
// second from the first creation to the end of the quiet window, and each panel of the
// generated Grafana dashboard (generator/monitoring's Panels) evaluated on those series
// by Prometheus' query engine and drawn as one SVG (dashboard.go; the series are kept
// in -json, so -from redraws it; without the flag nothing is recorded); and, per run,
// the time until the created objects first converged, writes per object, and memory:
// the process's peak RSS (VmHWM of /proc/self/status at the end: the manager with its
// caches, and the benchmark's own clients and watches, the same for every run; the API
// server and etcd are processes of their own), the Go heap's peak (sampled every
// 100 ms) and its live size after a collection at the end of the quiet window.
//
// The server's side: each controller runs in a process of its own as a ServiceAccount
// of its own (a TokenRequest token): the guarded operator as the subject of its
// generated FlowSchema, on its generated priority level (config/apf, applied unless
// -apf none; -apf tight cuts the level to 3 seats that reject, for 429s on purpose),
// the others on the default service-accounts schema. Every response's FlowSchema and
// priority level are counted (classification), 429s per window and those retried
// before their Retry-After (earlyRetries). A tenant, this binary in a process and
// identity of its own, sends a GET or a merge PATCH of a Secret every 25 ms from -idle
// before the controller starts to the end: its p50/p99 idle (tenantIdleP99ms) and in
// each window (tenantP99ms). By default (-create before) the benchmark creates the
// objects after the idle window and before the controller starts: the creation is a
// control (the benchmark's own load, nothing else writing) and the setup is the first
// sync alone, from the controller's start (an operator installed over existing
// objects); -create during creates them one after another while the controller runs,
// and the setup is split at the last creation (creation, afterCreation). After the
// quiet window the controller's process is stopped and a
// new one started over the converged objects (rollout: its writes, and the seconds
// until its queue stayed empty for 2 s, rolloutDrainedSeconds). CPU seconds of each
// process are sampled per window. -phases-svg draws each run's writes per second and
// the tenant's p99 through creation, first sync, load, quiet and rollout. -json is
// rewritten after every run.
//
// OPGEN_STORM_HEAP_PROFILE=DIR is a diagnostic: each run samples the heap profile once
// per 8 KiB allocated, writes it to DIR/peak-live.pb.gz whenever the live heap sampled
// reaches a new peak (1 MiB past the last one written) and to DIR/end-live.pb.gz after
// the collection at the end, and keeps the run's stderr in DIR/child.log (with
// GODEBUG=gctrace=1, the collector's trace). Run one mode per DIR.
package main
