package guards

import (
	"errors"
	"sync"

	"github.com/prometheus/client_golang/prometheus"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/metrics"
)

// The guards' metrics, on controller-runtime's registry: the manager's metrics endpoint
// serves them beside controller-runtime's reconcile and workqueue metrics and
// client-go's request and rate-limiter metrics, which count what was sent and waited
// for; these count what the guards decided. Every label value is bounded: a kind and an
// owned kind are the project's, fixed when it is generated; a reason is one of the
// constants below; a field manager is one of the first maxManagerLabels seen, then
// "other". The generated writers and gated applies set their series to zero at start
// (observeStatusKind, observeOwnedKind), so a rate over the first write sees it.
var (
	statusWrites = counterVec("opguard_status_writes_total",
		"Server-Side Applies to the status subresource the status writer sent, per kind.",
		"kind")
	statusGenerationWrites = counterVec("opguard_status_generation_writes_total",
		"Status writes that recorded a new observedGeneration (a creation or spec change), per kind; "+
			"0 for a kind without +opguard:observed-generation. Writes beyond these, steadily, are a loop.",
		"kind")
	statusWritesSkipped = counterVec("opguard_status_writes_skipped_total",
		"Status writes the status writer decided not to send, per kind and reason: "+
			"unchanged (the status this field manager owns already holds it), "+
			"cache_behind (the cache has not shown the writer's own last write, which holds it).",
		"kind", "reason")
	ownedApplies = counterVec("opguard_owned_applies_total",
		"Server-Side Applies of owned objects the gated apply sent, per owning kind and owned kind.",
		"kind", "owned_kind")
	ownedAppliesSkipped = counterVec("opguard_owned_applies_skipped_total",
		"Applies of owned objects the gated apply decided not to send, per owning kind, owned kind and reason "+
			"(unchanged, cache_behind).",
		"kind", "owned_kind", "reason")
	statusTakebacks = counterVec("opguard_status_takebacks_total",
		"Status writes that took fields back from another field manager, per kind and that manager "+
			"(the first 16 managers by name, then other). A steady rate is a field fight.",
		"kind", "manager")
	writeConflicts = counterVec("opguard_write_conflicts_total",
		"Writes of the guards answered 409 Conflict, per kind and write (status, owned). "+
			"They send no resourceVersion, so this stays 0.",
		"kind", "write")
)

// clientRateLimiterLatency turns on client-go's rest_client_rate_limiter_duration_seconds,
// which controller-runtime leaves off: the time requests wait in the client-side rate
// limiter (ClientLimits), the first sign of a storm. Turning it on twice is harmless.
var clientRateLimiterLatency = func() bool {
	metrics.RegisterRESTClientMetrics(metrics.MetricRateLimiterLatency)
	return true
}()

// The reasons a write is not sent.
const (
	skipUnchanged   = "unchanged"
	skipCacheBehind = "cache_behind"
)

// The writes a conflict is counted for.
const (
	writeStatus = "status"
	writeOwned  = "owned"
)

// maxManagerLabels bounds the manager label of statusTakebacks: field managers are
// named by whoever writes, so past this many the rest share "other".
const maxManagerLabels = 16

var managerLabels = struct {
	sync.Mutex
	seen map[string]bool
}{seen: map[string]bool{}}

// managerLabel returns the label value of a field manager: its name while fewer than
// maxManagerLabels names have been seen, "other" for the names past them.
func managerLabel(manager string) string {
	managerLabels.Lock()
	defer managerLabels.Unlock()
	if managerLabels.seen[manager] {
		return manager
	}
	if len(managerLabels.seen) >= maxManagerLabels {
		return "other"
	}
	managerLabels.seen[manager] = true
	return manager
}

// counterVec registers a counter family on controller-runtime's registry, or returns
// the one already there (a second runtime package in one binary).
func counterVec(name, help string, labels ...string) *prometheus.CounterVec {
	c := prometheus.NewCounterVec(prometheus.CounterOpts{Name: name, Help: help}, labels)
	if err := metrics.Registry.Register(c); err != nil {
		var already prometheus.AlreadyRegisteredError
		if errors.As(err, &already) {
			if existing, ok := already.ExistingCollector.(*prometheus.CounterVec); ok {
				return existing
			}
		}
		panic(err)
	}
	return c
}

// memorySize registers the gauge of one of the guards' memories, read when scraped:
// opguard_write_memory_entries{memory="status"} (writeMemory) or {memory="owned"}
// (ownedMemory). Each entry is one object written moments ago (status) or applied
// (owned, about 150 bytes); they are pruned past 1024.
func memorySize(memory string, size func() int) bool {
	g := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name:        "opguard_write_memory_entries",
		Help:        "Entries of the guards' write memories (status: writes the cache has not shown yet; owned: the last decision per owned object).",
		ConstLabels: prometheus.Labels{"memory": memory},
	}, func() float64 { return float64(size()) })
	err := metrics.Registry.Register(g)
	var already prometheus.AlreadyRegisteredError
	if err != nil && !errors.As(err, &already) {
		panic(err)
	}
	return err == nil
}

// observeStatusKind sets the status writer's series of kind to zero.
func observeStatusKind(kind string) {
	statusWrites.WithLabelValues(kind)
	statusGenerationWrites.WithLabelValues(kind)
	statusWritesSkipped.WithLabelValues(kind, skipUnchanged)
	statusWritesSkipped.WithLabelValues(kind, skipCacheBehind)
	writeConflicts.WithLabelValues(kind, writeStatus)
}

// observeOwnedKind sets the gated apply's series of kind owning owned to zero.
func observeOwnedKind(kind, owned string) {
	ownedApplies.WithLabelValues(kind, owned)
	ownedAppliesSkipped.WithLabelValues(kind, owned, skipUnchanged)
	ownedAppliesSkipped.WithLabelValues(kind, owned, skipCacheBehind)
	writeConflicts.WithLabelValues(kind, writeOwned)
}

// statusSkipped counts a status write of kind not sent: the owned status already held
// it, as the live copy shows it or, when behind, as the writer's memory of its own
// last write does.
func statusSkipped(kind string, behind bool) {
	reason := skipUnchanged
	if behind {
		reason = skipCacheBehind
	}
	statusWritesSkipped.WithLabelValues(kind, reason).Inc()
}

// statusSent counts a status write of kind the server accepted; newGeneration says it
// recorded an observedGeneration the writer had not written before.
func statusSent(kind string, newGeneration bool) {
	statusWrites.WithLabelValues(kind).Inc()
	if newGeneration {
		statusGenerationWrites.WithLabelValues(kind).Inc()
	}
}

// statusFailed counts a status write of kind that failed, when it failed with a 409.
func statusFailed(kind string, err error) { countConflict(kind, writeStatus, err) }

// countConflict counts err when it is a 409 Conflict of a write of kind.
func countConflict(kind, write string, err error) {
	if apierrors.IsConflict(err) {
		writeConflicts.WithLabelValues(kind, write).Inc()
	}
}
