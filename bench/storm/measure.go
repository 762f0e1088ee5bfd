package main

import (
	"context"
	"math"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/metrics"
)

// request is one request the controller sent.
type request struct {
	at    time.Time // answered
	start time.Time // sent
	key   string    // "PATCH caches/status"; APPLY for Server-Side Apply
	// path is the method, path and query: what a retry of the request repeats.
	path string
	code int
	// retryAfter is the answer's Retry-After (a 429's: when the client may try again).
	retryAfter time.Duration
}

// requestLog records the controller's requests through a wrapping transport, and the
// FlowSchema and priority level the API server classified each into.
type requestLog struct {
	mu  sync.Mutex
	log []request
	cls classification
}

func (r *requestLog) wrap(rt http.RoundTripper) http.RoundTripper {
	return roundTripperFunc(func(req *http.Request) (*http.Response, error) {
		key, path := describe(req), req.Method+" "+req.URL.Path+"?"+req.URL.RawQuery
		start := time.Now()
		resp, err := rt.RoundTrip(req)
		rec := request{at: time.Now(), start: start, key: key, path: path}
		if resp != nil {
			rec.code = resp.StatusCode
			if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil {
				rec.retryAfter = time.Duration(s) * time.Second
			}
		}
		r.cls.addResponse(resp)
		r.mu.Lock()
		r.log = append(r.log, rec)
		r.mu.Unlock()
		return resp, err
	})
}

// tooManyRequests counts the requests answered 429 in [from, to), and those among
// them whose retry was sent before the answer's Retry-After had passed: the next
// request of the same method, path and query, the way client-go retries it.
func (r *requestLog) tooManyRequests(from, to time.Time) (received, early int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	next := map[string][]time.Time{} // path → start times, in order
	for _, q := range r.log {
		next[q.path] = append(next[q.path], q.start)
	}
	for _, ts := range next {
		sort.Slice(ts, func(i, j int) bool { return ts[i].Before(ts[j]) })
	}
	for _, q := range r.log {
		if q.code != http.StatusTooManyRequests || q.at.Before(from) || !q.at.Before(to) {
			continue
		}
		received++
		ts := next[q.path]
		i := sort.Search(len(ts), func(i int) bool { return ts[i].After(q.at) })
		// A few milliseconds of slack: the retry's start is taken after client-go's sleep.
		if i < len(ts) && ts[i].Before(q.at.Add(q.retryAfter-5*time.Millisecond)) {
			early++
		}
	}
	return received, early
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

// waitLog records the time requests waited in the client's rate limiter.
type waitLog struct {
	mu    sync.Mutex
	waits []wait
}

type wait struct {
	at time.Time
	d  time.Duration
}

func (l *waitLog) add(end time.Time, d time.Duration) {
	l.mu.Lock()
	l.waits = append(l.waits, wait{at: end, d: d})
	l.mu.Unlock()
}

// sample is controller-runtime's metrics of the controller at one moment.
type sample struct {
	at         time.Time
	depth      float64
	active     float64 // workers in a reconcile
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
			case "controller_runtime_active_workers":
				sm.active = m.GetGauge().GetValue()
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

// last returns the latest sample.
func (s *sampler) last() (sample, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.samples) == 0 {
		return sample{}, false
	}
	return s.samples[len(s.samples)-1], true
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

// serverMetrics reads the API server's metrics.
func serverMetrics(ctx context.Context, cfg *rest.Config) (map[string]*dto.MetricFamily, error) {
	hc, err := rest.HTTPClientFor(cfg)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimSuffix(cfg.Host, "/")+"/metrics", nil)
	if err != nil {
		return nil, err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	parser := expfmt.NewTextParser(model.LegacyValidation)
	return parser.TextToMetricFamilies(resp.Body)
}

// serverWrites reads the API server's apiserver_request_total of writes on a resource.
func serverWrites(ctx context.Context, cfg *rest.Config, group, resource string) (float64, error) {
	families, err := serverMetrics(ctx, cfg)
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

// serverFlowControl reads the API server's count of requests it dispatched and
// rejected, per FlowSchema and priority level, for those named in the classifications
// ("flowschema → prioritylevel" keys): keys "dispatched <fs> → <pl>", "rejected <fs> →
// <pl>"; and the seats of those priority levels: "nominal seats <pl>", "upper limit
// seats <pl>".
func serverFlowControl(ctx context.Context, cfg *rest.Config, classifications ...map[string]int) (map[string]float64, error) {
	families, err := serverMetrics(ctx, cfg)
	if err != nil {
		return nil, err
	}
	want := map[string]bool{}
	for _, c := range classifications {
		for k := range c {
			want[k] = true
		}
	}
	out := map[string]float64{}
	levels := map[string]bool{}
	for k := range want {
		_, pl, _ := strings.Cut(k, " → ")
		levels[pl] = true
	}
	// The seats each of those priority levels has, nominally and at most (with what it
	// may borrow).
	for _, f := range []struct{ metric, label string }{
		{"apiserver_flowcontrol_nominal_limit_seats", "nominal seats"},
		{"apiserver_flowcontrol_upper_limit_seats", "upper limit seats"},
	} {
		for _, m := range families[f.metric].GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "priority_level" && levels[l.GetValue()] {
					out[f.label+" "+l.GetValue()] = m.GetGauge().GetValue()
				}
			}
		}
	}
	for _, f := range []struct{ metric, label string }{
		{"apiserver_flowcontrol_dispatched_requests_total", "dispatched"},
		{"apiserver_flowcontrol_rejected_requests_total", "rejected"},
	} {
		for _, m := range families[f.metric].GetMetric() {
			var fs, pl string
			for _, l := range m.GetLabel() {
				switch l.GetName() {
				case "flow_schema":
					fs = l.GetValue()
				case "priority_level":
					pl = l.GetValue()
				}
			}
			if k := fs + " → " + pl; want[k] {
				out[f.label+" "+k] += m.GetCounter().GetValue()
			}
		}
	}
	return out, nil
}
