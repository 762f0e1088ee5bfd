package apf

import (
	"bytes"
	"fmt"
	"path"

	flowcontrolv1 "k8s.io/api/flowcontrol/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/yaml"

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
	subject := flowcontrolv1.Subject{
		Kind: flowcontrolv1.SubjectKindServiceAccount,
		ServiceAccount: &flowcontrolv1.ServiceAccountSubject{
			Name: name + "-controller-manager", Namespace: name + "-system",
		},
	}
	typeMeta := func(kind string) metav1.TypeMeta {
		return metav1.TypeMeta{APIVersion: flowcontrolv1.SchemeGroupVersion.String(), Kind: kind}
	}
	objs := []any{
		flowcontrolv1.PriorityLevelConfiguration{
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
		},
		flowcontrolv1.FlowSchema{
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
		flowcontrolv1.FlowSchema{
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
	var b bytes.Buffer
	b.WriteString(artifact.YAMLHeader + "\n")
	for _, o := range objs {
		y, err := yaml.Marshal(o)
		if err != nil {
			return nil, fmt.Errorf("apf: %w", err)
		}
		b.WriteString("---\n")
		y = bytes.Replace(y, []byte("  creationTimestamp: null\n"), nil, 1)
		b.Write(bytes.Replace(y, []byte("status: {}\n"), nil, 1))
	}
	return []artifact.File{{Path: path.Join(ctx.APFDir, FileName), Content: b.Bytes()}}, nil
}
