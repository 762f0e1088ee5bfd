package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"strings"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// Scraped is what the guarded operator's metrics endpoint serves of its guards at the
// end of a run (opguard_*, from controller-runtime's registry, scraped over HTTP in the
// Prometheus text format), beside the same writes counted in the run's request log.
// Each run is a process of its own, so the counters cover exactly the run.
type Scraped struct {
	// StatusWrites is opguard_status_writes_total of the Cache kind; StatusSkipped its
	// skipped decisions by reason.
	StatusWrites  int            `json:"statusWrites"`
	StatusSkipped map[string]int `json:"statusSkipped"`
	// OwnedApplies is opguard_owned_applies_total by owned kind; OwnedSkipped the
	// skipped decisions by "<owned kind>/<reason>".
	OwnedApplies map[string]int `json:"ownedApplies"`
	OwnedSkipped map[string]int `json:"ownedSkipped"`
	Takebacks    int            `json:"takebacks"`
	Conflicts    int            `json:"conflicts"`
	// LoggedStatusWrites and LoggedOwnedApplies are the applies the request log saw
	// answered 2xx: to caches/status, and by owned kind.
	LoggedStatusWrites int            `json:"loggedStatusWrites"`
	LoggedOwnedApplies map[string]int `json:"loggedOwnedApplies"`
}

// ownedResources are the guarded operator's owned kinds, by the resource the request
// log names.
var ownedResources = map[string]string{"deployments": "Deployment", "configmaps": "ConfigMap"}

// endpoint serves a registry on a loopback port, as the manager's metrics endpoint
// would: the guards' counters are read the way a user's Prometheus reads them, over
// HTTP in the text format, once at the end of a run (scrapeGuards) and, for
// -dashboard, every second through the run (recorder, dashboard.go).
type endpoint struct {
	url string
	srv *http.Server
}

// serve starts an endpoint for g (controller-runtime's metrics.Registry in a run).
func serve(g prometheus.Gatherer) (*endpoint, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	srv := &http.Server{Handler: promhttp.HandlerFor(g, promhttp.HandlerOpts{})}
	go srv.Serve(l)
	return &endpoint{url: "http://" + l.Addr().String() + "/metrics", srv: srv}, nil
}

func (e *endpoint) close() { e.srv.Close() }

// scrape reads every metric family the endpoint serves.
func (e *endpoint) scrape(ctx context.Context) (map[string]*dto.MetricFamily, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, e.url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "text/plain")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("scraping %s: %s", e.url, resp.Status)
	}
	parser := expfmt.NewTextParser(model.UTF8Validation)
	families, err := parser.TextToMetricFamilies(resp.Body)
	if err != nil {
		return nil, fmt.Errorf("scraping %s: %w", e.url, err)
	}
	return families, nil
}

// scrapeGuards scrapes the endpoint once and counts the same writes in log.
func scrapeGuards(ctx context.Context, ep *endpoint, log *requestLog) (*Scraped, error) {
	families, err := ep.scrape(ctx)
	if err != nil {
		return nil, fmt.Errorf("scraping the guards' metrics: %w", err)
	}
	s := &Scraped{StatusSkipped: map[string]int{}, OwnedApplies: map[string]int{}, OwnedSkipped: map[string]int{}, LoggedOwnedApplies: map[string]int{}}
	label := func(labels map[string]string, name string) string { return labels[name] }
	for name, mf := range families {
		if !strings.HasPrefix(name, "opguard_") {
			continue
		}
		for _, m := range mf.GetMetric() {
			labels := map[string]string{}
			for _, l := range m.GetLabel() {
				labels[l.GetName()] = l.GetValue()
			}
			v := int(m.GetCounter().GetValue())
			if labels["kind"] != "Cache" {
				continue
			}
			switch name {
			case "opguard_status_writes_total":
				s.StatusWrites += v
			case "opguard_status_writes_skipped_total":
				s.StatusSkipped[label(labels, "reason")] += v
			case "opguard_owned_applies_total":
				s.OwnedApplies[label(labels, "owned_kind")] += v
			case "opguard_owned_applies_skipped_total":
				s.OwnedSkipped[label(labels, "owned_kind")+"/"+label(labels, "reason")] += v
			case "opguard_status_takebacks_total":
				s.Takebacks += v
			case "opguard_write_conflicts_total":
				s.Conflicts += v
			}
		}
	}
	log.mu.Lock()
	defer log.mu.Unlock()
	for _, r := range log.log {
		if r.code < 200 || r.code > 299 {
			continue
		}
		verb, res, _ := strings.Cut(r.key, " ")
		if verb != "APPLY" {
			continue
		}
		if res == "caches/status" {
			s.LoggedStatusWrites++
		}
		if kind, ok := ownedResources[res]; ok {
			s.LoggedOwnedApplies[kind]++
		}
	}
	return s, nil
}

// disagreements lists where the scraped counters and the request log differ.
func (s *Scraped) disagreements() []string {
	var out []string
	if s.StatusWrites != s.LoggedStatusWrites {
		out = append(out, fmt.Sprintf("status writes: scraped %d, logged %d", s.StatusWrites, s.LoggedStatusWrites))
	}
	kinds := map[string]bool{}
	for k := range s.OwnedApplies {
		kinds[k] = true
	}
	for k := range s.LoggedOwnedApplies {
		kinds[k] = true
	}
	for _, k := range sortedKeys(kinds) {
		if s.OwnedApplies[k] != s.LoggedOwnedApplies[k] {
			out = append(out, fmt.Sprintf("%s applies: scraped %d, logged %d", k, s.OwnedApplies[k], s.LoggedOwnedApplies[k]))
		}
	}
	return out
}

// scrapedTable reports, per guarded run, the scraped counters beside the request log.
func scrapedTable(r *Report) string {
	var b strings.Builder
	for _, run := range r.Runs {
		s := run.Scraped
		if s == nil {
			continue
		}
		if b.Len() == 0 {
			b.WriteString("\nThe guarded operator's metrics (scraped at the end of the run) beside its request log, whole run:\n")
		}
		agree := "agree"
		if d := s.disagreements(); len(d) > 0 {
			agree = "DISAGREE: " + strings.Join(d, "; ")
		}
		var owned []string
		for _, k := range sortedKeys(s.OwnedApplies) {
			owned = append(owned, fmt.Sprintf("%s %d/%d", k, s.OwnedApplies[k], s.LoggedOwnedApplies[k]))
		}
		fmt.Fprintf(&b, "  %s/%s (%s): status writes %d/%d (skipped: %d unchanged, %d cache behind), owned applies %s, take-backs %d, 409s %d: %s\n",
			run.Scenario, run.Controller, managedFields(run), s.StatusWrites, s.LoggedStatusWrites,
			s.StatusSkipped["unchanged"], s.StatusSkipped["cache_behind"], strings.Join(owned, ", "), s.Takebacks, s.Conflicts, agree)
	}
	return b.String()
}
