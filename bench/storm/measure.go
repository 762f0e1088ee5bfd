package main

import (
	"context"
	"math"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/util/flowcontrol"
	"sigs.k8s.io/controller-runtime/pkg/metrics"
)

// request is one request the controller sent.
type request struct {
	at   time.Time
	key  string // "PATCH caches/status"; APPLY for Server-Side Apply
	code int
}

// requestLog records the controller's requests through a wrapping transport.
type requestLog struct {
	mu  sync.Mutex
	log []request
}

func (r *requestLog) wrap(rt http.RoundTripper) http.RoundTripper {
	return roundTripperFunc(func(req *http.Request) (*http.Response, error) {
		key := describe(req)
		resp, err := rt.RoundTrip(req)
		code := 0
		if resp != nil {
			code = resp.StatusCode
		}
		r.mu.Lock()
		r.log = append(r.log, request{at: time.Now(), key: key, code: code})
		r.mu.Unlock()
		return resp, err
	})
}

type roundTripperFunc func(*http.Request) (*http.Response, error)

func (f roundTripperFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// describe names a request "VERB resource[/subresource]".
func describe(req *http.Request) string {
	verb := req.Method
	switch {
	case verb == http.MethodPatch && strings.HasPrefix(req.Header.Get("Content-Type"), "application/apply-patch"):
		verb = "APPLY"
	case verb == http.MethodGet && req.URL.Query().Get("watch") == "true":
		verb = "WATCH"
	}
	parts := strings.Split(strings.Trim(req.URL.Path, "/"), "/")
	switch {
	case len(parts) > 3 && parts[0] == "apis":
		parts = parts[3:]
	case len(parts) > 2 && parts[0] == "api":
		parts = parts[2:]
	}
	if len(parts) >= 2 && parts[0] == "namespaces" && len(parts) > 2 {
		parts = parts[2:]
	}
	switch len(parts) {
	case 0:
		return verb
	case 1, 2:
		return verb + " " + parts[0]
	default:
		return verb + " " + parts[0] + "/" + parts[2]
	}
}

func isWrite(key string) bool {
	return !strings.HasPrefix(key, "GET") && !strings.HasPrefix(key, "WATCH")
}

// timedLimiter measures the time requests wait in the client's rate limiter.
type timedLimiter struct {
	flowcontrol.RateLimiter
	mu    sync.Mutex
	waits []wait
}

type wait struct {
	at time.Time
	d  time.Duration
}

func (l *timedLimiter) Wait(ctx context.Context) error {
	start := time.Now()
	err := l.RateLimiter.Wait(ctx)
	end := time.Now()
	l.mu.Lock()
	l.waits = append(l.waits, wait{at: end, d: end.Sub(start)})
	l.mu.Unlock()
	return err
}

func (l *timedLimiter) Accept() {
	start := time.Now()
	l.RateLimiter.Accept()
	end := time.Now()
	l.mu.Lock()
	l.waits = append(l.waits, wait{at: end, d: end.Sub(start)})
	l.mu.Unlock()
}

// sample is controller-runtime's metrics of the controller at one moment.
type sample struct {
	at         time.Time
	depth      float64
	reconciles float64
	// durations counts reconcile durations by bucket upper bound (seconds).
	durations map[float64]uint64
}

// sampler reads the manager's metrics every 100 ms.
type sampler struct {
	mu      sync.Mutex
	samples []sample
	// gather reads the metrics when the controller runs in another process.
	gather func() ([]*dto.MetricFamily, error)
}

func (s *sampler) run(ctx context.Context, controller string) {
	t := time.NewTicker(100 * time.Millisecond)
	defer t.Stop()
	for {
		s.take(controller)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func (s *sampler) take(controller string) {
	gather := metrics.Registry.Gather
	if s.gather != nil {
		gather = s.gather
	}
	families, err := gather()
	if err != nil {
		return
	}
	sm := sample{at: time.Now(), durations: map[float64]uint64{}}
	for _, mf := range families {
		for _, m := range mf.GetMetric() {
			if !hasLabel(m, "controller", controller) && !hasLabel(m, "name", controller) {
				continue
			}
			switch mf.GetName() {
			case "workqueue_depth":
				sm.depth = m.GetGauge().GetValue()
			case "controller_runtime_reconcile_total":
				sm.reconciles += m.GetCounter().GetValue()
			case "controller_runtime_reconcile_time_seconds":
				histogramBuckets(m.GetHistogram(), sm.durations)
			}
		}
	}
	s.mu.Lock()
	s.samples = append(s.samples, sm)
	s.mu.Unlock()
}

func hasLabel(m *dto.Metric, name, value string) bool {
	for _, l := range m.GetLabel() {
		if l.GetName() == name && l.GetValue() == value {
			return true
		}
	}
	return false
}

// histogramBuckets adds a histogram's counts by upper bound: its native (exponential,
// about 10% wide) buckets when it has them, else its classic ones.
func histogramBuckets(h *dto.Histogram, into map[float64]uint64) {
	if h == nil {
		return
	}
	if len(h.GetPositiveSpan()) > 0 || h.GetZeroCount() > 0 {
		into[h.GetZeroThreshold()] += h.GetZeroCount()
		base := math.Pow(2, math.Pow(2, -float64(h.GetSchema())))
		idx, k, count := int32(0), 0, int64(0)
		for _, span := range h.GetPositiveSpan() {
			idx += span.GetOffset()
			for j := uint32(0); j < span.GetLength(); j++ {
				count += h.GetPositiveDelta()[k]
				k++
				into[math.Pow(base, float64(idx))] += uint64(count)
				idx++
			}
		}
		return
	}
	prev := uint64(0)
	for _, b := range h.GetBucket() {
		into[b.GetUpperBound()] += b.GetCumulativeCount() - prev
		prev = b.GetCumulativeCount()
	}
}

// at returns the last sample taken at or before t.
func (s *sampler) at(t time.Time) sample {
	s.mu.Lock()
	defer s.mu.Unlock()
	i := sort.Search(len(s.samples), func(i int) bool { return s.samples[i].at.After(t) })
	if i == 0 {
		return sample{durations: map[float64]uint64{}}
	}
	return s.samples[i-1]
}

// maxDepth is the deepest the queue was between from and to.
func (s *sampler) maxDepth(from, to time.Time) float64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	max := 0.0
	for _, sm := range s.samples {
		if !sm.at.Before(from) && !sm.at.After(to) && sm.depth > max {
			max = sm.depth
		}
	}
	return max
}

// quantile of the durations recorded between two samples, in milliseconds.
func quantile(from, to sample, q float64) float64 {
	var bounds []float64
	total := uint64(0)
	delta := map[float64]uint64{}
	for b, c := range to.durations {
		if d := c - from.durations[b]; c > from.durations[b] && d > 0 {
			delta[b] = d
			bounds = append(bounds, b)
			total += d
		}
	}
	if total == 0 {
		return 0
	}
	sort.Float64s(bounds)
	rank := q * float64(total)
	cum, lower := 0.0, 0.0
	for _, b := range bounds {
		n := float64(delta[b])
		if cum+n >= rank {
			return 1000 * (lower + (b-lower)*(rank-cum)/n)
		}
		cum += n
		lower = b
	}
	return 1000 * bounds[len(bounds)-1]
}

// serverWrites reads the API server's apiserver_request_total of writes on a resource.
func serverWrites(ctx context.Context, cfg *rest.Config, group, resource string) (float64, error) {
	hc, err := rest.HTTPClientFor(cfg)
	if err != nil {
		return 0, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimSuffix(cfg.Host, "/")+"/metrics", nil)
	if err != nil {
		return 0, err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	parser := expfmt.NewTextParser(model.LegacyValidation)
	families, err := parser.TextToMetricFamilies(resp.Body)
	if err != nil {
		return 0, err
	}
	total := 0.0
	for _, m := range families["apiserver_request_total"].GetMetric() {
		if !hasLabel(m, "group", group) || !hasLabel(m, "resource", resource) {
			continue
		}
		for _, l := range m.GetLabel() {
			// The verb label is the HTTP method, or APPLY for Server-Side Apply.
			if l.GetName() == "verb" && (l.GetValue() == "PATCH" || l.GetValue() == "PUT" || l.GetValue() == "APPLY" || l.GetValue() == "POST" || l.GetValue() == "DELETE") {
				total += m.GetCounter().GetValue()
			}
		}
	}
	return total, nil
}
