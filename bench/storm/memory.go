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
