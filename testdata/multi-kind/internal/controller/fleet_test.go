package controller

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	fleetv1 "opgen.test/golden/multi-kind/api/v1"
)

// A user's test of the scaffolded reconcilers, as generated: both kinds converge, and
// the cluster-scoped one, which has a finalizer, deletes cleanly.

var k8s client.Client

func TestMain(m *testing.M) { os.Exit(run(m)) }

func run(m *testing.M) int {
	if os.Getenv("KUBEBUILDER_ASSETS") == "" {
		fmt.Fprintln(os.Stderr, "KUBEBUILDER_ASSETS is not set")
		return 1
	}
	scheme := runtime.NewScheme()
	if err := AddToScheme(scheme); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	env := &envtest.Environment{
		CRDDirectoryPaths:     []string{filepath.Join("..", "..", "config", "crd", "bases")},
		ErrorIfCRDPathMissing: true,
	}
	env.ControlPlane.GetAPIServer().Configure().Set("advertise-address", "127.0.0.1").Set("endpoint-reconciler-type", "none")
	// Caught from before Start (envtest's processes are in groups of their own, which a
	// Ctrl-C does not reach): stopped on a failed start, an interrupt and a return.
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	cfg, err := env.Start()
	if err != nil {
		env.Stop()
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer env.Stop()
	go func() { <-signals; env.Stop(); os.Exit(1) }()
	mgr, err := ctrl.NewManager(cfg, ctrl.Options{Scheme: scheme, Cache: CacheOptions(), Metrics: metricsserver.Options{BindAddress: "0"}})
	if err == nil {
		err = SetupReconcilers(mgr)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { _ = mgr.Start(ctx) }()
	if k8s, err = client.New(cfg, client.Options{Scheme: scheme}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return m.Run()
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); !cond(); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within 20 s", what)
		}
	}
}

func TestShipAndHarborConverge(t *testing.T) {
	ctx := context.Background()
	ship := &fleetv1.Ship{ObjectMeta: metav1.ObjectMeta{Name: "argo", Namespace: "default", Labels: map[string]string{"fleet.example.com/shard": "north"}}, Spec: fleetv1.ShipSpec{Crew: 50, Harbor: "north"}}
	harbor := &fleetv1.Harbor{ObjectMeta: metav1.ObjectMeta{Name: "north"}, Spec: fleetv1.HarborSpec{Berths: 4}}
	for _, o := range []client.Object{ship, harbor} {
		if err := k8s.Create(ctx, o); err != nil {
			t.Fatal(err)
		}
	}
	waitFor(t, "the ship's status", func() bool {
		var s fleetv1.Ship
		return k8s.Get(ctx, client.ObjectKeyFromObject(ship), &s) == nil && s.Status.ObservedGeneration == s.Generation && len(s.Status.Conditions) == 1
	})
	waitFor(t, "the harbor's status and finalizer", func() bool {
		var h fleetv1.Harbor
		return k8s.Get(ctx, client.ObjectKeyFromObject(harbor), &h) == nil && h.Status.ObservedGeneration == h.Generation && len(h.Finalizers) == 1
	})
	if err := k8s.Delete(ctx, harbor); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the harbor's deletion", func() bool {
		return apierrors.IsNotFound(k8s.Get(ctx, client.ObjectKeyFromObject(harbor), &fleetv1.Harbor{}))
	})
}

// TestShipOutsideTheShardIsIgnored: +opguard:cache-selector keeps the Ships of other
// shards out of the manager's cache, so they are never reconciled; relabelled into
// the shard, a Ship converges.
func TestShipOutsideTheShardIsIgnored(t *testing.T) {
	ctx := context.Background()
	key := client.ObjectKey{Name: "drifter", Namespace: "default"}
	stray := &fleetv1.Ship{ObjectMeta: metav1.ObjectMeta{Name: key.Name, Namespace: key.Namespace, Labels: map[string]string{"fleet.example.com/shard": "south"}}, Spec: fleetv1.ShipSpec{Crew: 3}}
	marker := &fleetv1.Ship{ObjectMeta: metav1.ObjectMeta{Name: "marker", Namespace: "default", Labels: map[string]string{"fleet.example.com/shard": "east"}}, Spec: fleetv1.ShipSpec{Crew: 1}}
	for _, o := range []client.Object{stray, marker} {
		if err := k8s.Create(ctx, o); err != nil {
			t.Fatal(err)
		}
	}
	// Created after the stray one, the ship in the shard converging first shows the
	// manager had every chance to see the stray one.
	waitFor(t, "the east ship's status", func() bool {
		var s fleetv1.Ship
		return k8s.Get(ctx, client.ObjectKeyFromObject(marker), &s) == nil && s.Status.ObservedGeneration == s.Generation
	})
	time.Sleep(2 * time.Second)
	var s fleetv1.Ship
	if err := k8s.Get(ctx, key, &s); err != nil {
		t.Fatal(err)
	}
	if s.Status.ObservedGeneration != 0 || len(s.Status.Conditions) != 0 {
		t.Fatalf("a ship of shard south was reconciled: %+v", s.Status)
	}
	s.Labels["fleet.example.com/shard"] = "north"
	if err := k8s.Update(ctx, &s); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the relabelled ship's status", func() bool {
		return k8s.Get(ctx, key, &s) == nil && s.Status.ObservedGeneration == s.Generation
	})
}
