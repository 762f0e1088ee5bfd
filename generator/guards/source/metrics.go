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
// constants below; a field manager is one of the first guardMaxManagers seen, then
// "other". The generated writers and gated applies set their series to zero at start
// (observeStatusKind, observeOwnedKind), so a rate over the first write sees it.
var (
	guardStatusWrites = guardCounterVec("opguard_status_writes_total",
		"Server-Side Applies to the status subresource the status writer sent, per kind.",
		"kind")
	guardGenerationWrites = guardCounterVec("opguard_status_generation_writes_total",
		"Status writes that recorded a new observedGeneration (a creation or spec change), per kind; "+
			"0 for a kind without +opguard:observed-generation. Writes beyond these, steadily, are a loop.",
		"kind")
	guardStatusSkipped = guardCounterVec("opguard_status_writes_skipped_total",
		"Status writes the status writer decided not to send, per kind and reason: "+
			"unchanged (the status this field manager owns already holds it), "+
			"cache_behind (the cache has not shown the writer's own last write, which holds it).",
		"kind", "reason")
	guardOwnedApplies = guardCounterVec("opguard_owned_applies_total",
		"Server-Side Applies of owned objects the gated apply sent, per owning kind and owned kind.",
		"kind", "owned_kind")
	guardOwnedSkipped = guardCounterVec("opguard_owned_applies_skipped_total",
		"Applies of owned objects the gated apply decided not to send, per owning kind, owned kind and reason "+
			"(unchanged, cache_behind).",
		"kind", "owned_kind", "reason")
	guardTakebacks = guardCounterVec("opguard_status_takebacks_total",
		"Status writes that took fields back from another field manager, per kind and that manager "+
			"(the first 16 managers by name, then other). A steady rate is a field fight.",
		"kind", "manager")
	guardConflicts = guardCounterVec("opguard_write_conflicts_total",
		"Writes of the guards answered 409 Conflict, per kind and write (status, owned). "+
			"They send no resourceVersion, so this stays 0.",
		"kind", "write")
)

// guardRateLimiterLatency turns on client-go's rest_client_rate_limiter_duration_seconds,
// which controller-runtime leaves off: the time requests wait in the client-side rate
// limiter (ClientLimits), the first sign of a storm. Turning it on twice is harmless.
var guardRateLimiterLatency = func() bool {
	metrics.RegisterRESTClientMetrics(metrics.MetricRateLimiterLatency)
	return true
}()

// The reasons a write is not sent.
const (
	guardSkipUnchanged   = "unchanged"
	guardSkipCacheBehind = "cache_behind"
)

// The writes a conflict is counted for.
const (
	guardWriteStatus = "status"
	guardWriteOwned  = "owned"
)

// guardMaxManagers bounds the manager label of guardTakebacks: field managers are
// named by whoever writes, so past this many the rest share "other".
const guardMaxManagers = 16

var guardManagerLabels = struct {
	sync.Mutex
	seen map[string]bool
}{seen: map[string]bool{}}

// guardManagerLabel returns the label value of a field manager: its name while fewer than
// guardMaxManagers names have been seen, "other" for the names past them.
func guardManagerLabel(manager string) string {
	guardManagerLabels.Lock()
	defer guardManagerLabels.Unlock()
	if guardManagerLabels.seen[manager] {
		return manager
	}
	if len(guardManagerLabels.seen) >= guardMaxManagers {
		return "other"
	}
	guardManagerLabels.seen[manager] = true
	return manager
}

// guardCounterVec registers a counter family on controller-runtime's registry, or returns
// the one already there (a second runtime package in one binary).
func guardCounterVec(name, help string, labels ...string) *prometheus.CounterVec {
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

// guardMemorySize registers the gauge of one of the guards' memories, read when scraped:
// opguard_write_memory_entries{memory="status"} (writeMemory) or {memory="owned"}
// (ownedMemory). Each entry is one object written moments ago (status) or applied
// (owned, about 150 bytes); they are pruned past 1024.
func guardMemorySize(memory string, size func() int) bool {
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
	guardStatusWrites.WithLabelValues(kind)
	guardGenerationWrites.WithLabelValues(kind)
	guardStatusSkipped.WithLabelValues(kind, guardSkipUnchanged)
	guardStatusSkipped.WithLabelValues(kind, guardSkipCacheBehind)
	guardConflicts.WithLabelValues(kind, guardWriteStatus)
}

// observeOwnedKind sets the gated apply's series of kind owning owned to zero.
func observeOwnedKind(kind, owned string) {
	guardOwnedApplies.WithLabelValues(kind, owned)
	guardOwnedSkipped.WithLabelValues(kind, owned, guardSkipUnchanged)
	guardOwnedSkipped.WithLabelValues(kind, owned, guardSkipCacheBehind)
	guardConflicts.WithLabelValues(kind, guardWriteOwned)
}

// countStatusSkipped counts a status write of kind not sent: the owned status already held
// it, as the live copy shows it or, when behind, as the writer's memory of its own
// last write does.
func countStatusSkipped(kind string, behind bool) {
	reason := guardSkipUnchanged
	if behind {
		reason = guardSkipCacheBehind
	}
	guardStatusSkipped.WithLabelValues(kind, reason).Inc()
}

// countStatusSent counts a status write of kind the server accepted; newGeneration says it
// recorded an observedGeneration the writer had not written before.
func countStatusSent(kind string, newGeneration bool) {
	guardStatusWrites.WithLabelValues(kind).Inc()
	if newGeneration {
		guardGenerationWrites.WithLabelValues(kind).Inc()
	}
}

// countStatusFailed counts a status write of kind that failed, when it failed with a 409.
func countStatusFailed(kind string, err error) { guardCountConflict(kind, guardWriteStatus, err) }

// guardCountConflict counts err when it is a 409 Conflict of a write of kind.
func guardCountConflict(kind, write string, err error) {
	if apierrors.IsConflict(err) {
		guardConflicts.WithLabelValues(kind, write).Inc()
	}
}
