package main

// A controller in a process of its own: the rollout's new operator process, and the
// kubebuilder peer all along. The process reports each request of its manager's client
// as one JSON line on stdout, and each wait in its client's rate limiter, and serves its
// controller-runtime metrics for the benchmark to sample; the benchmark reads both
// as it measures an in-process manager (readProcess, scrape). The guarded and naive
// operators run so when the benchmark starts this binary with operatorEnv set
// (operatorMain); the peer's main (peer/main.go.txt) speaks the same protocol.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"sync"
	"syscall"
	"time"

	"github.com/go-logr/logr"
	flowcontrolv1 "k8s.io/api/flowcontrol/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/util/flowcontrol"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
)

// operatorEnv carries an operator process's job (operatorJob, as JSON).
const operatorEnv = "OPGEN_STORM_OPERATOR"

// operatorJob is what an operator process runs: the controller as operatorSpec says,
// against Host as the token's ServiceAccount, its metrics on MetricsAddr.
type operatorJob struct {
	Spec        operatorSpec `json:"spec"`
	Host        string       `json:"host"`
	CAData      []byte       `json:"caData"`
	Token       string       `json:"token"`
	MetricsAddr string       `json:"metricsAddr"`
}

// line is one line of a controller process's report: a request, or a wait in the
// client's rate limiter (Wait set).
type line struct {
	At          int64  `json:"at"`
	Start       int64  `json:"start,omitempty"`
	Wait        *int64 `json:"wait,omitempty"`
	Method      string `json:"method,omitempty"`
	Path        string `json:"path,omitempty"`
	Query       string `json:"query,omitempty"`
	ContentType string `json:"contentType,omitempty"`
	Code        int    `json:"code,omitempty"`
	RetryAfter  string `json:"retryAfter,omitempty"`
	FlowSchema  string `json:"fs,omitempty"`
	Priority    string `json:"pl,omitempty"`
}

// lineWriter writes lines to stdout, one at a time.
type lineWriter struct {
	mu  sync.Mutex
	enc *json.Encoder
}

func (w *lineWriter) emit(l line) { w.emitAny(l) }

func (w *lineWriter) emitAny(v any) {
	w.mu.Lock()
	defer w.mu.Unlock()
	_ = w.enc.Encode(v)
}

// signalNotify delivers SIGTERM and SIGINT to c.
func signalNotify(c chan os.Signal) { signal.Notify(c, syscall.SIGTERM, syscall.SIGINT) }

// onInterrupt arms an exit for a process that started an API server: when SIGINT or
// SIGTERM arrives (Ctrl-C, a CI job's timeout, the parent's end) before the returned
// disarm is called, it runs cleanup, which stops kube-apiserver and etcd, and exits
// with status 1. Without it the signal's default action ends the process and leaves
// both running, holding their ports and temporary directories. The processes the
// run started itself (the controller, the tenant) die with it (dieWithParent).
//
// Once the signal is taken, disarm never returns: the run's own path, failing because
// the servers are going away (the tenant's connection refused), would otherwise end
// the process before the cleanup has said so, or has finished.
func onInterrupt(cleanup func()) (disarm func()) {
	// A parent gone first closes the pipe this process reports on: a write there must
	// fail, not end the process with SIGPIPE before cleanup has run.
	signal.Ignore(syscall.SIGPIPE)
	sigs := make(chan os.Signal, 1)
	signalNotify(sigs)
	done := make(chan struct{})
	var mu sync.Mutex
	fired, disarmed := false, false
	go func() {
		select {
		case s := <-sigs:
			mu.Lock()
			if disarmed {
				mu.Unlock()
				return
			}
			fired = true
			mu.Unlock()
			cleanup()
			fmt.Fprintf(os.Stderr, "storm: %v: the API server and etcd are stopped\n", s)
			os.Exit(1)
		case <-done:
		}
	}()
	return func() {
		signal.Stop(sigs)
		mu.Lock()
		disarmed = true
		f := fired
		mu.Unlock()
		close(done)
		if f {
			select {} // the handler stops the servers and exits the process
		}
	}
}

// startEnv starts env with SIGINT and SIGTERM held until the start is over (Ctrl-C
// as the test begins): taken at once, a signal would end the process with etcd
// running and kube-apiserver still coming up. A signal held so then stops what was
// started (stop) and exits with status 1, as onInterrupt, which startEnv arms for the
// rest of the run, does for one that comes later. The caller stops env when the start
// fails, and calls disarm before it stops env itself.
func startEnv(env *envtest.Environment, stop func()) (*rest.Config, func(), error) {
	early := make(chan os.Signal, 1)
	signalNotify(early)
	cfg, err := env.Start()
	disarm := onInterrupt(stop)
	signal.Stop(early)
	select {
	case s := <-early:
		stop()
		fmt.Fprintf(os.Stderr, "storm: %v: the API server and etcd are stopped\n", s)
		os.Exit(1)
	default:
	}
	if err != nil {
		disarm()
		return nil, nil, err
	}
	return cfg, disarm, nil
}

// dieWithParent has the kernel send sig to cmd's process when the process that
// started it ends, however it ends (a SIGKILL included): no operator or tenant
// outlives its run, no run outlives the benchmark.
func dieWithParent(cmd *exec.Cmd, sig syscall.Signal) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Pdeathsig = sig
}

func (w *lineWriter) wrap(rt http.RoundTripper) http.RoundTripper {
	return roundTripperFunc(func(req *http.Request) (*http.Response, error) {
		start := time.Now()
		l := line{Start: start.UnixNano(), Method: req.Method, Path: req.URL.Path, Query: req.URL.RawQuery, ContentType: req.Header.Get("Content-Type")}
		resp, err := rt.RoundTrip(req)
		l.At = time.Now().UnixNano()
		if resp != nil {
			l.Code = resp.StatusCode
			l.RetryAfter = resp.Header.Get("Retry-After")
			l.FlowSchema = resp.Header.Get(flowcontrolv1.ResponseHeaderMatchedFlowSchemaUID)
			l.Priority = resp.Header.Get(flowcontrolv1.ResponseHeaderMatchedPriorityLevelConfigurationUID)
		}
		w.emit(l)
		return resp, err
	})
}

// reportedLimiter reports each wait of a rate limiter.
type reportedLimiter struct {
	flowcontrol.RateLimiter
	report func(end time.Time, d time.Duration)
}

func (l reportedLimiter) Wait(ctx context.Context) error {
	start := time.Now()
	err := l.RateLimiter.Wait(ctx)
	end := time.Now()
	l.report(end, end.Sub(start))
	return err
}

func (l reportedLimiter) Accept() {
	start := time.Now()
	l.RateLimiter.Accept()
	end := time.Now()
	l.report(end, end.Sub(start))
}

// operatorMain runs an operator process until SIGTERM.
func operatorMain(jobJSON string) int {
	var job operatorJob
	if err := json.Unmarshal([]byte(jobJSON), &job); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	ctrl.SetLogger(logr.Discard())
	out := &lineWriter{enc: json.NewEncoder(os.Stdout)}
	cfg := &rest.Config{Host: job.Host, TLSClientConfig: rest.TLSClientConfig{CAData: job.CAData}, BearerToken: job.Token}
	cfg.WrapTransport = out.wrap
	scheme := runtime.NewScheme()
	if err := addToScheme(scheme); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	mgr, err := buildManager(job.Spec, cfg, scheme, job.MetricsAddr, func(end time.Time, d time.Duration) {
		n := d.Nanoseconds()
		out.emit(line{At: end.UnixNano(), Wait: &n})
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if err := mgr.Start(ctrl.SetupSignalHandler()); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// record adds a reported line to the probe: a request to its log, a wait to its
// limiter's.
func (pr *probe) record(l line) {
	at := time.Unix(0, l.At)
	if l.Wait != nil {
		pr.limiter.mu.Lock()
		pr.limiter.waits = append(pr.limiter.waits, wait{at: at, d: time.Duration(*l.Wait)})
		pr.limiter.mu.Unlock()
		return
	}
	req := &http.Request{Method: l.Method, URL: &url.URL{Path: l.Path, RawQuery: l.Query}, Header: http.Header{}}
	req.Header.Set("Content-Type", l.ContentType)
	r := request{at: at, start: time.Unix(0, l.Start), key: describe(req), path: l.Method + " " + l.Path + "?" + l.Query, code: l.Code}
	if l.Start == 0 {
		r.start = at
	}
	if s, err := strconv.Atoi(l.RetryAfter); err == nil {
		r.retryAfter = time.Duration(s) * time.Second
	}
	pr.reqs.mu.Lock()
	pr.reqs.log = append(pr.reqs.log, r)
	pr.reqs.mu.Unlock()
	pr.reqs.cls.add(l.FlowSchema, l.Priority)
}
