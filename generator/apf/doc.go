// Package apf generates config/apf/apf.yaml once any kind has +opguard:reconciler: the
// API Priority and Fairness objects that tune the API server's side for the operator's
// ServiceAccount (<project>-controller-manager in <project>-system, the names
// kubebuilder's kustomize layout gives it):
//
//   - a PriorityLevelConfiguration <project> of its own (Limited, 10 nominal shares,
//     half of them lendable, requests queued rather than rejected), so a misbehaving
//     operator queues behind its own share instead of crowding out the
//     workload-low level every ServiceAccount shares by default;
//   - a FlowSchema <project> routing every request of the ServiceAccount there,
//     distinguished by user;
//   - a FlowSchema <project>-leader-election that keeps its lease renewals on the
//     built-in leader-election level, so a queue of reconcile traffic can never cost
//     the operator its leadership.
//
// The objects are manifests.APF's, which the Helm chart templates too.
package apf
