package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"

	stormv1 "github.com/opgen-dev/opgen/bench/storm/api/v1"
)

// heapObjects is the Go heap's memory in objects, live or not yet swept: what the
// informer caches and everything else the process allocated occupy; heapLive is the
// part the last collection found live, which does not depend on when the collector ran.
const (
	heapObjects = "/memory/classes/heap/objects:bytes"
	heapLive    = "/gc/heap/live:bytes"
)

// heapPeak samples the Go heap every 100 ms and keeps the highest readings: the
// benchmark's own clients and watches are in it too, as in the RSS, and the same for
// every run.
type heapPeak struct {
	mu         sync.Mutex
	peak, live uint64
}

func (h *heapPeak) run(ctx context.Context) {
	t := time.NewTicker(100 * time.Millisecond)
	defer t.Stop()
	for {
		h.take()
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func (h *heapPeak) take() {
	s := []metrics.Sample{{Name: heapObjects}, {Name: heapLive}}
	metrics.Read(s)
	h.mu.Lock()
	h.peak = max(h.peak, value(s[0]))
	h.live = max(h.live, value(s[1]))
	h.mu.Unlock()
}

// max returns the highest heap and live heap sampled.
func (h *heapPeak) max() (heap, live uint64) {
	h.take()
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.peak, h.live
}

func value(s metrics.Sample) uint64 {
	if s.Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s.Value.Uint64()
}

// liveHeap is the heap after a collection: what the process holds on to, the
// caches above all.
func liveHeap() uint64 {
	runtime.GC()
	s := []metrics.Sample{{Name: heapLive}}
	metrics.Read(s)
	return value(s[0])
}

// peakRSS is the process's peak resident set (VmHWM of /proc/self/status), in bytes:
// the manager and the benchmark's own clients, not the API server or etcd, which run in
// processes of their own.
func peakRSS() (uint64, error) {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb * 1024, err
		}
	}
	return 0, fmt.Errorf("no VmHWM in /proc/self/status")
}

// mib is bytes in MiB.
func mib(b uint64) float64 { return float64(b) / (1 << 20) }

// cachedManagedFields counts the managedFields entries a cache holds of the kinds the
// controllers watch, and the bytes of their field sets.
func cachedManagedFields(ctx context.Context, c cache.Cache) (entries, bytes int, err error) {
	for _, l := range []client.ObjectList{&stormv1.CacheList{}, &appsv1.DeploymentList{}, &corev1.ConfigMapList{}} {
		if err := c.List(ctx, l, client.InNamespace("default")); err != nil {
			return 0, 0, err
		}
		items, err := meta.ExtractList(l)
		if err != nil {
			return 0, 0, err
		}
		for _, it := range items {
			o, _ := it.(client.Object)
			for _, e := range o.GetManagedFields() {
				entries++
				if e.FieldsV1 != nil {
					bytes += len(e.FieldsV1.Raw)
				}
			}
		}
	}
	return entries, bytes, nil
}
