package envtest_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
	corev1ac "k8s.io/client-go/applyconfigurations/core/v1"
	metav1ac "k8s.io/client-go/applyconfigurations/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	multikind "opgen.test/golden/multi-kind/api/v1"
	harborac "opgen.test/golden/multi-kind/api/v1/applyconfiguration/api/v1"
	richtypes "opgen.test/golden/rich-types/api/v1beta1"
	workloadac "opgen.test/golden/rich-types/api/v1beta1/applyconfiguration/api/v1beta1"
)

// TestApplySpecAndStatus applies a spec through client.Client.Apply and a status
// through Status().Apply with the generated apply configurations, then reads back
// exactly what was applied, and who manages it.
func TestApplySpecAndStatus(t *testing.T) {
	ctx := context.Background()
	spec := workloadac.WorkloadSpec().
		WithTeam("storage").
		WithTier(richtypes.TierGold).
		WithReplicas(3).
		WithMemory(resource.MustParse("1Gi")).
		WithMaxSurge(intstr.FromString("25%")).
		WithPorts(workloadac.Port().WithName("http").WithPort(80).WithTargetPort(intstr.FromString("web")).WithProtocol(corev1.ProtocolTCP)).
		WithExtraPorts(workloadac.Port().WithName("debug").WithPort(6060)).
		WithBackends(map[string]workloadac.BackendApplyConfiguration{
			"primary": *workloadac.Backend().WithWeight(9).WithPorts(workloadac.Port().WithName("grpc").WithPort(9090)),
		}).
		WithSelectors(map[string][]string{"zone": {"a", "b"}}).
		WithPodLabels(richtypes.Labels{"app": "w"}).
		WithArgs("--verbose").
		WithSchedule(workloadac.Schedule().WithCron("*/5 * * * *").WithTimeout(metav1.Duration{Duration: 90e9})).
		WithAffinity(corev1ac.Affinity().WithNodeAffinity(corev1ac.NodeAffinity().
			WithRequiredDuringSchedulingIgnoredDuringExecution(corev1ac.NodeSelector().WithNodeSelectorTerms(
				corev1ac.NodeSelectorTerm().WithMatchExpressions(corev1ac.NodeSelectorRequirement().
					WithKey("disk").WithOperator(corev1.NodeSelectorOpIn).WithValues("ssd")))))).
		WithResources(corev1ac.ResourceRequirements().WithLimits(corev1.ResourceList{corev1.ResourceCPU: resource.MustParse("500m")})).
		WithTolerations(corev1ac.Toleration().WithKey("dedicated").WithOperator(corev1.TolerationOpExists)).
		WithConfigRef(corev1ac.ObjectReference().WithKind("ConfigMap").WithName("cfg")).
		WithSelector(metav1ac.LabelSelector().WithMatchLabels(map[string]string{"app": "w"})).
		WithChecksum([]byte{1, 2, 3}...)
	obj := workloadac.Workload("w1", "default").WithLabels(map[string]string{"team": "storage"}).WithSpec(spec)
	if err := k8s.Apply(ctx, obj, client.FieldOwner("spec-owner"), client.ForceOwnership); err != nil {
		t.Fatalf("Apply: %v", err)
	}
	// Apply unmarshals the server's answer into the apply configuration.
	if obj.ObjectMetaApplyConfiguration.UID == nil || *obj.GetName() != "w1" {
		t.Fatalf("the apply configuration does not hold the server's answer: %+v", obj.ObjectMetaApplyConfiguration)
	}

	var got richtypes.Workload
	if err := k8s.Get(ctx, client.ObjectKey{Namespace: "default", Name: "w1"}, &got); err != nil {
		t.Fatal(err)
	}
	replicas := int32(3)
	wantSpec := richtypes.WorkloadSpec{
		Ownership:  richtypes.Ownership{Team: "storage"},
		Tier:       richtypes.TierGold,
		Replicas:   &replicas,
		Memory:     resource.MustParse("1Gi"),
		MaxSurge:   ptr(intstr.FromString("25%")),
		Ports:      []richtypes.Port{{Name: "http", Port: 80, TargetPort: intstr.FromString("web"), Protocol: corev1.ProtocolTCP}},
		ExtraPorts: []*richtypes.Port{{Name: "debug", Port: 6060}},
		Backends:   map[string]richtypes.Backend{"primary": {Weight: 9, Ports: []richtypes.Port{{Name: "grpc", Port: 9090}}}},
		Selectors:  map[string][]string{"zone": {"a", "b"}},
		PodLabels:  richtypes.Labels{"app": "w"},
		Args:       []string{"--verbose"},
		Schedule:   &richtypes.Schedule{Cron: "*/5 * * * *", Timeout: metav1.Duration{Duration: 90e9}},
		Affinity: &corev1.Affinity{NodeAffinity: &corev1.NodeAffinity{RequiredDuringSchedulingIgnoredDuringExecution: &corev1.NodeSelector{
			NodeSelectorTerms: []corev1.NodeSelectorTerm{{MatchExpressions: []corev1.NodeSelectorRequirement{{Key: "disk", Operator: corev1.NodeSelectorOpIn, Values: []string{"ssd"}}}}},
		}}},
		Resources:   corev1.ResourceRequirements{Limits: corev1.ResourceList{corev1.ResourceCPU: resource.MustParse("500m")}},
		Tolerations: []corev1.Toleration{{Key: "dedicated", Operator: corev1.TolerationOpExists}},
		ConfigRef:   &corev1.ObjectReference{Kind: "ConfigMap", Name: "cfg"},
		Selector:    &metav1.LabelSelector{MatchLabels: map[string]string{"app": "w"}},
		Checksum:    []byte{1, 2, 3},
	}
	if d := cmp.Diff(wantSpec, got.Spec, cmp.Comparer(func(a, b resource.Quantity) bool { return a.Cmp(b) == 0 }), cmpopts.IgnoreUnexported(richtypes.WorkloadSpec{})); d != "" {
		t.Fatalf("spec read back (-applied +stored):\n%s", d)
	}
	if got.Labels["team"] != "storage" {
		t.Fatalf("labels = %v", got.Labels)
	}

	now := metav1.Now().Rfc3339Copy()
	status := workloadac.Workload("w1", "default").WithStatus(workloadac.WorkloadStatus().
		WithObservedGeneration(got.Generation).
		WithReadyReplicas(2).
		WithEndpoints(map[string]string{"http": "10.0.0.1:80"}).
		WithConditions(metav1ac.Condition().WithType("Ready").WithStatus(metav1.ConditionTrue).
			WithReason("Up").WithMessage("all replicas ready").WithLastTransitionTime(now).WithObservedGeneration(got.Generation)))
	if err := k8s.Status().Apply(ctx, status, client.FieldOwner("status-owner"), client.ForceOwnership); err != nil {
		t.Fatalf("Status().Apply: %v", err)
	}
	if err := k8s.Get(ctx, client.ObjectKey{Namespace: "default", Name: "w1"}, &got); err != nil {
		t.Fatal(err)
	}
	wantStatus := richtypes.WorkloadStatus{
		ObservedGeneration: got.Generation,
		ReadyReplicas:      2,
		Endpoints:          map[string]string{"http": "10.0.0.1:80"},
		Conditions: []metav1.Condition{{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Up", Message: "all replicas ready",
			LastTransitionTime: now, ObservedGeneration: got.Generation}},
	}
	if d := cmp.Diff(wantStatus, got.Status); d != "" {
		t.Fatalf("status read back (-applied +stored):\n%s", d)
	}
	managers := map[string]string{}
	for _, mf := range got.ManagedFields {
		managers[mf.Manager+"/"+mf.Subresource] = string(mf.Operation)
	}
	if managers["spec-owner/"] != "Apply" || managers["status-owner/status"] != "Apply" {
		t.Fatalf("managed fields = %v, want Apply by spec-owner and by status-owner on status", managers)
	}
}

// TestApplyClusterScoped applies a cluster-scoped kind through its one-argument
// constructor.
func TestApplyClusterScoped(t *testing.T) {
	ctx := context.Background()
	h := harborac.Harbor("north").WithSpec(harborac.HarborSpec().WithBerths(12))
	if err := k8s.Apply(ctx, h, client.FieldOwner("fleet"), client.ForceOwnership); err != nil {
		t.Fatalf("Apply: %v", err)
	}
	var got multikind.Harbor
	if err := k8s.Get(ctx, client.ObjectKey{Name: "north"}, &got); err != nil {
		t.Fatal(err)
	}
	if got.Spec.Berths != 12 || got.Namespace != "" {
		t.Fatalf("got %+v", got)
	}
	if err := k8s.Status().Apply(ctx, harborac.Harbor("north").WithStatus(harborac.HarborStatus().WithDocked(3)), client.FieldOwner("fleet")); err != nil {
		t.Fatalf("Status().Apply: %v", err)
	}
	if err := k8s.Get(ctx, client.ObjectKey{Name: "north"}, &got); err != nil {
		t.Fatal(err)
	}
	if got.Status.Docked != 3 {
		t.Fatalf("status = %+v", got.Status)
	}
}

func ptr[T any](v T) *T { return &v }
