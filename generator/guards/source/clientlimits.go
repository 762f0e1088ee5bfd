package guards

import (
	"flag"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"k8s.io/client-go/rest"
)

// DefaultKubeAPIInFlight is the default of --kube-api-inflight: at most 16 requests to
// the API server at once, the bound itself following the server's latency from one
// (see ClientLimits). Measured on a two-core API server shared with etcd and a tenant
// of another identity (docs/runtime.md, "The bound on requests in flight"): a first
// sync over 2,000 objects with 4 reconciles at once and no bound took the tenant's p99
// to a median 3.9 times its idle p99; this bound, which stayed near one request there,
// to 2.3 times, for a first sync 1.8 times as long.
const DefaultKubeAPIInFlight = 16

// ClientLimits is the operator's client-side limits: --kube-api-inflight, a bound on
// the requests it has at the API server at once, and --kube-api-qps and
// --kube-api-burst, a rate.
//
// The rate is off by default, as controller-runtime has it: a guarded operator has no
// update–watch–update loop to slow down, and a rate binds exactly when the operator
// has the most to do, its first sync over every object, whatever the server could
// take. The bound follows the server instead. It starts at one request at a time and
// moves every inFlightWindow answers, by their median latency against the lowest
// median seen: while the median stays within inFlightTarget times it and the bound
// held a request back, the bound grows by one, up to InFlight; when the median rises
// past it, the bound shrinks by a quarter (at least one); a 429 halves it. Where more
// requests at once only queue at the server (its CPU is the limit), the latency rises
// and the bound stays near one: the operator goes as fast as the server answers one
// request, and leaves the rest of the server to others. Where they do not (a server
// with cores to spare, or far away, so that a request's time is mostly the network's),
// the bound grows and the reconciles' requests go out side by side. The lowest median
// is let up by 1% a window, so a server that got slower for good is learned again.
//
// Watches and leader election's Lease requests are not bounded: a watch stays open for
// minutes, and a Lease renewal must not wait behind the operator's own backlog (the
// generated FlowSchema gives leases a priority level of their own for the same reason).
// Set QPS to cap the operator by hand; a negative QPS turns the rate off, an InFlight
// of 0 or less the bound, and an InFlight of 1 fixes it at one.
type ClientLimits struct {
	QPS      float64
	Burst    int
	InFlight int
}

// BindFlags registers --kube-api-qps and --kube-api-burst on fs with the given
// defaults, and --kube-api-inflight with DefaultKubeAPIInFlight.
func (l *ClientLimits) BindFlags(fs *flag.FlagSet, qps float64, burst int) {
	fs.Float64Var(&l.QPS, "kube-api-qps", qps, "client-side limit of requests per second to the API server; negative turns throttling off")
	fs.IntVar(&l.Burst, "kube-api-burst", burst, "requests the client may send at once above --kube-api-qps")
	fs.IntVar(&l.InFlight, "kube-api-inflight", DefaultKubeAPIInFlight, "most requests at the API server at once (watches and leader election aside), the bound following the server's latency from one; 1 fixes it at one, 0 turns it off")
}

// Apply sets the limits on cfg; call it before a manager or client is built from cfg.
// Every client built from cfg, or from a copy of it, shares one bound.
func (l ClientLimits) Apply(cfg *rest.Config) {
	cfg.QPS = float32(l.QPS)
	cfg.Burst = l.Burst
	if l.QPS < 0 {
		cfg.QPS, cfg.Burst = -1, 0
	}
	if l.InFlight > 0 {
		b := newInFlightBound(l.InFlight)
		cfg.Wrap(func(rt http.RoundTripper) http.RoundTripper { return inFlightTransport{rt: rt, b: b} })
	}
}

// The bound's rule: the answers it judges at a time, and how far their median latency
// may rise above the lowest seen before the bound shrinks.
const (
	inFlightWindow = 16
	inFlightTarget = 1.2
)

// inFlightBound is the bound on requests in flight that ClientLimits describes.
type inFlightBound struct {
	max int

	mu       sync.Mutex
	limit    int
	inflight int
	freed    chan struct{} // closed, and replaced, whenever a request leaves or the limit moves
	binding  bool          // the limit held a request back in this window
	window   []time.Duration
	baseline time.Duration
}

func newInFlightBound(max int) *inFlightBound {
	return &inFlightBound{max: max, limit: 1, freed: make(chan struct{})}
}

// inFlightTransport sends each request through b, watches and Lease requests aside.
type inFlightTransport struct {
	rt http.RoundTripper
	b  *inFlightBound
}

func (t inFlightTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Query().Get("watch") == "true" || strings.HasPrefix(req.URL.Path, "/apis/coordination.k8s.io/") {
		return t.rt.RoundTrip(req)
	}
	if err := t.b.acquire(req); err != nil {
		return nil, err
	}
	start := time.Now()
	resp, err := t.rt.RoundTrip(req)
	t.b.release(time.Since(start), resp, err)
	return resp, err
}

// acquire waits for a place under the limit; a request whose context ends while it
// waits fails with the context's error.
func (b *inFlightBound) acquire(req *http.Request) error {
	for {
		b.mu.Lock()
		if b.inflight < b.limit {
			b.inflight++
			b.mu.Unlock()
			return nil
		}
		b.binding = true
		freed := b.freed
		b.mu.Unlock()
		select {
		case <-freed:
		case <-req.Context().Done():
			return req.Context().Err()
		}
	}
}

// release gives the place back once the answer's headers arrived (a stream, such as a
// followed log, does not hold it while it is read) and judges the answer: a 429 halves
// the limit; a failure without an answer says nothing of the server's latency.
func (b *inFlightBound) release(d time.Duration, resp *http.Response, err error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.inflight--
	switch {
	case resp != nil && resp.StatusCode == http.StatusTooManyRequests:
		b.limit = max(1, b.limit/2)
	case err == nil && b.max > 1:
		b.observe(d)
	}
	close(b.freed)
	b.freed = make(chan struct{})
}

// observe adds an answer's latency; every inFlightWindow answers, the limit moves.
func (b *inFlightBound) observe(d time.Duration) {
	b.window = append(b.window, d)
	if len(b.window) < inFlightWindow {
		return
	}
	slices.Sort(b.window)
	m := b.window[len(b.window)/2]
	b.window = b.window[:0]
	if b.baseline == 0 || m < b.baseline {
		b.baseline = m
	} else {
		b.baseline += b.baseline / 100
	}
	switch {
	case float64(m) > inFlightTarget*float64(b.baseline):
		b.limit = max(1, b.limit-max(1, b.limit/4))
	case b.binding:
		b.limit = min(b.max, b.limit+1)
	}
	b.binding = false
}
