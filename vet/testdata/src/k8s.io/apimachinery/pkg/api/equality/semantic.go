// Package equality is a stub of k8s.io/apimachinery/pkg/api/equality for analysistest.
package equality

import "k8s.io/apimachinery/pkg/conversion"

var Semantic = conversion.EqualitiesOrDie()
