package apf

import (
	"fmt"
	"path"

	flowcontrolv1 "k8s.io/api/flowcontrol/v1"
	flowcontrolv1ac "k8s.io/client-go/applyconfigurations/flowcontrol/v1"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator/contract"
)

// FileName is the manifest's name in Options.APFDir.
const FileName = "apf.yaml"

// Generator is the APF manifest generator.
type Generator struct{}

// Name implements contract.Generator.
func (Generator) Name() string { return "apf" }

// Claims implements contract.Generator.
func (Generator) Claims(ctx *contract.Context) []artifact.Claim {
	return []artifact.Claim{{Dir: ctx.APFDir, Match: FileName}}
}

// Generate implements contract.Generator.
func (Generator) Generate(ctx *contract.Context) ([]artifact.File, error) {
	// The operator runs as its ServiceAccount whenever it has a main, reconcilers or not.
	if !ctx.Wired {
		return nil, nil
	}
	name := ctx.ProjectName
	// client-go's apply configurations: every field omitempty, so the manifests hold
	// what is set here and nothing else (no creationTimestamp, no status).
	subject := func() *flowcontrolv1ac.SubjectApplyConfiguration {
		return flowcontrolv1ac.Subject().WithKind(flowcontrolv1.SubjectKindServiceAccount).
			WithServiceAccount(flowcontrolv1ac.ServiceAccountSubject().
				WithName(name + "-controller-manager").WithNamespace(name + "-system"))
	}
	byUser := flowcontrolv1ac.FlowDistinguisherMethod().WithType(flowcontrolv1.FlowDistinguisherMethodByUserType)
	docs := []any{
		flowcontrolv1ac.PriorityLevelConfiguration(name).WithSpec(flowcontrolv1ac.PriorityLevelConfigurationSpec().
			WithType(flowcontrolv1.PriorityLevelEnablementLimited).
			WithLimited(flowcontrolv1ac.LimitedPriorityLevelConfiguration().
				WithNominalConcurrencyShares(10).
				WithLendablePercent(50).
				WithLimitResponse(flowcontrolv1ac.LimitResponse().
					WithType(flowcontrolv1.LimitResponseTypeQueue).
					WithQueuing(flowcontrolv1ac.QueuingConfiguration().WithQueues(16).WithHandSize(4).WithQueueLengthLimit(50))))),
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
	content, err := artifact.YAML{Stream: true}.Marshal(docs...)
	if err != nil {
		return nil, fmt.Errorf("apf: %w", err)
	}
	return []artifact.File{{Path: path.Join(ctx.APFDir, FileName), Content: content}}, nil
}
