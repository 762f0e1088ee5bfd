package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"sync"
	"syscall"
	"time"

	corev1 "k8s.io/api/core/v1"
	flowcontrolv1 "k8s.io/api/flowcontrol/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
)

// The tenant is another client of the same API server, as a cluster has many: its own
// ServiceAccount (tenantAccount), a steady stream of reads and writes on a resource the
// controllers do not watch (Secrets in its own namespace), one request every
// tenantInterval, alternately a GET and a merge PATCH of one of tenantSecrets Secrets.
// Each request starts on schedule in a goroutine of its own, whether or not the last
// one has been answered (an open loop: a slow server does not slow the stream down and
// hide its own slowness), and its latency is recorded by start time. It runs in a
// process of its own (this binary with tenantEnv), as another pod would: its requests
// do not wait for the controller's goroutines in the benchmark's process, only for the
// machine and the server. It reports each request as a JSON line on stdout.
const (
	tenantInterval = 25 * time.Millisecond
	tenantSecrets  = 8
	// tenantEnv carries the tenant process's job: {"host","caData","token"}.
	tenantEnv = "OPGEN_STORM_TENANT"
)

// tenantLine is a tenant process's report of one request.
type tenantLine struct {
	Start int64 `json:"start"`
	D     int64 `json:"d"`
	Write bool  `json:"write,omitempty"`
	Err   bool  `json:"err,omitempty"`
	// FlowSchema and Priority are the API server's classification (UIDs).
	FlowSchema string `json:"fs,omitempty"`
	Priority   string `json:"pl,omitempty"`
	// Ready marks the line written once the Secrets exist and the stream starts.
	Ready bool `json:"ready,omitempty"`
}

// tenantMain runs the tenant's stream until SIGTERM.
func tenantMain(jobJSON string) int {
	var job operatorJob
	if err := json.Unmarshal([]byte(jobJSON), &job); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	out := &lineWriter{enc: json.NewEncoder(os.Stdout)}
	var mu sync.Mutex
	fs, pl := "", ""
	cfg := &rest.Config{Host: job.Host, TLSClientConfig: rest.TLSClientConfig{CAData: job.CAData}, BearerToken: job.Token, QPS: -1}
	cfg.WrapTransport = func(rt http.RoundTripper) http.RoundTripper {
		return roundTripperFunc(func(req *http.Request) (*http.Response, error) {
			resp, err := rt.RoundTrip(req)
			if resp != nil {
				mu.Lock()
				fs, pl = resp.Header.Get(flowcontrolv1.ResponseHeaderMatchedFlowSchemaUID), resp.Header.Get(flowcontrolv1.ResponseHeaderMatchedPriorityLevelConfigurationUID)
				mu.Unlock()
			}
			return resp, err
		})
	}
	c, err := kubernetes.NewForConfig(cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	secrets := c.CoreV1().Secrets(tenantAccount.Namespace)
	for i := 0; i < tenantSecrets; i++ {
		s := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("s%d", i)}, Data: map[string][]byte{"n": []byte("0")}}
		if _, err := secrets.Create(ctx, s, metav1.CreateOptions{}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}
	out.emitAny(tenantLine{Ready: true})
	sigs := make(chan os.Signal, 1)
	signalNotify(sigs)
	tick := time.NewTicker(tenantInterval)
	defer tick.Stop()
	var wg sync.WaitGroup
	for i := 0; ; i++ {
		select {
		case <-sigs:
			stop()
			wg.Wait()
			return 0
		case <-tick.C:
		}
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			name := fmt.Sprintf("s%d", (i/2)%tenantSecrets)
			write := i%2 == 1
			start := time.Now()
			var err error
			if write {
				_, err = secrets.Patch(ctx, name, types.MergePatchType, tenantPatch(i), metav1.PatchOptions{})
			} else {
				_, err = secrets.Get(ctx, name, metav1.GetOptions{})
			}
			d := time.Since(start)
			if ctx.Err() != nil {
				return // cut off by the end of the run: not a measurement
			}
			mu.Lock()
			l := tenantLine{Start: start.UnixNano(), D: d.Nanoseconds(), Write: write, Err: err != nil, FlowSchema: fs, Priority: pl}
			mu.Unlock()
			out.emitAny(l)
		}(i)
	}
}

// tenantPatch is the tenant's i-th write: a merge patch that changes its Secret's data.
// A Secret's data values are base64: a bare number is refused with a 400 before it
// reaches etcd, and a stream of such refusals (every write below i = 1000, whose
// decimal is no valid base64) measures a cheap rejection, not a write.
func tenantPatch(i int) []byte {
	return []byte(fmt.Sprintf(`{"data":{"n":%q}}`, base64.StdEncoding.EncodeToString([]byte(strconv.Itoa(i)))))
}

// tenant is the benchmark's side of the tenant process: its report, read.
type tenant struct {
	cmd      *exec.Cmd
	errOut   bytes.Buffer
	readDone chan error
	ready    chan struct{}
	cls      classification

	mu  sync.Mutex
	log []tenantRequest
}

type tenantRequest struct {
	at    time.Time
	d     time.Duration
	write bool
	err   bool
}

// startTenant starts the tenant process as the tenant's ServiceAccount (cfg) and
// returns once its stream runs.
func startTenant(ctx context.Context, cfg *rest.Config) (*tenant, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	job, _ := json.Marshal(operatorJob{Host: cfg.Host, CAData: cfg.CAData, Token: cfg.BearerToken})
	t := &tenant{readDone: make(chan error, 1), ready: make(chan struct{})}
	t.cmd = exec.Command(self)
	t.cmd.Env = append(os.Environ(), tenantEnv+"="+string(job))
	dieWithParent(t.cmd, syscall.SIGKILL)
	t.cmd.Stderr = &t.errOut
	stdout, err := t.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := t.cmd.Start(); err != nil {
		return nil, err
	}
	go func() { t.readDone <- t.read(stdout) }()
	select {
	case <-t.ready:
		return t, nil
	case err := <-t.readDone:
		_ = t.cmd.Wait()
		return nil, fmt.Errorf("the tenant: %v\n%s", err, t.errOut.String())
	case <-time.After(time.Minute):
		t.kill()
		return nil, fmt.Errorf("the tenant did not start in a minute\n%s", t.errOut.String())
	}
}

func (t *tenant) read(r io.Reader) error {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		var l tenantLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			return fmt.Errorf("%v: %s", err, sc.Text())
		}
		if l.Ready {
			close(t.ready)
			continue
		}
		t.cls.add(l.FlowSchema, l.Priority)
		t.mu.Lock()
		t.log = append(t.log, tenantRequest{at: time.Unix(0, l.Start), d: time.Duration(l.D), write: l.Write, err: l.Err})
		t.mu.Unlock()
	}
	if err := sc.Err(); err != nil {
		return err
	}
	return io.EOF
}

// stop ends the stream and waits for the rest of the report.
func (t *tenant) stop() error {
	_ = t.cmd.Process.Signal(syscall.SIGTERM)
	rerr := <-t.readDone
	werr := t.cmd.Wait()
	if rerr != nil && rerr != io.EOF {
		return fmt.Errorf("reading the tenant's report: %v\n%s", rerr, t.errOut.String())
	}
	if werr != nil {
		return fmt.Errorf("the tenant: %v\n%s", werr, t.errOut.String())
	}
	return nil
}

// kill ends the tenant process whatever its state.
func (t *tenant) kill() {
	if t.cmd.ProcessState == nil {
		_ = t.cmd.Process.Kill()
		_ = t.cmd.Wait()
	}
}

// tenantStats are the tenant's latencies over a window.
type tenantStats struct {
	n, errors int
	p50, p99  float64 // ms
}

// stats returns the latencies of the requests started in [from, to).
func (t *tenant) stats(from, to time.Time) tenantStats {
	if t == nil {
		return tenantStats{}
	}
	t.mu.Lock()
	var ds []float64
	s := tenantStats{}
	for _, r := range t.log {
		if r.at.Before(from) || !r.at.Before(to) {
			continue
		}
		if r.err {
			s.errors++
		}
		ds = append(ds, float64(r.d)/float64(time.Millisecond))
	}
	t.mu.Unlock()
	s.n = len(ds)
	s.p50, s.p99 = rank(ds, 0.5), rank(ds, 0.99)
	return s
}

// perSecond is the tenant's p99 in each second from start to end (0: no request).
func (t *tenant) perSecond(start, end time.Time) []float64 {
	var out []float64
	for s := start; s.Before(end); s = s.Add(time.Second) {
		out = append(out, t.stats(s, s.Add(time.Second)).p99)
	}
	return out
}

// rank is the q-quantile of xs by the nearest-rank method: the smallest value with at
// least q of the values at or below it.
func rank(xs []float64, q float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	sort.Float64s(xs)
	i := int(math.Ceil(q*float64(len(xs)))) - 1
	return math.Round(xs[max(i, 0)]*100) / 100
}
