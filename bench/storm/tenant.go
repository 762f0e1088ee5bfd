package main

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"sort"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
)

// tenant is another client of the same API server, as a cluster has many: its own
// ServiceAccount (tenantAccount), a steady stream of reads and writes on a resource the
// controllers do not watch (Secrets in its own namespace), one request every
// tenantInterval, alternately a GET and a merge PATCH of one of tenantSecrets Secrets.
// Each request starts on schedule in a goroutine of its own, whether or not the last
// one has been answered (an open loop: a slow server does not slow the stream down and
// hide its own slowness), and its latency is recorded by start time.
type tenant struct {
	c   kubernetes.Interface
	cls classification

	mu  sync.Mutex
	log []tenantRequest
}

type tenantRequest struct {
	at    time.Time
	d     time.Duration
	write bool
	err   bool
}

const (
	tenantInterval = 25 * time.Millisecond
	tenantSecrets  = 8
)

func newTenant(cfg *rest.Config) (*tenant, error) {
	t := &tenant{}
	cfg = rest.CopyConfig(cfg)
	cfg.QPS, cfg.Burst = -1, 0
	cfg.WrapTransport = func(rt http.RoundTripper) http.RoundTripper {
		return roundTripperFunc(func(req *http.Request) (*http.Response, error) {
			resp, err := rt.RoundTrip(req)
			t.cls.addResponse(resp)
			return resp, err
		})
	}
	c, err := kubernetes.NewForConfig(cfg)
	if err != nil {
		return nil, err
	}
	t.c = c
	return t, nil
}

// run creates the Secrets, then sends the stream until ctx ends.
func (t *tenant) run(ctx context.Context) error {
	ns := tenantAccount.Namespace
	for i := 0; i < tenantSecrets; i++ {
		s := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("s%d", i), Namespace: ns}, Data: map[string][]byte{"n": []byte("0")}}
		if _, err := t.c.CoreV1().Secrets(ns).Create(ctx, s, metav1.CreateOptions{}); err != nil {
			return err
		}
	}
	go func() {
		tick := time.NewTicker(tenantInterval)
		defer tick.Stop()
		for i := 0; ; i++ {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			go t.request(ctx, i)
		}
	}()
	return nil
}

func (t *tenant) request(ctx context.Context, i int) {
	secrets := t.c.CoreV1().Secrets(tenantAccount.Namespace)
	name := fmt.Sprintf("s%d", (i/2)%tenantSecrets)
	write := i%2 == 1
	start := time.Now()
	var err error
	if write {
		_, err = secrets.Patch(ctx, name, types.MergePatchType, []byte(fmt.Sprintf(`{"data":{"n":%q}}`, fmt.Sprint(i))), metav1.PatchOptions{})
	} else {
		_, err = secrets.Get(ctx, name, metav1.GetOptions{})
	}
	d := time.Since(start)
	if ctx.Err() != nil {
		return // cut off by the end of the run: not a measurement
	}
	t.mu.Lock()
	t.log = append(t.log, tenantRequest{at: start, d: d, write: write, err: err != nil})
	t.mu.Unlock()
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

// perSecond is the tenant's p99 in each second from start to end (0: no request).
func (t *tenant) perSecond(start, end time.Time) []float64 {
	var out []float64
	for s := start; s.Before(end); s = s.Add(time.Second) {
		out = append(out, t.stats(s, s.Add(time.Second)).p99)
	}
	return out
}
