// Package conditions is a stub of sigs.k8s.io/cluster-api/util/conditions for
// analysistest: functions that test and set a condition of the object they are handed.
package conditions

import "sigs.k8s.io/controller-runtime/pkg/client"

func IsTrue(from client.Object, t string) bool  { return false }
func IsFalse(from client.Object, t string) bool { return false }

func MarkTrue(to client.Object, t string)                 {}
func MarkFalse(to client.Object, t string, reason string) {}
func Delete(to client.Object, t string)                   {}
