package main

import (
	"net/http"
	"sort"
	"sync"
	"time"
)

// adaptiveLimit is an experiment, not the generated runtime: a bound on the client's
// requests in flight (watches aside) that follows the API server's latency, additive
// increase while the median latency of the last window stays within target times the
// lowest seen, multiplicative decrease when it does not, halved by a 429. The
// benchmark wraps the guarded operator's transport with it when -guarded-adaptive is
// set, to measure whether a client that backs off as the server slows is faster than a
// fixed limit for the same cost to a tenant.
type adaptiveLimit struct {
	target float64
	max    int

	mu       sync.Mutex
	cond     *sync.Cond
	limit    int
	inflight int
	binding  bool // the limit held a request back in this window
	window   []time.Duration
	baseline time.Duration
}

func newAdaptiveLimit(target float64, max int) *adaptiveLimit {
	a := &adaptiveLimit{target: target, max: max, limit: 1}
	a.cond = sync.NewCond(&a.mu)
	return a
}

const adaptiveWindow = 16

func (a *adaptiveLimit) wrap(rt http.RoundTripper) http.RoundTripper {
	return roundTripperFunc(func(req *http.Request) (*http.Response, error) {
		if req.URL.Query().Get("watch") == "true" {
			return rt.RoundTrip(req)
		}
		a.mu.Lock()
		for a.inflight >= a.limit {
			a.binding = true
			a.cond.Wait()
		}
		a.inflight++
		a.mu.Unlock()
		start := time.Now()
		resp, err := rt.RoundTrip(req)
		d := time.Since(start)
		a.mu.Lock()
		a.inflight--
		if resp != nil && resp.StatusCode == http.StatusTooManyRequests {
			a.limit = max(1, a.limit/2)
		} else if err == nil && req.Method != http.MethodGet {
			a.observe(d)
		}
		a.cond.Broadcast()
		a.mu.Unlock()
		return resp, err
	})
}

// observe adds a write's latency; every adaptiveWindow writes, the limit moves.
func (a *adaptiveLimit) observe(d time.Duration) {
	a.window = append(a.window, d)
	if len(a.window) < adaptiveWindow {
		return
	}
	sort.Slice(a.window, func(i, j int) bool { return a.window[i] < a.window[j] })
	m := a.window[len(a.window)/2]
	a.window = a.window[:0]
	// The lowest median seen, let up by 1% a window: a server that got slower for good
	// is learned again.
	if a.baseline == 0 || m < a.baseline {
		a.baseline = m
	} else {
		a.baseline += a.baseline / 100
	}
	switch {
	case float64(m) > a.target*float64(a.baseline):
		a.limit = max(1, a.limit-max(1, a.limit/4))
	case a.binding:
		a.limit = min(a.max, a.limit+1)
	}
	a.binding = false
}
