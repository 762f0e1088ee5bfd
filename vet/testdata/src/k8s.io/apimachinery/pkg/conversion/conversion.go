// Package conversion is a stub of k8s.io/apimachinery/pkg/conversion for analysistest.
package conversion

type Equalities struct{}

func EqualitiesOrDie(funcs ...interface{}) Equalities { return Equalities{} }

func (e Equalities) DeepEqual(a1, a2 interface{}) bool      { return false }
func (e Equalities) DeepDerivative(a1, a2 interface{}) bool { return false }
