package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/watch"
	"sigs.k8s.io/controller-runtime/pkg/client"

	stormv1 "github.com/opgen-dev/opgen/bench/storm/api/v1"
)

// stormKind is what a run does with its kind: the storm Cache, or the peer's Memcached.
type stormKind struct {
	group, resource string
	// controller is the controller's name in its metrics.
	controller string
	// load is the kind the outside writers act on; nil for the Cache.
	load loadKind
	// create creates the i-th object.
	create func(ctx context.Context, c client.Client, i int) error
	// watch starts the watches that count effective status writes and feed pr.conv.
	watch func(ctx context.Context, c client.WithWatch, pr *probe) error
	// countConverged reads every object and counts the converged ones.
	countConverged func(ctx context.Context, c client.Client) (int, error)
	// generations sums the objects' generations.
	generations func(ctx context.Context, c client.Client) (int64, error)
}

func kindOf(controller string) *stormKind {
	if controller == peerController {
		return memcachedStorm
	}
	return cacheStorm
}

var cacheStorm = &stormKind{
	group: stormv1.GroupVersion.Group, resource: "caches", controller: "cache",
	create: func(ctx context.Context, c client.Client, i int) error {
		return c.Create(ctx, &stormv1.Cache{ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("c%04d", i), Namespace: "default"},
			Spec: stormv1.CacheSpec{Size: 1, Image: "cache:1"}})
	},
	watch: func(ctx context.Context, c client.WithWatch, pr *probe) error {
		w, err := c.Watch(ctx, &stormv1.CacheList{}, client.InNamespace("default"))
		if err != nil {
			return err
		}
		go pr.effective.countBy(w, func(o runtime.Object) (string, string, bool) {
			obj, ok := o.(*stormv1.Cache)
			if !ok {
				return "", "", false
			}
			return obj.Name, cacheStatusKey(&obj.Status), true
		}, func(ev watch.Event) {
			if o, ok := ev.Object.(*stormv1.Cache); ok {
				pr.conv.set(o.Name, ev.Type != watch.Deleted && o.Generation > 0 && o.Status.ObservedGeneration == o.Generation)
			}
		})
		return nil
	},
	countConverged: func(ctx context.Context, c client.Client) (int, error) {
		n := 0
		err := eachCache(ctx, c, func(o *stormv1.Cache) {
			if o.Status.ObservedGeneration == o.Generation {
				n++
			}
		})
		return n, err
	},
	generations: func(ctx context.Context, c client.Client) (int64, error) {
		var gens int64
		err := eachCache(ctx, c, func(o *stormv1.Cache) { gens += o.Generation })
		return gens, err
	},
}

var memcachedStorm = &stormKind{
	group: memcachedGVK.Group, resource: "memcacheds", controller: "memcached", load: memcachedKind{},
	create: func(ctx context.Context, c client.Client, i int) error {
		u := memcachedKind{}.object(fmt.Sprintf("c%04d", i)).(*unstructured.Unstructured)
		u.Object["spec"] = map[string]any{"size": int64(1), "containerPort": int64(11211)}
		return c.Create(ctx, u)
	},
	watch: func(ctx context.Context, c client.WithWatch, pr *probe) error {
		list := &unstructured.UnstructuredList{}
		list.SetGroupVersionKind(memcachedGVK.GroupVersion().WithKind("MemcachedList"))
		w, err := c.Watch(ctx, list, client.InNamespace("default"))
		if err != nil {
			return err
		}
		deps, err := c.Watch(ctx, &appsv1.DeploymentList{}, client.InNamespace("default"))
		if err != nil {
			return err
		}
		pc := &peerConvergence{conv: pr.conv, reported: map[string]int64{}, replicas: map[string]int64{}}
		go pr.effective.countBy(w, unstructuredStatusKey, func(ev watch.Event) {
			if u, ok := ev.Object.(*unstructured.Unstructured); ok {
				pc.memcached(u, ev.Type == watch.Deleted)
			}
		})
		go func() {
			for ev := range deps.ResultChan() {
				if d, ok := ev.Object.(*appsv1.Deployment); ok {
					pc.deployment(d, ev.Type == watch.Deleted)
				}
			}
		}()
		return nil
	},
	countConverged: countPeerConverged,
	generations: func(ctx context.Context, c client.Client) (int64, error) {
		list, err := listMemcached(ctx, c)
		if err != nil {
			return 0, err
		}
		var gens int64
		for _, o := range list.Items {
			gens += o.GetGeneration()
		}
		return gens, nil
	},
}

// unstructuredStatusKey is a Memcached's status without the outside writers' condition.
func unstructuredStatusKey(o runtime.Object) (string, string, bool) {
	obj, ok := o.(*unstructured.Unstructured)
	if !ok {
		return "", "", false
	}
	st, _, _ := unstructured.NestedMap(obj.Object, "status")
	if conds, ok := st["conditions"].([]any); ok {
		var keep []any
		for _, c := range conds {
			if m, _ := c.(map[string]any); m["type"] != outsiderCondition {
				keep = append(keep, c)
			}
		}
		st["conditions"] = keep
	}
	key, _ := json.Marshal(st)
	return obj.GetName(), string(key), true
}

// convergence tracks, from watch events, which objects are converged, so that a run
// waits for 10,000 objects without listing them again and again.
type convergence struct {
	mu   sync.Mutex
	done map[string]bool
	n    int
}

func (c *convergence) set(name string, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.done == nil {
		c.done = map[string]bool{}
	}
	if c.done[name] != ok {
		if ok {
			c.n++
		} else {
			c.n--
		}
	}
	if ok {
		c.done[name] = true
	} else {
		delete(c.done, name)
	}
}

func (c *convergence) count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

// wait waits until n objects converged or timeout passed since start, and returns how
// many did.
func (c *convergence) wait(ctx context.Context, n int, start time.Time, timeout time.Duration) (int, error) {
	deadline := start.Add(timeout)
	for {
		done := c.count()
		if done >= n {
			return done, nil
		}
		if time.Now().After(deadline) {
			return done, fmt.Errorf("only %d of %d objects converged in %v", done, n, timeout)
		}
		select {
		case <-ctx.Done():
			return done, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// peerConvergence is peerConverged from watch events: an object is converged when its
// Available condition reports its spec's size and its Deployment has that many
// replicas.
type peerConvergence struct {
	conv               *convergence
	mu                 sync.Mutex
	reported, replicas map[string]int64 // -1: not (yet) reported
}

func (p *peerConvergence) memcached(u *unstructured.Unstructured, deleted bool) {
	size, found, _ := unstructured.NestedInt64(u.Object, "spec", "size")
	if !found {
		size = 1
	}
	rep := int64(-1)
	conds, _, _ := unstructured.NestedSlice(u.Object, "status", "conditions")
	for _, x := range conds {
		m, _ := x.(map[string]any)
		if m["type"] == "Available" && m["status"] == "True" &&
			strings.HasSuffix(fmt.Sprint(m["message"]), fmt.Sprintf(" with %d replicas created successfully", size)) {
			rep = size
		}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if deleted {
		rep = -1
	}
	p.reported[u.GetName()] = rep
	p.update(u.GetName())
}

func (p *peerConvergence) deployment(d *appsv1.Deployment, deleted bool) {
	rep := int64(-1)
	if d.Spec.Replicas != nil && !deleted {
		rep = int64(*d.Spec.Replicas)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.replicas[d.Name] = rep
	p.update(d.Name)
}

func (p *peerConvergence) update(name string) {
	r, ok := p.reported[name]
	d, dok := p.replicas[name]
	p.conv.set(name, ok && dok && r >= 0 && r == d)
}
