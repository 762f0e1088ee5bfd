package manifests

import (
	flowcontrolv1 "k8s.io/api/flowcontrol/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
)

// APF returns the API Priority and Fairness objects of the operator whose
// ServiceAccount is serviceAccount in namespace, the objects named after name:
//
//   - a PriorityLevelConfiguration <name> of its own (Limited, 10 nominal shares, half
//     of them lendable, requests queued rather than rejected), so a misbehaving
//     operator queues behind its own share instead of crowding out the workload-low
//     level every ServiceAccount shares by default;
//   - a FlowSchema <name> routing every request of the ServiceAccount there,
//     distinguished by user;
//   - a FlowSchema <name>-leader-election that keeps its lease renewals on the built-in
//     leader-election level, so a queue of reconcile traffic can never cost the
//     operator its leadership.
func APF(name, serviceAccount, namespace string) (*flowcontrolv1.PriorityLevelConfiguration, []*flowcontrolv1.FlowSchema) {
	subject := flowcontrolv1.Subject{
		Kind:           flowcontrolv1.SubjectKindServiceAccount,
		ServiceAccount: &flowcontrolv1.ServiceAccountSubject{Name: serviceAccount, Namespace: namespace},
	}
	typeMeta := func(kind string) metav1.TypeMeta {
		return metav1.TypeMeta{APIVersion: flowcontrolv1.SchemeGroupVersion.String(), Kind: kind}
	}
	level := &flowcontrolv1.PriorityLevelConfiguration{
		TypeMeta:   typeMeta("PriorityLevelConfiguration"),
		ObjectMeta: metav1.ObjectMeta{Name: name},
		Spec: flowcontrolv1.PriorityLevelConfigurationSpec{
			Type: flowcontrolv1.PriorityLevelEnablementLimited,
			Limited: &flowcontrolv1.LimitedPriorityLevelConfiguration{
				NominalConcurrencyShares: ptr.To[int32](10),
				LendablePercent:          ptr.To[int32](50),
				LimitResponse: flowcontrolv1.LimitResponse{
					Type:    flowcontrolv1.LimitResponseTypeQueue,
					Queuing: &flowcontrolv1.QueuingConfiguration{Queues: 16, HandSize: 4, QueueLengthLimit: 50},
				},
			},
		},
	}
	schemas := []*flowcontrolv1.FlowSchema{
		{
			TypeMeta:   typeMeta("FlowSchema"),
			ObjectMeta: metav1.ObjectMeta{Name: name + "-leader-election"},
			Spec: flowcontrolv1.FlowSchemaSpec{
				PriorityLevelConfiguration: flowcontrolv1.PriorityLevelConfigurationReference{Name: "leader-election"},
				MatchingPrecedence:         900,
				DistinguisherMethod:        &flowcontrolv1.FlowDistinguisherMethod{Type: flowcontrolv1.FlowDistinguisherMethodByUserType},
				Rules: []flowcontrolv1.PolicyRulesWithSubjects{{
					Subjects: []flowcontrolv1.Subject{subject},
					ResourceRules: []flowcontrolv1.ResourcePolicyRule{{
						Verbs: []string{"get", "create", "update"}, APIGroups: []string{"coordination.k8s.io"},
						Resources: []string{"leases"}, Namespaces: []string{flowcontrolv1.NamespaceEvery},
					}},
				}},
			},
		},
		{
			TypeMeta:   typeMeta("FlowSchema"),
			ObjectMeta: metav1.ObjectMeta{Name: name},
			Spec: flowcontrolv1.FlowSchemaSpec{
				PriorityLevelConfiguration: flowcontrolv1.PriorityLevelConfigurationReference{Name: name},
				MatchingPrecedence:         1000,
				DistinguisherMethod:        &flowcontrolv1.FlowDistinguisherMethod{Type: flowcontrolv1.FlowDistinguisherMethodByUserType},
				Rules: []flowcontrolv1.PolicyRulesWithSubjects{{
					Subjects: []flowcontrolv1.Subject{subject},
					ResourceRules: []flowcontrolv1.ResourcePolicyRule{{
						Verbs: []string{flowcontrolv1.VerbAll}, APIGroups: []string{flowcontrolv1.APIGroupAll},
						Resources: []string{flowcontrolv1.ResourceAll}, ClusterScope: true,
						Namespaces: []string{flowcontrolv1.NamespaceEvery},
					}},
					NonResourceRules: []flowcontrolv1.NonResourcePolicyRule{{
						Verbs: []string{flowcontrolv1.VerbAll}, NonResourceURLs: []string{flowcontrolv1.NonResourceAll},
					}},
				}},
			},
		},
	}
	return level, schemas
}
