package guards

import (
	"context"
	"errors"
	"flag"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"k8s.io/client-go/rest"
)

// heldTransport answers a request once release is closed, recording how many it held
// at once.
type heldTransport struct {
	release       chan struct{}
	now, most     atomic.Int32
	mu            sync.Mutex
	started       []string
	startedSignal chan string
}

func (h *heldTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	n := h.now.Add(1)
	for {
		m := h.most.Load()
		if n <= m || h.most.CompareAndSwap(m, n) {
			break
		}
	}
	h.mu.Lock()
	h.started = append(h.started, req.URL.String())
	h.mu.Unlock()
	if h.startedSignal != nil {
		h.startedSignal <- req.URL.String()
	}
	<-h.release
	h.now.Add(-1)
	return &http.Response{StatusCode: http.StatusOK, Body: io.NopCloser(strings.NewReader("{}")), Request: req}, nil
}

// bounded returns the transport Apply leaves on a config for l, over next.
func bounded(l ClientLimits, next http.RoundTripper) http.RoundTripper {
	cfg := &rest.Config{}
	l.Apply(cfg)
	if cfg.WrapTransport == nil {
		return next
	}
	return cfg.WrapTransport(next)
}

func get(t *testing.T, ctx context.Context, rt http.RoundTripper, url string) error {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := rt.RoundTrip(req)
	if err == nil {
		resp.Body.Close()
	}
	return err
}

// TestInFlightBoundOne: with InFlight 1, one request reaches the server at a time,
// whatever number of callers; the rest wait their turn and all are answered.
func TestInFlightBoundOne(t *testing.T) {
	h := &heldTransport{release: make(chan struct{}), startedSignal: make(chan string, 16)}
	rt := bounded(ClientLimits{QPS: -1, InFlight: 1}, h)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Go(func() { errs <- get(t, context.Background(), rt, "https://api/apis/storm.example.com/v1/caches/a") })
	}
	<-h.startedSignal
	select {
	case u := <-h.startedSignal:
		t.Fatalf("a second request reached the server while the first was held: %s", u)
	case <-time.After(100 * time.Millisecond):
	}
	go func() {
		for range h.startedSignal {
		}
	}()
	close(h.release)
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if got := h.most.Load(); got != 1 {
		t.Errorf("%d requests at once at most, want 1", got)
	}
	if len(h.started) != 8 {
		t.Errorf("%d of 8 requests reached the server", len(h.started))
	}
}

// serverTransport answers after a latency of its own: fixed, or growing with the
// requests it holds at once (a server whose CPU is the limit: each request in flight
// shares it).
type serverTransport struct {
	latency   time.Duration
	perHeld   bool
	now, most atomic.Int32
}

func (s *serverTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	n := s.now.Add(1)
	defer s.now.Add(-1)
	for {
		m := s.most.Load()
		if n <= m || s.most.CompareAndSwap(m, n) {
			break
		}
	}
	d := s.latency
	if s.perHeld {
		d *= time.Duration(n)
	}
	time.Sleep(d)
	return &http.Response{StatusCode: http.StatusOK, Body: io.NopCloser(strings.NewReader("{}")), Request: req}, nil
}

// drive sends n requests through rt from callers goroutines at once.
func drive(t *testing.T, rt http.RoundTripper, callers, n int) {
	t.Helper()
	var next atomic.Int32
	var wg sync.WaitGroup
	for range callers {
		wg.Go(func() {
			for next.Add(1) <= int32(n) {
				if err := get(t, context.Background(), rt, "https://api/apis/storm.example.com/v1/namespaces/x/caches/a"); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
}

// TestInFlightBoundFollowsLatency: the bound starts at one and grows while more
// requests at once do not slow the server's answers (a server with room, or far away),
// and stays near one where each request in flight slows all of them (a server whose
// CPU is the limit).
func TestInFlightBoundFollowsLatency(t *testing.T) {
	roomy := &serverTransport{latency: 10 * time.Millisecond}
	drive(t, bounded(ClientLimits{QPS: -1, InFlight: 16}, roomy), 8, 400)
	if got := roomy.most.Load(); got < 4 {
		t.Errorf("a server whose latency does not move: the bound reached %d requests at once, want 4 or more of the 8 callers", got)
	}

	busy := &serverTransport{latency: 5 * time.Millisecond, perHeld: true}
	drive(t, bounded(ClientLimits{QPS: -1, InFlight: 16}, busy), 8, 200)
	if got := busy.most.Load(); got > 2 {
		t.Errorf("a server each request in flight slows: the bound let %d requests at once, want 2 at most", got)
	}
}

// TestInFlightBoundTooManyRequests: a 429 halves the bound; a failure without an
// answer leaves it, and its latency out of the judgement.
func TestInFlightBoundTooManyRequests(t *testing.T) {
	b := newInFlightBound(16)
	b.limit, b.inflight = 8, 2
	b.release(time.Millisecond, &http.Response{StatusCode: http.StatusTooManyRequests}, nil)
	if b.limit != 4 || b.inflight != 1 {
		t.Fatalf("after a 429: limit %d, in flight %d; want 4, 1", b.limit, b.inflight)
	}
	b.release(time.Hour, nil, errors.New("connection reset"))
	if b.limit != 4 || len(b.window) != 0 {
		t.Fatalf("after a failure without an answer: limit %d, %d latencies judged; want 4, 0", b.limit, len(b.window))
	}
	b.limit = 1
	b.inflight = 1
	b.release(time.Millisecond, &http.Response{StatusCode: http.StatusTooManyRequests}, nil)
	if b.limit != 1 {
		t.Fatalf("a 429 at one: limit %d, want 1", b.limit)
	}
}

// TestInFlightBoundExempt: a watch and a Lease request pass a full bound; a request
// whose context ends while it waits fails with the context's error and never reaches
// the server; with no bound (0), nothing waits.
func TestInFlightBoundExempt(t *testing.T) {
	h := &heldTransport{release: make(chan struct{}), startedSignal: make(chan string, 16)}
	rt := bounded(ClientLimits{QPS: -1, InFlight: 1}, h)
	done := make(chan error, 1)
	go func() { done <- get(t, context.Background(), rt, "https://api/api/v1/configmaps/a") }()
	<-h.startedSignal // the bound is full

	for _, u := range []string{
		"https://api/apis/storm.example.com/v1/caches?watch=true&resourceVersion=1",
		"https://api/apis/coordination.k8s.io/v1/namespaces/x/leases/storm",
	} {
		go get(t, context.Background(), rt, u)
		select {
		case got := <-h.startedSignal:
			if got != u {
				t.Fatalf("got %s through, want %s", got, u)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s waited behind the bound", u)
		}
	}

	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if err := get(t, ctx, rt, "https://api/api/v1/configmaps/b"); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a request whose context ended while it waited: %v, want the context's error", err)
	}
	close(h.release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	for _, u := range h.started {
		if strings.HasSuffix(u, "configmaps/b") {
			t.Fatal("the cancelled request reached the server")
		}
	}

	h2 := &heldTransport{release: make(chan struct{})}
	close(h2.release)
	if rt := bounded(ClientLimits{QPS: -1}, h2); rt != http.RoundTripper(h2) {
		t.Fatalf("InFlight 0 wrapped the transport: %T", rt)
	}
}

// TestClientLimitsFlags: --kube-api-inflight defaults to DefaultKubeAPIInFlight and
// reads like the others.
func TestClientLimitsFlags(t *testing.T) {
	var l ClientLimits
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	l.BindFlags(fs, -1, 100)
	if l.InFlight != DefaultKubeAPIInFlight || l.QPS != -1 || l.Burst != 100 {
		t.Fatalf("defaults: %+v", l)
	}
	if err := fs.Parse([]string{"--kube-api-inflight=4", "--kube-api-qps=20"}); err != nil {
		t.Fatal(err)
	}
	if l.InFlight != 4 || l.QPS != 20 {
		t.Fatalf("parsed: %+v", l)
	}
}
