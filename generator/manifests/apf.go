package manifests

import (
	flowcontrolv1 "k8s.io/api/flowcontrol/v1"
	flowcontrolv1ac "k8s.io/client-go/applyconfigurations/flowcontrol/v1"
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
func APF(name, serviceAccount, namespace string) (*flowcontrolv1ac.PriorityLevelConfigurationApplyConfiguration, []*flowcontrolv1ac.FlowSchemaApplyConfiguration) {
	// client-go's apply configurations: every field omitempty, so the manifests hold
	// what is set here and nothing else (no creationTimestamp, no status).
	subject := func() *flowcontrolv1ac.SubjectApplyConfiguration {
		return flowcontrolv1ac.Subject().WithKind(flowcontrolv1.SubjectKindServiceAccount).
			WithServiceAccount(flowcontrolv1ac.ServiceAccountSubject().WithName(serviceAccount).WithNamespace(namespace))
	}
	byUser := flowcontrolv1ac.FlowDistinguisherMethod().WithType(flowcontrolv1.FlowDistinguisherMethodByUserType)
	level := flowcontrolv1ac.PriorityLevelConfiguration(name).WithSpec(flowcontrolv1ac.PriorityLevelConfigurationSpec().
		WithType(flowcontrolv1.PriorityLevelEnablementLimited).
		WithLimited(flowcontrolv1ac.LimitedPriorityLevelConfiguration().
			WithNominalConcurrencyShares(10).
			WithLendablePercent(50).
			WithLimitResponse(flowcontrolv1ac.LimitResponse().
				WithType(flowcontrolv1.LimitResponseTypeQueue).
				WithQueuing(flowcontrolv1ac.QueuingConfiguration().WithQueues(16).WithHandSize(4).WithQueueLengthLimit(50)))))
	schemas := []*flowcontrolv1ac.FlowSchemaApplyConfiguration{
		flowcontrolv1ac.FlowSchema(name + "-leader-election").WithSpec(flowcontrolv1ac.FlowSchemaSpec().
			WithPriorityLevelConfiguration(flowcontrolv1ac.PriorityLevelConfigurationReference().WithName("leader-election")).
			WithMatchingPrecedence(900).
			WithDistinguisherMethod(byUser).
			WithRules(flowcontrolv1ac.PolicyRulesWithSubjects().
				WithSubjects(subject()).
				WithResourceRules(flowcontrolv1ac.ResourcePolicyRule().
					WithVerbs("get", "create", "update").WithAPIGroups("coordination.k8s.io").
					WithResources("leases").WithNamespaces(flowcontrolv1.NamespaceEvery)))),
		flowcontrolv1ac.FlowSchema(name).WithSpec(flowcontrolv1ac.FlowSchemaSpec().
			WithPriorityLevelConfiguration(flowcontrolv1ac.PriorityLevelConfigurationReference().WithName(name)).
			WithMatchingPrecedence(1000).
			WithDistinguisherMethod(byUser).
			WithRules(flowcontrolv1ac.PolicyRulesWithSubjects().
				WithSubjects(subject()).
				WithResourceRules(flowcontrolv1ac.ResourcePolicyRule().
					WithVerbs(flowcontrolv1.VerbAll).WithAPIGroups(flowcontrolv1.APIGroupAll).
					WithResources(flowcontrolv1.ResourceAll).WithClusterScope(true).
					WithNamespaces(flowcontrolv1.NamespaceEvery)).
				WithNonResourceRules(flowcontrolv1ac.NonResourcePolicyRule().
					WithVerbs(flowcontrolv1.VerbAll).WithNonResourceURLs(flowcontrolv1.NonResourceAll)))),
	}
	return level, schemas
}
