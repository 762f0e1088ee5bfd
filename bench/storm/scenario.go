package main

import (
	"time"

	"github.com/opgen-dev/opgen/bench/storm/guarded"
)

// action is one kind of outside write.
type action int

const (
	specChange action = iota
	labelChange
	annotationChange
	foreignStatus
	// ownedStatus is the Deployment controller reporting on a Cache's Deployment.
	ownedStatus
)

func (a action) String() string {
	return [...]string{"spec", "label", "annotation", "foreign-status", "owned-status"}[a]
}

// scenario is one incident in small.
type scenario struct {
	name string
	// mix weighs the outside writers' actions.
	mix map[action]int
	// objects, workers, writers and interval replace the flags when set.
	objects  int
	workers  int
	writers  int
	interval time.Duration
	// qps and burst throttle every controller's client when qps > 0.
	qps   float32
	burst int
	// legacyQueue runs controller-runtime's rate-limiting queue instead of the
	// priority queue, as before v0.23.
	legacyQueue bool
}

var mixed = map[action]int{specChange: 1, labelChange: 1, annotationChange: 1, foreignStatus: 1, ownedStatus: 1}

var scenarios = []scenario{
	{name: "noise", mix: map[action]int{labelChange: 1, annotationChange: 1, foreignStatus: 1, ownedStatus: 1}},
	{name: "conflict", mix: map[action]int{specChange: 1, foreignStatus: 1}, objects: 5, workers: 10, writers: 8, interval: 100 * time.Millisecond},
	{name: "throttled", mix: mixed, qps: 20, burst: 30},
	{name: "legacy-queue", mix: mixed, legacyQueue: true},
	{name: "mixed", mix: mixed},
}

func scenarioNames() []string {
	var out []string
	for _, s := range scenarios {
		out = append(out, s.name)
	}
	return out
}

func scenarioByName(name string) *scenario {
	for i := range scenarios {
		if scenarios[i].name == name {
			return &scenarios[i]
		}
	}
	return nil
}

var controllerNames = []string{"guarded", "naive", "naive-patch", peerController}

// noController runs no controller at all: the tenant's reference for what creating the
// objects and the load do to it by themselves. It is not among the defaults.
const noController = "none"

func validController(name string) bool {
	if name == noController {
		return true
	}
	for _, c := range controllerNames {
		if c == name {
			return true
		}
	}
	return false
}

// settings resolves a scenario against the flags, for controller.
func (s scenario) settings(p Params, controller string) (objects, workers, writers int, interval time.Duration) {
	objects, workers, writers, interval = p.Objects, p.Workers, p.Writers, time.Duration(p.Interval)
	if controller == "guarded" {
		workers = guarded.DefaultMaxConcurrentReconciles
		if p.GuardedWorkers > 0 {
			workers = p.GuardedWorkers
		}
	}
	if s.objects > 0 && s.objects < objects {
		objects = s.objects
	}
	if s.workers > 0 {
		workers = s.workers
	}
	if s.writers > 0 {
		writers = s.writers
	}
	if s.interval > 0 {
		interval = s.interval
	}
	return
}
