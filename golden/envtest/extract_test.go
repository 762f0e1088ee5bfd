package envtest_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
	metav1ac "k8s.io/client-go/applyconfigurations/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	multikind "opgen.test/golden/multi-kind/api/v1"
	beaconac "opgen.test/golden/multi-kind/api/v1/applyconfiguration/api/v1"
	owned "opgen.test/golden/owned/api/v1"
	stageac "opgen.test/golden/owned/api/v1/applyconfiguration/api/v1"
)

// The two managers of the Stage's spec, and the one of its status.
const (
	managerA      = "manager-a"
	managerB      = "manager-b"
	statusManager = "stage-status"
)

// stageA is what manager A applies: two entries of the steps list-map, two keys of the
// env map, fields of the nested runner, a label.
func stageA(name string) *stageac.StageApplyConfiguration {
	return stageac.Stage(name, "default").
		WithLabels(map[string]string{"team": "a"}).
		WithSpec(stageac.StageSpec().
			WithSteps(
				stageac.Step().WithName("compile").WithImage("golang:1.26").WithArgs("build", "./...").WithMaxFailures(intstr.FromInt32(2)),
				stageac.Step().WithName("test").WithImage("golang:1.26").WithMaxFailures(intstr.FromString("10%")),
			).
			WithEnv(map[string]string{"GOFLAGS": "-mod=mod", "CGO_ENABLED": "0"}).
			WithRunner(stageac.Runner().WithPool("linux").WithNodeSelector(map[string]string{"arch": "amd64"})).
			WithTags("go"))
}

// stageB is what manager B applies: another step, another env key, another runner
// field, another tag.
func stageB(name string) *stageac.StageApplyConfiguration {
	return stageac.Stage(name, "default").
		WithSpec(stageac.StageSpec().
			WithSteps(stageac.Step().WithName("publish").WithImage("ko")).
			WithEnv(map[string]string{"REGISTRY": "registry.example.com"}).
			WithRunner(stageac.Runner().WithCPUs(4)).
			WithTags("release"))
}

func getStage(t *testing.T, name string) *owned.Stage {
	t.Helper()
	var s owned.Stage
	if err := k8s.Get(context.Background(), client.ObjectKey{Namespace: "default", Name: name}, &s); err != nil {
		t.Fatal(err)
	}
	return &s
}

// step returns the stage's step of that name, or a zero one.
func step(s *owned.Stage, name string) owned.Step {
	for _, st := range s.Spec.Steps {
		if st.Name == name {
			return st
		}
	}
	return owned.Step{}
}

func extract(t *testing.T, s *owned.Stage, manager string) *stageac.StageApplyConfiguration {
	t.Helper()
	got, err := stageac.ExtractStage(s, manager)
	if err != nil {
		t.Fatalf("ExtractStage(%s): %v", manager, err)
	}
	return got
}

// TestExtractTwoManagers: two managers apply disjoint parts of one Stage, the same list
// and map among them; Extract gives each back exactly what it applied, the other's
// entries left out; the status applied through the status subresource comes back from
// ExtractStageStatus alone.
func TestExtractTwoManagers(t *testing.T) {
	ctx := context.Background()
	const name = "extract-two"
	if err := k8s.Apply(ctx, stageA(name), client.FieldOwner(managerA)); err != nil {
		t.Fatalf("apply as A: %v", err)
	}
	if err := k8s.Apply(ctx, stageB(name), client.FieldOwner(managerB)); err != nil {
		t.Fatalf("apply as B: %v", err)
	}
	now := metav1.Now().Rfc3339Copy()
	status := func() *stageac.StageApplyConfiguration {
		return stageac.Stage(name, "default").WithStatus(stageac.StageStatus().
			WithPhase("Running").
			WithAttempts(1).
			WithConditions(metav1ac.Condition().WithType("Ready").WithStatus(metav1.ConditionFalse).
				WithReason("Running").WithMessage("step compile").WithLastTransitionTime(now)))
	}
	if err := k8s.Status().Apply(ctx, status(), client.FieldOwner(statusManager)); err != nil {
		t.Fatalf("status apply: %v", err)
	}

	live := getStage(t, name)
	// The server merged the two: the object holds both managers' entries.
	if len(live.Spec.Steps) != 3 || len(live.Spec.Env) != 3 || len(live.Spec.Tags) != 2 || live.Spec.Runner.CPUs != 4 {
		t.Fatalf("the server did not merge the two applies: %+v", live.Spec)
	}

	if d := cmp.Diff(stageA(name), extract(t, live, managerA)); d != "" {
		t.Errorf("ExtractStage(A) is not what A applied (-applied +extracted):\n%s", d)
	}
	if d := cmp.Diff(stageB(name), extract(t, live, managerB)); d != "" {
		t.Errorf("ExtractStage(B) is not what B applied (-applied +extracted):\n%s", d)
	}

	gotStatus, err := stageac.ExtractStageStatus(live, statusManager)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(status(), gotStatus); d != "" {
		t.Errorf("ExtractStageStatus is not what was applied (-applied +extracted):\n%s", d)
	}
	// Each subresource has its own managers: the status manager owns nothing of the
	// object itself, A nothing of the status.
	bare := stageac.Stage(name, "default")
	if d := cmp.Diff(bare, extract(t, live, statusManager)); d != "" {
		t.Errorf("ExtractStage(status manager) holds fields (-want +got):\n%s", d)
	}
	gotAStatus, err := stageac.ExtractStageStatus(live, managerA)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(bare, gotAStatus); d != "" {
		t.Errorf("ExtractStageStatus(A) holds fields (-want +got):\n%s", d)
	}
}

// TestExtractAfterForce: B force-applies one of A's env keys and the image of one of
// A's steps; A's extracted configuration no longer holds them (the step itself, its
// key and its other fields stay A's), B's does, and A can apply what it extracted,
// changed, without a conflict.
func TestExtractAfterForce(t *testing.T) {
	ctx := context.Background()
	const name = "extract-force"
	if err := k8s.Apply(ctx, stageA(name), client.FieldOwner(managerA)); err != nil {
		t.Fatalf("apply as A: %v", err)
	}
	if err := k8s.Apply(ctx, stageB(name), client.FieldOwner(managerB)); err != nil {
		t.Fatalf("apply as B: %v", err)
	}
	takeover := func() *stageac.StageApplyConfiguration {
		b := stageB(name)
		b.Spec.WithEnv(map[string]string{"GOFLAGS": "-mod=readonly"})
		b.Spec.WithSteps(stageac.Step().WithName("test").WithImage("golang:1.27"))
		return b
	}
	// Without force the server refuses: the fields are A's.
	if err := k8s.Apply(ctx, takeover(), client.FieldOwner(managerB)); err == nil {
		t.Fatal("B took A's fields without force")
	}
	if err := k8s.Apply(ctx, takeover(), client.FieldOwner(managerB), client.ForceOwnership); err != nil {
		t.Fatalf("forced apply as B: %v", err)
	}

	live := getStage(t, name)
	if live.Spec.Env["GOFLAGS"] != "-mod=readonly" || step(live, "test").Image != "golang:1.27" {
		t.Fatalf("the forced apply did not land: %+v", live.Spec)
	}
	wantA := stageA(name)
	delete(wantA.Spec.Env, "GOFLAGS")
	wantA.Spec.Steps[1].Image = nil
	gotA := extract(t, live, managerA)
	if d := cmp.Diff(wantA, gotA); d != "" {
		t.Errorf("ExtractStage(A) after B's forced apply (-want +extracted):\n%s", d)
	}
	if d := cmp.Diff(takeover(), extract(t, live, managerB)); d != "" {
		t.Errorf("ExtractStage(B) after its forced apply (-applied +extracted):\n%s", d)
	}

	// Extract, change, apply: what A extracted holds none of B's fields, so applying it
	// back as A, with one more key, conflicts with nothing and leaves B's values alone.
	gotA.Spec.WithEnv(map[string]string{"DEBUG": "1"})
	if err := k8s.Apply(ctx, gotA, client.FieldOwner(managerA)); err != nil {
		t.Fatalf("applying the extracted configuration as A: %v", err)
	}
	live = getStage(t, name)
	if live.Spec.Env["DEBUG"] != "1" || live.Spec.Env["GOFLAGS"] != "-mod=readonly" || step(live, "test").Image != "golang:1.27" {
		t.Fatalf("after A's apply of its extracted configuration: %+v", live.Spec)
	}
	wantA.Spec.WithEnv(map[string]string{"DEBUG": "1"})
	if d := cmp.Diff(wantA, extract(t, live, managerA)); d != "" {
		t.Errorf("ExtractStage(A) after applying its extracted configuration (-want +extracted):\n%s", d)
	}
}

// TestExtractWithoutStatus: Beacon, owned by Ship in multi-kind, has no status
// subresource and so only ExtractBeacon.
func TestExtractWithoutStatus(t *testing.T) {
	ctx := context.Background()
	if err := k8s.Apply(ctx, beaconac.Beacon("lighthouse", "default").WithMessage("all clear"), client.FieldOwner("keeper")); err != nil {
		t.Fatal(err)
	}
	if err := k8s.Apply(ctx, beaconac.Beacon("lighthouse", "default").WithLabels(map[string]string{"coast": "north"}), client.FieldOwner("survey")); err != nil {
		t.Fatal(err)
	}
	var live multikind.Beacon
	if err := k8s.Get(ctx, client.ObjectKey{Namespace: "default", Name: "lighthouse"}, &live); err != nil {
		t.Fatal(err)
	}
	got, err := beaconac.ExtractBeacon(&live, "keeper")
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(beaconac.Beacon("lighthouse", "default").WithMessage("all clear"), got); d != "" {
		t.Errorf("ExtractBeacon(keeper) (-applied +extracted):\n%s", d)
	}
}
